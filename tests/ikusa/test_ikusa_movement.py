import copy

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, for_player
from games.ikusa.board import default_board
from games.ikusa.move_checks import check_moves
from games.ikusa.movement import (
    default_war_moves,
    final_movement,
    move_armies,
    move_army,
    move_provincial_force,
)
from games.ikusa.state import FIGURES_PER_COLOUR, trial_copy

BOARD = default_board()
COLOURS = {"ann": "red", "bob": "blue", "cid": "orange"}


def army(colour, where, experience=1, **units):
    player = {c: p for p, c in COLOURS.items()}.get(colour, "ann")
    return {"player": player, "colour": colour, "province": where, "experience": experience,
            "units": {"daimyo": 1, **units}, "status": "active"}


def new_state(owners=None, armies=None):
    """Every province of the board unoccupied but those in `owners`: {pid: (player, force)}."""
    provinces = {pid: {"owner": None, "colour": None, "force": {}, "castle": False, "fortress": False}
                 for pid in BOARD.ids()}
    for pid, (owner, force) in (owners or {}).items():
        provinces[pid].update(owner=owner, colour=COLOURS[owner], force=dict(force))
    return {"game": "ikusa", "round": 2, "phase": "play", "players": ["ann", "bob", "cid"],
            "options": {"victory_check": "immediate", "victory_provinces": 35},
            "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["bob", "ann", "cid"],
            "provinces": provinces, "armies": dict(armies or {}), "koku": {"ann": 0, "bob": 0, "cid": 0},
            "supply": {"castles": 10, "fortifications": 5, "ronin": 30,
                       "figures": {c: dict(FIGURES_PER_COLOUR) for c in COLOURS.values()}},
            "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}


def kinds(events):
    return [ev["kind"] for ev in events]


def skipped(events):
    return [(ev["index"], ev["reason"]) for ev in events if ev["kind"] == "order_skipped"]


def phase_a(state, side, *moves):
    return move_armies(state, side, {"moves": list(moves)}, BOARD)


def phase_d(state, side, *moves):
    return final_movement(state, side, {"final_moves": list(moves)}, BOARD)


# --- phase A -----------------------------------------------------------------------------------------

def example_a():
    """The rulebook's phase A example: blue's level-2 army in Yamashiro, an archer (and, since the picture
    is lost, a spearman that stays) in Omi, blue's force in Wakasa facing orange's Tango."""
    return new_state({"omi": ("bob", {"archer": 1, "spearman": 1}), "wakasa": ("bob", {"spearman": 2}),
                      "yamashiro": ("bob", {}), "tango": ("cid", {"spearman": 1})},
                     {"blue-1": army("blue", "yamashiro", 2, archer=1, swordsman=1, gunner=2, spearman=3)})


def test_the_rulebooks_phase_a_example_garrisons_yamashiro_and_picks_up_the_archer_in_omi():
    state = example_a()
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["Omi", "Wakasa"],
                                         "garrison": {"Yamashiro": {"gunner": 1, "spearman": 1}},
                                         "pick_up": {"omi": {"archer": 1}}})
    assert new["armies"]["blue-1"]["province"] == "wakasa"
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 2, "gunner": 1, "swordsman": 1,
                                                "spearman": 2}
    assert new["provinces"]["yamashiro"]["force"] == {"gunner": 1, "spearman": 1}
    assert new["provinces"]["omi"]["force"] == {"spearman": 1}
    assert kinds(events) == ["army_moved", "garrison_left", "units_picked_up"]
    moved = events[0]
    assert (moved["from"], moved["to"], moved["path"], moved["phase"], moved["audience"]) == (
        "yamashiro", "wakasa", ["omi", "wakasa"], "A", "all")
    assert events[1]["province"] == "yamashiro" and events[2]["province"] == "omi"


def test_an_army_moves_no_further_than_its_daimyos_experience():
    state = example_a()
    state["provinces"]["echizen"].update(owner="bob", colour="blue", force={"spearman": 1})
    order = {"army": "blue-1", "path": ["omi", "wakasa", "echizen"], "garrison": {"yamashiro": {"gunner": 1}}}
    new, events = phase_a(state, "bob", order)
    assert skipped(events) == [(0, "too_far")] and new == state
    state["armies"]["blue-1"]["experience"] = 3
    new, events = phase_a(state, "bob", order)
    assert new["armies"]["blue-1"]["province"] == "echizen"


