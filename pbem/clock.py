"""The one place that reads the time. Time is an input: it is recorded where it decides.

PBEM_NOW (an ISO 8601 time) fixes the clock for a whole process, so that a run can
be repeated byte for byte from another process; tests may also use freezegun.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from datetime import datetime, timezone

_frozen: list[datetime] = []


def now() -> datetime:
    if _frozen:
        return _frozen[-1]
    fixed = os.environ.get("PBEM_NOW")
    if fixed:
        return parse(fixed)
    return datetime.now(timezone.utc).replace(microsecond=0)


def parse(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def stamp(moment: datetime) -> str:
    """The recorded form of a moment: ISO 8601, UTC, whole seconds."""
    return moment.astimezone(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


@contextmanager
def frozen_at(moment: datetime):
    """Let the code inside see `moment` as now (the demo plays on a virtual calendar)."""
    _frozen.append(moment.astimezone(timezone.utc))
    try:
        yield
    finally:
        _frozen.pop()
