import tomllib
from importlib import resources

import pytest

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps, for_player
from games.ikusa.board import default_board
from games.ikusa.levy import PACKAGES, check_levy, default_levy, koku_needed, levy_units
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.pieces import pieces

COLOURS = {"ann": "red", "bob": "blue", "cid": "orange"}
province, army = pieces(COLOURS)


def new_state():
    """ann (red) owns a1..a5, her army red-1 in a1; bob (blue) owns b1, his army blue-1 there; x1 unowned."""
    provinces = {"a1": province("ann", spearman=1), "a2": province("ann", spearman=2),
                 "a3": province("ann", spearman=5), "a4": province("ann", spearman=1),
                 "a5": province("ann", archer=1, spearman=3),
                 "b1": province("bob", spearman=1), "x1": province()}
    armies = {"red-1": army("ann", "a1", archer=1, swordsman=1, gunner=2),
              "red-2": {**army("ann", None), "status": "unplaced"},
              "blue-1": army("bob", "b1", archer=1, swordsman=1, gunner=2)}
    return {"game": "ikusa", "round": 1, "phase": "play", "players": ["ann", "bob", "cid"], "options": {},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["bob", "ann", "cid"],
            "provinces": provinces, "armies": armies, "koku": {"ann": 0, "bob": 0, "cid": 0},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30,
                       "figures": {c: dict(FIGURES_PER_COLOUR) for c in COLOURS.values()}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def units(*pairs):
    return {"units": [{"unit": unit, "to": to} for unit, to in pairs]}


def problems_of(state, orders, koku, side="ann"):
    return [(p.reason, p.field) for p in check_levy(state, side, {"levy": koku}, orders)]


def test_the_packages_are_the_rulebooks_five_alternatives_per_koku():
    data = tomllib.loads(resources.files("games.ikusa").joinpath("supply.toml").read_text(encoding="utf-8"))
    assert [p["units"] for p in data["levy"]["package"]] == PACKAGES == [
        {"archer": 1}, {"swordsman": 1, "gunner": 1}, {"swordsman": 2}, {"gunner": 2}, {"spearman": 3}]


@pytest.mark.parametrize("bought, koku", [
    ({"archer": 1}, 1), ({"swordsman": 1, "gunner": 1}, 1), ({"swordsman": 2}, 1), ({"gunner": 2}, 1),
    ({"spearman": 3}, 1), ({"swordsman": 1}, 1), ({"spearman": 4}, 2), ({"archer": 1, "spearman": 1}, 2),
    ({"swordsman": 3, "gunner": 1}, 2), ({"swordsman": 1, "gunner": 1, "spearman": 3, "archer": 2}, 4), ({}, 0)])
def test_each_koku_buys_one_package_and_a_package_need_not_be_placed_whole(bought, koku):
    assert koku_needed(bought) == koku


def test_recruits_join_provincial_forces_and_army_cards_from_the_colours_tray():
    state = new_state()
    orders = units(("archer", "red-1"), ("spearman", "a2"), ("spearman", "a4"), ("spearman", "a5"))
    assert problems_of(state, orders, 2) == []
    new, events = levy_units(state, {"ann": {"levy": 2}}, {"ann": orders})
    assert new["armies"]["red-1"]["units"]["archer"] == 2
    assert new["provinces"]["a2"]["force"] == {"spearman": 3}
    assert new["supply"]["figures"]["red"]["spearman"] == 33 and new["supply"]["figures"]["red"]["archer"] == 8
    levied = [ev for ev in events if ev["kind"] == "unit_levied"]
    first = levied[0]
    assert (first["unit"], first["to"], first["province"], first["audience"]) == ("archer", "red-1", "a1", "all")
    assert events[-1] == {"kind": "levy_done", "audience": "all", "player": "ann", "colour": "red", "koku": 2,
                          "units": {"archer": 1, "spearman": 3}, "koku_used": 2}


def test_only_one_recruit_goes_to_a_province_and_an_army_counts_as_its_province():
    orders = units(("archer", "red-1"), ("spearman", "a1"))
    assert problems_of(new_state(), orders, 2) == [(NOT_ALLOWED, "levy.units[1]")]
    new, events = levy_units(new_state(), {"ann": {"levy": 2}}, {"ann": orders})
    skipped = [ev for ev in events if ev["kind"] == "levy_skipped"]
    assert [(ev["index"], ev["reason"], ev["audience"]) for ev in skipped] == [(1, "province_used", ["ann"])]
    assert new["provinces"]["a1"]["force"] == {"spearman": 1}


def test_a_provincial_force_holds_at_most_five_regular_units():
    assert problems_of(new_state(), units(("archer", "a3")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    state = new_state()
    state["provinces"]["a3"]["force"] = {"spearman": 4, "ronin": 3}  # ronin are not regular units
    assert problems_of(state, units(("archer", "a3")), 1) == []


def test_an_army_holds_four_samurai_and_ten_ashigaru():
    state = new_state()
    state["armies"]["red-1"]["units"] = {"daimyo": 1, "archer": 2, "swordsman": 2, "gunner": 2, "spearman": 7}
    assert problems_of(state, units(("archer", "red-1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    assert problems_of(state, units(("swordsman", "red-1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    assert problems_of(state, units(("spearman", "red-1")), 1) == []
    state["armies"]["red-1"]["units"]["spearman"] = 8
    assert problems_of(state, units(("gunner", "red-1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    _new, events = levy_units(state, {"ann": {"levy": 1}}, {"ann": units(("gunner", "red-1"))})
    assert [ev["reason"] for ev in events if ev["kind"] == "levy_skipped"] == ["army_full"]


def test_units_go_only_to_owned_provinces_and_own_armies_on_the_board():
    assert problems_of(new_state(), units(("spearman", "b1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    assert problems_of(new_state(), units(("spearman", "x1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    assert problems_of(new_state(), units(("spearman", "blue-1")), 1) == [(NOT_ALLOWED, "levy.units[0]")]
    assert problems_of(new_state(), units(("spearman", "red-2")), 1) == [(NOT_ALLOWED, "levy.units[0]")]


def test_a_unit_or_place_that_does_not_exist_is_not_understood_and_a_daimyo_cannot_be_recruited():
    assert problems_of(new_state(), units(("samurai", "a2")), 1) == [(NOT_UNDERSTOOD, "levy.units[0].unit")]
    assert problems_of(new_state(), units(("ronin", "a2")), 1) == [(NOT_UNDERSTOOD, "levy.units[0].unit")]
    assert problems_of(new_state(), units(("daimyo", "a2")), 1) == [(NOT_ALLOWED, "levy.units[0].unit")]
    assert problems_of(new_state(), units(("archer", "atlantis")), 1) == [(NOT_UNDERSTOOD, "levy.units[0].to")]
    assert problems_of(new_state(), {"units": [{"unit": "archer", "to": "a2", "size": 2}]}, 1) == [
        (NOT_UNDERSTOOD, "levy.units[0].size")]
    assert problems_of(new_state(), {"units": ["archer"]}, 1) == [(NOT_UNDERSTOOD, "levy.units[0]")]
    assert problems_of(new_state(), {"unit": []}, 0) == [(NOT_UNDERSTOOD, "levy.unit")]


def test_no_more_units_than_the_levy_koku_buy():
    orders = units(("archer", "a2"), ("swordsman", "a4"), ("gunner", "a5"))
    assert problems_of(new_state(), orders, 2) == []
    assert problems_of(new_state(), units(("archer", "a2"), ("archer", "a4")), 1) == [(NOT_ALLOWED, "levy.units[1]")]
    assert problems_of(new_state(), units(("archer", "a2")), 0) == [(NOT_ALLOWED, "levy.units")]


def test_never_more_units_than_provinces_owned():
    state = new_state()
    for pid in ("a2", "a3", "a4", "a5"):
        state["provinces"][pid].update(owner="bob", colour="blue")
    assert problems_of(state, units(("spearman", "a1"), ("spearman", "red-1")), 1) == [
        (NOT_ALLOWED, "levy.units[1]")]


def test_an_empty_tray_recruits_nothing():
    state = new_state()
    state["supply"]["figures"]["red"]["archer"] = 0
    assert problems_of(state, units(("archer", "a2")), 1) == [(NOT_ALLOWED, "levy.units[0]")]


def test_koku_in_the_levy_need_a_list_of_units():
    assert problems_of(new_state(), None, 2) == [(NOT_ALLOWED, "levy.units")]
    assert problems_of(new_state(), {"units": []}, 2) == [(NOT_ALLOWED, "levy.units")]
    assert problems_of(new_state(), None, 0) == []


def test_illegal_entries_are_skipped_legal_ones_placed_and_only_the_player_learns_why():
    orders = units(("archer", "b1"), ("spearman", "a2"), ("spearman", "a3"))
    new, events = levy_units(new_state(), {"ann": {"levy": 1}}, {"ann": orders})
    assert new["provinces"]["a2"]["force"] == {"spearman": 3}
    skipped = [(ev["index"], ev["reason"]) for ev in events if ev["kind"] == "levy_skipped"]
    assert skipped == [(0, "not_owned"), (2, "force_full")]
    assert not [ev for ev in for_player(events, "bob") if ev["kind"] == "levy_skipped"]


def test_a_side_with_levy_koku_and_no_orders_gets_the_default_levy():
    state = new_state()
    _new, events = levy_units(state, {"ann": {"levy": 2}, "bob": {"levy": 0}}, {})
    assert next(ev["kind"] for ev in events) == "levy_defaulted" and events[0]["audience"] == ["ann"]
    placed = [ev for ev in events if ev["kind"] == "unit_levied"]
    assert len(placed) == 4 and not [ev for ev in events if ev["kind"] == "levy_skipped"]
    assert events[-1]["koku_used"] == 2


def test_the_default_levy_buys_the_most_units_it_can_place_best_units_first_armies_first():
    state = new_state()
    # four places can take a unit (a3 is full): two Koku buy an archer and three spearmen
    assert default_levy(state, "ann", 2) == units(("archer", "red-1"), ("spearman", "a4"), ("spearman", "a2"),
                                                  ("spearman", "a5"))
    # one Koku per place: four archers
    assert [u["unit"] for u in default_levy(state, "ann", 5)["units"]] == ["archer"] * 4
    assert check_levy(state, "ann", {"levy": 5}, default_levy(state, "ann", 5)) == []


def test_the_default_levy_favours_provinces_that_border_an_enemy():
    board = default_board()
    ids = board.ids()
    home = ids[-1]  # last in map order: only its enemy neighbour puts it first
    enemy = board.neighbours(home)[0]
    quiet = next(pid for pid in ids if pid != home and enemy not in board.neighbours(pid) and pid != enemy
                 and not set(board.neighbours(pid)) & {home, enemy})
    state = new_state()
    state["map"] = board.digest
    state["provinces"] = {pid: province() for pid in ids}
    state["provinces"].update({home: province("ann", spearman=1), quiet: province("ann", spearman=1),
                               enemy: province("bob", spearman=1)})
    state["armies"] = {}
    # one Koku, two places: two swordsmen, the first on the border
    assert default_levy(state, "ann", 1) == units(("swordsman", home), ("swordsman", quiet))
    state["provinces"][enemy] = province()  # no enemy near: province order decides
    assert default_levy(state, "ann", 1) == units(("swordsman", quiet), ("swordsman", home))


def test_the_default_levy_buys_only_what_the_tray_still_holds():
    state = new_state()
    state["supply"]["figures"]["red"].update(spearman=1, gunner=1, archer=0, swordsman=0)
    assert default_levy(state, "ann", 3) == units(("gunner", "red-1"), ("spearman", "a4"))
    new, events = levy_units(state, {"ann": {"levy": 3}}, {})
    assert (events[-1]["units"], events[-1]["koku_used"]) == ({"gunner": 1, "spearman": 1}, 2)


def test_levy_orders_from_a_side_with_no_koku_in_the_levy_are_ignored():
    state = new_state()
    new, events = levy_units(state, {"ann": {"ronin": 1}}, {"ann": units(("archer", "a2"))})
    assert [(ev["kind"], ev["audience"]) for ev in events] == [("levy_ignored", ["ann"])]
    assert dumps(new) == dumps(state)


def test_placing_names_may_be_written_as_players_write_them_on_the_real_map():
    board = default_board()
    state = new_state()
    state["map"] = board.digest
    state["provinces"] = {pid: province() for pid in board.ids()}
    state["provinces"]["owari"] = province("ann", spearman=1)
    state["armies"] = {}
    assert problems_of(state, units(("archer", "OWARI")), 1) == []
    new, _events = levy_units(state, {"ann": {"levy": 1}}, {"ann": units(("archer", "Owari"))})
    assert new["provinces"]["owari"]["force"] == {"archer": 1, "spearman": 1}


def test_the_levy_never_changes_the_state_it_was_given():
    state = new_state()
    before = dumps(state)
    orders = units(("archer", "red-1"), ("spearman", "a2"))
    check_levy(state, "ann", {"levy": 2}, orders)
    levy_units(state, {"ann": {"levy": 2}, "bob": {"levy": 1}}, {"ann": orders})
    default_levy(state, "ann", 3)
    assert dumps(state) == before
