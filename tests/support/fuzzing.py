"""Fuzzing the order intake of every game: what must hold for every order file, and the driver that counts.

Used by tests/test_fuzz_orders.py (hypothesis strategies, a few hundred examples,
asserting) and by benchmarks/reliability.py (`fuzz(game, cases)`: thousands of
files, every outcome counted, nothing asserted). The files themselves come from
tests/support/order_files.py.

An order file comes by mail, so anything may arrive. For each file `read_orders` must:
- return a Submission or raise OrdersRejected, and nothing else;
- reject with at least one problem, each naming a field in words a player can
  read (no Python internals);
- accept only orders whose normalised text reads back to the same orders, and
  whose normalised text is then the same to the byte;
- leave the campaign folder as it was.
"""
from __future__ import annotations

import functools
import hashlib
import json
import random
import re
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from pbem.orders import (
    OrdersRejected,
    Submission,
    describe,
    normalised_text,
    read_orders,
)
from tests.conftest import TOKENS
from tests.support.harness import registered
from tests.support.order_files import Case, Rolled, Target, make_case, prepare_targets, shown

TREE_EVERY = 500        # cases between two checks that the campaign folders did not change
MINIMISE_BUDGET = 150   # read_orders calls spent on shrinking the file of one finding
SLOW_SECONDS = 1.0      # a file that takes longer than this to read is worth a note

# Text that shows a player Python's insides instead of a sentence about their orders.
INTERNALS = ("Traceback", "object at 0x", "<class ", "<function ", "<built-in", "NoneType", "KeyError",
             "TypeError", "ValueError", "AttributeError", "IndexError", "RecursionError", "Exception",
             "datetime.date", "datetime.time", "datetime.datetime", "tzinfo=", "Decimal(")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


