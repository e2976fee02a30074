"""Phases B and C of the war: declaring battles and fighting them, with dice whose every roll the test decides."""
from __future__ import annotations

import copy

import pytest

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Dice, dumps, for_player
from games.ikusa.battle_checks import check_reach
from games.ikusa.battles import (
    battle_forecast,
    check_battles,
    conduct_combat,
    declare_battles,
    split_survivors,
)
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.war_board import (
    BOARD,
    HIT,
    MISS,
    army,
    base_state,
    figures,
    kinds,
    only,
    province,
    small_state,
)
from tests.support.scripted import ScriptedDice

# --- the rulebook's worked example of phase C ------------------------------------------------------------------

def example_state() -> dict:
    """Blue (ann) at war around Yamashiro; orange (oda) holds Kawachi, Tango (a castle) and Tajima."""
    provinces = {
        "yamato": province("ann", spearman=2),
        "yamashiro": province("ann", gunner=1, spearman=1),
        "omi": province("ann", spearman=1),
        "wakasa": province("ann", spearman=2),
        "kawachi": province("oda", swordsman=1, spearman=1),
        "tango": province("oda", castle=True, swordsman=1, spearman=1),
        "tajima": province("oda", spearman=1),
        "harima": province("oda", spearman=2),
        "mino": province("cid", spearman=1),
    }
    armies = {"blue-1": army("ann", "wakasa", experience=2, archer=1, swordsman=1, spearman=2),
              "orange-1": army("oda", "harima", archer=1),
              "red-1": army("cid", "mino")}
    state = base_state(provinces, armies)
    state["secret"] = {"ann": {"ronin": {"wakasa": 1}}}  # deployed secretly in action 5
    state["supply"]["ronin"] = 29
    return state


AFTER_ONE_ROUND = {"rule": "after_rounds", "rounds": 1}
EXAMPLE_WAR = {"battles": [
    {"province": "Yamato", "target": "Kawachi", "withdraw": AFTER_ONE_ROUND},
    {"province": "Yamashiro", "target": "Kawachi"},
    {"province": "Wakasa", "target": "Tango", "withdraw": AFTER_ONE_ROUND},
    {"army": "blue-1", "target": "Tango", "after_win": "advance"},
    {"army": "blue-1", "target": "Tajima"},
]}
EXAMPLE_DICE = (
    # 1. Yamato against Kawachi: the orange swordsman hits with a 3, one of two blue spearmen hits,
    #    the orange spearman misses; each loses a spearman and blue breaks off
    3, HIT, MISS, MISS,
    # 2. Yamashiro against Kawachi: the blue gunner rolls first and hits; the swordsman never strikes back
    HIT,
    # 3. Wakasa's force (with its ronin) against Tango and its four bonus spearmen: blue kills two bonus
    #    spearmen and loses its ronin and a spearman, then withdraws
    MISS, HIT, HIT, HIT, MISS, HIT, MISS, MISS, MISS,
    # 4. the army against Tango: archer, daimyo, swordsman, two spearmen hit; orange is wiped out, blue
    #    loses one spearman
    HIT, HIT, HIT, MISS, HIT, HIT, MISS, HIT,
    # 5. from Tango against the lone spearman of Tajima: the archer kills it before it can strike
    HIT,
)


def test_phase_b_declares_the_first_attack_of_every_force_in_public_and_not_the_later_ones():
    events = declare_battles(example_state(), "ann", EXAMPLE_WAR, BOARD)
    assert [(ev["kind"], ev["force"], ev["from"], ev["target"], ev["naval"], ev["audience"]) for ev in events] == [
        ("battle_declared", "province", "yamato", "kawachi", False, "all"),
        ("battle_declared", "province", "yamashiro", "kawachi", False, "all"),
        ("battle_declared", "province", "wakasa", "tango", False, "all"),
        ("battle_declared", "army", "wakasa", "tango", False, "all")]
    assert events[3]["army"] == "blue-1" and events[0]["army"] is None