def test_in_phase_a_an_army_never_enters_an_unoccupied_province():
    state = example_a()
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["tamba"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert skipped(events) == [(0, "unoccupied")]
    assert new["armies"]["blue-1"]["province"] == "yamashiro" and new["provinces"]["tamba"]["owner"] is None


def test_an_army_never_moves_into_or_through_an_enemy_province():
    state = example_a()
    state["provinces"]["tango"]["force"] = {"spearman": 1}
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi", "wakasa"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert new["armies"]["blue-1"]["province"] == "wakasa"
    state["armies"]["blue-1"]["province"] = "wakasa"
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["tango"]})
    assert skipped(events) == [(0, "not_friendly")]


def test_a_whole_order_is_skipped_not_cut_short_when_a_later_step_is_blocked():
    state = example_a()
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi", "tamba"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert skipped(events) == [(0, "unoccupied")]
    assert new == state  # no garrison left, nothing picked up, the army still in Yamashiro


def test_leaving_a_province_that_would_be_empty_needs_a_garrison():
    state = example_a()
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"]})
    assert skipped(events) == [(0, "garrison_needed")]
    assert events[0]["province"] == "yamashiro" and new == state


def test_the_army_leaves_no_garrison_where_a_provincial_force_remains():
    state = example_a()
    state["armies"]["blue-1"]["province"] = "omi"
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["wakasa"]})
    assert new["provinces"]["omi"]["force"] == {"archer": 1, "spearman": 1} and not skipped(events)
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["wakasa"], "garrison": {"omi": {"gunner": 1}}})
    assert skipped(events) == [(0, "garrison_not_needed")]


def test_a_garrison_is_regular_units_never_a_ronin_or_the_daimyo():
    state = example_a()
    state["armies"]["blue-1"]["units"]["ronin"] = 2
    for units in ({"ronin": 1}, {"daimyo": 1}):
        _new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": units}})
        assert skipped(events) == [(0, "kind_not_allowed")]


def test_picking_up_all_of_a_force_on_the_way_means_a_garrison_when_the_army_leaves_it():
    state = example_a()
    order = {"army": "blue-1", "path": ["omi", "wakasa"], "garrison": {"yamashiro": {"spearman": 1}},
             "pick_up": {"omi": {"archer": 1, "spearman": 1}}}
    new, events = phase_a(state, "bob", order)
    assert skipped(events) == [(0, "garrison_needed")] and events[0]["province"] == "omi"
    order["garrison"]["omi"] = {"gunner": 1}
    new, events = phase_a(state, "bob", order)
    assert new["provinces"]["omi"]["force"] == {"gunner": 1}


def test_picking_up_stays_within_the_army_card():
    state = example_a()
    state["armies"]["blue-1"]["units"].update(archer=2, swordsman=2)   # four samurai: the card is full
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": {"spearman": 1}},
                                         "pick_up": {"omi": {"archer": 1}}})
    assert skipped(events) == [(0, "card_full")]
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": {"spearman": 1}},
                                         "pick_up": {"omi": {"spearman": 1}}})
    assert new["armies"]["blue-1"]["units"]["spearman"] == 3


def test_an_army_may_pick_up_the_force_where_it_starts_without_moving():
    state = example_a()
    state["provinces"]["yamashiro"]["force"] = {"spearman": 3}
    new, events = phase_a(state, "bob", {"army": "blue-1", "pick_up": {"yamashiro": {"spearman": 2}}})
    assert new["armies"]["blue-1"]["units"]["spearman"] == 5 and new["provinces"]["yamashiro"]["force"] == {
        "spearman": 1}
    assert kinds(events) == ["units_picked_up"]


def test_picking_up_more_than_the_force_holds_is_skipped():
    state = example_a()
    _new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": {"spearman": 1}},
                                         "pick_up": {"omi": {"archer": 2}}})
    assert skipped(events) == [(0, "not_enough_units")]


def test_an_army_passes_through_a_province_where_another_of_its_armies_rests():
    state = example_a()
    state["armies"]["blue-2"] = army("blue", "omi", 1, spearman=1)
    new, _events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi", "wakasa"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert new["armies"]["blue-1"]["province"] == "wakasa" and new["armies"]["blue-2"]["province"] == "omi"


