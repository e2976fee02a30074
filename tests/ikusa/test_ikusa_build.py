from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps
from games.ikusa.build import (
    build,
    build_castle,
    build_fortress,
    check_build,
    default_build,
)
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.pieces import pieces

COLOURS = {"ann": "red", "bob": "blue", "cid": "orange"}
province, _ = pieces(COLOURS)
PAID = {"build": 2}


def new_state():
    """ann: a1 (castle), a2 (fortress), a3, a4 with her army; bob: b1, b2; cid: c1; x1 unowned."""
    provinces = {"a1": province("ann", castle=True, spearman=3), "a2": province("ann", castle=True, fortress=True,
                                                                                 spearman=1),
                 "a3": province("ann", spearman=1), "a4": province("ann", spearman=2),
                 "b1": province("bob", spearman=4), "b2": province("bob", castle=True, spearman=1),
                 "c1": province("cid", spearman=1), "x1": province()}
    armies = {"red-1": {"player": "ann", "colour": "red", "province": "a4", "experience": 1,
                        "units": {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 2}, "status": "active"}}
    return {"game": "ikusa", "round": 1, "phase": "play", "players": ["ann", "bob", "cid"], "options": {},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["cid", "bob", "ann"],
            "provinces": provinces, "armies": armies, "koku": {"ann": 0, "bob": 0, "cid": 0},
            "supply": {"castles": 7, "fortifications": 4, "ronin": 30,
                       "figures": {c: dict(FIGURES_PER_COLOUR) for c in COLOURS.values()}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def problems_of(state, side, order, allocation=PAID):
    return [(p.reason, p.field) for p in check_build(state, side, allocation, order)]


def test_a_castle_is_built_on_an_owned_province_without_one():
    state = new_state()
    new, events = build_castle(state, "ann", "a3")
    assert new["provinces"]["a3"]["castle"] and not new["provinces"]["a3"]["fortress"]
    assert new["supply"]["castles"] == 6
    assert events == [{"kind": "castle_built", "audience": "all", "player": "ann", "colour": "red", "province": "a3"}]


def test_a_fortress_is_a_fortification_base_under_a_castle_already_built():
    new, events = build_fortress(new_state(), "bob", "b2")
    assert new["provinces"]["b2"]["castle"] and new["provinces"]["b2"]["fortress"]
    assert (new["supply"]["fortifications"], new["supply"]["castles"]) == (3, 7)
    assert events[0]["kind"] == "fortress_built"


def test_a_castle_cannot_go_where_a_castle_or_fortress_stands():
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "a1"}) == [(NOT_ALLOWED, "build.province")]
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "a2"}) == [(NOT_ALLOWED, "build.province")]
    new, events = build_castle(new_state(), "ann", "a1")
    assert events[0]["kind"] == "build_failed" and events[0]["reason"] == "castle_there"
    assert new["supply"]["castles"] == 7


def test_a_fortress_needs_a_castle_and_is_built_once():
    assert problems_of(new_state(), "ann", {"kind": "fortress", "province": "a3"}) == [(NOT_ALLOWED, "build.province")]
    assert problems_of(new_state(), "ann", {"kind": "fortress", "province": "a2"}) == [(NOT_ALLOWED, "build.province")]
    assert build_fortress(new_state(), "ann", "a3")[1][0]["reason"] == "no_castle"
    assert build_fortress(new_state(), "ann", "a2")[1][0]["reason"] == "fortress_there"


def test_only_an_owned_province_can_be_built_on():
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "b1"}) == [(NOT_ALLOWED, "build.province")]
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "x1"}) == [(NOT_ALLOWED, "build.province")]
    assert build_castle(new_state(), "ann", "b1")[1][0]["reason"] == "not_owned"