def test_the_rulebooks_example_of_phase_c_is_fought_as_told():
    state = example_state()
    dice = ScriptedDice(*EXAMPLE_DICE)
    new, events = conduct_combat(state, "ann", EXAMPLE_WAR, dice, BOARD)
    assert dice.values == []
    # all declarations come before any combat
    assert kinds(events)[:4] == ["battle_declared"] * 4 and "battle_declared" not in kinds(events)[4:]
    ended = only(events, "battle_ended")
    assert [ev["outcome"] for ev in ended] == ["withdrawn", "attacker_won", "withdrawn", "attacker_won",
                                              "attacker_won"]
    # Kawachi: the provincial forces do not move in, so it stays unowned until phase D
    assert new["provinces"]["kawachi"] == {"owner": None, "colour": None, "force": {}, "castle": False,
                                           "fortress": False}
    assert new["provinces"]["yamato"]["force"] == {"spearman": 1}
    assert new["provinces"]["yamashiro"]["force"] == {"gunner": 1, "spearman": 1}
    # the secret ronin showed itself when Wakasa's force attacked, and died there
    assert only(events, "ronin_revealed")[0]["where"] == "wakasa"
    assert new["secret"] == {"ann": {}} or "ronin" not in new["secret"].get("ann", {})
    assert new["provinces"]["wakasa"]["force"] == {"spearman": 1} and new["supply"]["ronin"] == 30
    # the castle's bonus spearmen lost in the first attack on Tango stay lost for the army's attack
    started = only(events, "battle_started")
    assert [ev["bonus"] for ev in started] == [0, 0, 4, 2, 0]
    # the army conquers Tango, attacks Tajima from there and leaves it unowned
    assert new["armies"]["blue-1"]["province"] == "tango"
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 1, "swordsman": 1, "spearman": 1}
    assert new["provinces"]["tango"]["owner"] == "ann" and new["provinces"]["tango"]["force"] == {}
    assert started[4]["from"] == "tango" and started[4]["target"] == "tajima"
    assert new["provinces"]["tajima"]["owner"] is None
    # after all its battles, the experience marker moves one hole right
    assert only(events, "experience_raised") == [{"kind": "experience_raised", "audience": "all", "army": "blue-1",
                                                   "player": "ann", "colour": "blue", "from": 2, "to": 3}]
    assert kinds(events)[-1] == "experience_raised"
    assert new["armies"]["blue-1"]["experience"] == 3
    assert [ev["province"] for ev in only(events, "province_lost")] == ["kawachi", "tango", "tajima"]
    assert [ev["province"] for ev in only(events, "province_conquered")] == ["tango"]
    # every figure is somewhere: on the board or back in its tray
    assert figures(new, "blue") == FIGURES_PER_COLOUR and figures(new, "orange") == FIGURES_PER_COLOUR


def test_every_event_of_the_war_is_typed_data_and_the_battle_events_are_numbered():
    _new, events = conduct_combat(example_state(), "ann", EXAMPLE_WAR, ScriptedDice(*EXAMPLE_DICE), BOARD)
    dumps(events)
    assert {ev["battle"] for ev in only(events, "volley", "casualties")} == {1, 2, 3, 4, 5}
    numbered = [ev for ev in events if "battle" in ev]
    assert [ev["battle"] for ev in numbered] == sorted(ev["battle"] for ev in numbered)
    for number in range(1, 6):
        battle = [ev["kind"] for ev in numbered if ev["battle"] == number]
        assert battle[0] == "battle_started" and battle[-1] == "battle_ended" and "volley" in battle


def test_the_war_never_changes_the_state_it_is_given():
    state = example_state()
    before = copy.deepcopy(state)
    war = copy.deepcopy(EXAMPLE_WAR)
    conduct_combat(state, "ann", war, ScriptedDice(*EXAMPLE_DICE), BOARD)
    declare_battles(state, "ann", war, BOARD)
    assert state == before and war == EXAMPLE_WAR