def test_only_one_army_may_rest_in_a_province_so_the_move_that_would_end_beside_another_is_skipped():
    state = example_a()
    state["armies"]["blue-2"] = army("blue", "omi", 1, spearman=1)
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert skipped(events) == [(0, "army_already_there")]
    assert new == state


def test_two_armies_may_swap_provinces_when_both_move():
    state = example_a()
    state["armies"]["blue-2"] = army("blue", "omi", 1, spearman=1)
    new, events = phase_a(state, "bob",
                          {"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": {"spearman": 1}}},
                          {"army": "blue-2", "path": ["yamashiro"]})
    assert not skipped(events)
    assert new["armies"]["blue-1"]["province"] == "omi" and new["armies"]["blue-2"]["province"] == "yamashiro"
    assert new["armies"]["blue-2"]["units"] == {"daimyo": 1, "spearman": 1}  # no exchange of units


def test_an_army_moves_once_in_a_phase():
    state = example_a()
    state["provinces"]["yamashiro"]["force"] = {"spearman": 1}
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"]}, {"army": "blue-1", "path": ["wakasa"]})
    assert skipped(events) == [(1, "already_moved")] and new["armies"]["blue-1"]["province"] == "omi"


def test_a_frozen_lost_or_foreign_army_does_not_move():
    state = example_a()
    state["provinces"]["yamashiro"]["force"] = {"spearman": 1}
    state["armies"]["blue-1"]["frozen"] = True
    state["armies"]["blue-2"] = {**army("blue", None), "status": "lost"}
    state["armies"]["orange-1"] = army("orange", "tango")
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"]}, {"army": "blue-2", "path": ["omi"]},
                          {"army": "orange-1", "path": ["wakasa"]}, {"army": "green-9", "path": []})
    assert skipped(events) == [(0, "army_frozen"), (1, "army_lost"), (2, "not_your_army"), (3, "unknown_army")]
    assert new == state


def test_hidden_ronin_show_themselves_when_their_army_moves_and_go_with_it():
    state = example_a()
    state["secret"] = {"bob": {"ronin": {"blue-1": 3}}}
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert kinds(events) == ["ronin_revealed", "army_moved", "garrison_left"]
    assert new["armies"]["blue-1"]["units"]["ronin"] == 3 and "ronin" not in new["secret"]["bob"]


def test_a_garrison_may_not_leave_the_army_with_more_ronin_than_its_limit():
    state = example_a()
    state["armies"]["blue-1"]["units"] = {"daimyo": 1, "spearman": 2}
    state["secret"] = {"bob": {"ronin": {"blue-1": 2}}}
    new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"],
                                         "garrison": {"yamashiro": {"spearman": 1}}})
    assert skipped(events) == [(0, "ronin_limit")]
    assert new == state  # the skipped move revealed nothing


def test_a_skipped_order_is_told_only_to_its_player_what_is_done_to_everyone():
    state = example_a()
    state["provinces"]["yamashiro"]["force"] = {"spearman": 1}
    _new, events = phase_a(state, "bob", {"army": "blue-1", "path": ["omi"]}, {"army": "blue-1", "path": ["wakasa"]})
    assert [ev["kind"] for ev in for_player(events, "ann")] == ["army_moved"]
    told = for_player(events, "bob")
    assert told[-1]["kind"] == "order_skipped" and told[-1]["order"] == {"army": "blue-1", "path": ["wakasa"]}


def test_moving_never_changes_the_state_it_is_given():
    state = example_a()
    state["secret"] = {"bob": {"ronin": {"blue-1": 1}}}
    before = copy.deepcopy(state)
    order = {"army": "blue-1", "path": ["omi", "wakasa"], "garrison": {"yamashiro": {"gunner": 1}},
             "pick_up": {"omi": {"archer": 1}}}
    phase_a(state, "bob", order)
    move_army(state, "bob", order, BOARD)
    phase_d(state, "bob", order, {"province": "wakasa", "to": "tamba", "units": {"spearman": 1}})
    assert state == before


