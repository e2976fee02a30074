"""Ikusa (Shogun / Samurai Swords): feudal Japan, 68 provinces, three daimyos for each clan.

The package follows the rulebook's chapters: the board (`board`, `names`), the
state (`state`), the setup and its placement round (`setup`), the nine actions
of a round (`planning`, `turn_order`, `build`, `levy`, `ronin`, `ninja`, the
war in `movement` and `battles` with `combat` and `conquest`, `koku`), the
round that runs them in order (`round`), the order file (`orders`, `form`),
the computer player (`computer`) and what a player may see (`view`).
"""
from __future__ import annotations

from engine import Game

from .computer import computer_orders
from .conquest import players_left
from .form import format_orders, order_form
from .orders import check_orders
from .round import resolve_round
from .setup import setup as _setup
from .view import standings, view


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    return _setup(players, options, dice)


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
    resolve=resolve_round,
    view=view,
    is_over=is_over,
    standings=standings,
    active_players=players_left,
    demo_rounds=60,
)
