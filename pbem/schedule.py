"""Deadlines: when the next round is due, and when a deadline counts as passed.

Three ways to set them in campaign.toml's [campaign] (one at a time):
  deadline_hours = 72                 a fixed time after each resolution;
  deadline_days = 3                   or a time of day some days on, in a named zone:
  deadline_at = "20:00"               the round resolved on Monday (any hour, early or late)
  timezone = "Europe/Berlin"          is due on Thursday at 20:00 Berlin time, summer or winter;
  deadline_weekdays = "mon,thu"       or the first of these weekdays' deadline_at (in timezone) strictly
                                      after the resolution: resolved on Monday at 21:00, due Thursday at
                                      20:00; resolved on Thursday at 19:59, due the same day at 20:00
                                      (no least gap: name the days so that players have their time).
grace_hours gives late orders a little more time: the deadline shown to players
stays the same, the round waits that much longer before it goes without them.
"""
from __future__ import annotations

import re
from datetime import datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pbem import clock
from pbem.errors import UserError

AT = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


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


def weekdays(text: str, setting: str = "deadline_weekdays") -> list[int]:
    """"mon,thu" as the days' numbers (Monday 0), in the week's order; a day's full name will do too."""
    days = set()
    for word in text.split(","):
        word = word.strip().lower()
        if word in WEEKDAYS or word in DAY_NAMES:
            days.add(DAY_NAMES.index(word) if word in DAY_NAMES else WEEKDAYS.index(word))
        else:
            said = f"{word!r} is not a weekday" if word else "a day is missing between the commas"
            raise UserError(f"{setting} {text!r}: {said}; name the days as {','.join(WEEKDAYS)}, for example "
                            "mon,thu")
    return sorted(days)


def weekly_deadline(days: list[int], at: time, where: ZoneInfo, resolved_at: datetime) -> datetime:
    """The first of `days` at `at` in the zone `where` strictly later than `resolved_at`. dateutil's rrule
    counts the days on the zone's wall clock, so 20:00 stays 20:00 across a change of summer time (a time the
    clocks skip that night, such as 02:30 in spring, is read with the offset before the change: 03:30)."""
    from dateutil.rrule import WEEKLY, rrule

    start = datetime.combine(resolved_at.astimezone(where).date(), time(0))
    for local in rrule(WEEKLY, dtstart=start, byweekday=days, byhour=at.hour, byminute=at.minute, bysecond=0):
        moment = local.replace(tzinfo=where)
        if moment.astimezone(timezone.utc) > resolved_at:
            return moment
    raise AssertionError("a weekly rule never ends")


def next_deadline(campaign, resolved_at: datetime) -> str | None:
    """The deadline of the round that opens at `resolved_at`, or None when the campaign has none."""
    if campaign.deadline_weekdays:
        return clock.stamp(weekly_deadline(weekdays(campaign.deadline_weekdays),
                                           time_of_day(campaign.deadline_at or "00:00"), zone(campaign.timezone),
                                           resolved_at))
    if campaign.deadline_days:
        where = zone(campaign.timezone)
        day = resolved_at.astimezone(where).date() + timedelta(days=campaign.deadline_days)
        return clock.stamp(datetime.combine(day, time_of_day(campaign.deadline_at or "00:00"), tzinfo=where))
    if campaign.deadline_hours:
        return clock.stamp(resolved_at + timedelta(hours=campaign.deadline_hours))
    return None


def check_schedule(campaign, where: str = "", names: tuple[str, str, str] = ("deadline_weekdays", "deadline_hours",
                                                                          "deadline_days")) -> None:
    """One way of setting deadlines at a time, and weekdays pbem can read; `names` as the reader wrote them,
    `where` the file they are in, if any."""
    if not campaign.deadline_weekdays:
        return
    prefix = f"{where}: " if where else ""
    try:
        weekdays(campaign.deadline_weekdays, names[0])
    except UserError as exc:
        raise UserError(prefix + str(exc)) from None
    if campaign.deadline_hours or campaign.deadline_days:
        raise UserError(f"{prefix}{names[0]} cannot go with {names[1]} or {names[2]}: a round has one deadline, "
                        "set in one way; keep one of them")


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
