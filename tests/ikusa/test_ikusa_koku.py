import pytest

from engine import dumps
from games.ikusa.koku import collect_koku, income

COLOURS = {"ann": "red", "bob": "blue", "cid": "orange"}


def new_state(provinces: dict, daimyos=("ann", "bob", "cid"), koku=None):
    """Each player owns the number of provinces given; players in `daimyos` have one army with its daimyo."""
    owned = {}
    for player, count in provinces.items():
        for i in range(count):
            owned[f"{player}{i:02d}"] = {"owner": player, "colour": COLOURS[player], "force": {"spearman": 1},
                                         "castle": False, "fortress": False}
    armies = {f"{COLOURS[p]}-1": {"player": p, "colour": COLOURS[p], "province": f"{p}00", "experience": 1,
                                  "units": {"daimyo": 1}, "status": "active"} for p in daimyos}
    return {"game": "ikusa", "round": 1, "phase": "play", "players": list(COLOURS), "options": {},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": list(COLOURS), "provinces": owned,
            "armies": armies, "koku": koku or {p: 0 for p in COLOURS},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30, "figures": {}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


@pytest.mark.parametrize("provinces, koku", [(13, 4), (26, 8), (9, 3), (11, 3), (12, 4), (35, 11)])
def test_income_is_the_provinces_owned_divided_by_three_remainder_dropped(provinces, koku):
    assert income(new_state({"ann": provinces}), "ann") == (koku, False)


@pytest.mark.parametrize("provinces", [1, 5, 8])
def test_a_side_with_fewer_than_nine_provinces_and_a_daimyo_receives_three(provinces):
    assert income(new_state({"ann": provinces}), "ann") == (3, True)


def test_without_a_daimyo_there_is_no_minimum():
    assert income(new_state({"ann": 7}, daimyos=()), "ann") == (2, False)


def test_a_lost_daimyo_does_not_count_for_the_minimum():
    state = new_state({"ann": 4})
    state["armies"]["red-1"].update(status="lost", units={}, province=None)
    assert income(state, "ann") == (1, False)


def test_every_side_collects_in_public_and_adds_it_to_what_it_holds():
    state = new_state({"ann": 13, "bob": 4, "cid": 26}, koku={"ann": 0, "bob": 1, "cid": 0})
    new, events = collect_koku(state)
    assert new["koku"] == {"ann": 4, "bob": 4, "cid": 8}
    assert events[1] == {"kind": "koku_collected", "audience": "all", "player": "bob", "colour": "blue", "koku": 3,
                         "provinces": 4, "minimum": True}


def test_eliminated_sides_collect_nothing():
    state = new_state({"ann": 13, "bob": 4})
    state["eliminated"] = ["bob"]
    new, events = collect_koku(state)
    assert new["koku"]["bob"] == 0 and [ev["player"] for ev in events] == ["ann", "cid"]


def test_in_the_two_player_game_each_colour_collects_for_its_own_provinces():
    state = new_state({"ann": 10, "bob": 5, "cid": 20})
    state["players"] = ["ann", "cid"]
    state["colours"] = {"ann": ["red", "blue"], "cid": ["orange", "green"]}
    for province in state["provinces"].values():  # bob's provinces and army become ann's blue ones
        if province["owner"] == "bob":
            province["owner"] = "ann"
    state["armies"]["blue-1"]["player"] = "ann"
    state["koku"] = {"red": 0, "blue": 0, "orange": 0, "green": 0}
    new, events = collect_koku(state)
    assert new["koku"] == {"red": 3, "blue": 3, "orange": 6, "green": 0}
    assert [(ev["player"], ev["colour"], ev["minimum"]) for ev in events] == [
        ("ann", "red", False), ("ann", "blue", True), ("cid", "orange", False), ("cid", "green", False)]


def test_collecting_never_changes_the_state_it_was_given():
    state = new_state({"ann": 13, "bob": 4})
    before = dumps(state)
    collect_koku(state)
    assert dumps(state) == before
