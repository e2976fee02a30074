"""Ninjato's own hidden-information check (tests/ninjato/harness.py, "hands") catches the leak it is for, and
changes another ninja's hand in every example."""
from __future__ import annotations

import dataclasses

from engine.canonical import copy_plain
from games import get
from tests.ninjato import harness
from tests.support.hidden import first_leak, position


def showing_hands(game):
    """The game with a view that shows every ninja's hand and Rumors."""
    def view(state: dict, player: str) -> dict:
        return {**game.view(state, player),
                "all_hands": {name: copy_plain([ninja["hand"], ninja["rumors"]])
                              for name, ninja in state["ninja"].items()}}

    return dataclasses.replace(game, view=view)


def test_a_view_that_shows_another_ninjas_hand_is_caught():
    leak = first_leak(harness.check_hands, "ninjato", game=showing_hands(get("ninjato")))
    assert leak and "the view changed" in leak


def test_another_ninjas_hand_is_dealt_again_in_every_example_and_no_byte_changes():
    pos = position("ninjato", 0, 3)
    tally = harness.check_hands(pos, pos.players[0], 5)
    assert tally.changes == harness.HAND_CHANGES and not tally.leaks
