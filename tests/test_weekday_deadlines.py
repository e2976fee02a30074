"""Deadlines on weekdays: "mon,thu" at 20:00 in the campaign's zone, the first such moment strictly after the round
was resolved, found by dateutil's rrule on the zone's wall clock."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import TOKENS, make_campaign, order_file, run

from pbem import clock
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.schedule import next_deadline, weekdays
from pbem.status import campaign_status, format_status

BERLIN = {"deadline_weekdays": "mon,thu", "deadline_at": "20:00", "timezone": "Europe/Berlin"}
MONDAY_21_00_BERLIN = datetime(2026, 3, 2, 20, 0, tzinfo=timezone.utc)   # CET, UTC+1


def planned(**settings) -> Campaign:
    return Campaign(folder=Path("."), name="war", game_name="age-of-war", gm="gm@example.org", players=[],
                    **{**BERLIN, **settings})


def utc(text: str) -> datetime:
    return clock.parse(text)


def test_a_round_resolved_on_monday_at_21_00_in_berlin_is_due_on_thursday_at_20_00_berlin(tmp_path):
    campaign = make_campaign(tmp_path / "war", start=MONDAY_21_00_BERLIN, settings=dict(BERLIN))
    assert campaign.deadline() == "2026-03-05T19:00:00Z"   # Thursday 5 March, 20:00 CET


def test_a_round_resolved_on_thursday_at_19_59_is_due_a_minute_later_and_at_20_00_on_monday(tmp_path):
    assert next_deadline(planned(), utc("2026-03-05T18:59:00Z")) == "2026-03-05T19:00:00Z"
    assert next_deadline(planned(), utc("2026-03-05T19:00:00Z")) == "2026-03-09T19:00:00Z"   # strictly later


def test_a_tick_that_resolves_on_thursday_at_19_59_sets_that_evenings_deadline(tmp_path):
    campaign = make_campaign(tmp_path / "war", start=MONDAY_21_00_BERLIN, settings=dict(BERLIN))
    for player in ("ann", "bob", "cho"):
        order_file(campaign.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    with clock.frozen_at(utc("2026-03-05T18:59:00Z")):
        assert "resolved round 1" in run("tick", campaign.folder).out
    assert Campaign.load(campaign.folder).deadline() == "2026-03-05T19:00:00Z"


@pytest.mark.parametrize("zone, resolved, due", [
    ("Europe/Berlin", "2026-03-26T20:00:00Z", "2026-03-30T18:00:00Z"),   # CET Thursday -> CEST Monday (29 March)
    ("Europe/Berlin", "2026-10-22T19:00:00Z", "2026-10-26T19:00:00Z"),   # CEST Thursday -> CET Monday (25 October)
    ("America/New_York", "2026-03-06T02:00:00Z", "2026-03-10T00:00:00Z"),  # EST Thursday -> EDT Monday (8 March)
])
def test_across_a_change_of_summer_time_the_deadline_stays_at_20_00_local(zone, resolved, due):
    assert next_deadline(planned(timezone=zone), utc(resolved)) == due


def test_weekdays_are_read_as_short_or_full_names_in_any_case_and_spacing():
    assert weekdays("mon,thu") == weekdays(" Thursday , MON ") == [0, 3]
    assert weekdays("sun,sat,fri") == [4, 5, 6]


@pytest.mark.parametrize("days, said", [
    ("mon,thr", "'thr' is not a weekday"),
    ("mon,,thu", "a day is missing between the commas"),
    ("lunes", "'lunes' is not a weekday"),
])
def test_pbem_new_refuses_a_bad_weekday_name_with_exit_2_and_leaves_no_folder(tmp_path, days, said):
    result = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
                 "--player", "bob=bob@example.org", "--deadline-weekdays", days, "--timezone", "Europe/Berlin")
    assert result.code == 2 and said in result.err and "--deadline-weekdays" in result.err, result.err
    assert "for example mon,thu" in result.err
    assert not (tmp_path / "war").exists()


@pytest.mark.parametrize("other", [("--deadline-hours", "48"), ("--deadline-days", "3")])
def test_pbem_new_refuses_weekdays_together_with_hours_or_days(tmp_path, other):
    result = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
                 "--player", "bob=bob@example.org", "--deadline-weekdays", "mon,thu", *other)
    assert result.code == 2 and "cannot go with --deadline-hours or --deadline-days" in result.err, result.err
    assert not (tmp_path / "war").exists()


@pytest.mark.parametrize("edit, said", [
    (('deadline_weekdays = "mon,thu"', 'deadline_weekdays = "mon,thu,someday"'), "'someday' is not a weekday"),
    (("deadline_hours = 0", "deadline_hours = 48"), "deadline_weekdays cannot go with deadline_hours"),
])
def test_a_hand_edited_weekday_schedule_that_cannot_work_is_refused_naming_the_file(tmp_path, edit, said):
    campaign = make_campaign(tmp_path / "war", settings=dict(BERLIN))
    path = campaign.folder / "campaign.toml"
    assert edit[0] in path.read_text()
    path.write_text(path.read_text().replace(*edit))
    result = run("status", campaign.folder)
    assert result.code == 2 and said in result.err and "campaign.toml" in result.err, result.err


def test_pbem_new_makes_a_weekday_campaign_and_status_shows_the_days_and_the_next_deadline(tmp_path):
    with clock.frozen_at(MONDAY_21_00_BERLIN):
        made = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
                   "--player", "bob=bob@example.org", "--deadline-weekdays", "mon,thu", "--deadline-at", "20:00",
                   "--timezone", "Europe/Berlin")
        assert made.code == 0, made.err
        shown = run("status", tmp_path / "war")
        as_json = json.loads(run("status", tmp_path / "war", "--json").out)
    assert "Deadline:   2026-03-05 20:00 CET (2026-03-05T19:00:00Z)" in shown.out
    assert "Deadlines:  Monday, Thursday, each at 20:00 (Europe/Berlin)" in shown.out
    assert as_json["schedule"] == {"weekdays": [0, 3], "at": "20:00", "timezone": "Europe/Berlin"}
    assert as_json["deadline"] == "2026-03-05T19:00:00Z"


def test_a_player_asking_for_the_status_in_spanish_reads_the_days_in_spanish(tmp_path):
    campaign = make_campaign(tmp_path / "war", start=MONDAY_21_00_BERLIN, settings=dict(BERLIN))
    text = format_status(campaign_status(campaign), "es")
    assert "Plazos:        lunes, jueves, cada uno a las 20:00 (Europe/Berlin)" in text


def test_a_campaign_without_weekdays_shows_no_schedule_line(campaign):
    info = campaign_status(campaign)
    assert "schedule" not in info and "Deadlines:" not in format_status(info)


def test_next_deadline_refuses_a_bad_weekday_rather_than_guessing():
    with pytest.raises(UserError, match="'fun' is not a weekday"):
        next_deadline(planned(deadline_weekdays="fun"), MONDAY_21_00_BERLIN)
