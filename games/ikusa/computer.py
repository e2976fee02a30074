"""The computer player "auto-v1": legal, sensible orders for a side, from what that side may see.

It spends every Koku (a little on turn order when rich, a castle where an army
is threatened, most on the levy, the rest on ronin for its attacks), levies
where it is threatened (levy.default_levy: armies on the border first), and
attacks an enemy neighbour only when the exact odds of winning are good; a
daimyo never attacks at bad odds, and every army attack withdraws when it
falls below half the defender's size. After its battles it takes the beaten
provinces in phase D, and sends single units into unoccupied neighbours.

What it plays as offensive.py ("auto-v2") does (the order file, the Koku box
by box, judging a battle, guarding ronin, phase D and legal orders) is in
playbook.py.
"""
from __future__ import annotations

from .battles import defending_units
from .board import Board
from .build import why_not_build
from .levy import default_levy
from .playbook import (
    ARMY_ODDS,
    FORCE_ODDS,
    LONE_DAIMYO_ODDS,
    WITHDRAW,
    Allocation,
    best_attack,
    final_moves,
    guard_ronin,
    legal,
    order_file,
    strength,
)
from .playbook import chances as chances  # these three are read from here (position.py, the tests)
from .playbook import countable as countable
from .playbook import win_chance as win_chance
from .ronin import PER_KOKU
from .state import are_enemies, armies_on_board, ordered_provinces, side_of_province
from .units import RONIN, regular_units, ronin_limit

TURN_ORDER_WHEN = 6   # Koku from which one goes on turn order
BUILD_WHEN = 8        # Koku from which a castle is worth two


def computer_orders(view: dict, player: str) -> dict:
    """The player's order file for the next round, from the player's view (playbook.order_file)."""
    return order_file(view, player, side_orders, legal)


# --- one side's orders ---------------------------------------------------------------------------------

def side_orders(state: dict, side: str, board: Board) -> dict:
    """Planning, build, levy, ronin and war for one side, each part following from the one before."""
    koku = Allocation(state, side, turn_order_from=TURN_ORDER_WHEN)
    castle = castle_site(state, side, board) if koku.total >= BUILD_WHEN else None
    if castle:
        koku.build("castle", castle)
    levy = default_levy(state, side, min(koku.left, len(ordered_provinces(state, side))))["units"]
    trial = koku.levy(state, side, levy)
    battles, ronin = plan_battles(trial, side, board, PER_KOKU * koku.left)
    ronin += guard_ronin(trial, side, board, ronin, PER_KOKU * koku.left - sum(entry["count"] for entry in ronin))
    koku.ronin(ronin)
    koku.spend("turn_order", koku.left)  # what could buy nothing useful still bids for an earlier turn
    return koku.orders({"battles": [entry for entry, _ in battles],
                        "final_moves": final_moves(trial, side, board, battles)})


def castle_site(state: dict, side: str, board: Board) -> str | None:
    """The province of one of the side's armies that borders the strongest enemy, if it can take a castle."""
    best, worst = None, 0
    for army_id in armies_on_board(state, side):
        pid = state["armies"][army_id]["province"]
        if why_not_build(state, side, "castle", pid) is not None:
            continue
        threat = max((strength(defending_units(state, other)[0]) for other in board.neighbours(pid)
                      if are_enemies(state, side, side_of_province(state, other))), default=0)
        if threat > worst:
            best, worst = pid, threat
    return best


# --- the battles ----------------------------------------------------------------------------------------

def attacking_forces(state: dict, side: str) -> list[tuple[dict, str, dict]]:
    """(force, origin, units): the forces the computer weighs attacks for, {"army": id} or {"province": id}.

    Each army on the board that is not frozen and has a regular unit, by id,
    then each provincial force of two or more regular units, in province order.
    """
    forces = []
    for army_id in armies_on_board(state, side):
        army = state["armies"][army_id]
        if not army.get("frozen") and regular_units(army["units"]):
            forces.append(({"army": army_id}, army["province"], army["units"]))
    for pid in ordered_provinces(state, side):
        if regular_units(state["provinces"][pid]["force"]) >= 2:
            forces.append(({"province": pid}, pid, state["provinces"][pid]["force"]))
    return forces


def plan_battles(state: dict, side: str, board: Board, ronin: int) -> tuple[list[tuple[dict, str]], list[dict]]:
    """([(battle entry, origin)], ronin deployments): each army's best good attack, ronin joining it, then
    each provincial force of two or more units against a weak neighbour.

    `state` is after the side's levy, with "round" already the round being ordered.
    """
    battles: list[tuple[dict, str]] = []
    deployments: list[dict] = []
    taken: set[str] = set()
    for force, origin, units in attacking_forces(state, side):
        if "province" in force:
            choice = best_attack(state, side, board, origin, units, taken, FORCE_ODDS)
            if choice is not None:
                taken.add(choice[0])
                battles.append(({"province": origin, "target": choice[0]}, origin))
            continue
        room = min(ronin, ronin_limit(units))
        hired = {**units, RONIN: room} if room else dict(units)
        lone = regular_units(units) - units.get("daimyo", 0) == 0
        choice = best_attack(state, side, board, origin, hired, taken, LONE_DAIMYO_ODDS if lone else ARMY_ODDS)
        if choice is None:
            continue
        taken.add(choice[0])
        battles.append(({"army": force["army"], "target": choice[0], "withdraw": dict(WITHDRAW)}, origin))
        if room:
            deployments.append({"to": force["army"], "count": room})
            ronin -= room
    return battles, deployments
