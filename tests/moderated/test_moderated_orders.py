"""A moderated game's orders: one free text, bounded, cleaned, and written back as TOML that reads the same."""
from __future__ import annotations

import tomllib

import pytest

from games import get

GAME = get("moderated")
STATE, _ = GAME.setup(["ann", "bob"], {}, None)


@pytest.mark.parametrize("text", ["", "March.", "a\nb", "it's ''' here", "ends with a quote'", 'say """no"""',
                                  "back\\slash\n\ttab", "日本\n\n\n\nlater"])
def test_any_orders_text_is_written_back_as_toml_that_reads_as_the_stored_orders(text):
    checked = GAME.check_orders(STATE, "ann", {"orders": text})
    assert checked.accepted
    again = GAME.check_orders(STATE, "ann", tomllib.loads(GAME.format_orders(checked.orders)))
    assert again.orders == checked.orders


def test_orders_are_cleaned_of_control_characters_and_runs_of_empty_lines():
    checked = GAME.check_orders(STATE, "ann", {"orders": "\n\nhold\x07 fast  \r\n\n\n\nthen march\n"})
    assert checked.orders == {"orders": "hold fast\n\nthen march"}


@pytest.mark.parametrize("body, code", [
    ({"orders": "x" * 6001}, "orders-too-long"),
    ({"orders": "x\n" * 151}, "orders-too-many-lines"),
    ({"orders": 3}, "orders-not-text"),
    ({"orders": "hold", "targets": ["Edo"]}, "unknown-order"),
])
def test_orders_too_long_not_text_or_with_other_keys_are_refused_naming_the_field(body, code):
    checked = GAME.check_orders(STATE, "ann", body)
    assert not checked.accepted and [p.code for p in checked.problems] == [code]


def test_no_orders_after_the_game_is_over():
    over = {**STATE, "over": True}
    assert [p.code for p in GAME.check_orders(over, "ann", {"orders": "x"}).problems] == ["game-over"]
