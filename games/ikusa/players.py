"""Ikusa's computer players by name, for the benchmarks (issue 15): STRATEGIES maps a name to a player.

Each player is a function (state or view, player) -> the player's order file, seeing only that player's
view. "auto" is the computer player pbem uses (`--missing-orders computer`, the order form, the demos);
"auto-v1" is the player before issue 15 (computer.py), kept so that the comparison can be run again;
"auto-v2" is the player of issue 15 (offensive.py), which "auto" now is: against three "auto-v1" it wins
55.5% of 200 four-player games (benchmarks/ikusa_players.py; parity 25%).
"""
from __future__ import annotations

from . import computer, offensive

AUTO = "auto"
AUTO_V1 = "auto-v1"
AUTO_V2 = "auto-v2"

STRATEGIES = {
    AUTO: offensive.computer_orders,
    AUTO_V1: computer.computer_orders,
    AUTO_V2: offensive.computer_orders,
}


def computer_orders(state: dict, player: str, strategy: str = AUTO) -> dict:
    """The orders the named computer player gives for `player` (the default: pbem's own, "auto")."""
    return STRATEGIES[strategy](state, player)
