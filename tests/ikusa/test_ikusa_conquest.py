"""What changes hands in the war: provinces, daimyos, eliminated players and the game itself."""
from __future__ import annotations

import copy

from games.ikusa.battles import conduct_combat
from games.ikusa.board import default_board
from games.ikusa.conquest import (
    check_victory,
    daimyos_left,
    eliminate_player,
    lose_province,
    recover_daimyos,
    recovery_places,
)
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.pieces import pieces
from tests.support.scripted import ScriptedDice

HIT, MISS = 1, 12
COLOURS = {"ann": "blue", "oda": "orange", "cid": "red"}
province, army = pieces(COLOURS)
BOARD = default_board()


def lost(player):
    return army(player, None, status="lost")


def new_state(**options) -> dict:
    """Orange (oda) is down to one daimyo, in Wakasa; blue (ann) has lost two of its three."""
    provinces = {pid: province() for pid in BOARD.ids()}
    provinces.update({
        "omi": province("ann", spearman=1), "yamashiro": province("ann", spearman=3),
        "yamato": province("ann", spearman=1, gunner=1),
        "wakasa": province("oda", spearman=1), "tango": province("oda", spearman=4, ronin=1),
        "tajima": province("oda", spearman=2), "mino": province("cid", spearman=1),
    })
    armies = {"blue-1": army("ann", "omi", experience=3, archer=1, spearman=2), "blue-2": lost("ann"),
              "blue-3": lost("ann"), "orange-1": army("oda", "wakasa"), "orange-2": lost("oda"),
              "orange-3": lost("oda"), "red-1": army("cid", "mino")}
    state = {"game": "ikusa", "map": BOARD.digest, "round": 3, "phase": "play", "players": ["ann", "oda", "cid"],
             "options": {"quick": False, "victory_check": "immediate", "victory_provinces": 35,
                         "most_provinces_on_first_elimination": False, "least_experience": 1, **options},
             "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["ann", "oda", "cid"],
             "provinces": provinces, "armies": armies, "koku": {"ann": 0, "oda": 0, "cid": 0},
             "supply": {"castles": 10, "fortifications": 5, "ronin": 29,
                        "figures": {"blue": {**FIGURES_PER_COLOUR, "spearman": 29, "gunner": 8, "archer": 8,
                                             "daimyo": 2},
                                    "orange": {**FIGURES_PER_COLOUR, "spearman": 29, "daimyo": 2},
                                    "red": {**FIGURES_PER_COLOUR, "spearman": 35, "daimyo": 2}}},
             "ninja": None, "secret": {"oda": {"ronin": {"tajima": 1}}}, "eliminated": [], "over": False,
             "winners": []}
    state["supply"]["ronin"] = 28
    return state


def only(events, *kinds):
    return [ev for ev in events if ev["kind"] in kinds]


KILL_ORANGE = {"battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance"}]}
# the archer hits the spearman; hand to hand the blue daimyo hits the orange daimyo, which misses, and
# blue's spearmen roll
KILL_DICE = (HIT, HIT, MISS, MISS, MISS)


def test_killing_a_players_last_daimyo_puts_them_out_and_hands_over_all_they_had():
    state = new_state()
    new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    assert only(events, "daimyo_killed")[0]["army"] == "orange-1"
    eliminated = only(events, "player_eliminated")
    assert [(ev["player"], ev["by_player"], ev["provinces"]) for ev in eliminated] == [
        ("oda", "ann", ["tango", "tajima"])]
    assert new["eliminated"] == ["oda"]
    # the provinces and their units are blue's now; the hidden ronin show themselves and change hands too
    assert new["provinces"]["tajima"]["owner"] == "ann" and new["provinces"]["tajima"]["colour"] == "blue"
    assert "oda" not in new["secret"] or not new["secret"]["oda"].get("ronin")
    # Wakasa was beaten: the army moved in and conquered it
    assert new["provinces"]["wakasa"]["owner"] == "ann" and new["armies"]["blue-1"]["province"] == "wakasa"
    # orange's tray is blue's to levy from, but its daimyo figures leave the game
    assert new["supply"]["figures"]["orange"]["spearman"] == 0
    assert new["supply"]["figures"]["blue"]["spearman"] == 29 + 30  # orange's 29 plus its spearman killed now
    assert new["supply"]["figures"]["orange"]["daimyo"] == 3


def test_the_eliminator_gets_back_its_lost_daimyos_on_the_largest_provincial_forces_by_default():
    state = new_state()
    new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    recovered = only(events, "daimyo_recovered")
    # Tango holds 4 spearmen and the revealed ronin, Yamashiro 3: the two largest forces without an army
    assert [(ev["army"], ev["province"], ev["picked_up"]) for ev in recovered] == [
        ("blue-2", "tango", {"ronin": 1, "spearman": 4}), ("blue-3", "yamashiro", {"spearman": 3})]
    assert new["armies"]["blue-2"] == {"player": "ann", "colour": "blue", "province": "tango", "experience": 1,
                                       "units": {"daimyo": 1, "ronin": 1, "spearman": 4}, "status": "active"}
    assert new["provinces"]["tango"]["force"] == {} and new["provinces"]["tango"]["owner"] == "ann"
    assert new["supply"]["figures"]["blue"]["daimyo"] == 0


