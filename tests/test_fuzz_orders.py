"""Generated order files, of every game, against the order intake (issue 5).

The properties live in tests/support/fuzzing.py and the files in tests/support/order_files.py; here each property is
asserted on a few hundred files per game, which hypothesis shrinks to a small
one when a property breaks. benchmarks/reliability.py runs the same with many
more files and counts instead of asserting.
"""
from __future__ import annotations

import dataclasses

import pytest
from conftest import FULL, examples, tree
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.fuzzing import examine, fuzz
from tests.support.harness import registered
from tests.support.order_files import MAKERS, Case, cases, order_files, prepare_targets

EXAMPLES = examples(60)  # per game, family of files and property: the whole file runs in well under a minute
FAMILIES = sorted(MAKERS)  # clean, form, garbage, mutated, random-toml: each gets its own examples


@pytest.fixture(scope="module", params=registered())
def targets(request, tmp_path_factory):
    """The campaigns of one game at the moments fuzzed (a placement round, a round in play, and in the full tier
    a game over, which takes a whole game to reach)."""
    return prepare_targets(request.param, tmp_path_factory.mktemp(request.param), finished=FULL)


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_every_generated_order_file_is_accepted_or_rejected_never_a_crash(targets, family, data):
    outcome = examine(data.draw(cases(targets, families=(family,)), label="case"))
    assert outcome.crash == [], outcome.crash[0][1]


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=EXAMPLES)
@given(data=st.data())
def test_every_rejection_lists_its_problems_each_naming_a_field_in_plain_words(targets, family, data):
    outcome = examine(data.draw(cases(targets, families=(family,)), label="case"))
    assert outcome.unclear == [], outcome.unclear[0][1]


def test_accepted_orders_read_back_from_their_normalised_text_unchanged(targets):
    accepted = []

    @settings(max_examples=2 * EXAMPLES)
    @given(data=st.data())
    def read_back(data):
        outcome = examine(data.draw(cases(targets, families=("clean", "mutated", "form")), label="case"))
        if outcome.status == "accepted":
            accepted.append(outcome.submission)
        assert outcome.roundtrip == [], outcome.roundtrip[0][1]

    read_back()
    assert accepted, "no generated file was accepted, so no round trip was tried"


def test_reading_order_files_leaves_the_campaign_folder_as_it_was(targets):
    before = {target.label: tree(target.campaign.folder) for target in targets}

    @settings(max_examples=EXAMPLES // 2)
    @given(data=st.data())
    def read_all(data):
        target = data.draw(st.sampled_from(targets), label="campaign")
        player = data.draw(st.sampled_from(target.players), label="player")
        examine(Case(target, data.draw(order_files(target, player), label="file"), None, True, "any"))

    read_all()
    assert {target.label: tree(target.campaign.folder) for target in targets} == before


@pytest.mark.slow
def test_the_fuzzer_reports_a_crash_in_a_game_checker_with_a_small_file_that_shows_it(monkeypatch):
    from games import age_of_war

    def check_orders(state, player, body):
        if "Odani" in str(body):
            raise ZeroDivisionError("planted")
        return checker(state, player, body)

    checker = age_of_war.GAME.check_orders
    monkeypatch.setattr(age_of_war, "GAME", dataclasses.replace(age_of_war.GAME, check_orders=check_orders))
    result = fuzz("age-of-war", 300, seed=3)
    planted = [line for line in result["crashes"] if "ZeroDivisionError: planted" in line]
    assert planted, result["crashes"]
    repro = planted[0].split(" of b", 1)[1]
    assert "Odani" in repro and len(repro) < 120, repro  # shrunk to little more than the name
    assert result["cases"] == 300 and result["accepted"] + result["rejected"] < 300


@pytest.mark.slow
def test_the_fuzzer_gives_the_same_counts_for_the_same_seed():
    first, second = fuzz("age-of-war", 40, seed=7), fuzz("age-of-war", 40, seed=7)
    for key in ("cases", "accepted", "rejected", "crashes", "unclear", "roundtrip_failures"):
        assert first[key] == second[key], key
