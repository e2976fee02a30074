"""Choices the rulebook gives the players that a batch round takes from the orders: the garrison an advancing army
leaves ("una o más unidades"), and whose units a doubly-held province loses first; each with today's default."""
from __future__ import annotations

import tomllib

import pytest

from engine import Dice
from games.ikusa import battles
from games.ikusa.battle_checks import check_reach
from games.ikusa.battles import check_battles, conduct_combat, split_survivors
from games.ikusa.orders import check_orders
from games.ikusa.round import resolve_round
from games.ikusa.setup import setup
from games.ikusa.state import FIGURES_PER_COLOUR
from pbem import door
from pbem.orders import locate_problem
from tests.ikusa.war_board import BOARD, HIT, MISS, army, figures, only, small_state
from tests.support.scripted import ScriptedDice


def experienced(**blue) -> dict:
    """Blue's level-2 army alone in Omi (no provincial force there), next to orange's Wakasa and unowned Iga."""
    state = small_state(**blue)
    state["provinces"]["omi"]["force"] = {}
    state["supply"]["figures"]["blue"]["spearman"] += 1
    state["armies"]["blue-1"]["experience"] = 2
    return state


def advance_on(target: str, garrison=None, after_win="advance") -> dict:
    entry = {"army": "blue-1", "target": target, "after_win": after_win}
    if garrison is not None:
        entry["garrison"] = garrison
    return {"battles": [entry]}


def kinds_in_order(events, *wanted) -> bool:
    """Whether these kinds of event come once each, in this order."""
    seen = [ev["kind"] for ev in events if ev["kind"] in wanted]
    return seen == list(wanted)


def new_game():
    """A three-player game after its placement round, before round 1."""
    state, _ = setup(["ann", "bob", "cho"], {}, Dice(b"choices setup"))
    state, _ = resolve_round(state, {}, Dice(b"choices placement"))
    return state


# --- the garrison, carried out -------------------------------------------------------------------------------

def test_an_army_that_advances_after_a_win_leaves_the_garrison_its_battle_names():
    state = experienced()
    new, events = conduct_combat(state, "ann", advance_on("Wakasa", {"spearman": 2}), ScriptedDice(HIT), BOARD)
    assert only(events, "army_advanced")[0]["garrison"] == {"spearman": 2}
    assert new["provinces"]["omi"]["force"] == {"spearman": 2} and new["provinces"]["omi"]["owner"] == "ann"
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 1}
    assert new["armies"]["blue-1"]["province"] == "wakasa"
    assert not only(events, "garrison_not_as_ordered")
    assert figures(new, "blue") == FIGURES_PER_COLOUR


def test_an_army_taking_an_unoccupied_province_leaves_the_garrison_its_battle_names_even_ordered_to_stay():
    state = experienced()
    war = advance_on("Iga", {"archer": 1, "spearman": 1}, after_win="stay")
    new, events = conduct_combat(state, "ann", war, ScriptedDice(), BOARD)
    assert new["provinces"]["omi"]["force"] == {"archer": 1, "spearman": 1}
    assert new["armies"]["blue-1"] == {**state["armies"]["blue-1"], "province": "iga",
                                       "units": {"daimyo": 1, "spearman": 1}}
    assert check_battles(state, "ann", war, BOARD) == [] and check_reach(state, "ann", war, BOARD) == []


def test_without_a_garrison_order_the_army_leaves_one_unit_of_its_first_priority_kind_as_before():
    state = experienced()
    new, events = conduct_combat(state, "ann", {"priority": ["archer"], **advance_on("Wakasa")}, ScriptedDice(HIT),
                                 BOARD)
    assert only(events, "army_advanced")[0]["garrison"] == {"archer": 1}
    assert new["provinces"]["omi"]["force"] == {"archer": 1}
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "spearman": 2}


# --- the garrison, when the round has changed the board ----------------------------------------------------------