def test_the_eliminator_places_recovered_daimyos_where_its_orders_say():
    state = new_state()
    war = {**KILL_ORANGE, "recover": ["Yamato", "Mino"]}   # Mino is not blue's: the default fills in
    new, events = conduct_combat(state, "ann", war, ScriptedDice(*KILL_DICE), BOARD)
    assert [ev["province"] for ev in only(events, "daimyo_recovered")] == ["yamato", "tango"]
    assert new["armies"]["blue-2"]["units"] == {"daimyo": 1, "gunner": 1, "spearman": 1}


def test_a_defender_that_kills_the_attackers_last_daimyo_takes_over_the_attacker():
    state = new_state()
    state["armies"]["blue-1"]["units"] = {"daimyo": 1}
    state["supply"]["figures"]["blue"].update(spearman=31, archer=9)
    war = {"battles": [{"army": "blue-1", "target": "Wakasa"}, {"province": "Omi", "target": "Wakasa"}]}
    # blue's daimyo misses; orange's daimyo hits it; orange's spearman misses
    new, events = conduct_combat(state, "ann", war, ScriptedDice(MISS, HIT, MISS), BOARD)
    assert [(ev["player"], ev["by_player"]) for ev in only(events, "player_eliminated")] == [("ann", "oda")]
    # Omi keeps its provincial force, so it is not lost: it changes hands with everything else
    assert new["provinces"]["yamashiro"]["owner"] == "oda" and new["provinces"]["omi"]["owner"] == "oda"
    assert new["armies"]["blue-1"]["status"] == "lost"
    assert [ev["army"] for ev in only(events, "daimyo_recovered")] == ["orange-2", "orange-3"]
    # blue is out: the rest of its war is not fought, and only blue hears why
    skipped = only(events, "order_skipped")
    assert [(ev["reason"], ev["audience"]) for ev in skipped] == [("side_eliminated", ["ann"])]


def test_a_player_whose_daimyos_are_not_all_gone_stays_in():
    state = new_state()
    state["armies"]["orange-2"] = army("oda", "tajima")
    state["supply"]["figures"]["orange"]["daimyo"] = 1
    new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    assert not only(events, "player_eliminated") and daimyos_left(new, "oda") == 1


def test_victory_is_checked_whenever_a_province_changes_hands_and_stops_the_round():
    state = new_state(victory_provinces=4)
    war = {"battles": [{"army": "blue-1", "target": "Wakasa", "after_win": "advance"},
                       {"province": "Yamashiro", "target": "Tamba"}]}
    state["armies"]["orange-2"] = army("oda", "tajima")
    state["supply"]["figures"]["orange"]["daimyo"] = 1
    new, events = conduct_combat(state, "ann", war, ScriptedDice(*KILL_DICE), BOARD)
    assert only(events, "game_won") == [{"kind": "game_won", "audience": "all", "winners": ["ann"],
                                         "reason": "provinces", "provinces": {"ann": 4}}]
    assert new["over"] and new["winners"] == ["ann"]
    assert events[-1]["kind"] == "game_won" and not only(events, "experience_raised")


def test_with_the_end_of_round_check_the_war_goes_on_and_the_caller_checks_later():
    state = new_state(victory_provinces=4, victory_check="end_of_round")
    state["armies"]["orange-2"] = army("oda", "tajima")
    state["supply"]["figures"]["orange"]["daimyo"] = 1
    new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    assert not new["over"] and not only(events, "game_won")
    assert check_victory(new) == ["ann"] and check_victory(state) == []


def test_the_last_player_left_wins():
    state = new_state()
    state["eliminated"] = ["cid"]
    state["armies"]["red-1"].update(status="lost", units={}, province=None)
    state["provinces"]["mino"] = province()
    new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    assert new["winners"] == ["ann"] and only(events, "game_won")[0]["reason"] == "last_player"


def test_in_quick_play_the_first_elimination_wins_for_the_most_provinces():
    state = new_state(quick=True, most_provinces_on_first_elimination=True, victory_provinces=40,
                      least_experience=2)
    for pid in ("shinano", "kai", "suruga", "totomi", "mikawa", "owari"):
        state["provinces"][pid] = province("cid", spearman=1)
    _new, events = conduct_combat(state, "ann", KILL_ORANGE, ScriptedDice(*KILL_DICE), BOARD)
    # blue now owns Omi, Yamashiro, Yamato, Wakasa, Tango and Tajima: 6, red 7
    assert only(events, "game_won")[0]["winners"] == ["cid"] and only(events, "game_won")[0]["reason"] == \
        "most_provinces"
    # recovered daimyos come back at level 1 even in quick play: its level 2 is for assassinated daimyos
    assert [ev["experience"] for ev in only(events, "daimyo_recovered")] == [1, 1]


def test_the_public_functions_return_a_new_state_and_leave_theirs_alone():
    state = new_state()
    before = copy.deepcopy(state)
    new, events = lose_province(state, "tajima")
    assert new["provinces"]["tajima"]["owner"] is None and only(events, "province_lost")[0]["player"] == "oda"
    new, _ = eliminate_player(state, "oda", "ann")
    assert new["eliminated"] == ["oda"] and new["armies"]["orange-1"]["status"] == "lost"
    new, _ = recover_daimyos(state, "ann", ["omi", "yamato"])  # Omi holds an army already
    assert new["armies"]["blue-2"]["province"] == "yamato"
    assert state == before


def test_recovered_daimyos_never_go_where_an_army_stands():
    state = new_state()
    assert recovery_places(state, "ann", 3) == ["yamashiro", "yamato"]
