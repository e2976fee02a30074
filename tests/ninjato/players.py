"""A ninja who plays at random among the decisions the rules accept: for games that check what holds always,
and the events of such games for the report tests."""
from __future__ import annotations

from itertools import combinations

from engine.dice import Dice
from games.ninjato import dojo, preparation, rounds
from games.ninjato.errors import RuleError
from tests.ninjato.table import new_game


def _treasure_sets(ninja: dict, requirement: list[str]) -> list[list[str]]:
    ids = [t["id"] for t in ninja["treasures"]]
    return [list(chosen) for chosen in combinations(ids, len(requirement))][:12]


def placements(state: dict, player: str) -> list[dict]:
    ninja = state["ninja"][player]
    hand = ninja["hand"]
    allowed = dojo.allowance(hand)
    options = []
    for from_row in range(min(allowed, len(state["dojo_row"])) + 1):
        take = state["dojo_row"][:from_row] + ["deck"] * (allowed - from_row)
        over = len(hand) + allowed - dojo.HAND_LIMIT
        options.append({"do": "dojo", "take": take, "discard": sorted(hand)[:max(over, 0)]})
    for tile in state["sensei"] + [{"id": "hensojutsu"}]:
        for pay in sorted(set(hand)) + [None]:
            options.append({"do": "sensei", "skill": tile["id"], "pay": pay})
    for envoy in state["palace"]:
        options += [{"do": "palace", "envoy": envoy["id"], "treasures": ids}
                    for ids in _treasure_sets(ninja, envoy["requires"])]
    for rumor in state["pavilion"]:
        options += [{"do": "pavilion", "rumor": rumor["id"], "treasures": ids}
                    for ids in _treasure_sets(ninja, rumor["cost"])]
    for name in state["houses"]:
        options += [{"do": "raid", "house": name, "approach": way} for way in ("strength", "stealth")]
    return options


FALLBACK = {"do": "only if none before is taken"}


def raid_steps(state: dict, player: str) -> list[dict]:
    """The raid's possible next steps; in a fight, failing comes after every play that might win."""
    raid = state["raid"]
    ninja = state["ninja"][player]
    skills = [{"skill": t["id"], "kick": 1} for t in ninja["skills"]] + [
        {"skill": t["id"], "kick": -1} for t in ninja["skills"]]
    if raid["phase"] == "fight":
        fights = []
        for card in sorted(set(ninja["hand"])):
            for kickers in ([], [1], [-1], [1, 1], [-1, -1]):
                fights.append({"do": "fight", "card": card, "kickers": kickers})
                fights += [{"do": "fight", "card": card, "kickers": kickers, "skills": [use]} for use in skills]
        return fights + [FALLBACK, {"do": "fail"}]
    if raid["phase"] == "decide":
        return ([{"do": "banzai"}] * 3 + [{"do": "banzai", "ignore_alarm": t["id"]} for t in ninja["skills"]]
                + [{"do": "peek", "skill": t["id"]} for t in ninja["skills"]] + [{"do": "leave"}])
    return [{"do": "claim", "clan": clan, "worth": worth}
            for clan, values in sorted(state["clan_pile"].items()) for worth in values]


def random_decision(state: dict, chooser: Dice, stream) -> tuple[dict, list[dict]]:
    """Try the player's options in an order of the chooser's until the rules take one."""
    player = rounds.to_act(state)
    options = raid_steps(state, player) if state["raid"] else placements(state, player)
    first, last = (options[:options.index(FALLBACK)], options[options.index(FALLBACK) + 1:]) \
        if FALLBACK in options else (options, [])
    for decision in chooser.shuffle(first, "options") + last:
        try:
            return rounds.act(state, player, decision, stream)
        except RuleError:
            continue
    raise AssertionError(f"no decision accepted for {player}: {state['raid']}")


def random_game(state: dict, stream, chooser: Dice, check=lambda state: None) -> tuple[dict, list[dict]]:
    """Play to the end, calling check(state) after every decision and every round's end."""
    events = []
    while not state["over"]:
        while rounds.to_act(state):
            state, happened = random_decision(state, chooser, stream)
            events += happened
            check(state)
        choice = chooser.pick(["honour", "rumor"], "clan choice")
        choices = {player: {clan: choice for clan in state["clan_pile"]} for player in state["players"]}
        state, happened = rounds.end_round(state, choices, stream)
        events += happened
        check(state)
    return state, events


def random_events() -> list[dict]:
    """The events of whole games of ninja deciding at random (skills, peeks and the Pavilion included), and the
    kinds only the batch orders make, with every reason an order may fall through for."""
    events = preparation.setup(["ann", "bob", "cid"], {}, Dice(b"report dice"), Dice(b"report stream"))[1]
    for number in range(4):
        players = ("ann", "bob", "cid", "dan")[:2 + number % 3]
        state, stream = new_game(players, key=f"report {number}".encode())
        events += random_game(state, stream, Dice(f"report chooser {number}".encode()))[1]
    codes = ["house-closed", "unknown-house", "house-empty", "sentry-not-beaten", "claim-own-clan",
             "skill-not-available", "skill-not-offered", "no-hensojutsu-left", "wrong-payment", "card-taken",
             "card-not-offered", "treasure-not-held", "requirement-not-met", "not-in-dojo-row",
             "wrong-number-of-cards", "hand-limit", "card-not-in-hand", "a-code-of-tomorrow"]
    mine = {"audience": ["ann"], "player": "ann", "shuriken": 2}
    events += [{"kind": "order_fell_through", **mine, "rank": 1, "do": "raid", "code": code} for code in codes]
    events += [{"kind": "order_default", **mine, "code": "no-orders"},
               {"kind": "order_default", **mine, "code": "no-action-possible"},
               {"kind": "order_adjusted", **mine, "code": "card-not-in-hand", "card": 4},
               {"kind": "order_adjusted", **mine, "code": "token-not-in-pile", "clan": "taira", "worth": 8},
               {"kind": "alarm_ignored", "audience": "all", "house": "house-2"}]
    return events
