"""`pbem status DIR DIR...` and `pbem status --all ROOT`: many campaigns at a glance, one line each, a folder that is
no campaign or a damaged one told in its own line without stopping the others, and --json as a list of the same
records."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from conftest import START, make_campaign, order_file, run

from pbem import clock
from pbem.campaign import Campaign
from pbem.schedule import local_time
from pbem.status import local_stamp


@pytest.fixture
def desk(tmp_path):
    """A GM's folder of campaigns: war (UTC, deadline in 48 hours, ann's orders in, 3 welcome letters waiting), feud
    (Berlin, due three days on at 20:00, its first round resolved), and a folder of notes that is no campaign."""
    root = tmp_path / "desk"
    war = make_campaign(root / "war", deadline_hours=48)
    run("orders", "submit", war.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with clock.frozen_at(START):
        made = run("new", root / "feud", "--game", "age-of-war", "--player", "ann=ann@example.org",
                   "--player", "bob=bob@example.org", "--deadline-days", "3", "--deadline-at", "20:00",
                   "--timezone", "Europe/Berlin")
        assert made.code == 0, made
        assert run("resolve", root / "feud", "--force").code == 0
    (root / "notes").mkdir()
    (root / "notes" / "todo.txt").write_text("buy ink\n")
    (root / "README.txt").write_text("my campaigns\n")
    return root


def lines_of(result) -> dict[str, str]:
    """The lines of a many-campaign status, by their first word (the campaign's name, or the failed folder)."""
    return {line.split()[0].rstrip(":"): line for line in result.out.splitlines()}


def test_several_campaigns_get_one_line_each_with_their_round_missing_players_and_outbox(desk):
    result = run("status", desk / "war", desk / "feud")
    assert result.code == 0, result
    assert len(result.out.splitlines()) == 2
    lines = lines_of(result)
    assert lines["war"].split("  ")[0] == "war"
    assert "Age of War" in lines["war"] and "round 1 " in lines["war"]
    assert "missing bob, cho" in lines["war"] and lines["war"].endswith("outbox 3 waiting")
    # feud resolved its first round with default orders for both: round 2 waits for both again, and its outbox holds
    # the 2 welcome letters and the 2 reports of round 1
    assert "round 2 " in lines["feud"] and "missing ann, bob" in lines["feud"]
    assert lines["feud"].endswith("outbox 4 waiting")


def test_the_columns_of_the_lines_are_aligned(desk):
    result = run("status", desk / "war", desk / "feud")
    war, feud = result.out.splitlines()
    assert war.index("round") == feud.index("round") and war.index("due") == feud.index("due")
    assert war.index("outbox") == feud.index("outbox")


def test_all_finds_only_the_campaign_folders_under_root_sorted_by_name(desk):
    result = run("status", "--all", desk)
    assert result.code == 0, result
    assert [line.split()[0] for line in result.out.splitlines()] == ["feud", "war"]
    assert "notes" not in result.out and "README" not in result.out


def test_a_damaged_campaign_toml_gets_its_own_line_and_exit_1_while_the_others_print(desk):
    broken = make_campaign(desk / "broken").folder
    (broken / "campaign.toml").write_text('[campaign\nname = "broken"\n')
    result = run("status", "--all", desk)
    assert result.code == 1
    assert "Traceback" not in result.out + result.err
    lines = result.out.splitlines()
    assert [line.split()[0] for line in lines] == [f"{broken}:", "feud", "war"]
    assert lines[0].startswith(f"{broken}: FAILED: ") and "campaign.toml: cannot read the campaign settings" in lines[0]
    assert "missing bob, cho" in lines_of(result)["war"]


def test_a_folder_that_is_no_campaign_gets_a_line_saying_so_and_exit_1(desk):
    result = run("status", desk / "notes", desk / "war")
    assert result.code == 1
    notes, war = result.out.splitlines()
    assert notes == f"{desk / 'notes'}: FAILED: not a campaign folder (no campaign.toml); create one with `pbem new`"
    assert war.startswith("war ")


def test_json_is_a_list_of_the_same_records_as_the_lines(desk):
    make_campaign(desk / "broken").folder.joinpath("campaign.toml").write_text("[campaign]\n")
    shown = run("status", "--all", desk)
    given = run("status", "--all", desk, "--json")
    assert given.code == shown.code == 1
    records = json.loads(given.out)
    assert isinstance(records, list) and len(records) == len(shown.out.splitlines()) == 3
    broken, feud, war = records
    assert broken["folder"] == str(desk / "broken") and "campaign.toml" in broken["error"]
    assert feud["error"] is None and war["error"] is None
    assert (war["campaign"], war["game"], war["round"], war["resolved"]) == ("war", "age-of-war", 1, 0)
    assert war["orders_in"] == ["ann"] and war["missing"] == ["bob", "cho"] and war["outbox"]["waiting"] == 3
    assert (feud["round"], feud["missing"], feud["outbox"]["waiting"]) == (2, ["ann", "bob"], 4)
    for record, line in zip(records[1:], shown.out.splitlines()[1:]):
        assert line.startswith(record["campaign"]) and f"round {record['round']} " in line
        assert f"due {record['deadline_local']}" in line and f"outbox {record['outbox']['waiting']} waiting" in line


def test_the_deadline_is_shown_in_the_campaigns_time_zone(desk):
    lines = lines_of(run("status", "--all", desk))
    assert "due 2026-03-04 20:00 CET" in lines["feud"]   # resolved on 1 March: due three days on, 20:00 in Berlin
    assert "due 2026-03-03 12:00 UTC" in lines["war"]    # made at START, due 48 hours later
    feud = json.loads(run("status", "--all", desk, "--json").out)[0]
    assert (feud["deadline"], feud["deadline_local"], feud["timezone"]) == ("2026-03-04T19:00:00Z",
                                                                           "2026-03-04 20:00 CET", "Europe/Berlin")


@pytest.mark.parametrize("moment, zone", [
    (datetime(2026, 3, 4, 19, 0, tzinfo=timezone.utc), "Europe/Berlin"),
    (datetime(2026, 7, 4, 19, 0, tzinfo=timezone.utc), "Europe/Berlin"),
    (datetime(2026, 3, 1, 23, 30, tzinfo=timezone.utc), "Asia/Tokyo"),
    (datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc), "UTC"),
])
def test_the_lines_tell_a_moment_as_the_schedule_tells_it_in_english(campaign, moment, zone):
    campaign.timezone = zone
    stamp = clock.stamp(moment)
    assert local_stamp(stamp, zone) == local_time(campaign, stamp)


