"""Speed and size of Ikusa's maps (issue 13): every player's map of a busy 5-player round, as SVG and PNG.

    .venv/bin/python benchmarks/ikusa_maps.py [--games N]

Plays 5-player games of computer players in memory (as pbem resolves them) and, for each round with 20 or
more battles, draws the five players' maps from the views and events their reports are made of: the model,
the SVG from the template, the PNG from the SVG. Prints the median time of the five maps together (wall time
and process time: the machine is shared) against the target, as pbem draws them (a PNG already drawn for the
same SVG is not drawn again) and with every PNG drawn afresh, how many distinct SVGs a round has, and the
sizes. Asserts nothing.
"""
from __future__ import annotations

import hashlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import dice as dice_module  # noqa: E402
from engine.dice import Dice  # noqa: E402
from engine.events import for_player  # noqa: E402
from engine.game import players_to_order  # noqa: E402
from games import get  # noqa: E402
from games.ikusa.picture import map_model  # noqa: E402
from pbem import pictures, render  # noqa: E402

NAMES = ["p1", "p2", "p3", "p4", "p5"]
TARGET_MS = 250
BUSY = 20   # battles in a round


def busy_rounds(seed: int, rounds: int = 40):
    """(state, events) after each round of a computer game with at least BUSY battles."""
    game = get("ikusa")
    secret = hashlib.sha256(f"maps {seed}".encode()).digest()
    state, _ = game.setup(NAMES, {}, Dice.for_round(dice_module.round_seed(secret, 0), {}))
    for number in range(1, rounds + 1):
        if game.is_over(state):
            return
        orders = {p: game.computer_orders(game.view(state, p), p) for p in players_to_order(game, state, NAMES)}
        state, events = game.resolve(state, orders, Dice.for_round(dice_module.round_seed(secret, number), {}))
        if sum(1 for ev in events if ev["kind"] == "battle_started") >= BUSY:
            yield state, events


def draw_all(seen: dict, fresh: bool) -> tuple[list[str], list[bytes]]:
    """Every player's map from (view, events) as the report has them already."""
    svgs, pngs = [], []
    if fresh:
        pictures.svg_to_png.cache_clear()
    for player in NAMES:
        model = map_model(*seen[player], player)
        svg = render.render("ikusa/map.svg.j2", m=model)
        svgs.append(svg)
        pngs.append(pictures.svg_to_png.__wrapped__(svg) if fresh else pictures.svg_to_png(svg))
    return svgs, pngs


def timed(seen: dict, fresh: bool) -> tuple[float, float, list[str], list[bytes]]:
    began, cpu = time.perf_counter(), time.process_time()
    svgs, pngs = draw_all(seen, fresh)
    return time.perf_counter() - began, time.process_time() - cpu, svgs, pngs


def main() -> None:
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 2
    game = get("ikusa")
    rounds = [{p: (game.view(state, p), for_player(events, p)) for p in NAMES}
              for seed in range(games) for state, events in busy_rounds(seed)]
    if not rounds:
        print("no round with", BUSY, "or more battles")
        return
    draw_all(rounds[0], fresh=True)   # templates compiled, shapes and fonts loaded
    fresh, cached, distinct, svg_sizes, png_sizes, svg_times = [], [], [], [], [], []
    for seen in rounds:
        wall, cpu, svgs, pngs = timed(seen, fresh=True)
        fresh.append((wall, cpu))
        pictures.svg_to_png.cache_clear()
        wall, cpu, svgs, pngs = timed(seen, fresh=False)
        cached.append((wall, cpu))
        distinct.append(len(set(svgs)))
        svg_sizes += [len(s.encode("utf-8")) for s in svgs]
        png_sizes += [len(p) for p in pngs]
        cpu = time.process_time()
        for player in NAMES:
            render.render("ikusa/map.svg.j2", m=map_model(*seen[player], player))
        svg_times.append(time.process_time() - cpu)
    ms = lambda values: statistics.median(values) * 1000  # noqa: E731
    print(f"{len(rounds)} rounds with {BUSY} or more battles, 5 players, from {games} computer games")
    print(f"five maps (SVG and PNG), as pbem draws them: median {ms(w for w, _ in cached):.0f} ms "
          f"(process time {ms(c for _, c in cached):.0f} ms; target {TARGET_MS} ms); "
          f"distinct SVGs a round: median {statistics.median(distinct):.0f}, max {max(distinct)}")
    print(f"five maps with every PNG drawn afresh: median {ms(w for w, _ in fresh):.0f} ms "
          f"(process time {ms(c for _, c in fresh):.0f} ms)")
    print(f"the five SVGs alone (model and template): median {ms(svg_times):.0f} ms process time")
    print(f"SVG: median {statistics.median(svg_sizes) / 1000:.1f} KB, max {max(svg_sizes) / 1000:.1f} KB; "
          f"PNG: median {statistics.median(png_sizes) / 1000:.1f} KB, max {max(png_sizes) / 1000:.1f} KB")


if __name__ == "__main__":
    main()
