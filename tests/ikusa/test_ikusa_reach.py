"""One rule, one predicate: a battle order is judged when it comes by the battle's own predicate (why_not), on the
board as the war will find it, so an attack the acknowledgement accepts is not then skipped as 'not adjacent'."""
from __future__ import annotations

from games.ikusa import GAME
from games.ikusa.battles import why_not
from games.ikusa.board import default_board
from tests.ikusa.pieces import after_placement

BOARD = default_board()


def codes(state, war):
    return [(p.code, p.field) for p in GAME.check_orders(state, "ann", {"war": war}).problems]


def test_an_attack_on_a_province_that_is_not_next_to_the_army_is_refused_when_the_orders_come():
    state = after_placement()
    origin = state["armies"]["red-1"]["province"]
    far = next(pid for pid, p in state["provinces"].items()
               if p["owner"] == "bob" and pid not in BOARD.neighbours(origin))
    checked = GAME.check_orders(state, "ann", {"war": {"battles": [{"army": "red-1", "target": BOARD.name(far)}]}})
    assert [(p.code, p.field) for p in checked.problems] == [("target-not-adjacent", "war.battles[0].target")]
    assert BOARD.name(far) in checked.problems[0].message and checked.forecast == []
    entry = {"force": "army", "id": "red-1", "target": far}
    assert why_not({**state, "round": state["round"] + 1}, "ann", entry, BOARD) == "target_not_adjacent"


def test_the_attack_is_judged_from_where_the_phase_a_move_takes_the_army():
    state = after_placement()
    mine = {pid for pid, p in state["provinces"].items() if p["owner"] == "ann"}
    found = [(army, step, beyond) for army, a in sorted(state["armies"].items())
             if a["player"] == "ann" and a["status"] == "active"
             for step in BOARD.neighbours(a["province"]) if step in mine and not any(
                 b["province"] == step for b in state["armies"].values())
             for beyond in BOARD.neighbours(step)
             if state["provinces"][beyond]["owner"] not in (None, "ann")
             and beyond not in BOARD.neighbours(a["province"])]
    assert found, "the set-up has no army one step from an enemy province it cannot reach now"
    army, step, beyond = found[0]
    move = {"army": army, "path": [BOARD.name(step)]}
    attack = {"army": army, "target": BOARD.name(beyond)}
    assert codes(state, {"battles": [attack]}) == [("target-not-adjacent", "war.battles[0].target")]
    assert "target-not-adjacent" not in [c for c, _ in codes(state, {"moves": [move], "battles": [attack]})]


def test_the_forecast_of_an_attack_after_a_phase_a_move_is_from_where_the_move_ends():
    state = after_placement()
    army = "red-1"
    origin = state["armies"][army]["province"]
    mine = {pid for pid, p in state["provinces"].items() if p["owner"] == "ann"}
    steps = [pid for pid in BOARD.neighbours(origin) if pid in mine
             and not any(a["province"] == pid for a in state["armies"].values())]
    targets = [(step, pid) for step in steps for pid in BOARD.neighbours(step)
               if state["provinces"][pid]["owner"] not in (None, "ann")]
    assert targets, "the set-up has no enemy province one step beyond red-1's"
    step, target = targets[0]
    war = {"moves": [{"army": army, "path": [BOARD.name(step)]}],
           "battles": [{"army": army, "target": BOARD.name(target)}]}
    checked = GAME.check_orders(state, "ann", {"war": war})
    assert checked.problems == [] and [f["from"] for f in checked.forecast] == [step]


def test_a_file_with_three_mistakes_hears_of_all_three_in_one_answer():
    """The issue's file: more Koku than the player has, a misspelt province in a move, an attack out of reach."""
    state = after_placement()
    koku = state["koku"]["ann"]
    origin = state["armies"]["red-1"]["province"]
    far = next(pid for pid, p in sorted(state["provinces"].items())
               if p["owner"] == "bob" and pid not in BOARD.neighbours(origin))
    body = {"planning": {"levy": koku + 2},
            "war": {"moves": [{"army": "red-2", "path": ["Shimma"]}],
                    "battles": [{"army": "red-1", "target": BOARD.name(far)}]}}
    found = {(p.code, p.field) for p in GAME.check_orders(state, "ann", body).problems}
    assert ("target-not-adjacent", "war.battles[0].target") in found
    assert any(field == "war.moves[0].path[0]" for _, field in found), found
    assert any(field.startswith("planning") for _, field in found), found


def test_a_provincial_force_out_of_reach_is_told_once_by_the_battle_predicate():
    state = after_placement()
    home = next(pid for pid, p in sorted(state["provinces"].items()) if p["owner"] == "ann" and p["force"])
    far = next(pid for pid, p in sorted(state["provinces"].items())
               if p["owner"] == "bob" and pid not in BOARD.neighbours(home))
    war = {"battles": [{"province": BOARD.name(home), "target": BOARD.name(far)}]}
    assert codes(state, war) == [("target-not-adjacent", "war.battles[0].target")]


def test_an_army_whose_move_is_refused_is_not_judged_from_where_it_stands_now():
    state = after_placement()
    origin = state["armies"]["red-1"]["province"]
    far = next(pid for pid, p in sorted(state["provinces"].items())
               if p["owner"] == "bob" and pid not in BOARD.neighbours(origin))
    war = {"moves": [{"army": "red-1", "path": ["Shimma"]}], "battles": [{"army": "red-1", "target": BOARD.name(far)}]}
    assert "target-not-adjacent" not in [c for c, _ in codes(state, war)]


def test_an_experienced_armys_second_attack_is_forecast_from_the_province_its_first_one_advances_into():
    state = after_placement()
    state["armies"]["red-1"]["experience"] = 2
    origin = state["armies"]["red-1"]["province"]
    enemy = {pid for pid, p in state["provinces"].items() if p["owner"] not in (None, "ann")}
    pairs = [(first, second) for first in BOARD.neighbours(origin) if first in enemy
             for second in BOARD.neighbours(first) if second in enemy and second != origin
             and second not in BOARD.neighbours(origin)]
    assert pairs, "the set-up has no enemy province two steps from red-1"
    first, second = pairs[0]
    war = {"battles": [{"army": "red-1", "target": BOARD.name(first), "after_win": "advance"},
                       {"army": "red-1", "target": BOARD.name(second)}]}
    checked = GAME.check_orders({**state, "round": 2}, "ann", {"war": war})
    assert checked.problems == []
    assert [f["from"] for f in checked.forecast] == [origin, first]
    assert all(f["odds"] for f in checked.forecast)


def test_an_armys_attacks_are_counted_by_the_wars_own_count_even_where_one_of_them_is_refused():
    """attacks_left, the war's count, judges the file: a level-1 army ordered to attack twice hears of the
    second attack in the same answer as the first one's own problem."""
    state = after_placement()
    origin = state["armies"]["red-1"]["province"]
    far = next(pid for pid, p in sorted(state["provinces"].items())
               if p["owner"] == "bob" and pid not in BOARD.neighbours(origin))
    near = next(pid for pid in BOARD.neighbours(origin) if state["provinces"][pid]["owner"] == "bob")
    war = {"battles": [{"army": "red-1", "target": BOARD.name(far)}, {"army": "red-1", "target": BOARD.name(near)}]}
    assert codes({**state, "round": 2}, war) == [("target-not-adjacent", "war.battles[0].target"),
                                                 ("too-many-attacks", "war.battles[1].army")]
