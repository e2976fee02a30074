"""The combat sequence of Ikusa, played with dice whose every roll the test decides."""
from __future__ import annotations

import pytest

from games.ikusa.combat import (
    choose_casualty,
    fight_battle,
    remove_casualties,
    roll_volley,
)
from games.ikusa.units import DEFAULT_PRIORITY, within_ronin_limit
from tests.support.scripted import ScriptedDice

HIT, MISS = 1, 12


def only(events: list[dict], kind: str) -> list[dict]:
    return [ev for ev in events if ev["kind"] == kind]


def battle(attacker, defender, *values, **options):
    """Fight with scripted dice; every scripted value must be used."""
    dice = ScriptedDice(*values)
    result = fight_battle(attacker, defender, dice, purpose="b", **options)
    assert dice.values == [], f"scripted rolls left over: {dice.values}"
    return result, dice


# The combat values (rulebook, "Valor Combate") and the step each kind rolls in.

@pytest.mark.parametrize("kind, value", [
    ("daimyo", 6), ("archer", 6), ("gunner", 4), ("swordsman", 5), ("ronin", 5), ("spearman", 4),
])
def test_a_unit_hits_on_a_d12_roll_at_most_its_combat_value(kind, value):
    dice = ScriptedDice(value, value + 1)
    rolls, hits = roll_volley(dice, {kind: 2}, [kind], "v")
    assert [r["hit"] for r in rolls] == [True, False]
    assert hits == 1
    assert dice.rolls[0]["sides"] == 12


def test_every_kind_rolls_in_its_own_step_of_the_sequence():
    attacker = {"daimyo": 1, "archer": 1, "gunner": 1, "swordsman": 1, "ronin": 1, "spearman": 1}
    result, dice = battle(attacker, {"spearman": 1}, *[MISS] * 7, withdrawal={"rule": "after_rounds", "rounds": 1})
    steps = [(ev["step"], ev["side"], [r["unit"] for r in ev["rolls"]]) for ev in only(result["events"], "volley")]
    assert steps == [
        (1, "attacker", ["archer"]),
        (2, "attacker", ["gunner"]),
        (4, "attacker", ["daimyo"]),
        (5, "attacker", ["swordsman", "ronin"]),
        (6, "attacker", ["spearman"]),
        (6, "defender", ["spearman"]),
    ]
    assert dice.purposes() == [
        "b round 1 attacker archer", "b round 1 attacker gunner", "b round 1 attacker daimyo",
        "b round 1 attacker swordsman", "b round 1 attacker ronin", "b round 1 attacker spearman",
        "b round 1 defender spearman",
    ]


def test_steps_where_neither_side_has_the_kind_roll_no_dice():
    result, dice = battle({"spearman": 1}, {"spearman": 1}, MISS, MISS, HIT, MISS)
    assert {ev["step"] for ev in only(result["events"], "volley")} == {6}
    assert dice.purposes() == ["b round 1 attacker spearman", "b round 1 defender spearman",
                               "b round 2 attacker spearman", "b round 2 defender spearman"]
    assert result["outcome"] == "attacker_won" and result["rounds"] == 2


# Casualties: both sides at once, long range before hand to hand.

def test_hits_scored_in_the_same_step_are_removed_from_both_sides_at_once():
    result, _ = battle({"spearman": 1}, {"spearman": 1}, HIT, HIT)
    assert result["outcome"] == "both_eliminated"
    assert result["attacker"] == {} and result["defender"] == {}
    assert [(ev["side"], ev["units"]) for ev in only(result["events"], "casualties")] == [
        ("attacker", {"spearman": 1}), ("defender", {"spearman": 1})]


def test_a_swordsman_shot_by_a_gunner_dies_without_rolling():
    # The rulebook's example: the attacker's gunner rolls first and scores; long-range casualties
    # are removed before hand to hand, so the defending swordsman never strikes back.
    result, dice = battle({"gunner": 1}, {"swordsman": 1}, 4)
    assert result["outcome"] == "attacker_won"
    assert dice.purposes() == ["b round 1 attacker gunner"]
    assert only(result["events"], "casualties")[0]["step"] == 3


