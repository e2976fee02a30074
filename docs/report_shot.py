"""The README's picture of a report: a demo campaign's report mail as a mail client that keeps no style sheet
shows it (Gmail for another account's mail, Outlook), in headless Chromium.

    .venv/bin/python docs/report_shot.py [--game ikusa] [--players 5] [--seed 1] [--round 3] [--player akiko]

Plays `pbem demo` in a temporary folder (the goldens keep only their PNGs' hashes), takes the player's report mail
of that round from its outbox, serves the
page's cid: picture from the mail's own part and drops every <style> block (tests/support/report_pages.served),
opens it in Chromium (tests/support/browser.py) at the width of a phone or Gmail's column, and keeps the first
screen, written with a palette (pbem.pictures) so that it stays small. Needs Debian's chromium
(`python tests/support/browser.py install`).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from email import message_from_bytes, policy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.pictures import picture_only, with_palette  # noqa: E402
from tests.support.browser import load  # noqa: E402
from tests.support.report_pages import served  # noqa: E402

WIDTH, HEIGHT = 690, 1000   # a phone's or Gmail's column, and the first screen or so


def report_mail(folder: Path, number: int, player: str):
    [mail] = (folder / "outbox").glob(f"r{number:04d}-*-{player}.eml")
    return message_from_bytes(mail.read_bytes(), policy=policy.default)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ikusa")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--round", type=int, default=3)
    parser.add_argument("--player", default="akiko")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "report.png")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "demo"
        subprocess.run([sys.executable, "-m", "pbem", "demo", args.game, "--players", str(args.players), "--seed",
                        args.seed, "--dir", str(folder)], check=True, capture_output=True)
        page_text, shown = served(report_mail(folder, args.round, args.player), keep_style=False)
        if not shown:
            raise SystemExit("the mail's page shows no picture")
        page = Path(tmp) / "page.html"
        page.write_text(page_text, "utf-8")
        loaded = load(page, WIDTH, HEIGHT, Path(tmp) / "chromium")
    if loaded.requests:
        raise SystemExit(f"the page asked the network for {loaded.requests}")
    picture = picture_only(with_palette(loaded.png))
    args.out.write_bytes(picture)
    print(f"{args.out}: {len(picture) // 1000} KB")


if __name__ == "__main__":
    main()
