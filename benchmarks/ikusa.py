"""Speed figures for Ikusa (issues 3 and 12). Prints them; asserts nothing.

    .venv/bin/python benchmarks/ikusa.py [--quick]

- a 5-player round of computer players resolved with every report, page, picture (SVG and PNG)
  and order form written, and how much of it went to the pictures (the
  median over the rounds of several games, with the number of battles each), in wall time and in
  process time (the machine is shared, and wall time counts the others' work too); the rounds
  with 20 or more battles are the ones the target is for (--quick: two games, no long replay);
- `pbem replay` of a 100-round campaign (5 players on default orders, so no battles,
  which makes the rounds cheap) and the replay rate of battle-heavy computer games.
Exact odds: see benchmarks/ikusa_odds.py.
"""
from __future__ import annotations

import hashlib
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game import players_to_order  # noqa: E402
from pbem import clock, render  # noqa: E402
from pbem import rounds as rounds_module  # noqa: E402
from pbem.campaign import Player  # noqa: E402
from pbem.create import new_campaign  # noqa: E402
from pbem.history import replay  # noqa: E402
from pbem.orders import Submission, store  # noqa: E402
from pbem.rounds import resolve  # noqa: E402

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
NAMES = ["p1", "p2", "p3", "p4", "p5"]


class PictureTime:
    """The process time spent drawing the players' pictures (model, SVG template, PNG), summed while inside."""

    def __init__(self) -> None:
        self.spent = 0.0

    def timed(self, function):
        def measured(*args):
            began = time.process_time()
            try:
                return function(*args)
            finally:
                self.spent += time.process_time() - began

        return measured

    def __enter__(self):
        self.real = render.render_picture, rounds_module.svg_to_png
        render.render_picture, rounds_module.svg_to_png = self.timed(self.real[0]), self.timed(self.real[1])
        return self

    def __exit__(self, *_):
        render.render_picture, rounds_module.svg_to_png = self.real


def play(folder: Path, seed: int, rounds: int, computer: bool) -> tuple[object, list[tuple[float, float, int]]]:
    with clock.frozen_at(START):
        camp = new_campaign(folder, game_name="ikusa", gm="gm@bench.invalid",
                            players=[Player(n, f"{n}@bench.invalid") for n in NAMES],
                            secret=hashlib.sha256(f"bench {seed}".encode()).digest())
    timings = []
    while not camp.is_over() and camp.last_round < rounds:
        number = camp.open_round
        with clock.frozen_at(START + timedelta(days=number)):
            state = camp.state()
            for name in players_to_order(camp.game, state, NAMES):
                orders = camp.game.computer_orders(state, name) if computer else {}
                store(camp, Submission(name, number, orders), "bench")
            began, cpu = time.perf_counter(), time.process_time()
            with PictureTime() as pictures:
                resolve(camp, force=True)
            elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
        events = camp.read_json(number, "events.json")
        timings.append((elapsed, cpu, sum(1 for e in events if e["kind"] == "battle_started"), pictures.spent))
    return camp, timings


TARGET_MS = 100   # a round with 20 or more battles, every report and order form written (issue 12)


def main() -> None:
    quick = "--quick" in sys.argv
    with tempfile.TemporaryDirectory() as tmp:
        rounds = []
        replayed = []
        for seed in range(2 if quick else 4):
            camp, timings = play(Path(tmp) / f"game{seed}", seed, 60, computer=True)
            rounds += timings[1:]  # the placement round is not a round of war
            began, cpu = time.perf_counter(), time.process_time()
            assert replay(camp) == []
            replayed.append((time.perf_counter() - began, time.process_time() - cpu, camp.last_round))
        busy = [(t, cpu, drawing) for t, cpu, battles, drawing in rounds if battles >= 20]
        print(f"5-player computer rounds, resolved with reports, pages, pictures and order forms written: median "
              f"{statistics.median(t for t, _, _, _ in rounds) * 1000:.0f} ms "
              f"(process time {statistics.median(cpu for _, cpu, _, _ in rounds) * 1000:.0f} ms, of which the "
              f"pictures {statistics.median(d for _, _, _, d in rounds) * 1000:.0f} ms) "
              f"over {len(rounds)} rounds; "
              f"battles per round median {statistics.median(b for _, _, b, _ in rounds):.0f}, "
              f"max {max(b for _, _, b, _ in rounds)}")
        if busy:
            print(f"  rounds with 20 or more battles ({', '.join(str(r[2]) for r in rounds if r[2] >= 20)}): "
                  f"median {statistics.median(t for t, _, _ in busy) * 1000:.0f} ms "
                  f"(process time {statistics.median(cpu for _, cpu, _ in busy) * 1000:.0f} ms, of which the "
                  f"pictures {statistics.median(d for _, _, d in busy) * 1000:.0f} ms: the players' SVGs, and a PNG "
                  f"for each distinct one) over {len(busy)} rounds   target <= {TARGET_MS} ms")
        seconds, count = sum(t for t, _, _ in replayed), sum(n for _, _, n in replayed)
        cpu = sum(c for _, c, _ in replayed)
        print(f"replay of computer games: {count} rounds in {seconds:.1f} s (process time {cpu:.1f} s), "
              f"{seconds / count * 100:.1f} s per 100 rounds")
        if quick:
            return
        camp, _ = play(Path(tmp) / "long", 99, 100, computer=False)
        began, cpu = time.perf_counter(), time.process_time()
        assert replay(camp) == []
        print(f"replay of a {camp.last_round}-round campaign (default orders): "
              f"{time.perf_counter() - began:.1f} s (process time {time.process_time() - cpu:.1f} s)   "
              "target <= 20 s")


if __name__ == "__main__":
    main()
