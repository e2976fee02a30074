"""Mail servers that stall or drop the line in the middle of a transfer (through tests/support/faultproxy.py):
nothing is lost, nothing is taken twice, and what failed goes through on a later run."""
from __future__ import annotations

from datetime import timedelta

import pytest

from pbem import clock
from pbem.campaign import Campaign
from tests.conftest import START, run
from tests.support.faultproxy import FaultProxy
from tests.support.mailplay import GM, PLAYERS, acks, mail_campaign, mailbox, orders_mail, report_file, reports


@pytest.fixture
def imap_proxy(servers):
    with FaultProxy(servers.imap_port) as proxy:
        yield proxy


@pytest.fixture
def smtp_proxy(servers):
    with FaultProxy(servers.smtp_port) as proxy:
        yield proxy


def proxied_campaign(tmp_path, servers, imap_proxy=None, smtp_proxy=None) -> Campaign:
    camp = mail_campaign(tmp_path / "war", servers)
    if imap_proxy:
        camp.mail["imap"].update(port=imap_proxy.port, timeout=1)
    if smtp_proxy:
        camp.mail["smtp"].update(port=smtp_proxy.port, timeout=1)
    camp.save()
    return camp


def later(minutes: int):
    return clock.frozen_at(START + timedelta(minutes=minutes))


def test_an_imap_server_that_stalls_is_given_up_on_and_its_mail_taken_on_the_next_run(tmp_path, servers, imap_proxy):
    camp = proxied_campaign(tmp_path, servers, imap_proxy=imap_proxy)
    for player in PLAYERS:
        servers.deliver(orders_mail(player), [GM])
    imap_proxy.stall()
    stalled = run("tick", camp.folder)
    assert stalled.code == 1 and "FAILED: fetch" in stalled.err
    assert Campaign.load(camp.folder).pending_orders() == {} and len(servers.messages(GM)) == 3
    imap_proxy.passing()
    assert "mail: 3 accepted" in run("tick", camp.folder).out


@pytest.mark.parametrize("share", [0.0, 0.02, 0.3, 0.97, 0.99])   # of the mail's bytes; past 5/6, the second batch
def test_an_imap_line_dropped_mid_transfer_loses_nothing_and_takes_nothing_twice(
        tmp_path, servers, imap_proxy, share):
    camp = proxied_campaign(tmp_path, servers, imap_proxy=imap_proxy)
    raws = [orders_mail(player, message_id=f"<{player}-{n}@example.org>", castle=castle)
            for n, castle in enumerate(["Gifu", "Edo", "Odani"] * 20) for player in PLAYERS[:1]]
    for raw in raws:                       # 60 mails from ann: more than one batch of 50
        servers.deliver(raw, [GM])
    stored = sum(map(len, servers.messages(GM)))   # as the server sends them, with its trace headers
    imap_proxy.cut("down", int(share * stored) + 200)
    cut = run("tick", camp.folder)
    taken_before = len(list((camp.folder / "received").glob("mail-*.json")))
    assert taken_before == (50 if share > 5 / 6 else 0)   # a whole batch, or none, was taken before the cut
    imap_proxy.passing()
    whole = run("tick", camp.folder)
    assert whole.code == 0, whole.err
    outcomes = sorted((camp.folder / "received").glob("mail-*.json"))
    assert len(outcomes) == 60                     # every mail taken ...
    assert len(servers.messages(GM)) == 0 and len(servers.messages(GM, "pbem-taken")) == 60   # ... and moved once
    answered = [path.name for box in ("outbox", "sent") for path in (camp.folder / box).glob("mail-*.eml")]
    assert len(answered) == len(set(answered)) == 60                                         # answered once each
    assert Campaign.load(camp.folder).pending_orders()["ann"]["orders"]["targets"] == ["Odani"]   # the last one
    assert cut.code == 1 and "FAILED: fetch" in cut.err


def test_an_smtp_server_that_stalls_keeps_the_mail_for_a_later_run(tmp_path, servers, smtp_proxy):
    camp = proxied_campaign(tmp_path, servers, smtp_proxy=smtp_proxy)
    smtp_proxy.stall()
    with later(0):
        stalled = run("send", camp.folder)
    assert stalled.code == 1 and len(list((camp.folder / "outbox").glob("*.eml"))) == 3
    smtp_proxy.passing()
    with later(2):
        assert run("send", camp.folder).code == 0
    assert all([m["Subject"] for m in mailbox(servers, p)] == ["[war] Welcome"] for p in PLAYERS)


@pytest.mark.parametrize("cut_after", [10, 60, 150, 400, 900, 1_500, 3_000])
def test_an_smtp_line_dropped_while_sending_loses_nothing_and_sends_nothing_twice(
        tmp_path, servers, smtp_proxy, cut_after):
    camp = proxied_campaign(tmp_path, servers, smtp_proxy=smtp_proxy)
    for player in PLAYERS:
        servers.deliver(orders_mail(player), [GM])
    smtp_proxy.cut("up", cut_after)                # the client's words are cut: the server never accepts
    with later(0):
        run("tick", camp.folder)
    smtp_proxy.passing()
    for minutes in (2, 6, 15):                     # the retries come after their waits
        with later(minutes):
            run("tick", camp.folder)
    assert not list((camp.folder / "outbox").glob("*.eml"))
    camp = Campaign.load(camp.folder)
    for player in PLAYERS:
        ids = [m["Message-ID"] for m in mailbox(servers, player)]
        assert len(ids) == len(set(ids)) == 3       # welcome, acknowledgement, report: once each
        assert len(acks(servers, player)) == 1
        assert reports(servers, player, 1) == [report_file(camp, player, 1)]


def test_a_disk_full_while_taking_mail_is_told_as_the_disk_not_the_server_and_loses_nothing(
        tmp_path, servers, monkeypatch):
    from pbem import faults

    camp = proxied_campaign(tmp_path, servers)
    for player in PLAYERS:
        servers.deliver(orders_mail(player), [GM])
    monkeypatch.setattr(faults, "_written", 0)
    monkeypatch.setenv("PBEM_DISK_BYTES", "3000")
    full = run("fetch", camp.folder)
    assert full.code == 1 and "cannot write: No space left on device" in full.err and "IMAP" not in full.err
    assert len(servers.messages(GM)) == 3          # nothing moved aside
    monkeypatch.delenv("PBEM_DISK_BYTES")
    assert "accepted" in run("fetch", camp.folder).out
    assert list(Campaign.load(camp.folder).pending_orders()) == list(PLAYERS)
