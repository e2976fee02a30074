"""Golden playthroughs: a few short seeded games kept byte for byte, replayed and diffed by one test.

A golden is a game played by the computer for every player through pbem's own
shell: the campaign made, each round's order files dropped into the inbox with
the players' tokens and acknowledged, the round resolved. Kept of it: every
round's per-player text and JSON report, the order form as `pbem orders
template` prints it, every mail the outbox received (welcome letters,
acknowledgements, reports) and each round's round.json (which hashes the
state, the events and the dice, so that a change in those shows too).

Which games are kept is each game's adapter's say (`goldens` in
tests/<game>/harness.py). Each golden is one folder tests/goldens/NAME/:

    r00/ann.txt, r01/ann.txt, ...      each round's text report of each player, as written
    r01/ann.form.toml, ...             the order form the player is sent for the next round
    r01/ann.ack.txt, r00/ann.welcome.txt   the subject and text of each acknowledgement and welcome letter
    playthrough.xz                     everything else, compressed: the mails whole (MIME, HTML, SVG, PNG
                                       hashes), the JSON reports and round.json
    MANIFEST.txt                       every file of both kinds with its size and SHA-256

The text a player reads is kept uncompressed so that a pull request's diff shows what changed for
the players; the rest is checked as strictly (byte for byte) but read only through --diff. An Ikusa
report runs to tens of KB and the players' reports of one round are nearly alike, which xz packs well.

    python -m tests.goldens --update [NAME ...]   regenerate (only on purpose: a change that is meant)
    python -m tests.goldens --diff [NAME ...]     show what would change, file by file
"""
from __future__ import annotations

import base64
import difflib
import email
import email.policy
import hashlib
import lzma
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tests.support.harness import Golden, harness_for, registered

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
    return with_mails_as_text(out)


PICTURE = re.compile(rb"(Content-Type: image/png;[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)([A-Za-z0-9+/=\r\n]+?)(\r\n--pbem-)")


def without_pictures(mail: bytes) -> bytes:
    """A mail as a golden keeps it: each attached PNG's base64 replaced by the SHA-256 of the PNG. A long game's
    PNGs are megabytes that xz cannot pack, and the hash shows a changed picture as well."""
    def hashed(found: re.Match) -> bytes:
        digest = hashlib.sha256(base64.b64decode(found.group(2))).hexdigest()
        return found.group(1) + b"(the PNG's SHA-256) " + digest.encode() + found.group(3)

    return PICTURE.sub(hashed, mail)


# --- the mails a player reads, as text ------------------------------------------------------------------

MAILS_READ_AS_TEXT = ("ack", "welcome")   # kinds of mail (the start of the file's name) shown as text


def mail_as_text(mail: bytes) -> bytes | None:
    """What the player reads of a mail: its subject and its plain text, decoded, with the mail's CRLF line ends
    as a text file has them (None if it has no text)."""
    message = email.message_from_bytes(mail, policy=email.policy.default)
    body = message.get_body(preferencelist=("plain",))
    if body is None:
        return None
    return f"Subject: {message['Subject']}\n\n{body.get_content()}".replace("\r\n", "\n").encode()


def with_mails_as_text(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files and, beside each acknowledgement and welcome letter, its text: rNN/mail/ack-ID-ann.eml is read
    as rNN/ann.ack.txt (a second one of a round as ann.ack-2.txt), named without the mail's id so that a
    changed mail shows in a diff as a changed file, not as one gone and one new."""
    out = dict(files)
    for path in sorted(files):
        folder, _, name = path.rpartition("/mail/")
        kind, player = name.removesuffix(".eml").split("-")[0], name.removesuffix(".eml").rsplit("-", 1)[-1]
        if not folder or kind not in MAILS_READ_AS_TEXT or (text := mail_as_text(files[path])) is None:
            continue
        shown, count = f"{folder}/{player}.{kind}.txt", 1
        while shown in out:
            count += 1
            shown = f"{folder}/{player}.{kind}-{count}.txt"
        out[shown] = text
    return out


# --- stored form ----------------------------------------------------------------------------------------

PACKED, LISTED = "playthrough.xz", "MANIFEST.txt"


def kept_as_text(path: str) -> bool:
    """Whether a golden's file lies uncompressed in its folder (a report, a form, a mail's text) or in the xz."""
    return "/mail/" not in path and path.endswith((".txt", ".toml"))


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


def listed_in(files: dict[str, bytes]) -> dict[str, tuple[str, int]]:
    """What a manifest of the files lists: {path: (SHA-256, size)}."""
    return {p: (hashlib.sha256(data).hexdigest(), len(data)) for p, data in files.items()}


def listed(name: str) -> dict[str, tuple[str, int]]:
    """MANIFEST.txt as {path: (SHA-256, size)}; empty if there is none."""
    path = FOLDER / name / LISTED
    lines = path.read_text("utf-8").splitlines() if path.exists() else []
    return {p: (digest, int(size)) for digest, size, p in (line.split(None, 2) for line in lines)}


def packed(name: str) -> dict[str, bytes] | None:
    """The files in the golden's playthrough.xz, or None if it has none."""
    path = FOLDER / name / PACKED
    return unpack(lzma.decompress(path.read_bytes())) if path.exists() else None


