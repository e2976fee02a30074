"""A rolled-back round is played again with a new seed, committed to in a notice every player receives before any
order for the re-run is in; nobody can foresee the re-run's dice from the undone round's reveal, and verify and
replay check every attempt, the undone ones in the archive too."""
from __future__ import annotations

import json
import shutil
from datetime import timedelta

import pytest
from conftest import TOKENS, order_file, run

from engine.dice import Dice, commitment
from pbem import clock
from pbem.campaign import Campaign

CASTLES = {"ann": "Gifu", "bob": "Edo", "cho": "Odani"}


def play_round(folder, tmp_path, number: int, nonce: str = ""):
    for player, castle in CASTLES.items():
        run("orders", "submit", folder, player, order_file(tmp_path, player, number, [castle], nonce=nonce))
    result = run("resolve", folder)
    assert result.code == 0, result.err


@pytest.fixture
def rolled_back(campaign, tmp_path):
    """Two rounds played, then both undone: round 1 is open again."""
    folder = campaign.folder
    play_round(folder, tmp_path, 1, nonce="early")
    play_round(folder, tmp_path, 2)
    undone = {n: json.loads((folder / f"rounds/000{n}/dice.json").read_text()) for n in (1, 2)}
    result = run("rollback", folder, "--to", "0", "--reason", "the post lost bob's orders")
    assert result.code == 0, result.err
    return folder, undone


def notices(folder) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted((folder / "outbox").glob("rollback-01-*.eml"))}


def test_every_player_is_told_of_the_rollback_with_the_commitment_to_the_new_seed(rolled_back):
    folder, undone = rolled_back
    told = notices(folder)
    assert sorted(told) == [f"rollback-01-{p}.eml" for p in ("ann", "bob", "cho")]
    promise = json.loads((folder / "archive/rollback-01/rollback.json").read_text())["commitment"]
    assert promise != undone[1]["commitment"]
    assert all(promise in text and "played again" in text for text in told.values())


def test_the_rerun_is_played_with_the_committed_new_seed_and_says_which_attempt_it_is(rolled_back, tmp_path):
    folder, undone = rolled_back
    promise = json.loads((folder / "archive/rollback-01/rollback.json").read_text())["commitment"]
    play_round(folder, tmp_path, 1)
    dice = json.loads((folder / "rounds/0001/dice.json").read_text())
    record = Campaign.load(folder).round_record(1)
    assert dice["seed"] != undone[1]["seed"] and commitment(bytes.fromhex(dice["seed"])) == promise
    assert record["attempt"] == dice["attempt"] == 1 and record["commitment"] == promise
    play_round(folder, tmp_path, 2)   # round 2 was undone too: its second attempt has a seed of its own
    assert json.loads((folder / "rounds/0002/dice.json").read_text())["seed"] != undone[2]["seed"]
    assert run("verify", folder).code == 0 and run("replay", folder).code == 0


def test_a_player_holding_the_undone_rounds_reveal_cannot_foresee_the_reruns_dice(rolled_back, tmp_path):
    """The attack: the undone round's report revealed its seed; a player who sends orders for the re-run with a
    nonce of his choosing could compute its dice in advance if the seed were the same."""
    folder, undone = rolled_back
    seen = "".join(p.read_text() for p in (folder / "archive/rollback-01/rounds").rglob("reports/ann.*")
                   if p.suffix != ".png")   # the picture's PNG is no text; its SVG is
    seen += "".join(notices(folder).values())
    assert undone[1]["seed"] in seen
    play_round(folder, tmp_path, 1, nonce="chosen")
    dice = json.loads((folder / "rounds/0001/dice.json").read_text())
    assert dice["seed"] not in seen
    foreseen = Dice.for_round(bytes.fromhex(undone[1]["seed"]), dice["nonces"])
    rolls = [foreseen.roll(roll["sides"], roll["purpose"]) for roll in dice["rolls"]]
    assert rolls != [roll["value"] for roll in dice["rolls"]]


