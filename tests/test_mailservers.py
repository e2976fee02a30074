"""The real mail servers used by end-to-end tests (tests/support/mailservers.py) do what those tests rely on."""
from __future__ import annotations

import email
import os
import smtplib
import socket
import time

import pytest
from imapclient.exceptions import LoginError

from tests.support.mailservers import MailServers

USERS = ["ann@example.org", "bob@example.org", "gm@example.org"]


@pytest.fixture
def servers(dovecot, tmp_path):
    with MailServers(tmp_path / "servers", USERS) as servers:
        yield servers


def mail(subject: str, sender="ann@example.org", to="gm@example.org") -> bytes:
    """A message as it goes over SMTP, lines ended by CRLF (smtplib sends bytes as they are)."""
    message_id = subject.replace(" ", ".") + "@example.org"
    return (f"From: {sender}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{message_id}>\r\n"
            f"\r\nHello,\r\nthese are my orders for {subject}.\r\n").encode()


def subjects(raw_messages: list[bytes]) -> list[str]:
    return [email.message_from_bytes(raw)["Subject"] for raw in raw_messages]


def connection_refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except ConnectionRefusedError:
        return True
    return False


def test_a_message_sent_by_smtp_arrives_in_the_recipients_imap_mailbox_and_nobody_elses(servers):
    raw = mail("round 3")
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail("ann@example.org", ["gm@example.org"], raw)

    (received,) = servers.messages("gm@example.org")
    assert received.endswith(raw)   # untouched, after the trace headers Dovecot puts on top
    assert servers.messages("ann@example.org") == []
    assert servers.messages("bob@example.org") == []
    assert [(sender, rcpts) for sender, rcpts, _ in servers.smtp_accepted] == [("ann@example.org", ["gm@example.org"])]


def test_a_message_for_two_recipients_arrives_once_in_each_mailbox(servers):
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail("gm@example.org", ["ann@example.org", "bob@example.org"], mail("report", sender="gm@example.org"))

    assert subjects(servers.messages("ann@example.org")) == ["report"]
    assert subjects(servers.messages("bob@example.org")) == ["report"]
    assert servers.messages("gm@example.org") == []


def test_an_unknown_recipient_is_refused_at_rcpt(servers):
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.ehlo()
        smtp.mail("ann@example.org")
        code, _ = smtp.rcpt("stranger@example.org")
        assert code == 550
        smtp.rset()
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            smtp.sendmail("ann@example.org", ["stranger@example.org"], mail("lost"))
        refused = smtp.sendmail("ann@example.org", ["stranger@example.org", "gm@example.org"], mail("half"))

    assert set(refused) == {"stranger@example.org"} and refused["stranger@example.org"][0] == 550
    assert subjects(servers.messages("gm@example.org")) == ["half"]
    assert [rcpts for _, rcpts, _ in servers.smtp_accepted] == [["gm@example.org"]]


def test_the_refuse_switch_makes_the_smtp_server_answer_451_and_deliver_nothing(servers):
    servers.smtp_refuse = "451 4.3.0 try again later"
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            smtp.sendmail("ann@example.org", ["gm@example.org"], mail("round 3"))
        assert refused.value.recipients["gm@example.org"][0] == 451

        # Switched on between RCPT and DATA, while running: DATA is refused too.
        servers.smtp_refuse = None
        smtp.mail("ann@example.org")
        assert smtp.rcpt("gm@example.org")[0] == 250
        servers.smtp_refuse = "451 4.3.0 try again later"
        assert smtp.data(mail("round 3"))[0] == 451

    assert servers.smtp_accepted == []
    assert servers.messages("gm@example.org") == []

    servers.smtp_refuse = None
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail("ann@example.org", ["gm@example.org"], mail("round 3"))
    assert subjects(servers.messages("gm@example.org")) == ["round 3"]


def test_the_mailboxes_survive_an_imap_restart_on_the_same_port(servers):
    servers.deliver(mail("before"), ["gm@example.org"])
    port = servers.imap_port

    servers.stop_imap()
    assert connection_refused(port)
    with pytest.raises(ConnectionRefusedError):
        servers.messages("gm@example.org")

    servers.start_imap()
    assert servers.imap_port == port
    assert subjects(servers.messages("gm@example.org")) == ["before"]


def test_mail_sent_while_imap_is_down_is_accepted_and_arrives_when_it_is_back(servers):
    servers.stop_imap()
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail("ann@example.org", ["gm@example.org"], mail("while down"))
    assert len(servers.smtp_accepted) == 1

    servers.start_imap()
    assert subjects(servers.messages("gm@example.org")) == ["while down"]


def test_the_same_message_delivered_twice_over_lmtp_is_in_the_mailbox_twice_in_arrival_order(servers):
    servers.deliver(mail("first"), ["gm@example.org"])
    servers.deliver(mail("again"), ["gm@example.org"])
    servers.deliver(mail("again"), ["gm@example.org"])

    received = servers.messages("gm@example.org")
    assert subjects(received) == ["first", "again", "again"]
    assert received[1].endswith(mail("again")) and received[2].endswith(mail("again"))


def test_a_user_added_while_running_can_log_in_and_receive_mail_and_a_wrong_password_cannot(servers):
    with pytest.raises(LoginError):
        servers.messages("cho@example.org")
    with pytest.raises(smtplib.SMTPRecipientsRefused):   # Dovecot has just looked the user up
        servers.deliver(mail("too early"), ["cho@example.org"])

    servers.add_user("cho@example.org")
    with smtplib.SMTP(servers.host, servers.smtp_port) as smtp:
        smtp.sendmail("gm@example.org", ["cho@example.org"], mail("welcome", sender="gm@example.org"))
    assert subjects(servers.messages("cho@example.org")) == ["welcome"]

    servers.password = lambda address: "not-the-password"
    with pytest.raises(LoginError):
        servers.messages("cho@example.org")


def test_stop_leaves_no_process_and_no_listening_port_behind(dovecot, tmp_path):
    started = time.monotonic()
    servers = MailServers(tmp_path / "servers", USERS).start()
    assert time.monotonic() - started < 5
    group = servers.dovecot_pid
    ports = [servers.imap_port, servers.lmtp_port, servers.smtp_port]
    os.killpg(group, 0)   # running

    servers.stop()
    with pytest.raises(ProcessLookupError):
        os.killpg(group, 0)
    assert all(connection_refused(port) for port in ports)
    servers.stop()   # twice is harmless
