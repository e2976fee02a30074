"""11.4 Reinforcements on the turn track, their acceleration by 1d6, and 15.1 Ashikaga's exile."""
from __future__ import annotations

import pytest

from games.amdt.reinforcements import (
    Arrival,
    accelerate_reinforcement,
    enter_reinforcements,
    exile_ashikaga,
    turn_track,
)
from tests.support.scripted import ScriptedDice


def test_the_track_starts_with_the_entry_turns_of_14_1():
    assert turn_track() == {"enryaku-ji": Arrival(2), "takeda": Arrival(6), "mori": Arrival(13),
                            "uesugi": Arrival(15)}


def test_an_acceleration_brings_an_entry_as_many_turns_earlier_as_the_die_shows():
    track, told = accelerate_reinforcement(turn_track(), "takeda", 3, ScriptedDice(2))
    assert track["takeda"] == Arrival(4)
    assert (told["kind"], told["roll"], told["turns_left"], told["was"], told["turn"], told["end_phase"]) == \
        ("accelerated", 2, 3, 6, 4, False)
    assert {entry: arrival for entry, arrival in track.items() if entry != "takeda"} == \
        {entry: arrival for entry, arrival in turn_track().items() if entry != "takeda"}


def test_a_roll_above_the_turns_left_brings_the_entry_in_at_this_turn_s_end_phase():
    track, told = accelerate_reinforcement(turn_track(), "mori", 9, ScriptedDice(5))
    assert track["mori"] == Arrival(9, end_phase=True)
    assert (told["turns_left"], told["end_phase"]) == (4, True)


def test_a_roll_equal_to_the_turns_left_also_brings_it_in_at_this_turn_s_end_phase():
    track, _ = accelerate_reinforcement(turn_track(), "takeda", 3, ScriptedDice(3))
    assert track["takeda"] == Arrival(3, end_phase=True)


def test_an_entry_already_due_this_turn_rolls_no_die_and_stays():
    track = {"takeda": Arrival(5, end_phase=True)}
    after, told = accelerate_reinforcement(track, "takeda", 5, ScriptedDice())
    assert after == track and told["roll"] is None


def test_only_an_entry_still_on_the_track_can_be_accelerated():
    track = {"uesugi": Arrival(15)}
    with pytest.raises(ValueError, match="not on the track"):
        accelerate_reinforcement(track, "takeda", 3, ScriptedDice(1))
    with pytest.raises(ValueError, match="turn 31"):
        accelerate_reinforcement(track, "uesugi", 31, ScriptedDice(1))


def test_an_entry_comes_in_on_its_turn_with_its_leader_s_chit_for_the_pool():
    track = {entry: arrival for entry, arrival in turn_track().items() if entry != "enryaku-ji"}
    track, events, _ = enter_reinforcements(track, 6)
    assert [(ev["kind"], ev["entry"], ev["clans"], ev["pool_chit"]) for ev in events] == [
        ("reinforcements", "takeda", {"takeda": 14}, "takeda")]
    assert set(track) == {"mori", "uesugi"}


def test_mori_ukita_and_murakami_enter_together_and_no_chit_goes_to_the_pool():
    _, events, _ = enter_reinforcements({"mori": Arrival(13)}, 13)
    assert [(ev["clans"], ev["pool_chit"]) for ev in events] == [({"mori": 18, "ukita": 6, "murakami": 2}, None)]


def test_an_accelerated_entry_comes_in_only_at_the_end_phase():
    track = {"takeda": Arrival(4, end_phase=True)}
    same, events, _ = enter_reinforcements(track, 4)
    assert (same, events) == (track, [])
    after, events, _ = enter_reinforcements(track, 4, end_phase=True)
    assert after == {} and [(ev["entry"], ev["end_phase"]) for ev in events] == [("takeda", True)]


def test_uesugi_s_entry_puts_ikko_ikki_in_both_kaga_temples_from_their_regroup_box():
    _, events, box = enter_reinforcements({"uesugi": Arrival(15)}, 15)
    temples = [ev for ev in events if ev["kind"] == "ikko_ikki_temples"]
    assert [(ev["temples"], ev["replaced"], ev["minor_units_left"]) for ev in temples] == [
        (["daisho-ji", "oyama"], 2, 0)]
    assert box == 12


def test_with_too_few_ikko_ikki_in_the_box_the_minor_units_not_replaced_stay():
    _, events, box = enter_reinforcements({"uesugi": Arrival(15)}, 15, ikko_ikki_in_box=1)
    assert [(ev["replaced"], ev["minor_units_left"]) for ev in events if ev["kind"] == "ikko_ikki_temples"] == \
        [(1, 1)]
    assert box == 0


def test_an_entry_left_behind_on_an_earlier_turn_is_refused():
    with pytest.raises(ValueError, match="should have entered before turn 7"):
        enter_reinforcements({"takeda": Arrival(6)}, 7)


def test_exiling_ashikaga_rolls_once_for_every_entry_still_to_come_soonest_first():
    track = {"uesugi": Arrival(15), "takeda": Arrival(6), "mori": Arrival(13)}
    dice = ScriptedDice(4, 2, 6)
    after, events = exile_ashikaga(track, 3, dice)
    assert dice.purposes() == ["exile of Ashikaga: takeda accelerated", "exile of Ashikaga: mori accelerated",
                               "exile of Ashikaga: uesugi accelerated"]
    assert after == {"takeda": Arrival(3, end_phase=True), "mori": Arrival(11), "uesugi": Arrival(9)}
    assert events[0] == {"kind": "ashikaga_exiled", "audience": "all", "turn": 3, "area": "tomo",
                         "by_event_card": False}


def test_exiling_ashikaga_with_an_event_card_rolls_nothing():
    after, events = exile_ashikaga(turn_track(), 1, ScriptedDice(), by_event_card=True)
    assert after == turn_track() and [ev["kind"] for ev in events] == ["ashikaga_exiled"]


def test_an_exile_on_turn_1_brings_enryaku_ji_in_at_that_turn_s_end_phase():
    after, _ = exile_ashikaga(turn_track(), 1, ScriptedDice(1, 1, 1, 1))
    assert after["enryaku-ji"] == Arrival(1, end_phase=True)
    assert after["takeda"] == Arrival(5)


def test_only_the_samurai_ashikaga_can_be_exiled():
    with pytest.raises(ValueError, match="a daimyo"):
        exile_ashikaga(turn_track(), 3, ScriptedDice(), ashikaga="daimyo")
    with pytest.raises(ValueError, match="in Tomo"):
        exile_ashikaga(turn_track(), 3, ScriptedDice(), ashikaga="tomo")
