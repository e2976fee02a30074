"""Hostile mail, built here: what a player who wants to break the game, or a stranger, might send.

Each case is a raw message and what must come of it. `take_hostile` runs one
through the mail intake of a fresh campaign and reports what went wrong, if
anything: an internal failure, an answer to anyone but a registered player,
an answer with an injected header or a secret in it, orders taken that must
not be, or a file written outside the campaign's received/ and outbox/.

Used by tests/test_hostile_mail.py and benchmarks/reliability.py.
"""
from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from dataclasses import dataclass
from email import message_from_bytes, policy
from pathlib import Path

from pbem import clock
from pbem.campaign import Campaign
from pbem.mail_intake import take_raw
from tests.conftest import START, TOKENS

ORDERS = 'campaign = "war"\nround = 1\nplayer = "ann"\ntoken = "' + TOKENS["ann"] + '"\ntargets = ["Gifu"]\n'


def orders_for(camp: Campaign) -> str:
    """ann's orders for the open round of the campaign's game, good ones (its default orders), as she sends them."""
    game = camp.game
    body = game.format_orders(game.default_orders(camp.state(), "ann"))
    return f'campaign = "{camp.name}"\nround = {camp.open_round}\nplayer = "ann"\ntoken = "{TOKENS["ann"]}"\n' + body
CRLF = "\r\n"


@dataclass(frozen=True)
class Case:
    name: str
    raw: bytes
    may_accept: bool = False     # orders that should be taken despite the oddity


def _message(headers: list[tuple[str, str]], body: str | bytes, content_type="text/plain; charset=utf-8",
             extra_head: str = "") -> bytes:
    head = "".join(f"{name}: {value}{CRLF}" for name, value in headers)
    head += f"MIME-Version: 1.0{CRLF}Content-Type: {content_type}{CRLF}{extra_head}"
    data = body if isinstance(body, bytes) else body.replace("\n", CRLF).encode("utf-8")
    return head.encode("utf-8", "surrogateescape") + CRLF.encode() + data


def _basic(subject="Re: [war] Round 0 report", sender="ann@example.org", message_id="<h1@example.org>"):
    return [("From", sender), ("To", "gm@example.org"), ("Subject", subject), ("Message-ID", message_id)]


def _multipart(parts: list[tuple[str, dict, bytes]], boundary="b0undary", headers=None, close=True) -> bytes:
    body = b""
    for content_type, extra, data in parts:
        body += f"--{boundary}{CRLF}Content-Type: {content_type}{CRLF}".encode()
        body += "".join(f"{name}: {value}{CRLF}" for name, value in extra.items()).encode()
        body += CRLF.encode() + data + CRLF.encode()
    if close:
        body += f"--{boundary}--{CRLF}".encode()
    return _message(headers or _basic(), body, content_type=f'multipart/mixed; boundary="{boundary}"')