def test_the_allied_colours_provinces_are_not_friendly_in_the_two_player_game():
    state = new_state()
    state["players"] = ["ann", "bob"]
    state["colours"] = {"ann": ["red", "orange"], "bob": ["blue", "green"]}
    state["turn_order"] = ["red", "blue", "orange", "green"]
    for pid, colour in (("yamashiro", "red"), ("omi", "orange"), ("iga", "red")):
        state["provinces"][pid].update(owner="ann", colour=colour, force={"spearman": 1})
    state["armies"] = {"red-1": army("red", "yamashiro", 2, spearman=2)}
    new, events = phase_a(state, "red", {"army": "red-1", "path": ["omi"]})
    assert skipped(events) == [(0, "not_friendly")]
    new, events = phase_a(state, "red", {"army": "red-1", "path": ["iga"]})
    assert new["armies"]["red-1"]["province"] == "iga" and events[0]["colour"] == "red"
    assert events[0]["player"] == "ann"
    problems = check_moves(state, "red", {"moves": [{"army": "red-1", "path": ["omi"]}]}, BOARD)
    assert [(p.reason, p.field) for p in problems] == [(NOT_ALLOWED, "red.war.moves[0].path[0]")]


# --- phase D -----------------------------------------------------------------------------------------

def example_d():
    """The rulebook's phase D example: blue's level-3 army has just taken Tango; Tajima, Tamba and
    Kawachi are unoccupied; blue holds Yamashiro (a gunner and a spearman) and Yamato."""
    return new_state({"tango": ("bob", {}), "yamashiro": ("bob", {"gunner": 1, "spearman": 1}),
                      "yamato": ("bob", {"spearman": 1}), "wakasa": ("bob", {"spearman": 1}),
                      "omi": ("bob", {"spearman": 1})},
                     {"blue-1": army("blue", "tango", 3, archer=2, swordsman=1, gunner=1, spearman=2)})


def test_the_rulebooks_phase_d_example_conquers_tajima_tamba_and_kawachi():
    state = example_d()
    new, events = phase_d(state, "bob",
                          {"province": "Yamashiro", "to": "Kawachi", "units": {"gunner": 1}},  # forces go last
                          {"army": "blue-1", "path": ["Tajima", "Tamba"],
                           "garrison": {"Tango": {"archer": 1}, "Tajima": {"spearman": 1}}})
    assert not skipped(events)
    assert new["armies"]["blue-1"]["province"] == "tamba"
    assert new["armies"]["blue-1"]["units"] == {"daimyo": 1, "archer": 1, "gunner": 1, "swordsman": 1,
                                                "spearman": 1}
    assert new["provinces"]["tango"]["force"] == {"archer": 1}
    assert new["provinces"]["tajima"]["force"] == {"spearman": 1}
    assert new["provinces"]["kawachi"]["force"] == {"gunner": 1}
    assert new["provinces"]["yamashiro"]["force"] == {"spearman": 1}
    for pid in ("tajima", "tamba", "kawachi"):
        assert (new["provinces"][pid]["owner"], new["provinces"][pid]["colour"]) == ("bob", "blue")
    assert kinds(events) == ["army_moved", "garrison_left", "province_conquered", "garrison_left",
                             "province_conquered", "force_moved", "province_conquered"]
    assert [(ev["province"], ev["by"], ev["source"]) for ev in events if ev["kind"] == "province_conquered"] == [
        ("tajima", "army", "blue-1"), ("tamba", "army", "blue-1"), ("kawachi", "provincial_force", "yamashiro")]


def test_in_phase_d_an_army_still_never_enters_an_enemy_province():
    state = example_d()
    state["provinces"]["tajima"].update(owner="cid", colour="orange", force={"spearman": 1})
    _new, events = phase_d(state, "bob", {"army": "blue-1", "path": ["tajima"], "garrison": {"tango": {"archer": 1}}})
    assert skipped(events) == [(0, "not_friendly")]


def test_an_army_whose_daimyo_gained_experience_this_round_moves_at_its_new_level():
    state = example_d()
    order = {"army": "blue-1", "path": ["tajima", "tamba", "harima"],
             "garrison": {"tango": {"archer": 1}, "tajima": {"spearman": 1}, "tamba": {"spearman": 1}}}
    state["armies"]["blue-1"]["experience"] = 2
    assert skipped(phase_d(state, "bob", order)[1]) == [(0, "too_far")]
    state["armies"]["blue-1"]["experience"] = 3
    new, _ = phase_d(state, "bob", order)
    assert new["armies"]["blue-1"]["province"] == "harima"


def test_units_split_off_an_army_conquer_an_adjacent_unoccupied_province():
    state = example_d()
    new, events = phase_d(state, "bob", {"army": "blue-1", "drop": {"tajima": {"spearman": 2}}})
    assert new["provinces"]["tajima"]["owner"] == "bob" and new["provinces"]["tajima"]["force"] == {"spearman": 2}
    assert new["armies"]["blue-1"]["province"] == "tango" and "spearman" not in new["armies"]["blue-1"]["units"]
    assert kinds(events) == ["province_conquered"] and events[0]["by"] == "detachment"
    assert events[0]["units"] == {"spearman": 2}


