"""Exact odds of taking a castle, and the best move after a roll.

The chance depends only on the lines still open (a multiset) and the number
of dice left: every die not placed on a line is rolled again, so a fill matters
only through how many dice it uses, and using the fewest is always best (the
chance never falls with more dice). A roll of n dice is therefore summed up by
its signature: for each open line type, the fewest dice that fill it, or 0.
Rolls are enumerated as multisets of faces weighted by their multinomial
counts, and grouped by signature, so each state costs a few dozen terms.

Values are kept as integers over 6**(n(n+1)/2) (a triangular power: the
deepest product of roll denominators below n dice), so the whole recursion is
exact integer arithmetic; Fractions appear only at the edge.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from .cards import castle, castle_names
from .lines import FACES, STEAL_LINE, dice_for_line, fewest_dice

__all__ = ["best_move", "castle_names", "chance", "odds", "percent", "value"]


def _tri(n: int) -> int:
    return n * (n + 1) // 2


@cache
def _outcomes(n: int) -> tuple[tuple[tuple[str, ...], ...], tuple[int, ...]]:
    """Every roll of n dice as a multiset of faces, with how many ordered rolls give it."""
    rolls, weights = [], []
    for faces in combinations_with_replacement(FACES, n):
        weight = factorial(n)
        for count in Counter(faces).values():
            weight //= factorial(count)
        rolls.append(faces)
        weights.append(weight)
    return tuple(rolls), tuple(weights)


@cache
def _column(line: str, n: int) -> tuple[int, ...]:
    """For each roll of n dice, the fewest dice that fill this line (0: it cannot)."""
    rolls, _ = _outcomes(n)
    return tuple(len(used) if (used := dice_for_line(line, roll)) else 0 for roll in rolls)


@cache
def _groups(types: tuple[str, ...], n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The rolls of n dice grouped by signature over these line types, with summed weights."""
    _, weights = _outcomes(n)
    totals: dict[tuple[int, ...], int] = {}
    for signature, weight in zip(zip(*(_column(t, n) for t in types)), weights):
        totals[signature] = totals.get(signature, 0) + weight
    return tuple(totals.items())


def _without(key: tuple[str, ...], line: str) -> tuple[str, ...]:
    i = key.index(line)
    return key[:i] + key[i + 1:]


@cache
def _scaled(key: tuple[str, ...], n: int) -> int:
    """The chance of filling every line of `key` (sorted) with n dice, times 6**tri(n)."""
    if not key:
        return 6 ** _tri(n)
    if n < sum(fewest_dice(line) for line in key):
        return 0
    types = tuple(dict.fromkeys(key))
    drop = _scaled(key, n - 1)
    after_fill: dict[tuple[str, int], int] = {}
    total = 0
    for signature, weight in _groups(types, n):
        best = drop
        for line, used in zip(types, signature):
            if used:
                option = after_fill.get((line, used))
                if option is None:
                    option = _scaled(_without(key, line), n - used) * 6 ** (_tri(n - 1) - _tri(n - used))
                    after_fill[(line, used)] = option
                if option > best:
                    best = option
        total += weight * best
    return total


def value(lines, dice: int) -> Fraction:
    """The exact chance of filling all these lines with this many dice, playing best."""
    if dice < 0:
        raise ValueError("dice cannot be negative")
    return _value(tuple(sorted(lines)), dice)


@cache
def _value(key: tuple[str, ...], dice: int) -> Fraction:
    return Fraction(_scaled(key, dice), 6 ** _tri(dice))


def chance(lines: tuple[str, ...], dice: int = 7) -> Fraction:
    """The exact chance of taking a castle with these lines, starting with `dice` dice."""
    return value(lines, dice)


@cache
def odds(name: str, steal: bool = False, dice: int = 7) -> Fraction:
    """The exact chance of taking a castle by name; stealing adds the single-daimyo line."""
    lines = castle(name).lines + ((STEAL_LINE,) if steal else ())
    return chance(lines, dice)


def best_move(open_lines: list[tuple[int, str]], faces: list[str]) -> tuple[int, list[str]] | None:
    """The line to fill after this roll and the dice it takes, or None to drop a die.

    `open_lines` are (index, line) pairs in printed order (the steal line
    last). Ties go to filling over dropping, then to the first line in that
    order, so every process plays the same turn.
    """
    n = len(faces)
    key = [line for _, line in open_lines]
    best: tuple[Fraction, int, list[str]] | None = None
    for position, (index, line) in enumerate(open_lines):
        used = dice_for_line(line, faces)
        if used is None:
            continue
        after = value(key[:position] + key[position + 1:], n - len(used))
        if best is None or after > best[0]:
            best = (after, index, used)
    if best is None or best[0] < value(key, n - 1):
        return None
    return best[1], best[2]


@cache
def percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal, rounded half up: "61.2"."""
    tenths = (chance * 1000 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"
