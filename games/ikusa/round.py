"""A round of Ikusa, resolved whole from every player's one order file.

The placement round that finishes the setup comes first; after it every round
runs the rulebook's nine actions in order: planning, turn order, build, levy,
ronin, ninja, the war (each side's phases A to D in turn order), removing the
ronin, collecting Koku. Each action is a pure function in its own module;
this one only hands each its part of the orders, in the order of the rules.
"""
from __future__ import annotations

from . import assassination, battles, movement
from .board import board_of_state
from .build import build
from .causes import name_causes
from .koku import collect_koku
from .levy import levy_units
from .ninja import hire_ninja
from .placement import place_reinforcements
from .planning import allocate_koku
from .ronin import deploy_ronin, hire_ronin, remove_ronin
from .state import is_two_player, player_of, sides
from .turn_order import determine_turn_order


def side_orders(state: dict, orders_by_player: dict[str, dict]) -> dict[str, dict | None]:
    """Each side's section of its player's orders (a colour's own section in the two-player game)."""
    result = {}
    for side in sides(state):
        body = orders_by_player.get(player_of(state, side))
        if body is not None and is_two_player(state):
            body = body.get(side)
        result[side] = body if isinstance(body, dict) else None
    return result


def part(orders: dict[str, dict | None], key: str) -> dict:
    """One part of every side's orders, None where a side said nothing (its default is then used)."""
    return {side: (body or {}).get(key) for side, body in orders.items()}


def resolve_round(state: dict, orders_by_player: dict[str, dict], dice) -> tuple[dict, list[dict]]:
    if state["phase"] == "placement":
        return place_reinforcements(state, orders_by_player, dice)
    orders = side_orders(state, orders_by_player)
    events: list[dict] = []

    def act(step, *args):
        nonlocal new
        new, told = step(new, *args)
        events.extend(told)

    new = {**state, "round": state["round"] + 1}  # the round being played, from 1
    act(allocate_koku, part(orders, "planning"))
    allocations = new["allocations"]
    spying = assassination.spy_watch(new, part(orders, "spy"))
    if spying:
        act(assassination.use_spy, *spying, allocations[spying[1]])
    preferences = {side: (given or {}).get("preferences") for side, given in part(orders, "turn_order").items()}
    act(determine_turn_order, allocations, preferences, dice)
    act(build, allocations, part(orders, "build"))
    act(levy_units, allocations, part(orders, "levy"))
    act(hire_ronin, allocations)
    act(deploy_ronin, part(orders, "ronin"))
    act(hire_ninja, allocations)
    board = board_of_state(state)
    wars = {side: (body or {}).get("war") or {} for side, body in orders.items()}
    defence = {side: war["priority"] for side, war in wars.items() if war.get("priority")}
    defence_losses = {side: battles.losses_first(war) for side, war in wars.items()}
    recover = {side: war["recover"] for side, war in wars.items() if war.get("recover")}
    ninja_orders = part(orders, "ninja")
    revenge = part(orders, "revenge")

    def assassinations_before(phase: str, side: str) -> None:
        for hirer, order in assassination.due_assassinations(new, side, phase, ninja_orders):
            act(assassination.attempt_assassination, hirer, order, dice, revenge, recover)

    for side in list(new["turn_order"]):
        war = wars[side]
        for phase in ("A", "B", "D"):
            if new["over"]:
                break
            assassinations_before(phase, side)
            if new["over"]:
                break
            if phase == "A":
                act(movement.move_armies, side, war, board)
            elif phase == "B":
                new, told = battles.conduct_combat(new, side, war, dice, board, defence_priorities=defence,
                                                   recover=recover, defence_losses=defence_losses)
                events.extend(told)
            else:
                act(movement.final_movement, side, war, board)
    act(remove_ronin)   # even when the war ended the game: else the supply would count hidden ronin
    if not new["over"]:
        act(assassination.succeed_assassinated_daimyos, orders, recover)
    if not new["over"]:
        act(collect_koku)
        winners = battles.check_victory(new) if new["options"]["victory_check"] == "end_of_round" else []
        if winners:
            new = {**new, "over": True, "winners": winners}
    return new, name_causes(events, board)
