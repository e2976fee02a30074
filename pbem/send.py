"""Delivery: the outbox over SMTP, each message moved to sent/ only after the server accepted it.

A message the server refuses for now (4xx), or that cannot be sent because the
server is down, stays in the outbox and is tried again on a later run, after a
wait that doubles with every failure (a minute, two, four, ... at most a day).
The waits are kept in outbox/.retry.json. A message is sent twice only if the
process dies between the server's acceptance and the rename into sent/.
"""
from __future__ import annotations

import json
import smtplib
from dataclasses import dataclass, field
from datetime import timedelta
from email.parser import BytesHeaderParser
from email.utils import getaddresses, parseaddr

from pbem import clock
from pbem.campaign import RETRY_FILE, Campaign
from pbem.errors import UserError
from pbem.faults import crash_point
from pbem.files import move_atomic, write_atomic
from pbem.tls import check_clear_text, client_context

FIRST_WAIT = timedelta(minutes=1)
LONGEST_WAIT = timedelta(days=1)


@dataclass
class Delivery:
    sent: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)   # key -> why, this run
    waiting: list[str] = field(default_factory=list)        # not yet due for another try


class NoLogin(Exception):
    """The server offers no login (SMTP AUTH) while campaign.toml names a user to log in as."""


def send_outbox(campaign: Campaign, at_once: bool = False) -> Delivery:
    """Send what is due in the outbox; `at_once` tries every message now, whatever its retry wait."""
    config = campaign.mail.get("smtp")
    if not config or not config.get("host"):
        raise UserError(f"{campaign.folder / 'campaign.toml'}: no [mail.smtp] host to send through; add for example\n"
                        '  [mail.smtp]\n  host = "smtp.example.org"\n  port = 587\n  security = "starttls"\n'
                        '  user = "gm@example.org"   # only for a server that wants a login; '
                        'the password: PBEM_SMTP_PASSWORD or smtp_password in secrets.toml')
    outbox = campaign.folder / "outbox"
    retry = campaign.send_retries()
    now = clock.now()
    result = Delivery()
    due = []
    for path in sorted(outbox.glob("*.eml")):
        key = path.stem
        entry = retry.get(key)
        # A next try further off than the longest wait means the clock went back: try now.
        if entry and not at_once and now < clock.parse(entry["next"]) <= now + LONGEST_WAIT:
            result.waiting.append(key)
        else:
            due.append(path)
    if not due:
        return result
    try:
        server = _connect(campaign, config)
    except NoLogin as exc:
        for path in due:
            _failed(retry, path.stem, str(exc), now, result)
        _write_retry(campaign, retry)
        return result
    except (OSError, smtplib.SMTPException) as exc:
        for path in due:
            _failed(retry, path.stem, f"cannot reach {config['host']}: {exc}", now, result)
        _write_retry(campaign, retry)
        return result
    try:
        for path in due:
            data = path.read_bytes()
            sender, recipients = envelope(data)
            try:
                refused = server.sendmail(sender, recipients, data)
            except smtplib.SMTPServerDisconnected as exc:
                _failed(retry, path.stem, f"the server hung up: {exc}", now, result)
                break
            except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPSenderRefused) as exc:
                _failed(retry, path.stem, f"refused: {exc}", now, result)
                continue
            if refused:
                _failed(retry, path.stem, f"refused for {', '.join(sorted(refused))}", now, result)
                continue
            crash_point("smtp-accepted")
            move_atomic(path, campaign.folder / "sent" / path.name)  # only now is it sent
            crash_point("one-sent")
            retry.pop(path.stem, None)
            result.sent.append(path.stem)
    finally:
        try:
            server.quit()
        except (OSError, smtplib.SMTPException):
            pass
        _write_retry(campaign, retry)
    campaign.log(f"send: {len(result.sent)} sent, {len(result.failed)} failed, {len(result.waiting)} waiting")
    return result


def envelope(data: bytes) -> tuple[str, list[str]]:
    headers = BytesHeaderParser().parsebytes(data)
    sender = parseaddr(headers.get("From", ""))[1]
    recipients = [address for _, address in getaddresses(headers.get_all("To", []) + headers.get_all("Cc", []))
                  if address]
    return sender, recipients


def _connect(campaign: Campaign, config: dict) -> smtplib.SMTP:
    host, security = config["host"], config.get("security", "starttls")
    check_clear_text("mail.smtp", {**config, "security": security})
    port = int(config.get("port", {"tls": 465, "starttls": 587}.get(security, 25)))
    timeout = float(config.get("timeout", 30))
    server: smtplib.SMTP
    if security == "tls":
        server = smtplib.SMTP_SSL(host, port, timeout=timeout, context=client_context(config.get("ca_file")))
    else:
        server = smtplib.SMTP(host, port, timeout=timeout)
        if security == "starttls":
            server.starttls(context=client_context(config.get("ca_file")))
    if config.get("user"):
        server.ehlo_or_helo_if_needed()
        if not server.has_extn("auth"):
            server.close()
            raise NoLogin(f"{host} was reached but offers no login (SMTP AUTH), and [mail.smtp] in campaign.toml "
                          f"sets user = {config['user']!r}: remove that user line to send without logging in")
        server.login(config["user"], campaign.mail_password("smtp") or "")
    return server


def _failed(retry: dict, key: str, why: str, now, result: Delivery) -> None:
    attempts = retry.get(key, {}).get("attempts", 0) + 1
    wait = min(FIRST_WAIT * 2 ** (attempts - 1), LONGEST_WAIT)
    retry[key] = {"attempts": attempts, "next": clock.stamp(now + wait), "error": why}
    result.failed[key] = why


def _write_retry(campaign: Campaign, retry: dict) -> None:
    path = campaign.folder / "outbox" / RETRY_FILE
    present = {p.stem for p in (campaign.folder / "outbox").glob("*.eml")}
    kept = {key: value for key, value in sorted(retry.items()) if key in present}
    if kept or path.exists():
        write_atomic(path, json.dumps(kept, indent=1, sort_keys=True) + "\n")
