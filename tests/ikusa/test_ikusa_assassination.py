"""The ninja as assassin and spy: scripted dice, small hand-built states."""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps, for_player
from games.ikusa.assassination import (
    attempt_assassination,
    check_ninja,
    default_successor,
    due_assassinations,
    spy_report,
    spy_watch,
    succeed_assassinated_daimyos,
    use_spy,
)
from games.ikusa.ninja import may_spy
from tests.ikusa.pieces import pieces
from tests.support.scripted import ScriptedDice

COLOURS = {"ann": "blue", "oda": "orange", "cid": "red"}
province, army = pieces(COLOURS)


def base_state(round_number=3, ninja_holder="ann", **options) -> dict:
    """ann (blue) hired the ninja this round; oda (orange) and cid (red) are its possible victims."""
    provinces = {"p1": province("ann", spearman=1), "p2": province("ann"), "p3": province("oda", spearman=2),
                 "p4": province("oda"), "p5": province("cid", archer=1), "p6": province("ann")}
    armies = {"blue-1": army("ann", "p1", 1, spearman=2), "blue-2": army("ann", "p2", 3, archer=1),
              "blue-3": army("ann", "p6", 3, archer=1, spearman=2),
              "orange-1": army("oda", "p3", 2, swordsman=1, gunner=1, spearman=3),
              "orange-2": army("oda", "p4", 1, archer=1),
              "red-1": army("cid", "p5", 1, spearman=1)}
    figures = {colour: {"daimyo": 0, "archer": 5, "swordsman": 5, "gunner": 5, "spearman": 20}
               for colour in COLOURS.values()}
    ninja = {"holder": ninja_holder, "hired_round": round_number, "used": None} if ninja_holder else None
    return {"game": "ikusa", "round": round_number, "phase": "play", "players": ["ann", "oda", "cid"],
            "options": {"quick": False, "victory_check": "immediate", "victory_provinces": 35,
                        "most_provinces_on_first_elimination": False, "least_experience": 1, **options},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["ann", "oda", "cid"],
            "provinces": provinces, "armies": armies, "koku": {"ann": 0, "oda": 0, "cid": 0},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30, "figures": figures},
            "ninja": ninja, "secret": {}, "eliminated": [], "over": False, "winners": []}


def two_player_state(round_number=3) -> dict:
    state = base_state(round_number, ninja_holder="blue")
    state["players"] = ["ann", "oda"]
    state["colours"] = {"ann": ["blue", "red"], "oda": ["orange", "green"]}
    state["turn_order"] = ["blue", "orange", "red", "green"]
    state["koku"] = {"blue": 0, "red": 0, "orange": 0, "green": 0}
    for pid in ("p5",):
        state["provinces"][pid]["owner"] = "ann"
    state["armies"]["red-1"]["player"] = "ann"
    return state


def strike(daimyo="orange-1", before="B", war_of="oda"):
    return {"daimyo": daimyo, "before": before, "war_of": war_of}


def kinds(events):
    return [ev["kind"] for ev in events]


def only(events, kind):
    return [ev for ev in events if ev["kind"] == kind]


# --- the assassination ------------------------------------------------------------------------------

def test_an_assassination_succeeds_on_eight_or_less():
    dice = ScriptedDice(8)
    new, events = attempt_assassination(base_state(), "ann", strike(), dice)
    target = new["armies"]["orange-1"]
    assert target["frozen"] is True and target["assassinated"] is True and target["assassinated_by"] == "ann"
    assert target["units"] == {"daimyo": 1, "swordsman": 1, "gunner": 1, "spearman": 3}
    assert target["status"] == "active" and target["province"] == "p3"
    assert new["ninja"] == {"holder": "ann", "hired_round": 3, "used": "assassin"}
    assert kinds(events) == ["assassination_attempted", "daimyo_assassinated"]
    attempted = events[0]
    assert (attempted["player"], attempted["colour"], attempted["target"], attempted["target_player"],
            attempted["roll"], attempted["success"]) == ("ann", "blue", "orange-1", "oda", 8, True)
    assert (attempted["before"], attempted["war_of"]) == ("B", "oda")
    killed = events[1]
    assert (killed["army"], killed["player"], killed["how"], killed["by_player"], killed["by_colour"]) == (
        "orange-1", "oda", "ninja", "ann", "blue")
    assert all(ev["audience"] == "all" for ev in events)
    assert [(r["sides"], r["value"]) for r in dice.rolls] == [(12, 8)]


