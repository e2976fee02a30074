"""The rulebook's words as a player writes them: an order file may name units, fortifications and choices in
Spanish as the Spanish rulebook does (lancero, castillo, avanzar), in English, in capitals or without accents.
Before anything is checked the file is read into the English words the rules use (words.toml), and the orders
kept are those: the check and the round read one vocabulary, and a campaign's stored orders stay English."""
from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path

from .units import KINDS

_DATA = tomllib.loads((Path(__file__).with_name("words.toml")).read_text("utf-8"))
_ENGLISH = {"units": KINDS, "fortifications": ("castle", "fortress"),
            "after_win": ("stay", "advance", "advance_and_stop"), "losses_first": ("force", "army")}
WORDS = {kind: {**{word: word for word in english}, **_DATA[kind]} for kind, english in _ENGLISH.items()}
"""{kind of word: {a word as folded(): the rules' English word}}."""

UNIT_TABLES = ("units", "garrison", "drop", "pick_up")
"""Parts of an order whose tables are keyed by unit (at any depth: drop = { omi = { lancero = 1 } }); the
placement's army_units is a list of such tables."""


def folded(word: str) -> str:
    """The word without capitals, accents or spaces at its ends, as the vocabulary is looked up."""
    plain = unicodedata.normalize("NFKD", word.strip().lower())
    return "".join(char for char in plain if not unicodedata.combining(char)).replace(" ", "_")


def rulebook_word(kind: str, written):
    """The rules' English word for what was written, or what was written when it is no such word."""
    if not isinstance(written, str):
        return written
    return WORDS[kind].get(folded(written), written)


def in_rulebook_terms(body):
    """The order file with every unit, fortification and choice in the rules' English words; the rest as
    written (a name that is no such word is left for the check to quote)."""
    return _read(body, None)


def _read(value, key: str | None):
    if isinstance(value, list):
        if key == "priority":
            return [rulebook_word("units", item) for item in value]
        return [_read(item, "units" if key == "army_units" else None) for item in value]
    if not isinstance(value, dict):
        return value
    if key in UNIT_TABLES:   # a table keyed by unit, or by province holding such tables
        table: dict = {}
        for name, inner in value.items():
            word = rulebook_word("units", name)
            # two names of one unit (lancero = 1, spearman = 2): the other kept as written, for the check to name
            table[name if word in value or word in table else word] = _read(inner, key)
        return table
    result = {}
    for name, inner in value.items():
        if name == "unit":
            result[name] = rulebook_word("units", inner)
        elif name == "successors" and isinstance(inner, dict):
            result[name] = {army: rulebook_word("units", unit) for army, unit in inner.items()}
        elif name == "build" and isinstance(inner, dict):
            result[name] = {k: rulebook_word("fortifications", v) if k == "kind" else v for k, v in inner.items()}
        elif name == "after_win":
            result[name] = rulebook_word("after_win", inner)
        elif name == "defence_losses_first":
            result[name] = rulebook_word("losses_first", inner)
        else:
            result[name] = _read(inner, name)
    return result