def test_the_war_with_real_dice_is_the_same_every_time():
    first = conduct_combat(example_state(), "ann", EXAMPLE_WAR, Dice(b"key"), BOARD)
    second = conduct_combat(example_state(), "ann", EXAMPLE_WAR, Dice(b"key"), BOARD)
    assert dumps(first[0]) == dumps(second[0]) and dumps(first[1]) == dumps(second[1])
    other = conduct_combat(example_state(), "ann", EXAMPLE_WAR, Dice(b"other key"), BOARD)
    assert dumps(other[1]) != dumps(first[1])


# --- castle and fortress -----------------------------------------------------------------------------------------

def test_a_castle_is_full_again_when_another_side_attacks_it_in_its_own_war():
    state = example_state()
    state["provinces"]["tamba"] = province("cid", spearman=3)
    state["armies"]["red-1"]["province"] = "tamba"
    war = {"battles": [{"province": "Wakasa", "target": "Tango", "withdraw": AFTER_ONE_ROUND}]}
    # blue's war: the ronin misses, the defenders miss, two blue spearmen kill two bonus spearmen
    new, events = conduct_combat(state, "ann", war, ScriptedDice(MISS, MISS, HIT, HIT, *[MISS] * 5), BOARD)
    assert only(events, "battle_ended")[0]["bonus_left"] == 2
    red = {"battles": [{"province": "tamba", "target": "tango", "withdraw": AFTER_ONE_ROUND}]}
    _, events = conduct_combat(new, "cid", red, ScriptedDice(*[MISS] * 9), BOARD)
    assert only(events, "battle_started")[0]["bonus"] == 4


def test_a_fortress_built_with_build_defends_as_a_fortress_with_five_ronin_not_as_a_castle():
    """build puts the fortification base under a standing castle, so a fortified province has both flags: it
    must still fight as a fortress (the rulebook: five ronin "en lugar de cuatro de sus lanceros")."""
    from games.ikusa.build import build_fortress

    state = example_state()
    state["provinces"]["tajima"]["castle"] = True   # the castle that stands
    state, events = build_fortress(state, "oda", "tajima")
    assert [e["kind"] for e in events] == ["fortress_built"]
    assert state["provinces"]["tajima"]["castle"] and state["provinces"]["tajima"]["fortress"]
    war = blue_1_attacks_tajima_from_tango(state)
    _, events = conduct_combat(state, "ann", war, Dice.for_round(bytes(32)), BOARD)
    started = only(events, "battle_started")[0]
    assert started["fortification"] == "fortress" and started["bonus"] == 5


def test_an_attack_on_a_built_fortress_is_forecast_with_its_exact_odds_not_a_crash():
    from games.ikusa.build import build_fortress
    from games.ikusa.odds import battle_odds, percent

    state = example_state()
    state["provinces"]["tajima"]["castle"] = True
    state, _ = build_fortress(state, "oda", "tajima")
    state["armies"]["blue-1"]["province"] = "tango"
    state["provinces"]["tango"] = province("ann", spearman=1)
    forecast = battle_forecast(state, "ann", {"army": "blue-1", "target": "Tajima"}, BOARD)
    defender = forecast["defender"]
    exact = battle_odds(forecast["attacker"], defender, fortification="fortress")
    assert forecast["fortification"] == "fortress"
    assert forecast["odds"] == {outcome: percent(chance) for outcome, chance in exact.items()}


def test_the_computer_player_weighs_a_built_fortress_without_failing():
    from games.ikusa.computer import win_chance

    attacker = {"daimyo": 1, "swordsman": 2, "archer": 1, "spearman": 4}
    behind = {kind: win_chance(attacker, {"spearman": 3}, kind, False) for kind in ("fortress", "castle", None)}
    assert 0 < behind["fortress"] < behind["castle"] < behind[None] <= 1   # five ronin hold better than four spearmen