def test_a_gunner_that_misses_on_5_lets_the_swordsman_strike_in_the_same_round():
    result, dice = battle({"gunner": 1}, {"swordsman": 1}, 5, 5)
    assert result["outcome"] == "defender_won"
    assert dice.purposes() == ["b round 1 attacker gunner", "b round 1 defender swordsman"]
    assert only(result["events"], "casualties")[0]["step"] == 7


def test_the_rulebook_example_each_side_loses_one_spearman_then_the_attacker_withdraws():
    # Yamato's two spearmen against Kawachi's swordsman and spearman: the swordsman rolls 3
    # (a hit), one of the two attacking spearmen hits, the defending spearman misses.
    result, _ = battle({"spearman": 2}, {"swordsman": 1, "spearman": 1},
                       3, 9, 2, 10, withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["outcome"] == "withdrawn"
    assert result["attacker"] == {"spearman": 1}
    assert result["defender"] == {"swordsman": 1}
    assert only(result["events"], "withdrawal") == [
        {"kind": "withdrawal", "audience": "all", "round": 1, "step": 8, "rule": "after_rounds"}]


def test_hits_beyond_the_units_of_a_side_are_wasted():
    result, _ = battle({"archer": 3}, {"spearman": 1}, HIT, HIT, HIT)
    assert result["outcome"] == "attacker_won"
    (casualties,) = only(result["events"], "casualties")
    assert casualties["hits"] == 3 and casualties["units"] == {"spearman": 1}


def test_each_side_removes_its_own_casualties_in_its_own_priority():
    result, _ = battle({"archer": 1}, {"archer": 1, "spearman": 1}, HIT, MISS,
                       MISS, withdrawal={"rule": "after_rounds", "rounds": 1},
                       defender_priority=["archer", "spearman"])
    assert result["defender"] == {"spearman": 1}


def test_the_default_casualty_priority_is_spearmen_gunners_swordsmen_ronin_archers():
    assert DEFAULT_PRIORITY == ("spearman", "gunner", "swordsman", "ronin", "archer")
    force = {"daimyo": 1, "archer": 1, "gunner": 1, "swordsman": 1, "ronin": 1, "spearman": 3}
    order = []
    for _ in range(7):
        force, _, lost = remove_casualties(force, 0, 1, DEFAULT_PRIORITY)
        order += list(lost["units"])
    assert order == ["spearman", "spearman", "spearman", "gunner", "swordsman", "ronin", "archer"]
    assert force["daimyo"] == 1


# The daimyo dies last.

def test_the_daimyo_is_removed_only_as_the_last_unit_even_if_the_priority_names_it_first():
    assert choose_casualty({"daimyo": 1, "archer": 1}, ("daimyo", "archer")) == "archer"
    force, _, lost = remove_casualties({"daimyo": 1, "archer": 1}, 0, 2, ("archer",))
    assert lost["units"] == {"archer": 1, "daimyo": 1} and sum(force.values()) == 0


def test_a_doubly_held_province_defends_as_one_force_whose_daimyo_dies_last():
    # The army (daimyo and a swordsman) and the provincial force (two spearmen) defend together:
    # three archer hits take every unit but the daimyo, who then rolls in step 4.
    defender = {"daimyo": 1, "swordsman": 1, "spearman": 2}
    result, _ = battle({"archer": 3}, defender, HIT, HIT, HIT, MISS,
                       withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["defender"] == {"daimyo": 1}
    assert only(result["events"], "volley")[-1]["rolls"] == [{"unit": "daimyo", "roll": MISS, "hit": False}]


# The ronin stacking limit.

def test_two_spearmen_and_a_ronin_lose_the_ronin_to_one_hit():
    force, _, lost = remove_casualties({"spearman": 2, "ronin": 1}, 0, 1, DEFAULT_PRIORITY)
    assert lost["units"] == {"ronin": 1}
    assert force["spearman"] == 2


def test_the_ronin_limit_holds_after_every_casualty_step_whatever_the_priority():
    priorities = [DEFAULT_PRIORITY, ("spearman", "archer", "gunner", "swordsman", "ronin"),
                  ("archer", "swordsman", "gunner", "spearman", "ronin")]
    forces = [{"daimyo": 1, "spearman": 3, "archer": 1, "ronin": 4},
              {"spearman": 2, "swordsman": 1, "ronin": 2},
              {"daimyo": 1, "ronin": 1, "gunner": 1}]
    for priority in priorities:
        for force in forces:
            assert within_ronin_limit(force)
            for hits in range(sum(force.values()) + 1):
                after, _, _ = remove_casualties(force, 0, hits, priority)
                assert within_ronin_limit(after), (force, priority, hits, after)
                assert sum(after.values()) == sum(force.values()) - hits


def test_the_ronin_limit_is_kept_in_battle():
    result, _ = battle({"archer": 1}, {"spearman": 2, "ronin": 1}, HIT, MISS, MISS,
                       withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["defender"] == {"spearman": 2}


def test_a_force_already_over_the_ronin_limit_loses_ronin_first():
    # An army whose daimyo was assassinated can start over the limit.
    force, _, lost = remove_casualties({"spearman": 2, "ronin": 3}, 0, 2, DEFAULT_PRIORITY)
    assert lost["units"] == {"ronin": 2} and force["ronin"] == 1


def test_ronin_left_without_any_regular_unit_are_removed():
    force, _, lost = remove_casualties({"ronin": 2}, 0, 0, DEFAULT_PRIORITY)
    assert force["ronin"] == 0 and lost["ronin_alone"] == 2


def test_a_force_of_ronin_alone_cannot_fight():
    with pytest.raises(ValueError, match="ronin cannot fight alone"):
        fight_battle({"ronin": 2}, {"spearman": 1}, ScriptedDice())


# Castles and fortresses.

def test_bonus_spearmen_die_before_any_regular_defender():
    result, _ = battle({"archer": 3}, {"swordsman": 1}, HIT, HIT, HIT, MISS, MISS,
                       fortification="castle", withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["defender"] == {"swordsman": 1}
    assert result["bonus"] == 1
    (casualties,) = only(result["events"], "casualties")
    assert casualties["bonus"] == 3 and casualties["units"] == {}


def test_castle_bonus_units_are_four_spearmen_that_roll_in_step_6():
    result, dice = battle({"spearman": 1}, {"swordsman": 1}, MISS, MISS, 4, 5, 5, 5,
                          fortification="castle")
    defender_volleys = [ev for ev in only(result["events"], "volley") if ev["side"] == "defender"]
    assert [(ev["step"], [(r["unit"], r.get("bonus", False), r["hit"]) for r in ev["rolls"]])
            for ev in defender_volleys] == [
        (5, [("swordsman", False, False)]),
        (6, [("spearman", True, True)] + [("spearman", True, False)] * 3),
    ]
    assert dice.purposes()[2:4] == ["b round 1 defender bonus spearman"] * 2
    assert result["attacker"] == {}


def test_fortress_bonus_units_are_five_ronin_that_roll_in_step_5():
    result, _ = battle({"spearman": 1}, {"spearman": 1}, 5, 6, 6, 6, 6, MISS, MISS,
                       fortification="fortress")
    (defender_step_5,) = [ev for ev in only(result["events"], "volley") if ev["step"] == 5]
    assert [(r["unit"], r["bonus"], r["hit"]) for r in defender_step_5["rolls"]] == \
        [("ronin", True, True)] + [("ronin", True, False)] * 4
    assert result["outcome"] == "defender_won" and result["bonus"] == 5


def test_bonus_losses_carry_over_to_the_same_players_next_attack():
    # The caller passes the survivors of the previous attack and gets the new count back.
    result, dice = battle({"archer": 2}, {"spearman": 1}, HIT, MISS, MISS, MISS,
                          fortification="castle", bonus=2, withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["bonus"] == 1
    assert dice.purposes()[2:] == ["b round 1 defender spearman", "b round 1 defender bonus spearman"]


def test_a_new_attacker_meets_the_full_bonus():
    result, _ = battle({"archer": 1}, {"spearman": 1}, MISS, *[MISS] * 5,
                       fortification="castle", withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["bonus"] == 4


def test_bonus_units_do_not_count_for_the_ronin_limit():
    # Six hits on a fortress: five bonus ronin, then the hired ronin (not a spearman) goes.
    result, _ = battle({"archer": 6}, {"spearman": 2, "ronin": 1}, *[HIT] * 6, MISS, MISS,
                       fortification="fortress", withdrawal={"rule": "after_rounds", "rounds": 1})
    assert result["defender"] == {"spearman": 2} and result["bonus"] == 0


def test_a_bonus_beyond_the_fortification_is_refused():
    with pytest.raises(ValueError, match="0 to 4 bonus units"):
        fight_battle({"spearman": 1}, {"spearman": 1}, ScriptedDice(), fortification="castle", bonus=5)
    with pytest.raises(ValueError, match="bonus"):
        fight_battle({"spearman": 1}, {"spearman": 1}, ScriptedDice(), bonus=1)
    with pytest.raises(ValueError, match="unknown fortification"):
        fight_battle({"spearman": 1}, {"spearman": 1}, ScriptedDice(), fortification="keep")


# Naval invasion.

def test_a_naval_invasion_starts_with_the_defenders_first_strike_without_bonus_units():
    result, dice = battle({"spearman": 3}, {"archer": 1, "spearman": 1}, HIT, HIT, *[MISS] * 7,
                          fortification="castle", naval=True, withdrawal={"rule": "after_rounds", "rounds": 1})
    assert dice.purposes()[:2] == ["b first strike defender archer", "b first strike defender spearman"]
    first, casualties = result["events"][:2]
    assert first["kind"] == "first_strike" and first["hits"] == 2
    assert [r["unit"] for r in first["rolls"]] == ["archer", "spearman"]
    assert casualties == {"kind": "casualties", "audience": "all", "round": 0, "step": 0, "side": "attacker",
                          "hits": 2, "units": {"spearman": 2}, "bonus": 0, "ronin_alone": 0}
    # Then normal combat, with the castle's four spearmen rolling beside the regulars.
    assert dice.purposes()[2:] == ["b round 1 defender archer", "b round 1 attacker spearman",
                                   "b round 1 defender spearman"] + ["b round 1 defender bonus spearman"] * 4
    assert result["attacker"] == {"spearman": 1} and result["bonus"] == 4


def test_every_defending_unit_strikes_first_in_the_order_of_the_sequence():
    defender = {"spearman": 1, "ronin": 1, "swordsman": 1, "daimyo": 1, "gunner": 1, "archer": 1}
    result, _ = battle({"spearman": 1}, defender, *[MISS] * 6, HIT, MISS, naval=True)
    order = [r["unit"] for r in result["events"][0]["rolls"]]
    assert order == ["archer", "gunner", "daimyo", "swordsman", "ronin", "spearman"]


def test_the_attacker_does_not_roll_in_the_first_strike_and_can_be_destroyed_by_it():
    result, dice = battle({"spearman": 1}, {"spearman": 1}, HIT, naval=True)
    assert result["outcome"] == "defender_won" and result["rounds"] == 0
    assert dice.purposes() == ["b first strike defender spearman"]


# Withdrawal (step 8).

def test_the_attacker_withdraws_after_the_ordered_number_of_rounds():
    result, dice = battle({"spearman": 2}, {"spearman": 2}, *[MISS] * 8,
                          withdrawal={"rule": "after_rounds", "rounds": 2})
    assert result["outcome"] == "withdrawn" and result["rounds"] == 2
    assert len(dice.rolls) == 8


def test_the_attacker_withdraws_below_the_ordered_percentage_of_the_defenders_units():
    # Three spearmen against four: round 1 costs the attacker one; 2 is below 60% of 4 (2.4).
    result, _ = battle({"spearman": 3}, {"spearman": 4}, MISS, MISS, MISS, HIT, MISS, MISS, MISS,
                       withdrawal={"rule": "below_percent", "percent": 60})
    assert result["outcome"] == "withdrawn" and result["rounds"] == 1
    assert result["attacker"] == {"spearman": 2}


def test_exactly_the_ordered_percentage_is_not_below_it():
    # 2 attackers against 4 defenders is exactly 50%: the attacker fights on.
    result, _ = battle({"spearman": 3}, {"spearman": 4}, MISS, MISS, MISS, HIT, MISS, MISS, MISS,
                       HIT, HIT, MISS, MISS, MISS, MISS, MISS, MISS, HIT, HIT,
                       withdrawal={"rule": "below_percent", "percent": 50})
    assert result["outcome"] == "defender_won" and result["rounds"] == 3


def test_the_castle_bonus_counts_among_the_defenders_units_for_withdrawal():
    # 4 attackers against 1 defender and 4 bonus spearmen: 4 is below 90% of 5 (4.5).
    result, _ = battle({"spearman": 4}, {"spearman": 1}, *[MISS] * 9, fortification="castle",
                       withdrawal={"rule": "below_percent", "percent": 90})
    assert result["outcome"] == "withdrawn" and result["rounds"] == 1


def test_withdrawal_is_only_decided_at_step_8():
    # Outnumbered ten to one from the start, the attacker still fights the whole first round.
    result, dice = battle({"archer": 1}, {"spearman": 10}, HIT, *[MISS] * 9,
                          withdrawal={"rule": "below_percent", "percent": 100})
    assert result["outcome"] == "withdrawn"
    assert result["events"][-1]["kind"] == "withdrawal"
    assert dice.purposes()[-1] == "b round 1 defender spearman"
    assert result["defender"] == {"spearman": 9}


def test_without_a_withdrawal_order_the_attacker_fights_to_the_end():
    result, _ = battle({"spearman": 1}, {"spearman": 1}, *[MISS] * 20, HIT, MISS)
    assert result["outcome"] == "attacker_won" and result["rounds"] == 11


@pytest.mark.parametrize("order", [
    {"rule": "sometimes"}, {"rule": "after_rounds", "rounds": 0}, {"rule": "below_percent"},
    {"rule": "after_rounds", "rounds": "2"}, {"rule": "never", "rounds": 2}, "never",
])
def test_a_malformed_withdrawal_order_is_refused(order):
    with pytest.raises(ValueError, match="withdrawal"):
        fight_battle({"spearman": 1}, {"spearman": 1}, ScriptedDice(), withdrawal=order)


# Plain data in and out.

def test_the_forces_handed_in_are_not_changed():
    attacker, defender = {"spearman": 2}, {"spearman": 1, "swordsman": 0}
    battle(attacker, defender, HIT, HIT, HIT)
    assert attacker == {"spearman": 2} and defender == {"spearman": 1, "swordsman": 0}


def test_events_are_public_and_name_no_player():
    result, _ = battle({"spearman": 1}, {"spearman": 1}, HIT, MISS)
    assert {ev["audience"] for ev in result["events"]} == {"all"}
    assert set(result) == {"outcome", "attacker", "defender", "bonus", "rounds", "events"}


@pytest.mark.parametrize("attacker, message", [
    ({"spearmen": 2}, "did you mean spearman"),
    ({"spearman": -1}, "spearman = -1"),
    ({"spearman": 1.5}, "spearman = 1.5"),
    ({"daimyo": 2, "spearman": 1}, "at most one"),
    ({}, "no regular unit"),
])
def test_a_malformed_force_is_refused_with_the_bad_part_named(attacker, message):
    with pytest.raises(ValueError, match=message):
        fight_battle(attacker, {"spearman": 1}, ScriptedDice())


def test_an_unknown_kind_in_a_casualty_priority_is_refused():
    with pytest.raises(ValueError, match="casualty priority"):
        fight_battle({"spearman": 1}, {"spearman": 1}, ScriptedDice(), attacker_priority=["horse"])
