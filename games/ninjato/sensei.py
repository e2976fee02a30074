"""The Sensei: learn a skill by discarding the Dojo card shown on its tile ("?": any card); once a ninja knows a
skill of a style, later skills of that style cost only the shuriken. Each skill works once a round, in raids.

Readings where the rulebook (which stops here) and the reference are silent:
- A visit takes one of the tiles face up, or the top tile of the Hensojutsu (Disguise) stack, which is always
  there to learn while it lasts (asked for as "hensojutsu").
- The face-up tiles are not replaced during the round: at its end the row is filled again from the big stack
  to as many tiles as there are players (rounds.end_round).
- A ninja may learn a skill he already knows the name of (the Hensojutsu tiles are three of one name).
"""
from __future__ import annotations

from engine import event

from . import decks
from .errors import RuleError

HENSOJUTSU = "hensojutsu"
ANY_CARD = "?"


def offer_obstacle(state: dict, skill: str) -> RuleError | None:
    """Why the Sensei cannot teach this skill for the rest of the round (None: he may): it is neither a face-up
    tile nor "hensojutsu" (skill-not-offered). The row is not filled again until the round ends, so a skill not
    in it now never is this round: visit_sensei refuses it, and the check of the orders ahead."""
    if skill == HENSOJUTSU or any(tile["id"] == skill for tile in state["sensei"]):
        return None
    return RuleError("skill-not-offered", skill=skill, offered=[t["id"] for t in state["sensei"]])


def _tile(state: dict, skill: str, stream) -> tuple[dict, str]:
    refused = offer_obstacle(state, skill)
    if refused:
        raise refused
    if skill == HENSOJUTSU:
        tile = decks.draw(state, HENSOJUTSU, stream)
        if tile is None:
            raise RuleError("no-hensojutsu-left")
        return tile, HENSOJUTSU
    for index, tile in enumerate(state["sensei"]):
        if tile["id"] == skill:
            return state["sensei"].pop(index), "sensei"
    raise AssertionError("offer_obstacle let through a skill not in the row")


def cost_of(state: dict, player: str, tile: dict):
    """The card a ninja gives for a tile: None if he knows a skill of its style (the style discount)."""
    if any(known["style"] == tile["style"] for known in state["ninja"][player]["skills"]):
        return None
    return tile["cost"]


def visit_sensei(state: dict, player: str, skill: str, pay: int | None, stream) -> list[dict]:
    """Learn `skill` (a face-up tile's id, or "hensojutsu"), discarding the card `pay` if the tile costs one."""
    hand = state["ninja"][player]["hand"]
    tile, source = _tile(state, skill, stream)
    cost = cost_of(state, player, tile)
    wrong = (pay is not None) if cost is None else (pay is None or pay not in hand
                                                    or (cost != ANY_CARD and pay != cost))
    if wrong:
        raise RuleError("wrong-payment", skill=tile["id"], cost=cost, pay=pay)
    if pay is not None:
        hand.remove(pay)
        decks.discard(state, "dojo", [pay])
    state["ninja"][player]["skills"].append({**tile, "used": False})
    return [event("skill_learned", player=player, skill=tile, source=source, paid=pay, discount=cost is None)]
