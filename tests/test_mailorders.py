"""Orders found wherever players put them in a mail: a corpus of realistic messages built here."""
from __future__ import annotations

import tomllib
from email.message import EmailMessage
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

import pytest

from pbem.mailorders import html_to_text, read_mail

ORDERS = 'round = 3\nplayer = "ann"\ntoken = "t0k3n"\ntargets = [\n  "Kasugayama",\n  "auto",\n]\n'


def mail(body: str, *, subtype="plain", charset="utf-8", cte=None, **headers) -> bytes:
    message = EmailMessage()
    message["From"] = headers.pop("sender", "Ann <ann@example.org>")
    message["To"] = "gm@example.org"
    message["Subject"] = "Re: [war] Round 2 report"
    message["Message-ID"] = "<m1@example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body, subtype=subtype, charset=charset, cte=cte)
    return message.as_bytes()


def expect_orders(raw: bytes, where: str):
    found = read_mail(raw)
    assert not found.automatic
    assert found.found_in == where, found
    assert tomllib.loads(found.text)["targets"] == ["Kasugayama", "auto"]
    return found


def test_orders_in_a_plain_body_between_a_greeting_and_a_signature():
    body = f"Hello GM,\n\nhere are my orders:\n\n{ORDERS}\nBanzai!\n-- \nAnn\nSent from my phone\n"
    found = expect_orders(mail(body), "body")
    assert found.sender == "ann@example.org" and found.message_id == "<m1@example.org>"


@pytest.mark.parametrize("cte", ["base64", "quoted-printable"])
def test_any_transfer_encoding_is_read(cte):
    expect_orders(mail(ORDERS + "# daimyō line\n", cte=cte), "body")


def test_a_non_utf8_charset_is_read():
    expect_orders(mail(ORDERS + "# château\n", charset="iso-8859-1"), "body")


def test_orders_edited_inside_a_quoted_reply_are_found():
    quoted = "".join(f"> {line}\n" for line in ("Report on round 2 ...", "", *ORDERS.splitlines()))
    body = f"Done, see below.\n\nOn Mon, 2 Mar 2026 at 12:00, pbem war <gm@example.org> wrote:\n{quoted}"
    expect_orders(mail(body), "quoted reply")


def test_an_answer_written_above_the_quote_wins_over_the_quoted_form():
    quoted = "".join(f"> {line}\n" for line in 'round = 3\ntargets = ["Gifu"]\n'.splitlines())
    body = f"{ORDERS}\nOn Mon, 2 Mar 2026, GM wrote:\n{quoted}"
    expect_orders(mail(body), "body")


def test_an_html_only_body_is_turned_into_text():
    escaped = [line.replace('"', "&quot;") for line in ORDERS.splitlines()]
    html = ("<html><head><style>p {color: red}</style></head><body><p>Hi!</p>"
            + "".join(f"<div>{line}</div>" for line in escaped)
            + "<p>Ann</p></body></html>")
    expect_orders(mail(html, subtype="html"), "html")


def test_an_attached_order_file_is_preferred():
    outer = MIMEMultipart()
    outer["From"], outer["To"], outer["Subject"] = "ann@example.org", "gm@example.org", "orders"
    outer.attach(MIMEText("Orders attached. round = 99 is not them", "plain"))
    part = MIMEText(ORDERS, "plain", "utf-8")
    part.add_header("Content-Disposition", "attachment", filename="ann-round3.toml")
    outer.attach(part)
    expect_orders(outer.as_bytes(), "attachment")


@pytest.mark.parametrize("headers", [
    {"Auto_Submitted": "auto-replied"},
    {"X_Autoreply": "yes"},
    {"Precedence": "bulk"},
    {"sender": "MAILER-DAEMON@example.org"},
])
def test_auto_replies_and_bounces_are_recognised(headers):
    found = read_mail(mail("I am out of the office until Monday.\n" + ORDERS, **headers))
    assert found.automatic and found.text is None


def test_a_mail_without_orders_says_so():
    found = read_mail(mail("Hi, when is the next deadline?\nThanks, Ann\n"))
    assert not found.automatic and found.text is None


def test_html_entities_and_breaks_become_text():
    assert html_to_text("a&nbsp;=&nbsp;&quot;x&quot;<br>b = 2") == 'a = "x"\nb = 2'
