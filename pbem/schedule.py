"""Deadlines: when the next round is due, and when a deadline counts as passed.

Two ways to set them in campaign.toml's [campaign]:
  deadline_hours = 72                 a fixed time after each resolution;
  deadline_days = 3                   or a time of day some days on, in a named zone:
  deadline_at = "20:00"               the round resolved on Monday (any hour, early or late)
  timezone = "Europe/Berlin"          is due on Thursday at 20:00 Berlin time, summer or winter.
grace_hours gives late orders a little more time: the deadline shown to players
stays the same, the round waits that much longer before it goes without them.
"""
from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pbem import clock
from pbem.errors import UserError

AT = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise UserError(f"timezone {name!r} is not a time zone name such as Europe/Berlin, "
                        "America/New_York or UTC") from None


def time_of_day(text: str) -> time:
    match = AT.match(text.strip())
    if not match:
        raise UserError(f"deadline_at {text!r}: write the time of day as HH:MM, for example 20:00")
    return time(int(match.group(1)), int(match.group(2)))


def next_deadline(campaign, resolved_at: datetime) -> str | None:
    """The deadline of the round that opens at `resolved_at`, or None when the campaign has none."""
    if campaign.deadline_days:
        where = zone(campaign.timezone)
        day = resolved_at.astimezone(where).date() + timedelta(days=campaign.deadline_days)
        return clock.stamp(datetime.combine(day, time_of_day(campaign.deadline_at or "00:00"), tzinfo=where))
    if campaign.deadline_hours:
        return clock.stamp(resolved_at + timedelta(hours=campaign.deadline_hours))
    return None


def deadline_passed(campaign, now: datetime) -> bool:
    """The open round's deadline and its grace are over."""
    closing = campaign.closing()
    return closing is not None and now >= closing


def local_time(campaign, stamp: str, language: str = "en") -> str:
    """A recorded moment as the campaign's players read it, in the campaign's zone: "2026-03-04 20:00 CET", or in
    Spanish "miércoles, 4 de marzo de 2026, 20:00 (CET)" (pbem.render.moment)."""
    from pbem import render

    zone(campaign.timezone)   # a zone that is no zone is the GM's to hear of, in words
    return render.moment(stamp, campaign.timezone, language)
