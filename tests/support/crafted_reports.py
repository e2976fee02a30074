"""Mutated real reports for the player's checker (pbem/checker.py): a real player's reports, one of them changed
in a way a forger or a damaged mail could change it (a field of another type, a key deleted, a number huge, zero
or negative, nesting without end, the file cut short, a gzip bomb), and the checker run on them all.

`crafted_trials` is what tests/test_crafted_reports.py runs small and benchmarks/reliability.py (`crafted`) runs
large: "crashes found" counts a run that let an exception out, printed a traceback or exited with a code other than
0 or 1; "slow cases" a run over a second; "fuzz cases run" the mutations tried."""
from __future__ import annotations

import contextlib
import copy
import gzip
import io
import json
import random
import signal
import time
import zlib
from collections import Counter
from pathlib import Path

SLOW_SECONDS = 1.0
STALL_SECONDS = 5           # a run still going then is stopped, and counts as slow and as a crash
ODD_VALUES = (None, True, False, 0, -1, 1.5, float("nan"), 2**64 + 1, 2**200, -(2**70), "", "x", "zz" * 33,
              "\ud800", [], [None], {}, {"seq": 0}, "0" * 5000)


def gzip_bomb(size: int) -> bytes:
    """A gzip member that unpacks to `size` bytes of spaces after a report's opening: small packed, huge unpacked."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b" " * (1 << 20)
    parts = [packer.compress(b'{"format": "pbem-report-1", "dice": {}, "pad": "')]
    parts += [packer.compress(chunk) for _ in range(size // len(chunk))]
    return b"".join(parts) + packer.compress(b'"}') + packer.flush()


def real_reports(folder: Path) -> dict[str, list[bytes]]:
    """Each player's JSON reports of a played campaign, as the report mails carried them, by player."""
    found: dict[str, list[bytes]] = {}
    for path in sorted(folder.glob("rounds/*/reports/*.json")):
        found.setdefault(path.stem, []).append(path.read_bytes())
    return found


def places(value, path=()) -> list[tuple]:
    """Every path to a value inside a report, the dice and the chain (what the checker reads) first."""
    found = [path]
    if isinstance(value, dict):
        for key in sorted(value):
            if path or key in ("dice", "chain", "round", "player", "campaign", "format", "rerun", "sealed"):
                found += places(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:4]):
            found += places(item, (*path, index))
    return found


def mutated_value(report: dict, rng: random.Random) -> tuple[str, dict | list | str]:
    """(what was done, the report changed) for a change inside the JSON."""
    spots = [p for p in places(report) if p]
    spot = rng.choice(spots)
    *above, last = spot
    holder = report
    for step in above:
        holder = holder[step]
    kind = rng.choice(("delete", "odd", "odd", "number", "deep", "swap", "whole"))
    if kind == "delete":
        del holder[last]
    elif kind == "odd":
        holder[last] = rng.choice(ODD_VALUES)
    elif kind == "number":
        holder[last] = rng.choice((0, -1, 1, 2**63, 2**64, 2**64 + 1, 2**70, 2**200, 10**18, -(10**18)))
    elif kind == "deep":
        holder[last] = json.loads("[" * 60 + "]" * 60)
    elif kind == "swap":
        holder[last] = copy.deepcopy(rng.choice([v for k, v in sorted(report["dice"].items())] or [None]))
    else:
        return "the whole report replaced", rng.choice(([], "a report", 7, None, [report]))
    return f"{kind} at {'.'.join(map(str, spot))}", report


def mutated_bytes(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """(what was done, the file's bytes changed) for a change of the file itself."""
    kind = rng.choice(("cut", "deep", "garble", "bigint", "surrogate", "packed-cut", "bomb"))
    if kind == "cut":
        return kind, data[:rng.randrange(len(data))]
    if kind == "deep":
        depth = rng.choice((70, 1000, 100_000))
        return kind, data[:-1] + b', "x": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == "garble":
        at = rng.randrange(len(data))
        return kind, data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
    if kind == "bigint":
        return kind, data.replace(b'"round":', b'"round":' + b"9" * rng.choice((19, 5000)), 1)
    if kind == "surrogate":
        return kind, data.replace(b'"player":"', b'"player":"\\udc80', 1)
    if kind == "packed-cut":
        packed = gzip.compress(data)
        return kind, packed[:rng.randrange(10, len(packed))]
    return kind, BOMB


BOMB = gzip_bomb(64 << 20)


class Stalled(Exception):
    pass


def _stalled(signum, frame):
    raise Stalled


def run_checker(paths: list[Path]) -> tuple[int | None, str, float, str | None]:
    """(exit code, what it printed, seconds, the exception that escaped or None) of the checker run in this
    process, stopped after STALL_SECONDS."""
    from pbem import checker

    out, err = io.StringIO(), io.StringIO()
    escaped, code = None, None
    previous = signal.signal(signal.SIGALRM, _stalled)
    signal.setitimer(signal.ITIMER_REAL, STALL_SECONDS)
    began = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = checker.main([str(p) for p in paths])
    except Stalled:
        escaped = f"still running after {STALL_SECONDS} s"
    except BaseException as exc:   # noqa: BLE001 - whatever escapes is what the trial counts
        escaped = f"{type(exc).__name__}: {exc}"[:200]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue() + err.getvalue(), time.perf_counter() - began, escaped


def crafted_trials(root: Path, trials: int, rng: random.Random, campaign: Path | None = None) -> Counter:
    """`trials` runs of the checker on a player's real reports with one of them mutated (from `campaign`, or a
    small demo game played here)."""
    if campaign is None:
        from pbem.demo import run_demo

        campaign = root / "demo"
        run_demo("age-of-war", campaign, "5", 3)
    players = real_reports(campaign)
    total = Counter()
    total.details = []
    for n in range(trials):
        player = rng.choice(sorted(players))
        reports = players[player]
        folder = root / f"trial-{n}"
        folder.mkdir()
        target = rng.randrange(len(reports))
        for index, data in enumerate(reports):
            (folder / f"{index:04d}.json").write_bytes(data)
        if rng.random() < 0.7:
            what, changed = mutated_value(json.loads(reports[target]), rng)
            data = json.dumps(changed, separators=(",", ":")).encode("utf-8", "surrogatepass")
        else:
            what, data = mutated_bytes(reports[target], rng)
        name = f"{target:04d}.json"
        if rng.random() < 0.3 and not data.startswith(b"\x1f\x8b"):
            data = gzip.compress(data)
        if data.startswith(b"\x1f\x8b"):
            (folder / name).unlink()
            name += ".gz"
        (folder / name).write_bytes(data)
        code, printed, seconds, escaped = run_checker([folder])
        total["trials"] += 1
        total["fuzz cases run"] += 1
        total["faults injected"] += 1
        total["slow cases"] += seconds > SLOW_SECONDS
        crashed = escaped is not None or code not in (0, 1) or "Traceback" in printed
        total["crashes found"] += crashed
        total["passed as well"] += code == 0
        if crashed or seconds > SLOW_SECONDS:
            total.details.append(f"trial {n} ({player}, {name}: {what}): exit {code}, {seconds:.2f} s, "
                                 f"{escaped or printed.strip().splitlines()[-1:]}")
    return total
