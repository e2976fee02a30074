"""Verify and replay see where the record ends: a round folder removed, the last one or one in the middle, is
damage as long as the log, the mail or the open round's files still hold the round; a rollback's undone rounds
are not."""
from __future__ import annotations

import shutil

import pytest
from conftest import TOKENS, make_campaign, run

from pbem.campaign import Campaign
from pbem.gm_results import write_stand_in
from tests.support.harness import table_for

GAMES = ("age-of-war", "ninjato")


def played(folder, game: str, rounds: int = 3):
    """`rounds` rounds resolved with stand-in orders; the mail of round 1 delivered (moved to sent/)."""
    camp = make_campaign(folder, game=game, players=table_for(game))
    for _ in range(rounds):
        write_stand_in(Campaign.load(camp.folder))   # a game its GM adjudicates: the GM's results
        result = run("resolve", camp.folder, "--force")
        assert result.code == 0, result.err
    (camp.folder / "sent").mkdir(exist_ok=True)
    for path in sorted((camp.folder / "outbox").glob("r0001-*.eml")):
        path.rename(camp.folder / "sent" / path.name)
    return camp.folder


def damage_found(folder) -> tuple[str, str]:
    """What verify and replay say; both must refuse the campaign."""
    verify, replay = run("verify", folder), run("replay", folder)
    assert verify.code == 1 and replay.code == 1, (verify.out, replay.out)
    return verify.err, replay.err


def drop_log_lines(folder, text: str) -> None:
    log = folder / "log.txt"
    log.write_text("".join(line for line in log.read_text().splitlines(True) if text not in line))


@pytest.mark.parametrize("game", GAMES)
def test_a_removed_last_round_is_damage_the_log_and_the_outbox_name(game, tmp_path):
    folder = played(tmp_path / "war", game)
    assert run("verify", folder).code == 0
    shutil.rmtree(folder / "rounds/0003")
    for said in damage_found(folder):
        assert "round 3: the log and the outbox hold it but rounds/0003 is missing" in said


@pytest.mark.parametrize("game", GAMES)
def test_a_removed_middle_round_is_damage_the_later_rounds_name_too(game, tmp_path):
    folder = played(tmp_path / "war", game)
    shutil.rmtree(folder / "rounds/0001")
    for said in damage_found(folder):
        assert ("round 1: the log, the outbox, sent mail and the rounds after it hold it but rounds/0001 is "
                "missing") in said


@pytest.mark.parametrize("game", GAMES)
def test_a_removed_last_round_with_its_log_lines_is_still_held_by_its_mail(game, tmp_path):
    folder = played(tmp_path / "war", game, rounds=2)
    shutil.rmtree(folder / "rounds/0002")
    drop_log_lines(folder, "resolved round 2")
    for said in damage_found(folder):
        assert "round 2: the outbox holds it but rounds/0002 is missing" in said


def test_delivered_mail_alone_holds_the_round_it_reports(tmp_path):
    folder = played(tmp_path / "war", "age-of-war", rounds=1)
    shutil.rmtree(folder / "rounds/0001")
    drop_log_lines(folder, "resolved round 1")
    for said in damage_found(folder):
        assert "round 1: sent mail holds it but rounds/0001 is missing" in said


def test_orders_for_the_open_round_hold_the_round_before_it(tmp_path):
    folder = played(tmp_path / "war", "age-of-war", rounds=2)
    form = run("orders", "template", folder, "ann").out.replace("PUT-YOUR-TOKEN-HERE", TOKENS["ann"])
    (folder / "inbox" / "ann.toml").write_text(form)
    assert run("inbox", folder).code == 0
    shutil.rmtree(folder / "rounds/0002")
    drop_log_lines(folder, "round 2")
    for path in (folder / "outbox").glob("r0002-*.eml"):
        path.unlink()
    for said in damage_found(folder):
        assert "round 2: the open round's files hold it but rounds/0002 is missing" in said


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_rollback_removes_rounds_without_damage(game, tmp_path):
    folder = played(tmp_path / "war", game)
    result = run("rollback", folder, "--to", "1", "--reason", "a lost order")
    assert result.code == 0, result.err
    assert run("verify", folder).code == 0, run("verify", folder).err
    assert run("replay", folder).code == 0, run("replay", folder).err


@pytest.mark.parametrize("game", GAMES)
def test_after_a_rollback_a_removed_rerun_is_damage(game, tmp_path):
    folder = played(tmp_path / "war", game)
    assert run("rollback", folder, "--to", "1", "--reason", "a lost order").code == 0
    for _ in (2, 3):
        write_stand_in(Campaign.load(folder))
        assert run("resolve", folder, "--force").code == 0
    assert run("verify", folder).code == 0, run("verify", folder).err
    shutil.rmtree(folder / "rounds/0003")
    for said in damage_found(folder):
        assert "round 3: the log and the outbox hold it but rounds/0003 is missing" in said


def test_a_rollback_whose_log_line_is_missing_still_explains_its_rounds(tmp_path):
    """A rollback killed before it wrote its log line: its record in the archive says which rounds it undid."""
    folder = played(tmp_path / "war", "age-of-war")
    assert run("rollback", folder, "--to", "0", "--reason", "a lost order").code == 0
    drop_log_lines(folder, "rolled back")
    assert run("verify", folder).code == 0, run("verify", folder).err
    write_stand_in(Campaign.load(folder))
    assert run("resolve", folder, "--force").code == 0
    assert run("verify", folder).code == 0, run("verify", folder).err


def test_a_last_round_removed_and_resolved_anew_is_damage(tmp_path):
    folder = played(tmp_path / "war", "age-of-war", rounds=2)
    shutil.rmtree(folder / "rounds/0002")
    form = run("orders", "template", folder, "ann").out.replace("PUT-YOUR-TOKEN-HERE", TOKENS["ann"])
    (folder / "inbox" / "ann.toml").write_text(form.replace("round = 3", "round = 2"))
    run("inbox", folder)
    assert run("resolve", folder, "--force").code == 0
    err = run("verify", folder).err
    assert "round 2: the log says it was resolved again with no rollback between: rounds/0002 was removed" in err
    assert "is a report to ann that neither rounds/0002 nor the archive holds" in err


def test_a_report_mailed_from_a_round_folder_emptied_since_is_named(tmp_path):
    folder = played(tmp_path / "war", "age-of-war", rounds=2)
    shutil.rmtree(folder / "rounds/0002/reports")
    replay = run("replay", folder)
    assert replay.code == 1 and "is a report to ann, but rounds/0002/reports/ann.json is missing" in replay.err
