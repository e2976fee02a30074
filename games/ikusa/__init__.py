"""Ikusa (Shogun / Samurai Swords): feudal Japan, 68 provinces, three daimyos for each clan.

The package follows the rulebook's chapters: the board (`board`, `names`), the
state (`state`), the setup (`setup`) and its placement round (`placement`),
the nine actions of a round (`planning`, `turn_order`, `build`, `levy`,
`ronin`, `ninja`, the war in `movement`, `move_checks` and `battles` with
`combat` and `conquest`, `koku`), the round that runs them in order (`round`),
the order file (`orders`, `form`) and why orders are refused (`problems`), the
computer players by name (`players`: `computer`, the first, and `offensive`),
what a player may see (`view`) and the report's account of the player's
position (`position`).
"""
from __future__ import annotations

import json

from engine import Game
from engine.canonical import dumps

from .problems import PROBLEMS
from .state import players_left
from .view import standings, view

# The heavier modules (the war, the computer player) are imported when first
# needed (GAME names most of their functions by reference), so that `pbem
# status` on an Ikusa campaign starts quickly.


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    from .setup import setup as set_up

    state, events = set_up(players, options, dice)
    return canonical_form(state), events


def resolve(state: dict, orders_by_player: dict[str, dict], dice) -> tuple[dict, list[dict]]:
    from .round import resolve_round

    new, events = resolve_round(state, orders_by_player, dice)
    return canonical_form(new), events


def order_form(view: dict, player: str) -> dict:
    from .form import order_form as form

    return form(as_state(view), player)


def computer_orders(state: dict, player: str) -> dict:
    from .players import computer_orders as orders

    return orders(as_state(state), player)


def as_state(view: dict) -> dict:
    """A view handed to the rules as a state (the shell plays the computer from a player's view), less the
    position it carries for the report (position.py): no rule reads it, and the rules copy the state often."""
    return {key: value for key, value in view.items() if key != "position"} if "position" in view else view


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
    check_orders=".orders:check_orders",
    format_orders=".form:format_orders",
    order_form=order_form,
    default_orders=default_orders,
    computer_orders=computer_orders,
    resolve=resolve,
    view=view,
    is_over=is_over,
    standings=standings,
    active_players=players_left,
    check_in_context=".spy:check_in_context",
    briefings=".spy:briefings",
    chronicle=".chronicle:chronicle",
    problems=PROBLEMS,
    picture=".picture:map_model",
    demo_rounds=60,
    odds_command="games.ikusa.commands:odds",
    package=__name__,
)
