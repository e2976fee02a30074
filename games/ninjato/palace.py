"""The Palace and the Pavilion: give the treasures a face-up card asks for and take the card.

- Palace: an Envoy; the treasures given score their total value in honour at once. Envoys are public and give
  influence with their clan at the clan scoring.
- Pavilion: a Rumor, kept in hand until the final scoring.

Readings: the Pavilion's treasures score nothing (the rulebook says the Palace "discards and scores", the
Pavilion only "discards"). A row is filled again from its deck at once. A Rumor taken from the face-up row was
seen by all, so the event names it; the Rumors a ninja holds are his secret from then on (the view shows
others only how many), and one drawn from the deck (a clan scoring's reward) reaches only him.
"""
from __future__ import annotations

from engine import event

from . import decks
from .errors import RuleError
from .pieces import gain_honour, take_treasures


def _may_come(seen: dict, card_id: str) -> bool:
    """Whether the card may yet be drawn into its row, as far as a ninja can see: no ninja is seen to hold it (the
    decks' contents are hidden, and a card taken never comes back)."""
    held = (card["id"] for ninja in seen["ninja"].values() for key in ("envoys", "rumors")
            if isinstance(ninja[key], list) for card in ninja[key])
    return card_id not in held


def card_obstacle(state: dict, row: str, card_id: str, *, lasting: bool = False) -> RuleError | None:
    """Why the card cannot be taken from the row ("palace" or "pavilion"): it is not there (card-taken, with the
    cards the row offers: the code the carrying-out has always named this by, kept so that the rounds of running
    campaigns read the same). visit_palace and visit_pavilion refuse it now; the check of the orders asks
    `lasting`, whether it cannot be taken at any moment of the round from what the player sees: a card not in
    the row that nobody is seen to hold may yet be drawn into it, and passes."""
    offered = [card["id"] for card in state[row]]
    if card_id in offered or (lasting and _may_come(state, card_id)):
        return None
    return RuleError("card-taken", card=card_id, offered=offered)


def _take_card(state: dict, row: str, card_id: str) -> dict:
    refused = card_obstacle(state, row, card_id)
    if refused:
        raise refused
    index = next(i for i, card in enumerate(state[row]) if card["id"] == card_id)
    return state[row].pop(index)


def _refill(state: dict, row: str, deck: str, stream) -> None:
    card = decks.draw(state, deck, stream)
    if card is not None:
        state[row].append(card)


def visit_palace(state: dict, player: str, envoy: str, treasures: list[str], stream) -> list[dict]:
    card = _take_card(state, "palace", envoy)
    spent = take_treasures(state, player, treasures, card["requires"], envoy)
    state["ninja"][player]["envoys"].append(card)
    _refill(state, "palace", "envoys", stream)
    honour = sum(token["value"] for token in spent)
    return [event("envoy_taken", player=player, envoy=card, treasures=spent, row=list(state["palace"])),
            gain_honour(state, player, honour, "palace", envoy=envoy)]


def visit_pavilion(state: dict, player: str, rumor: str, treasures: list[str], stream) -> list[dict]:
    card = _take_card(state, "pavilion", rumor)
    spent = take_treasures(state, player, treasures, card["cost"], rumor)
    state["ninja"][player]["rumors"].append(card)
    _refill(state, "pavilion", "rumors", stream)
    return [event("rumor_taken", player=player, rumor=card, treasures=spent, row=list(state["pavilion"]))]
