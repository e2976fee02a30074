"""The cron tick, deadlines and reminders, with the clock set by freezegun."""
from __future__ import annotations

from datetime import timedelta

from conftest import START, TOKENS, make_campaign, order_file, run
from freezegun import freeze_time

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
