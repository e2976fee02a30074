"""The README's picture of a report: a golden campaign's report page, as its mail carries it, in headless Chromium.

    .venv/bin/python docs/report_shot.py [--golden ikusa-3p-seed1] [--round 2] [--player ann] [--out docs/report.png]

Takes the player's report mail of that round from the golden's playthrough (tests/goldens/NAME), opens its HTML
part in Chromium (tests/support/browser.py) at a desktop's width, with a style added that hides all but the page's
heading and its map (a busy page runs to more than Chromium draws in one screenshot), and keeps the page from
its top to the foot of the map: the screenshot cropped there and written with a palette (pbem.pictures),
so that it stays well under 200 KB. Needs Debian's chromium (`python tests/support/browser.py install`).
"""
from __future__ import annotations

import argparse
import io
import sys
import tempfile
from email import message_from_bytes, policy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.pictures import picture_only, with_palette  # noqa: E402
from tests.goldens import stored  # noqa: E402
from tests.support.browser import load  # noqa: E402

WIDTH, HEIGHT = 1000, 1400
SHOWN = "<style>.page > :not(h1):not(.picture) { display: none; }</style></head>"   # the heading and the map
SEA = (0xD6, 0xE6, 0xF2)     # the map's sea, which finds the map in the screenshot


def mail_page(golden: str, number: int, player: str) -> str:
    files = stored(golden)
    if files is None:
        raise SystemExit(f"no golden {golden} in tests/goldens")
    [mail] = [data for path, data in files.items()
              if path.startswith(f"r{number:02d}/mail/r{number:04d}-") and path.endswith(f"-{player}.eml")]
    return message_from_bytes(mail, policy=policy.default).get_body(("html",)).get_content()


def cropped(png: bytes) -> bytes:
    """The screenshot from its top to the map's last row of sea."""
    from PIL import Image

    shot = Image.open(io.BytesIO(png)).convert("RGB")
    column = [shot.getpixel((x, y)) == SEA for y in range(shot.height) for x in (shot.width // 2,)]
    rows = [y for y, sea in enumerate(column) if sea]
    if not rows:
        raise SystemExit("no map found in the screenshot")
    top, bottom = 0, rows[-1] + 8
    out = io.BytesIO()
    shot.crop((0, top, shot.width, bottom)).save(out, format="PNG")
    return picture_only(with_palette(out.getvalue()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--golden", default="ikusa-3p-seed1")
    parser.add_argument("--round", type=int, default=2)
    parser.add_argument("--player", default="ann")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "report.png")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(mail_page(args.golden, args.round, args.player).replace("</head>", SHOWN, 1), "utf-8")
        loaded = load(page, WIDTH, HEIGHT, Path(tmp) / "chromium")
    if loaded.requests:
        raise SystemExit(f"the page asked the network for {loaded.requests}")
    picture = cropped(loaded.png)
    args.out.write_bytes(picture)
    print(f"{args.out}: {len(picture) // 1000} KB")


if __name__ == "__main__":
    main()
