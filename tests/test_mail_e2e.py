"""A campaign played through real mail servers: players send by SMTP, pbem tick fetches over IMAP,
resolves and sends, and each player reads their own mailbox. Then the faults: servers down or
refusing, the tick killed at several moments, a message delivered twice."""
from __future__ import annotations

import signal
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem import clock
from pbem.campaign import Campaign, Player
from pbem.create import new_campaign
from tests.conftest import START, TOKENS, run, run_process
from tests.support.mailplay import (
    ADDRESSES,
    GM,
    PLAYERS,
    acks,
    body,
    mail_campaign,
    mailbox,
    orders_mail,
    report_file,
    reports,
    send_by_smtp,
)
from tests.support.mailservers import MailServers


@pytest.fixture
def war(tmp_path, servers) -> Campaign:
    return mail_campaign(tmp_path / "war", servers)


def test_a_round_by_mail_reaches_every_player_and_no_player_sees_anothers_report(war, servers):
    first = run("tick", war.folder)
    assert first.code == 0 and "sent 3" in first.out, first
    for player in PLAYERS:
        send_by_smtp(servers, player, orders_mail(player))
    result = run("tick", war.folder)
    assert result.code == 0, result.err
    assert "mail: 3 accepted" in result.out and "resolved round 1" in result.out
    camp = Campaign.load(war.folder)
    for player in PLAYERS:
        messages = mailbox(servers, player)
        assert {m["To"].addresses[0].addr_spec for m in messages} == {f"{player}@example.org"}
        assert [m["Subject"] for m in messages] == [
            "[war] Welcome", "[war] Round 1 orders accepted", "[war] Round 1 report"]
        ack = messages[1]
        assert ack["In-Reply-To"] == f"<{player}-r1-Gifu@example.org>"
        assert 'targets = ["Gifu"]' in body(ack) and TOKENS[player] not in body(ack)
        assert reports(servers, player, 1) == [report_file(camp, player, 1)]
        others = {report_file(camp, other, 1) for other in PLAYERS if other != player}
        assert not others & {body(m) for m in messages}
    assert servers.messages(GM) == [] and len(servers.messages(GM, "pbem-taken")) == 3


def test_a_player_asks_by_mail_for_the_report_again(war, servers):
    ask = EmailMessage()
    ask["From"], ask["To"], ask["Subject"], ask["Message-ID"] = "bob@example.org", GM, "[war] report", "<ask@ex.org>"
    ask.set_content("Could I have my report again? I lost it.\n")
    send_by_smtp(servers, "bob", ask.as_bytes())
    assert run("tick", war.folder).code == 0
    [answer] = [m for m in mailbox(servers, "bob") if "sent again" in m["Subject"]]
    assert body(answer) == report_file(war, "bob", 0)
    assert [m["Subject"] for m in mailbox(servers, "ann")] == ["[war] Welcome"]


def test_the_same_message_delivered_twice_is_taken_and_answered_once(war, servers):
    raw = orders_mail("ann")
    servers.deliver(raw, [GM])
    servers.deliver(raw, [GM])
    result = run("tick", war.folder)
    assert "mail: 1 accepted" in result.out, result.out
    assert len(acks(servers, "ann")) == 1
    assert servers.messages(GM) == [] and len(servers.messages(GM, "pbem-taken")) == 2


def test_with_the_imap_server_down_nothing_is_resolved_at_the_deadline_and_nothing_is_lost(tmp_path, servers):
    camp = mail_campaign(tmp_path / "war", servers, deadline_hours=48)
    for player in ("ann", "bob"):
        send_by_smtp(servers, player, orders_mail(player))
    servers.stop_imap()
    with clock.frozen_at(START + timedelta(hours=49)):
        down = run("tick", camp.folder)
    assert down.code == 1 and "FAILED: fetch: cannot reach IMAP server" in down.err
    assert "not resolved" in down.out and Campaign.load(camp.folder).last_round == 0
    servers.start_imap()
    with clock.frozen_at(START + timedelta(hours=50)):
        up = run("tick", camp.folder)
    assert up.code == 0 and "mail: 2 accepted" in up.out and "resolved round 1" in up.out
    assert Campaign.load(camp.folder).read_json(1, "inputs.json")["defaulted"] == ["cho"]
    for player in PLAYERS:
        assert len(reports(servers, player, 1)) == 1


