"""Delivery over SMTP to a real server on loopback (aiosmtpd): sent once, never lost, retried later."""
from __future__ import annotations

import email
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from conftest import START, run
from freezegun import freeze_time

from pbem.campaign import Campaign
from tests.support.mailservers import free_ports


class Mailbox:
    """An SMTP handler that keeps what it accepts, or refuses with a chosen reply."""

    def __init__(self):
        self.messages = []
        self.refuse = None

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return self.refuse
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


@pytest.fixture
def smtp():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_ports(1)[0])
    controller.start()
    yield box, controller.port
    controller.stop()


def configure(campaign, port):
    camp = Campaign.load(campaign.folder)
    camp.mail = {"smtp": {"host": "127.0.0.1", "port": port, "security": "none"}}
    camp.save()
    return camp


def test_the_outbox_is_delivered_and_each_message_moves_to_sent(campaign, smtp):
    box, port = smtp
    configure(campaign, port)
    waiting = sorted(p.name for p in (campaign.folder / "outbox").glob("*.eml"))
    result = run("send", campaign.folder)
    assert result.code == 0, result.err
    assert sorted(p.name for p in (campaign.folder / "sent").glob("*.eml")) == waiting
    assert list((campaign.folder / "outbox").glob("*.eml")) == []
    received = {rcpt[0]: email.message_from_bytes(content) for _, rcpt, content in box.messages}
    assert sorted(received) == ["ann@example.org", "bob@example.org", "cho@example.org"]
    assert all(sender == "gm@example.org" for sender, _, _ in box.messages)
    assert run("send", campaign.folder).code == 0
    assert len(box.messages) == 3, "a second run sends nothing again"


def test_a_refusing_server_keeps_the_mail_and_a_later_run_delivers_it_once(campaign, smtp):
    box, port = smtp
    configure(campaign, port)
    box.refuse = "451 try again later"
    with freeze_time(START):
        failed = run("send", campaign.folder)
        assert failed.code == 1 and "451" in failed.err
        assert len(list((campaign.folder / "outbox").glob("*.eml"))) == 3
        box.refuse = None
        early = run("send", campaign.folder)
        assert early.code == 0 and "waiting to retry 3" in early.out and box.messages == []
    with freeze_time(START + timedelta(minutes=2)):
        assert run("send", campaign.folder).code == 0
    assert len(box.messages) == 3
    assert len(list((campaign.folder / "sent").glob("*.eml"))) == 3
    assert not (campaign.folder / "outbox" / ".retry.json").read_text().strip("{}\n ")


def test_a_server_that_is_down_loses_nothing(campaign):
    configure(campaign, free_ports(1)[0])  # nothing listens there
    with freeze_time(START):
        result = run("send", campaign.folder)
    assert result.code == 1 and "cannot reach" in result.err
    assert len(list((campaign.folder / "outbox").glob("*.eml"))) == 3
    assert list((campaign.folder / "sent").glob("*.eml")) == []


def test_a_campaign_that_sets_no_smtp_user_sends_without_logging_in(campaign, smtp):
    box, port = smtp   # this server offers no AUTH at all: a login attempt would fail every send
    camp = configure(campaign, port)
    assert "user" not in camp.mail["smtp"]
    result = run("send", camp.folder)
    assert result.code == 0, result.err
    assert "sent 3, failed 0" in result.out and len(box.messages) == 3


def test_a_server_that_offers_no_login_while_a_user_is_set_names_the_setting_to_remove(campaign, smtp):
    box, port = smtp
    camp = configure(campaign, port)
    camp.mail["smtp"]["user"] = "gm@example.org"
    camp.save()
    with freeze_time(START):
        result = run("send", camp.folder)
    assert result.code == 1 and box.messages == []
    assert "offers no login (SMTP AUTH)" in result.err and "remove that user line" in result.err
    assert "user = 'gm@example.org'" in result.err and "cannot reach" not in result.err


def test_send_now_retries_at_once_without_waiting_for_the_retry_time(campaign, smtp):
    box, port = smtp
    configure(campaign, port)
    box.refuse = "451 try again later"
    with freeze_time(START):
        assert run("send", campaign.folder).code == 1
        box.refuse = None
        early = run("send", campaign.folder)
        assert "waiting to retry 3 (pbem send --now tries them at once)" in early.out and box.messages == []
        now = run("send", campaign.folder, "--now")
    assert now.code == 0 and "sent 3, failed 0, waiting to retry 0" in now.out
    assert len(box.messages) == 3


def test_send_without_a_server_set_says_how_to_set_one(campaign):
    result = run("send", campaign.folder)
    assert result.code == 2 and "[mail.smtp]" in result.err


def test_every_message_to_a_player_threads_under_the_welcome_letter(campaign):
    from email import message_from_bytes, policy

    run("resolve", campaign.folder, "--force")
    messages = {p.name: message_from_bytes(p.read_bytes(), policy=policy.default)
                for p in (campaign.folder / "outbox").glob("*ann*.eml")}
    welcome = messages.pop("welcome-ann.eml")
    assert welcome["References"] is None
    assert messages and all(m["References"] == welcome["Message-ID"] for m in messages.values())


def test_a_mail_password_is_kept_in_the_secrets_file_and_the_environment_wins(campaign, monkeypatch):
    import io
    import stat

    monkeypatch.setattr("sys.stdin", io.StringIO("s3cret pass\n"))
    result = run("secret", campaign.folder, "imap_password")
    assert result.code == 0, result.err
    camp = Campaign.load(campaign.folder)
    assert camp.mail_password("imap") == "s3cret pass"
    assert stat.S_IMODE(camp.secrets_path.stat().st_mode) == 0o600
    assert "s3cret" not in (camp.folder / "campaign.toml").read_text()
    monkeypatch.setenv("PBEM_IMAP_PASSWORD", "from-env")
    assert camp.mail_password("imap") == "from-env"
    assert camp.mail_password("smtp") is None


@pytest.mark.parametrize("section", ["smtp", "imap"])
def test_a_password_is_never_sent_in_clear_to_another_machine(campaign, section):
    camp = Campaign.load(campaign.folder)
    camp.mail = {section: {"host": "mail.example.org", "port": 25, "security": "none", "user": "gm@example.org"}}
    camp.save()
    result = run("send" if section == "smtp" else "fetch", camp.folder)
    assert result.code == 2 and "in clear to mail.example.org" in result.err


def test_status_tells_the_gm_what_waits_in_the_outbox_and_why_it_failed(campaign):
    camp = Campaign.load(campaign.folder)
    camp.mail = {"smtp": {"host": "127.0.0.1", "port": free_ports(1)[0], "security": "none"}}
    camp.save()
    with freeze_time(START):
        run("send", camp.folder)
    status = run("status", camp.folder).out
    assert "Outbox:     3 messages waiting; 3 failed to send, next try 2026-03-01T12:01:00Z" in status
    assert "cannot reach 127.0.0.1" in status
