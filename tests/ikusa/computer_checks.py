"""What the tests of Ikusa's computer players ask of the orders they give."""
from __future__ import annotations

from games.ikusa.orders import check_orders
from games.ikusa.state import active_sides, sides_of


def live_problems(state, player, body):
    """check_orders' problems, less those of a colour already out of a two-player game (refused whatever
    it says: orders.check_orders asks a section of every colour)."""
    out = [f"{side}." for side in sides_of(state, player) if side not in active_sides(state)]
    return [p for p in check_orders(state, player, body).problems
            if not (len(state["players"]) == 2 and any(p.field.startswith(prefix) for prefix in out))]
