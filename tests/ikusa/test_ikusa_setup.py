import copy

import pytest

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Dice, dumps
from games.ikusa.board import default_board
from games.ikusa.placement import check_placement_orders, default_placement_orders, place_reinforcements
from games.ikusa.setup import setup
from games.ikusa.state import (
    are_enemies,
    army_at,
    koku_income,
    provinces_of,
    provinces_of_side,
    regular_count,
    units_in,
)

BOARD = default_board()
IDS = BOARD.ids()
THREE = ["ann", "bob", "cho"]


class ScriptedDice:
    """The Dice interface with the shuffles a test chooses, by purpose; any other draw fails the test."""

    def __init__(self, **shuffles):
        self.shuffles = {purpose.replace("_", " "): list(order) for purpose, order in shuffles.items()}
        self.rolls: list[dict] = []

    def shuffle(self, items, purpose):
        order = self.shuffles.pop(purpose)
        assert sorted(order) == sorted(items), f"scripted {purpose} is not a permutation"
        return list(order)

    def roll(self, sides, purpose):
        raise AssertionError(f"an unscripted roll was made: {purpose}")

    pick = roll


def new_game(players=THREE, options=None, turn_markers=None, deck=IDS):
    dice = ScriptedDice(province_cards=deck, turn_markers=turn_markers or _sides(players))
    return setup(list(players), options or {}, dice)


def _sides(players):
    if len(players) == 2:
        return ["red", "blue", "orange", "green"]
    return list(players)


def kinds(events):
    return [ev["kind"] for ev in events]


def only(events, kind):
    return [ev for ev in events if ev["kind"] == kind]