def blue_1_attacks_tajima_from_tango(state: dict) -> dict:
    """blue-1 stands in Tango, now ann's with one spearman (Oda's figures back in orange's tray, the spearman
    out of blue's); the war it returns attacks Tajima."""
    state["armies"]["blue-1"]["province"] = "tango"
    state["provinces"]["tango"] = province("ann", spearman=1)
    state["supply"]["figures"]["orange"]["swordsman"] += 1
    state["supply"]["figures"]["orange"]["spearman"] += 1
    state["supply"]["figures"]["blue"]["spearman"] -= 1
    return {"battles": [{"army": "blue-1", "target": "Tajima", "after_win": "stay"}]}


def test_a_fortress_adds_five_bonus_ronin_that_are_not_figures():
    state = example_state()
    state["provinces"]["tajima"]["fortress"] = True
    war = blue_1_attacks_tajima_from_tango(state)
    # the archer hits a bonus ronin; hand to hand the daimyo, the swordsman and two spearmen hit the four
    # others while they and the regular spearman miss; in round 2 the archer kills the spearman
    dice = ScriptedDice(HIT, HIT, HIT, *[MISS] * 4, HIT, HIT, MISS, HIT)
    new, events = conduct_combat(state, "ann", war, dice, BOARD)
    assert only(events, "battle_started")[0]["bonus"] == 5
    assert only(events, "battle_ended")[0]["outcome"] == "attacker_won"
    assert new["supply"]["ronin"] == state["supply"]["ronin"]  # bonus ronin never left the supply
    assert figures(new, "orange") == FIGURES_PER_COLOUR


# --- experienced and inexperienced armies ---------------------------------------------------------------------

def test_a_level_one_army_attacks_once_and_does_not_move_in_phase_c():
    state = small_state()
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance"},
                       {"army": "blue-1", "target": "Mino"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT), BOARD)
    assert new["armies"]["blue-1"]["province"] == "omi"
    assert new["provinces"]["wakasa"]["owner"] is None
    skipped = only(events, "order_skipped")
    assert [(ev["index"], ev["reason"], ev["audience"]) for ev in skipped] == [
        (0, "no_attack_left_to_advance", ["ann"]), (1, "no_attacks_left", ["ann"])]
    assert new["armies"]["blue-1"]["experience"] == 2


def test_an_experienced_army_attacks_up_to_its_level_and_moves_between_attacks():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 2
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance"},
                       {"army": "blue-1", "target": "Echizen", "after_win": "advance"},
                       {"army": "blue-1", "target": "Mino"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, HIT), BOARD)
    started = only(events, "battle_started")
    assert [(ev["from"], ev["target"]) for ev in started] == [("omi", "wakasa"), ("wakasa", "echizen")]
    # the last attack cannot be followed by a move, and there is no third attack
    assert [(ev["index"], ev["reason"]) for ev in only(events, "order_skipped")] == [
        (1, "no_attack_left_to_advance"), (2, "no_attacks_left")]
    assert new["armies"]["blue-1"]["province"] == "wakasa"
    # leaving Omi, whose provincial force stays, needs no garrison
    assert only(events, "army_advanced")[0]["garrison"] is None
    # two successes raise the marker by one hole only
    assert new["armies"]["blue-1"]["experience"] == 3


def test_an_army_leaving_a_province_without_a_provincial_force_leaves_a_garrison_of_its_first_priority_kind():
    state = small_state()
    state["provinces"]["omi"]["force"] = {}
    state["supply"]["figures"]["blue"]["spearman"] += 1
    state["armies"]["blue-1"]["experience"] = 2
    war = {"priority": ["archer", "spearman"],
           "battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance_and_stop"},
                       {"army": "blue-1", "target": "Echizen"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT), BOARD)
    assert only(events, "army_advanced")[0]["garrison"] == {"archer": 1}
    assert new["provinces"]["omi"] == province("ann", archer=1)
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "spearman": 2}
    assert [(ev["index"], ev["reason"]) for ev in only(events, "order_skipped")] == [(1, "army_stopped")]