def test_with_the_smtp_server_refusing_the_reports_wait_and_go_out_once_later(war, servers):
    for player in PLAYERS:
        servers.deliver(orders_mail(player), [GM])
    servers.smtp_refuse = "451 4.3.0 try again later"
    with clock.frozen_at(START + timedelta(hours=1)):
        refused = run("tick", war.folder)
    assert refused.code == 1 and "FAILED: send" in refused.err and "resolved round 1" in refused.out
    assert all(mailbox(servers, player) == [] for player in PLAYERS)
    servers.smtp_refuse = None
    with clock.frozen_at(START + timedelta(hours=1, seconds=30)):
        assert run("tick", war.folder).out == ""     # the retry waits a minute
    with clock.frozen_at(START + timedelta(hours=1, minutes=2)):
        later = run("tick", war.folder)
    assert later.code == 0 and "sent 9" in later.out   # welcome, acknowledgement and report, for three players
    camp = Campaign.load(war.folder)
    for player in PLAYERS:
        assert reports(servers, player, 1) == [report_file(camp, player, 1)]
        assert len(acks(servers, player)) == 1
    assert not list((war.folder / "outbox").glob("*.eml"))


CRASH_POINTS = ["mail-kept", "mail-recorded:2", "mail-batch-synced", "round-committed", "smtp-accepted",
                "one-sent:4"]


@pytest.mark.parametrize("crash_at", CRASH_POINTS)
def test_a_tick_killed_at_any_moment_is_finished_by_the_next_without_loss_or_double_reports(
        war, servers, crash_at):
    assert run("tick", war.folder).code == 0       # the welcome letters are out
    for player in PLAYERS:
        send_by_smtp(servers, player, orders_mail(player))
    killed = run_process("tick", war.folder, crash_at=crash_at)
    assert killed.returncode == -signal.SIGKILL, killed
    rerun = run_process("tick", war.folder)
    assert rerun.returncode == 0, rerun.stderr
    camp = Campaign.load(war.folder)
    assert camp.resolved_rounds() == [0, 1]
    assert camp.read_json(1, "inputs.json")["defaulted"] == []          # no order lost
    delivered = [m["Message-ID"] for player in PLAYERS for m in mailbox(servers, player)]
    duplicates = len(delivered) - len(set(delivered))
    # The one window allowed: killed after the server accepted a message and before it was recorded sent.
    assert duplicates == (1 if crash_at == "smtp-accepted" else 0)
    for player in PLAYERS:
        assert set(reports(servers, player, 1)) == {report_file(camp, player, 1)}
        assert len({m["Message-ID"] for m in acks(servers, player)}) == 1
    assert servers.messages(GM) == [] and not list((war.folder / "outbox").glob("*.eml"))


@pytest.mark.parametrize("game", ["age-of-war", "ikusa"])
def test_the_order_form_sent_back_as_a_quoted_reply_is_taken_for_every_game(tmp_path, servers, game):
    with clock.frozen_at(START):
        made = new_campaign(tmp_path / "war", game_name=game, gm=GM, secret=b"k" * 32, tokens=TOKENS,
                            players=[Player(p, f"{p}@example.org") for p in PLAYERS])
    camp = Campaign.load(made.folder)
    camp.mail = {"imap": {"host": servers.host, "port": servers.imap_port, "security": "none", "user": GM},
                 "smtp": {"host": servers.host, "port": servers.smtp_port, "security": "none"}}
    camp.save()
    camp.set_secret("imap_password", servers.password(GM))
    for player in PLAYERS:
        form = run("orders", "template", camp.folder, player).out.replace("PUT-YOUR-TOKEN-HERE", TOKENS[player])
        reply = EmailMessage()
        reply["From"], reply["To"], reply["Subject"] = f"{player}@example.org", GM, "Re: [war] Round 0 report"
        reply["Message-ID"] = f"<{player}-form@example.org>"
        quoted = "".join(f"> {line}\n" for line in form.splitlines())
        reply.set_content(f"Here you go.\n\nOn Sun, 1 Mar 2026, pbem war <{GM}> wrote:\n{quoted}",
                          cte="quoted-printable")
        send_by_smtp(servers, player, reply.as_bytes())
    result = run("tick", camp.folder)
    assert result.code == 0, result.err
    assert "mail: 3 accepted" in result.out and "resolved round 1" in result.out
    assert Campaign.load(camp.folder).read_json(1, "inputs.json")["defaulted"] == []
    for player in PLAYERS:
        assert len(acks(servers, player)) == 1 and len(reports(servers, player, 1)) == 1