def test_a_garrison_of_units_lost_in_the_battle_falls_back_to_the_default_and_its_player_is_told():
    state = experienced()
    # the archer and the daimyo miss, a blue spearman kills orange's while orange's kills a blue spearman
    dice = ScriptedDice(MISS, MISS, HIT, MISS, HIT)
    new, events = conduct_combat(state, "ann", advance_on("Wakasa", {"spearman": 2}), dice, BOARD)
    told = only(events, "garrison_not_as_ordered")
    assert [(ev["army"], ev["province"], ev["ordered"], ev["reason"], ev["left"], ev["audience"]) for ev in told] == [
        ("blue-1", "omi", {"spearman": 2}, "units_lost", {"spearman": 1}, ["ann"])]
    assert kinds_in_order(events, "garrison_not_as_ordered", "army_advanced")
    assert new["provinces"]["omi"]["force"] == {"spearman": 1}
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 1}


def test_a_garrison_that_would_break_the_armys_ronin_limit_falls_back_to_the_default():
    state = experienced(ronin=2)
    new, events = conduct_combat(state, "ann", advance_on("Iga", {"archer": 1, "spearman": 2}), ScriptedDice(), BOARD)
    assert [(ev["reason"], ev["left"]) for ev in only(events, "garrison_not_as_ordered")] == [
        ("breaks_ronin_limit", {"spearman": 1})]
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 1, "ronin": 2, "spearman": 1}


def test_a_garrison_where_a_provincial_force_still_holds_the_province_is_not_left():
    state = small_state()   # Omi keeps its spearman
    state["armies"]["blue-1"]["experience"] = 2
    new, events = conduct_combat(state, "ann", advance_on("Wakasa", {"archer": 1}), ScriptedDice(HIT), BOARD)
    assert [(ev["reason"], ev["left"]) for ev in only(events, "garrison_not_as_ordered")] == [("not_needed", None)]
    assert new["provinces"]["omi"]["force"] == {"spearman": 1}
    assert new["armies"]["blue-1"]["units"] == state["armies"]["blue-1"]["units"]


def test_a_garrison_that_cannot_be_left_by_either_rule_keeps_the_army_where_it_is():
    state = experienced(archer=0, spearman=1, ronin=1)
    new, events = conduct_combat(state, "ann", advance_on("Iga", {"spearman": 1}), ScriptedDice(), BOARD)
    assert [ev["left"] for ev in only(events, "garrison_not_as_ordered")] == [None]
    assert [ev["reason"] for ev in only(events, "order_skipped")] == ["garrison_breaks_ronin_limit"]
    assert new["armies"]["blue-1"]["province"] == "omi"


# --- the garrison, refused when the orders come ------------------------------------------------------------------

@pytest.mark.parametrize(("written", "code"), [
    ("{ wizard = 1 }", "kind-not-allowed"),
    ("{ ronin = 1 }", "kind-not-allowed"),       # ronin cannot stand alone
    ("{ daimyo = 1 }", "kind-not-allowed"),
    ("{ spearman = -1 }", "bad-units"),
    ("{ spearman = 1.5 }", "bad-units"),
    ("{ spearman = true }", "bad-units"),
    ("{ spearman = { a = 1 } }", "bad-units"),
    ("{ spearman = 0 }", "bad-units"),
    ("{}", "bad-units"),
    ('"spearman"', "bad-units"),
    ("{ spearman = 99999999999999 }", "force-limit"),
    ("{ spearman = 3, archer = 3 }", "force-limit"),
])
def test_a_garrison_that_is_not_regular_units_is_refused_at_its_own_line(written, code):
    text = f'[[war.battles]]\narmy = "blue-1"\ntarget = "Wakasa"\nafter_win = "advance"\ngarrison = {written}\n'
    problems = check_battles(experienced(), "ann", tomllib.loads(text)["war"], BOARD)
    assert [(p.code, p.field, locate_problem(p, text).line) for p in problems] == [(code, "war.battles[0].garrison", 5)]


def test_a_garrison_on_a_battle_that_does_not_advance_is_refused():
    text = '[[war.battles]]\narmy = "blue-1"\ntarget = "Wakasa"\ngarrison = { spearman = 1 }\n'
    problems = check_battles(experienced(), "ann", tomllib.loads(text)["war"], BOARD)
    assert [(p.code, locate_problem(p, text).line) for p in problems] == [("garrison-without-advance", 4)]


