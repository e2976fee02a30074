"""11.5 Optional regroup rule: the rating, the cap of twice the areas, and never removing."""
from __future__ import annotations

import pytest

from games.amdt.regroup import regroup, regroup_rating


def test_the_rating_is_the_areas_under_the_line_of_communication_over_five_rounded_up():
    assert [regroup_rating(n) for n in (0, 1, 5, 6, 34, 35, 36)] == [0, 1, 1, 2, 7, 7, 8]


def test_the_text_s_example_follows_the_formula_three_units_not_the_four_it_says():
    assert regroup(34, 15, 65) == {"rating": 7, "cap": 68, "room": 3, "may_return": 3}


def test_well_under_the_cap_the_rating_is_the_limit():
    assert regroup(34, 15, 40)["may_return"] == 7


def test_no_more_can_come_back_than_the_regroup_box_holds():
    assert regroup(34, 2, 40)["may_return"] == 2


def test_a_clan_over_its_cap_brings_back_nothing_and_removes_nothing():
    over = regroup(34, 15, 69)
    assert (over["room"], over["may_return"]) == (0, 0)
    assert min(over.values()) >= 0
    assert regroup(34, 15, 68)["may_return"] == 0


def test_counts_must_be_whole_numbers_not_below_zero():
    with pytest.raises(ValueError, match="units on the map"):
        regroup(10, 3, -1)
    with pytest.raises(ValueError, match="areas"):
        regroup_rating(2.5)
