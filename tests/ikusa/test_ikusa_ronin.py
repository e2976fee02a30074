from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps, for_player
from games.ikusa.ronin import (
    check_ronin,
    default_deployment,
    deploy_ronin,
    hire_ronin,
    remove_ronin,
    ronin_room,
)
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.pieces import pieces

COLOURS = {"ann": "red", "bob": "blue", "cid": "orange"}
province, army = pieces(COLOURS)


def new_state():
    """ann: a1 doubly held (army of 11 regular units, force of 3), a2 (5 spearmen), a3 (1 spearman);
    bob: b1 with his army of 5; cid: c1."""
    provinces = {"a1": province("ann", spearman=3), "a2": province("ann", spearman=5),
                 "a3": province("ann", spearman=1), "b1": province("bob", spearman=1),
                 "c1": province("cid", spearman=2)}
    armies = {"red-1": army("ann", "a1", archer=2, swordsman=2, gunner=2, spearman=4),
              "red-2": {**army("ann", None), "status": "unplaced"},
              "blue-1": army("bob", "b1", archer=1, swordsman=1, gunner=2)}
    return {"game": "ikusa", "round": 1, "phase": "play", "players": ["ann", "bob", "cid"], "options": {},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["cid", "ann", "bob"],
            "provinces": provinces, "armies": armies, "koku": {"ann": 0, "bob": 0, "cid": 0},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30,
                       "figures": {c: dict(FIGURES_PER_COLOUR) for c in COLOURS.values()}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def hired(state, **count):
    """The state after hiring, with `count` ronin per side waiting to be deployed."""
    for side, n in count.items():
        state["secret"].setdefault(side, {}).setdefault("ronin_hired", {})[side] = n
        state["supply"]["ronin"] -= n
    return state


def problems_of(state, orders, koku, side="ann", levy=None, levy_koku=0):
    return [(p.reason, p.field) for p in check_ronin(state, side, {"ronin": koku, "levy": levy_koku}, orders, levy)]


def test_each_koku_hires_two_ronin_from_the_shared_supply_in_public():
    new, events = hire_ronin(new_state(), {"ann": {"ronin": 3}, "bob": {"ronin": 1}, "cid": {"levy": 3}})
    assert new["supply"]["ronin"] == 22
    assert new["secret"]["ann"]["ronin_hired"] == {"ann": 6} and new["secret"]["bob"]["ronin_hired"] == {"bob": 2}
    assert [(ev["kind"], ev["player"], ev["count"], ev["audience"]) for ev in events] == [
        ("ronin_hired", "ann", 6, "all"), ("ronin_hired", "bob", 2, "all")]


def test_when_ronin_run_short_sides_hire_in_turn_order_and_one_that_gets_none_loses_its_koku():
    state = new_state()
    state["supply"]["ronin"] = 5
    new, events = hire_ronin(state, {"ann": {"ronin": 2}, "bob": {"ronin": 1}, "cid": {"ronin": 1}})
    # turn order cid, ann, bob: cid takes 2, ann the 3 left of her 4, bob none
    assert [(ev["kind"], ev["player"], ev.get("count")) for ev in events] == [
        ("ronin_hired", "cid", 2), ("ronin_hired", "ann", 3), ("ronin_not_hired", "bob", None)]
    assert events[-1]["reason"] == "supply_empty" and events[-1]["koku"] == 1
    assert new["supply"]["ronin"] == 0 and "bob" not in new["secret"]


def test_a_group_takes_at_most_one_ronin_fewer_than_its_regular_units_the_daimyo_counting():
    state = new_state()
    assert ronin_room(state, "ann", "red-1") == (10, None)   # 11 with the daimyo
    assert ronin_room(state, "ann", "a1") == (2, None)       # the provincial force beside it: 3 spearmen
    assert ronin_room(state, "ann", "a2") == (4, None)
    assert ronin_room(state, "ann", "a3") == (0, None)
    assert ronin_room(state, "bob", "blue-1") == (4, None)


def test_a_doubly_held_province_takes_ronin_with_its_army_and_its_force_each_within_its_own_limit():
    # the rulebook's example: an army of 11 and a force of 3 take at most 12 ronin, 10 + 2
    state = hired(new_state(), ann=12)
    orders = {"ann": [{"to": "red-1", "count": 10}, {"to": "a1", "count": 2}]}
    assert problems_of(state, orders["ann"], 6) == []
    new, _events = deploy_ronin(state, orders)
    assert new["secret"]["ann"]["ronin"] == {"red-1": 10, "a1": 2}
    assert problems_of(state, [{"to": "a1", "count": 3}], 6) == [(NOT_ALLOWED, "ronin[0].count")]


def test_deployment_orders_that_break_the_rules_are_refused_naming_the_entry():
    state = new_state()
    assert problems_of(state, [{"to": "a3", "count": 1}], 1) == [(NOT_ALLOWED, "ronin[0].count")]
    assert problems_of(state, [{"to": "a2", "count": 3}, {"to": "a2", "count": 2}], 3) == [
        (NOT_ALLOWED, "ronin[1].count")]
    assert problems_of(state, [{"to": "b1", "count": 1}], 1) == [(NOT_ALLOWED, "ronin[0].to")]
    assert problems_of(state, [{"to": "blue-1", "count": 1}], 1) == [(NOT_ALLOWED, "ronin[0].to")]
    assert problems_of(state, [{"to": "red-2", "count": 1}], 1) == [(NOT_ALLOWED, "ronin[0].to")]
    assert problems_of(state, [{"to": "nowhere", "count": 1}], 1) == [(NOT_UNDERSTOOD, "ronin[0].to")]
    assert problems_of(state, [{"to": "a2", "count": 0}], 1) == [(NOT_ALLOWED, "ronin[0].count")]
    assert problems_of(state, [{"to": "a2", "count": "2"}], 1) == [(NOT_UNDERSTOOD, "ronin[0].count")]
    assert problems_of(state, [{"to": "a2", "n": 2}], 1) == [(NOT_UNDERSTOOD, "ronin[0]")]
    assert problems_of(state, {"to": "a2"}, 1) == [(NOT_UNDERSTOOD, "ronin")]


def test_no_more_ronin_are_deployed_than_the_koku_hire_and_koku_need_a_deployment():
    state = new_state()
    assert problems_of(state, [{"to": "red-1", "count": 5}], 2) == [(NOT_ALLOWED, "ronin")]
    assert problems_of(state, [{"to": "red-1", "count": 4}], 2) == []
    assert problems_of(state, {"ronin": [{"to": "red-1", "count": 4}]}, 2) == []
    assert problems_of(state, None, 2) == [(NOT_ALLOWED, "ronin")]
    assert problems_of(state, [{"to": "red-1", "count": 1}], 0) == [(NOT_ALLOWED, "ronin")]


def test_the_limit_at_check_time_counts_the_sides_own_levy_of_the_round():
    levy = {"units": [{"unit": "spearman", "to": "a3"}]}
    assert problems_of(new_state(), [{"to": "a3", "count": 1}], 1) == [(NOT_ALLOWED, "ronin[0].count")]
    assert problems_of(new_state(), [{"to": "a3", "count": 1}], 1, levy=levy, levy_koku=1) == []


def test_the_deployment_is_secret_every_event_is_the_deploying_players_alone():
    state = hired(new_state(), ann=4, bob=2)
    new, events = deploy_ronin(state, {"ann": [{"to": "a2", "count": 4}], "bob": [{"to": "blue-1", "count": 2}]})
    assert events and all(ev["audience"] in (["ann"], ["bob"]) for ev in events)
    assert for_player(events, "cid") == []
    assert [ev["to"] for ev in for_player(events, "ann")] == ["a2"]
    assert new["secret"]["ann"] == {"ronin": {"a2": 4}} and new["secret"]["bob"] == {"ronin": {"blue-1": 2}}
    assert new["armies"] == state["armies"] and new["provinces"] == state["provinces"]


def test_ronin_that_cannot_be_deployed_go_back_to_the_supply():
    state = hired(new_state(), ann=6)
    new, events = deploy_ronin(state, {"ann": [{"to": "a2", "count": 6}, {"to": "a3", "count": 1}]})
    assert new["secret"]["ann"]["ronin"] == {"a2": 4}
    assert [(ev["kind"], ev.get("reason")) for ev in events] == [
        ("ronin_deployed", None), ("ronin_not_deployed", "no_room"), ("ronin_returned", "not_deployed")]
    assert events[0]["count"] == 4 and events[0]["ordered"] == 6 and events[-1]["count"] == 2
    assert new["supply"]["ronin"] == 26
    assert "ronin_hired" not in new["secret"]["ann"]


def test_a_side_that_hired_ronin_and_sent_no_deployment_fills_its_biggest_armies_first():
    state = hired(new_state(), ann=14)
    assert default_deployment(state, "ann", 14) == [{"to": "red-1", "count": 10}, {"to": "a2", "count": 4}]
    new, events = deploy_ronin(state, {})
    assert events[0]["kind"] == "ronin_deployment_defaulted" and events[0]["audience"] == ["ann"]
    assert new["secret"]["ann"]["ronin"] == {"red-1": 10, "a2": 4}


def test_at_the_end_of_the_round_every_surviving_ronin_goes_back_to_the_supply():
    state = hired(new_state(), ann=6, bob=2)
    state, _ = deploy_ronin(state, {"ann": [{"to": "red-1", "count": 3}, {"to": "a2", "count": 2}],
                                    "bob": [{"to": "blue-1", "count": 2}]})
    # bob's ronin fought and were revealed: they stand with his army now; one of ann's was lost
    del state["secret"]["bob"]["ronin"]
    state["armies"]["blue-1"]["units"]["ronin"] = 2
    state["secret"]["ann"]["ronin"]["red-1"] = 2
    new, events = remove_ronin(state)
    assert new["supply"]["ronin"] == 29
    assert "ronin" not in new["armies"]["blue-1"]["units"] and new["secret"]["ann"] == {}
    public = [ev for ev in events if ev["audience"] == "all"]
    assert [(ev["player"], ev["from"], ev["count"], ev["revealed"]) for ev in public] == [("bob", "blue-1", 2, True)]
    hidden = [ev for ev in events if ev["audience"] == ["ann"]]
    assert [(ev["from"], ev["province"], ev["count"], ev["revealed"]) for ev in hidden] == [
        ("a2", "a2", 2, False), ("red-1", "a1", 2, False)]
    assert [ev["kind"] for ev in for_player(events, "cid")] == ["ronin_removed"]


def test_revealed_ronin_with_a_provincial_force_are_removed_in_public():
    state = new_state()
    state["provinces"]["a2"]["force"]["ronin"] = 3
    state["supply"]["ronin"] = 27
    new, events = remove_ronin(state)
    assert new["provinces"]["a2"]["force"] == {"spearman": 5} and new["supply"]["ronin"] == 30
    assert [(ev["from"], ev["player"], ev["audience"]) for ev in events] == [("a2", "ann", "all")]


def test_a_two_player_side_keeps_its_ronin_under_its_players_secret():
    state = new_state()
    state["players"] = ["ann", "bob"]
    state["colours"] = {"ann": ["red", "blue"], "bob": ["orange", "green"]}
    state["provinces"]["b1"].update(owner="ann")
    state["armies"]["blue-1"]["player"] = "ann"
    state["turn_order"] = ["red", "blue", "orange", "green"]
    new, events = hire_ronin(state, {"red": {"ronin": 1}, "blue": {"ronin": 1}})
    assert new["secret"]["ann"]["ronin_hired"] == {"red": 2, "blue": 2}
    new, events = deploy_ronin(new, {"blue": [{"to": "blue-1", "count": 2}], "red": [{"to": "blue-1", "count": 1}]})
    assert new["secret"]["ann"]["ronin"] == {"blue-1": 2}
    assert new["supply"]["ronin"] == 28  # red's two could go nowhere it named
    assert [ev["reason"] for ev in events if ev["kind"] == "ronin_not_deployed"] == ["not_your_army"]
    assert all(ev["audience"] == ["ann"] for ev in events)


def test_hiring_deploying_and_removing_never_change_the_state_they_were_given():
    state = hired(new_state(), ann=4)
    before = dumps(state)
    hire_ronin(state, {"bob": {"ronin": 2}})
    deploy_ronin(state, {"ann": [{"to": "a2", "count": 4}]})
    remove_ronin(state)
    check_ronin(state, "ann", {"ronin": 2, "levy": 1}, [{"to": "a3", "count": 1}],
                {"units": [{"unit": "spearman", "to": "a3"}]})
    default_deployment(state, "ann", 4)
    assert dumps(state) == before


def test_hidden_ronin_join_their_force_in_public_when_revealed():
    from games.ikusa.ronin import reveal_ronin

    state = {"armies": {"red-1": {"colour": "red", "province": "omi", "units": {"daimyo": 1, "spearman": 3}}},
             "provinces": {"omi": {"owner": "ann", "colour": "red", "force": {"spearman": 2}}},
             "secret": {"ann": {"ronin": {"red-1": 2, "omi": 1}}}}
    events = reveal_ronin(state, "red-1")
    assert state["armies"]["red-1"]["units"]["ronin"] == 2
    assert state["secret"]["ann"]["ronin"] == {"omi": 1}
    assert events == [{"kind": "ronin_revealed", "audience": "all", "player": "ann", "colour": "red",
                       "where": "red-1", "province": "omi", "count": 2}]
    assert reveal_ronin(state, "red-1") == []
    reveal_ronin(state, "omi")
    assert state["provinces"]["omi"]["force"]["ronin"] == 1 and "ronin" not in state["secret"]["ann"]
