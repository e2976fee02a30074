"""The computer player: legal orders always, Koku all spent, attacks only at good odds, a game that moves."""
import copy
from functools import cache

import pytest

from engine import Dice
from engine.canonical import dumps
from games.ikusa.computer import computer_orders, legal
from games.ikusa.orders import check_orders
from games.ikusa.round import resolve_round
from games.ikusa.setup import setup
from games.ikusa.state import active_sides, sides_of
from tests.ikusa.computer_checks import live_problems

PLAYERS = ("ann", "bob", "cho", "dan", "eve")


def play(players, rounds, key, options=None, check=True):
    """A game of computers: (states after each round, every event); every order checked on the way."""
    state, _ = setup(list(players), options or {}, Dice(key + b" setup"))
    states, events = [], []
    for number in range(rounds + 1):  # the placement round first
        if state["over"]:
            break
        orders = {player: computer_orders(state, player) for player in players}
        if check:
            for player in players:
                if any(side in active_sides(state) for side in sides_of(state, player)):
                    assert live_problems(state, player, orders[player]) == [], (number, player, orders[player])
        state, told = resolve_round(state, orders, Dice(key + b" round %d" % number))
        states.append(state)
        events += told
    return states, events


@pytest.mark.parametrize("players, options, key", [
    (PLAYERS[:2], {}, b"two"),
    (PLAYERS[:3], {}, b"three"),
    (PLAYERS[:5], {}, b"five"),
    (PLAYERS[:3], {"quick": True}, b"quick three"),
    (PLAYERS[:5], {"quick": True}, b"quick five"),
])
def test_its_orders_always_pass_check_orders_over_a_game_of_computers(players, options, key):
    states, events = play(players, 8, key, options)
    assert len(states) >= 3
    assert any(e["kind"] == "battle_declared" for e in events)


@cache
def _opened(players=PLAYERS[:3], key=b"opened"):
    state, _ = setup(list(players), {}, Dice(key + b" setup"))
    return resolve_round(state, {}, Dice(key + b" placement"))[0]


def test_the_computer_spends_every_koku():
    state = copy.deepcopy(_opened())
    for koku in (0, 1, 3, 7, 12):
        for player in state["players"]:
            state["koku"][player] = koku
            body = computer_orders(state, player)
            assert sum(body["planning"].values()) == koku
            assert check_orders(state, player, body).problems == []
            assert "war" in body  # its own plan, not the last resort of all Koku on turn order


def test_koku_that_can_buy_nothing_useful_still_go_into_a_box():
    state = duel({"daimyo": 1}, {"spearman": 5}, koku=7)  # one province: one unit to levy, nothing to attack
    body = computer_orders(state, "ann")
    assert body["planning"]["levy"] == 1 and sum(body["planning"].values()) == 7
    assert check_orders(state, "ann", body).problems == [] and "war" in body


def test_the_computer_puts_its_koku_into_the_levy_first():
    state = copy.deepcopy(_opened())
    state["koku"]["ann"] = 3
    body = computer_orders(state, "ann")
    assert body["planning"]["levy"] == 3 and len(body["levy"]["units"]) >= 3


def duel(attacker, defender, *, koku=0, castle=False, defender_army=False, garrison=None, number=1):
    """ann's army red-1 in Omi with `attacker`, bob's Yamashiro next to it held by `defender`; nothing else
    on the board. `number` is the round last played (the orders are for the next)."""
    state = copy.deepcopy(_opened())
    for province in state["provinces"].values():
        province.update(owner=None, colour=None, force={}, castle=False, fortress=False)
    for army in state["armies"].values():
        army.update(province=None, status="unplaced")
    state["provinces"]["omi"].update(owner="ann", colour="red", force=dict(garrison or {}))
    state["armies"]["red-1"].update(province="omi", status="active", units=dict(attacker))
    state["provinces"]["yamashiro"].update(owner="bob", colour="blue", castle=castle)
    if defender_army:
        state["armies"]["blue-1"].update(province="yamashiro", status="active", units=dict(defender))
    else:
        state["provinces"]["yamashiro"]["force"] = dict(defender)
    state["koku"] = {player: koku for player in state["players"]}
    state["round"] = number
    return state


def battles(state, player="ann"):
    body = computer_orders(state, player)
    assert check_orders(state, player, body).problems == []
    return body["war"]["battles"]


