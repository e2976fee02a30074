"""Named moments where a test may kill pbem outright, to show that a rerun finishes the work.

PBEM_CRASH_AT=NAME makes the process SIGKILL itself when it reaches the
moment NAME (the first time, or the Nth with NAME:N). Nothing is cleaned up,
exactly as when the machine loses power or cron's job is killed.
"""
from __future__ import annotations

import os
import signal

_reached: dict[str, int] = {}


def crash_point(name: str) -> None:
    wanted = os.environ.get("PBEM_CRASH_AT")
    if not wanted:
        return
    point, _, nth = wanted.partition(":")
    if point != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] == int(nth or 1):
        os.kill(os.getpid(), signal.SIGKILL)
