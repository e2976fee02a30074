"""The round's public events are told once for all its reports (render.Sentences): that must give every player
the very text a report rendered on its own gives, which holds only while a public event's sentence is made of
the event and the public view alone."""
from __future__ import annotations

import pytest

from games import GAMES
from pbem import render
from tests.hidden import CAMPAIGN, dice_record, position


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_report_reads_the_same_with_the_public_sentences_told_once_a_round(game_name):
    compared = told_once = 0
    for seed in range(2):
        for rounds in (1, 3, 6):
            pos = position(game_name, seed, rounds)
            events, state = pos.round.events, pos.round.state
            shared = render.RoundReports(list(pos.players), events, pos.number, dice_record(pos), None)
            for player in pos.players:
                model = render.report_model(campaign=CAMPAIGN, game=pos.game, round_number=pos.number,
                                            player=player, state=state, events=events, dice=dice_record(pos),
                                            next_commitment=None, deadline=None, defaulted=[], rerun=None,
                                            shared=shared)
                assert render.render_text(model, shared.sentences) == render.render_text(model), (pos.number, player)
                compared += 1
            told_once += len(shared.sentences.told)
    assert compared >= 12
    if game_name == "ikusa":
        assert told_once > 100, "no public sentence was shared"