@pytest.fixture
def tls_servers(dovecot, tmp_path):
    with MailServers(tmp_path / "tls-servers", ADDRESSES, tls=True) as servers:
        yield servers


def tls_campaign(folder: Path, servers: MailServers, imap_security: str, trusted: bool = True) -> Campaign:
    camp = mail_campaign(folder, servers)
    trust = {"ca_file": str(servers.ca_file)} if trusted else {}
    port = servers.imaps_port if imap_security == "tls" else servers.imap_port
    camp.mail = {"imap": {"host": "localhost", "port": port, "security": imap_security, "user": GM, **trust},
                 "smtp": {"host": "localhost", "port": servers.smtp_port, "security": "starttls", "user": GM,
                          **trust}}
    camp.save()
    camp.set_secret("smtp_password", servers.password(GM))
    return camp


@pytest.mark.parametrize("imap_security", ["tls", "starttls"])
def test_a_round_over_tls_and_starttls_with_passwords(tmp_path, tls_servers, imap_security):
    camp = tls_campaign(tmp_path / "war", tls_servers, imap_security)
    for player in PLAYERS:
        send_by_smtp(tls_servers, player, orders_mail(player))
    result = run("tick", camp.folder)
    assert result.code == 0, result.err
    assert "mail: 3 accepted" in result.out and "resolved round 1" in result.out and "sent 9" in result.out
    for player in PLAYERS:
        assert reports(tls_servers, player, 1) == [report_file(camp, player, 1)]


def test_a_server_whose_certificate_is_not_trusted_is_refused_and_nothing_is_lost(tmp_path, tls_servers):
    camp = tls_campaign(tmp_path / "war", tls_servers, "tls", trusted=False)
    send_by_smtp(tls_servers, "ann", orders_mail("ann"))
    refused = run("tick", camp.folder)
    assert refused.code == 1 and "certificate verify failed" in refused.err
    assert len(tls_servers.messages(GM)) == 1 and len(list((camp.folder / "outbox").glob("*.eml"))) == 3
    trusted = tls_campaign(tmp_path / "war2", tls_servers, "tls")
    camp.mail = trusted.mail
    camp.save()
    with clock.frozen_at(clock.now() + timedelta(minutes=5)):   # past the wait before the next try to send
        assert "mail: 1 accepted" in run("tick", camp.folder).out
    assert tls_servers.messages(GM) == []


def test_two_campaigns_share_one_mailbox_and_each_takes_only_its_own_mail(tmp_path, servers):
    war = mail_campaign(tmp_path / "war", servers)
    feud = mail_campaign(tmp_path / "feud", servers)
    send_by_smtp(servers, "ann", orders_mail("ann"))
    for_feud = orders_mail("bob", message_id="<bob-feud@example.org>", subject="Re: [feud] Round 0 report")
    send_by_smtp(servers, "bob", for_feud.replace(b'campaign = "war"', b'campaign = "feud"'))
    first = run("fetch", war.folder)
    assert first.code == 0 and "accepted" in first.out and "1 message for other campaigns" in first.out
    assert list(Campaign.load(war.folder).pending_orders()) == ["ann"]
    assert len(servers.messages(GM)) == 1                      # feud's mail waits for feud
    second = run("fetch", feud.folder)
    assert second.code == 0 and list(Campaign.load(feud.folder).pending_orders()) == ["bob"]
    assert servers.messages(GM) == [] and run("fetch", war.folder).out == "no new mail\n"
