"""Action 1, Planificación: every side secretly shares out all its Koku among five boxes.

The boxes stay hidden until everybody has allocated; in a batch round they
are all in when the round is resolved, so allocate_koku reveals them at once
to everyone. No Koku is kept for a later round, and the build box holds
either two Koku or none.

A side (games/ikusa/state.py) is who plans: a player, or in the two-player
game each of a player's two colours.
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain

from .problems import problem
from .state import (
    active_sides,
    audience,
    field_of,
    is_count,
    ordered_provinces,
    who,
)

BOXES = ("turn_order", "build", "levy", "ronin", "ninja")
BUILD_COST = 2




# --- planning ----------------------------------------------------------------------------------------

def check_allocation(state: dict, side: str, allocation) -> list[Problem]:
    """Every reason this allocation cannot stand: unknown boxes, bad amounts, Koku left over or missing.

    A box left out holds nothing.
    """
    at = field_of(state, side, "planning")
    if side not in active_sides(state):
        return [problem(at, "not-in-game", side=side)]
    if not isinstance(allocation, dict):
        return [problem(at, "allocation-not-a-table")]
    problems = []
    for key in allocation:
        if key not in BOXES:
            problems.append(problem(f"{at}.{key}", "unknown-box", key=key, boxes=BOXES))
    for box in BOXES:
        amount = allocation.get(box, 0)
        if not is_count(amount):
            problems.append(problem(f"{at}.{box}", "koku-not-a-number", box=box, written=shown(amount)))
        elif amount < 0:
            problems.append(problem(f"{at}.{box}", "negative-koku", box=box))
        elif box == "build" and amount not in (0, BUILD_COST):
            problems.append(problem(f"{at}.build", "build-box-amount", cost=BUILD_COST, amount=amount))
    if problems:
        return problems
    koku = state["koku"].get(side, 0)
    spent = sum(allocation.get(box, 0) for box in BOXES)
    if spent != koku:
        problems.append(problem(at, "too-many-koku" if spent > koku else "too-few-koku", spent=spent, koku=koku))
    return problems


def allocation_as_written(allocation) -> dict:
    """The boxes of an allocation that read as amounts, the rest left out: what the purchases are checked
    against when the allocation itself is refused, so that one answer tells every problem of the file."""
    if not isinstance(allocation, dict):
        return {}
    return {box: amount for box, amount in allocation.items()
            if box in BOXES and is_count(amount) and amount >= 0 and (box != "build" or amount in (0, BUILD_COST))}


def normal_allocation(allocation: dict) -> dict:
    """The five boxes, each present, in one order."""
    return {box: allocation.get(box, 0) for box in BOXES}


def default_allocation(state: dict, side: str) -> dict:
    """For a side without one: everything into the levy, up to one Koku per province owned (a Koku
    beyond that could buy nothing to place), the rest into ronin."""
    koku = state["koku"].get(side, 0)
    levy = min(koku, len(ordered_provinces(state, side)))
    return normal_allocation({"levy": levy, "ronin": koku - levy})


def allocate_koku(state: dict, allocations: dict[str, dict]) -> tuple[dict, list[dict]]:
    """Take every side's Koku into the boxes and reveal all the boxes to everyone.

    A side without an allocation, or whose allocation no longer stands, gets
    the default one; only its player is told why. The boxes are kept, public,
    in state["allocations"] for the rest of the round.
    """
    new = copy_plain(state)
    events: list[dict] = []
    revealed = {}
    for side in active_sides(new):
        given = allocations.get(side)
        problems = [] if given is None else check_allocation(new, side, given)
        if given is None or problems:
            chosen = default_allocation(new, side)
            events.append(event("allocation_defaulted", audience(new, side), **who(new, side),
                                reason="refused" if problems else "missing",
                                fields=[problem.field for problem in problems], allocation=dict(chosen)))
        else:
            chosen = normal_allocation(given)
        revealed[side] = chosen
        new["koku"][side] = new["koku"].get(side, 0) - sum(chosen.values())
    new["allocations"] = revealed
    events.append(event("allocations_revealed", allocations=copy_plain(revealed)))
    return new, events
