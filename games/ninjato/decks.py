"""The decks and the bag: shuffled once from a stream of their own, so that no revealed dice tell their order.

Ninjato's Dojo deck, Guard and Elite Guard decks, Envoy and Rumor decks, the two stacks of skill tiles and the
bag of treasures are shuffled at setup and then drawn from for the whole game (a Dojo or Guard deck that runs out
takes its discards shuffled again, as the rulebook says; so does the bag, from the spent treasures: a reading).
A round's dice are revealed when the round is over (the next report gives its seed), so if the decks were
shuffled with them, the first round's reveal would tell every card still to come. So:

- Every shuffle is drawn from the *hidden stream*, an engine.dice.Dice (`stream` in these functions) whose key
  the shell makes from a seed of its own: not a round seed, but one made for the campaign at setup (for
  instance HMAC-SHA256(campaign secret, "pbem deck seed")), whose commitment (engine.dice.commitment) the first
  report publishes and which the shell reveals only when the game is over. Then anyone can recompute every
  shuffle (engine.dice.recheck over the stream's recorded rolls) and check it against the commitment.
- The stream goes on across rounds: its sequence numbers count from 0 at setup to the game's end. The state
  keeps the rolls it has made (`hidden_stream.rolls`, which Game.hidden_stream gives the shell); every rules
  function that may shuffle is given the stream as it stands (engine.dice.hidden_stream(seed, those rolls))
  and refuses one that is not where the state says (`begin`), so that a roll skipped or made twice shows.
- The round's own dice (`dice`) draw only what is public as soon as it is drawn: the first turn order and
  which house gets which of the setup's clan tokens.
- The shuffled order lives in the state, which no player sees; `view` shows the decks and the bag as counts.
  Drawing takes the top of a deck (index 0). A card a player learns (a card drawn to hand, a peeked guard)
  reaches only that player, as a private event.
"""
from __future__ import annotations

from engine.dice import hidden_stream, shuffle

from .errors import RuleError

DECKS = ("dojo", "guards", "elites", "envoys", "rumors", "skills", "hensojutsu", "bag")
"""Every hidden pile. The bag's discards are the spent treasures (given at the Palace or Pavilion, lost in a
failed raid)."""


__all__ = ["DECKS", "begin", "discard", "draw", "draw_many", "end", "hidden_stream", "new_deck", "rolls", "top"]


def rolls(state: dict) -> list[dict]:
    """The hidden stream's rolls so far (Game.hidden_stream)."""
    return state["hidden_stream"]["rolls"]


def begin(state: dict, stream) -> None:
    """Refuse a stream that is not where the state left it."""
    made, kept = len(stream.rolls), len(state["hidden_stream"]["rolls"])
    if made != kept:
        raise RuleError("hidden-stream-out-of-step", expected=kept, found=made)


def end(state: dict, stream) -> None:
    state["hidden_stream"]["rolls"] = [dict(roll) for roll in stream.rolls]


def new_deck(items: list, name: str, stream) -> dict:
    """A deck of these items in an order of the stream's, with an empty discard pile."""
    return {"draw": shuffle(stream, list(items), f"{name} shuffle 1"), "discard": [], "shuffles": 1}


def _refill(deck: dict, name: str, stream) -> None:
    if not deck["draw"] and deck["discard"]:
        deck["shuffles"] += 1
        deck["draw"] = shuffle(stream, deck["discard"], f"{name} shuffle {deck['shuffles']}")
        deck["discard"] = []


def draw(state: dict, name: str, stream):
    """The top of a deck (its discards shuffled in first if it is empty), or None if there is nothing left."""
    deck = state["decks"][name]
    _refill(deck, name, stream)
    return deck["draw"].pop(0) if deck["draw"] else None


def top(state: dict, name: str, stream):
    """The top of a deck without taking it (a peek), shuffling the discards in first as a draw would."""
    deck = state["decks"][name]
    _refill(deck, name, stream)
    return deck["draw"][0] if deck["draw"] else None


def draw_many(state: dict, name: str, count: int, stream) -> list:
    drawn = []
    for _ in range(count):
        item = draw(state, name, stream)
        if item is None:
            break
        drawn.append(item)
    return drawn


def discard(state: dict, name: str, items: list) -> None:
    state["decks"][name]["discard"].extend(items)