def test_it_attacks_when_the_odds_are_good():
    state = duel({"daimyo": 1, "archer": 1}, {"spearman": 1})  # 95%
    assert [(b["army"], b["target"]) for b in battles(state)] == [("red-1", "yamashiro")]


def test_it_does_not_attack_when_the_odds_are_bad():
    assert battles(duel({"daimyo": 1, "spearman": 1}, {"spearman": 3})) == []  # 23%


def test_it_counts_the_castle_of_the_defender():
    assert battles(duel({"daimyo": 1, "spearman": 2}, {"spearman": 2}))  # 89% in the open
    assert battles(duel({"daimyo": 1, "spearman": 2}, {"spearman": 2}, castle=True)) == []


def test_it_never_attacks_with_a_lone_daimyo_at_bad_odds():
    assert battles(duel({"daimyo": 1}, {"spearman": 1})) == []  # an even chance to lose the daimyo


def test_its_army_attacks_withdraw_when_they_go_badly():
    entry = battles(duel({"daimyo": 1, "archer": 1}, {"spearman": 1}))[0]
    assert entry["withdraw"] == {"rule": "below_percent", "percent": 50}


def test_it_respects_the_first_round_rule():
    strong = {"daimyo": 1, "archer": 4, "spearman": 6}
    assert battles(duel(strong, {"daimyo": 1}, defender_army=True, number=0)) == []
    assert battles(duel(strong, {"daimyo": 1}, defender_army=True, number=1))


def test_a_provincial_force_attacks_a_weak_neighbour():
    state = duel({"daimyo": 1}, {"spearman": 1}, garrison={"archer": 2, "spearman": 1})
    assert {"province": "omi", "target": "yamashiro"} in battles(state)


def test_it_takes_the_beaten_province_in_the_final_movement():
    kept = computer_orders(duel({"daimyo": 1, "archer": 2}, {"spearman": 1}, garrison={"spearman": 1}), "ann")
    assert {"army": "red-1", "path": ["yamashiro"]} in kept["war"]["final_moves"]
    alone = computer_orders(duel({"daimyo": 1, "archer": 2}, {"spearman": 1}), "ann")
    assert {"army": "red-1", "path": [], "drop": {"yamashiro": {"archer": 1}}} in alone["war"]["final_moves"]


def test_placement_orders_are_the_default_placement():
    state, _ = setup(list(PLAYERS[:3]), {}, Dice(b"placement"))
    body = computer_orders(state, "ann")
    assert check_orders(state, "ann", body).problems == []
    assert set(body) >= {"spearmen", "armies"}


def test_a_game_of_five_computers_moves_and_is_the_same_for_the_same_keys():
    states, events = play(PLAYERS, 30, b"thirty", check=False)
    again, _ = play(PLAYERS, 30, b"thirty", check=False)
    assert dumps(states[-1]) == dumps(again[-1])
    fought = [e for e in events if e["kind"] == "battle_ended"]
    assert len(fought) >= 20
    assert any(e["outcome"] == "attacker_won" for e in fought)
    first = {pid: p["owner"] for pid, p in states[0]["provinces"].items()}
    last = {pid: p["owner"] for pid, p in states[-1]["provinces"].items()}
    assert sum(first[pid] != last[pid] for pid in first) >= 10


def test_a_refused_battle_or_move_is_dropped_and_the_rest_of_the_orders_kept():
    state = duel({"daimyo": 1, "archer": 1}, {"spearman": 1}, koku=2)
    body = computer_orders(state, "ann")
    wanted = copy.deepcopy(body)
    body["war"]["battles"].append({"army": "red-1", "target": "kyoto-nowhere"})
    body["war"]["final_moves"].append({"province": "omi", "to": "mutsu", "units": {"spearman": 9}})
    assert live_problems(state, "ann", body) != []
    assert legal(state, "ann", body) == wanted


def test_a_war_that_cannot_be_mended_is_dropped_and_the_koku_kept_where_they_are():
    state = duel({"daimyo": 1, "archer": 1}, {"spearman": 1}, koku=2)
    body = computer_orders(state, "ann")
    body["war"]["priority"] = ["nobody"]
    kept = legal(state, "ann", body)
    assert "war" not in kept and kept["planning"] == body["planning"]
    assert live_problems(state, "ann", kept) == []
