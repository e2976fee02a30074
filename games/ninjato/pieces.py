"""What several chapters share: the order of treasures, paying treasures for a card, honour."""
from __future__ import annotations

from engine import event

from .components import ANY
from .errors import RuleError


def rank(token: dict, highest: str) -> tuple:
    """Least valuable first: by value, the highest kind (gold) above every other whatever its value; then by
    kind and id, so that equal tokens always go in one order."""
    return (token["kind"] == highest, token["value"], token["kind"], int(token["id"].rsplit("-", 1)[1]))


def take_treasures(state: dict, player: str, ids: list[str], requirement: list[str], card: str) -> list[dict]:
    """Take the player's treasures named by id if they meet the requirement exactly (one treasure per kind
    named, "any" meaning a treasure of any kind); they are spent."""
    owned = {token["id"]: token for token in state["ninja"][player]["treasures"]}
    if len(set(ids)) != len(ids) or any(name not in owned for name in ids):
        raise RuleError("treasure-not-held", card=card, treasures=list(ids))
    kinds = [owned[name]["kind"] for name in ids]
    left = list(kinds)
    for kind in requirement:
        if kind != ANY:
            if kind not in left:
                raise RuleError("requirement-not-met", card=card, requires=list(requirement), given=kinds)
            left.remove(kind)
    if len(left) != requirement.count(ANY):
        raise RuleError("requirement-not-met", card=card, requires=list(requirement), given=kinds)
    spent = [owned[name] for name in ids]
    state["ninja"][player]["treasures"] = [t for t in state["ninja"][player]["treasures"] if t["id"] not in ids]
    state["decks"]["bag"]["discard"].extend(spent)
    return spent


def gain_honour(state: dict, player: str, change: int, source: str, **values) -> dict:
    state["ninja"][player]["honour"] += change
    return event("honour", player=player, change=change, total=state["ninja"][player]["honour"], source=source,
                 **values)
