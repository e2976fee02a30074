"""A round: in turn order each ninja places one shuriken and resolves its location at once, until all have placed
3; then the round ends (clan scoring after rounds 3, 5 and 7, the final scoring after round 7).

`act(state, player, decision, stream)` and `end_round(state, choices, stream)` are the pure entry points: they
take a state and give a new one with the events, leaving the state given as it was (the chapters' functions
work on that private copy). A refused decision raises RuleError and leaves the hidden stream where it was.

A decision is a plain dict, `do` naming it:

    {"do": "dojo", "take": [value or "deck", ...], "discard": [value, ...]}
    {"do": "sensei", "skill": id or "hensojutsu", "pay": value or None}
    {"do": "palace", "envoy": id, "treasures": [id, ...]}
    {"do": "pavilion", "rumor": id, "treasures": [id, ...]}
    {"do": "raid", "house": name, "approach": "strength" or "stealth"}      (places the shuriken)
    then, in the raid, until it ends:
    {"do": "fight", "card": value, "kickers": [+1 or -1, ...], "skills": [{"skill": id, "kick": +1 or -1}]}
    {"do": "peek", "skill": id}      {"do": "banzai", "ignore_alarm": id or None}
    {"do": "leave"}      {"do": "fail", "keep": id or None}      {"do": "claim", "clan": name, "worth": value}

Readings: the next round's order is the Dojo stack from the top (a ninja's highest shuriken only), then those
who did not visit the Dojo in this round's order (the rulebook's example). At the end of a round every closed
house opens with a new sentry and 3 treasures, the skills are ready again, the Sensei's row is filled to as
many tiles as there are players, and the shuriken come back.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from . import decks, dojo, houses, palace, scoring, sensei
from .errors import RuleError
from .preparation import ROUNDS, TREASURES_PER_HOUSE, plain

SHURIKEN = 3
PLACES = ("dojo", "sensei", "palace", "pavilion", "raid")
RAID_STEPS = ("fight", "peek", "banzai", "leave", "fail", "claim")


def placements_left(state: dict) -> int:
    return SHURIKEN * len(state["players"]) - state["turn"]


def to_act(state: dict) -> str | None:
    """Who decides next: the raider while a raid is on, else the ninja whose turn it is (None: the round is
    over, or the game)."""
    if state["over"]:
        return None
    if state["raid"] is not None:
        return state["raid"]["player"]
    if not placements_left(state):
        return None
    return state["order"][state["turn"] % len(state["order"])]


def _place(state: dict, player: str, decision: dict, stream) -> list[dict]:
    do = decision["do"]
    if do == "dojo":
        return dojo.visit_dojo(state, player, list(decision.get("take", [])), list(decision.get("discard", [])),
                               stream)
    if do == "sensei":
        return sensei.visit_sensei(state, player, decision.get("skill"), decision.get("pay"), stream)
    if do == "palace":
        return palace.visit_palace(state, player, decision.get("envoy"), list(decision.get("treasures", [])),
                                   stream)
    if do == "pavilion":
        return palace.visit_pavilion(state, player, decision.get("rumor"), list(decision.get("treasures", [])),
                                     stream)
    return houses.start_raid(state, player, decision.get("house"), decision.get("approach"))


def _raid_step(state: dict, player: str, decision: dict, stream) -> list[dict]:
    do = decision["do"]
    if do == "fight":
        return houses.fight(state, player, decision.get("card"), decision.get("kickers"), decision.get("skills"))
    if do == "peek":
        return houses.peek(state, player, decision.get("skill"), stream)
    if do == "banzai":
        return houses.banzai(state, player, stream, decision.get("ignore_alarm"))
    if do == "leave":
        return houses.leave(state, player, stream)
    if do == "fail":
        return houses.fail(state, player, stream, decision.get("keep"))
    return houses.claim(state, player, decision.get("clan"), decision.get("worth"))


def _apply(state: dict, player: str, decision: dict, stream) -> list[dict]:
    if state["over"]:
        raise RuleError("game-over")
    if player != to_act(state):
        raise RuleError("not-your-turn", player=player, to_act=to_act(state))
    do = decision.get("do")
    if state["raid"] is not None:
        if do not in RAID_STEPS:
            raise RuleError("raid-under-way", do=do)
        return _raid_step(state, player, decision, stream)
    if do not in PLACES:
        raise RuleError("unknown-decision", do=do)
    events = _place(state, player, decision, stream)
    state["placements"].append({"player": player, "place": decision.get("house") if do == "raid" else do,
                                "side": decision.get("approach") if do == "raid" else None})
    state["turn"] += 1
    return [event("shuriken", player=player, place=do, round=state["round"], turn=state["turn"])] + events


def act(state: dict, player: str, decision: dict, stream) -> tuple[dict, list[dict]]:
    """One decision of the ninja to act: a placement, or a step of his raid."""
    decks.begin(state, stream)
    made = len(stream.rolls)
    new = copy_plain(state)
    try:
        events = _apply(new, player, decision, stream)
    except RuleError:
        del stream.rolls[made:]
        raise
    decks.end(new, stream)
    return new, events


def next_order(state: dict) -> list[str]:
    """The Dojo stack from the top, each ninja once, then the others in this round's order."""
    order = []
    for player in reversed(state["dojo_stack"]):
        if player not in order:
            order.append(player)
    return order + [player for player in state["order"] if player not in order]


def refill_houses(state: dict, stream) -> list[dict]:
    events = []
    for name, house in state["houses"].items():
        if house["closed"]:
            house["sentry"] = decks.draw(state, "guards", stream)
            house["treasures"] = [plain(t) for t in decks.draw_many(state, "bag", TREASURES_PER_HOUSE, stream)]
            house["closed"] = False
            events.append(event("house_refilled", house=name, sentry=house["sentry"], treasures=house["treasures"]))
    return events


def _ready(state: dict, stream) -> list[dict]:
    for ninja in state["ninja"].values():
        for tile in ninja["skills"]:
            tile["used"] = False
    wanted = len(state["players"]) - len(state["sensei"])
    state["sensei"] += decks.draw_many(state, "skills", max(wanted, 0), stream)
    return [event("sensei_row", skills=list(state["sensei"]))]


def end_round(state: dict, choices: dict | None, stream) -> tuple[dict, list[dict]]:
    """Close a round whose shuriken are all placed. `choices`: the clan scoring's (scoring.clan_scoring)."""
    if state["over"] or state["raid"] is not None or placements_left(state):
        raise RuleError("round-not-over", placements_left=placements_left(state))
    decks.begin(state, stream)
    new = copy_plain(state)
    number = new["round"]
    events = [event("round_over", round=number)]
    if number in scoring.SCORING_ROUNDS:
        events += scoring.clan_scoring(new, choices or {}, stream)
    if number == ROUNDS:
        events += scoring.final_scoring(new)
    else:
        new["order"] = next_order(new)
        events.append(event("turn_order", order=new["order"], dojo_stack=list(new["dojo_stack"])))
        events += refill_houses(new, stream) + _ready(new, stream)
        new.update(round=number + 1, turn=0, placements=[], dojo_stack=[])
    decks.end(new, stream)
    return new, events
