"""What one ninja may know: everything on the table, his own hand and Rumors; of the others, how many cards and
Rumors they hold; of the decks and the bag, how many pieces are left in them (their order and contents stay
hidden); nothing of the hidden stream. For engine.events.PUBLIC (no player) every hand and Rumor is a count.

The discard piles of the Dojo and Guard decks are face up, so they are shown; the bag's discards (the spent
treasures) were each given or lost in sight of all, so they are shown too.
"""
from __future__ import annotations

from engine.canonical import copy_plain

from . import scoring

SECRET = ("hand", "rumors")


def view(state: dict, player: str) -> dict:
    seen = copy_plain({key: value for key, value in state.items() if key not in ("decks", "hidden_stream")})
    seen["you"] = player
    seen["decks"] = {name: {"left": len(deck["draw"]), "discard": copy_plain(deck["discard"])}
                     for name, deck in state["decks"].items()}
    for name, ninja in seen["ninja"].items():
        if name != player:
            for key in SECRET:
                ninja[key] = len(ninja[key])
    seen["standings"] = scoring.standings(state)
    return seen