def test_units_are_split_off_on_the_way_next_to_a_province_the_army_passes():
    state = example_d()
    new, _events = phase_d(state, "bob", {"army": "blue-1", "path": ["tajima"], "garrison": {"tango": {"archer": 1}},
                                         "drop": {"inaba": {"spearman": 1}}})
    assert new["provinces"]["inaba"]["force"] == {"spearman": 1} and new["provinces"]["inaba"]["owner"] == "bob"


def test_units_split_off_an_army_never_go_to_an_enemy_or_distant_province():
    state = example_d()
    state["provinces"]["tajima"].update(owner="cid", colour="orange", force={"spearman": 1})
    new, events = phase_d(state, "bob", {"army": "blue-1", "drop": {"tajima": {"spearman": 1}}},
                          {"army": "blue-1", "drop": {"izumo": {"spearman": 1}}})
    assert skipped(events) == [(0, "not_unoccupied"), (1, "drop_not_adjacent")]
    assert new == state


def test_a_provincial_force_moves_one_step_to_its_own_or_an_unoccupied_province_only():
    state = example_d()
    state["provinces"]["kawachi"].update(owner="cid", colour="orange", force={"spearman": 1})
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "kawachi", "units": {"gunner": 1}},
                          {"province": "yamashiro", "to": "kii", "units": {"gunner": 1}},
                          {"province": "yamashiro", "to": "yamato", "units": {"gunner": 1}})
    assert skipped(events) == [(0, "not_friendly"), (1, "not_adjacent")]
    assert new["provinces"]["yamato"]["force"] == {"gunner": 1, "spearman": 1}
    assert kinds(events)[-1] == "force_moved" and events[-1]["from"] == "yamashiro" and events[-1]["to"] == "yamato"


def test_a_provincial_force_may_split_to_several_provinces_but_may_not_leave_its_own_empty():
    state = example_d()
    state["provinces"]["yamashiro"]["force"] = {"gunner": 1, "spearman": 3}
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "kawachi", "units": {"spearman": 1}},
                          {"province": "yamashiro", "to": "iga", "units": {"spearman": 1}},
                          {"province": "yamashiro", "to": "settsu", "units": {"spearman": 1, "gunner": 1}},
                          {"province": "yamashiro", "to": "settsu", "units": {"spearman": 1}})
    assert skipped(events) == [(2, "province_left_empty")]
    assert [new["provinces"][p]["owner"] for p in ("kawachi", "iga", "settsu")] == ["bob", "bob", "bob"]
    assert new["provinces"]["yamashiro"]["force"] == {"gunner": 1}


def test_a_province_where_an_army_stands_may_send_off_its_whole_force():
    state = example_d()
    state["provinces"]["tango"]["force"] = {"spearman": 1}
    new, events = phase_d(state, "bob", {"province": "tango", "to": "tajima", "units": {"spearman": 1}})
    assert not skipped(events) and new["provinces"]["tango"]["force"] == {}


def test_a_provincial_force_joins_an_army_if_its_card_has_room():
    state = example_d()
    new, events = phase_d(state, "bob", {"province": "wakasa", "to": "blue-1", "units": {"spearman": 1}})
    assert skipped(events) == [(0, "province_left_empty")]
    state["provinces"]["wakasa"]["force"] = {"spearman": 3, "archer": 2}
    new, events = phase_d(state, "bob", {"province": "wakasa", "to": "blue-1", "units": {"spearman": 2}},
                          {"province": "wakasa", "to": "blue-1", "units": {"archer": 1}},
                          {"province": "wakasa", "to": "blue-1", "units": {"archer": 1}})
    assert skipped(events) == [(2, "card_full")]   # two archers and a swordsman, then a fourth samurai, no fifth
    assert new["armies"]["blue-1"]["units"]["spearman"] == 4 and new["armies"]["blue-1"]["units"]["archer"] == 3
    assert events[0]["army"] == "blue-1" and events[0]["to"] == "tango"


