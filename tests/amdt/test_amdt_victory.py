"""14.3 Victory conditions: the quick game's castles, the standard game's Kyoto, the campaign's deaths and map."""
from __future__ import annotations

import pytest

from games.amdt.victory import (
    campaign_sudden_death,
    campaign_winner,
    quick_game_castles,
    quick_game_winner,
    scenario_over,
    standard_game_winner,
)

FIVE = [("kyoto", 3), ("gifu", 2), ("kiyoshi", 2), ("nagashima", 3), ("otsu", 2)]


def test_the_quick_game_counts_castles_of_level_two_and_three_only():
    assert quick_game_castles([("a", 1), ("b", 2), ("c", 3), ("d", 1)], False) == 2


def test_azuchi_never_counts_even_when_built_to_level_three():
    assert quick_game_castles([("azuchi", 3), ("b", 2)], False) == 1


def test_good_fortune_held_at_the_end_counts_as_one_castle():
    assert quick_game_castles(FIVE, True) == 6
    assert quick_game_winner(FIVE, True) == "oda"
    assert quick_game_winner(FIVE, False) == "anti-oda"


def test_a_bid_lowers_the_castles_oda_needs_but_never_above_six():
    assert quick_game_winner(FIVE[:4], False, needed=4) == "oda"
    assert quick_game_winner(FIVE[:3], False, needed=4) == "anti-oda"
    with pytest.raises(ValueError, match="1 to 6"):
        quick_game_winner(FIVE, False, needed=7)


def test_a_castle_level_outside_one_to_three_is_refused():
    with pytest.raises(ValueError, match="level 4"):
        quick_game_castles([("x", 4)], False)


def test_the_standard_game_goes_to_whoever_holds_kyoto():
    assert [standard_game_winner(side) for side in ("oda", "anti-oda", None)] == ["oda", "anti-oda", None]
    with pytest.raises(ValueError, match="not a side"):
        standard_game_winner("mori")


def test_in_the_campaign_nobunaga_dying_in_battle_ends_it_for_anti_oda_but_not_illness():
    assert campaign_sudden_death(nobunaga_died="battle") == "anti-oda"
    assert campaign_sudden_death(nobunaga_died="illness") is None
    assert campaign_sudden_death() is None


def test_in_the_campaign_nobutada_dying_of_anything_ends_it_for_anti_oda():
    assert campaign_sudden_death(nobunaga_died="illness", nobutada_dead=True) == "anti-oda"
    assert campaign_winner({"kyoto": "oda"}, nobutada_dead=True) == "anti-oda"


def test_otherwise_the_campaign_goes_to_the_side_holding_every_playable_area():
    assert campaign_winner({"kyoto": "oda", "ishiyama": "oda"}) == "oda"
    assert campaign_winner({"kyoto": "oda", "ishiyama": "anti-oda"}) is None
    assert campaign_winner({"kyoto": "oda", "ishiyama": None}) is None
    with pytest.raises(ValueError, match="none were given"):
        campaign_winner({})


def test_the_quick_game_ends_after_turn_ten_the_standard_after_thirty_the_campaign_never_by_turn():
    assert [scenario_over("quick", t) for t in (9, 10)] == [False, True]
    assert [scenario_over("standard", t) for t in (29, 30)] == [False, True]
    assert not scenario_over("campaign", 30)
    with pytest.raises(ValueError, match="scenario"):
        scenario_over("short", 3)