def test_nonces_sent_before_the_rollback_notice_do_not_count_in_the_rerun(rolled_back, tmp_path):
    folder, _ = rolled_back
    restored = {p: json.loads((folder / f"orders/{p}.json").read_text()) for p in CASTLES}
    assert all(entry["nonce"] == "" for entry in restored.values())
    assert restored["ann"]["orders"] == {"targets": ["Gifu"]}
    run("orders", "submit", folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"], nonce="after-the-notice"))
    assert run("resolve", folder).code == 0
    assert json.loads((folder / "rounds/0001/dice.json").read_text())["nonces"] == {"ann": "after-the-notice"}


def test_a_round_rolled_back_twice_gets_a_third_seed_and_verify_checks_all_three_attempts(rolled_back, tmp_path):
    folder, undone = rolled_back
    play_round(folder, tmp_path, 1)
    second = json.loads((folder / "rounds/0001/dice.json").read_text())["seed"]
    assert run("rollback", folder, "--to", "0", "--reason", "again").code == 0
    play_round(folder, tmp_path, 1)
    third = json.loads((folder / "rounds/0001/dice.json").read_text())
    assert third["attempt"] == 2 and len({undone[1]["seed"], second, third["seed"]}) == 3
    assert run("verify", folder).code == 0 and run("replay", folder).code == 0


def test_verify_finds_an_undone_round_changed_in_the_archive(rolled_back, tmp_path):
    folder, _ = rolled_back
    play_round(folder, tmp_path, 1)
    path = folder / "archive/rollback-01/rounds/0001/dice.json"
    dice = json.loads(path.read_text())
    dice["rolls"][0]["value"] = dice["rolls"][0]["value"] % 6 + 1
    path.write_text(json.dumps(dice))
    result = run("verify", folder)
    assert result.code == 1 and "rollback-01, round 1: dice.json was changed after the round was resolved" in result.err


def test_verify_finds_a_rollback_whose_record_was_deleted(rolled_back, tmp_path):
    """A GM who deletes the archive to hide an undone attempt leaves a re-run that says it is attempt 1."""
    folder, _ = rolled_back
    play_round(folder, tmp_path, 1)
    shutil.rmtree(folder / "archive")
    result = run("verify", folder)
    assert result.code == 1
    assert "round 1: it says it is attempt 1, but the archive holds 0 undone attempts" in result.err


def test_a_rerun_seed_that_is_not_the_one_the_notice_committed_to_is_found(rolled_back, tmp_path):
    folder, _ = rolled_back
    path = folder / "archive/rollback-01/rollback.json"
    record = json.loads(path.read_text())
    record["commitment"] = "0" * 64
    path.write_text(json.dumps(record))
    play_round(folder, tmp_path, 1)
    result = run("verify", folder)
    assert result.code == 1 and "round 1: the seed is not the one committed to in the rollback notice" in result.err


def test_a_rollback_killed_before_every_notice_was_posted_is_finished_by_the_next_tick_once(rolled_back):
    folder, _ = rolled_back
    before = notices(folder)
    (folder / "outbox" / "rollback-01-bob.eml").unlink()   # as if killed before bob's was written
    with clock.frozen_at(clock.now() + timedelta(hours=5)):   # the same mail, dated as the rollback, however late
        assert run("tick", folder).code == 0
        assert run("tick", folder).code == 0
    assert notices(folder) == before
    assert TOKENS["bob"] not in "".join(before.values())


def test_a_campaign_rolled_back_before_reruns_had_seeds_of_their_own_still_verifies(rolled_back, tmp_path):
    """Such a rollback's record commits to no seed, and its re-run used the undone round's: attempt 0."""
    folder, undone = rolled_back
    path = folder / "archive/rollback-01/rollback.json"
    record = json.loads(path.read_text())
    del record["attempt"], record["commitment"]
    path.write_text(json.dumps(record))
    (folder / "rerun.json").unlink()
    play_round(folder, tmp_path, 1)
    assert json.loads((folder / "rounds/0001/dice.json").read_text())["seed"] == undone[1]["seed"]
    assert run("verify", folder).code == 0 and run("replay", folder).code == 0