def test_an_outbox_that_fails_to_send_says_so_and_when_it_tries_again(desk):
    from tests.support.mailservers import free_ports

    camp = Campaign.load(desk / "war")
    camp.mail = {"smtp": {"host": "127.0.0.1", "port": free_ports(1)[0], "security": "none"}}
    camp.save()
    with clock.frozen_at(START):
        run("send", camp.folder)
    line = lines_of(run("status", "--all", desk))["war"]
    assert "outbox 3 waiting, 3 failed to send (next try 2026-03-01 12:01 UTC: cannot reach 127.0.0.1" in line


def test_all_over_a_folder_without_campaigns_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run("status", "--all", tmp_path / "empty")
    assert result.code == 2 and "no campaign folder in" in result.err
    assert run("status", "--all", tmp_path / "nowhere").code == 2


def test_one_campaign_keeps_its_full_status_and_its_json_object(desk):
    shown = run("status", desk / "war")
    assert shown.code == 0 and shown.out.startswith("Campaign war: Age of War, 3 players\n")
    assert "Missing:    bob, cho" in shown.out
    assert json.loads(run("status", desk / "war", "--json").out)["missing"] == ["bob", "cho"]


def test_status_without_a_campaign_says_what_to_name(tmp_path):
    result = run("status")
    assert result.code == 2 and "--all ROOT" in result.err


def test_a_campaign_whose_game_is_over_says_after_which_round_and_waits_for_nobody(desk, monkeypatch):
    import dataclasses
    import importlib

    module = importlib.import_module("games.age_of_war")   # the game says it is over, whatever its state
    monkeypatch.setattr(module, "GAME", dataclasses.replace(module.GAME, is_over=lambda view: True))
    lines = lines_of(run("status", "--all", desk))
    assert "over after round 1 " in lines["feud"] and "over after round 0 " in lines["war"]
    assert "due" not in lines["war"] and "missing" not in lines["war"] and lines["war"].endswith("outbox 3 waiting")
    war = json.loads(run("status", "--all", desk, "--json").out)[1]
    assert (war["over"], war["round"], war["deadline"], war["missing"]) == (True, None, None, [])


def test_a_message_of_several_lines_is_told_in_the_one_line_of_its_campaign():
    from pbem.status import summary_lines

    told = {"folder": "war", "error": "war/campaign.toml: two things are wrong:\n  the first\n  the second"}
    assert summary_lines([told]) == ["war: FAILED: war/campaign.toml: two things are wrong: the first the second"]


def test_a_folder_that_cannot_be_looked_into_gets_a_line_saying_why(desk, monkeypatch):
    from pathlib import Path

    is_file = Path.is_file

    def refused(path):
        if path.parent.name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return is_file(path)

    (desk / "locked").mkdir()
    monkeypatch.setattr(Path, "is_file", refused)
    result = run("status", "--all", desk)
    assert result.code == 1 and "Traceback" not in result.err
    assert [line.split()[0] for line in result.out.splitlines()] == ["feud", f"{desk / 'locked'}:", "war"]
    assert "Permission denied" in result.out
