"""Outgoing mail as RFC 5322 files in outbox/, ready for any transport.

File names and Message-IDs are derived from what the message is (campaign,
round, round hash, player, kind), so writing the outbox again after a crash
makes the same files and never a second copy of a delivered message.
"""
from __future__ import annotations

from datetime import datetime
from email import charset, policy
from email.mime.text import MIMEText
from email.utils import format_datetime, formataddr

from pbem.campaign import Campaign
from pbem.files import write_atomic


def compose(campaign: Campaign, to: str, subject: str, body: str, *, key: str, moment: datetime,
            in_reply_to: str | None = None, headers: dict[str, str] | None = None) -> bytes:
    player = campaign.player(to)
    message = MIMEText(body, "plain", _body_charset(body))
    message["From"] = formataddr((f"pbem {campaign.name}", campaign.gm))
    message["To"] = formataddr((player.name, player.email))
    message["Reply-To"] = campaign.gm
    message["Subject"] = f"[{campaign.name}] {subject}"
    message["Date"] = format_datetime(moment)
    message["Message-ID"] = message_id(campaign, key)
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
        message["References"] = in_reply_to
    message["X-Pbem-Campaign"] = campaign.name
    for name, value in (headers or {}).items():
        message[name] = value
    return message.as_bytes(policy=policy.SMTP)


_UTF8_QP = charset.Charset("utf-8")
_UTF8_QP.body_encoding = charset.QP


def _body_charset(body: str):
    """Plain ASCII travels as it is (readable in the outbox); anything else as quoted-printable UTF-8."""
    if body.isascii() and all(len(line) <= 998 for line in body.splitlines()):
        return "us-ascii"
    return _UTF8_QP


def message_id(campaign: Campaign, key: str) -> str:
    domain = campaign.gm.rpartition("@")[2] or "pbem.invalid"
    return f"<{campaign.name}.{key}@{domain}>"


def post(campaign: Campaign, key: str, data: bytes) -> bool:
    """Put a message in the outbox unless it is there or was sent already; True if written."""
    name = f"{key}.eml"
    if (campaign.folder / "outbox" / name).exists() or (campaign.folder / "sent" / name).exists():
        return False
    write_atomic(campaign.folder / "outbox" / name, data)
    return True
