"""Outgoing mail as RFC 5322 files in outbox/, ready for any transport.

File names and Message-IDs are derived from what the message is (campaign,
round, round hash, player, kind), so writing the outbox again after a crash
makes the same files and never a second copy of a delivered message.

Messages are text/plain, or multipart/alternative with an HTML part (reports,
so that mail clients that show plain text in a proportional font still line up
the tables), the page in multipart/related with the picture it shows (a PNG, by its Content-ID), inside
multipart/mixed when files are attached (a report's JSON, gzipped, in base64; a JSON file alone as text);
each part 7bit when it is ASCII (readable in the outbox as it is),
quoted-printable UTF-8 otherwise; a subject in words that are not ASCII as RFC 2047 encoded words. Every
header value is refused if it holds a line break, so nothing a player names can add a header.

The message and its parts are email.message.EmailMessage and MIMEPart, written by the standard library's
generator (CRLF, no folding: POLICY). Each part's body is encoded here before it goes in, and a non-ASCII
subject by email.header.Header, because the library's own encoders write other bytes for the same mail
(base64 lines tied to the header folding width, part headers in another order, no encoder for a JSON file's
line breaks as =0A, a subject's ASCII words left outside the encoded word): the bytes of mail already sent
stay the bytes pbem writes, which the goldens hold.
"""
from __future__ import annotations

import base64
import hashlib
import quopri
from collections.abc import Sequence
from datetime import datetime
from email import policy
from email.header import Header
from email.message import EmailMessage, Message, MIMEPart
from email.utils import format_datetime, formataddr
from typing import cast

from pbem.campaign import Campaign
from pbem.files import write_atomic

MAX_REFERENCES = 10


def compose(campaign: Campaign, to: str, subject: str, body: str, *, key: str, moment: datetime,
            in_reply_to: str | None = None, references: list[str] | None = None,
            headers: dict[str, str] | None = None, address: str | None = None, html: str | None = None,
            related: list[tuple[str, str, str, bytes]] | None = None,
            attachments: list[tuple[str, str, bytes]] | None = None) -> bytes:
    """One message to a player (at `address` instead of the registered one, when given), in plain
    text, with `html` as its HTML alternative when given, `related` as (Content-ID, file name, content type,
    bytes) images the page shows by cid: (multipart/related, RFC 2387, shown inline), and `attachments` as
    (file name, content type, bytes: UTF-8 text, or an image) files after it.

    `in_reply_to` and `references` thread it under the mail it answers; every
    message but the welcome letter also refers to the welcome letter, so that a
    player's mail client shows the whole campaign as one thread.
    """
    player = campaign.player(to)
    fields = [
        ("From", formataddr((f"pbem {campaign.name}", campaign.gm))),
        ("To", formataddr((player.name, address or player.email))),
        ("Reply-To", campaign.gm),
        ("Subject", f"[{campaign.name}] {subject}"),
        ("Date", format_datetime(moment)),
        ("Message-ID", message_id(campaign, key)),
    ]
    root = message_id(campaign, f"welcome-{player.name}")   # every message to a player threads under the welcome
    chain = [ref for ref in (references or []) if ref not in (root, in_reply_to)][-MAX_REFERENCES + 2:]
    chain = ([root] if not key.startswith("welcome-") else []) + chain + ([in_reply_to] if in_reply_to else [])
    if in_reply_to:
        fields.append(("In-Reply-To", in_reply_to))
    if chain:
        fields.append(("References", " ".join(chain)))
    fields.append(("X-Pbem-Campaign", campaign.name))
    fields += list((headers or {}).items())
    fields.append(("MIME-Version", "1.0"))
    page: Part | None = None if html is None else _part("html", html)
    if page is not None and related:
        page = _multipart("related", key + " related", [page] + [_inline_image(*image) for image in related])
    text: Part = _part("plain", body) if page is None else _multipart("alternative", key, [_part("plain", body),
                                                                                       page])
    if attachments:
        text = _multipart("mixed", key + " mixed", [text] + [_attachment(*file) for file in attachments])
    return _bytes(fields, text)


def compose_to_gm(campaign: Campaign, subject: str, body: str, *, key: str, moment: datetime,
                  in_reply_to: str | None = None, references: list[str] | None = None) -> bytes:
    """A message to the game master, at the campaign's GM address, in plain text (the GM's words are English,
    the code's). It says it is an automatic answer (Auto-Submitted), so that where the GM's address is the
    campaign's own mailbox, the answer fetched back is set aside, never taken as a request."""
    fields = [
        ("From", formataddr((f"pbem {campaign.name}", campaign.gm))),
        ("To", campaign.gm),
        ("Subject", f"[{campaign.name}] {subject}"),
        ("Date", format_datetime(moment)),
        ("Message-ID", message_id(campaign, key)),
        ("Auto-Submitted", "auto-replied"),
    ]
    if in_reply_to:
        chain = [ref for ref in (references or []) if ref != in_reply_to][-MAX_REFERENCES + 1:]
        fields += [("In-Reply-To", in_reply_to), ("References", " ".join([*chain, in_reply_to]))]
    fields += [("X-Pbem-Campaign", campaign.name), ("MIME-Version", "1.0")]
    text = _part("plain", body)
    return _bytes(fields, text)


