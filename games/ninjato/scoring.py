"""Clan scoring (after rounds 3, 5 and 7) and the final scoring (after round 7).

Clan scoring: a clan's worth is the sum of its tokens on the houses. For each clan (Taira, Minamoto,
Go-Shirakawa), the ninja with the most of its Envoys chooses: its worth in honour, or a Rumor for free; the
second gets the other reward. A ninja needs at least one Envoy of the clan to place.

Final scoring: every Rumor scores its bonus plus its multiplier for each item of the kind it counts that its
owner holds (skills, beaten Elite Guards, Envoys, his other Rumors); every treasure still held scores its
value. Most honour wins.

Readings where the sources are silent:
- A tie in Envoys goes to the ninja holding the elder Envoy of the clan: the lowest age (ages are unique within
  a clan, components.py checks it, so this always decides).
- The free Rumor is the top of the Rumor deck, seen by its taker alone. A choice not given is honour.
- With one ninja placed, he takes his choice and the other reward is not given.
- Ninja equal in honour at the end share the win.
"""
from __future__ import annotations

from engine import event

from . import decks
from .components import CLANS
from .pieces import gain_honour

SCORING_ROUNDS = (3, 5, 7)
HONOUR, RUMOR = "honour", "rumor"


def clan_worth(state: dict, clan: str) -> int:
    return sum(house["worth"] for house in state["houses"].values() if house["clan"] == clan)


def influence(state: dict, clan: str) -> list[str]:
    """The ninja holding Envoys of the clan, most first, the elder Envoy breaking ties."""
    holders = []
    for player in state["players"]:
        ages = [envoy["age"] for envoy in state["ninja"][player]["envoys"] if envoy["clan"] == clan]
        if ages:
            holders.append((-len(ages), min(ages), player))
    return [player for _, _, player in sorted(holders)]


def _reward(state: dict, player: str, clan: str, reward: str, stream) -> list[dict]:
    if reward == HONOUR:
        return [gain_honour(state, player, clan_worth(state, clan), "clan", clan=clan)]
    rumor = decks.draw(state, "rumors", stream)
    if rumor is None:
        return [event("clan_reward", player=player, clan=clan, reward=RUMOR, none_left=True)]
    state["ninja"][player]["rumors"].append(rumor)
    return [event("clan_reward", player=player, clan=clan, reward=RUMOR, none_left=False),
            event("rumor_drawn", player, player=player, rumor=rumor)]


def clan_scoring(state: dict, choices: dict[str, dict[str, str]], stream) -> list[dict]:
    """`choices`: {player: {clan: "honour" or "rumor"}}, read for the ninja placed first in a clan."""
    events = []
    for clan in CLANS:
        ranked = influence(state, clan)
        events.append(event("clan_scoring", clan=clan, worth=clan_worth(state, clan), ranked=ranked[:2]))
        if not ranked:
            continue
        first = (choices.get(ranked[0]) or {}).get(clan, HONOUR)
        first = first if first in (HONOUR, RUMOR) else HONOUR
        events += _reward(state, ranked[0], clan, first, stream)
        if len(ranked) > 1:
            events += _reward(state, ranked[1], clan, RUMOR if first == HONOUR else HONOUR, stream)
    return events


def counted(ninja: dict, kind: str) -> int:
    return len(ninja[kind]) - (1 if kind == "rumors" else 0)


def final_scoring(state: dict) -> list[dict]:
    events = []
    for player in state["players"]:
        ninja = state["ninja"][player]
        rumors = [{"rumor": rumor["id"], "honour": rumor["bonus"] + rumor["multiplier"] * counted(ninja,
                                                                                                  rumor["counts"])}
                  for rumor in ninja["rumors"]]
        treasure = sum(token["value"] for token in ninja["treasures"])
        events.append(event("final_score", player=player, rumors=rumors, treasures=treasure))
        events.append(gain_honour(state, player, sum(r["honour"] for r in rumors) + treasure, "final"))
    best = max(state["ninja"][player]["honour"] for player in state["players"])
    state["winners"] = [player for player in state["players"] if state["ninja"][player]["honour"] == best]
    state["over"] = True
    events.append(event("game_over", winners=state["winners"], standings=standings(state)))
    return events


def standings(state: dict) -> list[dict]:
    """Best first; equal honour, equal rank (seat order within it)."""
    ordered = sorted(state["players"], key=lambda p: -state["ninja"][p]["honour"])
    rows = []
    for index, player in enumerate(ordered):
        honour = state["ninja"][player]["honour"]
        rank = rows[-1]["rank"] if rows and rows[-1]["honour"] == honour else index + 1
        rows.append({"player": player, "rank": rank, "honour": honour})
    return rows
