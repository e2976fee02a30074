"""Non-interference in a moderated game, through its adapter: another player's private results or orders
changed, and a player's mails (reports, page, JSON, acknowledgement) stay byte-identical; a private part
told to everyone is caught."""
from __future__ import annotations

import dataclasses

from engine import ALL
from games import get
from tests.moderated.harness import check_private
from tests.support import hidden


def positions():
    return [hidden.position("moderated", seed, rounds) for seed in (0, 1) for rounds in (1, 3, 6)]


def test_another_players_private_results_changed_leave_a_players_mails_byte_identical():
    total = hidden.Tally()
    for n, pos in enumerate(positions()):
        for player in pos.players:
            total.add(check_private(pos, player, n))
    assert total.leaks == [] and total.changes >= 12


def test_another_players_orders_changed_leave_a_players_mails_byte_identical():
    total = hidden.Tally()
    for n, pos in enumerate(positions()):
        for player in pos.players:
            total.add(hidden.check_unexecuted_orders(pos, player, n))
    assert total.leaks == [] and total.changes >= 12


def test_a_private_part_told_to_everyone_is_caught():
    game = get("moderated")

    def telling_all(state, orders, dice, results=None):
        new, events = game.resolve(state, orders, dice, results=results)
        return new, [dict(e, audience=ALL) if e["kind"] == "private_results" else e for e in events]

    leaky = dataclasses.replace(game, resolve=telling_all)
    found = hidden.Tally()
    for n, pos in enumerate(positions()):
        found.add(check_private(pos, pos.players[0], n, game=leaky))
    assert found.leaks
