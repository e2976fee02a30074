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


def _take_card(state: dict, row: str, card_id: str) -> dict:
    for index, card in enumerate(state[row]):
        if card["id"] == card_id:
            return state[row].pop(index)
    raise RuleError("card-not-offered", card=card_id, offered=[card["id"] for card in state[row]])


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
