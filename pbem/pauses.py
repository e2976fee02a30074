"""A campaign paused and resumed, and players away for a while.

`pbem pause` writes PAUSE_FILE (since, reason, round): while it is there, `pbem tick` still takes orders in
(fetch, inbox, acknowledgements) and sends the outbox, but reminds nobody and resolves nothing, and
`pbem resolve` wants --force. `pbem resume` moves the open round's deadline later by the time the round was
paused, and every player hears of the pause and of the resume (with the new deadline). A resume is made safe
to interrupt: the file first says when it was resumed and the deadline it gives, then the deadline is
written, the mails posted and the file removed; `finish_resume` (every tick, and `pbem resume` again)
completes whatever was left.

`pbem player away` writes AWAY_FILE: an away player's missing orders are played by the stand-in orders
chosen for the absence (Campaign.stand_in_policy) without counting as missed (the round's inputs say
"away", not "defaulted", and so do the reports), no deadline waits for them and nobody reminds them. An
absence ends by itself at its `until`.
"""
from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from engine import canonical
from pbem import clock, render
from pbem.campaign import AWAY_FILE, PAUSE_FILE, STAND_INS, Campaign
from pbem.errors import UserError
from pbem.files import write_atomic
from pbem.outbox import compose, post
from pbem.records import read_record
from pbem.schedule import local_time, zone

DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# --- pause and resume -----------------------------------------------------------------------------------------------
def pause(campaign: Campaign, reason: str = "") -> dict:
    """Pause the campaign and tell every player; returns the pause record."""
    finish_resume(campaign)
    if campaign.is_over():
        raise UserError("the game is over; there is nothing to pause")
    found = campaign.pause()
    if found:
        raise UserError(f"the campaign is paused already, since {found['since']}; pbem resume it first")
    if campaign.beacon:
        raise UserError("a campaign with a beacon cannot be paused: its deadline cannot move once it has passed, "
                        "since the beacon round after it may be known by then",
                        ["move the deadline before it passes instead: pbem deadline CAMPAIGN --extend 3d"])
    since = clock.stamp(clock.now())
    record = {"since": since, "reason": reason.strip(), "round": campaign.open_round}
    write_atomic(campaign.folder / PAUSE_FILE, canonical.dumps(record))
    campaign.log(f"paused at round {record['round']}" + (f" ({record['reason']})" if record["reason"] else ""))
    _tell(campaign, "paused", since, reason=record["reason"])
    return record


def resume(campaign: Campaign) -> dict:
    """End the pause: the open round's deadline moves later by the time it was paused, and every player is told.
    Returns {"since", "resumed_at", "round", "deadline", "paused_for"} ("deadline" None when there is none)."""
    path = campaign.folder / PAUSE_FILE
    record = read_record(path) if path.is_file() else None
    if record is None:
        raise UserError("the campaign is not paused; nothing to resume")
    if "resumed_at" not in record:
        now = clock.now()
        record["resumed_at"] = clock.stamp(now)
        record["deadline"] = moved_deadline(campaign, record, now)
        record["round"] = campaign.open_round
        write_atomic(path, canonical.dumps(record))
    finish_resume(campaign)
    paused_for = clock.parse(record["resumed_at"]) - clock.parse(record["since"])
    return {**record, "paused_for": paused_for}


def moved_deadline(campaign: Campaign, record: dict, now: datetime) -> str | None:
    """The open round's deadline, later by the time it was paused: since the pause, or since the round opened
    when the GM resolved one by hand during it."""
    current = campaign.deadline()
    if current is None or campaign.is_over():
        return None
    opened = clock.parse(campaign.round_record().get("resolved_at") or record["since"])
    start = max(clock.parse(record["since"]), opened)
    return clock.stamp(clock.parse(current) + max(now - start, timedelta(0)))


def finish_resume(campaign: Campaign) -> None:
    """Finish a resume that was interrupted (safe to run any number of times): the deadline it gave, the mails,
    and the pause file gone."""
    path = campaign.folder / PAUSE_FILE
    if not path.is_file():
        return
    record = read_record(path)
    if "resumed_at" not in record:
        return
    if record.get("deadline") and record["round"] == campaign.open_round:
        write_atomic(campaign.folder / "deadline.json",
                     canonical.dumps({"round": record["round"], "deadline": record["deadline"]}))
    _tell(campaign, "resumed", record["resumed_at"], since=record["since"], deadline=record.get("deadline"))
    path.unlink()
    campaign.log(f"resumed at round {record['round']} (paused since {record['since']})"
                 + (f"; deadline moved to {record['deadline']}" if record.get("deadline") else ""))


def _tell(campaign: Campaign, kind: str, moment: str, **values) -> None:
    """Every player hears of the pause or the resume, once (the key names the moment)."""
    number = campaign.open_round
    for player in campaign.player_names:
        key = f"{kind}-r{number:04d}-{moment.replace(':', '')}-{player}"
        language = campaign.language_of(player)
        deadline, since = values.get("deadline"), values.get("since")
        body = render.render(f"common/{kind}.txt.j2", language, round=number, player=player, campaign=campaign.name,
                             gm=campaign.gm, **values,
                             local=local_time(campaign, deadline, language) if deadline else None,
                             since_local=local_time(campaign, since, language) if since else None)
        post(campaign, key, compose(campaign, player, render.subject(kind, language, round=number), body,
                                    key=key, moment=clock.parse(moment)))


# --- players away ---------------------------------------------------------------------------------------------------
def until_moment(campaign: Campaign, text: str, now: datetime) -> datetime:
    """--until as a moment: a day (YYYY-MM-DD, in the campaign's zone) means to the end of that day, back from
    midnight after it; an ISO stamp is that moment (in the campaign's zone when it names none). It must be later
    than now."""
    text = text.strip()
    where = zone(campaign.timezone)
    try:
        if DAY.match(text):
            moment = datetime.combine(date.fromisoformat(text) + timedelta(days=1), time(0), tzinfo=where)
        else:
            moment = datetime.fromisoformat(text.replace("z", "Z"))
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=where)
    except ValueError:
        raise UserError(f"--until {text!r}: write a day as YYYY-MM-DD (away to the end of it, in "
                        f"{campaign.timezone}) or a moment as an ISO stamp such as 2026-03-10T18:00:00Z") from None
    if moment <= now:
        raise UserError(f"--until {text!r} is not later than now ({clock.stamp(now)}): an absence ends in the future")
    return moment


def set_away(campaign: Campaign, name: str, until: str, policy: str | None = None) -> dict:
    """Mark a player away until a day or moment; returns their entry {"until", "policy"}."""
    campaign.player(name)
    if policy is not None and policy not in STAND_INS:
        raise UserError(f"--policy {policy!r}: use one of: {', '.join(STAND_INS)}")
    now = clock.now()
    entry = {"until": clock.stamp(until_moment(campaign, until, now)), "policy": policy}
    entries = {**campaign.away(now), name: entry}   # absences over by now are dropped
    write_atomic(campaign.folder / AWAY_FILE, canonical.dumps(entries))
    policy = campaign.stand_in_policy(name, entries)
    campaign.log(f"player {name} away until {entry['until']}; missing orders meanwhile: {policy} orders")
    return entry


def set_back(campaign: Campaign, name: str) -> bool:
    """A player back before the absence ended; False when they were not away."""
    campaign.player(name)
    entries = campaign.away()
    if name not in entries:
        return False
    del entries[name]
    path = campaign.folder / AWAY_FILE
    if entries:
        write_atomic(path, canonical.dumps(entries))
    else:
        path.unlink()
    campaign.log(f"player {name} back")
    return True
