"""Adding a game is a folder, a registry line, its templates, its test adapter and its goldens: a tiny game
registered here (tests/coin_flip) is picked up by every generic check, and one without an adapter fails them."""
from __future__ import annotations

import pytest

import games
from tests import goldens
from tests.support import fuzzing, hidden, killing
from tests.support.harness import MissingHarness, harness_for, registered


@pytest.fixture
def bare_flip(monkeypatch):
    monkeypatch.setitem(games.MODULES, "bare-flip", "tests.coin_flip.bare")
    return games.GAMES["bare-flip"]


def test_every_registered_game_has_a_test_adapter():
    assert registered() == sorted(games.MODULES)
    for name in registered():
        assert harness_for(name).goldens, name


def test_the_hidden_information_checks_pick_up_a_newly_registered_game(coin_flip):
    assert "coin-flip" in registered()
    result = hidden.check_hidden("coin-flip", 6, seed=2)
    assert result["leaks"] == [] and result["by_kind"]["generic"] > 0 and result["by_kind"]["events"] > 0


def test_the_hidden_information_checks_catch_a_leak_in_a_newly_registered_game(coin_flip):
    found = hidden.Tally()
    with hidden.report_peeking("calls"):   # every player's call, as a digest in every report
        for rounds in (1, 2, 3):
            pos = hidden.position("coin-flip", 0, rounds)
            found.add(hidden.check_generic(pos, pos.players[0], rounds))
    assert found.leaks


def test_the_fuzzer_picks_up_a_newly_registered_game(coin_flip):
    result = fuzzing.fuzz("coin-flip", 80, seed=1)
    assert result["crashes"] == [] and result["unclear"] == [] and result["roundtrip_failures"] == []
    assert result["accepted"] > 0 and result["rejected"] > 0


def test_the_golden_check_picks_up_a_newly_registered_game_and_asks_for_its_goldens(coin_flip, tmp_path):
    golden = goldens.every_golden()["coin-flip-2p-seed1"]
    files = goldens.play(golden, tmp_path)
    assert any(path.endswith(".eml") for path in files) and "r01/ann.txt" in files
    assert goldens.differences(goldens.stored(golden.name), files) == ["no golden stored yet"]


def test_the_kill_trials_take_a_newly_registered_game_in_turn(coin_flip):
    assert set(killing.trial_games(2 * len(registered()))) == set(registered())


@pytest.mark.parametrize("entry", ["hidden", "fuzzing", "goldens"])
def test_a_registered_game_without_a_test_adapter_fails_the_generic_checks_loudly(bare_flip, entry):
    with pytest.raises(MissingHarness, match="tests/bare/harness.py"):
        {"hidden": lambda: hidden.check_hidden("bare-flip", 1),
         "fuzzing": lambda: fuzzing.fuzz("bare-flip", 1),
         "goldens": goldens.every_golden}[entry]()


def test_a_registered_game_without_a_test_adapter_fails_the_adapter_check(bare_flip):
    with pytest.raises(MissingHarness):
        test_every_registered_game_has_a_test_adapter()
