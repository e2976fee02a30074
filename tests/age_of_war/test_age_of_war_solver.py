from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from games.age_of_war.solver import (
    best_move,
    castle_names,
    chance,
    odds,
    percent,
    value,
)

FACES = "123ACD"


def fills(line, dice):
    """The rulebook's test, written independently of the game code."""
    if line.endswith("I"):
        return all(d in "123" for d in dice) and sum(int(d) for d in dice) >= int(line[:-1])
    return sorted(dice) == sorted(line)


@cache
def brute(lines: tuple, n: int) -> Fraction:
    """Every ordered roll, every subset of dice on every line, or a drop: the best of all."""
    if not lines:
        return Fraction(1)
    if n == 0:
        return Fraction(0)
    total = Fraction(0)
    for roll in product(FACES, repeat=n):
        best = brute(lines, n - 1)
        for i, line in enumerate(lines):
            rest = lines[:i] + lines[i + 1:]
            for size in range(1, n + 1):
                for chosen in combinations(roll, size):
                    if fills(line, chosen):
                        best = max(best, brute(rest, n - size))
        total += best
    return total / 6 ** n


def test_the_reference_odds_are_reproduced():
    assert round(float(odds("Gifu")), 4) == 0.9229
    assert round(float(odds("Kasugayama")), 4) == 0.2700
    assert round(float(odds("Kumamoto")), 4) == 0.2662
    assert [round(float(odds(n)), 3) for n in ("Gifu", "Kasugayama", "Kumamoto")] == [0.923, 0.270, 0.266]


@pytest.mark.parametrize("lines, dice", [
    (("A", "2I"), 3),
    (("CC", "3I"), 4),
    (("D", "AC", "2I"), 4),
    (("A", "A", "4I"), 4),
    (("DD", "C"), 4),
    (("D", "AC", "2I"), 5),
])
def test_the_solver_agrees_with_brute_force_over_every_roll_and_every_choice(lines, dice):
    assert chance(lines, dice) == brute(tuple(lines), dice)


def test_the_best_move_is_the_best_of_every_possible_choice():
    # Lines A ; 5I with four dice rolled A 3 2 1: fill A (leaving 5I to three dice), fill 5I with
    # 3 + 2 (leaving A to one die) or drop. Brute force says which is best.
    lines, roll = ("A", "5I"), ["A", "3", "2", "1"]
    options = {"drop": brute(lines, 3), 0: brute(("5I",), 3), 1: brute(("A",), 2)}
    index, used = best_move(list(enumerate(lines)), roll)
    assert options[index] == max(options.values())
    assert options[index] > options["drop"]
    assert value(lines[:index] + lines[index + 1:], 4 - len(used)) == options[index]


def test_a_die_is_dropped_only_when_every_fill_is_worse():
    assert best_move([(0, "D"), (1, "8I")], ["2", "1", "1", "1", "1", "1", "1"]) is None
    assert best_move([(0, "D"), (1, "8I")], ["D", "1", "1", "1", "1", "1", "1"]) == (0, ["D"])


def test_equal_fills_go_to_the_first_line_in_printed_order():
    assert best_move([(0, "D"), (1, "A"), (2, "C"), (3, "D")], list("DAC1111")) == (0, ["D"])
    assert best_move([(3, "D")], list("D111")) == (3, ["D"])


def test_the_chance_never_falls_with_more_dice():
    for lines in [("A", "CC", "5I"), ("DD", "A", "C", "4I"), ("10I",)]:
        chances = [chance(lines, n) for n in range(8)]
        assert chances == sorted(chances)
        assert chances[0] == 0


def test_stealing_is_always_harder_than_taking_from_the_centre():
    for name in castle_names():
        assert odds(name, steal=True) < odds(name)


def test_percentages_have_one_decimal_rounded_half_up():
    assert percent(Fraction(6125, 10000)) == "61.3"
    assert percent(Fraction(1, 3)) == "33.3"
    assert percent(Fraction(1)) == "100.0"
    assert percent(odds("Gifu")) == "92.3"


def test_a_fill_is_preferred_to_a_drop_when_both_are_equally_hopeless():
    # five dice cannot take Kumamoto any more (DD ; A ; C ; 4I need six): fill, do not drop
    assert best_move([(0, "DD"), (1, "A"), (2, "C"), (3, "4I")], list("11111")) == (3, ["1", "1", "1", "1"])
