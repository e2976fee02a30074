from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Dice, dumps
from games.ikusa.turn_order import (
    check_preferences,
    determine_turn_order,
    draw_order,
    full_preferences,
    markers,
)
from tests.support.scripted import ScriptedDice

FOUR = ["ann", "bob", "cid", "dee"]


def new_state(players=FOUR, colours=None):
    colours = colours or {p: [c] for p, c in zip(players, ["red", "blue", "orange", "green", "yellow"])}
    return {"game": "ikusa", "round": 2, "phase": "play", "players": list(players), "options": {},
            "colours": colours, "turn_order": [], "provinces": {}, "armies": {}, "koku": {},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30, "figures": {}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def bids(**turn_order):
    return {side: {"turn_order": n} for side, n in turn_order.items()}


def resolve(state, allocations, preferences, *values):
    dice = ScriptedDice(*values)
    new, events = determine_turn_order(state, allocations, preferences, dice)
    assert dice.values == [], "some scripted rolls were not used"
    return new, events, dice


def markers_of(events):
    return events[-1]["markers"]


def test_the_highest_bidder_takes_the_marker_it_prefers_first():
    new, events, _ = resolve(new_state(), bids(ann=1, bob=3, cid=2, dee=1),
                             {"bob": [3, 1], "cid": [3, 1], "ann": [1], "dee": [2]}, 1)
    assert markers_of(events)["bob"] == 3
    assert markers_of(events)["cid"] == 1
    assert new["turn_order"] == [s for s, _ in sorted(markers_of(events).items(), key=lambda kv: kv[1])]


def test_bidders_choose_in_descending_bid_then_the_others_draw_the_markers_left():
    # bob (3) takes 1, ann (2) takes 2; cid and dee draw 3 and 4: one roll of a 2-sided die (swap or not)
    new, events, dice = resolve(new_state(), bids(ann=2, bob=3), {}, 1)
    assert markers_of(events) == {"bob": 1, "ann": 2, "cid": 4, "dee": 3}
    assert new["turn_order"] == ["bob", "ann", "dee", "cid"]
    assert [ev["kind"] for ev in events] == ["turn_marker_chosen", "turn_marker_chosen", "turn_marker_drawn",
                                            "turn_marker_drawn", "turn_order_determined"]
    assert dice.rolls[0]["sides"] == 2 and "bid nothing" in dice.rolls[0]["purpose"]


def test_markers_left_out_of_the_preferences_follow_in_ascending_order():
    assert full_preferences(new_state(), [3]) == [3, 1, 2, 4]
    assert full_preferences(new_state(), None) == [1, 2, 3, 4]


def test_a_side_without_preferences_takes_the_lowest_marker_left():
    _new, events, _ = resolve(new_state(), bids(ann=1, bob=1, cid=1, dee=2), {"ann": [2], "bob": [3], "cid": [4]})
    assert markers_of(events) == {"dee": 1, "ann": 2, "bob": 3, "cid": 4}


def test_tied_bidders_who_want_different_markers_get_them_without_dice():
    _new, events, dice = resolve(new_state(), bids(ann=2, bob=2, cid=2, dee=2),
                                {"ann": [4], "bob": [2], "cid": [1], "dee": [3]})
    assert markers_of(events) == {"ann": 4, "bob": 2, "cid": 1, "dee": 3}
    assert dice.rolls == [] and "turn_order_tie" not in [ev["kind"] for ev in events]


def test_tied_bidders_who_want_the_same_marker_choose_in_an_order_drawn_with_the_dice():
    # ann and bob both bid 2 and want 1: draw_order over [ann, bob] rolls a d2; 1 swaps them, so bob chooses first
    _new, events, dice = resolve(new_state(), bids(ann=2, bob=2, cid=1, dee=1),
                                {"ann": [1, 2], "bob": [1, 3], "cid": [4], "dee": [2]}, 1)
    tie = [ev for ev in events if ev["kind"] == "turn_order_tie"]
    assert len(tie) == 1 and tie[0]["audience"] == "all"
    assert (tie[0]["bid"], tie[0]["sides"], tie[0]["wanted"], tie[0]["order"]) == (
        2, ["ann", "bob"], {"ann": 1, "bob": 1}, ["bob", "ann"])
    assert tie[0]["first_roll"] == 0 and "tied at 2 Koku" in dice.rolls[0]["purpose"]
    assert markers_of(events) == {"bob": 1, "ann": 2, "cid": 4, "dee": 3}


def test_a_tie_only_between_lower_bidders_does_not_disturb_the_higher_ones():
    # bob alone bids 3 and takes 1; ann and cid tie at 1 and both want 2
    _new, events, _ = resolve(new_state(), bids(ann=1, bob=3, cid=1),
                             {"ann": [2], "bob": [1], "cid": [2, 4]}, 2)
    assert markers_of(events) == {"bob": 1, "ann": 2, "cid": 4, "dee": 3}


def test_when_nobody_bids_every_marker_is_drawn_at_random():
    _new, events, dice = resolve(new_state(), {}, {}, 4, 3, 2)  # d4, d3, d2: Fisher-Yates from the end
    assert len(dice.rolls) == 3
    assert sorted(markers_of(events).values()) == [1, 2, 3, 4]
    assert all(ev["kind"] == "turn_marker_drawn" for ev in events[:-1])


def test_there_is_one_marker_per_side_still_in_the_game():
    state = new_state()
    state["eliminated"] = ["cid"]
    assert markers(state) == [1, 2, 3]
    new, _events, _ = resolve(state, bids(ann=1, bob=2, dee=3), {})
    assert new["turn_order"] == ["dee", "bob", "ann"]


def test_the_two_player_game_uses_four_markers_one_per_colour():
    state = new_state(["ann", "bob"], {"ann": ["red", "blue"], "bob": ["orange", "green"]})
    assert markers(state) == [1, 2, 3, 4]
    new, events, _ = resolve(state, bids(red=2, blue=1, orange=3, green=4), {})
    assert new["turn_order"] == ["green", "orange", "red", "blue"]
    chosen = [ev for ev in events if ev["kind"] == "turn_marker_chosen"]
    assert (chosen[0]["player"], chosen[0]["colour"]) == ("bob", "green")


def test_preferences_name_distinct_markers_of_this_round():
    state = new_state()
    assert check_preferences(state, "ann", [2, 1]) == []
    assert check_preferences(state, "ann", None) == []
    problems = check_preferences(state, "ann", [2, 5, 2, "1"])
    assert [(p.reason, p.field) for p in problems] == [
        (NOT_ALLOWED, "turn_order.preferences[1]"), (NOT_ALLOWED, "turn_order.preferences[2]"),
        (NOT_UNDERSTOOD, "turn_order.preferences[3]")]
    assert [p.field for p in check_preferences(state, "ann", 1)] == ["turn_order.preferences"]


def test_the_same_dice_give_the_same_turn_order():
    state = new_state()
    runs = [determine_turn_order(state, bids(ann=1, bob=1), {"ann": [1], "bob": [1]}, Dice(b"key")) for _ in range(2)]
    assert dumps(runs[0]) == dumps(runs[1])
    orders = {tuple(determine_turn_order(state, {}, {}, Dice(key))[0]["turn_order"]) for key in
              (b"a", b"b", b"c", b"d", b"e", b"f", b"g", b"h")}
    assert len(orders) > 1, "the markers of sides that bid nothing are drawn at random"


def test_draw_order_is_a_permutation_of_its_items():
    assert sorted(draw_order(Dice(b"key"), [1, 2, 3, 4, 5], "test")) == [1, 2, 3, 4, 5]


def test_determining_the_turn_order_never_changes_the_state_it_was_given():
    state = new_state()
    before = dumps(state)
    determine_turn_order(state, bids(ann=1), {}, Dice(b"key"))
    assert dumps(state) == before
