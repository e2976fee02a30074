import copy

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps, for_player
from games.ikusa.planning import allocate_koku, check_allocation, default_allocation
from games.ikusa.state import FIGURES_PER_COLOUR

COLOURS = {"ann": ["red"], "bob": ["blue"], "cid": ["orange"]}


def new_state(owners, koku, colours=COLOURS):
    """Provinces p0.. owned as listed (a side per province); every side's Koku as given."""
    players = list(colours)
    two = len(players) == 2

    def player(side):
        return side if side in colours else next(p for p, cs in colours.items() if side in cs)

    provinces = {f"p{i}": {"owner": player(side) if side else None,
                           "colour": (side if two else colours[side][0]) if side else None,
                           "force": {"spearman": 1} if side else {}, "castle": False, "fortress": False}
                 for i, side in enumerate(owners)}
    return {"game": "ikusa", "round": 1, "phase": "play", "players": players, "options": {}, "colours": colours,
            "turn_order": list(koku), "provinces": provinces, "armies": {}, "koku": dict(koku),
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30,
                       "figures": {c: dict(FIGURES_PER_COLOUR) for cs in colours.values() for c in cs}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def three(koku=None):
    return new_state(["ann"] * 4 + ["bob"] * 5 + ["cid"] * 6 + [None],
                     koku or {"ann": 5, "bob": 4, "cid": 3})


def fields(problems):
    return [p.field for p in problems]


def test_an_allocation_that_spends_every_koku_stands():
    assert check_allocation(three(), "ann", {"turn_order": 1, "build": 2, "levy": 1, "ronin": 1, "ninja": 0}) == []


def test_a_box_left_out_holds_nothing():
    assert check_allocation(three(), "bob", {"levy": 4}) == []


def test_every_koku_must_be_spent_none_kept_for_later():
    problems = check_allocation(three(), "ann", {"levy": 4})
    assert fields(problems) == ["planning"] and problems[0].reason == NOT_ALLOWED
    assert (problems[0].code, problems[0].values) == ("too-few-koku", {"spent": 4, "koku": 5})


def test_no_more_koku_can_be_allocated_than_the_side_has():
    problems = check_allocation(three(), "cid", {"levy": 3, "ninja": 1})
    assert fields(problems) == ["planning"]
    assert (problems[0].code, problems[0].values) == ("too-many-koku", {"spent": 4, "koku": 3})


def test_the_build_box_holds_two_koku_or_none():
    for amount in (1, 3):
        problems = check_allocation(three(), "ann", {"build": amount, "levy": 5 - amount})
        assert fields(problems) == ["planning.build"] and problems[0].reason == NOT_ALLOWED


def test_a_negative_box_is_refused():
    problems = check_allocation(three(), "bob", {"levy": 6, "ronin": -2})
    assert fields(problems) == ["planning.ronin"] and problems[0].reason == NOT_ALLOWED


def test_a_box_must_hold_a_whole_number():
    problems = check_allocation(three(), "cid", {"levy": 1.5, "ronin": True, "ninja": "1"})
    assert sorted(fields(problems)) == ["planning.levy", "planning.ninja", "planning.ronin"]
    assert {p.reason for p in problems} == {NOT_UNDERSTOOD}


def test_an_unknown_box_is_not_understood():
    problems = check_allocation(three(), "cid", {"levy": 3, "bribe": 0})
    assert fields(problems) == ["planning.bribe"] and problems[0].reason == NOT_UNDERSTOOD


def test_an_allocation_that_is_not_a_table_is_not_understood():
    assert [(p.reason, p.field) for p in check_allocation(three(), "ann", [5])] == [(NOT_UNDERSTOOD, "planning")]


def test_an_eliminated_player_allocates_nothing():
    state = three()
    state["eliminated"] = ["cid"]
    assert [(p.reason, p.field) for p in check_allocation(state, "cid", {"levy": 3})] == [(NOT_ALLOWED, "planning")]


def test_in_the_two_player_game_each_colour_allocates_its_own_koku():
    state = new_state(["red", "red", "blue", "orange", "green", "green"],
                      {"red": 3, "blue": 4, "orange": 3, "green": 5},
                      colours={"ann": ["red", "blue"], "bob": ["orange", "green"]})
    assert check_allocation(state, "blue", {"levy": 4}) == []
    assert fields(check_allocation(state, "red", {"levy": 4})) == ["red.planning"]
    assert fields(check_allocation(state, "green", {"build": 1, "levy": 4})) == ["green.planning.build"]


def test_allocations_are_revealed_to_everyone_once_all_are_in():
    state = three()
    given = {"ann": {"turn_order": 1, "build": 2, "levy": 2}, "bob": {"levy": 3, "ninja": 1},
             "cid": {"ronin": 2, "ninja": 1}}
    new, events = allocate_koku(state, given)
    assert [ev["kind"] for ev in events] == ["allocations_revealed"]
    assert events[0]["audience"] == "all"
    assert events[0]["allocations"] == {
        "ann": {"turn_order": 1, "build": 2, "levy": 2, "ronin": 0, "ninja": 0},
        "bob": {"turn_order": 0, "build": 0, "levy": 3, "ronin": 0, "ninja": 1},
        "cid": {"turn_order": 0, "build": 0, "levy": 0, "ronin": 2, "ninja": 1}}
    assert new["allocations"] == events[0]["allocations"]
    assert new["koku"] == {"ann": 0, "bob": 0, "cid": 0}


def test_a_side_without_an_allocation_gets_the_default_and_only_its_player_is_told():
    state = three()
    new, events = allocate_koku(state, {"ann": {"levy": 5}, "bob": {"levy": 4}})
    defaulted = [ev for ev in events if ev["kind"] == "allocation_defaulted"]
    assert len(defaulted) == 1 and defaulted[0]["audience"] == ["cid"]
    assert defaulted[0]["reason"] == "missing" and defaulted[0]["player"] == "cid"
    assert new["allocations"]["cid"] == default_allocation(state, "cid")
    assert not [ev for ev in for_player(events, "ann") if ev["kind"] == "allocation_defaulted"]


def test_an_allocation_that_no_longer_stands_is_replaced_by_the_default():
    new, events = allocate_koku(three(), {"ann": {"levy": 9}, "bob": {"levy": 4}, "cid": {"levy": 3}})
    defaulted = [ev for ev in events if ev["kind"] == "allocation_defaulted"]
    assert [(ev["player"], ev["reason"], ev["fields"]) for ev in defaulted] == [("ann", "refused", ["planning"])]
    assert sum(new["allocations"]["ann"].values()) == 5


def test_the_default_allocation_levies_up_to_one_koku_per_province_and_hires_ronin_with_the_rest():
    assert default_allocation(three(), "bob") == {"turn_order": 0, "build": 0, "levy": 4, "ronin": 0, "ninja": 0}
    state = three({"ann": 7, "bob": 4, "cid": 3})
    assert default_allocation(state, "ann") == {"turn_order": 0, "build": 0, "levy": 4, "ronin": 3, "ninja": 0}


def test_eliminated_sides_take_no_part_in_planning():
    state = three()
    state["eliminated"] = ["bob"]
    new, _events = allocate_koku(state, {"ann": {"levy": 5}, "cid": {"levy": 3}})
    assert set(new["allocations"]) == {"ann", "cid"}
    assert new["koku"]["bob"] == 4


def test_allocating_never_changes_the_state_it_was_given():
    state = three()
    before = dumps(state)
    allocate_koku(state, {"ann": {"levy": 5}, "bob": {"levy": 9}})
    check_allocation(state, "ann", {"levy": 5})
    assert dumps(state) == before


def test_the_revealed_allocations_are_a_copy_not_shared_with_the_state():
    new, events = allocate_koku(three(), {"ann": {"levy": 5}, "bob": {"levy": 4}, "cid": {"levy": 3}})
    events[-1]["allocations"]["ann"]["levy"] = 0
    assert new["allocations"]["ann"]["levy"] == 5
    assert copy.deepcopy(new) == new
