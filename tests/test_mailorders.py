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


ORIGINAL_FORM = 'round = 3\nplayer = "ann"\ntoken = "PUT-YOUR-TOKEN-HERE"\ntargets = [\n  "Gifu",\n]\n'


def test_an_outlook_reply_keeps_the_original_below_a_separator_and_only_the_answer_counts():
    body = (f"{ORDERS}\n-----Original Message-----\nFrom: pbem war <gm@example.org>\n"
            f"Sent: Monday, March 2, 2026 12:00 PM\nTo: Ann <ann@example.org>\nSubject: [war] Round 2 report\n\n"
            f"Your report ...\n\n{ORIGINAL_FORM}")
    expect_orders(mail(body), "body")


def test_an_outlook_reply_with_a_from_block_under_a_rule_only_the_answer_counts():
    body = (f"{ORDERS}\n\n________________________________\nFrom: pbem war <gm@example.org>\n"
            f"Sent: Monday, 2 March 2026 12:00\n\n{ORIGINAL_FORM}")
    expect_orders(mail(body), "body")


def test_a_gmail_html_reply_with_the_form_edited_inside_the_blockquote_is_found():
    lines = "".join(f"{line.replace(chr(34), '&quot;')}<br>" for line in ORDERS.splitlines())
    html = ('<div dir="ltr">Edited below.</div><br><div class="gmail_quote"><div dir="ltr">On Mon, 2 Mar 2026 '
            'at 12:00, pbem war &lt;gm@example.org&gt; wrote:<br></div><blockquote class="gmail_quote">'
            f"Your report ...<br><br>{lines}</blockquote></div>")
    expect_orders(mail(html, subtype="html"), "html")


def test_a_gmail_html_reply_written_above_the_quoted_form_wins():
    lines = "".join(f"<div>{line.replace(chr(34), '&quot;')}</div>" for line in ORDERS.splitlines())
    quoted = "".join(f"{line.replace(chr(34), '&quot;')}<br>" for line in ORIGINAL_FORM.splitlines())
    html = (f'<div dir="ltr">{lines}</div><br><div class="gmail_quote">On Mon, 2 Mar 2026, GM wrote:<br>'
            f"<blockquote>{quoted}</blockquote></div>")
    expect_orders(mail(html, subtype="html"), "html")


def test_a_format_flowed_body_has_its_soft_line_breaks_joined():
    flowed = ORDERS.replace('token = "t0k3n"\n', 'token = \n"t0k3n"\n')   # a soft break: the line ends in a space
    raw = mail(flowed).replace(b'text/plain; charset="utf-8"', b'text/plain; charset="utf-8"; format=flowed')
    expect_orders(raw, "body")


def test_smart_quotes_put_in_by_a_phone_are_read_as_plain_quotes():
    smart = ORDERS.replace('"ann"', "\u201cann\u201d").replace('"t0k3n"', "\u201ct0k3n\u201d")
    smart = smart.replace('"Kasugayama"', "\u201cKasugayama\u201d").replace('"auto"', "\u201cauto\u201d")
    found = expect_orders(mail(smart), "body")
    assert tomllib.loads(found.text)["player"] == "ann"


def test_a_japanese_mail_in_iso_2022_jp_is_read():
    expect_orders(mail("お世話になります。\n\n" + ORDERS + "# 攻撃!\n", charset="iso-2022-jp"), "body")


def test_an_attachment_sent_as_octet_stream_in_base64_is_read():
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.org", "gm@example.org", "orders"
    message.set_content("See the attachment.")
    message.add_attachment(ORDERS.encode("utf-8"), maintype="application", subtype="octet-stream",
                           filename="orders.toml")
    expect_orders(message.as_bytes(), "attachment")
