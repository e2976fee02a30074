"""Golden playthroughs: a few short seeded games kept byte for byte, replayed and diffed by one test.

A golden is a game played by the computer for every player through pbem's own
shell: the campaign made, each round's order files dropped into the inbox with
the players' tokens and acknowledged, the round resolved. Kept of it: every
round's per-player text and JSON report, the order form as `pbem orders
template` prints it, every mail the outbox received (welcome letters,
acknowledgements, reports) and each round's round.json (which hashes the
state, the events and the dice, so that a change in those shows too).

Which games are kept is each game's adapter's say (`goldens` in
tests/<game>/harness.py). Each golden is one folder tests/goldens/NAME/ holding MANIFEST.txt (every file
with its size and SHA-256, readable in a diff) and playthrough.xz (the files
themselves, compressed: an Ikusa report runs to tens of KB, and the players'
reports of one round are nearly alike).

    python -m tests.goldens --update [NAME ...]   regenerate (only on purpose: a change that is meant)
    python -m tests.goldens --diff [NAME ...]     show what would change, file by file
"""
from __future__ import annotations

import base64
import difflib
import hashlib
import lzma
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.harness import Golden, harness_for, registered

FOLDER = Path(__file__).resolve().parent
START = datetime(2026, 3, 2, 19, 0, tzinfo=timezone.utc)
NAMES = ("ann", "bob", "cho", "dan", "eve", "fay")
DIFF_LINES = 40



def every_golden() -> dict[str, Golden]:
    """Every registered game's goldens, from its adapter, by name."""
    return {g.name: g for name in registered() for g in harness_for(name).goldens}


def play(golden: Golden, folder: Path) -> dict[str, bytes]:
    """Play the golden's game in a new campaign under `folder`: {path in the golden: bytes}."""
    from click.testing import CliRunner

    from engine.game import players_to_order
    from games import get
    from pbem import clock
    from pbem.campaign import Player
    from pbem.cli import cli
    from pbem.create import new_campaign
    from pbem.gm_results import write_stand_in
    from pbem.inbox import take_inbox
    from pbem.orders import Submission, normalised_text
    from pbem.rounds import resolve

    game = get(golden.game)
    names = list(NAMES[:golden.players])
    tokens = {n: f"{n}-golden-token" for n in names}
    secret = hashlib.sha256(f"pbem golden {golden.name}".encode()).digest()
    out: dict[str, bytes] = {}
    seen: set[str] = set()

    def keep_new_mail(prefix: str) -> None:
        for path in sorted((campaign.folder / "outbox").glob("*.eml")):
            if path.name not in seen:
                seen.add(path.name)
                out[f"{prefix}/mail/{path.name}"] = without_pictures(path.read_bytes())

    def keep_round(number: int) -> None:
        prefix = f"r{number:02d}"
        folder = campaign.round_dir(number)
        out[f"{prefix}/round.json"] = (folder / "round.json").read_bytes()
        for name in names:
            for suffix in ("txt", "json"):
                out[f"{prefix}/{name}.{suffix}"] = (folder / "reports" / f"{name}.{suffix}").read_bytes()
            if not campaign.is_over():
                done = CliRunner().invoke(cli, ["orders", "template", str(campaign.folder), name])
                assert done.exit_code == 0, done.output
                out[f"{prefix}/{name}.form.toml"] = done.output.encode("utf-8")
        keep_new_mail(prefix)

    with clock.frozen_at(START):
        campaign = new_campaign(folder / golden.name, game_name=game.name, gm="gm@golden.invalid",
                                name="golden", players=[Player(n, f"{n}@golden.invalid") for n in names],
                                options=dict(golden.options), secret=secret, tokens=tokens)
        keep_round(0)
    for number in range(1, golden.rounds + 1):
        if campaign.is_over():
            break
        with clock.frozen_at(START + timedelta(days=number)):
            state = campaign.state()
            for name in players_to_order(game, state, names):
                orders = game.computer_orders(game.view(state, name), name)
                text = f'token = "{tokens[name]}"\n' + normalised_text(campaign, Submission(name, number, orders))
                (campaign.folder / "inbox" / f"{name}-round-{number}.toml").write_text(text, "utf-8")
            taken = take_inbox(campaign)
            assert all(t.accepted for t in taken), [t.problems for t in taken if not t.accepted]
            write_stand_in(campaign)   # a game its GM adjudicates: the computer GM's results
            resolve(campaign)
            keep_round(number)
    return out


PICTURE = re.compile(rb"(Content-Type: image/png;[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)([A-Za-z0-9+/=\r\n]+?)(\r\n--pbem-)")


def without_pictures(mail: bytes) -> bytes:
    """A mail as a golden keeps it: each attached PNG's base64 replaced by the SHA-256 of the PNG. A long game's
    PNGs are megabytes that xz cannot pack, and the hash shows a changed picture as well."""
    def hashed(found: re.Match) -> bytes:
        digest = hashlib.sha256(base64.b64decode(found.group(2))).hexdigest()
        return found.group(1) + b"(the PNG's SHA-256) " + digest.encode() + found.group(3)

    return PICTURE.sub(hashed, mail)


# --- stored form ----------------------------------------------------------------------------------------

def pack(files: dict[str, bytes]) -> bytes:
    """The files as one stream: for each, a line "=== PATH LENGTH" and then exactly its bytes."""
    parts = []
    for path in sorted(files):
        parts += [f"=== {path} {len(files[path])}\n".encode(), files[path], b"\n"]
    return b"".join(parts)


def unpack(data: bytes) -> dict[str, bytes]:
    files, at = {}, 0
    while at < len(data):
        end = data.index(b"\n", at)
        marker, path, length = data[at:end].decode().split(" ")
        assert marker == "===", f"a damaged golden at byte {at}"
        start = end + 1
        files[path] = data[start:start + int(length)]
        at = start + int(length) + 1
    return files


def manifest(files: dict[str, bytes]) -> str:
    return "".join(f"{hashlib.sha256(files[p]).hexdigest()}  {len(files[p]):7d}  {p}\n" for p in sorted(files))


def stored(name: str) -> dict[str, bytes] | None:
    path = FOLDER / name / "playthrough.xz"
    return unpack(lzma.decompress(path.read_bytes())) if path.exists() else None


def store(name: str, files: dict[str, bytes]) -> None:
    """Write a golden; an unchanged one is left as it is (the compressed bytes may differ between xz versions)."""
    if stored(name) == files:
        return
    folder = FOLDER / name
    folder.mkdir(exist_ok=True)
    (folder / "playthrough.xz").write_bytes(lzma.compress(pack(files), preset=9 | lzma.PRESET_EXTREME))
    (folder / "MANIFEST.txt").write_text(manifest(files), "utf-8")


def differences(old: dict[str, bytes] | None, new: dict[str, bytes], limit: int = DIFF_LINES) -> list[str]:
    """What changed, file by file: gone, new, or a unified diff of the first lines that differ."""
    if old is None:
        return ["no golden stored yet"]
    found = []
    for path in sorted(set(old) | set(new)):
        if path not in new:
            found.append(f"{path}: no longer made")
        elif path not in old:
            found.append(f"{path}: new")
        elif old[path] != new[path]:
            lines = list(difflib.unified_diff(old[path].decode("utf-8", "replace").splitlines(),
                                              new[path].decode("utf-8", "replace").splitlines(),
                                              f"golden/{path}", f"now/{path}", lineterm="", n=1))
            found.append("\n".join(lines[:limit] + ([f"... {len(lines) - limit} more lines"]
                                                    if len(lines) > limit else [])))
    return found