def text_files(name: str) -> dict[str, bytes]:
    """Every file of the golden's folder but the xz and the manifest: the text kept uncompressed."""
    folder = FOLDER / name
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.relative_to(folder).as_posix() not in (PACKED, LISTED)}


def stored(name: str) -> dict[str, bytes] | None:
    """The golden as kept, text files and packed ones together: {path in the golden: bytes}."""
    files = packed(name)
    return None if files is None else {**files, **text_files(name)}


def store(name: str, files: dict[str, bytes]) -> None:
    """Write a golden; an unchanged one is left as it is (the compressed bytes may differ between xz versions).
    A text file the replay no longer makes is deleted, and so is a round folder left empty."""
    folder = FOLDER / name
    folder.mkdir(exist_ok=True)
    text = {p: data for p, data in files.items() if kept_as_text(p)}
    rest = {p: data for p, data in files.items() if not kept_as_text(p)}
    for path, data in text_files(name).items():
        if text.get(path) != data:
            (folder / path).unlink()
    for sub in sorted((p for p in folder.rglob("*") if p.is_dir()), reverse=True):
        if not any(sub.iterdir()):
            sub.rmdir()
    for path, data in text.items():
        if not (folder / path).exists():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_bytes(data)
    if packed(name) != rest:
        (folder / PACKED).write_bytes(lzma.compress(pack(rest), preset=9 | lzma.PRESET_EXTREME))
    if listed(name) != listed_in(files):
        (folder / LISTED).write_text(manifest(files), "utf-8")


def layout_problems(name: str) -> list[str]:
    """How a stored golden disagrees with itself: a file in the wrong place, or one that its MANIFEST.txt lists
    otherwise or not at all. A commit that left out some of an update's text files shows here, before any
    replay."""
    text, rest = text_files(name), packed(name) or {}
    found = [f"{path} is in {PACKED} but belongs in the folder as text" for path in sorted(rest) if kept_as_text(path)]
    found += [f"{path} is in the folder but belongs in {PACKED}" for path in sorted(text) if not kept_as_text(path)]
    files, kept = {**rest, **text}, listed(name)
    now = listed_in(files)
    for path in sorted(set(files) | set(kept)):
        where = "the folder" if kept_as_text(path) else PACKED
        if path not in files:
            found.append(f"{path} is listed in {LISTED} but missing from {where}: was it left out of the commit?")
        elif path not in kept:
            found.append(f"{path} is in {where} but not listed in {LISTED}: a file left over, or a stale manifest")
        elif kept[path] != now[path]:
            found.append(f"{path} in {where} is not the file {LISTED} lists ({kept[path][1]} bytes, SHA-256 "
                         f"{kept[path][0][:16]}...) but {now[path][1]} bytes, SHA-256 {now[path][0][:16]}...: "
                         "was it left out of the commit, or edited by hand?")
    return found


def text_size(files: dict[str, bytes]) -> int:
    """The bytes a golden keeps uncompressed."""
    return sum(len(data) for path, data in files.items() if kept_as_text(path))


def differences(old: dict[str, bytes] | None, new: dict[str, bytes], limit: int = DIFF_LINES) -> list[str]:
    """What changed, file by file: gone, new, or a unified diff of the first lines that differ."""
    if old is None:
        return ["no golden stored yet"]
    found = []
    for path in sorted(set(old) | set(new)):
        if path not in new:
            found.append(f"{path}: in the golden but no longer made")
        elif path not in old:
            found.append(f"{path}: made but not in the golden (new, or left out of a commit)")
        elif old[path] != new[path]:
            lines = list(difflib.unified_diff(old[path].decode("utf-8", "replace").splitlines(),
                                              new[path].decode("utf-8", "replace").splitlines(),
                                              f"golden/{path}", f"now/{path}", lineterm="", n=1))
            found.append("\n".join(lines[:limit] + ([f"... {len(lines) - limit} more lines"]
                                                    if len(lines) > limit else [])))
    return found
