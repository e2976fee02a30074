"""Hand-built pieces of an Ikusa state for the rule tests: provinces and armies, coloured by their owner."""
from __future__ import annotations

from engine import Dice
from games.ikusa import GAME


def after_placement() -> dict:
    """A three-player game (ann, bob, cho) just after its placement round, on default orders."""
    state, _ = GAME.setup(["ann", "bob", "cho"], {}, Dice(b"problems"))
    orders = {player: GAME.default_orders(state, player) for player in state["players"]}
    state, _ = GAME.resolve(state, orders, Dice(b"placement"))
    return state


def pieces(colours: dict[str, str]):
    """`province` and `army` builders for a table of the players' colours."""

    def province(owner=None, castle=False, fortress=False, **force) -> dict:
        return {"owner": owner, "colour": colours.get(owner), "force": dict(force), "castle": castle,
                "fortress": fortress}

    def army(player, where, experience=1, status="active", **units) -> dict:
        """An army led by its daimyo; an army not on the board (status other than active) has no units."""
        return {"player": player, "colour": colours[player], "province": where, "experience": experience,
                "units": {"daimyo": 1, **units} if status == "active" else {}, "status": status}

    return province, army