def test_a_build_order_must_name_a_kind_and_a_province_that_exist():
    assert problems_of(new_state(), "ann", {"kind": "tower", "province": "a3"}) == [(NOT_UNDERSTOOD, "build.kind")]
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "zz"}) == [
        (NOT_UNDERSTOOD, "build.province")]
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "a3", "when": 1}) == [
        (NOT_UNDERSTOOD, "build.when")]
    assert problems_of(new_state(), "ann", "castle") == [(NOT_UNDERSTOOD, "build")]


def test_building_needs_two_koku_in_the_build_box_and_two_koku_need_an_order():
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "a3"}, {"levy": 2}) == [
        (NOT_ALLOWED, "build")]
    assert problems_of(new_state(), "ann", None) == [(NOT_ALLOWED, "build")]
    assert problems_of(new_state(), "ann", None, {"levy": 2}) == []
    assert problems_of(new_state(), "ann", {"kind": "castle", "province": "a3"}) == []


def test_an_empty_supply_is_refused_at_check_time():
    state = new_state()
    state["supply"]["castles"] = 0
    assert problems_of(state, "ann", {"kind": "castle", "province": "a3"}) == [(NOT_ALLOWED, "build.kind")]


def test_when_castles_run_short_sides_build_in_turn_order_and_the_last_loses_its_koku():
    state = new_state()
    state["supply"]["castles"] = 2
    allocations = {"ann": PAID, "bob": PAID, "cid": PAID}
    orders = {"ann": {"kind": "castle", "province": "a3"}, "bob": {"kind": "castle", "province": "b1"},
              "cid": {"kind": "castle", "province": "c1"}}
    new, events = build(state, allocations, orders)  # turn order: cid, bob, ann
    assert [(ev["kind"], ev["player"]) for ev in events] == [
        ("castle_built", "cid"), ("castle_built", "bob"), ("build_failed", "ann")]
    assert events[-1]["reason"] == "no_castles_left" and events[-1]["audience"] == "all"
    assert not new["provinces"]["a3"]["castle"] and new["supply"]["castles"] == 0


def test_fortification_bases_run_short_the_same_way():
    state = new_state()
    state["supply"]["fortifications"] = 1
    orders = {"ann": {"kind": "fortress", "province": "a1"}, "bob": {"kind": "fortress", "province": "b2"}}
    _new, events = build(state, {"ann": PAID, "bob": PAID}, orders)
    assert [(ev["kind"], ev["player"]) for ev in events] == [("fortress_built", "bob"), ("build_failed", "ann")]
    assert events[-1]["reason"] == "no_fortifications_left"


def test_a_side_that_paid_and_sent_no_order_builds_by_default_and_only_its_player_is_told():
    new, events = build(new_state(), {"ann": PAID}, {})
    assert [ev["kind"] for ev in events] == ["build_defaulted", "castle_built"]
    assert events[0]["audience"] == ["ann"]
    assert new["provinces"]["a4"]["castle"]  # her army and two spearmen: most units without a castle


def test_the_default_build_is_a_fortress_when_every_owned_province_has_a_castle():
    state = new_state()
    for pid in ("a3", "a4"):
        state["provinces"][pid]["castle"] = True
    assert default_build(state, "ann") == {"kind": "fortress", "province": "a4"}
    state["supply"]["fortifications"] = 0
    assert default_build(state, "ann") is None
    _new, events = build(state, {"ann": PAID}, {})
    assert [(ev["kind"], ev["reason"]) for ev in events] == [("build_failed", "nowhere_to_build")]


def test_an_order_from_a_side_that_paid_nothing_is_ignored():
    state = new_state()
    new, events = build(state, {"ann": {"levy": 2}}, {"ann": {"kind": "castle", "province": "a3"}})
    assert [(ev["kind"], ev["audience"]) for ev in events] == [("build_ignored", ["ann"])]
    assert dumps(new) == dumps(state)


def test_building_never_changes_the_state_it_was_given():
    state = new_state()
    before = dumps(state)
    build(state, {"ann": PAID, "bob": PAID}, {"ann": {"kind": "castle", "province": "a3"}})
    build_castle(state, "ann", "a3")
    build_fortress(state, "bob", "b2")
    assert dumps(state) == before
