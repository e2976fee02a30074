"""The one door to the player: everything a player receives is built here, from that player's seat.

A Seat holds what one player may know (the game's view of the state for that player) and how they read it (their
language, the round their orders are for). Reports, order forms, the check of their orders (whose problems and
forecast reach the acknowledgement), briefings, the computer's suggested or stand-in orders and the status
answer all take a Seat, never the state: a secret that is not in the view cannot reach the player, whatever a
template or a game's checker does with what it is given. tests/test_one_door.py checks that no other module of
pbem/ calls the game's functions that make what a player reads; the hidden-information checks (tests/support/hidden.py)
go through this module.

The one exception is the GM's: the shell's GM commands (status, dry run, draft) read the whole state, and print
only to the GM.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import Checked, Game, Problem
from engine.events import PUBLIC
from pbem import render
from pbem.languages import ENGLISH


@dataclass(frozen=True)
class Seat:
    """One player at one campaign's table, for the round their orders are for: `view` is all they may know."""

    campaign: str
    game: Game
    player: str
    round: int
    view: dict
    language: str = ENGLISH


def seat_of(game: Game, state: dict, player: str, *, campaign: str, round_number: int, language: str = ENGLISH) -> Seat:
    """The player's seat, the state seen through the game's view for them (PUBLIC: what anyone may know)."""
    return Seat(campaign, game, player, round_number, game.view(state, player), language)


def seat(campaign, player: str) -> Seat:
    """The player's seat in the campaign's open round, in the player's language."""
    return seat_of(campaign.game, campaign.state(), player, campaign=campaign.name, round_number=campaign.open_round,
                   language=campaign.language_of(player))


def report_model(*, campaign: str, game: Game, round_number: int, player: str, state: dict, events: list[dict],
                 dice: dict, next_commitment: str | None, deadline: str | None, defaulted: list[str],
                 rerun: dict | None, shared: render.RoundReports | None = None, language: str = ENGLISH,
                 timezone: str = "UTC", away: list[str] | None = None) -> dict:
    """The report of `player` on round `round_number`, whose state is `state` (render.report_model tells the
    parts); its order form is for the next round. For PUBLIC, the campaign's public record: no form."""
    place = seat_of(game, state, player, campaign=campaign, round_number=round_number + 1, language=language)
    over = game.is_over(place.view)
    return render.report_model(
        place, round_number=round_number, events=events, dice=dice, next_commitment=next_commitment,
        deadline=deadline, defaulted=defaulted, rerun=rerun, shared=shared, timezone=timezone, away=away,
        order_form=None if over or player == PUBLIC else order_form(place))


def order_form(place: Seat) -> str:
    """The player's order form for the seat's round: the game's body for the view, in the shell's envelope."""
    return render.order_form(place, place.game.order_form(place.view, place.player))


def checked_orders(place: Seat, body: dict, orders_in: dict[str, dict]) -> tuple[Checked, list[Problem]]:
    """The game's check of an order file's body against what the player may know, and every problem with it: those
    of the orders alone, then those that depend on what others ordered first (`orders_in`, the open round's
    orders in so far, the player's earlier ones too), judged on the body as written when the first check
    refused it, so that one answer tells every problem."""
    game = place.game
    checked = game.check_orders(place.view, place.player, body)
    problems = list(checked.problems)
    if game.check_in_context is not None:
        written = checked.orders if checked.orders is not None else body
        problems.extend(game.check_in_context(place.view, place.player, written, orders_in))
    return checked, problems


def briefings(place: Seat, orders_in: dict[str, dict]) -> list[tuple[str, dict]]:
    """(key, data) of the private news that the orders in so far give the player (a spied allocation): the game
    decides what of others' orders the rules show the player; the rest of what it reads is the player's view."""
    if place.game.briefings is None:
        return []
    return place.game.briefings(place.view, place.player, orders_in)


def computer_orders(place: Seat) -> dict:
    """The orders the computer player chooses for the seat (a stand-in, a suggestion, the demo's players)."""
    return place.game.computer_orders(place.view, place.player)


# What a player who asks "status" is told of pbem.status.campaign_status: the round, the deadline, who has sent
# orders, the pause and the absences, and the standings as the player sees them; never the GM's mail troubles
# ("outbox", which names other players' addresses) or whatever a later key adds, until it is listed here.
PLAYER_STATUS = ("campaign", "game", "game_title", "players", "resolved", "round", "deadline", "deadline_local",
                 "timezone", "orders_in", "missing", "over", "beacon", "schedule", "paused", "away", "gm_results")


def status_answer(place: Seat, info: dict) -> dict:
    """The status a player is sent, from the GM's (`info`, campaign_status): the listed keys, the standings of
    the player's view."""
    return {**{key: info[key] for key in PLAYER_STATUS if key in info},
            "standings": place.game.standings(place.view)}
