"""How long Ninjato takes: the computer's orders, a round's resolution, and the check of the heaviest order file a
player may send (3 shuriken of 8 raids each, every one with its own Banzai policy and all six skills a ninja may
name, which the forecast gives exact odds for). Prints the figures; asserts nothing.

    .venv/bin/python benchmarks/ninjato.py [--games N]

Whole four-player games played in memory with the game's own setup and resolve, seeded dice and a hidden stream
per game, each player given the computer's orders from its own view; the heavy order file is checked for every
player at the start of every round, and once more for a ninja holding seven cards and six skills of every effect.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dice import Dice, hidden_stream  # noqa: E402
from engine.game import resolve_round, setup_game  # noqa: E402
from games.ninjato import GAME, components  # noqa: E402
from games.ninjato.orders import MAX_ACTIONS  # noqa: E402
from games.ninjato.preparation import HOUSES  # noqa: E402
from games.ninjato.rounds import SHURIKEN  # noqa: E402

PLAYERS = ["akiko", "benkei", "chiyo", "daisuke"]


def heavy_body(skills: list[str]) -> dict:
    """The most raids an order file may hold, each placement with a Banzai policy of its own."""
    return {"shuriken": [{"banzai": {"chance": 10 + 7 * i, "guards": 40}, "actions": [
        {"do": "raid", "house": HOUSES[(i + k) % len(HOUSES)], "approach": ("strength", "stealth")[(i + k) % 2],
         **({"skills": skills} if skills else {})} for k in range(MAX_ACTIONS)]} for i in range(SHURIKEN)]}


def timed(function, *args, **keywords):
    start = time.perf_counter()
    result = function(*args, **keywords)
    return result, time.perf_counter() - start


def whole_games(count: int) -> dict[str, list[float]]:
    times = {"computer": [], "resolve": [], "check": []}
    for game in range(count):
        stream = hidden_stream(b"benchmark decks %d" % game)
        state, _ = setup_game(GAME, PLAYERS, {}, Dice(b"benchmark setup %d" % game), stream)
        number = 0
        while not GAME.is_over(state):
            number += 1
            for player in PLAYERS:
                seen = GAME.view(state, player)
                body = heavy_body(sorted(t["id"] for t in seen["ninja"][player]["skills"]))
                times["check"].append(timed(GAME.check_orders, state, player, body)[1])
            orders = {}
            for player in PLAYERS:
                orders[player], spent = timed(GAME.computer_orders, GAME.view(state, player), player)
                times["computer"].append(spent)
            (state, _), spent = timed(resolve_round, GAME, state, orders, Dice(b"round %d %d" % (game, number)),
                                      stream=stream)
            times["resolve"].append(spent)
    return times


def skilled_check() -> float:
    """A ninja with seven cards and six skills, one of every effect and two of the value skills."""
    stream = hidden_stream(b"benchmark skilled")
    state, _ = setup_game(GAME, PLAYERS[:2], {}, Dice(b"benchmark skilled"), stream)
    data = components.load()
    chosen: list[dict] = []
    for tile in data["skills"] + data["hensojutsu"]:
        effects = [t["effect"] for t in chosen]
        if tile["effect"] not in effects or (tile["effect"] == "value" and effects.count("value") < 2):
            chosen.append({**tile, "used": False})
    ninja = state["ninja"][PLAYERS[0]]
    ninja["skills"], ninja["hand"] = chosen[:6], [1, 2, 3, 3, 4, 5, 5]
    body = heavy_body([t["id"] for t in ninja["skills"]])
    checked, spent = timed(GAME.check_orders, state, PLAYERS[0], body)
    assert checked.accepted, checked.problems
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    times = whole_games(args.games)
    print(f"{args.games} four-player games of Ninjato, seeded")
    for name, what in (("computer", "the computer's orders, per player and round"),
                       ("resolve", "a round's resolution"),
                       ("check", "the heaviest order file checked, with its forecast")):
        spent = times[name]
        print(f"  {what}: median {statistics.median(spent) * 1000:.0f} ms, longest {max(spent) * 1000:.0f} ms "
              f"({len(spent)} measured)")
    print(f"  the heaviest order file of a ninja with seven cards and six skills: {skilled_check():.2f} s")


if __name__ == "__main__":
    main()
