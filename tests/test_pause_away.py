"""A campaign paused and resumed, and players away for a while, with the clock set by pbem.clock.frozen_at."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from conftest import START, make_campaign, order_file, run

from pbem import clock
from pbem.campaign import Campaign
from tests.support.schemas import validator

DEADLINE = START + timedelta(hours=48)   # 2026-03-03T12:00:00Z


def at(hours: float):
    return clock.frozen_at(START + timedelta(hours=hours))


def with_deadline(tmp_path, **settings) -> Campaign:
    camp = make_campaign(tmp_path / "war", deadline_hours=48)
    camp = Campaign.load(camp.folder)
    for name, value in settings.items():
        setattr(camp, name, value)
    camp.save()
    return Campaign.load(camp.folder)


def outbox(camp: Campaign, prefix: str) -> list[str]:
    return sorted(path.name for path in (camp.folder / "outbox").glob(f"{prefix}-*.eml"))


def mail_text(camp: Campaign, name: str) -> str:
    import email

    message = email.message_from_bytes((camp.folder / "outbox" / name).read_bytes())
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode(part.get_content_charset())


def test_a_paused_campaign_is_not_resolved_by_a_tick_past_its_deadline_but_takes_orders_in(tmp_path):
    camp = with_deadline(tmp_path)
    with at(10):
        paused = run("pause", camp.folder, "--reason", "the GM is travelling")
        assert paused.code == 0, paused.err
    order_file(camp.folder / "inbox", "ann", 1, ["Gifu"], token="ann-token-1234")
    with at(60):
        first = run("tick", camp.folder)
        again = run("tick", camp.folder)
    assert first.code == 0 and "accepted" in first.out and "paused since 2026-03-01T22:00:00Z" in first.out
    assert "resolved round" not in first.out and again.out == ""   # said once: cron mails every output
    assert Campaign.load(camp.folder).last_round == 0
    assert "ann" in Campaign.load(camp.folder).pending_orders()
    with at(61):
        status = run("status", camp.folder)
    assert "Paused since 2026-03-01T22:00:00Z (the GM is travelling)" in status.out


def test_resolve_by_hand_is_refused_on_a_paused_campaign_unless_forced(tmp_path):
    camp = with_deadline(tmp_path)
    with at(1):
        run("pause", camp.folder)
    with at(50):
        refused = run("resolve", camp.folder)
        assert refused.code == 2 and "paused" in refused.err
        forced = run("resolve", camp.folder, "--force")
    assert forced.code == 0 and Campaign.load(camp.folder).last_round == 1


def test_resume_moves_the_deadline_by_the_time_paused_and_tells_every_player(tmp_path):
    camp = with_deadline(tmp_path)
    with at(10):
        run("pause", camp.folder, "--reason", "holidays")
    assert outbox(camp, "paused") == [f"paused-r0001-2026-03-01T220000Z-{p}.eml" for p in ("ann", "bob", "cho")]
    assert "Reason: holidays" in mail_text(camp, "paused-r0001-2026-03-01T220000Z-bob.eml")
    with at(10 + 72):
        resumed = run("resume", camp.folder)
    assert resumed.code == 0, resumed.err
    moved = clock.stamp(DEADLINE + timedelta(hours=72))   # 2026-03-06T12:00:00Z
    assert moved in resumed.out and Campaign.load(camp.folder).deadline() == moved
    letters = outbox(camp, "resumed")
    assert len(letters) == 3 and all(moved in mail_text(camp, name) for name in letters)
    assert "the pause that began at 2026-03-01 22:00 UTC." in " ".join(mail_text(camp, letters[0]).split())
    assert not (camp.folder / "pause.json").exists()
    with at(10 + 72 + 1):
        assert "resolved round" not in run("tick", camp.folder).out   # the old deadline is long past
    with clock.frozen_at(clock.parse(moved)):
        assert "resolved round 1" in run("tick", camp.folder).out


def test_the_pause_and_resume_mails_are_in_spanish_for_a_spanish_player(tmp_path):
    camp = with_deadline(tmp_path)
    run("player", "set", camp.folder, "cho", "--language", "es")
    with at(1):
        run("pause", camp.folder, "--reason", "vacaciones")
    with at(5):
        run("resume", camp.folder)
    paused, resumed = outbox(camp, "paused-r0001")[-1], outbox(camp, "resumed-r0001")[-1]
    assert "el máster ha pausado la campaña war" in mail_text(camp, paused)
    assert "vencen el" in mail_text(camp, resumed) and "2026-03-03T16:00:00Z" in mail_text(camp, resumed)


def test_a_resume_killed_after_it_wrote_its_record_is_finished_by_the_next_tick(tmp_path):
    from pbem.pauses import moved_deadline

    camp = with_deadline(tmp_path)
    with at(1):
        run("pause", camp.folder)
    record = json.loads((camp.folder / "pause.json").read_text())
    with at(3):   # what resume writes first, as a kill just after it would leave it
        record |= {"resumed_at": clock.stamp(clock.now()), "deadline": moved_deadline(camp, record, clock.now())}
        (camp.folder / "pause.json").write_text(json.dumps(record))
        run("tick", camp.folder)
    assert Campaign.load(camp.folder).deadline() == "2026-03-03T14:00:00Z"
    assert len(outbox(camp, "resumed")) == 3 and not (camp.folder / "pause.json").exists()


def test_pausing_twice_or_resuming_a_running_campaign_is_refused(tmp_path):
    camp = with_deadline(tmp_path)
    assert run("resume", camp.folder).code == 2
    with at(1):
        assert run("pause", camp.folder).code == 0
        again = run("pause", camp.folder)
    assert again.code == 2 and "paused already" in again.err


def test_an_away_players_missing_orders_are_played_by_the_policy_and_the_report_says_away(tmp_path):
    camp = with_deadline(tmp_path)
    with at(1):
        away = run("player", "away", camp.folder, "bob", "--until", "2026-03-10", "--policy", "computer")
        assert away.code == 0, away.err
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with at(48):
        assert "resolved round 1" in run("tick", camp.folder).out
    camp = Campaign.load(camp.folder)
    inputs = camp.read_json(1, "inputs.json")
    assert inputs["defaulted"] == ["cho"] and inputs["away"] == ["bob"]
    state = camp.state(0)
    assert inputs["orders"]["bob"] == camp.game.computer_orders(camp.game.view(state, "bob"), "bob")
    report = (camp.round_dir(1) / "reports" / "ann.txt").read_text()
    assert "NOTE: bob is away; orders were played in their place" in report
    assert "no orders arrived from cho;" in report and "from bob" not in report
    document = json.loads((camp.round_dir(1) / "reports" / "ann.json").read_text())
    assert document["away"] == ["bob"] and not list(validator(camp.game_name).iter_errors(document))
    assert 'id="away"' in (camp.round_dir(1) / "reports" / "ann.html").read_text()
    assert run("replay", camp.folder).code == 0 and run("verify", camp.folder).code == 0


def test_a_position_handed_to_someone_new_ends_the_leavers_absence(tmp_path):
    camp = with_deadline(tmp_path)
    with at(1):
        assert run("player", "away", camp.folder, "bob", "--until", "2026-03-10").code == 0
        assert "bob" in Campaign.load(camp.folder).away()
        handed = run("player", "replace", camp.folder, "bob", "--email", "robert@example.org")
        assert handed.code == 0, handed.err
        camp = Campaign.load(camp.folder)
        assert "bob" not in camp.away()
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with at(48):
        assert "resolved round 1" in run("tick", camp.folder).out
    inputs = Campaign.load(camp.folder).read_json(1, "inputs.json")
    assert inputs.get("away", []) == [] and "bob" in inputs["defaulted"]


def test_a_rollback_gives_back_the_orders_players_sent_but_not_those_played_for_an_away_player(tmp_path):
    camp = with_deadline(tmp_path)
    with at(1):
        run("player", "away", camp.folder, "bob", "--until", "2026-03-10")
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with at(48):
        run("tick", camp.folder)
        assert run("rollback", camp.folder, "--to", "0", "--reason", "a test").code == 0
    assert sorted(Campaign.load(camp.folder).pending_orders()) == ["ann"]


def test_an_away_player_is_not_waited_for_even_where_the_campaign_waits(tmp_path):
    camp = with_deadline(tmp_path, missing_orders="wait", remind_hours=12)
    with at(1):
        run("player", "away", camp.folder, "cho", "--until", "2026-03-10")
    for player in ("ann", "bob"):
        run("orders", "submit", camp.folder, player, order_file(tmp_path, player, 1, ["Gifu"]))
    with at(40):
        assert run("tick", camp.folder).out == ""   # before the deadline it waits; cho is not reminded
    assert outbox(camp, "remind") == []
    with at(48):
        assert "resolved round 1" in run("tick", camp.folder).out
    inputs = Campaign.load(camp.folder).read_json(1, "inputs.json")
    assert inputs["away"] == ["cho"] and inputs["defaulted"] == []


def test_an_absence_ends_by_itself_after_its_day(tmp_path):
    camp = with_deadline(tmp_path)
    with at(1):
        run("player", "away", camp.folder, "bob", "--until", "2026-03-02")
        status = run("status", camp.folder)
        assert "Away:       bob until 2026-03-03T00:00:00Z" in status.out
    with at(48):   # 2026-03-03 12:00: back since midnight
        assert "Away" not in run("status", camp.folder).out
        assert "resolved round 1" in run("tick", camp.folder).out
    inputs = Campaign.load(camp.folder).read_json(1, "inputs.json")
    assert "away" not in inputs and inputs["defaulted"] == ["ann", "bob", "cho"]


def test_a_day_is_read_in_the_campaigns_zone_and_back_ends_an_absence_sooner(tmp_path):
    camp = make_campaign(tmp_path / "feud", settings={"deadline_days": 3, "deadline_at": "20:00",
                                                      "timezone": "Europe/Berlin"})
    with at(1):
        run("player", "away", camp.folder, "ann", "--until", "2026-03-05")
        info = json.loads(run("status", camp.folder, "--json").out)
        assert info["away"] == {"ann": {"until": "2026-03-05T23:00:00Z", "policy": "default"}}
        assert run("player", "back", camp.folder, "ann").code == 0
        assert "away" not in json.loads(run("status", camp.folder, "--json").out)


@pytest.mark.parametrize("until", ["2026-02-30", "next week", "2026-13-01", "2026-02-28", "2026-03-01T11:00:00Z"])
def test_a_bad_or_past_date_is_refused_with_exit_2(tmp_path, until):
    camp = with_deadline(tmp_path)
    with at(0):
        result = run("player", "away", camp.folder, "bob", "--until", until)
    assert result.code == 2 and "--until" in result.err
    assert not (camp.folder / "away.json").exists()


def test_an_unknown_player_cannot_be_marked_away(tmp_path):
    camp = with_deadline(tmp_path)
    with at(0):
        result = run("player", "away", camp.folder, "dan", "--until", "2026-03-10")
    assert result.code == 2 and "no player named 'dan'" in result.err


def test_the_outage_guard_does_not_count_players_away(tmp_path):
    camp = with_deadline(tmp_path, outage_guard=1)
    with at(1):
        for player in ("bob", "cho"):
            run("player", "away", camp.folder, player, "--until", "2026-03-10")
    run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    with at(48):
        assert "resolved round 1" in run("tick", camp.folder).out
    assert Campaign.load(camp.folder).read_json(1, "inputs.json")["away"] == ["bob", "cho"]


def test_a_campaign_with_a_beacon_cannot_be_paused(tmp_path):
    camp = with_deadline(tmp_path, beacon={"urls": ["http://127.0.0.1:9/"]})
    with at(1):
        refused = run("pause", camp.folder)
    assert refused.code == 2 and "beacon" in refused.err and not (camp.folder / "pause.json").exists()
