from engine import dumps
from games.ikusa.ninja import hire_ninja, may_spy


def new_state(players=("ann", "bob", "cid"), round_number=3):
    colours = dict(zip(players, (["red"], ["blue"], ["orange"], ["green"])))
    return {"game": "ikusa", "round": round_number, "phase": "play", "players": list(players), "options": {},
            "colours": colours, "turn_order": list(players), "provinces": {}, "armies": {},
            "koku": {p: 0 for p in players}, "supply": {"castles": 10, "fortifications": 5, "ronin": 30, "figures": {}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def bids(**ninja):
    return {side: {"ninja": n, "levy": 1} for side, n in ninja.items()}


def test_the_highest_bid_hires_the_ninja():
    new, events = hire_ninja(new_state(), bids(ann=1, bob=3, cid=2))
    assert new["ninja"] == {"holder": "bob", "hired_round": 3, "used": None}
    assert events == [{"kind": "ninja_hired", "audience": "all", "player": "bob", "colour": "blue", "side": "bob",
                       "bid": 3, "round": 3}]


def test_a_tie_for_the_ninja_hires_nobody():
    new, events = hire_ninja(new_state(), bids(ann=2, bob=2, cid=1))
    assert new["ninja"] is None
    assert [(ev["kind"], ev["reason"], ev["sides"], ev["bid"]) for ev in events] == [
        ("ninja_not_hired", "tie", ["ann", "bob"], 2)]


def test_nobody_hires_the_ninja_when_nobody_bids():
    new, events = hire_ninja(new_state(), bids(ann=0, bob=0))
    assert new["ninja"] is None and events[0]["reason"] == "no_bids"


def test_a_single_koku_is_enough_when_nobody_else_bids():
    new, _ = hire_ninja(new_state(), bids(cid=1))
    assert new["ninja"]["holder"] == "cid"


def test_the_ninja_of_an_earlier_round_is_back_in_the_tray_when_it_is_hired_again():
    state = new_state()
    state["ninja"] = {"holder": "ann", "hired_round": 2, "used": None}
    assert hire_ninja(state, bids(bob=1))[0]["ninja"] == {"holder": "bob", "hired_round": 3, "used": None}
    assert hire_ninja(state, bids(bob=1, cid=1))[0]["ninja"] is None


def test_an_eliminated_side_cannot_hire_the_ninja():
    state = new_state()
    state["eliminated"] = ["bob"]
    assert hire_ninja(state, bids(bob=5, ann=1))[0]["ninja"]["holder"] == "ann"


def test_in_the_two_player_game_a_colour_hires_the_ninja():
    state = new_state(("ann", "bob"))
    state["colours"] = {"ann": ["red", "blue"], "bob": ["orange", "green"]}
    new, events = hire_ninja(state, bids(red=1, blue=2, green=1))
    assert new["ninja"]["holder"] == "blue" and (events[0]["player"], events[0]["colour"]) == ("ann", "blue")


def test_a_ninja_hired_last_round_and_unused_may_spy_in_this_planning():
    state = new_state()
    state["ninja"] = {"holder": "ann", "hired_round": 2, "used": None}
    assert may_spy(state, "ann") and not may_spy(state, "bob")
    state["ninja"]["used"] = "assassin"
    assert not may_spy(state, "ann")
    state["ninja"] = {"holder": "ann", "hired_round": 3, "used": None}
    assert not may_spy(state, "ann")


def test_hiring_the_ninja_never_changes_the_state_it_was_given():
    state = new_state()
    before = dumps(state)
    hire_ninja(state, bids(ann=2))
    assert dumps(state) == before
