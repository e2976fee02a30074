"""Mail in: the campaign's IMAP mailbox, read with imapclient.

The server is named in campaign.toml, the password never is:

    [mail.imap]
    host = "imap.example.org"
    port = 993                  # the default for the security chosen
    security = "tls"            # "tls", "starttls", or "none" (loopback only)
    user = "war@example.org"
    folder = "INBOX"            # where players' mail arrives
    done_folder = "pbem-taken"  # where taken mail is moved (made when missing)
    ca_file = "/etc/pbem/ca.pem"  # optional: trust a server whose certificate is its own
    timeout = 30                # seconds to wait for the server before giving up until the next run

The password comes from PBEM_IMAP_PASSWORD or imap_password in secrets.toml.

Messages are read with BODY.PEEK (the server marks nothing), in batches. For
each batch: every message is kept and taken (mail_intake.take_raw), the
batch's files are made durable together, and only then are its messages
moved to the done folder. A crash at any point leaves each message either on
the server, or kept with its outcome; a message kept with its outcome and
still on the server is only moved when it is seen again.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pbem.campaign import Campaign
from pbem.errors import MailServerFailed, UserError
from pbem.faults import crash_point
from pbem.files import synced_together
from pbem.mail_intake import MailOutcome, forget_taken_elsewhere, take_raw
from pbem.tls import check_clear_text, client_context

BATCH = 50
TIMEOUT = 30


@dataclass
class Fetched:
    outcomes: list[MailOutcome] = field(default_factory=list)
    left: int = 0   # mail for other campaigns, left on the server

    def count(self, action: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.action == action)


def imap_config(campaign: Campaign) -> dict:
    config = campaign.mail.get("imap")
    if not config or not config.get("host") or not config.get("user"):
        raise UserError(f"{campaign.folder / 'campaign.toml'}: no [mail.imap] host and user to fetch from; "
                        "add for example\n  [mail.imap]\n  host = \"imap.example.org\"\n  security = \"tls\"\n"
                        '  user = "war@example.org"   # the password: PBEM_IMAP_PASSWORD or imap_password '
                        "in secrets.toml")
    security = config.get("security", "tls")
    if security not in ("tls", "starttls", "none"):
        raise UserError(f"[mail.imap] security = {security!r}: use \"tls\", \"starttls\" or \"none\"")
    check_clear_text("mail.imap", {**config, "security": security})
    return config


def fetch(campaign: Campaign, progress=None) -> Fetched:
    """Take every new message in the campaign's IMAP folder; `progress(done, total)` is told as batches finish."""
    config = imap_config(campaign)
    password = campaign.mail_password("imap")
    if password is None:
        raise UserError("no IMAP password: set PBEM_IMAP_PASSWORD, or imap_password in "
                        f"{campaign.secrets_path} (mode 0600)")
    where = f"IMAP server {config['host']}"
    result = Fetched()
    context = client_context(config.get("ca_file")) if config.get("security", "tls") != "none" else None
    try:
        client = _connect(config, password, context)
    except OSError as exc:
        raise MailServerFailed(f"cannot reach {where}: {exc}; the mail stays there for the next run") from None
    except Exception as exc:  # imapclient's login and protocol errors
        raise MailServerFailed(f"{where} refused us: {exc}") from None
    try:
        folder = config.get("folder", "INBOX")
        done = config.get("done_folder", "pbem-taken")
        client.select_folder(folder)
        uids = sorted(client.search(["NOT", "DELETED"]))
        for start in range(0, len(uids), BATCH):
            batch = uids[start:start + BATCH]
            messages = client.fetch(batch, ["BODY.PEEK[]"])
            taken = []
            with synced_together(campaign.folder):
                for uid in batch:
                    raw = messages.get(uid, {}).get(b"BODY[]")
                    if raw is None:   # gone meanwhile (another client moved it)
                        continue
                    outcome = take_raw(campaign, raw)
                    result.outcomes.append(outcome)
                    if outcome.taken:
                        taken.append(uid)
                    else:
                        result.left += 1
            crash_point("mail-batch-synced")
            _move_aside(client, taken, done)
            if progress:
                progress(min(start + BATCH, len(uids)), len(uids))
        forget_taken_elsewhere(campaign, {o.key for o in result.outcomes if not o.taken})
    except OSError as exc:   # ssl.SSLError and socket.timeout too
        if exc.filename:     # the campaign's disk, not the server: said as such by the command
            raise
        raise MailServerFailed(f"lost {where} in the middle: {exc}; what was taken is kept, "
                               "the rest is fetched on the next run") from None
    except UserError:
        raise
    except Exception as exc:
        raise MailServerFailed(f"{where} failed: {type(exc).__name__}: {exc}") from None
    finally:
        try:
            client.logout()
        except Exception:  # the connection may be gone already; nothing depends on a clean goodbye
            pass
    return result


def _connect(config: dict, password: str, context):
    from imapclient import IMAPClient

    security = config.get("security", "tls")
    port = int(config.get("port", 993 if security == "tls" else 143))
    client = IMAPClient(config["host"], port=port, ssl=security == "tls", ssl_context=context,
                        timeout=float(config.get("timeout", TIMEOUT)))
    if security == "starttls":
        client.starttls(context)
    client.login(config["user"], password)
    return client


def _move_aside(client, uids: list[int], done: str) -> None:
    """Move taken mail out of the way, so it is not fetched again (a copy still there is harmless)."""
    if not uids:
        return
    if not client.folder_exists(done):
        client.create_folder(done)
    if client.has_capability("MOVE"):
        client.move(uids, done)
        return
    client.copy(uids, done)
    client.add_flags(uids, [b"\\Deleted", b"\\Seen"])
    if client.has_capability("UIDPLUS"):
        client.uid_expunge(uids)
    else:
        client.expunge()