def test_forces_merge_in_their_own_province_up_to_five_regular_units():
    state = example_d()
    state["provinces"]["yamato"]["force"] = {"spearman": 4}
    state["provinces"]["yamashiro"]["force"] = {"gunner": 1, "spearman": 2}
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "yamato", "units": {"spearman": 2}},
                          {"province": "yamashiro", "to": "yamato", "units": {"spearman": 1}})
    assert skipped(events) == [(0, "force_limit")]
    assert new["provinces"]["yamato"]["force"] == {"spearman": 5}


def test_units_that_moved_in_phase_d_do_not_move_again():
    state = example_d()
    state["provinces"]["yamashiro"]["force"] = {"gunner": 1, "spearman": 1}
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "yamato", "units": {"gunner": 1}},
                          {"province": "yamato", "to": "kawachi", "units": {"gunner": 1}},
                          {"province": "yamato", "to": "kawachi", "units": {"spearman": 1}})
    assert skipped(events) == [(1, "units_already_moved")]  # the gunner that came keeps Yamato held
    assert new["provinces"]["kawachi"]["force"] == {"spearman": 1} and new["provinces"]["yamato"]["force"] == {
        "gunner": 1}
    new, events = phase_d(state, "bob", {"army": "blue-1", "path": ["tajima"], "garrison": {"tango": {"archer": 1}}},
                          {"province": "tango", "to": "wakasa", "units": {"archer": 1}})
    assert skipped(events) == [(1, "units_already_moved")]


def test_ronin_never_move_alone_and_keep_their_limit_when_a_force_moves():
    state = example_d()
    state["provinces"]["yamashiro"]["force"] = {"gunner": 1, "spearman": 3}
    state["secret"] = {"bob": {"ronin": {"yamashiro": 2}}}
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "kawachi", "units": {"ronin": 1}},
                          {"province": "yamashiro", "to": "kawachi", "units": {"spearman": 2}},
                          {"province": "yamashiro", "to": "kawachi", "units": {"spearman": 2, "ronin": 1}})
    assert skipped(events) == [(0, "ronin_alone"), (1, "ronin_limit")]
    assert kinds(events)[2:] == ["ronin_revealed", "force_moved", "province_conquered"]
    assert new["provinces"]["kawachi"]["force"] == {"ronin": 1, "spearman": 2}
    assert new["provinces"]["yamashiro"]["force"] == {"gunner": 1, "ronin": 1, "spearman": 1}
    assert "ronin" not in new["secret"]["bob"]


def test_a_force_order_skipped_after_its_ronin_showed_themselves_leaves_them_hidden_and_the_board_as_it_was():
    state = example_d()
    state["secret"] = {"bob": {"ronin": {"yamashiro": 1}}}
    new, events = phase_d(state, "bob", {"province": "yamashiro", "to": "kawachi",
                                         "units": {"gunner": 1, "spearman": 1, "ronin": 1}})
    assert skipped(events) == [(0, "province_left_empty")]
    assert new == state


def test_a_force_order_skipped_when_the_army_it_joins_has_no_room_leaves_both_as_they_were():
    state = example_d()
    state["provinces"]["wakasa"]["force"] = {"archer": 2, "spearman": 1}
    new, events = phase_d(state, "bob", {"province": "wakasa", "to": "blue-1", "units": {"archer": 2}})
    assert skipped(events) == [(0, "card_full")]
    assert new == state


def test_conquering_the_winning_province_ends_the_game_at_once():
    state = example_d()
    free = [pid for pid in BOARD.ids() if state["provinces"][pid]["owner"] is None and pid not in ("tajima", "kawachi")]
    for pid in free[:29]:
        state["provinces"][pid].update(owner="bob", colour="blue", force={"spearman": 1})
    count = sum(p["owner"] == "bob" for p in state["provinces"].values())
    assert count == 34
    new, events = phase_d(state, "bob", {"army": "blue-1", "drop": {"tajima": {"spearman": 1}}},
                          {"province": "yamashiro", "to": "kawachi", "units": {"gunner": 1}})
    assert new["over"] is True and new["winners"] == ["bob"]
    assert kinds(events) == ["province_conquered", "game_won"]
    assert new["provinces"]["kawachi"]["owner"] is None


def test_move_provincial_force_alone_works_on_a_copy():
    state = example_d()
    new, _events = move_provincial_force(state, "bob", {"province": "yamashiro", "to": "kawachi",
                                                       "units": {"spearman": 1}}, BOARD)
    assert new["provinces"]["kawachi"]["owner"] == "bob" and state["provinces"]["kawachi"]["owner"] is None


