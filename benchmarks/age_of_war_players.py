"""How well Age of War's computer players play (issue 15). Prints the figures and their targets; asserts nothing.

    .venv/bin/python benchmarks/age_of_war_players.py [--quick] [--games N] [--heads-up N] [--strategy NAME]

(a) all-computer games ("auto", that is "auto-v2", in every seat) per table size 2 to 6: the game-length
    distribution (median, 90th percentile, longest) against the targets (longest <= 60 rounds, median <= 15),
    and the medians if nobody ever stole, which no rule can beat (16 rounds heads-up: issue 15's 15 is out of reach);
(b) heads-up, "auto-v2" against the rule before it ("auto-v1"), over two-player games with the seats
    alternated: the new player's win rate against the target 55% (a shared win counts half);
(c) the time "auto-v2" takes per decision (median and longest) against the target 50 ms.

Games are played in memory with the game's own resolve and seeded dice (engine.dice.Dice.for_round,
one seed per game), so every run prints the same figures.
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
from games.age_of_war import resolve, setup, solver, targets  # noqa: E402
from games.age_of_war.cards import CASTLES  # noqa: E402

CAP = 1000  # rounds after which a game is called endless


def dice(seed: str, number: int) -> Dice:
    """The dice of one round of one game: seeded by the game and the round."""
    return Dice.for_round(f"{seed} round {number}".encode())


def play(players: list[str], seed: str, strategies: dict[str, str] | None = None) -> tuple[int, list[str]]:
    """One game: its length in rounds and its winners."""
    state, _ = setup(players, {}, dice(seed, 0))
    while not state["over"] and state["round"] < CAP:
        state, _ = resolve(state, {}, dice(seed, state["round"] + 1), strategies)
    return state["round"], state["winners"]


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def lengths(games: int, strategy: str) -> bool:
    ok = True
    print(f"(a) all-computer games of {strategy}, {games} per table size   targets: longest <= 60, median <= 15")
    for size in range(2, 7):
        players = [f"p{i}" for i in range(size)]
        every = {name: strategy for name in players}
        rounds = [play(players, f"length {size} {game}", every)[0] for game in range(games)]
        median, p90, longest = statistics.median(rounds), percentile(rounds, 0.9), max(rounds)
        met = longest <= 60 and median <= 15
        ok = ok and met
        print(f"    {size} players: median {median:g}, p90 {p90}, max {longest} rounds"
              f"   {'met' if met else 'NOT MET'}")
    return ok


def no_steal_bound() -> None:
    """The game-length distribution if nobody ever stole: every attempt at a centre castle, so the attempts
    are a sum of 14 geometric counts, one per castle at its exact chance, whatever the order. No rule can
    make games shorter than this, so it bounds the median any player can reach."""
    longest = 400
    attempts = [1.0] + [0.0] * longest
    for name in CASTLES:
        chance = float(solver.odds(name))
        after = [0.0] * (longest + 1)
        for done, share in enumerate(attempts):
            if share > 1e-18:
                miss = chance
                for more in range(1, longest + 1 - done):
                    after[done + more] += share * miss
                    miss *= 1 - chance
        attempts = after
    print("    if nobody ever stole (from the exact odds):", end="")
    for size in range(2, 7):
        rounds: dict[int, float] = {}
        for count, share in enumerate(attempts):
            rounds[-(-count // size)] = rounds.get(-(-count // size), 0.0) + share
        total, median = 0.0, None
        for length in sorted(rounds):
            total += rounds[length]
            if median is None and total >= 0.5:
                median = length
        print(f"  {size} players median {median}", end="")
    print("  (so a 2-player median of 15 cannot be reached)")


def heads_up(games: int) -> bool:
    points = 0.0
    for game in range(games):
        players = ["new", "old"] if game % 2 == 0 else ["old", "new"]
        _, won = play(players, f"heads-up {game}", {"new": targets.AUTO_V2, "old": targets.AUTO_V1})
        if "new" in won:
            points += 1 / len(won)
    rate = points / games
    print(f"(b) heads-up, auto-v2 against auto-v1, {games} games, seats alternated: auto-v2 wins {rate:.1%}"
          f"   target >= 55%   {'met' if rate >= 0.55 else 'NOT MET'}")
    return rate >= 0.55


def decision_times(games: int) -> bool:
    times: list[float] = []
    for game in range(games):
        size = 2 + game % 5
        players = [f"p{i}" for i in range(size)]
        seed = f"timing {game}"
        state, _ = setup(players, {}, dice(seed, 0))
        while not state["over"] and state["round"] < CAP:
            for player in players:
                began = time.perf_counter()
                targets.win_target(state, player)
                times.append(time.perf_counter() - began)
            state, _ = resolve(state, {}, dice(seed, state["round"] + 1), {p: targets.AUTO_V2 for p in players})
    longest = max(times)
    print(f"(c) auto-v2 per decision: median {statistics.median(times) * 1000:.2f} ms, max {longest * 1000:.2f} ms "
          f"over {len(times)} decisions   target <= 50 ms   {'met' if longest <= 0.05 else 'NOT MET'}")
    return longest <= 0.05


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 games per size and 200 heads-up games")
    parser.add_argument("--games", type=int, help="all-computer games per table size (default 1000)")
    parser.add_argument("--heads-up", type=int, help="heads-up games (default 2000)")
    parser.add_argument("--strategy", default=targets.AUTO_V2, choices=sorted(targets.STRATEGIES),
                        help="the rule every seat plays in (a) (default auto-v2)")
    args = parser.parse_args()
    games = args.games or (100 if args.quick else 1000)
    duel = args.heads_up or (200 if args.quick else 2000)
    lengths(games, args.strategy)
    no_steal_bound()
    heads_up(duel)
    decision_times(20 if args.quick else 100)


if __name__ == "__main__":
    main()
