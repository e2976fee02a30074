"""The ninja as a spy, by mail: the watched side's allocation reaches the spy before the spy allocates.

At the table the spy waits until everyone has allocated, names a player and
looks at that player's planning tray before allocating. By mail: the spy's
order file names the side to watch (`spy = { watch = "bob" }`, alone or with
the rest); as soon as the watched player's orders are in, pbem sends the spy
that allocation, privately (`briefings`); the spy may then send the final
orders. Once shown, the watched allocation may not change (`check_in_context`).
At resolution assassination.use_spy records the report for the spy alone.
"""
from __future__ import annotations

from engine import Problem

from .assassination import spy_watch
from .planning import default_allocation
from .problems import problem
from .state import is_two_player, player_of, sides_of


def section(state: dict, body: dict | None, side: str) -> dict:
    """A side's part of its player's orders (its colour's section in the two-player game)."""
    if not isinstance(body, dict):
        return {}
    part = body.get(side) if is_two_player(state) else body
    return part if isinstance(part, dict) else {}


def watches(state: dict, orders_in: dict[str, dict]) -> list[tuple[str, str]]:
    """(spy side, watched side) declared in the orders in so far, for the round about to be played."""
    upcoming = {**state, "round": state["round"] + 1}
    spy_orders = {side: section(state, body, side).get("spy")
                  for player, body in orders_in.items() if player in state["players"]
                  for side in sides_of(state, player)}
    pair = spy_watch(upcoming, spy_orders)
    return [pair] if pair else []


def allocation_shown(state: dict, side: str, orders_in: dict[str, dict]) -> dict:
    """The allocation the watched side will play: its own, or the default it will be given."""
    given = section(state, orders_in.get(player_of(state, side)), side).get("planning")
    return given if isinstance(given, dict) else default_allocation(state, side)


def briefings(view: dict, player: str, orders_in: dict[str, dict]) -> list[tuple[str, dict]]:
    """The watched allocation, for the player whose spy watches a side whose orders are in (the view holds
    everything else it reads: the round, the players and their sides, and the Koku behind a default)."""
    result = []
    state = view
    for spy, watched in watches(state, orders_in):
        if player_of(state, spy) == player and player_of(state, watched) in orders_in:
            result.append((f"spy-{watched}",
                           {"spy": spy, "watched_side": watched, "watched_player": player_of(state, watched),
                            "allocation": allocation_shown(state, watched, orders_in)}))
    return result


def check_in_context(state: dict, player: str, orders: dict, orders_in: dict[str, dict]) -> list[Problem]:
    """A watched allocation already shown to the spy cannot change, and the spy who has seen one cannot turn to
    another side (or drop the watch, which would free the allocation it saw): one side per round, once."""
    problems = []
    earlier = orders_in.get(player)
    if earlier is None:
        return problems
    after = watches(state, {**orders_in, player: orders})
    for spy, watched in watches(state, orders_in):
        if player_of(state, spy) == player and player_of(state, watched) in orders_in and (spy, watched) not in after:
            field = f"{spy}.spy.watch" if is_two_player(state) else "spy.watch"
            problems.append(problem(field, "spy-already-watched", watched=watched,
                                    player=player_of(state, watched)))
    for spy, watched in watches(state, orders_in):
        if player_of(state, watched) != player or player_of(state, spy) == player:
            continue
        before = allocation_shown(state, watched, orders_in)
        after = allocation_shown(state, watched, {**orders_in, player: orders})
        if before != after:
            field = f"{watched}.planning" if is_two_player(state) else "planning"
            problems.append(problem(field, "allocation-seen",
                                    allocation=", ".join(f"{box} = {koku}" for box, koku in before.items())))
    return problems
