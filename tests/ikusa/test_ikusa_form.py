"""Ikusa's order form teaches its own file: every key and every choice the orders accept is named in the form's
guide, in English and in Spanish, and a two-player form names the player's own colours' parts."""
from __future__ import annotations

import re

import pytest

from games.ikusa.assassination import ASSASSINATE_KEYS, NINJA_KEYS
from games.ikusa.battles import AFTER_WIN, ENTRY_KEYS, LOSSES_FIRST, WAR_KEYS
from games.ikusa.combat import WITHDRAWAL_RULES
from games.ikusa.movement import ARMY_KEYS, FORCE_KEYS, PHASE_D
from games.ikusa.orders import SECTIONS
from games.ikusa.words import WORDS
from pbem import render

ROUND_KEYS = (*(f"[{section}]" for section in SECTIONS), *WAR_KEYS, *ENTRY_KEYS, *ARMY_KEYS[PHASE_D], *FORCE_KEYS,
              *NINJA_KEYS, *ASSASSINATE_KEYS, "watch", "preferences", "kind", "province", "unit", "to", "count",
              *WITHDRAWAL_RULES, "rounds", "percent", *AFTER_WIN, *LOSSES_FIRST)
PLACEMENT_KEYS = ("spearmen", "armies", "claims", "army_units", "pick_up")


def guide(language: str, **form) -> str:
    """The form's comment lines, its guide, joined (a key may be wrapped onto the next line after a space)."""
    written = render.render("ikusa/order_form.toml.j2", language, form={"orders": "", **form})
    return " ".join(line[1:].strip() for line in written.splitlines() if line.startswith("#"))


def named(key: str, text: str) -> bool:
    """Whether the text names the key, or one of the rulebook's words the orders read as it (words.toml)."""
    words = [key] + [word for kind in WORDS.values() for word, english in kind.items() if english == key]
    return any(re.search(r"(?<![\w.])" + re.escape(word) + r"(?![\w])", text) for word in words)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_round_form_names_every_key_and_choice_the_orders_accept(language):
    told = guide(language, guide="round", two=None)
    missing = [key for key in ROUND_KEYS if not named(key, told)]
    assert missing == [] and len(ROUND_KEYS) > 40


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_quick_placement_form_names_every_key_of_the_placement(language):
    told = guide(language, guide="placement", quick=True, two=None)
    assert [key for key in PLACEMENT_KEYS if not named(key, told)] == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_two_player_form_names_the_players_own_colours_parts_and_the_split(language):
    placement = guide(language, guide="placement", quick=False, two=["orange", "green"])
    round_ = guide(language, guide="round", two=["orange", "green"])
    assert "[orange]" in placement and "[green]" in placement and named("split", placement)
    assert "[orange.planning]" in round_ and "[red]" not in round_
    assert "[orange]" not in guide(language, guide="round", two=None)
