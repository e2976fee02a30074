"""A moderated game: the players send free-form orders, their game master adjudicates them by hand.

pbem does everything but the rules: the order files (token-checked, acknowledged, stored, deadline-driven
as in every game), the GM's results (results.py: a public part for everyone, a private part per player),
the reports, the mail, the press and the hash chain. A round waits for the GM's results file
(Game.gm_results), and `pbem moderate draft` writes its skeleton with every player's orders in it.
"""
from __future__ import annotations

from functools import partial

from engine import ALL, Game, GmResults, event
from engine.canonical import copy_plain

from . import results as gm
from .orders import check_orders, computer_orders, default_orders, format_orders, order_form
from .problems import PROBLEMS

NAME = "moderated"
MIN_PLAYERS, MAX_PLAYERS = 2, 20


def setup(players: list[str], options: dict, dice, *, name: str = NAME, title: str = "a moderated game",
          min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS) -> tuple[dict, list[dict]]:
    if not min_players <= len(players) <= max_players:
        count = f"{min_players}" if min_players == max_players else f"{min_players} to {max_players}"
        raise ValueError(f"{title} is for {count} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("players need distinct non-empty names")
    if options:
        raise ValueError(f"{title} has no options: {', '.join(sorted(options))}")
    state = {"game": name, "players": list(players), "round": 0, "over": False, "winners": []}
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


def _setup_with(made, own, players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    state, events = made(players, options, dice)
    return own(state, events)


def _resolve_with(own, state: dict, orders_by_player: dict[str, dict], dice, results: dict | None = None
                  ) -> tuple[dict, list[dict]]:
    new, events = resolve(state, orders_by_player, dice, results)
    return own(state, new, events, results)


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


def moderated_game(name: str, title: str, min_players: int = MIN_PLAYERS, max_players: int = MAX_PLAYERS, *,
                   commands: tuple[str, ...] = (), odds_command=None, setup_with=None, resolve_with=None,
                   read_with=None) -> Game:
    """The Game of a game its GM adjudicates on these orders, results file, reports and test adapter: this one,
    or a game built on it (Game.based_on) that differs in its name, title, table size and its GM's own commands
    (`pbem moderate` always among them), and may keep more in its state: `setup_with(state, events)` makes the
    set-up's state its own, `resolve_with(state, new, events, results)` the round's, `read_with` reads the GM's
    results file in place of results.read (the moderated game's parts, and more)."""
    own = name == NAME
    made = partial(setup, name=name, title="a moderated game" if own else title, min_players=min_players,
                   max_players=max_players)
    return Game(
        name=name,
        title=title,
        min_players=min_players,
        max_players=max_players,
        setup=made if setup_with is None else partial(_setup_with, made, setup_with),
        check_orders=check_orders,
        format_orders=format_orders,
        order_form=order_form,
        default_orders=default_orders,
        computer_orders=computer_orders,
        resolve=resolve if resolve_with is None else partial(_resolve_with, resolve_with),
        view=view,
        is_over=is_over,
        standings=standings,
        problems=PROBLEMS,
        commands=("games.moderated.commands:moderate", *commands),
        odds_command=odds_command,
        gm_results=GmResults(read=read_with or gm.read, draft=gm.draft, stand_in=gm.stand_in),
        based_on=None if own else NAME,
    )


GAME = moderated_game(NAME, "Moderated game")