def test_an_army_with_nothing_to_leave_as_garrison_stays_where_it_is():
    state = small_state(archer=0, spearman=0)
    state["armies"]["blue-1"]["units"] = {"daimyo": 1}
    state["provinces"]["omi"]["force"] = {}
    state["armies"]["blue-1"]["experience"] = 2
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, MISS), BOARD)
    assert new["armies"]["blue-1"]["province"] == "omi"
    assert only(events, "order_skipped")[0]["reason"] == "no_garrison"


def test_attacking_an_unoccupied_province_moves_an_experienced_army_in_and_counts_as_an_attack_but_no_success():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 2
    war = {"battles": [{"army": "blue-1", "target": "Iga"},
                       {"army": "blue-1", "target": "Ise"},
                       {"army": "blue-1", "target": "Yamato"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert [(ev["from"], ev["target"]) for ev in only(events, "unoccupied_attacked")] == [
        ("omi", "iga"), ("iga", "ise")]
    assert new["armies"]["blue-1"]["province"] == "ise"
    assert new["provinces"]["iga"]["owner"] == "ann" and new["provinces"]["ise"]["owner"] == "ann"
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["no_attacks_left"]
    assert new["armies"]["blue-1"]["experience"] == 2 and not only(events, "experience_raised")


def test_an_inexperienced_army_or_a_provincial_force_cannot_take_an_unoccupied_province_in_phase_c():
    state = small_state()
    war = {"battles": [{"army": "blue-1", "target": "Iga"}, {"province": "Yamashiro", "target": "Iga"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert [(ev["phase"], ev["reason"]) for ev in only(events, "order_skipped")] == [
        ("B", "unoccupied_needs_experience"), ("B", "unoccupied_needs_experience")]
    assert new["provinces"]["iga"]["owner"] is None and not only(events, "battle_declared")


def test_a_withdrawal_counts_as_an_attack_but_not_as_a_success():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 2
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "withdraw": AFTER_ONE_ROUND},
                       {"army": "blue-1", "target": "Mino", "withdraw": AFTER_ONE_ROUND},
                       {"army": "blue-1", "target": "Echizen"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(*[MISS] * 10), BOARD)
    assert [ev["outcome"] for ev in only(events, "battle_ended")] == ["withdrawn", "withdrawn"]
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["no_attacks_left"]
    assert new["armies"]["blue-1"]["experience"] == 2


def test_experience_stops_at_four():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 4
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT), BOARD)
    assert new["armies"]["blue-1"]["experience"] == 4 and not only(events, "experience_raised")


def test_an_army_fights_all_its_battles_before_the_next_army_and_its_marker_moves_then():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 2
    state["armies"]["blue-2"] = army("ann", "yamashiro", spearman=1)
    state["supply"]["figures"]["blue"]["daimyo"] -= 1
    state["supply"]["figures"]["blue"]["spearman"] -= 1
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"},
                       {"army": "blue-2", "target": "Iga"},
                       {"army": "blue-1", "target": "Mino"}]}
    _new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT), BOARD)
    in_phase_c = [i for i, ev in enumerate(events) if ev["kind"] == "order_skipped" and ev["phase"] == "C"]
    assert kinds(events).index("experience_raised") < in_phase_c[0]
    assert [(ev["index"], ev["reason"]) for ev in only(events, "order_skipped")] == [
        (1, "unoccupied_needs_experience"), (2, "battles_finished")]
    told = [(p.field, p.code) for p in check_reach(state, "ann", war, BOARD)]
    assert ("war.battles[2].army", "battles-finished") in told and ("war.battles[1].target",
                                                                       "unoccupied-needs-experience") in told


