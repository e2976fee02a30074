"""Replay, verify and rollback: the record of a campaign can be rechecked and corrected."""
from __future__ import annotations

import json

import pytest
from conftest import order_file, run

from pbem.campaign import Campaign


@pytest.fixture(scope="module")
def finished(demo_game):
    return demo_game("age-of-war", "5", 3)   # shared with other files: changed only in a copy


def copy_of(folder, tmp_path):
    import shutil

    target = tmp_path / "copy" / "demo"
    shutil.copytree(folder, target)
    return target


@pytest.mark.slow
def test_a_finished_demo_game_replays_and_verifies(finished):
    assert Campaign.load(finished).is_over()
    replay = run("replay", finished)
    assert replay.code == 0, replay.err
    verify = run("verify", finished)
    assert verify.code == 0, verify.err


def test_a_tampered_round_file_is_caught(finished, tmp_path):
    folder = copy_of(finished, tmp_path)
    path = folder / "rounds/0002/state.json"
    state = json.loads(path.read_text())
    state["castles"]["Gifu"]["holder"] = "akiko"
    path.write_text(json.dumps(state, sort_keys=True, separators=(",", ":")) + "\n")
    verify = run("verify", folder)
    assert verify.code == 1 and "round 2: state.json was changed" in verify.err
    replay = run("replay", folder)
    assert replay.code == 1 and "round 2: state.json differs" in replay.err


def test_a_changed_roll_is_caught(finished, tmp_path):
    folder = copy_of(finished, tmp_path)
    path = folder / "rounds/0001/dice.json"
    dice = json.loads(path.read_text())
    dice["rolls"][3]["value"] = dice["rolls"][3]["value"] % 6 + 1
    path.write_text(json.dumps(dice, sort_keys=True, separators=(",", ":")) + "\n")
    err = run("verify", folder).err
    assert "round 1: roll 3 does not follow from the seed" in err
    assert "round 1: dice.json was changed" in err


@pytest.mark.slow
def test_a_rewritten_round_record_breaks_the_hash_chain(finished, tmp_path):
    folder = copy_of(finished, tmp_path)
    path = folder / "rounds/0001/round.json"
    record = json.loads(path.read_text())
    record["deadline"] = "2030-01-01T00:00:00Z"
    path.write_text(json.dumps(record, sort_keys=True, separators=(",", ":")) + "\n")
    assert "round 2: the hash chain is broken" in run("verify", folder).err


def test_rollback_archives_the_undone_rounds_and_the_rerun_says_why(campaign, tmp_path):
    folder = campaign.folder
    run("orders", "submit", folder, "ann", order_file(tmp_path, "ann", 1, ["Kasugayama"]))
    assert run("resolve", folder, "--force").code == 0
    assert run("resolve", folder, "--force").code == 0
    first = Campaign.load(folder).round_record(1)
    result = run("rollback", folder, "--to", "0", "--reason", "ann meant Gifu")
    assert result.code == 0, result.err
    camp = Campaign.load(folder)
    assert camp.last_round == 0
    assert (folder / "archive/rollback-01/rounds/0001/round.json").is_file()
    assert (folder / "archive/rollback-01/rounds/0002/round.json").is_file()
    assert camp.pending_orders()["ann"]["orders"] == {"targets": ["Kasugayama"]}
    assert list((folder / "outbox").glob("r000*")) == []
    run("orders", "submit", folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    assert run("resolve", folder, "--force").code == 0
    rerun = Campaign.load(folder).round_record(1)
    assert rerun["commitment"] != first["commitment"] and rerun["attempt"] == 1
    for player in camp.player_names:
        report = run("report", folder, player).out
        assert "re-run by the game master. Reason: ann meant Gifu" in report
        assert f"new seed, committed to in the rollback notice: {rerun['commitment']}" in " ".join(report.split())
    assert run("replay", folder).code == 0
    assert run("verify", folder).code == 0
    assert not (folder / "rerun.json").exists()


def test_rollback_needs_a_reason_and_a_round_that_exists(campaign):
    run("resolve", campaign.folder, "--force")
    assert run("rollback", campaign.folder, "--to", "1", "--reason", "x").code == 2
    assert run("rollback", campaign.folder, "--to", "0", "--reason", "  ").code == 2
    assert Campaign.load(campaign.folder).last_round == 1


def test_verify_finds_a_report_replaced_by_a_link_even_to_the_same_bytes(campaign, tmp_path):
    from conftest import TOKENS, order_file

    for player, castle in (("ann", "Gifu"), ("bob", "Edo"), ("cho", "Odani")):
        order_file(campaign.folder / "inbox", player, 1, [castle], token=TOKENS[player])
    run("inbox", campaign.folder)
    assert run("resolve", campaign.folder).code == 0
    report = campaign.folder / "rounds/0001/reports/bob.txt"
    copy = tmp_path / "elsewhere.txt"
    copy.write_bytes(report.read_bytes())
    report.unlink()
    report.symlink_to(copy)
    result = run("verify", campaign.folder)
    assert result.code == 1 and "reports/bob.txt is a link" in result.out + result.err


def test_verify_finds_an_order_rewritten_after_the_fact_that_changed_no_outcome(campaign, tmp_path):
    """The GM, who holds the secret, rewrites ann's orders of round 1 to a list with the same first castle and
    computes round 1 again, every hash in it consistent: nothing that happened changes, but round 2's record
    still holds the links of the round as it was."""
    from conftest import TOKENS

    from pbem.rounds import compute_round, round_hash

    for number in (1, 2):
        for player, castle in (("ann", "Gifu"), ("bob", "Edo"), ("cho", "Odani")):
            order_file(campaign.folder / "inbox", player, number, [castle], token=TOKENS[player])
        run("inbox", campaign.folder)
        assert run("resolve", campaign.folder).code == 0
    camp = Campaign.load(campaign.folder)
    inputs = camp.read_json(1, "inputs.json")
    inputs["orders"]["ann"] = {"targets": ["Gifu", "Edo"]}
    files = compute_round(camp, 1, inputs, camp.state(0), round_hash((campaign.folder / "rounds/0000/round.json")
                                                                      .read_bytes()), camp.dice_secret())
    assert files["state.json"] == (campaign.folder / "rounds/0001/state.json").read_bytes()   # the same outcome
    for name, data in files.items():
        (campaign.folder / "rounds/0001" / name).write_bytes(data)
    result = run("verify", campaign.folder)
    assert result.code == 1 and "round 2" in result.out + result.err
