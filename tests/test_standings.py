"""Standings and the end of a game read only what every player sees, so a report may take them from a player's view."""
from __future__ import annotations

import pytest

from engine import Dice
from engine.canonical import dumps
from engine.dice import hidden_stream
from engine.game import resolve_round, setup_game
from games import GAMES


def played(game, rounds: int, key: bytes) -> list[dict]:
    """The states of a short game of computer players, from the setup on."""
    players = ["ann", "bob", "cho", "dai", "eri", "fuu"][:min(max(3, game.min_players), game.max_players)]
    stream = hidden_stream(key + b" decks")   # used by a game whose decks last the whole game
    state, _ = setup_game(game, players, {}, Dice(key), stream)
    states = [state]
    for number in range(rounds):
        orders = {p: game.computer_orders(game.view(state, p), p) for p in players}
        state, _ = resolve_round(game, state, orders, Dice(key + str(number).encode()), stream=stream)
        states.append(state)
    return states


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_ranks_and_ends_the_same_from_any_players_view_as_from_the_state(name):
    game = GAMES[name]
    compared = 0
    states = played(game, 4, b"same standings")
    for state in states:
        for player in state["players"]:
            seen = game.view(state, player)
            assert dumps(game.standings(seen)) == dumps(game.standings(state))
            assert game.is_over(seen) == game.is_over(state)
            compared += 1
    assert compared >= 5 * len(states[0]["players"])   # every player's view of the setup and of 4 rounds