def _multipart(subtype: str, key: str, parts: Sequence[Part]) -> Part:
    """Parts in one multipart part, with a boundary made from the message's key: the same on every run. A
    multipart/related names the type of its first part, the page (RFC 2387)."""
    boundary = "pbem-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    first = '; type="text/html"' if subtype == "related" else ""
    return [("Content-Type", f'multipart/{subtype}; boundary="{boundary}"{first}')], [_mime(*part) for part in parts]


def _attachment(name: str, content_type: str, data: bytes) -> tuple[list[tuple[str, str]], bytes]:
    """A file attached: text (JSON too) as UTF-8 text (_text_attachment), anything else (a picture, a gzip
    file) in base64."""
    if content_type.startswith("text/") or content_type == "application/json":
        return _text_attachment(name, content_type, data)
    encoded = base64.encodebytes(data).replace(b"\n", b"\r\n")   # lines of 76 characters
    return [("Content-Type", f'{content_type}; name="{name}"'),
            ("Content-Disposition", f'attachment; filename="{name}"'),
            ("Content-Transfer-Encoding", "base64")], encoded.removesuffix(b"\r\n")


def _inline_image(content_id: str, name: str, content_type: str, data: bytes) -> tuple[list[tuple[str, str]], bytes]:
    """An image the page beside it shows (<img src="cid:...">): inline, in base64, named for a client that lists
    it anyway."""
    fields, encoded = _attachment(name, content_type, data)
    return [fields[0], ("Content-ID", f"<{content_id}>"), ("Content-Disposition", f'inline; filename="{name}"'),
            fields[2]], encoded


def _text_attachment(name: str, content_type: str, data: bytes) -> tuple[list[tuple[str, str]], bytes]:
    """A text file attached, quoted-printable (a JSON report is one long line, which mail may not carry),
    its own line breaks written as =0A so that it decodes to the very bytes it was."""
    lines = [quopri.encodestring(line) for line in data.split(b"\n")]
    encoded = b"=\n=0A=\n".join(lines)
    if encoded.endswith(b"=\n"):   # the file's last line break: the part ends there (the delimiter's own comes next)
        encoded = encoded[:-2]
    encoded = encoded.replace(b"\n", b"\r\n")
    return [("Content-Type", f'{content_type}; charset="utf-8"; name="{name}"'),
            ("Content-Disposition", f'attachment; filename="{name}"'),
            ("Content-Transfer-Encoding", "quoted-printable")], encoded


def _part(subtype: str, text: str) -> tuple[list[tuple[str, str]], bytes]:
    """A text part: 7bit when it is short-lined ASCII (readable as it is), quoted-printable UTF-8 otherwise."""
    text = text.replace("\r\n", "\n")
    if text.isascii() and all(len(line) <= 998 for line in text.split("\n")):
        charset, encoding, data = "us-ascii", "7bit", text.replace("\n", "\r\n").encode("ascii")
    else:
        charset, encoding = "utf-8", "quoted-printable"
        data = quopri.encodestring(text.encode("utf-8")).replace(b"\n", b"\r\n")
    if not data.endswith(b"\r\n"):
        data += b"\r\n"
    return [("Content-Type", f'text/{subtype}; charset="{charset}"'), ("Content-Transfer-Encoding", encoding)], data


POLICY = policy.SMTP.clone(max_line_length=None)
"""CRLF line ends, and no folding: every header is written on one line, as it was before EmailMessage."""

Fields = list[tuple[str, str]]
Part = tuple[Fields, "bytes | list[MIMEPart]"]   # header fields, and the body encoded or the parts within


def _mime(fields: Fields, payload: bytes | list[MIMEPart], part: MIMEPart | None = None) -> MIMEPart:
    """A part (or the message, as `part`) with these header fields and payload: bytes already encoded by
    its Content-Transfer-Encoding, or a list of parts."""
    part = MIMEPart(POLICY) if part is None else part
    for name, value in fields:
        if value.isascii():
            part[name] = _safe(name, value)
        else:   # the policy would re-encode only the non-ASCII words and refuse Header's folds: kept as written
            part.set_raw(name, _safe(name, value))
    part.set_payload(cast("list[Message | str]", payload) if isinstance(payload, list) else payload.decode("ascii"))
    return part


def _bytes(fields: Fields, text: Part) -> bytes:
    return _mime(fields + text[0], text[1], EmailMessage(POLICY)).as_bytes()


WORDS = ("Subject",)
"""The headers of words (in the player's language), written as RFC 2047 encoded words when not ASCII."""


def _safe(name: str, value: str) -> str:
    if "\r" in value or "\n" in value:
        raise ValueError(f"refusing a {name} header that holds a line break: {value!r}")
    if value.isascii():
        return value
    if name not in WORDS:
        raise ValueError(f"refusing a {name} header that holds non-ASCII text: {value!r}")
    return Header(value, "utf-8", header_name=name).encode(linesep="\r\n")


def message_id(campaign: Campaign, key: str) -> str:
    domain = campaign.gm.rpartition("@")[2] or "pbem.invalid"
    return f"<{campaign.name}.{key}@{domain}>"


def posted(campaign: Campaign, key: str) -> bool:
    """Whether the message is in the outbox or was sent already."""
    name = f"{key}.eml"
    return (campaign.folder / "outbox" / name).exists() or (campaign.folder / "sent" / name).exists()


def post(campaign: Campaign, key: str, data: bytes) -> bool:
    """Put a message in the outbox unless it is there or was sent already; True if written."""
    if posted(campaign, key):
        return False
    write_atomic(campaign.folder / "outbox" / f"{key}.eml", data)
    return True
