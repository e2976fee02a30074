"""The order the players sit in: a leaf module, so that the package and its picture both use it without either
importing the other."""
from __future__ import annotations


def seat_order(state: dict) -> list[str]:
    """The players in turn order, starting with the first player."""
    players = state["players"]
    start = players.index(state["first"])
    return players[start:] + players[:start]
