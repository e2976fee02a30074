"""Ikusa (Shogun / Samurai Swords): feudal Japan, 68 provinces, three daimyos for each clan.

The package follows the rulebook's chapters: the board (`board`, `names`), the
state (`state`), the setup and its placement round (`setup`), the nine actions
of a round (`planning`, `turn_order`, `build`, `levy`, `ronin`, `ninja`, the
war in `movement` and `battles` with `combat` and `conquest`, `koku`), the
round that runs them in order (`round`), the order file (`orders`, `form`),
the computer player (`computer`) and what a player may see (`view`).
"""
from __future__ import annotations

import json

from engine import Game
from engine.canonical import dumps

from .computer import computer_orders
from .conquest import players_left
from .form import format_orders, order_form
from .orders import check_orders
from .round import resolve_round
from .setup import setup as _setup
from .spy import briefings, check_in_context
from .view import standings, view


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    state, events = _setup(players, options, dice)
    return canonical_form(state), events


def resolve(state: dict, orders_by_player: dict[str, dict], dice) -> tuple[dict, list[dict]]:
    new, events = resolve_round(state, orders_by_player, dice)
    return canonical_form(new), events


def canonical_form(state: dict) -> dict:
    """The state as it reads back from its canonical JSON (keys sorted at every level), so that a
    state kept in memory and one loaded from a round folder behave the same in every later round."""
    return json.loads(dumps(state))


def default_orders(state: dict, player: str) -> dict:
    """Nothing ordered: every part of the round takes the rules' default for that part."""
    return {}


def is_over(state: dict) -> bool:
    return state["over"]


GAME = Game(
    name="ikusa",
    title="Ikusa",
    min_players=2,
    max_players=5,
    setup=setup,
    check_orders=check_orders,
    format_orders=format_orders,
    order_form=order_form,
    default_orders=default_orders,
    computer_orders=computer_orders,
    resolve=resolve,
    view=view,
    is_over=is_over,
    standings=standings,
    active_players=players_left,
    check_in_context=check_in_context,
    briefings=briefings,
    demo_rounds=60,
)
