"""14.1 Set-up and 14.2 First turn, as data: every piece where the text puts it."""
from __future__ import annotations

import pytest

from games.amdt.setup import SETUP, oda_may_enter, place_split, split_choices, starting_units, units_of

BROWN_AREAS = ["kozuki", "himeji", "izushi", "kuroi", "miyaza", "tamba-kameyama", "obama", "daisho-ji", "toyama",
               "nagashino", "futamata", "kaegawa"]


def test_one_minor_clan_unit_stands_in_each_of_the_twelve_brown_areas():
    units = starting_units()
    assert {area: units[area] for area in BROWN_AREAS} == {area: {"minor": 1} for area in BROWN_AREAS}
    assert units_of("minor") == 12


def test_the_oda_placements_use_exactly_nobunaga_his_seven_samurai_and_thirty_two_soldiers():
    oda = SETUP["oda"]
    assert units_of("oda") == oda["samurai"] + oda["soldiers"] == 39
    kanagasaki = [p for p in SETUP["placement"] if p["areas"] == ["kanagasaki"]]
    assert [(p["clan"], p["units"], p.get("leader")) for p in kanagasaki] == [("oda", 15, "oda-nobunaga")]
    assert oda["control"] == ["kanagasaki", "mount-hiei"]


def test_oda_s_fixed_garrisons_are_the_ones_the_text_lists():
    units = starting_units()
    oda = {area: clans["oda"] for area, clans in units.items() if "oda" in clans}
    assert oda == {"kanagasaki": 15, "kyoto": 4, "ibaraki": 2, "otsu": 2, "kannon-ji": 2, "minakuchi": 2,
                   "kameyama": 2, "kuwana": 2, "ogaki": 2, "kiyoshi": 4, "iwamura": 2}
    assert (units["mount-shigi"], units["horyu-ji"]) == ({"matsunaga": 2}, {"tsutsui": 2})


def test_the_ikko_ikki_have_fourteen_units_on_the_map_and_fourteen_in_their_regroup_box():
    units = starting_units()
    assert {area: units[area]["ikko-ikki"] for area in units if "ikko-ikki" in units[area]} == {
        "ishiyama": 6, "nagashima": 4, "arioka": 1, "anakama": 1, "kishiwada": 1, "negoro-ji": 1}
    assert SETUP["regroup_box"]["ikko-ikki"] == 14
    assert units["saika"] == {"saika": 2}


def test_the_anti_oda_minor_alliances_and_the_neutral_clans_stand_where_the_text_puts_them():
    units = starting_units()
    assert [units[area] for area in ("noda-fukushima", "mitsukuri", "yagami", "nanao", "ueno")] == [
        {"miyoshi": 6}, {"rokkaku": 2}, {"hatano": 2}, {"hatakeyama": 2}, {"iga-ninja": 2}]
    assert (SETUP["ashikaga"]["area"], SETUP["ashikaga"]["side"]) == ("kyoto", "neutral")


def test_four_clans_are_shared_out_by_a_player_among_the_areas_allowed():
    assert [(c["clan"], c["units"], c["chooses"]) for c in split_choices()] == [
        ("bessho", 4, "anti-oda"), ("azai", 6, "anti-oda"), ("asakura", 11, "anti-oda"), ("tokugawa", 6, "oda")]
    assert place_split("azai", {"sawayama": 4, "odani": 2, "yokoyama": 0}) == {"sawayama": 4, "odani": 2}


def test_a_share_out_must_place_every_unit_in_the_areas_allowed():
    with pytest.raises(ValueError, match="only in"):
        place_split("bessho", {"kakogawa": 2, "himeji": 2})
    with pytest.raises(ValueError, match="4 units to place, 3"):
        place_split("bessho", {"kakogawa": 2, "miki": 1})
    with pytest.raises(ValueError, match="no split"):
        place_split("oda", {"kyoto": 1})


def test_the_turn_track_holds_enryaku_ji_takeda_mori_and_uesugi_on_their_turns():
    track = {entry["id"]: (entry["turn"], entry["clans"]) for entry in SETUP["track"]}
    assert track == {"enryaku-ji": (2, {"enryaku-ji": 2}), "takeda": (6, {"takeda": 14}),
                     "mori": (13, {"mori": 18, "ukita": 6, "murakami": 2}), "uesugi": (15, {"uesugi": 10})}


def test_oda_starts_with_good_fortune_among_sixty_four_event_cards():
    assert SETUP["cards"] == {"events": 64, "oda_starts_with": "good-fortune"}


def test_on_the_first_turn_oda_may_not_enter_the_azai_areas_and_nobunaga_goes_first():
    assert [oda_may_enter(area, 1) for area in ("sawayama", "yokoyama", "odani", "kyoto")] == [False, False,
                                                                                                False, True]
    assert all(oda_may_enter(area, 2) for area in ("sawayama", "yokoyama", "odani"))
    assert (SETUP["first_turn"]["first_chit"], SETUP["first_turn"]["first_impulse"]) == ("oda-nobunaga", "oda")


def test_every_area_named_is_spelt_as_the_text_writes_it():
    named = {area for p in SETUP["placement"] for area in p["areas"]}
    assert named <= set(SETUP["areas"])
    assert all(any("а" <= ch.lower() <= "я" for ch in spelling) for spelling in SETUP["areas"].values())
