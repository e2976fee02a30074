"""The setup ("Preparar"): turn order, honour, the houses with their sentries, clan tokens and treasures, the
Sensei's tiles, the Palace's Envoys, the Pavilion's Rumors and the Dojo.

Readings where the rulebook is silent:
- The houses are named house-1 to house-5; the setup's five clan tokens (Taira's 2 and 4, Minamoto's 2 and 4,
  Go-Shirakawa's 6) go to them in an order drawn with the round's dice, which is public at once.
- The Sensei shows as many skills as there are players, from the big stack; the Hensojutsu stack stays beside
  it (see sensei.py for when it is used).
- Honour starts at 0.
"""
from __future__ import annotations

from engine import event
from engine.dice import shuffle

from . import components, decks
from .errors import RuleError

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HOUSES = tuple(f"house-{n}" for n in range(1, 6))
ROUNDS = 7
TREASURES_PER_HOUSE = 3
HAND_AT_START = 4
DOJO_ROW = 3
PALACE_ROW = PAVILION_ROW = 4


def new_ninja() -> dict:
    return {"hand": [], "honour": 0, "treasures": [], "skills": [], "envoys": [], "rumors": [], "elites": []}


def plain(token: dict) -> dict:
    return {**token, "side": "plain"}


def _check_players(players: list[str]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("players-out-of-range", low=MIN_PLAYERS, high=MAX_PLAYERS, found=len(players))
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise RuleError("players-not-distinct")


def setup(players: list[str], options: dict, dice, stream) -> tuple[dict, list[dict]]:
    """A new game. `options` may hold "components" (data from components.load, e.g. of a GM's own file);
    `dice` are the round's dice, `stream` the hidden stream of the decks (see decks.py)."""
    _check_players(players)
    data = options.get("components") or components.load()
    state = {
        "game": "ninjato",
        # what is in the box is no secret: the guards' lists let a ninja work out what may come next
        "components": {"provisional": list(data["provisional"]), "highest_kind": data["highest_kind"],
                       "guards": list(data["guards"]), "elites": list(data["elites"]),
                       "clans": [{"id": clan, "colour": colour} for clan, colour in data.get("colours", {}).items()]},
        "players": list(players),
        "order": shuffle(dice, list(players), "turn order"),
        "round": 1,
        "turn": 0,
        "placements": [],
        "dojo_stack": [],
        "raid": None,
        "ninja": {player: new_ninja() for player in players},
        "hidden_stream": {"rolls": [dict(roll) for roll in stream.rolls]},
        "over": False,
        "winners": [],
    }
    state["decks"] = {name: decks.new_deck(data[name], name, stream)
                      for name in ("guards", "elites", "hensojutsu", "skills", "envoys", "rumors", "dojo")}
    state["decks"]["bag"] = decks.new_deck(data["treasures"], "bag", stream)
    tokens = shuffle(dice, [list(token) for token in components.SETUP_TOKENS], "clan tokens")
    state["clan_pile"] = {clan: list(values) for clan, values in data["clans"].items()}
    state["houses"] = {}
    for name, (clan, worth) in zip(HOUSES, tokens):
        state["clan_pile"][clan].remove(worth)
        state["houses"][name] = {
            "clan": clan, "worth": worth, "closed": False,
            "sentry": decks.draw(state, "guards", stream),
            "treasures": [plain(t) for t in decks.draw_many(state, "bag", TREASURES_PER_HOUSE, stream)],
        }
    state["sensei"] = decks.draw_many(state, "skills", len(players), stream)
    state["palace"] = decks.draw_many(state, "envoys", PALACE_ROW, stream)
    state["pavilion"] = decks.draw_many(state, "rumors", PAVILION_ROW, stream)
    events = []
    for player in state["order"]:
        state["ninja"][player]["hand"] = sorted(decks.draw_many(state, "dojo", HAND_AT_START, stream))
        events.append(event("dealt", player, player=player, cards=state["ninja"][player]["hand"]))
    state["dojo_row"] = decks.draw_many(state, "dojo", DOJO_ROW, stream)
    decks.end(state, stream)
    events.insert(0, event("setup", players=list(players), order=state["order"],
                           provisional=state["components"]["provisional"],
                           houses={name: {"clan": h["clan"], "worth": h["worth"], "sentry": h["sentry"],
                                          "treasures": h["treasures"]} for name, h in state["houses"].items()},
                           sensei=state["sensei"], palace=state["palace"], pavilion=state["pavilion"],
                           dojo_row=state["dojo_row"]))
    return state, events
