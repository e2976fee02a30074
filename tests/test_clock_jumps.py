"""The machine's clock jumps back or forward across deadlines: never a round resolved twice or early."""
from __future__ import annotations

from datetime import timedelta

from freezegun import freeze_time

from pbem.campaign import Campaign
from tests.conftest import START, TOKENS, make_campaign, order_file, run


def tick_at(camp, hours: float) -> str:
    with freeze_time(START + timedelta(hours=hours)):
        result = run("tick", camp.folder)
    assert result.code == 0, result.err
    return result.out


def resolved(camp) -> list[int]:
    return Campaign.load(camp.folder).resolved_rounds()


def test_a_clock_that_jumps_back_and_forth_across_deadlines_resolves_each_round_once_and_never_early(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48)
    assert tick_at(camp, 47) == "" and resolved(camp) == [0]
    assert "resolved round 1" in tick_at(camp, 100)            # forward, far past the deadline: once
    assert tick_at(camp, 100) == "" and resolved(camp) == [0, 1]
    assert tick_at(camp, 10) == ""                              # back before round 1 was resolved
    assert tick_at(camp, -500) == ""                            # back before the campaign began
    assert resolved(camp) == [0, 1]
    assert Campaign.load(camp.folder).deadline() == "2026-03-07T16:00:00Z"   # 48 h after the resolution at 100 h
    assert tick_at(camp, 147.9) == "" and resolved(camp) == [0, 1]
    assert "resolved round 2" in tick_at(camp, 148)
    assert tick_at(camp, 148) == "" and tick_at(camp, 20) == "" and resolved(camp) == [0, 1, 2]


def test_after_the_clock_went_back_a_round_with_every_order_in_is_resolved_and_only_once(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48)
    assert "resolved round 1" in tick_at(camp, 60)
    for player in ("ann", "bob", "cho"):
        order_file(camp.folder / "inbox", player, 2, ["Gifu"], token=TOKENS[player])
    out = tick_at(camp, 5)                                      # the clock is hours behind the last resolution
    assert "resolved round 2" in out and resolved(camp) == [0, 1, 2]
    assert tick_at(camp, 5) == "" and tick_at(camp, 52.9) == ""   # round 3 is due 48 h after that resolution
    assert Campaign.load(camp.folder).read_json(2, "inputs.json")["defaulted"] == []
    assert "resolved round 3" in tick_at(camp, 53) and resolved(camp) == [0, 1, 2, 3]


def test_mail_waiting_to_be_retried_is_not_held_for_days_by_a_clock_that_went_back(campaign):
    import json
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]     # nothing listens there
    camp = Campaign.load(campaign.folder)
    camp.mail = {"smtp": {"host": "127.0.0.1", "port": port, "security": "none", "timeout": 1}}
    camp.save()
    with freeze_time(START + timedelta(days=3)):
        assert run("send", camp.folder).code == 1
    with freeze_time(START + timedelta(days=3, seconds=30)):
        assert "waiting to retry 3" in run("send", camp.folder).out   # the first wait is a minute
    with freeze_time(START):                                          # three days back: try again now
        again = run("send", camp.folder)
    assert "failed 3" in again.out
    retry = json.loads((camp.folder / "outbox" / ".retry.json").read_text())
    assert all(entry["attempts"] == 2 for entry in retry.values())
