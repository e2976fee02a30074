"""Speed figures for the Age of War pipeline (issue 2). Prints them; asserts nothing.

    .venv/bin/python benchmarks/age_of_war.py

- a 6-player round resolved with every report written (median, in one process);
- `pbem status` from a cold start (a new interpreter each time, median);
- the exact odds of all 14 castles with and without a steal, computed in a new process.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem import clock  # noqa: E402
from pbem.campaign import Player  # noqa: E402
from pbem.create import new_campaign  # noqa: E402
from pbem.orders import Submission, store  # noqa: E402
from pbem.rounds import resolve  # noqa: E402

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def six_player_rounds(folder: Path, rounds: int = 60) -> list[float]:
    """Resolve `rounds` rounds of 6-player games (new games as they end), timing each resolution."""
    names = ["p1", "p2", "p3", "p4", "p5", "p6"]
    times: list[float] = []
    game = 0
    while len(times) < rounds:
        game += 1
        with clock.frozen_at(START):
            camp = new_campaign(folder / f"game{game}", game_name="age-of-war", gm="gm@bench.invalid",
                                players=[Player(n, f"{n}@bench.invalid") for n in names],
                                secret=bytes([game]) * 32)
        while not camp.is_over() and len(times) < rounds:
            number = camp.open_round
            with clock.frozen_at(START + timedelta(days=number)):
                state = camp.state()
                for name in names:
                    store(camp, Submission(name, number, camp.game.computer_orders(state, name)), "bench")
                began = time.perf_counter()
                resolve(camp)
                times.append(time.perf_counter() - began)
    return times


def cold_status(folder: Path, runs: int = 10) -> list[float]:
    pbem = Path(sys.executable).parent / "pbem"
    command = [str(pbem)] if pbem.exists() else [sys.executable, "-m", "pbem"]
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run(command + ["status", str(folder)], check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - began)
    return times


ODDS = """
import time
began = time.perf_counter()
from games.age_of_war import cards, solver
for name in cards.castle_names():
    for steal in (False, True):
        solver.odds(name, steal=steal)
print(time.perf_counter() - began)
"""


def cold_odds() -> float:
    done = subprocess.run([sys.executable, "-c", ODDS], check=True, capture_output=True, text=True, cwd=ROOT)
    return float(done.stdout)


def main() -> None:
    if Path("/dev/shm").is_dir():
        with tempfile.TemporaryDirectory(dir="/dev/shm") as tmp:
            rounds = six_player_rounds(Path(tmp) / "bench")
        print(f"  the same in memory (tmpfs), the disk left out: median {statistics.median(rounds) * 1000:.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        rounds = six_player_rounds(folder)
        print(f"6-player round resolved, reports written: median {statistics.median(rounds) * 1000:.1f} ms "
              f"over {len(rounds)} rounds (max {max(rounds) * 1000:.1f} ms)   target <= 50 ms")
        status = cold_status(folder / "game1")
        print(f"pbem status, cold start:                  median {statistics.median(status) * 1000:.0f} ms "
              f"over {len(status)} runs   target <= 300 ms")
    print(f"odds of 14 castles, with and without steal: {cold_odds() * 1000:.0f} ms in a new process"
          "   target <= 1000 ms")


if __name__ == "__main__":
    main()