def test_an_assassination_fails_on_nine_or_more_and_a_revenge_below_nine_kills_nobody():
    state = base_state()
    dice = ScriptedDice(9, 8)
    new, events = attempt_assassination(state, "ann", strike(), dice)
    assert not any(a.get("frozen") for a in new["armies"].values())
    assert new["armies"] == state["armies"]
    assert new["ninja"]["used"] == "assassin"
    assert kinds(events) == ["assassination_attempted", "revenge"]
    assert events[0]["success"] is False and events[0]["roll"] == 9
    revenge = events[1]
    assert (revenge["player"], revenge["on_player"], revenge["roll"], revenge["success"], revenge["target"]) == (
        "oda", "ann", 8, False, None)
    assert revenge["audience"] == "all"


def test_a_successful_revenge_kills_the_daimyo_the_victim_names():
    new, events = attempt_assassination(base_state(), "ann", strike(), ScriptedDice(12, 9),
                                        revenge={"oda": {"target": "blue-1"}})
    assert new["armies"]["blue-1"]["frozen"] is True and new["armies"]["blue-1"]["assassinated_by"] == "oda"
    assert not new["armies"]["orange-1"].get("frozen")
    assert kinds(events) == ["assassination_attempted", "revenge", "daimyo_assassinated"]
    assert (events[1]["success"], events[1]["target"], events[1]["chosen"]) == (True, "blue-1", "order")
    assert (events[2]["army"], events[2]["how"], events[2]["by_player"]) == ("blue-1", "revenge", "oda")


def test_the_default_revenge_kills_the_most_experienced_then_the_largest_of_the_hirers_daimyos():
    # blue-2 and blue-3 both have experience 3; blue-3 has the larger army
    new, events = attempt_assassination(base_state(), "ann", strike(), ScriptedDice(10, 12))
    assert events[1]["target"] == "blue-3" and events[1]["chosen"] == "default"
    assert new["armies"]["blue-3"]["frozen"] is True
    # a revenge order naming someone else's army (not the hirer's) falls back to the default too
    new, events = attempt_assassination(base_state(), "ann", strike(), ScriptedDice(10, 12),
                                        revenge={"oda": {"target": "red-1"}})
    assert events[1]["target"] == "blue-3" and events[1]["chosen"] == "default"


def test_the_assassination_and_the_revenge_do_not_change_the_state_they_are_given():
    state = base_state()
    before = dumps(state)
    attempt_assassination(state, "ann", strike(), ScriptedDice(3))
    attempt_assassination(state, "ann", strike(), ScriptedDice(11, 11))
    assert dumps(state) == before


def test_no_assassination_is_made_in_the_first_round():
    state = base_state(round_number=1)
    new, events = attempt_assassination(state, "ann", strike(), ScriptedDice())
    assert kinds(events) == ["assassination_skipped"] and events[0]["reason"] == "first_round"
    assert events[0]["audience"] == ["ann"]
    assert new["ninja"]["used"] is None and not new["armies"]["orange-1"].get("frozen")
    assert due_assassinations(state, "oda", "B", {"ann": {"assassinate": strike()}}) == []


def test_only_the_side_that_hired_the_ninja_this_round_can_use_it():
    state = base_state(ninja_holder="cid")
    new, events = attempt_assassination(state, "ann", strike(), ScriptedDice())
    assert events[0]["reason"] == "not_your_ninja" and new["ninja"]["used"] is None
    last_round = base_state()
    last_round["ninja"]["hired_round"] = 2
    assert attempt_assassination(last_round, "ann", strike(), ScriptedDice())[1][0]["reason"] == "not_your_ninja"


def test_an_assassination_whose_target_is_gone_rolls_nothing_and_the_ninja_may_still_spy():
    state = base_state()
    state["armies"]["orange-1"].update(status="lost", province=None, units={})
    new, events = attempt_assassination(state, "ann", strike(), ScriptedDice())
    assert [(ev["kind"], ev["reason"], ev["audience"]) for ev in events] == [
        ("assassination_skipped", "army_lost", ["ann"])]
    assert may_spy({**new, "round": 4}, "ann")
    _, events = attempt_assassination(base_state(), "ann", strike(daimyo="blue-1"), ScriptedDice())
    assert events[0]["reason"] == "not_an_enemy"


