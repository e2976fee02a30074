"""Action 1, Planificación: every side secretly shares out all its Koku among five boxes.

The boxes stay hidden until everybody has allocated; in a batch round they
are all in when the round is resolved, so allocate_koku reveals them at once
to everyone. No Koku is kept for a later round, and the build box holds
either two Koku or none.

A side (games/ikusa/state.py) is who plans: a player, or in the two-player
game each of a player's two colours. The helpers at the top are shared by
the economic actions (planning to collecting Koku).
"""
from __future__ import annotations


from engine import Problem, event, shown
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .names import ProvinceNameError, match_province
from .problems import Refused, problem
from .state import colour_of, is_two_player, player_of, sides

BOXES = ("turn_order", "build", "levy", "ronin", "ninja")
BUILD_COST = 2


# --- shared by the economic actions ----------------------------------------------------------------

def board_of(state: dict) -> Board | None:
    """The map the game is played on (a hand-built state without a map digest has none)."""
    return board_of_state(state) if state.get("map") else None


def province_order(state: dict) -> list[str]:
    """Province ids in the map order when the map is known, else sorted: the same in every process
    whatever order the state's keys were stored in."""
    board = board_of(state)
    if board is not None:
        return [pid for pid in board.ids() if pid in state["provinces"]]
    return sorted(state["provinces"])


def active_sides(state: dict) -> list[str]:
    """The sides still in the game, in seat order (a side is out if it or its player is eliminated)."""
    out = state.get("eliminated", [])
    return [s for s in sides(state) if s not in out and player_of(state, s) not in out]


def owned_provinces(state: dict, side: str) -> list[str]:
    """The side's provinces in province order.

    Asked thousands of times a round, so it reads the owner fields the way
    state.side_of_province does instead of calling it for every province.
    """
    provinces = state["provinces"]
    if side is None:  # side_of_province says None for an unowned province
        return [pid for pid in province_order(state) if provinces[pid]["owner"] is None]
    key = "colour" if is_two_player(state) else "owner"
    return [pid for pid in province_order(state)
            if provinces[pid]["owner"] is not None and provinces[pid][key] == side]


def side_armies(state: dict, side: str) -> list[str]:
    """The side's armies whose marker is on the board, by id."""
    colour = colour_of(state, side)
    return sorted(a_id for a_id, army in state["armies"].items()
                  if army["colour"] == colour and army["status"] == "active" and army["province"] is not None)


def who(state: dict, side: str) -> dict:
    """The fields that name a side in an event: its player and its colour."""
    return {"player": player_of(state, side), "colour": colour_of(state, side)}


def audience(state: dict, side: str) -> list[str]:
    """The one player who may see a side's secrets."""
    return [player_of(state, side)]


def field_of(state: dict, side: str, name: str) -> str:
    """A field as the side's orders spell it: in the two-player game under the colour's section."""
    return f"{side}.{name}" if is_two_player(state) else name


def place_id(state: dict, text) -> tuple[str | None, Refused | None]:
    """(id, refusal): the army id or province id an order names (a province may be named as players
    write it when the map is known), or why it names nothing."""
    if not isinstance(text, str):
        return None, Refused("place-not-a-name", written=shown(text))
    if text in state["armies"] or text in state["provinces"]:
        return text, None
    board = board_of(state)
    if board is None:
        return None, Refused("no-such-place", name=text)
    try:
        return match_province(board, text), None
    except ProvinceNameError as exc:
        return None, exc


def is_count(value) -> bool:
    return type(value) is int  # bool is an int subclass, but True Koku means nothing


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


def normal_allocation(allocation: dict) -> dict:
    """The five boxes, each present, in one order."""
    return {box: allocation.get(box, 0) for box in BOXES}


def default_allocation(state: dict, side: str) -> dict:
    """For a side without one: everything into the levy, up to one Koku per province owned (a Koku
    beyond that could buy nothing to place), the rest into ronin."""
    koku = state["koku"].get(side, 0)
    levy = min(koku, len(owned_provinces(state, side)))
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