# --- checking orders and defaults -------------------------------------------------------------------

def problems_of(state, side, war):
    return [(p.reason, p.field) for p in check_moves(state, side, war, BOARD)]


def test_good_orders_have_no_problems():
    state = example_a()
    war = {"moves": [{"army": "blue-1", "path": ["Omi", "Wakasa"], "garrison": {"Yamashiro": {"gunner": 1}},
                      "pick_up": {"Omi": {"archer": 1}}}],
           "final_moves": [{"army": "blue-1", "path": ["Tango", "Tajima"], "garrison": {"Tango": {"spearman": 1}}},
                           {"province": "Wakasa", "to": "Tango", "units": {"spearman": 1}}],
           "battles": [{"army": "blue-1", "target": "Tango"}]}   # phase D is tried as if the battle is won
    assert problems_of(state, "bob", war) == []
    war["battles"] = []
    assert problems_of(state, "bob", war) == [(NOT_ALLOWED, "war.final_moves[0].path[0]"),   # Tango is orange's
                                              (NOT_ALLOWED, "war.final_moves[1].to")]


def test_check_names_unknown_provinces_and_armies_by_their_field():
    state = example_a()
    war = {"moves": [{"army": "blue-1", "path": ["Omi", "Wakassa"]}, {"army": "blue-7", "path": []}],
           "final_moves": [{"province": "Atlantis", "to": "omi", "units": {"spearman": 1}}]}
    problems = check_moves(state, "bob", war, BOARD)
    assert [(p.reason, p.field, p.code) for p in problems] == [
        (NOT_UNDERSTOOD, "war.moves[0].path[1]", "misspelt-province"),
        (NOT_UNDERSTOOD, "war.moves[1].army", "unknown-army"),
        (NOT_UNDERSTOOD, "war.final_moves[0].province", "unknown-province")]
    assert problems[0].values == {"written": '"Wakassa"', "suggestions": ["Wakasa", "Kazusa"]}
    assert problems[1].values == {"army": "blue-7"}


def test_check_refuses_steps_not_adjacent_paths_too_long_and_provinces_not_yours_in_phase_a():
    state = example_a()
    war = {"moves": [{"army": "blue-1", "path": ["wakasa"]}]}
    assert problems_of(state, "bob", war) == [(NOT_ALLOWED, "war.moves[0].path[0]")]
    war = {"moves": [{"army": "blue-1", "path": ["omi", "wakasa", "tango"]}]}
    assert sorted(problems_of(state, "bob", war)) == [(NOT_ALLOWED, "war.moves[0].path")]   # the march's first
    war = {"final_moves": [{"army": "blue-1", "path": ["omi", "wakasa", "tango", "tajima"]}]}
    assert problems_of(state, "bob", war) == [(NOT_ALLOWED, "war.final_moves[0].path")]  # level 2 + 1 at most


def test_check_refuses_an_army_that_is_not_the_sides_and_a_drop_in_phase_a():
    state = example_a()
    state["armies"]["orange-1"] = army("orange", "tango")
    war = {"moves": [{"army": "orange-1", "path": []}, {"army": "blue-1", "drop": {"tamba": {"spearman": 1}}}]}
    assert problems_of(state, "bob", war) == [(NOT_ALLOWED, "war.moves[0].army"), (NOT_ALLOWED, "war.moves[1].drop")]


def test_check_tries_phase_a_for_missing_garrisons_counts_and_the_card():
    state = example_a()
    assert problems_of(state, "bob", {"moves": [{"army": "blue-1", "path": ["omi"]}]}) == [
        (NOT_ALLOWED, "war.moves[0]")]
    war = {"moves": [{"army": "blue-1", "path": ["omi"], "garrison": {"yamashiro": {"gunner": 1}},
                      "pick_up": {"omi": {"spearman": 2}}}]}
    assert problems_of(state, "bob", war) == [(NOT_ALLOWED, "war.moves[0]")]
    state["armies"]["blue-1"]["units"]["swordsman"] = 3
    war["moves"][0]["pick_up"] = {"omi": {"archer": 1}}
    problems = check_moves(state, "bob", war, BOARD)
    assert [(p.field, p.code, p.values) for p in problems] == [("war.moves[0]", "card-full", {"place": ""})]


