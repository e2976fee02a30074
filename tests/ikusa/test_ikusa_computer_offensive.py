"""The computer player "auto-v2" (offensive.py, issue 15): it moves in phase A, makes an experienced army's several
attacks, hires the ninja, builds castles and fortresses, levies a mix of units, and its orders always pass the check."""
import copy
from functools import cache

import pytest

from engine import Dice
from games.ikusa import as_state
from games.ikusa.offensive import computer_orders
from games.ikusa.orders import check_orders
from games.ikusa.players import STRATEGIES
from games.ikusa.round import resolve_round
from games.ikusa.setup import setup
from games.ikusa.state import FIGURES_PER_COLOUR, active_sides, sides_of
from games.ikusa.view import view
from tests.ikusa.computer_checks import live_problems

PLAYERS = ("ann", "bob", "cho", "dan", "eve")


@cache
def _opened():
    state, _ = setup(["ann", "bob", "cho"], {}, Dice(b"offensive setup"))
    return resolve_round(state, {}, Dice(b"offensive placement"))[0]


def board(mine, theirs, armies, *, koku=0, number=1):
    """ann's provinces `mine` and bob's `theirs` ({province: force}, a castle as "castle": True), the armies
    {army id: (province, units, experience)}; nothing else on the board. `number` is the round last played."""
    state = copy.deepcopy(_opened())
    for province in state["provinces"].values():
        province.update(owner=None, colour=None, force={}, castle=False, fortress=False)
    for army in state["armies"].values():
        army.update(province=None, status="unplaced")
    for owner, colour, held in (("ann", "red", mine), ("bob", "blue", theirs)):
        for pid, force in held.items():
            force = dict(force)
            castle = force.pop("castle", False)
            state["provinces"][pid].update(owner=owner, colour=colour, force=force, castle=castle)
    for army_id, (pid, units, experience) in armies.items():
        state["armies"][army_id].update(province=pid, status="active", units=dict(units), experience=experience)
    state["koku"] = {player: koku for player in state["players"]}
    state["supply"]["figures"] = {colour: dict(FIGURES_PER_COLOUR) for colour in state["supply"]["figures"]}
    state["round"] = number
    return state


def orders(state, player="ann"):
    body = computer_orders(state, player)
    assert check_orders(state, player, body).problems == []
    return body


def test_an_army_with_nothing_to_attack_moves_in_phase_a_to_the_border_and_attacks_from_there():
    state = board({"wakasa": {"spearman": 1}, "omi": {"archer": 2, "spearman": 3}}, {"yamashiro": {"spearman": 2}},
                  {"red-1": ("wakasa", {"daimyo": 1, "spearman": 1}, 1)})
    war = orders(state)["war"]
    assert war["moves"] == [{"army": "red-1", "path": ["omi"], "pick_up": {"omi": {"archer": 2, "spearman": 2}}}]
    assert {"army": "red-1", "target": "yamashiro", "withdraw": {"rule": "below_percent", "percent": 50}} \
        in war["battles"]


def test_an_army_picks_up_the_force_where_it_stands_before_it_attacks():
    state = board({"omi": {"archer": 2, "spearman": 2}}, {"yamashiro": {"spearman": 3}},
                  {"red-1": ("omi", {"daimyo": 1}, 1)})
    war = orders(state)["war"]
    assert war["moves"] == [{"army": "red-1", "path": [], "pick_up": {"omi": {"archer": 2, "spearman": 1}}}]
    assert [b["target"] for b in war["battles"] if b.get("army") == "red-1"] == ["yamashiro"]


def test_an_experienced_army_makes_several_attacks_one_after_another():
    weak = {"spearman": 1}
    state = board({"omi": {"spearman": 2}}, {"yamashiro": weak, "iga": weak, "ise": weak, "mino": weak},
                  {"red-1": ("omi", {"daimyo": 1, "archer": 4, "spearman": 8}, 3)})
    body = orders(state)
    attacks = [b for b in body["war"]["battles"] if b.get("army") == "red-1"]
    assert len(attacks) == 3 and len({b["target"] for b in attacks}) == 3
    assert body["war"]["battles"][:3] == attacks   # an army's entries come together: its run is not closed
    # phase D takes every beaten province: the force's unit the first, the army's drops the others
    taken = set()
    for move in body["war"]["final_moves"]:
        taken |= {move["to"]} if "to" in move else set(move.get("drop", {}))
    assert {b["target"] for b in attacks} <= taken


