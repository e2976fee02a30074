"""Action 1, Planificación: every side secretly shares out all its Koku among five boxes.

The boxes stay hidden until everybody has allocated; in a batch round they
are all in when the round is resolved, so allocate_koku reveals them at once
to everyone. No Koku is kept for a later round, and the build box holds
either two Koku or none.

A side (games/ikusa/state.py) is who plans: a player, or in the two-player
game each of a player's two colours.
"""
from __future__ import annotations


from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, event, shown
from engine.canonical import copy_plain

from .state import (
    active_sides,
    armies_on_board,
    audience,
    field_of,
    is_count,
    ordered_provinces,
    who,
)

BOXES = ("turn_order", "build", "levy", "ronin", "ninja")
BUILD_COST = 2


# The names koku.py, movement.py and tests/hidden.py still import from here (they are being changed
# elsewhere at the moment); the helpers themselves live in state.py.
owned_provinces = ordered_provinces
side_armies = armies_on_board


# --- planning ----------------------------------------------------------------------------------------

def check_allocation(state: dict, side: str, allocation) -> list[Problem]:
    """Every reason this allocation cannot stand: unknown boxes, bad amounts, Koku left over or missing.

    A box left out holds nothing.
    """
    at = field_of(state, side, "planning")
    if side not in active_sides(state):
        return [Problem(NOT_ALLOWED, at, f"{side} is not in the game and allocates no Koku.")]
    if not isinstance(allocation, dict):
        return [Problem(NOT_UNDERSTOOD, at, "The allocation is a table of Koku per box: "
                        "turn_order, build, levy, ronin and ninja, for example: levy = 3")]
    problems = []
    for key in allocation:
        if key not in BOXES:
            problems.append(Problem(NOT_UNDERSTOOD, f"{at}.{key}", f'"{key}" is not a planning box. The '
                                    f"boxes are: {', '.join(BOXES)}."))
    for box in BOXES:
        amount = allocation.get(box, 0)
        if not is_count(amount):
            problems.append(Problem(NOT_UNDERSTOOD, f"{at}.{box}", f"The Koku in {box} must be a whole "
                                    f"number, not {shown(amount)}."))
        elif amount < 0:
            problems.append(Problem(NOT_ALLOWED, f"{at}.{box}", f"The Koku in {box} cannot be negative."))
        elif box == "build" and amount not in (0, BUILD_COST):
            problems.append(Problem(NOT_ALLOWED, f"{at}.build", f"The build box holds {BUILD_COST} Koku "
                                    f"or none, not {amount}."))
    if problems:
        return problems
    koku = state["koku"].get(side, 0)
    spent = sum(allocation.get(box, 0) for box in BOXES)
    if spent != koku:
        more = "more than" if spent > koku else "less than"
        problems.append(Problem(NOT_ALLOWED, at, f"You allocated {spent} Koku, {more} the {koku} you "
                                "have: every Koku must go into a box (none is kept for later)."))
    return problems


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
