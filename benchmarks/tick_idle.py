"""`pbem tick` over many campaigns with nothing to do (issue 4: 200 campaigns in 10 s or less).

    .venv/bin/python benchmarks/tick_idle.py [CAMPAIGNS] [--mail]

Makes CAMPAIGNS campaigns (default 200, half Age of War with one player's
orders in, half Ikusa) with a deadline a year ahead, then times one `pbem tick`
X
"""
from __future__ import annotations

import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem import clock  # noqa: E402
from pbem.campaign import Campaign, Player  # noqa: E402
from pbem.create import new_campaign  # noqa: E402
from pbem.orders import Submission, store  # noqa: E402

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def make_campaigns(folder: Path, count: int) -> list[Path]:
    folders = []
    with clock.frozen_at(START):
        for n in range(count):
            game = "ikusa" if n % 2 else "age-of-war"
            players = [Player(name, f"{name}@bench.invalid") for name in ("ann", "bob", "cho")]
            camp = new_campaign(folder / f"c{n:03d}", game_name=game, gm="gm@bench.invalid", players=players,
                                secret=bytes([n % 256]) * 32, deadline_hours=24 * 365)
            if game == "age-of-war":
                store(camp, Submission("ann", 1, {"targets": ["auto"]}), "bench")
            folders.append(camp.folder)
    return folders


def with_mailboxes(folders: list[Path], servers) -> None:
    for n, folder in enumerate(folders):
        camp = Campaign.load(folder)
        address = f"c{n:03d}@bench.example"
        camp.mail = {"imap": {"host": servers.host, "port": servers.imap_port, "security": "none", "user": address},
                     "smtp": {"host": servers.host, "port": servers.smtp_port, "security": "none"}}
        camp.save()
        camp.set_secret("imap_password", servers.password(address))
        for letter in (folder / "outbox").glob("*.eml"):
            letter.unlink()


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(args[0]) if args else 200
    pbem = Path(sys.executable).parent / "pbem"
    command = [str(pbem)] if pbem.exists() else [sys.executable, "-m", "pbem"]
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        began = time.perf_counter()
        folders = make_campaigns(Path(tmp), count)
        print(f"made {count} campaigns in {time.perf_counter() - began:.1f} s")
        if "--mail" in sys.argv:
            from tests.support.mailservers import MailServers, ensure_dovecot

            ensure_dovecot()
            users = [f"c{n:03d}@bench.example" for n in range(count)]
            servers = stack.enter_context(MailServers(Path(tmp) / "servers", users))
            with_mailboxes(folders, servers)
            print(f"each campaign fetches from its own mailbox on {servers.host}:{servers.imap_port}")
        times = []
        for _ in range(3):
            began = time.perf_counter()
            done = subprocess.run(command + ["tick", *map(str, folders)], capture_output=True, text=True,
                                  env={"PBEM_NOW": "2026-01-02T00:00:00Z", "PATH": "/usr/bin:/bin"})
            times.append(time.perf_counter() - began)
            if done.returncode != 0 or done.stdout:
                print(f"unexpected: exit {done.returncode}\n{done.stdout}{done.stderr}")
        print(f"pbem tick over {count} idle campaigns: median {statistics.median(times):.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in times)}; target 10 s)")


if __name__ == "__main__":
    main()