# --- the properties ------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What reading one file gave, and every way it broke a property, each as (signature, text)."""

    status: str  # "accepted", "rejected" or "crash"
    crash: list[tuple[tuple, str]] = field(default_factory=list)
    unclear: list[tuple[tuple, str]] = field(default_factory=list)
    roundtrip: list[tuple[tuple, str]] = field(default_factory=list)
    notes: list[tuple[tuple, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    submission: Submission | None = None


def read(case: Case, data: bytes | None = None) -> Submission:
    return read_orders(case.target.campaign, case.data if data is None else data, "fuzz", player=case.player,
                       require_token=case.require_token)


def examine(case: Case, data: bytes | None = None) -> Outcome:
    """Read the file as the intake would, and check every property of the answer."""
    try:
        submission = read(case, data)
    except OrdersRejected as exc:
        unclear, notes = unclear_reasons(exc)
        return Outcome("rejected", unclear=unclear, notes=notes, problems=[describe(p) for p in exc.problems])
    except Exception as exc:  # noqa: BLE001 - anything else escaping is what we look for
        return Outcome("crash", crash=[crash_finding(exc)])
    return Outcome("accepted", roundtrip=roundtrip_failures(case, submission), submission=submission)


def crash_finding(exc: BaseException) -> tuple[tuple, str]:
    """The exception, and the project's line it came through last (its signature: one crash, one entry)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/site-packages/" not in f.filename and "/lib/python3" not in f.filename]
    last = (ours or frames)[-1] if frames else None
    where = (f"{Path(last.filename).parent.name}/{Path(last.filename).name}:{last.lineno} in {last.name}"
             if last else "?")
    deepest = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return (type(exc).__name__, where), f"{type(exc).__name__}: {str(exc)[:120]} (at {where}; raised in {deepest})"


def unclear_reasons(exc: OrdersRejected) -> tuple[list[tuple[tuple, str]], list[tuple[tuple, str]]]:
    """How a rejection fails to tell the player what is wrong; and softer remarks (notes)."""
    unclear, notes = [], []
    if not exc.problems:
        unclear.append((("no problem",), "rejected without a single problem listed"))
    for problem in exc.problems:
        text = describe(problem)
        shape = (field_shape(problem.field), problem.code)
        if not isinstance(problem.message, str) or not problem.message.strip():
            unclear.append((("no message", *shape), f"a problem without a message: {text!r}"))
        if not isinstance(problem.field, str) or not text.split(": ", 1)[0].split(", ")[-1].strip():
            unclear.append((("no field", *shape), f"a problem naming no field: {text!r}"))   # a key "" shows as ""
        shown_internals = [word for word in INTERNALS if word in text]
        if shown_internals:
            unclear.append((("internals", problem.code),
                            f"Python internals ({shown_internals[0]!r}) shown: {text[:200]!r}"))
        if CONTROL.search(text):
            notes.append((("control character", problem.code), f"a raw control character in: {text[:160]!r}"))
        if len(text) > 2000:
            notes.append((("long", problem.code), f"a problem of {len(text):,} characters: {text[:100]!r}..."))
    return unclear, notes


def field_shape(name) -> str:
    """A field with its indexes left out; a key the player made up (not plain ASCII) as "*"."""
    name = str(name)
    return re.sub(r"\d+", "N", name) if re.fullmatch(r"[\w.\[\]-]{1,40}", name, re.ASCII) else "*"


def roundtrip_failures(case: Case, first: Submission) -> list[tuple[tuple, str]]:
    """Accepted orders must read back from their normalised text (with the token) unchanged, to the byte."""
    campaign = case.target.campaign
    failures = []
    try:
        json.dumps(first.orders, allow_nan=False)
    except (TypeError, ValueError) as exc:
        failures.append((("not JSON", type(exc).__name__), f"accepted orders cannot be stored as JSON: {exc}"))
    text = normalised_text(campaign, first)
    token = f'token = "{TOKENS[first.player]}"\n' if case.require_token else ""
    try:
        second = read(case, (token + text).encode("utf-8"))
    except OrdersRejected as exc:
        first_problem = exc.problems[0] if exc.problems else None
        said = describe(first_problem) if first_problem else "no problem given"
        signature = ("refused", field_shape(first_problem.field) if first_problem else "")
        return failures + [(signature, f"its normalised text is refused: {said[:160]}")]
    except Exception as exc:  # noqa: BLE001
        signature, said = crash_finding(exc)
        return failures + [(("crash", *signature), f"reading its normalised text crashes: {said}")]
    for name in ("player", "round", "orders", "nonce", "final"):
        before, after = getattr(first, name), getattr(second, name)
        if before != after:
            failures.append(((f"{name} changed",), f"{name} read back differs: {before!r:.80} became {after!r:.80}"))
    again = normalised_text(campaign, second)
    if again != text:
        said = f"the normalised text changes when read again: {text!r:.200} became {again!r:.200}"
        failures.append((("not idempotent",), said))
    return failures


# --- reporting -----------------------------------------------------------------------------------

def minimise(data: bytes, still_fails, budget: int = MINIMISE_BUDGET) -> bytes:
    """The file with as many lines, then bytes, left out as keeps the finding (a small delta debugging)."""
    for separator in (b"\n", b""):
        parts = data.split(b"\n") if separator else [data[i:i + 1] for i in range(len(data))]
        if not separator and len(parts) > 2000:
            break
        size = max(len(parts) // 2, 1)
        while size >= 1 and budget > 0:
            i = 0
            while i < len(parts) and budget > 0:
                candidate = parts[:i] + parts[i + size:]
                budget -= 1
                if candidate and still_fails(separator.join(candidate)):
                    parts = candidate
                else:
                    i += size
            size //= 2
        data = separator.join(parts)
    return data


@dataclass
class Tally:
    """Findings of one kind, each kept once with how often it was seen and the first case that showed it."""

    kind: str
    shrink: bool = True
    found: dict = field(default_factory=dict)

    def add(self, findings: list[tuple[tuple, str]], case: Case) -> None:
        for signature, text in findings:
            if signature in self.found:
                self.found[signature][1] += 1
            else:
                self.found[signature] = [text, 1, case]

    def report(self) -> list[str]:
        """One line per finding, with the first file that showed it made as small as it will go."""
        lines = []
        for signature, (text, count, case) in self.found.items():
            still_shows = functools.partial(shows, case, self.kind, signature)
            small = minimise(case.data, still_shows) if self.shrink else case.data
            lines.append(f"{case.target.label}: {text} [seen {count}x; {case.family}; "
                         f"read_orders({case.how()}) of {shown(small)}]")
        return lines


def shows(case: Case, kind: str, signature: tuple, data: bytes) -> bool:
    """Whether this file, read as the case was, still gives the finding."""
    return signature in dict(getattr(examine(case, data), kind))


def folder_hash(targets: list[Target]) -> str:
    """One hash of every file of every campaign (the lock file aside): read_orders must not change it."""
    digest = hashlib.sha256()
    for target in targets:
        root = target.campaign.folder
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.name != ".lock":
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def fuzz(game_name: str, cases: int, seed: int = 0) -> dict:
    """Read `cases` generated order files against campaigns of one game; count and describe the findings.

    Nothing is asserted: every outcome is recorded, so that one run shows every
    kind of fault at once, each once, with a small file that shows it. The same
    game, cases and seed give the same files.
    """
    started = time.perf_counter()
    choices = Rolled(random.Random(f"{game_name} {seed}"))
    counts = {"accepted": 0, "rejected": 0, "crash": 0}
    tallies = {kind: Tally(kind, shrink=kind != "notes") for kind in ("crash", "unclear", "roundtrip", "notes")}
    disk_changes: list[str] = []
    slow: list[tuple[float, str]] = []
    with tempfile.TemporaryDirectory(prefix="pbem-fuzz-") as folder:
        targets = prepare_targets(game_name, Path(folder))
        before = folder_hash(targets)
        for number in range(1, cases + 1):
            case = make_case(choices, targets)
            moment = time.perf_counter()
            outcome = examine(case)
            spent = time.perf_counter() - moment
            if spent > SLOW_SECONDS:
                slow.append((spent, repr(case)))
            counts[outcome.status] += 1
            for kind, tally in tallies.items():
                tally.add(getattr(outcome, kind), case)
            if number % TREE_EVERY == 0 and folder_hash(targets) != before:
                disk_changes.append(f"the campaign folders changed by case {number}: {case!r}"[:400])
                before = folder_hash(targets)
        if folder_hash(targets) != before:
            disk_changes.append("the campaign folders changed during the run")
        reports = {kind: tally.report() for kind, tally in tallies.items()}
    slow.sort(reverse=True)
    return {
        "game": game_name,
        "cases": cases,
        "accepted": counts["accepted"],
        "rejected": counts["rejected"],
        "crashes": reports["crash"],
        "unclear": reports["unclear"],
        "roundtrip_failures": reports["roundtrip"],
        "disk_changes": disk_changes,
        "notes": reports["notes"],
        "slow_count": len(slow),
        "slow": [f"{seconds:.2f} s: {text[:300]}" for seconds, text in slow[:5]] + (
            [f"... and {len(slow) - 5} more over {SLOW_SECONDS} s"] if len(slow) > 5 else []),
        "seconds": round(time.perf_counter() - started, 1),
    }


if __name__ == "__main__":  # python -m tests.support.fuzzing [GAME [CASES [SEED]]]
    import sys

    arguments = sys.argv[1:]
    chosen = arguments[:1] or registered()
    wanted = int(arguments[1]) if len(arguments) > 1 else 500
    for name in chosen:
        print(json.dumps(fuzz(name, wanted, int(arguments[2]) if len(arguments) > 2 else 0), indent=1,
                         ensure_ascii=False))
