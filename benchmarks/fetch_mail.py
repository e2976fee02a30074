"""1,000 order mails in the IMAP inbox, fetched, checked and acknowledged (issue 4: 60 s or less).

    .venv/bin/python benchmarks/fetch_mail.py [MAILS]

Starts the real test servers (tests/support/mailservers.py: Dovecot and the SMTP relay on loopback),
makes a 6-player Age of War campaign whose mailbox they serve, delivers MAILS order mails
(default 1,000; the six players in turn, each a new Message-ID, as replies with the orders
quoted, some with a wrong token) into the campaign's IMAP inbox over LMTP, then times one
`pbem fetch` process: every message fetched, kept, checked, answered in the outbox and moved
aside on the server. Then times `pbem send` of the answers through the SMTP server.
Prints the figures; asserts nothing.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem import clock  # noqa: E402
from pbem.campaign import Campaign, Player  # noqa: E402
from pbem.create import new_campaign  # noqa: E402
from tests.conftest import pbem_env  # noqa: E402
from tests.support.mailservers import MailServers, ensure_dovecot  # noqa: E402

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
PLAYERS = ["p1", "p2", "p3", "p4", "p5", "p6"]
GM = "war@bench.example"
CASTLES = ["Gifu", "Edo", "Kasugayama", "Odani", "Kiyosu"]


def order_mail(n: int) -> bytes:
    player = PLAYERS[n % len(PLAYERS)]
    token = f"token-{player}" if n % 10 else "a-wrong-token"
    message = EmailMessage()
    message["From"] = f"{player}@bench.example"
    message["To"] = GM
    message["Subject"] = "Re: [war] Round 0 report"
    message["Message-ID"] = f"<bench-{n}@bench.example>"
    form = (f'campaign = "war"\nround = 1\nplayer = "{player}"\ntoken = "{token}"\n'
            f'targets = ["{CASTLES[n % len(CASTLES)]}", "auto"]\n')
    quoted = "".join(f"> {line}\n" for line in ["Your report ...", "", *form.splitlines()])
    message.set_content(f"Orders below.\n\nOn Thu, 1 Jan 2026, pbem war wrote:\n{quoted}", cte="quoted-printable")
    return message.as_bytes().replace(b"\n", b"\r\n")


def pbem(*args) -> tuple[float, subprocess.CompletedProcess]:
    command = [str(Path(sys.executable).parent / "pbem"), *map(str, args)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=pbem_env())
    return time.perf_counter() - began, done


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(ensure_dovecot())
    with tempfile.TemporaryDirectory() as tmp, \
            MailServers(Path(tmp) / "servers", [GM] + [f"{p}@bench.example" for p in PLAYERS]) as servers:
        with clock.frozen_at(START):
            made = new_campaign(Path(tmp) / "war", game_name="age-of-war", gm=GM,
                                players=[Player(p, f"{p}@bench.example") for p in PLAYERS],
                                tokens={p: f"token-{p}" for p in PLAYERS}, secret=b"b" * 32)
        camp = Campaign.load(made.folder)
        camp.mail = {"imap": {"host": servers.host, "port": servers.imap_port, "security": "none", "user": GM},
                     "smtp": {"host": servers.host, "port": servers.smtp_port, "security": "none"}}
        camp.save()
        camp.set_secret("imap_password", servers.password(GM))
        for path in (camp.folder / "outbox").glob("*.eml"):   # the welcome letters are not what we time
            path.unlink()

        began = time.perf_counter()
        for n in range(count):
            servers.deliver(order_mail(n), [GM])
        print(f"delivered {count} order mails into the IMAP inbox in {time.perf_counter() - began:.1f} s")

        seconds, fetched = pbem("fetch", camp.folder)
        lines = fetched.stdout.splitlines()
        accepted = sum(line.startswith("accepted") for line in lines)
        rejected = sum(line.startswith("rejected") for line in lines)
        answers = len(list((camp.folder / "outbox").glob("*.eml")))
        left = len(servers.messages(GM))
        print(f"pbem fetch: {count} mails fetched, checked and answered in {seconds:.1f} s "
              f"({1000 * seconds / count:.1f} ms a mail; target 60 s for 1,000); exit {fetched.returncode}")
        print(f"  accepted {accepted}, rejected {rejected}, answers in the outbox {answers}, "
              f"left in the inbox {left}")
        if fetched.returncode:
            print(fetched.stderr[-2000:])

        seconds, sent = pbem("send", camp.folder)
        print(f"pbem send: {sent.stdout.strip()} in {seconds:.1f} s; exit {sent.returncode}")


if __name__ == "__main__":
    main()
