"""Problems as a code and its values; one table per game gives each code its reason and its sentence.

A code is short, stable and kebab-case ("not-adjacent"); its values are plain
data (text, whole numbers, true or false, lists of them) so that they can be
recorded, compared in tests, and put into a sentence of another language
later. A sentence is an English template with named fields in str.format's
style. A few format specs join lists the way the sentences do:

    {names:or}     "Omi", "Owari" or "Mino"   (each quoted, the last after "or")
    {names:and}    red and blue
    {names:list}   red, blue, orange
    {name:paren}   " (Omi)", or nothing for an empty text
    {n:province|provinces}   the word for that many: "province" for 1, "provinces" for any other number

A translation of a template keeps its fields and may choose its own specs: Spanish joins with
{names:o} and {names:y} ("a, b o c", "a, b y c"; "u" and "e" before a word that begins with the sound of o or i) and
writes a number's thousands with {size:dots} ("65.536", as Babel writes Spanish numbers).
"""
from __future__ import annotations

import functools
import re
import string
from dataclasses import dataclass

NOT_UNDERSTOOD = "not-understood"
"""The order file cannot be read as orders: syntax, unknown keys or names, wrong types."""
NOT_ALLOWED = "not-allowed"
"""The orders are understood but the rules or the game's moment forbid them."""


@dataclass(frozen=True)
class Problem:
    """One reason an order file is refused, naming the field (and so the line) at fault.

    `code` says which reason, `values` what it quotes (plain data); `message` is
    the English sentence the game's problem table makes of them (see
    this module). `reason` is NOT_UNDERSTOOD or NOT_ALLOWED, fixed by the code.
    """

    reason: str
    field: str
    code: str
    values: dict
    message: str
    line: int | None = None


CODE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
REASONS = (NOT_UNDERSTOOD, NOT_ALLOWED)


class _Sentences(string.Formatter):
    """str.format with the list specs above."""

    def format_field(self, value, format_spec):
        if format_spec in ("or", "o"):
            quoted = [f'"{item}"' for item in value]
            if len(quoted) == 1:
                return quoted[0]
            word = format_spec if format_spec == "or" else _spanish("o", str(value[-1]))
            return ", ".join(quoted[:-1]) + f" {word} " + quoted[-1]
        if format_spec == "and":
            return " and ".join(str(item) for item in value)
        if format_spec == "y":
            items = [str(item) for item in value]
            if len(items) < 2:
                return "".join(items)
            return ", ".join(items[:-1]) + f" {_spanish('y', items[-1])} " + items[-1]
        if format_spec == "dots":
            return f"{value:,}".replace(",", ".")
        if format_spec == "list":
            return ", ".join(str(item) for item in value)
        if format_spec == "paren":
            return f" ({value})" if value else ""
        if "|" in format_spec:   # one|many: a translation gives its own words (Spanish has these two forms too)
            one, many = format_spec.split("|", 1)
            return one if value == 1 else many
        return super().format_field(value, format_spec)


def _spanish(word: str, following: str) -> str:
    """Spanish "o" is "u" before the sound of o ("siete u ocho"), "y" is "e" before the sound of i ("Omi e
    Iga"), not before a diphthong ("y hierro")."""
    head = following.lower()
    head = head[1:] if head.startswith("h") else head
    if word == "o" and head[:1] in ("o", "ó"):
        return "u"
    if word == "y" and head[:1] in ("i", "í") and head[1:2] not in ("a", "e", "o", "u"):
        return "e"
    return word


_SENTENCES = _Sentences()


@functools.cache
def template_fields(template: str) -> frozenset[str]:
    """The names of the values a template quotes."""
    return frozenset(name for _, name, _, _ in _SENTENCES.parse(template) if name is not None)


def _fields_or_none(template: str) -> frozenset[str] | None:
    try:
        return template_fields(template)
    except ValueError:
        return None


def _plain(value) -> bool:
    if isinstance(value, (str, int)):
        return True
    return isinstance(value, list) and all(isinstance(item, (str, int)) for item in value)


class ProblemTable:
    """One game's codes (or the shell's): code -> (reason, English template).

    Building a problem of an unknown code, or with values other than exactly
    those its template quotes, fails at once: a typo must not reach a player.
    """

    def __init__(self, table: dict[str, tuple[str, str]]):
        for code, (reason, template) in table.items():
            if not CODE.match(code):
                raise ValueError(f"problem code {code!r} is not kebab-case")
            if reason not in REASONS:
                raise ValueError(f"problem code {code!r} has reason {reason!r}, not one of {REASONS}")
            template_fields(template)  # a template that does not parse fails here, not before a player
        self.table = dict(table)

    def reason(self, code: str) -> str:
        return self._entry(code)[0]

    def sentence(self, code: str, values: dict, gettext=None) -> str:
        """The sentence of a code with its values: English, or given `gettext` (a catalogue's, which answers
        a message with its translation or with itself), the translation of its template, formatted.

        A translation that quotes other values than the English (a catalogue gone wrong) gives the English."""
        template = self._entry(code)[1]
        wanted = template_fields(template)
        if set(values) != wanted:
            raise ValueError(f"problem {code!r} quotes {sorted(wanted)}, and was given {sorted(values)}")
        for name, value in values.items():
            if not _plain(value):
                raise TypeError(f"problem {code!r}: value {name} is not plain data: {value!r}")
        if gettext is not None:
            translated = gettext(template)
            if translated != template and _fields_or_none(translated) == wanted:
                try:
                    return _SENTENCES.format(translated, **values)
                except (ValueError, TypeError):   # a spec the value does not take: the English says it
                    pass
        return _SENTENCES.format(template, **values)

    def has(self, code: str, values: dict) -> bool:
        """Whether this table has the code, quoting these values: a problem's own table (the shell's and a
        game's may both have a code, each quoting its own values)."""
        return code in self.table and template_fields(self.table[code][1]) == set(values)

    def problem(self, field: str, code: str, **values) -> Problem:
        """The problem of this code at this field, its reason and sentence from the table."""
        values = {name: list(value) if isinstance(value, tuple) else value for name, value in values.items()}
        return Problem(reason=self.reason(code), field=field, code=code, values=values,
                       message=self.sentence(code, values))

    def _entry(self, code: str) -> tuple[str, str]:
        try:
            return self.table[code]
        except KeyError:
            raise ValueError(f"unknown problem code {code!r}") from None