def test_a_provincial_force_attacks_once_and_leaves_a_beaten_province_unowned():
    state = small_state()
    war = {"battles": [{"province": "Omi", "target": "Wakasa"}, {"province": "Omi", "target": "Mino"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, MISS), BOARD)
    assert new["provinces"]["wakasa"]["owner"] is None and new["provinces"]["omi"]["force"] == {"spearman": 1}
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["no_attacks_left"]


def test_a_doubly_held_province_attacks_with_its_army_and_its_provincial_force_separately():
    state = small_state()
    war = {"battles": [{"province": "Omi", "target": "Wakasa", "withdraw": AFTER_ONE_ROUND},
                       {"army": "blue-1", "target": "Wakasa"}]}
    _new, events = conduct_combat(state, "ann", war, ScriptedDice(MISS, MISS, HIT), BOARD)
    started = only(events, "battle_started")
    assert [(ev["force"], ev["attacker_units"]) for ev in started] == [
        ("province", {"spearman": 1}), ("army", {"daimyo": 1, "archer": 1, "spearman": 2})]


# --- losing provinces and daimyos --------------------------------------------------------------------------

def test_the_defender_defends_with_every_unit_of_a_doubly_held_province_losing_its_provincial_force_first():
    state = small_state()
    state["provinces"]["wakasa"]["force"] = {"spearman": 2}
    state["armies"]["orange-1"] = army("oda", "wakasa", spearman=1)
    state["supply"]["figures"]["orange"]["spearman"] -= 2
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "withdraw": AFTER_ONE_ROUND}]}
    # blue's archer and one spearman hit: two casualties among orange's four units; orange misses
    dice = ScriptedDice(HIT, MISS, MISS, HIT, MISS, MISS, MISS, MISS)
    new, events = conduct_combat(state, "ann", war, dice, BOARD)
    assert only(events, "battle_started")[0]["defender_units"] == {"daimyo": 1, "spearman": 3}
    assert new["provinces"]["wakasa"]["force"] == {}
    assert new["provinces"]["wakasa"]["owner"] == "oda"
    assert new["armies"]["orange-1"]["units"] == {"daimyo": 1, "spearman": 1}
    assert figures(new, "orange") == FIGURES_PER_COLOUR


def test_survivors_of_a_doubly_held_defence_keep_the_army_first_and_ronin_within_each_limit():
    assert split_survivors({"daimyo": 1, "spearman": 3, "ronin": 2}, {"daimyo": 1, "spearman": 2, "ronin": 2}) == (
        {"daimyo": 1, "spearman": 2, "ronin": 2}, {"spearman": 1})
    assert split_survivors({"spearman": 3, "ronin": 1}, {}) == ({}, {"spearman": 3, "ronin": 1})


def test_an_attacking_force_that_is_wiped_out_loses_its_province_if_nothing_else_holds_it():
    state = small_state()
    war = {"battles": [{"province": "Yamashiro", "target": "Iga"}]}
    state["provinces"]["iga"] = province("oda", spearman=2)
    new, events = conduct_combat(state, "ann", war, ScriptedDice(MISS, HIT, MISS), BOARD)
    assert only(events, "battle_ended")[0]["outcome"] == "defender_won"
    assert only(events, "battle_ended")[0]["provinces_lost"] == ["yamashiro"]
    assert new["provinces"]["yamashiro"]["owner"] is None and new["provinces"]["iga"]["owner"] == "oda"


def test_when_both_sides_are_wiped_out_the_defending_province_is_unoccupied():
    state = small_state()
    war = {"battles": [{"province": "Yamashiro", "target": "Iga"}]}
    state["provinces"]["iga"] = province("oda", spearman=1)
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, HIT), BOARD)
    assert only(events, "battle_ended")[0]["outcome"] == "both_eliminated"
    assert new["provinces"]["iga"]["owner"] is None and new["provinces"]["yamashiro"]["owner"] is None


def test_a_daimyo_killed_as_the_last_casualty_loses_its_army():
    state = small_state()
    state["armies"]["orange-2"] = army("oda", "wakasa")
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}]}
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, HIT, MISS, MISS, MISS), BOARD)
    killed = only(events, "daimyo_killed")
    assert [(ev["army"], ev["how"], ev["by_player"]) for ev in killed] == [("orange-2", "battle", "ann")]
    assert new["armies"]["orange-2"] == {**state["armies"]["orange-2"], "units": {}, "province": None,
                                         "status": "lost"}
    assert not new["eliminated"]  # orange still has a daimyo