def test_a_garrison_on_a_provincial_force_attack_is_refused():
    text = ('[[war.battles]]\nprovince = "Yamashiro"\ntarget = "Iga"\n'
            '[[war.battles]]\nprovince = "Omi"\ntarget = "Wakasa"\ngarrison = { spearman = 1 }\n')
    problems = check_battles(small_state(), "ann", tomllib.loads(text)["war"], BOARD)
    assert [(p.code, p.field, locate_problem(p, text).line) for p in problems] == [
        ("garrison-on-force-attack", "war.battles[1].garrison", 7)]


def test_a_garrison_larger_than_the_army_is_refused_as_the_army_will_stand_when_it_attacks():
    state = experienced()
    war = advance_on("Wakasa", {"spearman": 3})
    assert check_battles(state, "ann", war, BOARD) == []
    problems = check_reach(state, "ann", war, BOARD)
    assert [(p.code, p.field) for p in problems] == [("garrison-more-than-army", "war.battles[0].garrison")]
    assert problems[0].message == ("blue-1 will have 2 spearman units when it attacks, fewer than the 3 of "
                                   "the garrison.")
    assert check_reach(state, "ann", advance_on("Wakasa", {"spearman": 2}), BOARD) == []


def test_a_garrison_counts_the_units_the_army_picks_up_in_phase_a():
    state = experienced()
    state["armies"]["blue-1"]["province"] = "yamashiro"
    state["provinces"]["yamashiro"]["force"] = {"spearman": 2}
    state["provinces"]["omi"]["force"] = {"spearman": 1}
    war = {"moves": [{"army": "blue-1", "path": ["Omi"], "pick_up": {"Omi": {"spearman": 1}}}],
           **advance_on("Wakasa", {"spearman": 3})}
    assert check_battles(state, "ann", war, BOARD) == [] and check_reach(state, "ann", war, BOARD) == []


def test_a_garrison_counts_the_units_levied_to_the_army_this_round():
    state = new_game()
    army_id, where = next((a_id, a["province"]) for a_id, a in sorted(state["armies"].items())
                          if a["player"] == "ann" and a["status"] == "active")
    target = next(pid for pid in BOARD.neighbours(where) if state["provinces"][pid]["owner"] == "bob")
    state["armies"][army_id]["experience"] = 2
    spearmen = state["armies"][army_id]["units"].get("spearman", 0)
    battle = {"army": army_id, "target": target, "after_win": "advance", "garrison": {"spearman": spearmen + 1}}
    koku = state["koku"]["ann"]
    body = {"planning": {"levy": 1, "turn_order": koku - 1},
            "levy": {"units": [{"unit": "spearman", "to": army_id}]}, "war": {"battles": [battle]}}
    assert "garrison-more-than-army" not in [p.code for p in check_orders(state, "ann", body).problems]
    short = {**body, "levy": {"units": [{"unit": "spearman", "to": where}]}}
    assert "garrison-more-than-army" in [p.code for p in check_orders(state, "ann", short).problems]


# --- whose units a doubly-held province loses first ---------------------------------------------------------------

def doubly_held_wakasa() -> dict:
    """Orange's army (its daimyo and a spearman) stands on Wakasa's provincial force of two spearmen."""
    state = small_state()
    state["provinces"]["wakasa"]["force"] = {"spearman": 2}
    state["armies"]["orange-1"] = army("oda", "wakasa", spearman=1)
    state["supply"]["figures"]["orange"]["spearman"] -= 2
    return state


WITHDRAW = {"battles": [{"army": "blue-1", "target": "Wakasa", "withdraw": {"rule": "after_rounds", "rounds": 1}}]}


def two_orange_spearmen_die():
    """Blue's archer and one spearman hit; orange misses throughout; blue withdraws after the round."""
    return ScriptedDice(HIT, MISS, MISS, HIT, MISS, MISS, MISS, MISS)


