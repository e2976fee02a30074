"""The order form as data: what the ninja sees on the table and the orders the computer would give him,
which templates/ninjato/order_form.toml.j2 writes out with its comments in the player's language."""
from __future__ import annotations

from .computer import computer_orders
from .orders import EXAMPLE, format_orders


def _house(name: str, house: dict) -> dict:
    return {"house": name, "clan": house["clan"], "worth": house["worth"], "closed": house["closed"],
            "sentry": house["sentry"], "treasures": len(house["treasures"])}


def order_form(seen: dict, player: str) -> dict:
    """The houses, the Sensei's row, the Palace and Pavilion rows, the ninja's own hand, treasures, skills and
    Rumors, and the suggested orders (TOML)."""
    ninja = seen["ninja"][player]
    return {
        "player": player,
        "round": seen["round"],
        "scoring_round": seen["round"] in (3, 5, 7),
        "houses": [_house(name, house) for name, house in seen["houses"].items()],
        "sensei": list(seen["sensei"]),
        "palace": list(seen["palace"]),
        "pavilion": list(seen["pavilion"]),
        "dojo_row": list(seen["dojo_row"]),
        "hand": list(ninja["hand"]),
        "treasures": list(ninja["treasures"]),
        "skills": list(ninja["skills"]),
        "rumors": list(ninja["rumors"]),
        "example": EXAMPLE,
        "orders": format_orders(computer_orders(seen, player)) if not seen["over"] else "",
    }
