"""Non-interference in A Most Dangerous Time, through its adapter, in rounds whose GM's results hold the GM's
tools' results: another player's private results or orders changed, and a player's mails stay byte-identical;
the tools' results are told to both players alike."""
from __future__ import annotations

from tests.moderated.harness import check_private
from tests.support import hidden


def positions():
    return [hidden.position("amdt", seed, rounds) for seed in (0, 1, 2) for rounds in (1, 2, 3, 4)]


def tool_events(pos) -> list[dict]:
    return [ev for ev in pos.round.events if ev["kind"].startswith("amdt_")]


def test_the_positions_tried_hold_the_gms_tools_results_told_to_both_players():
    told = [ev for pos in positions() for ev in tool_events(pos)]
    assert len({ev["kind"] for ev in told}) >= 3 and all(ev["audience"] == "all" for ev in told)


def test_another_players_private_results_changed_leave_a_players_mails_byte_identical_beside_the_tools_results():
    total = hidden.Tally()
    for n, pos in enumerate(positions()):
        for player in pos.players:
            total.add(check_private(pos, player, n))
    assert total.leaks == [] and total.changes >= 12


def test_another_players_orders_changed_leave_a_players_mails_byte_identical_beside_the_tools_results():
    total = hidden.Tally()
    for n, pos in enumerate(positions()):
        for player in pos.players:
            total.add(hidden.check_unexecuted_orders(pos, player, n))
    assert total.leaks == [] and total.changes >= 12