def test_the_assassination_is_due_before_the_named_phase_of_the_named_sides_war():
    state = base_state()
    orders = {"ann": {"assassinate": strike(before="D", war_of="cid")}, "oda": None,
              "cid": {"assassinate": strike(daimyo="blue-1", war_of="cid")}}
    assert due_assassinations(state, "cid", "D", orders) == [("ann", strike(before="D", war_of="cid"))]
    assert due_assassinations(state, "cid", "B", orders) == []
    assert due_assassinations(state, "oda", "D", orders) == []
    used = base_state()
    used["ninja"]["used"] = "assassin"
    assert due_assassinations(used, "cid", "D", orders) == []


def test_a_daimyo_that_is_the_only_unit_of_its_army_is_out_at_once():
    state = base_state()
    state["armies"]["orange-2"]["units"] = {"daimyo": 1}
    new, events = attempt_assassination(state, "ann", strike(daimyo="orange-2"), ScriptedDice(1))
    assert new["armies"]["orange-2"] == {"player": "oda", "colour": "orange", "province": None, "experience": 1,
                                         "units": {}, "status": "lost"}
    assert new["supply"]["figures"]["orange"]["daimyo"] == 1
    killed = only(events, "daimyo_killed")
    assert [(ev["army"], ev["how"], ev["by_player"]) for ev in killed] == [("orange-2", "assassinated", "ann")]
    assert not new["eliminated"]  # oda still has orange-1


def test_assassinating_the_last_daimyo_of_a_player_eliminates_them_in_favour_of_the_hirer():
    state = base_state()
    state["armies"]["red-1"]["units"] = {"daimyo": 1}
    new, events = attempt_assassination(state, "ann", strike(daimyo="red-1", war_of="cid"), ScriptedDice(4))
    assert new["eliminated"] == ["cid"]
    eliminated = only(events, "player_eliminated")
    assert [(ev["player"], ev["by_player"]) for ev in eliminated] == [("cid", "ann")]
    assert new["provinces"]["p5"]["owner"] == "ann"


# --- the end of the round ---------------------------------------------------------------------------

def assassinated(state, army_id, by="ann"):
    state["armies"][army_id].update(frozen=True, assassinated=True, assassinated_by=by)
    return state


def test_the_successor_named_by_the_player_takes_the_daimyos_place():
    state = assassinated(base_state(least_experience=2), "orange-1")
    new, events = succeed_assassinated_daimyos(state, {"oda": {"successors": {"orange-1": "swordsman"}}})
    army = new["armies"]["orange-1"]
    assert army == {"player": "oda", "colour": "orange", "province": "p3", "experience": 2,
                    "units": {"daimyo": 1, "gunner": 1, "spearman": 3}, "status": "active"}
    assert new["supply"]["figures"]["orange"]["swordsman"] == 6
    assert [(ev["kind"], ev["army"], ev["unit"], ev["chosen"], ev["experience"], ev["audience"]) for ev in events] == [
        ("successor_named", "orange-1", "swordsman", "order", 2, "all")]


def test_the_default_successor_is_the_cheapest_unit_of_the_army():
    state = assassinated(base_state(), "orange-1")
    new, events = succeed_assassinated_daimyos(state, {"oda": {"successors": {"orange-1": "archer"}}})
    assert events[0]["unit"] == "spearman" and events[0]["chosen"] == "default"  # no archer in orange-1
    assert new["armies"]["orange-1"]["units"] == {"daimyo": 1, "swordsman": 1, "gunner": 1, "spearman": 2}
    assert new["armies"]["orange-1"]["experience"] == 1