def _zip(orders: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("orders.toml", orders)
        archive.writestr("../../evil.sh", "#!/bin/sh\nrm -rf /\n")
    return buffer.getvalue()


def _attachment(name: str, data: bytes, content_type="application/octet-stream") -> tuple[str, dict, bytes]:
    return (content_type, {"Content-Disposition": f'attachment; filename="{name}"',
                           "Content-Transfer-Encoding": "base64"}, base64.encodebytes(data))


def cases(orders: str = ORDERS) -> list[Case]:
    """Every case, carrying these orders (Age of War's unless another game's are given)."""
    text = ("text/plain; charset=utf-8", {}, b"See the attachment.")
    nested = "multipart/mixed; boundary=n0"
    deep = b""
    for depth in range(60):
        deep = f"--n{depth}\r\nContent-Type: multipart/mixed; boundary=n{depth + 1}\r\n\r\n".encode() + deep
    return [
        Case("header injection in the subject", _message(
            _basic(subject="=?utf-8?q?report=0D=0ABcc:_eve@evil.example?="), "")),
        Case("header injection in the sender's name", _message(
            _basic(sender="=?utf-8?q?Ann=0D=0ABcc:_eve@evil.example?= <ann@example.org>"), orders), may_accept=True),
        Case("header injection in the message id", _message(
            _basic(message_id="<x@y>\r\n\tBcc: eve@evil.example"), orders), may_accept=True),
        Case("ten thousand references", _message(
            _basic() + [("References", " ".join(f"<r{n}@example.org>" for n in range(10_000)))], orders),
            may_accept=True),
        Case("a forged sender with the subject tag and no token", _message(
            _basic(sender="ann@example.org"), orders.replace(f'token = "{TOKENS["ann"]}"\n', ""))),
        Case("a stranger with a stolen token", _message(_basic(sender="eve@evil.example"), orders)),
        Case("a stranger asking for a player's report", _message(
            _basic(subject="[war] report", sender="eve@evil.example"), "")),
        Case("a zip archive of orders", _multipart([text, _attachment("orders.zip", _zip(orders), "application/zip")])),
        Case("an executable", _multipart([text, _attachment("orders.exe", b"MZ\x90\x00" + bytes(range(256)) * 4)])),
        Case("an executable named like an order file", _multipart(
            [text, _attachment("orders.toml", b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 4)])),
        Case("an attachment named to climb out of the folder", _multipart(
            [text, _attachment("../../../../../tmp/pbem-evil.toml", orders.encode())]), may_accept=True),
        Case("an attachment with an absolute name", _multipart(
            [text, _attachment("/etc/cron.d/pbem.toml", orders.encode())]), may_accept=True),
        Case("a multipart without its closing boundary", _multipart([text, ("text/plain", {}, orders.encode())],
                                                                    close=False), may_accept=True),
        Case("a multipart whose boundary never comes", _message(
            _basic(), orders, content_type='multipart/mixed; boundary="never"'), may_accept=True),
        Case("a multipart without a boundary", _message(_basic(), orders, content_type="multipart/mixed")),
        Case("broken base64", _message(_basic(), "%%%not base64!!!\n",
                                       extra_head=f"Content-Transfer-Encoding: base64{CRLF}")),
        Case("an unknown charset", _message(_basic(), orders, content_type="text/plain; charset=x-klingon"),
             may_accept=True),
        Case("a charset that lies", _message(
            _basic(), orders.encode("utf-8") + "# daimyō\n".encode("utf-16"), content_type="text/plain; charset=ascii"),
            may_accept=True),
        Case("NUL bytes in the body", _message(_basic(), orders.replace("\n", "\x00\n")), may_accept=False),
        Case("raw 8-bit headers", _message(_basic(subject="Re: [war] Ränder \udcff\udcfe"), orders), may_accept=True),
        Case("a header line of 100,000 characters", _message(_basic() + [("X-Long", "x" * 100_000)], orders),
             may_accept=True),
        Case("five hundred parts", _multipart([("text/plain", {}, b"part")] * 500)),
        Case("multiparts nested sixty deep", _message(_basic(), deep, content_type="multipart/mixed; boundary=n0")),
        Case("a mail inside a mail", _multipart([("message/rfc822", {}, _message(_basic(), orders))]),
             may_accept=True),
        Case("an html body with script", _message(
            _basic(), f"<script>alert(1)</script><pre>{orders}</pre>", content_type="text/html; charset=utf-8"),
            may_accept=True),
        Case("no headers at all", b"\r\n" + orders.encode()),
        Case("not a mail", bytes(range(256)) * 16),
        Case("an empty message", b""),
        Case("a nested content type bomb", _message(_basic(), "x", content_type=nested + "; " + "a=b; " * 5000)),
    ]


def snapshot(root: Path, leave_out: Path | None = None) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and not (leave_out and p.is_relative_to(leave_out))}


def take_hostile(camp: Campaign, case: Case, outside: Path) -> list[str]:
    """Run one case through a campaign's mail intake; what went wrong, if anything (an empty list: all well)."""
    problems = []
    before_outside = snapshot(outside, camp.folder)
    before = snapshot(camp.folder)
    with clock.frozen_at(START):
        try:
            outcome = take_raw(camp, case.raw)
        except Exception as exc:   # take_raw must never let anything out
            return [f"crashed: {type(exc).__name__}: {exc}"]
    if "could not be taken" in outcome.detail:
        problems.append(f"an internal failure: {outcome.detail}")
    if outcome.action == "accepted" and not case.may_accept:
        problems.append("orders taken that must not be")
    after = snapshot(camp.folder)
    for name in sorted(set(after) - set(before)):
        expected = name.startswith(("received/mail-", "outbox/mail-")) or name in (
            "log.txt", f"orders/{outcome.player}.json")
        if not expected:
            problems.append(f"wrote {name}")
    if snapshot(outside, camp.folder) != before_outside:
        problems.append("wrote outside the campaign folder")
    registered = {p.email for p in camp.players}
    for name in sorted(set(after) - set(before)):
        if not name.startswith("outbox/"):
            continue
        data = (camp.folder / name).read_bytes()
        answer = message_from_bytes(data, policy=policy.default)
        to = [address.addr_spec for address in answer["To"].addresses]
        if set(to) - registered:
            problems.append(f"answered a stranger: {to}")
        if any(header in answer for header in ("Bcc", "Cc")) or b"evil.example" in data.split(b"\r\n\r\n")[0]:
            problems.append("an injected header in the answer")
        if any(token.encode() in data for token in TOKENS.values()):
            problems.append("a token in the answer")
    return problems