def test_check_counts_this_rounds_levy_before_phase_a():
    state = example_a()
    war = {"moves": [{"army": "blue-1", "path": ["omi"]}]}
    levy = {"units": [{"unit": "spearman", "to": "yamashiro"}]}
    assert check_moves(state, "bob", war, BOARD, {"levy": 1}, levy) == []


def test_check_refuses_bad_units_and_forces_moving_too_far():
    state = example_d()
    war = {"final_moves": [{"province": "yamashiro", "to": "tajima", "units": {"gunner": 1}},
                           {"province": "yamashiro", "to": "kawachi", "units": {"daimyo": 1}},
                           {"province": "yamashiro", "to": "kawachi", "units": {"ronin": 1}},
                           {"province": "yamashiro", "to": "kawachi", "units": {"spearman": "two"}}]}
    assert problems_of(state, "bob", war) == [
        (NOT_ALLOWED, "war.final_moves[0].to"), (NOT_UNDERSTOOD, "war.final_moves[1].units"),
        (NOT_ALLOWED, "war.final_moves[2].units"), (NOT_UNDERSTOOD, "war.final_moves[3].units")]


def test_the_default_moves_nothing():
    state = example_a()
    orders = default_war_moves(state, "bob", BOARD)
    assert check_moves(state, "bob", orders, BOARD) == []
    assert move_armies(state, "bob", orders, BOARD) == (state, [])
    assert final_movement(state, "bob", orders, BOARD) == (state, [])
    assert move_armies(state, "bob", None, BOARD) == (state, [])


def test_a_trial_copy_equals_the_state_and_what_a_levy_or_a_move_changes_on_it_leaves_the_state_alone():
    state = example_a()
    state["secret"] = {"bob": {"ronin": {"blue-1": 1}}}
    before = copy.deepcopy(state)
    trial = trial_copy(state)
    assert trial == state
    trial["provinces"]["omi"]["force"]["archer"] += 1
    trial["provinces"]["omi"]["owner"] = None
    trial["armies"]["blue-1"]["units"]["gunner"] += 1
    trial["armies"]["blue-1"]["province"] = "omi"
    trial["supply"]["figures"]["blue"]["archer"] -= 1
    trial["secret"]["bob"]["ronin"].pop("blue-1")
    trial["over"] = True
    assert state == before


def test_every_reason_the_march_skips_an_order_for_has_the_problem_the_check_words_it_as():
    """The check tells a march's skip as a typed problem, the reason's own code (problems.code_of) or the one
    move_checks.REASON_CODES spells otherwise, never as the bare reason."""
    import re
    from pathlib import Path

    from games.ikusa.move_checks import REASON_CODES, SHAPE_REASONS
    from games.ikusa.problems import PROBLEMS, code_of

    source = (Path(__file__).parents[2] / "games/ikusa/movement.py").read_text("utf-8")
    reasons = set(re.findall(r'Skip\("([a-z_]+)"', source))
    assert len(reasons) > 20
    told = reasons - set(SHAPE_REASONS) - {"too_far"}   # too_far: told by phase, with the reach
    assert [r for r in sorted(told) if (REASON_CODES.get(r) or code_of(r)) not in PROBLEMS.table] == []


def test_every_reason_the_march_skips_an_order_for_is_told_as_a_problem_without_a_crash():
    """Each reason, with what a skip may name (the province, the unit, the counts), told at an order of each
    phase: the problem's sentence takes the values it quotes, no more (an army lost was a crash: its sentence
    names no place)."""
    import re
    from pathlib import Path

    from games.ikusa.move_checks import SHAPE_REASONS, _skip_problem

    state, board = example_d(), BOARD
    source = (Path(__file__).parents[2] / "games/ikusa/movement.py").read_text("utf-8")
    reasons = set(re.findall(r'Skip\("([a-z_]+)"', source)) - set(SHAPE_REASONS)
    order = {"army": "blue-1", "path": ["yamashiro", "omi"], "garrison": {}, "pick_up": {}, "drop": {}}
    compared = 0
    for reason in sorted(reasons):
        for phase in ("A", "D"):
            ev = {"reason": reason, "province": "omi", "previous": "yamashiro", "where": "omi", "unit": "spearman",
                  "wanted": 2, "there": 1, "level": 1, "steps": 2}
            told = _skip_problem(state, "bob", board, "war.final_moves[0]", phase, order, ev)
            assert told.code and told.message, reason
            compared += 1
    assert compared > 40
