"""A computer ninja: orders made from the player's view alone (games.ninjato.view), which always pass the check.

Its plan: with fewer than two cards it goes to the Dojo first. Otherwise its first shuriken raids the house
and way with the most treasures to be expected (odds.raid_odds, with every skill it knows and a Banzai policy
of a 60 percent chance and at most 2 guards after the sentry), the next raids in that order as fallbacks;
its second shuriken buys an Envoy it can pay for now (the Palace's honour), else learns the Sensei's most useful
skill it can pay for while it holds at least three cards and knows fewer than MAX_SKILLS (a skill works in every
later raid), else raids too; its third goes to the Dojo, which refills the hand and puts it early in the next
round's order. Each list ends with the Dojo,
and lists at most orders.MAX_ACTIONS actions.
"""
from __future__ import annotations

from . import carry, odds, sensei
from .houses import STEALTH, STRENGTH
from .orders import MAX_ACTIONS
from .rounds import SHURIKEN

POLICY = {"chance": 60, "guards": 2}
DOJO = {"do": "dojo"}
MAX_SKILLS = 3
USEFUL = {"value": 0, "kicker": 1, "peek": 2, "ignore_alarm": 3, "switch": 4}
"""The skills it prefers, most useful first (a value skill with a bigger amount first among them)."""


def ranked_raids(seen: dict, player: str) -> list[dict]:
    """The raids whose sentry it can beat now, the most treasures expected first (one way per house)."""
    skills = sorted(t["id"] for t in seen["ninja"][player]["skills"])
    best = {}
    for name, house in sorted(seen["houses"].items()):
        if house["closed"] or house["sentry"] is None or not house["treasures"]:
            continue
        for approach in (STRENGTH, STEALTH):
            action = {"do": "raid", "house": name, "approach": approach}
            if skills:
                action["skills"] = skills
            tiles = odds.raid_tiles(seen, player, skills)
            if odds.choose_play(seen["ninja"][player]["hand"], approach, house["sentry"], tiles) is None:
                continue
            chances = odds.raid_odds(seen, player, action, POLICY)
            worth = chances["treasures"] + chances["claim"]
            if name not in best or worth > best[name][0]:
                best[name] = (worth, action)
    ranked = sorted(best.values(), key=lambda pair: (-pair[0], pair[1]["house"]))
    return [action for _, action in ranked]


def affordable_envoys(seen: dict, player: str) -> list[dict]:
    """The Palace's Envoys it can pay for with the treasures it holds, the dearest first."""
    found = []
    for card in seen["palace"]:
        picked = carry.pick_treasures(seen, player, card["requires"])
        if len(picked) == len(card["requires"]):
            found.append((len(card["requires"]), card["id"]))
    return [{"do": "palace", "envoy": envoy} for _, envoy in sorted(found, key=lambda pair: (-pair[0], pair[1]))]


def affordable_skills(seen: dict, player: str) -> list[dict]:
    """The Sensei's tiles it can pay for now with a card it holds (or for nothing, by the style discount), the
    most useful first; none while it holds fewer than three cards or knows MAX_SKILLS skills already."""
    ninja = seen["ninja"][player]
    if len(ninja["hand"]) < 3 or len(ninja["skills"]) >= MAX_SKILLS:
        return []
    found = []
    for tile in seen["sensei"]:
        cost = sensei.cost_of(seen, player, tile)
        if cost is None or cost == sensei.ANY_CARD or cost in ninja["hand"]:
            found.append(((USEFUL.get(tile["effect"], 9), -tile.get("amount", 0), tile["id"]), tile["id"]))
    return [{"do": "sensei", "skill": skill} for _, skill in sorted(found)]


def _fit(actions: list[dict]) -> list[dict]:
    unique = []
    for action in actions:
        if action not in unique:
            unique.append(action)
    return unique[:MAX_ACTIONS - 1] + [DOJO]


def computer_orders(seen: dict, player: str) -> dict:
    """The orders of the round for `player`, from his view."""
    raids = [a for a in ranked_raids(seen, player) if carry.lasting_obstacle(seen, player, a) is None]
    envoys = affordable_envoys(seen, player)
    skills = affordable_skills(seen, player)
    if len(seen["ninja"][player]["hand"]) < 2:
        plan = [[DOJO], raids, envoys + raids]
    else:
        plan = [raids, envoys + skills[:1] + raids, [DOJO]]
    shuriken = [{"banzai": dict(POLICY) if any(a["do"] == "raid" for a in actions) else odds.NEVER,
                 "actions": _fit([a for a in actions if a != DOJO])} for actions in plan[:SHURIKEN]]
    return {"shuriken": shuriken}
