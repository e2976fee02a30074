"""The cron tick, deadlines and reminders, with the clock set by freezegun."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from conftest import START, TOKENS, make_campaign, order_file, run
from freezegun import freeze_time

from pbem import clock
from pbem.campaign import Campaign


def with_deadline(tmp_path, hours=48, remind=12):
    camp = make_campaign(tmp_path / "war", deadline_hours=hours)
    camp = Campaign.load(camp.folder)
    camp.remind_hours = remind
    camp.save()
    return camp


def test_a_tick_with_nothing_to_do_prints_nothing(campaign):
    with freeze_time(START + timedelta(hours=1)):
        result = run("tick", campaign.folder)
    assert result.code == 0 and result.out == "" and result.err == ""


def test_a_tick_resolves_as_soon_as_every_order_is_in(campaign):
    for player in ("ann", "bob", "cho"):
        order_file(campaign.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    with freeze_time(START + timedelta(hours=1)):
        result = run("tick", campaign.folder)
    assert result.code == 0
    assert result.out.count("accepted") == 3 and "resolved round 1" in result.out
    assert Campaign.load(campaign.folder).last_round == 1


def test_a_tick_after_the_deadline_resolves_with_default_orders(tmp_path):
    camp = with_deadline(tmp_path)
    with freeze_time(START + timedelta(hours=47)):
        assert "resolved" not in run("tick", camp.folder).out
    with freeze_time(START + timedelta(hours=48)):
        assert "resolved round 1" in run("tick", camp.folder).out
    assert Campaign.load(camp.folder).read_json(1, "inputs.json")["defaulted"] == ["ann", "bob", "cho"]


def test_players_without_orders_are_reminded_once_before_the_deadline(tmp_path):
    camp = with_deadline(tmp_path)
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with freeze_time(START + timedelta(hours=35)):
        assert run("tick", camp.folder).out == ""
    with freeze_time(START + timedelta(hours=37)):
        first = run("tick", camp.folder).out
        again = run("tick", camp.folder).out
    assert "reminded bob" in first and "reminded cho" in first and "ann" not in first
    assert again == ""
    assert sorted(p.name for p in (camp.folder / "outbox").glob("remind-*")) == [
        "remind-r0001-bob.eml", "remind-r0001-cho.eml"]


def test_a_tick_that_finds_the_deadline_passed_resolves_without_reminding_anyone(tmp_path):
    camp = with_deadline(tmp_path)   # no tick ran in the twelve hours before the deadline
    with clock.frozen_at(START + timedelta(hours=48)):
        out = run("tick", camp.folder).out
    assert "resolved round 1" in out and "reminded" not in out
    assert not list((camp.folder / "outbox").glob("remind-*"))


def test_a_round_held_past_its_deadline_sends_no_reminders(tmp_path):
    camp = with_deadline(tmp_path)
    camp.missing_orders = "wait"
    camp.save()
    with clock.frozen_at(START + timedelta(hours=49)):
        out = run("tick", camp.folder).out
    assert "policy: wait" in out and "reminded" not in out
    assert not list((camp.folder / "outbox").glob("remind-*"))


def test_the_gm_can_move_a_deadline_and_the_tick_waits_for_it(tmp_path):
    camp = with_deadline(tmp_path, remind=0)
    with freeze_time(START + timedelta(hours=40)):
        moved = run("deadline", camp.folder, "--extend", "1d")
        assert moved.code == 0 and "2026-03-04T12:00:00Z" in moved.out
        assert run("status", camp.folder, "--json").out.count("2026-03-04T12:00:00Z") == 1
    with freeze_time(START + timedelta(hours=50)):
        assert run("tick", camp.folder).out == ""
    with freeze_time(START + timedelta(hours=72)):
        assert "resolved round 1" in run("tick", camp.folder).out
    assert run("verify", camp.folder).code == 0


def test_one_broken_campaign_does_not_stop_the_others(tmp_path, campaign):
    for player in ("ann", "bob", "cho"):
        order_file(campaign.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    (tmp_path / "junk").mkdir()
    result = run("tick", tmp_path / "junk", campaign.folder)
    assert result.code == 1 and "junk: FAILED" in result.err
    assert "resolved round 1" in result.out


def test_the_wait_policy_holds_the_round_past_the_deadline_and_says_so_once(tmp_path):
    camp = with_deadline(tmp_path, remind=0)
    camp.missing_orders = "wait"
    camp.save()
    with freeze_time(START + timedelta(hours=49)):
        first = run("tick", camp.folder).out
        again = run("tick", camp.folder).out
    assert "waiting for ann, bob, cho (policy: wait)" in first and again == ""
    assert Campaign.load(camp.folder).last_round == 0
    assert run("resolve", camp.folder, "--force").code == 0


def test_the_outage_guard_holds_a_round_that_many_miss_for_the_first_time(tmp_path):
    camp = with_deadline(tmp_path, remind=0)
    camp.outage_guard = 1
    camp.save()
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with freeze_time(START + timedelta(hours=49)):
        held = run("tick", camp.folder).out
    assert "NOT resolved: 2 players missed the deadline for the first time (bob, cho)" in held
    camp.outage_guard = 2
    camp.save()
    with freeze_time(START + timedelta(hours=50)):
        assert "resolved round 1" in run("tick", camp.folder).out


def scheduled(tmp_path, **settings):
    return make_campaign(tmp_path / "war", settings=settings)


def test_a_deadline_every_three_days_at_20_00_berlin_follows_winter_and_summer_time(tmp_path):
    camp = scheduled(tmp_path, deadline_days=3, deadline_at="20:00", timezone="Europe/Berlin")
    assert camp.deadline() == "2026-03-04T19:00:00Z"          # START is 1 March, 13:00 in Berlin (CET)
    for player in ("ann", "bob", "cho"):
        order_file(camp.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    with freeze_time("2026-03-28T10:00:00Z"):                   # resolved on the Saturday before summer time
        assert "resolved round 1" in run("tick", camp.folder).out
    assert Campaign.load(camp.folder).deadline() == "2026-03-31T18:00:00Z"   # 20:00 CEST


def test_a_deadline_late_in_the_evening_counts_the_days_in_the_campaigns_zone(tmp_path):
    camp = scheduled(tmp_path, deadline_days=1, deadline_at="09:00", timezone="Asia/Tokyo")
    assert camp.deadline() == "2026-03-02T00:00:00Z"   # START is 1 March, 21:00 in Tokyo: due 2 March, 09:00 JST


def test_grace_hours_hold_the_round_past_the_deadline_but_not_longer(tmp_path):
    camp = scheduled(tmp_path, deadline_days=2, deadline_at="12:00", grace_hours=3)
    deadline = START + timedelta(days=2)
    with freeze_time(deadline + timedelta(hours=2, minutes=59)):
        assert "resolved" not in run("tick", camp.folder).out
    with freeze_time(deadline + timedelta(hours=3)):
        assert "resolved round 1" in run("tick", camp.folder).out


def test_where_final_orders_are_asked_for_the_round_waits_until_everyone_is_final(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48, settings={"require_final": True})
    for player in ("ann", "bob", "cho"):
        path = order_file(camp.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
        if player != "cho":
            path.write_text(path.read_text() + "final = true\n")
    with freeze_time(START + timedelta(hours=1)):
        first = run("tick", camp.folder)
    assert first.out.count("accepted") == 3 and "resolved" not in first.out
    ack = next(p for p in (camp.folder / "outbox").glob("ack-*-cho.eml")).read_text()
    assert "not marked final" in ack
    final = order_file(camp.folder / "inbox", "cho", 1, ["Edo"], token=TOKENS["cho"])
    final.write_text(final.read_text() + "final = true\n")
    with freeze_time(START + timedelta(hours=2)):
        assert "resolved round 1" in run("tick", camp.folder).out


def test_orders_not_marked_final_still_count_at_the_deadline(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48, settings={"require_final": True})
    for player in ("ann", "bob", "cho"):
        order_file(camp.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    with freeze_time(START + timedelta(hours=48)):
        assert "resolved round 1" in run("tick", camp.folder).out
    assert Campaign.load(camp.folder).read_json(1, "inputs.json")["defaulted"] == []


def test_an_unknown_time_zone_is_refused_and_leaves_no_folder(tmp_path):
    result = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
                 "--player", "bob=bob@example.org", "--deadline-days", "3", "--timezone", "Europe/Atlantis")
    assert result.code == 2 and "Europe/Atlantis" in result.err
    assert list(tmp_path.iterdir()) == []


def test_the_gm_reads_times_in_the_campaigns_zone_with_the_recorded_utc_beside_them(tmp_path):
    camp = scheduled(tmp_path, deadline_days=3, deadline_at="20:00", timezone="Europe/Berlin")
    shown = run("status", camp.folder).out
    assert "Deadline:   2026-03-04 20:00 CET (2026-03-04T19:00:00Z)" in shown
    assert json.loads(run("status", camp.folder, "--json").out)["deadline_local"] == "2026-03-04 20:00 CET"
    with clock.frozen_at(START + timedelta(hours=1)):
        moved = run("deadline", camp.folder, "--extend", "1d").out
    assert "Round 1 is now due by 2026-03-05 20:00 CET (2026-03-05T19:00:00Z)" in moved
    for player in ("ann", "bob", "cho"):
        order_file(camp.folder / "inbox", player, 1, ["Gifu"], token=TOKENS[player])
    with clock.frozen_at(datetime(2026, 3, 28, 10, 0, tzinfo=timezone.utc)):   # the Saturday before summer time
        ticked = run("tick", camp.folder).out
    assert "resolved round 1; round 2 due 2026-03-31 20:00 CEST (2026-03-31T18:00:00Z)" in ticked


def test_a_player_asking_for_the_status_reads_the_deadline_in_their_language_and_zone(tmp_path):
    from pbem.status import campaign_status, format_status

    camp = scheduled(tmp_path, deadline_days=3, deadline_at="20:00", timezone="Europe/Berlin")
    shown = format_status(campaign_status(Campaign.load(camp.folder)), "es")
    assert "Plazo:         miércoles, 4 de marzo de 2026, 20:00 (CET) (2026-03-04T19:00:00Z)" in shown
