"""The player's checker (pbem/checker.py, one file, the standard library alone) passes on the JSON reports a player
received, and fails, naming what is wrong, when a roll, a seed reveal, a round or an order was changed after the
fact, a round was deleted and resolved again, or a rollback was hidden."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import order_file, run

from pbem import checker
from pbem.campaign import Campaign
from pbem.rounds import compute_round, round_hash

CHECKER = Path(checker.__file__)
CASTLES = {"ann": "Gifu", "bob": "Edo", "cho": "Odani"}


def received(folder: Path, player: str) -> list[dict]:
    """The JSON reports the player's report mails carried (the same bytes as the round folders')."""
    return [json.loads(path.read_text()) for path in sorted(folder.glob(f"rounds/*/reports/{player}.json"))]


def problems_of(reports: list[dict], nonces: dict | None = None, notices: dict | None = None) -> list[str]:
    found, counts = checker.check(reports, nonces or {}, notices=notices)
    assert counts["rolls"] > 0 and counts["links"] > 0 and counts["commitments"] > 0, counts
    return found


@pytest.fixture(scope="module", params=["age-of-war", "ikusa"])
def demo(request, demo_game):
    return demo_game(request.param, "5", 3)


@pytest.mark.slow
def test_the_checker_passes_on_every_players_reports_of_a_demo_game(demo):
    for player in Campaign.load(demo).player_names:
        assert problems_of(received(demo, player)) == []


def test_the_checker_reads_the_gzipped_json_reports_as_the_report_mails_attach_them(demo, tmp_path):
    from email import message_from_bytes, policy

    saved = tmp_path / "saved"
    saved.mkdir()
    for path in sorted(demo.glob("sent/r*-akiko.eml")) + sorted(demo.glob("outbox/r*-akiko.eml")):
        for part in message_from_bytes(path.read_bytes(), policy=policy.default).iter_attachments():
            if part.get_filename().endswith(".json.gz"):
                (saved / part.get_filename()).write_bytes(part.get_content())
    assert len(list(saved.iterdir())) == len(list(demo.glob("rounds/*/reports/akiko.json"))) - 1   # none of round 0
    shutil.copy(demo / "rounds/0000/reports/akiko.json", saved / "0000.json")   # the welcome's, as a plain file
    done = subprocess.run([sys.executable, "-I", str(CHECKER), str(saved)], capture_output=True, text=True)
    assert done.returncode == 0 and "all is well" in done.stdout, done.stdout + done.stderr
    (saved / "damaged.json.gz").write_bytes(next(saved.glob("*.gz")).read_bytes()[:-20])
    done = subprocess.run([sys.executable, "-I", str(CHECKER), str(saved)], capture_output=True, text=True)
    assert done.returncode == 1 and "damaged.json.gz" in done.stdout + done.stderr


def test_the_checker_runs_alone_as_a_script_with_python_and_nothing_else(demo, tmp_path):
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(CHECKER, alone / "checker.py")
    for path in sorted(demo.glob("rounds/*/reports/akiko.json")):
        shutil.copy(path, alone / f"{path.parent.parent.name}.json")
    done = subprocess.run([sys.executable, "-I", "checker.py", "."], cwd=alone, capture_output=True, text=True)
    assert done.returncode == 0 and "all is well" in done.stdout, done.stdout + done.stderr
    text = (alone / "0002.json").read_text()
    (alone / "0002.json").write_text(text.replace('"value":1', '"value":2', 1))
    done = subprocess.run([sys.executable, "-I", "checker.py", "."], cwd=alone, capture_output=True, text=True)
    assert done.returncode == 1 and "PROBLEM: round 2" in done.stdout


def test_an_edited_roll_is_found(demo):
    reports = received(demo, "akiko")
    roll = reports[2]["dice"]["rolls"][0]
    roll["value"] = roll["value"] % roll["sides"] + 1
    found = problems_of(reports)
    assert any("round 2: roll 0" in p and "does not follow from the seed" in p for p in found), found
    assert any("round 2: the report does not match its own link" in p for p in found), found


def test_an_edited_seed_reveal_is_found(demo):
    reports = received(demo, "akiko")
    reports[1]["dice"]["seed"] = "00" * 32
    assert any("round 1: the revealed seed does not match its commitment" in p for p in problems_of(reports))


def test_a_nonce_not_as_sent_is_found(demo):
    assert any("round 2: your nonce is ''" in p for p in problems_of(received(demo, "akiko"), {2: "heron"}))


def other_castle_for_bob(before: list[dict]) -> dict:
    """Orders for round 2 in which bob attacks a centre castle other than the one he attacked: a round that
    must come out differently."""
    attacked = next(ev["castle"] for ev in before[2]["events"] if ev["kind"] == "turn" and ev["player"] == "bob")
    centre = [name for name, card in before[1]["view"]["castles"].items() if card["holder"] is None]
    return {**CASTLES, "bob": next(name for name in centre if name != attacked)}


def play_round(folder: Path, tmp_path: Path, number: int, castles: dict = CASTLES):
    for player, castle in castles.items():
        run("orders", "submit", folder, player, order_file(tmp_path, player, number, [castle]))
    assert run("resolve", folder).code == 0


@pytest.fixture
def played(campaign, tmp_path):
    for number in (1, 2):
        play_round(campaign.folder, tmp_path, number)
    return campaign.folder, received(campaign.folder, "ann")


def test_a_deleted_last_round_resolved_again_is_found_by_the_reports_alone(played, tmp_path):
    folder, before = played
    shutil.rmtree(folder / "rounds/0002")
    play_round(folder, tmp_path, 2, other_castle_for_bob(before))
    found = problems_of(before + received(folder, "ann")[2:])
    assert any("round 2: two different reports" in p for p in found), found


def test_a_rollback_whose_record_was_deleted_and_the_round_resolved_again_is_found(played, tmp_path):
    folder, before = played
    assert run("rollback", folder, "--to", "1", "--reason", "hidden").code == 0
    shutil.rmtree(folder / "archive")
    (folder / "rerun.json").unlink()
    play_round(folder, tmp_path, 2, other_castle_for_bob(before))
    found = problems_of(before + received(folder, "ann")[2:])
    assert any("round 2: two different reports, and neither says the round was played again" in p for p in found)


def test_an_order_changed_after_the_fact_breaks_the_chain_even_when_the_outcome_is_the_same(played):
    """The GM rewrites ann's orders of round 1 to a list with the same first castle: nothing that happened
    changes, but ann's link does, and her report of round 2 no longer follows."""
    folder, before = played
    camp = Campaign.load(folder)
    inputs = camp.read_json(1, "inputs.json")
    inputs["orders"]["ann"] = {"targets": ["Gifu", "Edo"]}
    round_zero = round_hash((folder / "rounds/0000/round.json").read_bytes())
    files = compute_round(camp, 1, inputs, camp.state(0), round_zero, camp.dice_secret())
    rewritten = json.loads(files["reports/ann.json"])
    assert rewritten["view"] == before[1]["view"] and rewritten["chain"] != before[1]["chain"]
    found = problems_of([before[0], rewritten, before[2]])
    assert any("round 2: the record chain is broken" in p for p in found), found