def test_a_doubly_held_province_loses_its_provincial_force_first_by_default():
    state = doubly_held_wakasa()
    plain, _ = conduct_combat(state, "ann", WITHDRAW, two_orange_spearmen_die(), BOARD)
    said, _ = conduct_combat(state, "ann", WITHDRAW, two_orange_spearmen_die(), BOARD, defence_losses={"oda": "force"})
    assert plain == said
    assert plain["provinces"]["wakasa"]["force"] == {}
    assert plain["armies"]["orange-1"]["units"] == {"daimyo": 1, "spearman": 1}


def test_a_defender_may_order_its_army_to_lose_its_units_first_the_daimyo_still_last():
    state = doubly_held_wakasa()
    new, events = conduct_combat(state, "ann", WITHDRAW, two_orange_spearmen_die(), BOARD,
                                 defence_losses={"oda": "army"})
    assert new["armies"]["orange-1"]["units"] == {"daimyo": 1}
    assert new["provinces"]["wakasa"]["force"] == {"spearman": 1}
    assert figures(new, "orange") == FIGURES_PER_COLOUR


def test_when_the_army_loses_first_the_provincial_force_keeps_its_own_ronin_within_its_limit():
    assert split_survivors({"daimyo": 1, "spearman": 3, "ronin": 2}, {"daimyo": 1, "spearman": 2, "ronin": 1},
                           {"spearman": 2, "ronin": 1}, "army") == (
        {"daimyo": 1, "spearman": 1, "ronin": 1}, {"spearman": 2, "ronin": 1})
    # a force of one regular unit has no room for a ronin: it stays with the army
    assert split_survivors({"daimyo": 1, "spearman": 2, "ronin": 1}, {"daimyo": 1, "spearman": 2},
                           {"spearman": 1, "ronin": 1}, "army") == ({"daimyo": 1, "spearman": 1, "ronin": 1},
                                                                    {"spearman": 1})
    assert split_survivors({"spearman": 3, "ronin": 1}, {}, {"spearman": 3, "ronin": 1}, "army") == (
        {}, {"spearman": 3, "ronin": 1})


def test_the_setting_is_read_from_each_sides_war_orders_and_given_to_every_war(monkeypatch):
    state = new_game()
    given = []
    real = battles.conduct_combat

    def spy(*args, **kwargs):
        given.append(kwargs["defence_losses"])
        return real(*args, **kwargs)

    monkeypatch.setattr(battles, "conduct_combat", spy)
    resolve_round(state, {"bob": {"war": {"defence_losses_first": "army"}}}, Dice(b"choices round"))
    assert given and all(losses == {"ann": "force", "bob": "army", "cho": "force"} for losses in given)


def test_an_unknown_defence_losses_first_is_refused_at_its_line():
    text = '[war]\npriority = ["archer"]\ndefence_losses_first = "daimyo"\n'
    problems = check_battles(small_state(), "ann", tomllib.loads(text)["war"], BOARD)
    assert [(p.code, p.field, locate_problem(p, text).line) for p in problems] == [
        ("bad-defence-losses-first", "war.defence_losses_first", 3)]
    assert check_battles(small_state(), "ann", {"defence_losses_first": "army"}, BOARD) == []


def test_the_report_tells_only_the_armys_player_in_a_sentence_why_its_garrison_was_not_left():
    from games import get
    from pbem import render

    state = experienced()
    new, events = conduct_combat(state, "ann", advance_on("Wakasa", {"spearman": 2}),
                                 ScriptedDice(MISS, MISS, HIT, MISS, HIT), BOARD)

    def report(player):
        model = door.report_model(campaign="war", game=get("ikusa"), round_number=new["round"], player=player,
                                  state=new, events=events, dice={"seed": "00", "commitment": "00", "nonces": {},
                                                                  "rolls": []},
                                  next_commitment=None, deadline=None, defaulted=[], rerun=None)
        return render.render_text(model)

    told = (f"Army blue-1 could not leave the garrison you ordered in {BOARD.name('omi')} (2 spearmen): the "
            "battle took those units. It left 1 spearman instead.")
    assert told in " ".join(report("ann").split())
    assert "garrison you ordered" not in report("oda")
