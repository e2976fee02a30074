"""What an adversary or an accident does to a campaign, as trials that count what went wrong: damaged campaign
files, hostile files dropped in the inbox, file modes under a loose umask, and strangers flooding a player's
answers. Used by the tests (small, fixed) and by benchmarks/reliability.py (all of it, every game).

Each trial function returns a Counter with the reliability table's columns it measures, and "details".
"""
from __future__ import annotations

import os
import shutil
import stat
import time
from collections import Counter
from pathlib import Path

from pbem import clock
from pbem.campaign import Campaign
from pbem.gm_results import write_stand_in
from tests.conftest import START, TOKENS, make_campaign, run
from tests.support.harness import table_for

SLOW_SECONDS = 1.0
DAMAGED = ("rounds/0002/state.json", "rounds/0002/round.json", "rounds/0002/dice.json", "rounds/0002/inputs.json",
           "rounds/0001/round.json", "orders/ann.json", "deadline.json", "rerun.json", "outbox/.retry.json",
           "secrets.toml", "campaign.toml")
DAMAGES = ("truncated", "garbled", "empty")
REMOVED = ("rounds/0002", "rounds/0001")   # the last round's folder, and one in the middle: "removed"
DAMAGE_CASES = [(name, how) for name in DAMAGED for how in DAMAGES] + [(name, "removed") for name in REMOVED]
CHECKING = ("verify", "replay")   # the commands that must refuse a campaign whose round folder was removed
COMMANDS = (("status",), ("tick",), ("resolve", "--force"), ("verify",), ("inbox",), ("report", "ann"),
            ("replay",))
PLAYERS = ("ann", "bob", "cho")


def played_campaign(folder: Path, game: str = "age-of-war", planted: bool = True) -> Path:
    """Two rounds played, ann's orders in for the third, a moved deadline; `planted`, a rerun.json and an
    outbox/.retry.json as pbem writes them: every file there to damage."""
    camp = make_campaign(folder, game=game, deadline_hours=48, players=table_for(game, PLAYERS))
    for _ in (1, 2):
        write_stand_in(Campaign.load(camp.folder))   # a game its GM adjudicates: the GM's results
        assert run("resolve", camp.folder, "--force").code == 0
    form = run("orders", "template", camp.folder, "ann").out.replace("PUT-YOUR-TOKEN-HERE", TOKENS["ann"])
    (camp.folder / "inbox" / "ann.toml").write_text(form)
    assert run("inbox", camp.folder).code == 0, form
    assert run("deadline", camp.folder, "--extend", "1d").code == 0
    if planted:
        (camp.folder / "rerun.json").write_text('{"round": 3, "reason": "x", "undone": []}\n')
        (camp.folder / "outbox" / ".retry.json").write_text("{}\n")
    return camp.folder