def test_a_report_that_is_not_as_pbem_writes_it_is_refused_in_a_sentence_not_a_traceback(tmp_path):
    (tmp_path / "broken.json").write_text('{"format": "pbem-report-1", "dice": {}, "campaign": "war"}')
    (tmp_path / "other.json").write_text("not json")
    for name in ("broken.json", "other.json"):
        done = subprocess.run([sys.executable, "-I", str(CHECKER), str(tmp_path / name)], capture_output=True,
                              text=True)
        assert done.returncode == 1 and done.stderr.startswith(f"checker: {tmp_path / name}: ")
        assert "Traceback" not in done.stderr


def test_a_rerun_is_checked_against_the_rollback_notice_the_player_received_not_the_reports_own_copy(played,
                                                                                                    tmp_path):
    folder, before = played
    assert run("rollback", folder, "--to", "1", "--reason", "bob's orders were lost").code == 0
    notice = folder / "outbox/rollback-01-ann.eml"
    play_round(folder, tmp_path, 2)
    rerun = received(folder, "ann")[2]
    reports = before + [rerun]
    assert problems_of(reports, notices={2: [checker.read_notice(str(notice))[1]]}) == []
    unchecked = problems_of(reports)
    assert any("give the rollback notice you received" in p for p in unchecked), unchecked
    # a GM who rewrites the re-run with another seed writes the report's copy of the commitment to match
    forged = json.loads(json.dumps(rerun))
    forged["dice"]["commitment"] = forged["rerun"]["commitment"] = "0" * 64
    found = problems_of(before + [forged], notices={2: [checker.read_notice(str(notice))[1]]})
    assert any("not the one committed to in the rollback notice you received" in p for p in found), found


def test_the_checker_reads_a_rollback_notice_from_the_mail_as_received(played, tmp_path):
    folder, _ = played
    assert run("rollback", folder, "--to", "0", "--reason", "a long reason " * 12).code == 0
    number, promised = checker.read_notice(str(folder / "outbox/rollback-01-cho.eml"))
    record = json.loads((folder / "archive/rollback-01/rollback.json").read_text())
    assert (number, promised) == (1, record["commitment"])
    (tmp_path / "junk.txt").write_text("hello")
    with pytest.raises(checker.Unfit, match="not a pbem rollback notice"):
        checker.read_notice(str(tmp_path / "junk.txt"))
