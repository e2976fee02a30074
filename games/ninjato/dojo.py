"""The Dojo: take 4, 3 or 2 cards (by the hand's size), from the face-up row or the deck, in any mix; refill the
row; discard down to the hand limit of 7; stack the shuriken, which decides the next round's order.

Readings: the cards taken face up are named by value (a card is its value); those taken are replaced only
after all are taken, as the rulebook says, so a take cannot use a replacement. Cards discarded to the hand
limit go face up onto the discard pile, so everyone sees them. If the deck and its discards are both empty,
a take from the deck gives fewer cards.
"""
from __future__ import annotations

from engine import event

from . import decks
from .errors import RuleError
from .preparation import DOJO_ROW

HAND_LIMIT = 7
DECK = "deck"


def allowance(hand: list[int]) -> int:
    """How many cards a visit takes: 4 with an empty hand, 3 with one card, 2 with more."""
    return {0: 4, 1: 3}.get(len(hand), 2)


def _take_face_up(state: dict, take: list) -> list[int]:
    row = list(state["dojo_row"])
    taken = []
    for choice in take:
        if choice == DECK:
            continue
        if choice not in row:
            raise RuleError("not-in-dojo-row", card=choice, row=state["dojo_row"])
        row.remove(choice)
        taken.append(choice)
    state["dojo_row"] = row
    return taken


def _limit_hand(state: dict, player: str, discard: list[int]) -> list[int]:
    hand = state["ninja"][player]["hand"]
    over = len(hand) - HAND_LIMIT
    if len(discard) != max(over, 0):
        raise RuleError("hand-limit", limit=HAND_LIMIT, hand=len(hand), discard=list(discard))
    for card in discard:
        if card not in hand:
            raise RuleError("card-not-in-hand", card=card)
        hand.remove(card)
    decks.discard(state, "dojo", discard)
    return list(discard)


def visit_dojo(state: dict, player: str, take: list, discard: list[int], stream) -> list[dict]:
    """`take`: one entry per card, a face-up value or "deck"; `discard`: the cards given up to the hand limit."""
    ninja = state["ninja"][player]
    if len(take) != allowance(ninja["hand"]):
        raise RuleError("wrong-number-of-cards", allowed=allowance(ninja["hand"]), found=len(take))
    face_up = _take_face_up(state, take)
    drawn = decks.draw_many(state, "dojo", take.count(DECK), stream)
    ninja["hand"] = sorted(ninja["hand"] + face_up + drawn)
    state["dojo_row"] += decks.draw_many(state, "dojo", DOJO_ROW - len(state["dojo_row"]), stream)
    state["dojo_stack"].append(player)
    events = [event("dojo", player=player, face_up=face_up, from_deck=len(drawn), row=list(state["dojo_row"]))]
    if drawn:
        events.append(event("dojo_drawn", player, player=player, cards=drawn))
    discarded = _limit_hand(state, player, discard)
    if discarded:
        events.append(event("hand_limit", player=player, discarded=discarded))
    return events
