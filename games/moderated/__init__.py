"""A moderated game: the players send free-form orders, their game master adjudicates them by hand.

pbem does everything but the rules: the order files (token-checked, acknowledged, stored, deadline-driven
as in every game), the GM's results (results.py: a public part for everyone, a private part per player),
the reports, the mail, the press and the hash chain. A round waits for the GM's results file
(Game.gm_results), and `pbem moderate draft` writes its skeleton with every player's orders in it.
"""
from __future__ import annotations

from engine import ALL, Game, GmResults, event
from engine.canonical import copy_plain

from . import results as gm
from .orders import check_orders, computer_orders, default_orders, format_orders, order_form
from .problems import PROBLEMS

MIN_PLAYERS, MAX_PLAYERS = 2, 20


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"a moderated game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("players need distinct non-empty names")
    if options:
        raise ValueError(f"a moderated game has no options: {', '.join(sorted(options))}")
    state = {"game": "moderated", "players": list(players), "round": 0, "over": False, "winners": []}
    return state, [event("setup", players=list(players))]


def resolve(state: dict, orders_by_player: dict[str, dict], dice, results: dict | None = None
            ) -> tuple[dict, list[dict]]:
    """The round as the GM's results tell it: each player's own orders read back to that player alone, the
    public text to all, each private text to its player alone. `results` None (the rules played without a GM,
    as some tests do): nothing is told but the orders."""
    if state["over"]:
        raise ValueError("the game is over")
    results = results or {"public": "", "private": {}, "over": False, "winners": []}
    new = copy_plain(state)
    events = []
    for player in new["players"]:
        written = (orders_by_player.get(player) or default_orders(state, player))["orders"]
        events.append(event("orders_read", [player], player=player, text=written))
    if results["public"]:
        events.append(event("results", ALL, text=results["public"]))
    for player in new["players"]:
        if results["private"].get(player):
            events.append(event("private_results", [player], player=player, text=results["private"][player]))
    new["round"] += 1
    if results["over"]:
        new["over"], new["winners"] = True, list(results["winners"])
        events.append(event("game_over", winners=new["winners"]))
    return new, events


def view(state: dict, player: str) -> dict:
    """The state holds nothing secret (the private texts are events, each to its player): all of it, and who
    reads it."""
    seen = copy_plain(state)
    seen["you"] = player
    return seen


def is_over(state: dict) -> bool:
    return state["over"]


def standings(state: dict) -> list[dict]:
    """The winners the GM named first (rank 1), then everybody else in seat order; before that, all equal."""
    winners = state["winners"]
    rest = [p for p in state["players"] if p not in winners]
    return [{"player": p, "rank": 1} for p in winners] + [{"player": p, "rank": len(winners) + 1} for p in rest]


GAME = Game(
    name="moderated",
    title="Moderated game",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
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
    problems=PROBLEMS,
    commands="games.moderated.commands:moderate",
    gm_results=GmResults(read=gm.read, draft=gm.draft, stand_in=gm.stand_in),
)
