"""Ikusa's own hidden-information checks (tests/ikusa/harness.py) catch the leaks they are for."""
from __future__ import annotations

from games import get
from pbem import render
from tests import hidden
from tests.hidden import position
from tests.ikusa import harness
from tests.test_hidden_properties import checked, every_event, first_leak


def test_a_view_that_shows_another_sides_secrets_is_caught():
    leak = first_leak(harness.check_secrets, "ikusa", game=harness.showing_secrets(get("ikusa")))
    assert leak and "the view changed" in leak


def test_a_report_that_tells_where_others_put_their_ronin_is_caught(monkeypatch):
    """Searched over more games than first_leak's: a deployment made by order at quiet places is not in every
    game's first rounds."""
    monkeypatch.setattr(render, "for_player", every_event)
    found = next((tally.leaks[0] for played in range(6) for rounds in (4, 8, 9, 12) for seat in range(3)
                  for tally in [checked(harness.check_secret_deployments, "ikusa", played, rounds, seat,
                                        7 * rounds + seat)] if tally.leaks), None)
    assert found


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
        for seat, change in [(s, c) for s in range(5) for c in range(4)]:
            tally.add(harness.check_secret_deployments(last, last.players[seat % len(last.players)], change))
    assert tally.changes >= 10, "too few games end with ronin deployed by order in their last round"
    assert not tally.leaks, "\n".join(tally.leaks)