def test_an_assassinated_daimyo_does_not_fight_and_dies_with_the_last_unit_of_its_army():
    state = small_state()
    state["armies"]["orange-2"] = {**army("oda", "wakasa", spearman=1), "frozen": True}
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}]}
    # blue's archer hits; two spearmen hit: orange's two spearmen are gone, its daimyo never rolled
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, HIT, MISS, MISS, MISS), BOARD)
    assert only(events, "battle_started")[0]["defender_units"] == {"spearman": 2}
    assert only(events, "daimyo_killed")[0]["how"] == "army_destroyed"
    assert new["armies"]["orange-2"]["status"] == "lost"


def test_a_frozen_army_cannot_attack():
    state = small_state()
    state["armies"]["blue-1"]["frozen"] = True
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}]}
    _new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert [(ev["phase"], ev["reason"], ev["audience"]) for ev in only(events, "order_skipped")] == [
        ("B", "army_frozen", ["ann"])]


# --- orders that cannot be carried out ---------------------------------------------------------------------

def test_impossible_orders_are_skipped_and_only_their_player_is_told_why():
    state = small_state()
    war = {"battles": [{"army": "blue-1", "target": "Tango"},        # not next to Omi
                       {"province": "Yamashiro", "target": "Omi"},    # its own province
                       {"army": "orange-1", "target": "Omi"},         # not blue's army
                       {"province": "Wakasa", "target": "Omi"},       # not blue's province
                       {"army": "blue-9", "target": "Mino"}]}        # no such army
    new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert [ev["reason"] for ev in only(events, "order_skipped")] == [
        "target_not_adjacent", "target_friendly", "not_your_army", "province_not_yours", "unknown_army"]
    assert for_player(events, "oda") == [] and len(for_player(events, "ann")) == 5
    assert only(events, "order_skipped")[0]["field"] == "war.battles[0]"
    assert new == state


def test_a_later_attack_of_a_force_whose_first_attack_was_not_declared_is_not_made():
    state = small_state()
    state["armies"]["blue-1"]["experience"] = 2
    war = {"battles": [{"army": "blue-1", "target": "Tango"}, {"army": "blue-1", "target": "Wakasa"}]}
    _, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert [(ev["phase"], ev["reason"]) for ev in only(events, "order_skipped")] == [
        ("B", "target_not_adjacent"), ("C", "not_declared")]


def test_in_the_first_round_no_battle_is_declared_against_a_province_holding_an_enemy_army():
    state = small_state()
    state["round"] = 1
    state["armies"]["orange-1"]["province"] = "wakasa"
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}, {"province": "Yamashiro", "target": "Iga"}]}
    state["provinces"]["iga"] = province("oda", spearman=1)
    _, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, MISS), BOARD)
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["first_round_daimyo"]
    assert [ev["target"] for ev in only(events, "battle_declared")] == ["iga"]


def test_in_the_two_player_game_a_players_colours_are_allies_and_never_fight():
    state = small_state()
    state["players"] = ["ann", "oda"]
    state["colours"] = {"ann": ["blue", "red"], "oda": ["orange", "green"]}
    state["armies"]["red-1"]["player"] = "ann"
    state["provinces"]["mutsu"]["owner"] = "ann"
    state["provinces"]["iga"] = {**province("ann", spearman=1), "colour": "red"}
    state["supply"]["figures"]["green"] = dict(FIGURES_PER_COLOUR)
    war = {"battles": [{"army": "blue-1", "target": "Iga"}]}
    _, events = conduct_combat(state, "blue", war, ScriptedDice(), BOARD)
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["target_friendly"]
    assert only(events, "order_skipped")[0]["field"] == "blue.war.battles[0]"
    assert check_reach(state, "blue", war, BOARD)[0].field == "blue.war.battles[0].target"


