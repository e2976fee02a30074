"""How well Ikusa's computer players play (issue 15, item 2). Prints the figures and their targets; asserts nothing.

    .venv/bin/python benchmarks/ikusa_players.py [--quick] [--games N] [--strategy NAME] [--against NAME]

Four-player games, one player of the candidate strategy (default "auto-v2") against three of today's
("auto-v1"), the candidate's seat rotated game by game: the candidate's win rate against the target 40%
(parity is 25%; a shared win counts its share), the games that hit the round cap, the game lengths, and
the time the candidate takes per player per round (median and longest) against the target 0.5 s.

Games are played in memory with the game's own setup and resolve and seeded dice (engine.dice.Dice.for_round,
one seed per game), each player given the orders of its strategy from its own view (game.view), so every run
prints the same figures but the times.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from games.ikusa import as_state, resolve, setup  # noqa: E402
from games.ikusa.players import AUTO_V1, AUTO_V2, STRATEGIES  # noqa: E402
from games.ikusa.view import view  # noqa: E402

CAP = 100  # rounds after which a game is called endless
SEATS = ("p1", "p2", "p3", "p4")


def dice(seed: str, number: int) -> Dice:
    """The dice of one round of one game: seeded by the game and the round."""
    return Dice.for_round(f"{seed} round {number}".encode())


def play(seed: str, strategies: dict[str, str], times: dict[str, list[float]]) -> tuple[int, list[str]]:
    """One game: its length in rounds (the placement round not counted) and its winners; each player's time per
    round is added to `times`."""
    state, _ = setup(list(SEATS), {}, dice(seed, 0))
    number = 0
    while not state["over"] and state["round"] < CAP:
        orders = {}
        for player in SEATS:
            seen = as_state(view(state, player))
            began = time.perf_counter()
            orders[player] = STRATEGIES[strategies[player]](seen, player)
            times[strategies[player]].append(time.perf_counter() - began)
        number += 1
        state, _ = resolve(state, orders, dice(seed, number))
    return state["round"], state["winners"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 games")
    parser.add_argument("--games", type=int, help="games (default 200)")
    parser.add_argument("--strategy", default=AUTO_V2, choices=sorted(STRATEGIES), help="the candidate (auto-v2)")
    parser.add_argument("--against", default=AUTO_V1, choices=sorted(STRATEGIES), help="the other three (auto-v1)")
    args = parser.parse_args()
    games = args.games or (40 if args.quick else 200)
    new, old = args.strategy, args.against
    times: dict[str, list[float]] = {name: [] for name in STRATEGIES}
    points, capped, lengths = 0.0, 0, []
    for game in range(games):
        seat = SEATS[game % len(SEATS)]
        strategies = {player: new if player == seat else old for player in SEATS}
        rounds, won = play(f"ikusa players {game}", strategies, times)
        lengths.append(rounds)
        capped += rounds >= CAP and not won
        if seat in won:
            points += 1 / len(won)
    rate = points / games
    print(f"{new} against three {old}, {games} four-player games, its seat rotated:")
    print(f"    {new} wins {rate:.1%}   target >= 40% (parity 25%)   {'met' if rate >= 0.40 else 'NOT MET'}")
    print(f"    games that hit the {CAP}-round cap: {capped}")
    print(f"    rounds per game: median {statistics.median(lengths):g}, longest {max(lengths)}")
    spent = times[new]
    longest = max(spent)
    print(f"    {new} per player per round: median {statistics.median(spent) * 1000:.0f} ms, "
          f"max {longest * 1000:.0f} ms over {len(spent)}   target <= 500 ms   "
          f"{'met' if longest <= 0.5 else 'NOT MET'}")


if __name__ == "__main__":
    main()
