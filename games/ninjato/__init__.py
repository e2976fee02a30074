"""Ninjato: ninja raid clan houses for treasure, learn from the Sensei and court envoys, over 7 rounds.

The modules are named after the rulebook's chapters: components (the data), decks (the hidden decks and the
bag), preparation (the setup, "Preparar"), dojo, houses (the raids), sensei, palace (the Palace and the
Pavilion), scoring (clan and final scoring), rounds (turn order, the decisions and the end of a round) and view
(what one player may know); pieces and errors hold what they share. The batch orders: orders (the order file,
checked and formatted; problems its sentences), carry (carrying them out), odds (the least-waste play and the
chances of a raid), computer (a computer player's orders) and form (the order form's data); picture (the board as
one player sees it, for the report's picture). The readings chosen where the sources are silent are written in
each module's docstring.

The decks and the bag are shuffled once, from the campaign's hidden stream (Game.hidden_stream, see decks.py):
a round's dice, revealed with the next report, tell nothing of them.
"""
from __future__ import annotations

from engine import Game

from . import components, decks, rounds, scoring
from .preparation import MAX_PLAYERS, MIN_PLAYERS, ROUNDS
from .problems import PROBLEMS
from .view import view

OPTIONS = ("components",)
"""`--option components_file=PATH`: the GM's own components file (the shell reads it; its text is the option)."""


def setup(players: list[str], options: dict, dice, stream) -> tuple[dict, list[dict]]:
    """A new game; a components file the GM gave (its text) is read and checked here, so that a bad one is
    refused with every problem before the campaign exists."""
    from .preparation import setup as prepare

    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"Ninjato has no option {', '.join(unknown)}; its one option is components_file=PATH")
    given = {}
    if "components" in options:
        text = options["components"]
        if not isinstance(text, str):
            raise ValueError("components_file: give the path of a components file (TOML)")
        given["components"] = components.parse(text, "components_file")
    return prepare(players, given, dice, stream)


def resolve(state: dict, orders_by_player: dict[str, dict], dice, stream) -> tuple[dict, list[dict]]:
    """A round: every shuriken placed and carried out in turn order from the checked orders, then the round's
    end (the clan scoring by each ninja's choices, the final scoring after round 7)."""
    from .carry import carry_out

    if state["over"]:
        raise ValueError("the game is over")
    played, events = carry_out(state, orders_by_player, stream)
    choices = {player: (orders_by_player.get(player) or {}).get("clan_scoring", {}) for player in state["players"]}
    ended, closing = rounds.end_round(played, choices, stream)
    return ended, events + closing


def is_over(seen: dict) -> bool:
    return seen["over"]


def standings(seen: dict) -> list[dict]:
    """Honour is public, so a view's standings are the state's."""
    return scoring.standings(seen)


def gm_notes(state: dict) -> list[str]:
    """The GM is told when the campaign plays with components that are guesses (the reports say it too)."""
    guessed = state["components"]["provisional"]
    if not guessed:
        return []
    return [f"this campaign plays with provisional components: the {', '.join(guessed)} lists are plausible "
            "guesses, not read from the box. A GM who owns the game can write them in (games/ninjato/"
            "components.toml shows the format) and give the file with --option components_file=PATH."]


GAME = Game(
    name="ninjato",
    title="Ninjato",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    setup=setup,
    check_orders=".orders:check_orders",
    format_orders=".orders:format_orders",
    order_form=".form:order_form",
    default_orders=".orders:default_orders",
    computer_orders=".computer:computer_orders",
    resolve=resolve,
    view=view,
    is_over=is_over,
    standings=standings,
    picture=".picture:board_model",   # imported when first drawn
    problems=PROBLEMS,
    demo_rounds=ROUNDS,
    hidden_stream=decks.rolls,
    gm_notes=gm_notes,
    package=__name__,
)