def test_a_naval_invasion_starts_with_the_defenders_first_strike():
    provinces = {"kii": province("ann", spearman=3), "awaji": province("oda", spearman=1),
                 "mutsu": province("cid", spearman=1), "harima": province("oda", spearman=1)}
    state = base_state(provinces, {"orange-1": army("oda", "harima"), "red-1": army("cid", "mutsu")})
    war = {"battles": [{"province": "Kii", "target": "Awaji"}]}
    # the defending spearman strikes first and kills one; then the two left hit and win
    new, events = conduct_combat(state, "ann", war, ScriptedDice(HIT, HIT, HIT, MISS), BOARD)
    assert only(events, "battle_declared")[0]["naval"] and only(events, "battle_started")[0]["naval"]
    assert kinds(events).index("first_strike") < kinds(events).index("volley")
    assert new["provinces"]["kii"]["force"] == {"spearman": 2}


# --- before the round -----------------------------------------------------------------------------------------

def test_the_order_check_finds_what_is_certain_before_the_round():
    state = small_state()
    war = {"priority": ["spearman", "wizard"],
           "battles": [{"army": "blue-1", "target": "Wakasa"},
                       {"army": "blue-1", "target": "Mino"},                       # level 1: one attack
                       {"province": "Omi", "target": "Tango"},                     # not next to Omi
                       {"province": "Wakasa", "target": "Echizen"},                # not blue's
                       {"province": "Yamashiro", "target": "Omi"},                 # its own province
                       {"army": "blue-7", "target": "Mino"},
                       {"province": "Yamashiro", "target": "Kawachi", "withdraw": {"rule": "sometimes"}},
                       {"province": "Yamashiro", "target": "Kawachi", "after_win": "advance"},
                       {"army": "blue-1", "target": "Atlantis"}]}
    found = check_battles(state, "ann", war, BOARD) + check_reach(state, "ann", war, BOARD)
    problems = [(p.reason, p.field) for p in found]
    assert (NOT_UNDERSTOOD, "war.priority") in problems
    assert (NOT_ALLOWED, "war.battles[1].army") in problems
    assert problems.count((NOT_ALLOWED, "war.battles[2].target")) == 1     # told once, by the battle's predicate
    assert (NOT_ALLOWED, "war.battles[3].province") in problems
    assert (NOT_ALLOWED, "war.battles[4].target") in problems
    assert (NOT_UNDERSTOOD, "war.battles[5].army") in problems
    assert (NOT_UNDERSTOOD, "war.battles[6].withdraw") in problems
    assert (NOT_ALLOWED, "war.battles[7].after_win") in problems
    assert (NOT_ALLOWED, "war.battles[7].province") in problems  # a second attack of one provincial force
    assert (NOT_UNDERSTOOD, "war.battles[8].target") in problems
    assert check_battles(state, "ann", {"battles": [{"army": "blue-1", "target": "Wakasa"}]}, BOARD) == []


def test_the_forecast_gives_exact_odds_without_the_enemys_hidden_ronin():
    state = small_state()
    state["secret"] = {"oda": {"ronin": {"wakasa": 3}}, "ann": {"ronin": {"blue-1": 2}}}
    forecast = battle_forecast(state, "ann", {"army": "blue-1", "target": "Wakasa"}, BOARD)
    assert forecast["defender"] == {"spearman": 1}
    assert forecast["attacker"] == {"daimyo": 1, "archer": 1, "ronin": 2, "spearman": 2}
    assert set(forecast["odds"]) == {"attacker_wins", "defender_wins", "both_eliminated"}
    assert 99.8 <= sum(float(p) for p in forecast["odds"].values()) <= 100.2
    dumps(forecast)
    assert battle_forecast(state, "ann", {"army": "blue-1", "target": "Iga"}, BOARD)["reason"] == "unoccupied"
    assert battle_forecast(state, "ann", {"army": "blue-9", "target": "Iga"}, BOARD)["reason"] == "unknown_army"


@pytest.mark.parametrize("war", [None, {}, {"battles": []}])
def test_a_side_without_battle_orders_fights_no_battle(war):
    state = small_state()
    new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert new == state and events == []