def test_an_army_of_experience_one_attacks_once():
    weak = {"spearman": 1}
    state = board({"omi": {"spearman": 2}}, {"yamashiro": weak, "iga": weak},
                  {"red-1": ("omi", {"daimyo": 1, "archer": 4, "spearman": 8}, 1)})
    assert len([b for b in orders(state)["war"]["battles"] if b.get("army") == "red-1"]) == 1


EVEN = {"daimyo": 1, "spearman": 3}


def test_it_hires_the_ninja_to_assassinate_the_daimyo_that_defends_its_target():
    state = board({"omi": {"spearman": 1}}, {"yamashiro": {}},
                  {"red-1": ("omi", EVEN, 1), "blue-1": ("yamashiro", EVEN, 1)}, koku=1)
    body = orders(state)
    assert body["ninja"] == {"assassinate": {"daimyo": "blue-1", "before": "B", "war_of": "ann"}}
    assert body["planning"]["ninja"] == 1
    assert [b["target"] for b in body["war"]["battles"]] == ["yamashiro"]   # 47% without: too low to attack


def test_it_hires_no_assassin_in_the_first_round():
    state = board({"omi": {"spearman": 1}}, {"yamashiro": {}},
                  {"red-1": ("omi", EVEN, 1), "blue-1": ("yamashiro", EVEN, 1)}, koku=1, number=0)
    assert "ninja" not in orders(state)


def test_it_builds_a_castle_where_the_strongest_enemy_army_threatens_and_a_fortress_on_a_castle():
    threat = {"daimyo": 1, "archer": 4, "spearman": 10}
    armies = {"red-1": ("omi", {"daimyo": 1, "spearman": 2}, 1), "blue-1": ("yamashiro", threat, 1)}
    state = board({"omi": {"spearman": 2}, "wakasa": {"spearman": 1}}, {"yamashiro": {}}, armies, koku=8)
    body = orders(state)
    assert body["build"] == {"kind": "castle", "province": "omi"} and body["planning"]["build"] == 2
    state = board({"omi": {"spearman": 2, "castle": True}, "wakasa": {"spearman": 1}}, {"yamashiro": {}}, armies,
                  koku=8)
    assert orders(state)["build"] == {"kind": "fortress", "province": "omi"}


def test_it_levies_spearmen_while_provinces_are_many_and_better_units_when_koku_are_to_spare():
    mine = {pid: {"spearman": 1} for pid in ("omi", "wakasa", "echizen", "tamba", "tango", "tajima")}
    armies = {"red-1": ("omi", {"daimyo": 1, "spearman": 2}, 1)}
    few = orders(board(mine, {"hoki": {"spearman": 1}}, armies, koku=2))["levy"]["units"]
    assert [entry["unit"] for entry in few] == ["spearman"] * 6   # the most units the Koku buy
    rich = orders(board(mine, {"hoki": {"spearman": 1}}, armies, koku=6))["levy"]["units"]
    kinds = {entry["unit"] for entry in rich}
    assert len(rich) == 6 and {"archer", "gunner"} <= kinds
    assert {"unit": "archer", "to": "red-1"} in rich   # the army's unit first: an archer, first to strike


def game(players, strategies, key, rounds, options=None):
    """A game played from each player's view, every order of an "auto-v2" player checked on the way."""
    state, _ = setup(list(players), options or {}, Dice(key + b" setup"))
    for number in range(rounds + 1):
        if state["over"]:
            break
        orders_in = {}
        for player in players:
            seen = as_state(view(state, player))
            orders_in[player] = STRATEGIES[strategies.get(player, "auto-v2")](seen, player)
            if strategies.get(player, "auto-v2") == "auto-v2" and \
                    any(side in active_sides(state) for side in sides_of(state, player)):
                assert live_problems(state, player, orders_in[player]) == [], (number, player)
        state, _ = resolve_round(state, orders_in, Dice(key + b" round %d" % number))
    return state


@pytest.mark.parametrize("players, strategies, options, key", [
    (PLAYERS[:2], {}, {}, b"two"),
    (PLAYERS[:4], {"bob": "auto-v1", "cho": "auto-v1", "dan": "auto-v1"}, {}, b"four"),
    (PLAYERS[:4], {}, {}, b"four of them"),
    (PLAYERS[:5], {}, {"quick": True}, b"quick five"),
    (PLAYERS[:3], {"ann": "auto-v1"}, {}, b"three"),
])
def test_its_orders_always_pass_the_check_over_seeded_games(players, strategies, options, key):
    game(players, strategies, key, 12, options)
