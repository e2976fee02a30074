"""Dice faces and battle lines: which dice fill which line.

A line is a short text: "A", "CC", "AC", "DD" need exactly those faces, one
die each; "5I" needs infantry dice ("1", "2", "3") whose total is at least 5.
"""
from __future__ import annotations

from collections import Counter

FACES = ("1", "2", "3", "A", "C", "D")
"""The six faces, indexed by a d6 value minus one."""

INFANTRY = {"1": 1, "2": 2, "3": 3}

STEAL_LINE = "D"
"""The extra single-daimyo line needed to take a castle from an opponent."""

SYMBOLS = "ACD"


def face_of(value: int) -> str:
    """The face shown by a d6 value: 1-3 infantry, 4 archery, 5 cavalry, 6 daimyo."""
    return FACES[value - 1]


def is_infantry(line: str) -> bool:
    return line.endswith("I")


def infantry_total(line: str) -> int:
    return int(line[:-1])


def check_line(line: str) -> None:
    """Refuse a malformed line in the card data."""
    if is_infantry(line):
        if not line[:-1].isdigit() or infantry_total(line) < 1:
            raise ValueError(f"bad infantry line {line!r}")
    elif not line or any(symbol not in SYMBOLS for symbol in line):
        raise ValueError(f"bad battle line {line!r}")


def fewest_dice(line: str) -> int:
    """The fewest dice any roll could place on this line."""
    if is_infantry(line):
        return -(-infantry_total(line) // 3)
    return len(line)


def dice_for_line(line: str, faces: list[str] | tuple[str, ...]) -> list[str] | None:
    """The dice that fill the line, using as few as possible, or None if it cannot be filled.

    Only the number of dice used matters to the odds (the rest are rolled
    again), so infantry takes the largest dice first.
    """
    if is_infantry(line):
        need = infantry_total(line)
        used: list[str] = []
        for face in sorted((f for f in faces if f in INFANTRY), key=INFANTRY.get, reverse=True):
            used.append(face)
            need -= INFANTRY[face]
            if need <= 0:
                return used
        return None
    have = Counter(faces)
    for symbol, count in Counter(line).items():
        if have[symbol] < count:
            return None
    return list(line)


def could_use(line: str, face: str) -> bool:
    """Whether a die showing this face could ever go on this line."""
    return face in INFANTRY if is_infantry(line) else face in line
