"""Age of War: samurai dice, one castle attacked per turn, clans to secure.

Each round every player, in seat order from the first player, takes one
turn: their orders rank the castles they want, and the dice are played for
them for the best exact chance of taking the castle chosen.
"""
from __future__ import annotations

from engine import Game, event
from engine.canonical import copy_plain

from . import scoring
from .cards import CASTLES, CLANS
from .lines import FACES
from .problems import PROBLEMS
from .seats import seat_order

# The orders, the targets, the turn and the exact odds (solver) are imported when first needed (GAME names the
# order functions by reference), so that `pbem status` on an Age of War campaign starts quickly.

MIN_PLAYERS, MAX_PLAYERS = 2, 6


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    """All castles face up in the centre, and a first player drawn by the dice."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Age of War is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("players need distinct non-empty names")
    if options:
        raise ValueError(f"Age of War has no options: {', '.join(sorted(options))}")
    first = dice.pick(list(players), "first player")
    state = {
        "game": "age-of-war",
        "players": list(players),
        "first": first,
        "round": 0,
        "castles": {name: {"holder": None, "secured": False} for name in CASTLES},
        "over": False,
        "winners": [],
    }
    return state, [event("setup", players=list(players), first=first)]


def resolve(state: dict, orders_by_player: dict[str, dict], dice,
            strategies: dict[str, str] | None = None) -> tuple[dict, list[dict]]:
    """One round: a turn for each player in seat order, stopping at once if the centre empties.

    `strategies` (for the benchmarks) names, per player, the rule from targets.STRATEGIES that "auto"
    stands for; every player not named plays "auto".
    """
    from . import orders, targets, turn

    if state["over"]:
        raise ValueError("the game is over")
    new = copy_plain(state)
    events: list[dict] = []
    for player in seat_order(new):
        ranked = (orders_by_player.get(player) or orders.default_orders(new, player)).get("targets") or [targets.AUTO]
        name, chosen = targets.choose_target(new, player, ranked, strategies)
        if name is None:
            events += [chosen, event("turn_skipped", player=player)]
            continue
        played = turn.play_turn(new, player, name, dice)
        events += played[:1] + [chosen] + played[1:]  # the public "turn", then how the player's list chose it
        if turn.ends_the_game(new, played):
            new["over"] = True
            new["winners"] = scoring.winners(new)
            events.append(event("game_over", winners=new["winners"], standings=scoring.standings(new)))
            break
    new["round"] += 1
    return new, events


def view(state: dict, player: str) -> dict:
    """Everything is public; add the scores and what this player could attack, with exact odds."""
    from . import orders, targets

    seen = copy_plain(state)
    seen["you"] = player
    seen["scores"] = scoring.standings(state)
    seen["available"] = [orders.castle_forecast(state, player, name)
                         for name in targets.available_castles(state, player)]
    seen["auto"] = targets.auto_target(state, player) if player in state["players"] else None  # PUBLIC: nobody's
    seen["clans"] = [{"clan": clan.name, "value": clan.value, "castles": list(clan.castles)}
                     for clan in CLANS.values()]
    seen["faces"] = list(FACES)   # a roll's value v shows faces[v - 1]: what a player needs to recheck a turn
    return seen


def is_over(state: dict) -> bool:
    return state["over"]


standings = scoring.standings


GAME = Game(
    name="age-of-war",
    title="Age of War",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    setup=setup,
    check_orders=".orders:check_orders",
    format_orders=".orders:format_orders",
    order_form=".orders:order_form",
    default_orders=".orders:default_orders",
    computer_orders=".orders:computer_orders",
    resolve=resolve,
    view=view,
    is_over=is_over,
    standings=standings,
    odds_command="games.age_of_war.commands:odds",
    problems=PROBLEMS,
    picture=".picture:table_model",   # picture.py imports this package, so it is imported when first drawn
    package=__name__,
)
