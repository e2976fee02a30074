"""The round's public events are told once for all its reports (render.Sentences), each run of them once for all
the texts and once for all the pages: that must give every player the very text and page a report rendered on its
own gives, which holds only while a public event's sentence and HTML are made of the event and the public view
alone."""
from __future__ import annotations

import pytest

from games import GAMES
from pbem import door, render
from tests.support.hidden import CAMPAIGN, dice_record, position


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_report_reads_the_same_with_the_public_sentences_told_once_a_round(game_name):
    compared = told_once = made_once = 0
    for seed in range(2):
        for rounds in (1, 3, 6):
            pos = position(game_name, seed, rounds)
            events, state = pos.round.events, pos.round.state
            shared = render.RoundReports(list(pos.players), events, pos.number, dice_record(pos), None)
            for player in pos.players:
                model = door.report_model(campaign=CAMPAIGN, game=pos.game, round_number=pos.number,
                                          player=player, state=state, events=events, dice=dice_record(pos),
                                          next_commitment=None, deadline=None, defaulted=[], rerun=None,
                                          shared=shared)
                assert render.render_text(model, shared.sentences) == render.render_text(model), (pos.number, player)
                assert render.render_html(model, shared.sentences) == render.render_html(model), \
                    (pos.number, player)
                compared += 1
            told_once += len(shared.sentences.told)
            made_once += sum(1 for key in shared.sentences.runs_told if key[0] == "page_events")
    assert compared >= 12
    if game_name == "ikusa":
        assert told_once > 100, "no public sentence was shared"
        assert made_once > 10, "no public run of a page was shared"


def test_a_public_sentence_is_told_once_and_its_line_wrapped_as_the_wrap_filter_wraps_it():
    told = []

    def tell(event):
        told.append(event["kind"])
        return " ".join(f"word{i}" for i in range(30)) + f" {event['kind']}."

    public, private = {"kind": "volley"}, {"kind": "spy_report"}
    sentences = render.Sentences({id(public)})
    for _ in range(3):
        assert sentences(public, tell, "    ", 60) == render.wrap("    " + tell(public), 60)
        assert sentences(public, tell) == tell(public)
        assert sentences(private, tell, "  ", 60, "") == render.wrap("  " + tell(private), 60, "")
    assert told.count("volley") == 1 + 6   # once for the round, and the six times the test told it itself
    assert told.count("spy_report") == 3 + 3
