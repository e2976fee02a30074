"""The order form in each report: the orders the computer player would give, with a guide to change them.

The form is given as data (engine/game.py's protocol): the suggested orders as TOML, whose keys and values are
the order file's format, and what the guide needs; templates/ikusa/order_form.toml.j2 writes the guide's
comments in the player's language around them.
"""
from __future__ import annotations

import tomli_w

from .placement import default_placement_orders
from .players import computer_orders


def order_form(view: dict, player: str) -> dict:
    """The form's data: which guide it needs ("placement", with the quick-play part or not, or "round"), whether
    the game is the two-player one (a part per colour), and the orders the computer player would give, as TOML."""
    two = list(view["your_sides"]) if len(view["players"]) == 2 else None   # the player's two colours
    if view["phase"] == "placement":
        return {"guide": "placement", "quick": bool(view["options"]["quick"]), "two": two,
                "orders": tomli_w.dumps(default_placement_orders(view, player))}
    return {"guide": "round", "two": two, "orders": tomli_w.dumps(computer_orders(view, player))}


def format_orders(orders: dict) -> str:
    """Normalised orders as TOML; reading them back gives the same orders."""
    return tomli_w.dumps(orders)