def damage(path: Path, how: str) -> None:
    if how == "removed":
        shutil.rmtree(path)
        return
    data = path.read_bytes()
    path.write_bytes({"truncated": data[: len(data) // 2], "garbled": b"\xff\xfe{[" + data[5:], "empty": b""}[how])


def every_command(folder: Path, found: Counter, label: str, shown: int = 200):
    """Each of COMMANDS run on the campaign in `folder`, its slowness and crashes (a traceback, an internal error,
    an exit code but 0, 1 or 2) counted in `found`: yields (command, result, what it said) of each that did not
    crash."""
    for command in COMMANDS:
        began = time.perf_counter()
        result = run(command[0], folder, *command[1:])
        found["slow cases"] += time.perf_counter() - began > SLOW_SECONDS
        said = result.out + result.err
        if "Traceback" in said or "internal error" in said or result.code not in (0, 1, 2):
            found["crashes found"] += 1
            found.details.append(f"{label}: pbem {' '.join(command)}: {said.strip()[-shown:]}")
            continue
        yield command, result, said


def damaged_trial(played: Path, folder: Path, name: str, how: str) -> Counter:
    """One file damaged (or a round folder removed), every main command run: each says it in a line naming the
    file, never a traceback; a removed round folder, verify and replay both refuse ("damage missed" if not)."""
    shutil.copytree(played, folder, symlinks=True)
    damage(folder / name, how)
    found = Counter(trials=1)
    found.details = []
    for command, result, said in every_command(folder, found, f"{name} {how}"):
        if result.code == 0 and how == "removed" and command[0] in CHECKING:
            found["damage missed"] += 1
            found.details.append(f"{name} {how}: pbem {' '.join(command)} passes the campaign")
        elif result.code != 0:
            found["faults injected"] += 1
            if name.rsplit("/", 1)[-1] not in said:
                found["crashes found"] += 1   # refused, but without saying which file
                found.details.append(f"{name} {how}: pbem {' '.join(command)} does not name it: {said.strip()}")
    return found


def damaged_trials(root: Path, games: list[str]) -> Counter:
    total = Counter()
    total.details = []
    for game in games:
        played = played_campaign(root / f"played-{game}" / "war", game)
        for name, how in DAMAGE_CASES:
            found = damaged_trial(played, root / f"{game}-{name.replace('/', '_')}-{how}" / "war", name, how)
            total.update(found)
            total.details += found.details
    return total


# --- the inbox: files that are not order files ------------------------------------------------------------

INBOX_KINDS = ("link to secrets.toml", "link to /proc/self/environ", "link to /etc/passwd", "fifo",
               "huge sparse file", "folder", "link to a folder", "dangling link")


def plant(inbox: Path, campaign: Path, kind: str) -> None:
    path = inbox / "planted.toml"
    if kind == "link to secrets.toml":
        os.symlink(campaign / "secrets.toml", path)
    elif kind == "link to /proc/self/environ":
        os.symlink("/proc/self/environ", path)
    elif kind == "link to /etc/passwd":
        os.symlink("/etc/passwd", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge sparse file":
        with open(path, "wb") as handle:
            handle.truncate(2 * 1024**3)
    elif kind == "folder":
        path.mkdir()
        (path / "inner.toml").write_text('round = 1\nplayer = "ann"\n')
    elif kind == "link to a folder":
        os.symlink(campaign / "rounds", path)
    else:
        os.symlink(campaign / "no-such-file", path)


def inbox_trials(root: Path, games: list[str]) -> Counter:
    """Each kind planted beside a real order file: nothing secret copied, the real order taken, in time."""
    total = Counter()
    total.details = []
    for game in games:
        for kind in INBOX_KINDS:
            camp = make_campaign(root / f"inbox-{game}-{kind.replace(' ', '_').replace('/', '_')}" / "war", game=game,
                                 players=table_for(game, PLAYERS))
            plant(camp.folder / "inbox", camp.folder, kind)
            form = run("orders", "template", camp.folder, "bob").out.replace("PUT-YOUR-TOKEN-HERE", TOKENS["bob"])
            (camp.folder / "inbox" / "bob.toml").write_text(form)
            began = time.perf_counter()
            result = run("inbox", camp.folder)
            total["trials"] += 1
            total["faults injected"] += 1
            total["slow cases"] += time.perf_counter() - began > SLOW_SECONDS
            kept = b"".join(p.read_bytes() for p in (camp.folder / "received").rglob("*") if p.is_file()
                            and not p.is_symlink())
            secret = (camp.folder / "secrets.toml").read_bytes()
            if b"dice_secret" in kept or secret in kept or b"root:" in kept or len(kept) > 1_000_000:
                total["leaks found"] += 1
                total.details.append(f"{game}: {kind}: read and kept")
            if "Traceback" in result.err or "internal error" in result.err:
                total["crashes found"] += 1
                total.details.append(f"{game}: {kind}: {result.err.strip()[-200:]}")
            if "bob" not in camp.pending_orders():
                total["orders lost"] += 1
                total.details.append(f"{game}: {kind}: the real order beside it was not taken")
    return total


# --- file modes ---------------------------------------------------------------------------------------

def readable_by_others(folder: Path) -> tuple[list[str], int]:
    """What group or others may read, write or enter under a folder, and how many paths were looked at."""
    found, looked = [], 0
    for base, folders, files in os.walk(folder):
        for name in [*folders, *files, ""]:
            path = os.path.join(base, name) if name else base
            looked += 1
            if os.lstat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO):
                found.append(os.path.relpath(path, folder))
    return found, looked


def mode_trials(root: Path, games: list[str]) -> Counter:
    """A campaign played through the shell under each loose umask: every path the GM's alone."""
    total = Counter()
    total.details = []
    for game in games:
        for umask in (0o000, 0o002, 0o022):
            before = os.umask(umask)
            try:
                folder = played_campaign(root / f"modes-{game}-{umask:o}" / "war", game, planted=False)
                assert run("rollback", folder, "--to", "1", "--reason", "a test").code == 0
                run("report", folder, "ann")
            finally:
                os.umask(before)
            found, looked = readable_by_others(folder)
            total["trials"] += 1
            total["faults injected"] += looked
            total["leaks found"] += len(found)
            total.details += [f"{game} umask {umask:o}: {path}" for path in found[:5]]
    return total


# --- strangers flooding a player's answers -------------------------------------------------------------

def flood_trials(root: Path, games: list[str], sizes=(3, 12, 40)) -> Counter:
    """`size` mails in bob's name from strangers with wrong tokens, then bob's own mistyped orders: bob is
    answered, and no stranger ever is."""
    from email import message_from_bytes, policy
    from email.message import EmailMessage

    from pbem.mail_intake import take_raw

    total = Counter()
    total.details = []
    for game in games:
        for size in sizes:
            camp = make_campaign(root / f"flood-{game}-{size}" / "war", game=game, players=table_for(game, PLAYERS))
            with clock.frozen_at(START):
                for n in range(size + 1):
                    own = n == size
                    message = EmailMessage()
                    message["From"] = "bob@example.org" if own else f"mallory{n % 3}@evil.example"
                    message["To"], message["Subject"] = "gm@example.org", "[war] orders"
                    message["Message-ID"] = f"<flood-{n}@example.org>"
                    message.set_content(f'player = "bob"\nround = 1\ntoken = "guess-{n}"\n')
                    take_raw(camp, message.as_bytes())
            answers = [message_from_bytes(p.read_bytes(), policy=policy.default)
                       for p in (camp.folder / "outbox").glob("mail-*.eml")]
            total["trials"] += 1
            total["faults injected"] += size
            total["leaks found"] += sum(a["To"].addresses[0].addr_spec != "bob@example.org" for a in answers)
            own_answered = any(a["In-Reply-To"] == f"<flood-{size}@example.org>" for a in answers)
            if not own_answered:
                total["reports lost"] += 1
                total.details.append(f"{game}: after {size} strangers' mails bob's own got no answer")
    return total