def test_a_tie_in_price_for_the_successor_goes_by_the_casualty_order():
    units = {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 1}
    assert default_successor(units) == "gunner"  # gunners die before swordsmen by default
    assert default_successor(units, ["swordsman"]) == "swordsman"
    assert default_successor({"daimyo": 1, "archer": 2}) == "archer"
    assert default_successor({"daimyo": 1, "archer": 1, "spearman": 1}, ["archer"]) == "spearman"  # price first
    state = assassinated(base_state(), "orange-1")
    state["armies"]["orange-1"]["units"] = {"daimyo": 1, "swordsman": 1, "gunner": 1}
    _, events = succeed_assassinated_daimyos(state, {"oda": {"war": {"priority": ["swordsman", "gunner"]}}})
    assert events[0]["unit"] == "swordsman"


def test_an_assassinated_daimyo_with_nothing_left_in_its_army_is_out_of_the_game():
    state = assassinated(base_state(), "orange-1")
    state["armies"]["orange-1"]["units"] = {"daimyo": 1}
    new, events = succeed_assassinated_daimyos(state, {})
    assert new["armies"]["orange-1"]["status"] == "lost" and new["armies"]["orange-1"]["units"] == {}
    assert "frozen" not in new["armies"]["orange-1"] and "assassinated" not in new["armies"]["orange-1"]
    assert [(ev["kind"], ev["army"], ev["how"], ev["by_player"]) for ev in events] == [
        ("daimyo_killed", "orange-1", "assassinated", "ann")]
    assert not new["eliminated"]


def test_a_player_whose_last_daimyo_is_out_after_an_assassination_is_eliminated():
    state = assassinated(base_state(), "red-1", by="oda")
    state["armies"]["red-1"]["units"] = {"daimyo": 1, "ronin": 1}  # the ronin does not succeed
    new, events = succeed_assassinated_daimyos(state, {"cid": {"successors": {"red-1": "spearman"}}})
    assert new["eliminated"] == ["cid"]
    assert [(ev["player"], ev["by_player"]) for ev in only(events, "player_eliminated")] == [("cid", "oda")]
    assert new["provinces"]["p5"]["owner"] == "oda"
    assert new["supply"]["ronin"] == 31


def test_the_marks_of_an_army_lost_in_battle_are_cleared_and_others_are_untouched():
    state = assassinated(base_state(), "orange-2")
    state["armies"]["orange-2"].update(status="lost", province=None, units={})
    state["armies"]["orange-2"].pop("frozen")
    before = dumps(state)
    new, events = succeed_assassinated_daimyos(state, {})
    assert events == []
    assert new["armies"]["orange-2"] == {"player": "oda", "colour": "orange", "province": None, "experience": 1,
                                         "units": {}, "status": "lost"}
    assert {a: new["armies"][a] for a in new["armies"] if a != "orange-2"} == {
        a: state["armies"][a] for a in state["armies"] if a != "orange-2"}
    assert dumps(state) == before


# --- checking the orders ----------------------------------------------------------------------------

def body(**parts):
    return {"planning": {"ninja": 1, "levy": 2}, **parts}


def fields(problems):
    return [(p.field, p.reason) for p in problems]


def test_a_well_formed_assassination_from_a_bidder_is_accepted():
    state = base_state(round_number=2)
    assert check_ninja(state, "ann", body(ninja={"assassinate": strike()}, revenge={"target": "orange-2"},
                                          successors={"blue-1": "spearman"})) == []


def test_an_assassination_needs_koku_in_the_ninja_box():
    problems = check_ninja(base_state(), "ann", {"planning": {"levy": 3}, "ninja": {"assassinate": strike()}})
    assert fields(problems) == [("ninja.assassinate", NOT_ALLOWED)]
    assert problems[0].code == "assassination-without-bid"


def test_an_assassination_cannot_be_ordered_for_the_first_round():
    problems = check_ninja(base_state(round_number=0), "ann", body(ninja={"assassinate": strike()}))
    assert fields(problems) == [("ninja.assassinate", NOT_ALLOWED)]
    assert problems[0].code == "assassination-in-first-round"


