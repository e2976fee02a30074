"""A report is made from the player's view and the player's events: the live state reaches only game.view."""
from __future__ import annotations

import dataclasses

import pytest

from games import GAMES
from pbem import door
from tests.support.played import played

ROUND_FACTS = {"dice": {"seed": "00", "commitment": "00", "nonces": {}, "rolls": []}, "next_commitment": None,
               "deadline": None, "defaulted": [], "rerun": None}


@pytest.mark.parametrize("name", list(GAMES))
def test_the_report_takes_its_standings_and_its_end_from_the_players_view(name):
    game = GAMES[name]
    state = played(game, 2, b"view only")[-1]
    views, asked = [], []

    def view(state, player):
        views.append(game.view(state, player))
        return views[-1]

    def standings(seen):
        asked.append(seen)
        return game.standings(seen)

    def is_over(seen):
        asked.append(seen)
        return game.is_over(seen)

    spy = dataclasses.replace(game, view=view, standings=standings, is_over=is_over)
    model = door.report_model(campaign="c", game=spy, round_number=2, player="bob", state=state, events=[],
                              **ROUND_FACTS)
    assert len(views) == 1 and len(asked) >= 2 and all(seen is views[0] for seen in asked)
    assert model["standings"] == game.standings(state)
