"""Faults a test may inject into a real pbem process, to show that a rerun finishes the work.

PBEM_CRASH_AT=NAME makes the process SIGKILL itself when it reaches the moment
NAME (the first time, or the Nth with NAME:N). Nothing is cleaned up, exactly
as when the machine loses power or cron's job is killed.

PBEM_DISK_BYTES=N lets the process write N bytes of files and then fails every
write with "No space left on device", as a full disk does.

Both are read from the environment when the moment comes, and cost nothing
when unset.
"""
from __future__ import annotations

import errno
import os

_reached: dict[str, int] = {}
_written = 0


def crash_point(name: str) -> None:
    wanted = os.environ.get("PBEM_CRASH_AT")
    if not wanted:
        return
    point, _, nth = wanted.partition(":")
    if point != name:
        return
    _reached[name] = _reached.get(name, 0) + 1
    if _reached[name] == int(nth or 1):
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def charge_disk(path, size: int) -> None:
    """Count a write of `size` bytes; past the budget, fail as a full disk does."""
    global _written
    budget = os.environ.get("PBEM_DISK_BYTES")
    if budget is None:
        return
    _written += size
    if _written > int(budget):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