def test_the_target_moment_and_war_must_make_sense():
    state = base_state()
    state["armies"]["orange-2"].update(status="lost", province=None)
    order = {"daimyo": "green-9", "before": "C", "war_of": "bob", "when": 1}
    assert fields(check_ninja(state, "ann", body(ninja={"assassinate": order}))) == [
        ("ninja.assassinate.when", NOT_UNDERSTOOD), ("ninja.assassinate.daimyo", NOT_UNDERSTOOD),
        ("ninja.assassinate.before", NOT_UNDERSTOOD), ("ninja.assassinate.war_of", NOT_UNDERSTOOD)]
    assert fields(check_ninja(state, "ann", body(ninja={"assassinate": strike(daimyo="blue-2")}))) == [
        ("ninja.assassinate.daimyo", NOT_ALLOWED)]
    assert fields(check_ninja(state, "ann", body(ninja={"assassinate": strike(daimyo="orange-2")}))) == [
        ("ninja.assassinate.daimyo", NOT_ALLOWED)]
    assert fields(check_ninja(state, "ann", body(ninja={"assassinate": {"daimyo": "orange-1"}, "spy": 1}))) == [
        ("ninja.spy", NOT_UNDERSTOOD), ("ninja.assassinate.before", NOT_UNDERSTOOD),
        ("ninja.assassinate.war_of", NOT_UNDERSTOOD)]


def test_revenge_and_successor_orders_are_checked():
    state = base_state()
    assert fields(check_ninja(state, "oda", {"revenge": {"target": "orange-1"}})) == [("revenge.target", NOT_ALLOWED)]
    assert fields(check_ninja(state, "oda", {"revenge": "blue-1"})) == [("revenge", NOT_UNDERSTOOD)]
    assert fields(check_ninja(state, "oda", {"successors": {"orange-1": "daimyo", "blue-1": "spearman"}})) == [
        ("successors.orange-1", NOT_UNDERSTOOD), ("successors.blue-1", NOT_ALLOWED)]


def test_in_the_two_player_game_a_colour_orders_under_its_own_section():
    state = two_player_state()
    problems = check_ninja(state, "blue", body(ninja={"assassinate": strike(daimyo="red-1", war_of="orange")}))
    assert fields(problems) == [("blue.ninja.assassinate.daimyo", NOT_ALLOWED)]  # red is blue's ally
    new, events = attempt_assassination(state, "blue", strike(daimyo="orange-2", war_of="orange"), ScriptedDice(2))
    assert (events[0]["player"], events[0]["colour"], events[0]["target_colour"]) == ("ann", "blue", "orange")
    assert new["armies"]["orange-2"]["frozen"] is True


# --- the spy ----------------------------------------------------------------------------------------

def test_only_the_side_that_hired_the_ninja_last_round_may_order_the_spy():
    state = base_state(round_number=3)  # ann hired it in round 3; the spy works in round 4's planning
    assert check_ninja(state, "ann", {"spy": {"watch": "oda"}}) == []
    assert fields(check_ninja(state, "cid", {"spy": {"watch": "oda"}})) == [("spy", NOT_ALLOWED)]
    state["ninja"]["used"] = "assassin"
    assert fields(check_ninja(state, "ann", {"spy": {"watch": "oda"}})) == [("spy", NOT_ALLOWED)]
    assert fields(check_ninja(base_state(), "ann", {"spy": {"watch": "ann"}})) == [("spy.watch", NOT_ALLOWED)]
    assert fields(check_ninja(base_state(), "ann", {"spy": {"watch": "bob"}})) == [("spy.watch", NOT_UNDERSTOOD)]


def test_the_spy_report_is_shown_to_the_spys_player_alone():
    state = base_state(round_number=3)
    playing = {**state, "round": 4}
    assert spy_watch(playing, {"ann": {"watch": "oda"}, "cid": {"watch": "oda"}}) == ("ann", "oda")
    assert spy_watch(state, {"ann": {"watch": "oda"}}) is None  # the ninja hired this round cannot spy yet
    allocation = {"turn_order": 1, "build": 0, "levy": 3, "ronin": 0, "ninja": 1}
    report = spy_report(playing, "ann", "oda", allocation)
    assert report["audience"] == ["ann"] and report["allocation"] == allocation
    assert (report["watched_player"], report["watched_colour"]) == ("oda", "orange")
    assert for_player([report], "oda") == [] and for_player([report], "cid") == []
    new, events = use_spy(playing, "ann", "oda", allocation)
    assert new["ninja"]["used"] == "spy" and playing["ninja"]["used"] is None
    assert events == [report]
    assert not may_spy(new, "ann")
