"""pbem tick SIGKILLed at random moments of its work, then run again: nothing lost, nothing done twice
(the few trials here; benchmarks/reliability.py runs hundreds)."""
from __future__ import annotations

import pytest

from tests.support.harness import registered
from tests.support.killing import force_trials, kill_trials

MUST_BE_ZERO = ("orders lost", "reports lost", "acknowledgements lost", "status answers lost", "rounds resolved twice",
                "campaigns unreadable", "mail left unread", "messages not for them", "reruns failed",
                "trials with more than one duplicate")


def test_a_tick_killed_at_random_moments_and_run_again_loses_nothing_and_resolves_nothing_twice(dovecot):
    each = 2                        # the trials take the games in turn, each game twice
    trials = each * len(registered())
    counts = kill_trials(trials, seed=4)
    assert counts["trials"] == trials
    assert {name: counts.get(f"trials of {name}") for name in registered()} == dict.fromkeys(registered(), each)
    assert {name: counts.get(name, 0) for name in MUST_BE_ZERO} == dict.fromkeys(MUST_BE_ZERO, 0), counts
    assert counts.get("duplicate sends", 0) <= trials   # at most the one message in flight when the kill came, each
    assert sum(value for name, value in counts.items() if name.startswith("landed in")) == trials


@pytest.mark.slow
def test_a_forced_resolve_killed_at_random_moments_and_run_again_as_it_was_resolves_one_round_only():
    counts = force_trials(6, seed=2)
    assert counts["trials"] == 6
    assert sum(value for name, value in counts.items() if name.startswith("landed in ")) == 6
    assert counts.get("landed in settling", 0) >= 2   # killed with its round in place: where a rerun could go wrong
    for name in ("rounds resolved twice", "reports lost", "duplicate sends", "campaigns unreadable", "reruns failed"):
        assert counts.get(name, 0) == 0, counts
