"""Start-up cost of pbem (issue 14, item 8): a cold `pbem status` against a bare `python -c pass`, and one
`pbem tick` over 1,000 idle campaigns.

    .venv/bin/python benchmarks/startup.py [--runs N] [--campaigns N] [--game GAME] [--no-tick]

The status figure is process CPU time (user + system, from the kernel's rusage of the child), not wall time,
because the machine is shared: `python -c pass` and `python -m pbem status CAMPAIGN` run alternately, paired,
N times each (default 40) in this one run, and the medians and their ratio are printed against the target
(2.5 times the bare interpreter). Both run with the same interpreter and the same environment, neither with
-S or -I, so the ratio is what a GM's shell pays. A third process, alternated with them, only imports click and
jinja2: what the status pays before pbem does anything.

The tick figure: one campaign is made afresh, its folder copied under distinct names until there are
--campaigns of them (default 1,000), all idle (a deadline a year ahead, no mail settings), then
`pbem tick DIR...` over all of them is timed three times (wall and CPU; median; target 5 s).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START = datetime(2026, 1, 1, tzinfo=timezone.utc)
ENV = {"PATH": "/usr/bin:/bin", "PBEM_NOW": "2026-01-02T00:00:00Z", "HOME": os.environ.get("HOME", "/tmp")}
STATUS_TARGET = 2.5
TICK_TARGET = 5.0


def cpu_of(command: list[str]) -> tuple[float, float, str]:
    """The child's CPU seconds (user + system), its wall seconds, and its output; it must succeed."""
    began = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ENV, cwd=ROOT)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - began
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}):\n{out.decode()}")
    return usage.ru_utime + usage.ru_stime, wall, out.decode()


def make_campaign(folder: Path, game: str) -> Path:
    from pbem import clock
    from pbem.campaign import Player
    from pbem.create import new_campaign

    with clock.frozen_at(START):
        players = [Player(name, f"{name}@bench.invalid") for name in ("ann", "bob", "cho")]
        camp = new_campaign(folder, game_name=game, gm="gm@bench.invalid", players=players,
                            secret=bytes(32), deadline_hours=24 * 365)
    for letter in (camp.folder / "outbox").glob("*.eml"):   # idle: nothing waits to be sent
        letter.unlink()
    return camp.folder


def bench_status(folder: Path, runs: int) -> None:
    bare = [sys.executable, "-c", "pass"]
    status = [sys.executable, "-m", "pbem", "status", str(folder)]
    floor = [sys.executable, "-c", "import click, jinja2, jinja2.ext"]   # what any CLI command with a template pays
    cpu_of(bare), cpu_of(status)   # warm the page cache and the .pyc files: "cold" is a new process, not a new disk
    bare_cpu, status_cpu, floor_cpu, ratios = [], [], [], []
    for _ in range(runs):
        b, _, _ = cpu_of(bare)
        s, _, _ = cpu_of(status)
        f, _, _ = cpu_of(floor)
        bare_cpu.append(b)
        status_cpu.append(s)
        floor_cpu.append(f)
        ratios.append(s / b if b else float("inf"))
    b, s, f = statistics.median(bare_cpu), statistics.median(status_cpu), statistics.median(floor_cpu)
    ratio = s / b
    verdict = "within" if ratio <= STATUS_TARGET else "OVER"
    print(f"python -c pass:          median {b * 1000:.1f} ms CPU ({runs} runs)")
    print(f"pbem status CAMPAIGN:    median {s * 1000:.1f} ms CPU ({runs} runs, alternated with the above)")
    print(f"ratio of the medians:    {ratio:.2f} (median of the paired ratios {statistics.median(ratios):.2f}); "
          f"target {STATUS_TARGET}: {verdict}")
    print(f"click and jinja2 alone:  median {f * 1000:.1f} ms CPU, {f / b:.2f} times the bare interpreter")


def bench_tick(template: Path, count: int) -> None:
    folder = template.parent / "many"
    folder.mkdir()
    began = time.perf_counter()
    folders = []
    for n in range(count):
        copy = folder / f"c{n:04d}"
        shutil.copytree(template, copy, symlinks=True)
        folders.append(str(copy))
    print(f"copied {count} campaigns in {time.perf_counter() - began:.1f} s")
    command = [sys.executable, "-m", "pbem", "tick", *folders]
    walls, cpus = [], []
    for _ in range(3):
        cpu, wall, out = cpu_of(command)
        if out:
            print(f"unexpected output from an idle tick:\n{out}")
        walls.append(wall)
        cpus.append(cpu)
    wall = statistics.median(walls)
    verdict = "within" if wall < TICK_TARGET else "OVER"
    print(f"pbem tick over {count} idle campaigns: median {wall:.2f} s wall, {statistics.median(cpus):.2f} s CPU "
          f"(runs: {', '.join(f'{t:.2f}' for t in walls)}); target {TICK_TARGET:.0f} s: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--campaigns", type=int, default=1000)
    parser.add_argument("--game", default="ikusa")
    parser.add_argument("--no-tick", action="store_true")
    parser.add_argument("--no-status", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        template = make_campaign(Path(tmp) / "one", args.game)
        if not args.no_status:
            bench_status(template, args.runs)
        if not args.no_tick:
            bench_tick(template, args.campaigns)


if __name__ == "__main__":
    main()
