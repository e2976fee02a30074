"""The decks' hidden stream in a campaign (a whole four-player game played by the demo): committed to in every
report, never shown while the game goes on, revealed whole when it is over; the player's checker recomputes
every roll of it and catches one changed, `pbem verify` checks it against the campaign secret, and `pbem replay`
plays every round again byte for byte."""
from __future__ import annotations

import copy
import json
import shutil

import pytest

from engine.dice import commitment, hidden_seed
from pbem import checker
from pbem.campaign import Campaign
from pbem.demo import run_demo
from pbem.history import check_hidden_stream, replay, verify


@pytest.fixture(scope="module")
def played(demo_game):
    return Campaign.load(demo_game("ninjato", "3", 4))   # the four-player game other files read too


def _reports(campaign, player: str) -> list[dict]:
    return [json.loads((campaign.folder / f"rounds/{n:04d}/reports/{player}.json").read_text())
            for n in range(campaign.last_round + 1)]


def test_every_report_commits_to_the_hidden_stream_and_only_the_last_reveals_it(played):
    reports = _reports(played, "akiko")
    hidden = [report["dice"]["hidden"] for report in reports]
    assert {h["commitment"] for h in hidden} == {commitment(hidden_seed(played.dice_secret()))}
    assert [("seed" in h, "rolls" in h) for h in hidden] == [(False, False)] * (len(hidden) - 1) + [(True, True)]
    assert len(hidden[-1]["rolls"]) > 100


def test_no_report_before_the_end_holds_a_card_of_the_decks_order(played):
    state = played.state(3)
    upcoming = json.dumps(state["decks"]["guards"]["draw"][:3])
    for number in range(4):
        for player in played.player_names:
            text = (played.folder / f"rounds/{number:04d}/reports/{player}.json").read_text()
            assert upcoming not in text and "hidden_stream" not in text


def test_the_checker_recomputes_every_roll_of_the_hidden_stream_once_it_is_revealed(played):
    problems, counts = checker.check(_reports(played, "benkei"), {})
    assert problems == []
    assert counts["hidden"] == len(_reports(played, "benkei")[-1]["dice"]["hidden"]["rolls"]) > 100


def test_the_checker_catches_a_changed_roll_of_the_hidden_stream(played):
    reports = copy.deepcopy(_reports(played, "benkei"))
    roll = reports[-1]["dice"]["hidden"]["rolls"][40]
    roll["value"] = roll["value"] % roll["sides"] + 1
    problems, _ = checker.check(reports, {})
    assert any("hidden roll 40" in problem for problem in problems)


def test_the_checker_catches_a_hidden_stream_committed_to_anew_during_the_game(played):
    reports = copy.deepcopy(_reports(played, "benkei"))
    reports[2]["dice"]["hidden"]["commitment"] = "0" * 64
    problems, _ = checker.check(reports, {})
    assert any("commitment changed" in problem for problem in problems)


def test_verify_replays_every_round_with_its_hidden_stream(played):
    assert verify(played) == [] and replay(played) == []


def test_verify_finds_a_hidden_roll_the_state_keeps_changed(played, tmp_path):
    folder = tmp_path / "round"
    shutil.copytree(played.round_dir(4), folder)
    state = json.loads((folder / "state.json").read_text())
    roll = state["hidden_stream"]["rolls"][7]
    roll["value"] = roll["value"] % roll["sides"] + 1
    (folder / "state.json").write_text(json.dumps(state))
    assert check_hidden_stream(played.round_dir(4), "round 4", played.dice_secret(), played.game) == []
    assert check_hidden_stream(folder, "round 4", played.dice_secret(), played.game) == [
        "round 4: hidden roll 7 does not follow from the hidden stream's seed"]


def test_verify_finds_a_hidden_stream_committed_to_with_another_seed(played, tmp_path):
    folder = tmp_path / "round"
    shutil.copytree(played.round_dir(2), folder)
    dice = json.loads((folder / "dice.json").read_text())
    dice["hidden"]["commitment"] = commitment(b"another seed")
    (folder / "dice.json").write_text(json.dumps(dice))
    assert check_hidden_stream(folder, "round 2", played.dice_secret(), played.game) == [
        "round 2: the hidden stream's commitment is not the campaign's"]


def test_a_game_whose_end_revealed_the_decks_is_rolled_back_only_when_the_gm_says_so(tmp_path):
    from conftest import run

    campaign = run_demo("ninjato", tmp_path / "short", "5", 2)
    last = campaign.last_round
    refused = run("rollback", campaign.folder, "--to", last - 1, "--reason", "a misread order")
    assert refused.code == 2 and "revealed the hidden stream" in refused.err and "--decks-revealed" in refused.err
    assert campaign.last_round == last
    done = run("rollback", campaign.folder, "--to", last - 1, "--reason", "a misread order", "--decks-revealed")
    assert done.code == 0, done.err
    assert campaign.last_round == last - 1


def test_a_game_still_going_is_rolled_back_as_any_other(tmp_path):
    from conftest import run

    from pbem.rounds import resolve

    campaign = run_demo("ninjato", tmp_path / "short", "5", 2)
    assert run("rollback", campaign.folder, "--to", 2, "--reason", "x", "--decks-revealed").code == 0
    assert run("rollback", campaign.folder, "--to", 1, "--reason", "a misread order").code == 0
    resolve(campaign, force=True)
    assert campaign.last_round == 2
