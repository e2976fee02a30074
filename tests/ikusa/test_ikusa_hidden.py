"""Ikusa's own hidden-information checks (tests/ikusa/harness.py) catch the leaks they are for."""
from __future__ import annotations

import pytest

from games import get
from pbem import render
from tests.ikusa import harness
from tests.support import hidden
from tests.support.hidden import every_event, first_leak, position

DEPLOYMENT_DRAWS = 8


def test_a_view_that_shows_another_sides_secrets_is_caught():
    leak = first_leak(harness.check_secrets, "ikusa", game=harness.showing_secrets(get("ikusa")))
    assert leak and "the view changed" in leak


def test_a_report_that_tells_where_others_put_their_ronin_is_caught(monkeypatch):
    monkeypatch.setattr(render, "for_player", every_event)
    leak = first_leak(harness.check_secret_deployments, "ikusa")
    assert leak and "ronin deployment" in leak, leak


@pytest.mark.slow
def test_the_deployments_check_compares_something_in_every_draw():
    """Issue 26: it compared something in 2 of 80 draws, as the computer player seldom deploys ronin by order
    at quiet places; now it makes such a deployment where the round holds none."""
    draws, changes, vacuous = 0, 0, []
    for pos, player, change, _index in hidden.drawn("ikusa", DEPLOYMENT_DRAWS, seed=26):
        tally = harness.check_secret_deployments(pos, player, change)
        assert not tally.leaks, "\n".join(tally.leaks)
        draws, changes = draws + 1, changes + tally.changes
        vacuous += [] if tally.changes else [f"check_secret_deployments({pos}, {player!r}, change={change})"]
    assert draws == DEPLOYMENT_DRAWS and changes >= draws, (draws, changes)
    assert not vacuous, f"compared nothing in {len(vacuous)} of {draws} draws: " + "; ".join(vacuous)


def test_a_briefing_that_carries_the_orders_in_is_caught():
    assert first_leak(harness.check_briefings, "ikusa", game=harness.briefing_everything(get("ikusa")))


def test_another_sides_secrets_are_changed_in_every_example():
    pos = position("ikusa", 0, 4)
    tally = harness.check_secrets(pos, pos.players[0], 5)
    assert tally.changes == harness.SECRET_CHANGES and not tally.leaks


def test_ronin_still_hidden_when_the_game_ends_mid_round_never_change_another_players_report():
    """Found by these checks: a war that ended the game skipped action 8, and the supply counted hidden ronin.
    Games 9 and 30 end with ronin deployed by order in their last round, as the computer player of issue 15
    plays them (no other game of the first 30 does: it deploys its ronin where it fights)."""
    tally = hidden.Tally()
    for played in (9, 30):
        last = position("ikusa", played, hidden.MAX_ROUNDS + 30)
        if not get("ikusa").is_over(last.round.state):
            continue
        for seat, change in [(s, c) for s in range(3) for c in range(2)]:
            tally.add(harness.check_secret_deployments(last, last.players[seat % len(last.players)], change))
    assert tally.changes >= 10, "too few games end with ronin deployed by order in their last round"
    assert not tally.leaks, "\n".join(tally.leaks)
