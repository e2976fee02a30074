"""The campaign's JSON records read with their values checked: a file whose syntax is right and whose values are
not (a deadline of "tomorrow", a round number that is a list, an away player's end that is no time) is refused
when read, in one line naming the file and the value, instead of ending in a traceback where the value is used.

A shape is a function of the value and where it is that raises Wrong; SHAPES gives each file's by its name, so
that `read_record(path)` checks any campaign record it knows and reads any other one as it is.
"""
from __future__ import annotations

from pathlib import Path

from pbem import files
from pbem.errors import CampaignDamaged

LARGEST_ROUND = 10**6   # more rounds than any campaign plays; a round folder's name stays short


class Wrong(Exception):
    """A value that is not what its shape says: where it is in the record, and what it should be."""

    def __init__(self, where: str, value, expected: str):
        super().__init__(where, value, expected)
        self.where, self.value, self.expected = where, value, expected


def read_record(path: Path, shape=None):
    """A JSON record pbem wrote, checked against `shape` (by default its file's in SHAPES), or CampaignDamaged."""
    path = Path(path)
    value = files.read_record(path)
    shape = shape or SHAPES.get(path.name)
    if shape is not None:
        try:
            shape(value, "")
        except Wrong as wrong:
            raise CampaignDamaged(damage_line(path, wrong)) from None
    return value


def damage_line(path: Path | str, wrong: Wrong) -> str:
    shown = repr(wrong.value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    where = wrong.where or "the whole record"
    return (f"{path}: damaged, {where} is {shown}, not {wrong.expected}; restore it from a backup, "
            "or see `pbem verify`")


# --- shapes ------------------------------------------------------------------------------------------------------

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def count(value, where: str) -> None:
    if not (_is_int(value) and 0 <= value <= 10**12):
        raise Wrong(where, value, "a whole number of 0 or more")


def round_number(value, where: str) -> None:
    if not (_is_int(value) and 0 <= value <= LARGEST_ROUND):
        raise Wrong(where, value, "a round number")


def text(value, where: str) -> None:
    if not isinstance(value, str):
        raise Wrong(where, value, "a text")


def die(value, where: str) -> None:
    """A die the dice draw: a roll of any other (2**70 sides, none) would loop for ever when rechecked."""
    from engine.dice import sides_drawable

    if not sides_drawable(value):
        raise Wrong(where, value, "a die of 1 to 2**64 sides")


def hex_text(value, where: str) -> None:
    text(value, where)
    try:
        bytes.fromhex(value)
    except ValueError:
        raise Wrong(where, value, "hexadecimal") from None


def flag(value, where: str) -> None:
    if not isinstance(value, bool):
        raise Wrong(where, value, "true or false")


def anything(value, where: str) -> None:
    """A value pbem passes on without looking inside (a game's orders, its state)."""


def stamp(value, where: str) -> None:
    from pbem import clock

    try:
        clock.parse(value)
    except (TypeError, ValueError, OverflowError):
        raise Wrong(where, value, "a time such as 2026-03-01T12:00:00Z") from None


def nullable(shape):
    def check(value, where: str) -> None:
        if value is not None:
            shape(value, where)
    return check


def one_of(*allowed):
    def check(value, where: str) -> None:
        if not any(type(value) is type(choice) and value == choice for choice in allowed):
            raise Wrong(where, value, "one of " + ", ".join(repr(choice) for choice in allowed))
    return check


def list_of(shape):
    def check(value, where: str) -> None:
        if not isinstance(value, list):
            raise Wrong(where, value, "a list")
        for index, item in enumerate(value):
            shape(item, f"{where}[{index}]")
    return check


def mapping(shape):
    """An object of any keys, each value of `shape`."""
    def check(value, where: str) -> None:
        if not isinstance(value, dict):
            raise Wrong(where, value, "an object")
        for key in sorted(value):
            shape(value[key], f"{where}.{key}" if where else key)
    return check


def record(required: dict | None = None, optional: dict | None = None):
    """An object with these keys, each value of its shape; other keys are left alone (a later pbem's)."""
    required, optional = required or {}, optional or {}

    def check(value, where: str) -> None:
        if not isinstance(value, dict):
            raise Wrong(where, value, "an object")
        for key in required:
            if key not in value:
                raise Wrong(f"{where}.{key}" if where else key, "(missing)", "there")
        for key, shape in (*required.items(), *optional.items()):
            if key in value:
                shape(value[key], f"{where}.{key}" if where else key)
    return check


def both(*shapes):
    def check(value, where: str) -> None:
        for shape in shapes:
            shape(value, where)
    return check


def _rerun_notice(value, where: str) -> None:
    """A re-run with a commitment is told to the players: its notice needs what it says."""
    if "commitment" in value:
        record({"rollback": text, "rounds": list_of(round_number), "reason": text})(value, where)


# --- the campaign's files ------------------------------------------------------------------------------------------

ROLL = record({"seq": count, "sides": die, "purpose": text, "value": count})
SHAPES = {
    "deadline.json": record({"round": round_number, "deadline": stamp}),
    "rerun.json": both(record({"round": round_number},
                              {"reason": text, "undone": list_of(text), "rounds": list_of(round_number),
                               "commitment": text, "rollback": text, "at": stamp, "deadline": nullable(stamp)}),
                       _rerun_notice),
    "forcing.json": record({"round": round_number}),
    "sealed.json": record({"round": round_number, "attempt": count, "at": stamp, "margin": count,
                           "orders": mapping(mapping(anything)), "nonces": mapping(text), "digests": mapping(text),
                           "beacon": record({"round": count, "published": stamp})},
                          {"defaulted": list_of(text), "away": list_of(text)}),
    "held.json": record({"round": round_number}, {"message": text}),
    "pause.json": record({"since": stamp, "round": round_number},
                         {"reason": text, "resumed_at": stamp, "deadline": nullable(stamp)}),
    "away.json": mapping(record({"until": stamp}, {"policy": nullable(text)})),
    "mail-left.json": mapping(record({"first_seen": stamp}, {"subject": text, "asked": flag})),
    ".retry.json": mapping(record({"attempts": count, "next": stamp}, {"error": text})),
    "inputs.json": record({"round": round_number},
                          {"orders": mapping(mapping(anything)), "deadline": nullable(stamp),
                           "defaulted": list_of(text),
                           "away": list_of(text), "nonces": mapping(text), "languages": mapping(text),
                           "previous_links": nullable(mapping(text)), "resolved_at": stamp,
                           "rerun": nullable(record({}, {"reason": text, "undone": list_of(text)})),
                           "players": list_of(text), "options": mapping(anything), "timezone": text,
                           "attempt": count, "next_attempt": count,
                           "seal": record({"at": stamp, "margin": count}),
                           "openings": list_of(record({"round": round_number, "attempt": count,
                                                       "entries": mapping(mapping(anything))}))}),
    "round.json": record({"files": mapping(text)},
                         {"round": round_number, "previous": nullable(text), "deadline": nullable(stamp),
                          "commitment": nullable(text), "next_commitment": nullable(text), "resolved_at": stamp,
                          "over": flag, "campaign": text, "game": text, "links": mapping(text)}),
    "dice.json": record({"rolls": list_of(ROLL), "seed": hex_text, "commitment": text},
                        {"nonces": mapping(text), "attempt": count,
                         "hidden": nullable(mapping(anything))}),
}
# An order file of the open round (orders/PLAYER.json): the orders are the game's to check.
ORDERS = record({"round": round_number, "player": text, "orders": mapping(anything)},
                {"final": flag, "nonce": text, "received_at": stamp, "source": text})