def walk(value, path="state"):
    """Every leaf of plain data with its path, so a float anywhere is found."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{path} has a non-string key {key!r}"
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]")
    else:
        yield path, value


def assert_plain(value):
    for path, leaf in walk(value):
        assert leaf is None or isinstance(leaf, (str, int)), f"{path} is a {type(leaf).__name__}"


# --- dealing the province cards ---------------------------------------------------------------------

def test_three_players_get_twenty_two_provinces_each_and_two_stay_unowned():
    state, events = setup(THREE, {}, Dice(b"three"))
    assert [len(provinces_of(state, p)) for p in THREE] == [22, 22, 22]
    unowned = [pid for pid, p in state["provinces"].items() if p["owner"] is None]
    assert len(unowned) == 2
    assert only(events, "provinces_dealt")[0]["unowned"] == unowned


def test_four_players_get_seventeen_provinces_each_and_none_stay_unowned():
    state, _ = setup(["ann", "bob", "cho", "dee"], {}, Dice(b"four"))
    assert [len(provinces_of(state, p)) for p in state["players"]] == [17] * 4
    assert all(p["owner"] for p in state["provinces"].values())


def test_five_players_get_thirteen_provinces_each_and_three_stay_unowned():
    state, _ = setup(["ann", "bob", "cho", "dee", "eve"], {}, Dice(b"five"))
    assert [len(provinces_of(state, p)) for p in state["players"]] == [13] * 5
    assert sum(p["owner"] is None for p in state["provinces"].values()) == 3


def test_cards_are_dealt_one_at_a_time_in_seat_order_from_the_shuffled_deck():
    deck = list(reversed(IDS))
    state, events = new_game(deck=deck)
    dealt = only(events, "provinces_dealt")[0]
    assert dealt["audience"] == "all"
    assert dealt["dealt"]["ann"] == deck[0:66:3] and dealt["dealt"]["bob"] == deck[1:66:3]
    assert dealt["unowned"] == [pid for pid in IDS if pid in deck[66:]]
    assert provinces_of(state, "cho") == [pid for pid in IDS if pid in deck[2:66:3]]


def test_each_owned_province_gets_one_spearman_of_its_owner_and_unowned_ones_stay_empty():
    state, _ = new_game()
    for province in state["provinces"].values():
        if province["owner"]:
            assert province["force"] == {"spearman": 1}
            assert province["colour"] == state["colours"][province["owner"]][0]
        else:
            assert province == {"owner": None, "colour": None, "force": {}, "castle": False, "fortress": False}
    assert state["supply"]["figures"]["red"]["spearman"] == 36 - 22


def test_the_turn_markers_drawn_at_random_give_the_setup_turn_order():
    state, events = new_game(turn_markers=["cho", "ann", "bob"])
    assert state["turn_order"] == ["cho", "ann", "bob"]
    assert only(events, "turn_order")[0]["order"] == ["cho", "ann", "bob"]


def test_setup_draws_the_deal_then_the_turn_markers_and_nothing_else():
    dice = Dice(b"draws")
    setup(THREE, {}, dice)
    purposes = [roll["purpose"] for roll in dice.rolls]
    assert purposes == ["province cards"] * 67 + ["turn markers"] * 2


# --- army cards, Koku, supply ---------------------------------------------------------------------

def test_every_army_starts_on_its_card_with_a_daimyo_an_archer_a_swordsman_and_two_gunners_at_level_one():
    state, _ = new_game()
    assert sorted(state["armies"]) == sorted(f"{c}-{n}" for c in ("red", "blue", "orange") for n in (1, 2, 3))
    for army in state["armies"].values():
        assert army["units"] == {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 2}
        assert (army["experience"], army["status"], army["province"]) == (1, "unplaced", None)
    assert state["supply"]["figures"]["blue"] == {"spearman": 14, "gunner": 3, "swordsman": 6, "archer": 6,
                                                  "daimyo": 0}


@pytest.mark.parametrize("players, koku", [(3, 7), (4, 5), (5, 4)])
def test_the_first_koku_is_the_provinces_divided_by_three_collected_in_turn_order(players, koku):
    names = ["ann", "bob", "cho", "dee", "eve"][:players]
    state, events = setup(names, {}, Dice(b"koku"))
    assert state["koku"] == {p: koku for p in names}
    collected = only(events, "koku_collected")
    assert [ev["player"] for ev in collected] == state["turn_order"]
    assert all(ev["koku"] == koku and ev["provinces"] == 68 // players for ev in collected)
    assert all("minimum" not in ev for ev in collected)  # round 0 of the games recorded so far reads the same


def test_a_player_with_fewer_than_nine_provinces_and_a_daimyo_collects_three_koku():
    assert koku_income(8, 1) == 3 and koku_income(2, 3) == 3
    assert koku_income(8, 0) == 2
    assert koku_income(9, 1) == 3 and koku_income(13, 1) == 4 and koku_income(26, 1) == 8


def test_the_common_supply_and_the_rest_of_the_state_start_as_the_rulebook_says():
    state, events = new_game()
    assert {k: state["supply"][k] for k in ("castles", "fortifications", "ronin")} == {
        "castles": 10, "fortifications": 5, "ronin": 30}
    assert (state["game"], state["round"], state["phase"]) == ("ikusa", 0, "placement")
    assert (state["ninja"], state["secret"], state["eliminated"], state["over"], state["winners"]) == (
        None, {}, [], False, [])
    assert state["colours"] == {"ann": ["red"], "bob": ["blue"], "cho": ["orange"]}
    assert state["options"] == {"quick": False, "victory_check": "immediate", "victory_provinces": 35,
                                "most_provinces_on_first_elimination": False, "least_experience": 1}
    assert kinds(events) == ["setup", "provinces_dealt", "turn_order"] + ["koku_collected"] * 3


def test_the_rulebooks_optional_longer_game_checks_victory_only_at_the_end_of_a_round():
    state, _ = setup(THREE, {"victory_check": "end_of_round"}, Dice(b"long"))
    assert state["options"]["victory_check"] == "end_of_round"


@pytest.mark.parametrize("players, options, message", [
    (["ann"], {}, "2 to 5 players"),
    (["a", "b", "c", "d", "e", "f"], {}, "2 to 5 players"),
    (["ann", "ann", "bob"], {}, "distinct"),
    (["ann", "red", "bob"], {}, "named after a colour"),
    (THREE, {"speed": 1}, "unknown Ikusa option"),
    (THREE, {"victory_check": "never"}, "victory_check"),
    (["ann", "bob"], {"quick": True}, "three to five players"),
    (["ann", "bob"], {"victory_check": "immediate"}, "end of a round"),
])
def test_setup_refuses_what_the_rules_do_not_allow(players, options, message):
    with pytest.raises(ValueError, match=message):
        setup(players, options, Dice(b"refused"))


# --- the two-player game ----------------------------------------------------------------------------

def test_two_players_each_play_two_allied_colours_with_seventeen_provinces_per_colour():
    state, events = setup(["ann", "bob"], {}, Dice(b"two"))
    assert state["colours"] == {"ann": ["red", "blue"], "bob": ["orange", "green"]}
    for colour in ("red", "blue", "orange", "green"):
        assert len(provinces_of_side(state, colour)) == 17
        assert state["supply"]["figures"][colour]["spearman"] == 36 - 17
    assert len(provinces_of(state, "ann")) == 34 and len(provinces_of(state, "bob")) == 34
    assert sorted(state["turn_order"]) == ["blue", "green", "orange", "red"]
    assert state["koku"] == {"red": 5, "blue": 5, "orange": 5, "green": 5}
    assert len(state["armies"]) == 12
    assert [ev["player"] for ev in only(events, "provinces_split")] == ["ann", "bob"]


def test_a_players_two_colours_are_allies_and_the_two_players_are_enemies():
    state, _ = setup(["ann", "bob"], {}, Dice(b"two"))
    assert not are_enemies(state, "red", "blue")
    assert are_enemies(state, "red", "orange") and are_enemies(state, "green", "blue")


def test_the_two_player_game_is_won_with_fifty_provinces_at_the_end_of_a_round():
    state, _ = setup(["ann", "bob"], {}, Dice(b"two"))
    assert state["options"]["victory_provinces"] == 50
    assert state["options"]["victory_check"] == "end_of_round"


# --- quick play -------------------------------------------------------------------------------------

@pytest.mark.parametrize("count, cards, threshold", [(3, 16, 40), (4, 11, 35), (5, 7, 30)])
def test_quick_play_deals_fewer_cards_and_lowers_the_provinces_needed_to_win(count, cards, threshold):
    names = ["ann", "bob", "cho", "dee", "eve"][:count]
    state, _ = setup(names, {"quick": True}, Dice(b"quick"))
    assert [len(provinces_of(state, p)) for p in names] == [cards] * count
    assert state["options"]["victory_provinces"] == threshold
    assert state["options"]["most_provinces_on_first_elimination"] is True
    assert all(a["experience"] == 2 and a["units"] == {"daimyo": 1} for a in state["armies"].values())
    assert state["koku"] == {p: 0 for p in names}


def test_quick_play_claims_six_provinces_each_with_two_spearmen_more_each_time():
    state, _ = setup(THREE, {"quick": True}, Dice(b"quick"))
    new, events = place_reinforcements(state, {}, None)
    for player in THREE:
        assert len(provinces_of(new, player)) == 16 + 6
        spearmen = sum(new["provinces"][pid]["force"].get("spearman", 0) for pid in provinces_of(new, player))
        assert spearmen == 16 + 18
        assert max(new["provinces"][pid]["force"]["spearman"] for pid in provinces_of(new, player)) <= 3
    claims = only(events, "province_claimed")
    assert [ev["player"] for ev in claims[:3]] == state["turn_order"]
    assert sum(p["owner"] is None for p in new["provinces"].values()) == 68 - 66
    assert new["koku"] == {p: 7 for p in THREE}
    collected = only(events, "koku_collected")   # the first Koku, in turn order, after the placements
    assert [ev["player"] for ev in collected] == state["turn_order"] and events[-1]["kind"] == "placement_done"
    assert all(ev["koku"] == 7 and "minimum" not in ev for ev in collected)


def test_quick_play_armies_share_five_archers_five_swordsmen_and_six_gunners_as_ordered():
    state, _ = setup(THREE, {"quick": True}, Dice(b"quick"))
    units = [{"archer": 3, "swordsman": 1, "gunner": 6}, {"archer": 2, "swordsman": 2}, {"swordsman": 2}]
    new, events = place_reinforcements(state, {"ann": {"army_units": units}}, None)
    assert [new["armies"][f"red-{n}"]["units"] for n in (1, 2, 3)] == [
        {"daimyo": 1, "archer": 3, "swordsman": 1, "gunner": 6},
        {"daimyo": 1, "archer": 2, "swordsman": 2},
        {"daimyo": 1, "swordsman": 2}]
    assert not [ev for ev in only(events, "placement_order_replaced") if ev["player"] == "ann"
                and ev["field"] == "army_units"]
    assert new["supply"]["figures"]["red"]["archer"] == 9 - 5


@pytest.mark.parametrize("units, reason", [
    ([{"archer": 5, "swordsman": 5, "gunner": 6}, {}, {}], NOT_ALLOWED),    # 10 samurai in one army
    ([{"archer": 2, "swordsman": 2, "gunner": 2}] * 3, NOT_ALLOWED),        # 6 archers
    ([{"archer": 2, "ronin": 1}] * 3, NOT_UNDERSTOOD),
    ("two each", NOT_UNDERSTOOD),
])
def test_quick_play_army_cards_outside_the_rules_are_refused_and_replaced_by_the_default(units, reason):
    state, _ = setup(THREE, {"quick": True}, Dice(b"quick"))
    problems = check_placement_orders(state, "ann", {"army_units": units})
    assert [(p.reason, p.field) for p in problems] == [(reason, "army_units")]
    new, events = place_reinforcements(state, {"ann": {"army_units": units}}, None)
    assert new["armies"]["red-3"]["units"] == {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 2}
    replaced = [ev for ev in only(events, "placement_order_replaced") if ev["field"] == "army_units"]
    assert [ev["audience"] for ev in replaced if ev["player"] == "ann"] == [["ann"]]


def test_quick_play_claims_only_unowned_provinces_and_never_more_than_three_spearmen():
    state, _ = setup(THREE, {"quick": True}, Dice(b"quick"))
    mine = provinces_of(state, "ann")
    free = [pid for pid, p in state["provinces"].items() if p["owner"] is None]
    body = {"claims": [mine[0], free[0]], "spearmen": [mine[1], mine[1], mine[1]]}
    problems = check_placement_orders(state, "ann", body)
    assert [(p.reason, p.field) for p in problems] == [(NOT_ALLOWED, "claims[0]"), (NOT_ALLOWED, "spearmen[2]")]


# --- the placement round --------------------------------------------------------------------------

def ann_orders(state):
    mine = provinces_of(state, "ann")
    return {"spearmen": mine[:6], "armies": [mine[6], mine[0], mine[7]]}


def test_good_orders_put_two_spearmen_on_each_named_province_and_the_armies_where_named():
    state, _ = new_game()
    orders = ann_orders(state)
    new, events = place_reinforcements(state, {"ann": orders}, None)
    for pid in orders["spearmen"]:
        assert new["provinces"][pid]["force"] == {"spearman": 3}
    assert [new["armies"][f"red-{n}"]["province"] for n in (1, 2, 3)] == orders["armies"]
    assert all(new["armies"][f"red-{n}"]["status"] == "active" for n in (1, 2, 3))
    assert army_at(new, orders["armies"][1]) == "red-2"
    assert units_in(new, orders["armies"][1]) == {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 2,
                                                  "spearman": 3}
    assert not [ev for ev in only(events, "placement_order_replaced") if ev["player"] == "ann"]
    assert new["supply"]["figures"]["red"]["spearman"] == 36 - 22 - 12
    assert new["phase"] == "play" and state["phase"] == "placement"


def test_spearmen_two_at_a_time_then_armies_one_at_a_time_alternate_in_turn_order():
    state, _ = new_game(turn_markers=["bob", "cho", "ann"])
    _, events = place_reinforcements(state, {}, None)
    placed = [(ev["kind"], ev["player"]) for ev in events if ev["kind"] in ("spearmen_placed", "army_placed")]
    assert placed == ([("spearmen_placed", p) for p in ["bob", "cho", "ann"]] * 6
                      + [("army_placed", p) for p in ["bob", "cho", "ann"]] * 3)
    assert all(ev["count"] == 2 for ev in only(events, "spearmen_placed"))
    assert [ev["army"] for ev in only(events, "army_placed")][:3] == ["blue-1", "orange-1", "red-1"]


def test_every_player_places_all_twelve_spearmen_and_three_armies():
    state, _ = setup(["ann", "bob", "cho", "dee", "eve"], {}, Dice(b"five"))
    new, _ = place_reinforcements(state, {}, None)
    for player in new["players"]:
        assert sum(regular_count(new["provinces"][pid]["force"]) for pid in provinces_of(new, player)) == 13 + 12
    assert all(a["status"] == "active" and a["province"] for a in new["armies"].values())
    assert len({a["province"] for a in new["armies"].values()}) == 15


def test_a_pair_on_a_province_no_longer_holding_one_spearman_is_replaced_and_only_its_player_is_told():
    state, _ = new_game()
    mine = provinces_of(state, "ann")
    new, events = place_reinforcements(state, {"ann": {"spearmen": [mine[0], mine[0]]}}, None)
    replaced = [ev for ev in only(events, "placement_order_replaced")
                if ev["field"] == "spearmen[1]" and ev["player"] == "ann"]
    assert replaced == [{"kind": "placement_order_replaced", "audience": ["ann"], "player": "ann", "colour": "red",
                         "field": "spearmen[1]", "given": mine[0], "province": replaced[0]["province"],
                         "reason": "not_single_spearman"}]
    assert new["provinces"][mine[0]]["force"] == {"spearman": 3}
    assert new["provinces"][replaced[0]["province"]]["force"] == {"spearman": 3}


def test_an_order_naming_another_players_province_is_replaced_with_the_reason():
    state, _ = new_game()
    theirs = provinces_of(state, "bob")[0]
    new, events = place_reinforcements(state, {"ann": {"armies": [theirs]}}, None)
    replaced = [ev for ev in only(events, "placement_order_replaced") if ev["field"] == "armies[0]"]
    assert (replaced[0]["reason"], replaced[0]["audience"]) == ("not_yours", ["ann"])
    assert new["armies"]["red-1"]["province"] == replaced[0]["province"] != theirs
    assert new["provinces"][new["armies"]["red-1"]["province"]]["owner"] == "ann"


def test_missing_orders_put_spearmen_on_the_provinces_with_most_enemy_neighbours_ties_by_map_order():
    state, _ = new_game()

    def enemies(pid):
        return sum(state["provinces"][o]["owner"] not in (None, "ann") for o in BOARD.neighbours(pid))

    mine = provinces_of(state, "ann")
    expected = sorted(mine, key=lambda pid: (-enemies(pid), IDS.index(pid)))[:6]
    new, events = place_reinforcements(state, {}, None)
    placed = [ev["province"] for ev in only(events, "spearmen_placed") if ev["player"] == "ann"]
    assert placed == expected
    missing = [ev for ev in only(events, "placement_order_replaced") if ev["player"] == "ann"]
    assert [ev["reason"] for ev in missing] == ["missing"] * 9
    assert [ev["field"] for ev in missing] == [f"spearmen[{i}]" for i in range(6)] + [f"armies[{i}]" for i in range(3)]


def test_when_no_province_holds_a_single_spearman_the_pair_goes_where_there_is_room():
    state, _ = new_game()
    mine = provinces_of(state, "ann")
    for pid in mine:
        state["provinces"][pid]["force"] = {"spearman": 4}
    state["provinces"][mine[5]]["force"] = {"spearman": 2, "gunner": 1}
    new, events = place_reinforcements(state, {"ann": {"spearmen": [mine[0]]}}, None)
    assert new["provinces"][mine[5]]["force"] == {"gunner": 1, "spearman": 4}
    first = [ev for ev in only(events, "placement_order_replaced") if ev["field"] == "spearmen[0]"]
    assert first[0]["reason"] == "full" and first[0]["province"] == mine[5]


def test_default_placement_orders_are_accepted_and_place_what_no_orders_would():
    state, _ = new_game()
    orders = default_placement_orders(state, "ann")
    assert len(orders["spearmen"]) == 6 and len(orders["armies"]) == 3
    assert check_placement_orders(state, "ann", orders) == []
    with_orders, _ = place_reinforcements(state, {"ann": orders}, None)
    without, _ = place_reinforcements(state, {}, None)
    assert with_orders == without


def test_orders_name_provinces_as_players_write_them():
    state, _ = new_game()
    mine = provinces_of(state, "ann")
    written = [BOARD.name(pid).upper() for pid in mine[:6]]
    assert check_placement_orders(state, "ann", {"spearmen": written}) == []
    new, _ = place_reinforcements(state, {"ann": {"spearmen": written}}, None)
    assert all(new["provinces"][pid]["force"] == {"spearman": 3} for pid in mine[:6])


def test_check_names_each_faulty_field_as_not_understood_or_not_allowed():
    state, _ = new_game()
    mine, theirs = provinces_of(state, "ann"), provinces_of(state, "bob")
    body = {"spearmen": [mine[0], "Kozuki", "Awa", 7, theirs[0], mine[0], mine[1]],
            "armies": [mine[1], mine[1]], "castles": ["Edo"]}
    problems = {p.field: p for p in check_placement_orders(state, "ann", body)}
    assert (problems["castles"].reason, problems["castles"].code) == (NOT_UNDERSTOOD, "unknown-placement-key")
    assert (problems["spearmen"].reason, problems["spearmen"].code, problems["spearmen"].values) == (
        NOT_ALLOWED, "too-many-spearman-pairs", {"count": 7, "limit": 6})
    assert (problems["spearmen[1]"].reason, problems["spearmen[1]"].code) == (NOT_UNDERSTOOD, "misspelt-province")
    assert problems["spearmen[1]"].values["written"] == '"Kozuki"'
    assert (problems["spearmen[2]"].reason, problems["spearmen[2]"].code) == (NOT_UNDERSTOOD, "ambiguous-province")
    assert "Awa (Shikoku)" in problems["spearmen[2]"].values["candidates"]
    assert (problems["spearmen[3]"].reason, problems["spearmen[3]"].code) == (NOT_UNDERSTOOD, "placement-not-a-name")
    # the entries that read well are judged in the same answer: not the player's, a province's second pair, an
    # army marker on a province that has one (the seventh entry, past the six allowed, is not tried)
    assert (problems["spearmen[4]"].code, problems["spearmen[5]"].code, problems["armies[1]"].code) == (
        "placement-not-yours", "not-single-spearman", "army-there")
    assert set(problems) == {"castles", "spearmen", "spearmen[1]", "spearmen[2]", "spearmen[3]", "spearmen[4]",
                             "spearmen[5]", "armies[1]"}
    understood = {"spearmen": [mine[0], theirs[0], mine[0]], "armies": [mine[1], mine[1]]}
    problems = [(p.reason, p.field) for p in check_placement_orders(state, "ann", understood)]
    assert problems == [(NOT_ALLOWED, "spearmen[1]"), (NOT_ALLOWED, "spearmen[2]"), (NOT_ALLOWED, "armies[1]")]


def test_orders_are_refused_once_the_placement_round_is_over():
    state, _ = new_game()
    new, _ = place_reinforcements(state, {}, None)
    assert [p.field for p in check_placement_orders(new, "ann", {})] == ["phase"]
    with pytest.raises(ValueError, match="over"):
        place_reinforcements(new, {}, None)


def test_the_placement_round_leaves_the_state_it_was_given_untouched():
    state, _ = new_game()
    before = copy.deepcopy(state)
    place_reinforcements(state, {"ann": ann_orders(state)}, None)
    check_placement_orders(state, "ann", ann_orders(state))
    default_placement_orders(state, "ann")
    assert state == before


# --- the two-player placement -----------------------------------------------------------------------

def test_a_two_player_split_gives_each_colour_the_provinces_named_and_each_colour_places_its_own():
    state, _ = setup(["ann", "bob"], {}, Dice(b"two"))
    mine = provinces_of(state, "ann")
    red = mine[17:]
    body = {"split": red, "red": {"spearmen": red[:6], "armies": red[6:9]},
            "blue": {"spearmen": [mine[0]], "armies": [mine[1]]}}
    assert check_placement_orders(state, "ann", body) == []
    new, events = place_reinforcements(state, {"ann": body}, None)
    assert provinces_of_side(new, "red") == red
    assert all(new["provinces"][pid]["force"] == {"spearman": 3} for pid in red[:6])
    assert [new["armies"][f"red-{n}"]["province"] for n in (1, 2, 3)] == red[6:9]
    assert new["armies"]["blue-1"]["province"] == mine[1]
    assert new["supply"]["figures"]["red"]["spearman"] == 36 - 17 - 12
    split = [ev for ev in only(events, "provinces_split") if ev["player"] == "ann"]
    assert split[0]["colours"]["red"] == red and split[0]["audience"] == "all"


def test_a_two_player_colour_may_not_place_on_its_allys_provinces():
    state, _ = setup(["ann", "bob"], {}, Dice(b"two"))
    blue = provinces_of_side(state, "blue")
    problems = check_placement_orders(state, "ann", {"red": {"spearmen": [blue[0]]}})
    assert [(p.reason, p.field, p.code) for p in problems] == [
        (NOT_ALLOWED, "red.spearmen[0]", "placement-not-colours")]
    assert problems[0].values == {"province": BOARD.name(blue[0]), "colour": "red"}


def test_a_two_player_split_of_the_wrong_size_is_refused_and_the_dealt_split_kept():
    state, _ = setup(["ann", "bob"], {}, Dice(b"two"))
    mine = provinces_of(state, "ann")
    problems = check_placement_orders(state, "ann", {"split": mine[:3]})
    assert [(p.reason, p.field) for p in problems] == [(NOT_ALLOWED, "split")]
    new, events = place_reinforcements(state, {"ann": {"split": mine[:3]}}, None)
    assert provinces_of_side(new, "red") == provinces_of_side(state, "red")
    assert [ev["reason"] for ev in only(events, "placement_order_replaced") if ev["field"] == "split"] == [
        "bad_split"]


def test_two_player_placement_runs_by_colour_in_the_turn_order_of_the_four_colours():
    state, _ = new_game(["ann", "bob"], turn_markers=["green", "red", "orange", "blue"])
    new, events = place_reinforcements(state, {}, None)
    assert [ev["colour"] for ev in only(events, "spearmen_placed")][:4] == ["green", "red", "orange", "blue"]
    assert all(a["status"] == "active" for a in new["armies"].values())


# --- determinism and plain data ---------------------------------------------------------------------

VARIANTS = [(THREE, {}), (["ann", "bob", "cho", "dee"], {}), (["a1", "b2", "c3", "d4", "e5"], {}),
            (["ann", "bob"], {}), (THREE, {"quick": True}), (["ann", "bob", "cho", "dee"], {"quick": True}),
            (["a1", "b2", "c3", "d4", "e5"], {"quick": True})]


@pytest.mark.parametrize("players, options", VARIANTS)
def test_the_same_dice_key_gives_the_same_game_byte_for_byte(players, options):
    first = setup(players, options, Dice(b"same key"))
    second = setup(players, options, Dice(b"same key"))
    assert dumps(first) == dumps(second)
    assert dumps(place_reinforcements(first[0], {}, None)) == dumps(place_reinforcements(second[0], {}, None))
    other = setup(players, options, Dice(b"another key"))
    assert dumps(other[0]) != dumps(first[0])


@pytest.mark.parametrize("players, options", VARIANTS)
def test_no_float_or_set_reaches_the_state_or_the_events(players, options):
    state, events = setup(players, options, Dice(b"plain"))
    new, more = place_reinforcements(state, {}, None)
    for value in (state, events, new, more):
        assert_plain(value)


def test_missing_army_orders_put_each_army_where_most_enemy_provinces_border_ties_by_map_order():
    state, _ = new_game()
    new, events = place_reinforcements(state, {}, None)

    def score(pid):
        enemies = sum(new["provinces"][o]["owner"] not in (None, "ann") for o in BOARD.neighbours(pid))
        return (-enemies, -regular_count(new["provinces"][pid]["force"]), IDS.index(pid))

    expected = sorted(provinces_of(new, "ann"), key=score)[:3]
    assert [new["armies"][f"red-{n}"]["province"] for n in (1, 2, 3)] == expected
    assert [ev["province"] for ev in only(events, "army_placed") if ev["player"] == "ann"] == expected


def test_one_refused_placement_entry_makes_no_false_error_in_the_entries_after_it():
    """The default that would stand in for a refused entry must not use up the province a later entry names:
    "Tamba does not hold just one spearman" was false, the default put in place of "Kozuke" had used it."""
    state, _ = new_game()
    mine = provinces_of(state, "ann")
    theirs = next(pid for pid in provinces_of(state, "bob"))
    written = [theirs, *mine[:5]]
    problems = check_placement_orders(state, "ann", {"spearmen": written})
    assert [(p.code, p.field) for p in problems] == [("placement-not-yours", "spearmen[0]")]


def test_every_placement_entry_is_told_at_its_own_line_of_a_list_written_over_several():
    from pbem.orders import locate_problem

    state, _ = new_game()
    mine = provinces_of(state, "ann")
    theirs = provinces_of(state, "bob")
    text = "round = 1\nspearmen = [\n" + "".join(f'  "{BOARD.name(p)}",\n' for p in [*mine[:3], theirs[0], *mine[3:5]])
    text += "]\n"
    problems = check_placement_orders(state, "ann", {"spearmen": [*mine[:3], theirs[0], *mine[3:5]]})
    assert [p.field for p in problems] == ["spearmen[3]"]
    assert locate_problem(problems[0], text).line == 6   # the fourth entry's line, not the list's


def test_in_quick_play_each_army_may_pick_up_spearmen_from_the_province_it_is_placed_on():
    """'Los ejércitos pueden recoger lanceros de las provincias que ocupan': none by default, as many as the
    player says while the province has them and the army stays within its ashigaru."""
    state, _ = setup(THREE, {"quick": True}, Dice(b"quick"))
    orders = default_placement_orders(state, "ann")
    assert orders["pick_up"] == [0, 0, 0]
    without, _ = place_reinforcements(state, {"ann": orders}, None)
    first = without["armies"]["red-1"]["province"]
    standing = without["provinces"][first]["force"].get("spearman", 0)
    assert standing >= 1
    picking = {**orders, "pick_up": [standing, 0, 0]}
    assert check_placement_orders(state, "ann", picking) == []
    new, events = place_reinforcements(state, {"ann": picking}, None)
    assert new["armies"]["red-1"]["units"].get("spearman", 0) == standing
    assert new["provinces"][first]["force"].get("spearman", 0) == 0
    assert [(e["army"], e["count"]) for e in only(events, "spearmen_picked_up")] == [("red-1", standing)]
    too_many = {**orders, "pick_up": [standing + 1, 0, 0]}
    assert [(p.code, p.field) for p in check_placement_orders(state, "ann", too_many)] == [
        ("pick-up-too-many", "pick_up[0]")]
    assert [p.code for p in check_placement_orders(state, "ann", {**orders, "pick_up": ["two"]})] == [
        "pick-up-not-understood"]
