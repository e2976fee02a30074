"""Ikusa's battery of reports: seeded games of 2 to 5 players played through the game's own functions (setup,
placement, rounds, the computer player's orders varied by harness.varied_orders and by orders the computer
never gives: castles and fortresses, attacks that cannot be made, moves that go nowhere, levies and ronin sent
where they cannot go, files left out), each player's report model of every round, and the sentences
templates/ikusa/events.txt.j2 has."""
from __future__ import annotations

import random

from engine import Dice
from engine.canonical import copy_plain
from games import get
from pbem import door, render
from tests.ikusa.harness import varied_orders

GAME = get("ikusa")
NAMES = ("ann", "bob", "cho", "dan", "eve")
# (players, options, seed, rounds after the placement)
BATTERY = ((2, {}, 1, 6), (3, {}, 2, 6), (3, {"quick": True}, 3, 5), (4, {}, 4, 5), (4, {"quick": True}, 5, 5),
           (5, {}, 6, 4), (5, {"quick": True, "victory_check": "end_of_round"}, 7, 4), (3, {}, 8, 8))


def model(state, events, number, player):
    return door.report_model(campaign="battery", game=GAME, round_number=number, player=player, state=state,
                             events=events, dice={"seed": "00", "commitment": "00", "nonces": {}, "rolls": []},
                             next_commitment=None, deadline=None, defaulted=[], rerun=None)


def sections_of(state, body):
    if len(state["players"]) == 2:
        return [section for section in body.values() if isinstance(section, dict)]
    return [body]


def mischief(state, player, body, rng):
    """The computer's orders with a few that cannot all be carried out."""
    provinces = sorted(state["provinces"])
    armies = sorted(state["armies"])
    for section in sections_of(state, body):
        war = section.setdefault("war", {})
        roll = rng.random()
        if roll < 0.25:
            war.setdefault("battles", []).append({"army": rng.choice(armies), "target": rng.choice(provinces),
                                                   "after_win": rng.choice(["stay", "advance", "advance_and_stop"])})
        elif roll < 0.45:
            war.setdefault("battles", []).append({"province": rng.choice(provinces), "target": rng.choice(provinces)})
        elif roll < 0.6:
            war.setdefault("moves", []).append({"army": rng.choice(armies), "path": rng.sample(provinces, 2)})
        elif roll < 0.7:
            war.setdefault("final_moves", []).append({"province": rng.choice(provinces), "to": rng.choice(provinces),
                                                       "units": {"spearman": rng.randint(1, 3)}})
        boxes = section.get("planning")
        if isinstance(boxes, dict) and rng.random() < 0.3 and boxes.get("levy", 0) >= 2:
            boxes["levy"] -= 2
            boxes["build"] = 2
            section["levy"] = None if not boxes["levy"] else section.get("levy")
            section["build"] = {"kind": rng.choice(["castle", "fortress"]), "province": rng.choice(provinces)}
        if isinstance(section.get("levy"), dict) and rng.random() < 0.3:
            section["levy"]["units"].append({"unit": rng.choice(["daimyo", "archer", "spearman"]),
                                             "to": rng.choice(provinces + armies)})
        if rng.random() < 0.05:
            section["planning"] = {"levy": 99}
    return body


def orders_for(state, rng):
    orders = {}
    for player in state["players"]:
        if rng.random() < 0.08:
            continue   # no file: the defaults
        if state["phase"] == "placement":
            body = GAME.computer_orders(GAME.view(state, player), player)
            if rng.random() < 0.3:
                for section in sections_of(state, body):
                    section["armies"] = [rng.choice(sorted(state["provinces"])), "Nowhere"]
            orders[player] = body
            continue
        body = GAME.computer_orders(GAME.view(state, player), player)
        body = varied_orders(state, player, body, rng) or body
        orders[player] = mischief(state, player, copy_plain(body), rng)
    return orders


def played(games=BATTERY):
    """(game, state, events, campaign round, player) for every player of every round of these seeded games."""
    for count, options, seed, rounds in games:
        rng = random.Random(seed)
        players = list(NAMES[:count])
        state, events = GAME.setup(players, options, Dice(f"battery {seed} setup".encode()))
        for number in range(rounds + 2):
            if number:
                state, events = GAME.resolve(state, orders_for(state, rng), Dice(f"battery {seed} {number}".encode()))
            for player in players:
                yield f"{count} players seed {seed}", state, events, number, player
            if state["over"]:
                break


def battery():
    """Every player's report of every round of the battery's games: (game, round, player, model, text)."""
    for game, state, events, number, player in played():
        shown = model(state, events, number, player)
        yield game, number, player, shown, render.render_text(shown)


def sentences_for(shown) -> dict:
    """The kinds events.txt.j2 has a sentence for (its table, read with a report model)."""
    module = render._env().get_template("ikusa/events.txt.j2").make_module({"r": shown})
    return module.sentences
