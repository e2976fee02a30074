"""Standings and the end of a game read only what every player sees, so a report may take them from a player's view."""
from __future__ import annotations

import pytest

from engine.canonical import dumps
from games import GAMES
from tests.support.played import played


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
