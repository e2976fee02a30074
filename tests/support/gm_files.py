"""Hostile files where the GM names a file, and the commands that read them. The GM's own files are read as
order files are: a regular file only, its size judged before it is read and held to by a bounded read, its TOML
measured in one linear pass before the parser sees it.

Each command runs in a process of its own, with a timeout (a FIFO must not hang it) and an address-space limit
(a file read whole fails at once instead of taking the machine's memory). gm_file_trials is every hostile file
x every command that reads it, for benchmarks/reliability.py's gm-files row; tests/test_gm_files.py tries
each hostile file on the commands that read it."""
from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import ROOT, make_campaign, pbem_env

MEMORY = 1 << 30          # the address space a command may have: a read of /dev/zero fails at once
TIMEOUT = 20              # seconds; a command that waits on a FIFO is killed here
SLOW_SECONDS = 1.0        # beyond what the command takes on an empty file (benchmarks/reliability.py)
TEST_SLOW_SECONDS = 5.0   # the same in the tests, on a machine shared with other work (the old code took > 10 s)
HUGE = 60 << 20           # a sparse file, made at once


@dataclass
class Answer:
    code: int | None      # None: killed at TIMEOUT
    out: str
    err: str
    seconds: float


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def pbem_limited(*args, **settings) -> Answer:
    """`pbem ARGS` in a process of its own, with a timeout and MEMORY of address space."""
    began = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pbem", *map(str, args)], cwd=ROOT, env=pbem_env(**settings),
                              capture_output=True, text=True, timeout=TIMEOUT, preexec_fn=_limited)
    except subprocess.TimeoutExpired as expired:
        return Answer(None, str(expired.stdout or ""), str(expired.stderr or ""), time.perf_counter() - began)
    return Answer(done.returncode, done.stdout, done.stderr, time.perf_counter() - began)


def refused_in_one_line(answer: Answer, named: str) -> bool:
    lines = answer.err.strip().splitlines()
    return answer.code == 2 and "Traceback" not in answer.err and bool(lines) and named in lines[0]


# -- the hostile files: each made at a path, as the GM might give or leave it -----------------------------------

def dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")   # given on the command line, /dev/zero itself; in the campaign folder, a link to it


def fifo(path: Path) -> None:
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.mkdir()


def huge(path: Path) -> None:
    with open(path, "wb") as handle:
        handle.truncate(HUGE)


def dotted_key(path: Path) -> None:
    path.write_text("a" + ".a" * 30_000 + " = 1\n")   # 60 KB: tomllib took 2.2 GB and more than 10 s


def deep_lists(path: Path) -> None:
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")   # tomllib: a RecursionError


def many_pieces(path: Path) -> None:
    path.write_text("a = [" + "1," * 500_000 + "]\n")   # 1 MB, within the size: half a million values


def not_utf8(path: Path) -> None:
    path.write_bytes(b"round = 1\nplayer = \"\xff\xfe\"\n")


HOSTILE = {"/dev/zero": dev_zero, "a FIFO": fifo, "a folder": folder, "a 60 MB file": huge,
           "a 60 KB dotted key": dotted_key, "100,000 nested lists": deep_lists,
           "half a million values": many_pieces, "not UTF-8": not_utf8}


def hostile_at(kind: str, path: Path) -> Path:
    """The hostile file at `path`; /dev/zero given on the command line is /dev/zero itself."""
    HOSTILE[kind](path)
    return path


# -- the commands that read a GM's file -------------------------------------------------------------------------

@dataclass
class Campaigns:
    root: Path
    war: Path     # age-of-war: orders check/submit, press --file
    feud: Path    # moderated: the results file


def campaigns(root: Path) -> Campaigns:
    war = make_campaign(root / "war").folder
    feud = make_campaign(root / "feud", players=("ann", "bob", "cho"), game="moderated", deadline_hours=48).folder
    (feud / "results").mkdir(exist_ok=True)
    return Campaigns(root, war, feud)


def results_path(camps: Campaigns) -> Path:
    return camps.feud / "results" / "round-001.toml"


COMMANDS = {
    "new --option components_file": lambda c, path, n: ["new", c.root / f"new-{n}", "--game", "ninjato",
                                                         "--player", "ann=ann@example.org", "--player",
                                                         "bob=bob@example.org", "--option", f"components_file={path}"],
    "orders check": lambda c, path, n: ["orders", "check", c.war, path],
    "orders submit": lambda c, path, n: ["orders", "submit", c.war, "ann", path],
    "press --file": lambda c, path, n: ["press", c.war, "--file", path],
    "moderate check": lambda c, path, n: ["moderate", "check", c.feud],
    "resolve": lambda c, path, n: ["resolve", c.feud, "--force"],
}
IN_THE_CAMPAIGN = {"moderate check", "resolve"}   # the results file is where the GM writes it, not a path given


def one_trial(camps: Campaigns, command: str, kind: str, n: int) -> tuple[Answer, Path]:
    """The command on a hostile file of this kind; the file taken away after."""
    if command in IN_THE_CAMPAIGN:
        path = hostile_at(kind, results_path(camps))
    elif kind == "/dev/zero":
        path = Path("/dev/zero")
    else:
        path = hostile_at(kind, camps.root / f"hostile-{n}.toml")
    try:
        return pbem_limited(*COMMANDS[command](camps, path, n)), path
    finally:
        if path != Path("/dev/zero"):
            (path.rmdir if path.is_dir() and not path.is_symlink() else path.unlink)()


def empty(path: Path) -> None:
    path.write_text("")


def usual_seconds(camps: Campaigns, command: str) -> float:
    """What the command takes on an empty file (start-up, the campaign read, a refusal): taken off its trials."""
    HOSTILE["an empty file"] = empty
    try:
        return min(one_trial(camps, command, "an empty file", 1000 + n)[0].seconds for n in range(2))
    finally:
        del HOSTILE["an empty file"]


def gm_file_trials(root: Path, slow: float = SLOW_SECONDS) -> Counter:
    """Every hostile file x every command that reads it. "crashes found": an answer other than exit 2 with one
    line naming the file (a traceback, a hang killed at TIMEOUT, memory run out, the file taken); "slow cases":
    more than `slow` seconds beyond what the command takes on an empty file."""
    camps = campaigns(root)
    total = Counter()
    total.details = []
    n = 0
    for command in COMMANDS:
        usual = usual_seconds(camps, command)
        for kind in HOSTILE:
            n += 1
            answer, path = one_trial(camps, command, kind, n)
            total["trials"] += 1
            named = path.name if command in IN_THE_CAMPAIGN else str(path)
            if not refused_in_one_line(answer, named):
                total["crashes found"] += 1
                total.details.append(f"{command} on {kind}: exit {answer.code}: {answer.err.strip()[-300:]}")
            if answer.seconds - usual > slow:
                total["slow cases"] += 1
                total.details.append(f"{command} on {kind}: {answer.seconds - usual:.1f} s more than usual")
    return total


# -- the tests --------------------------------------------------------------------------------------------------
