"""The cron tick: for each campaign, take the orders in, remind the late, resolve when due, send.

A paused campaign (pbem.pauses) takes orders in and sends, but is not reminded
or resolved. Quiet when nothing happened (cron mails whatever a job prints). One campaign's
failure is reported and does not stop the others. Every step is one that a
crash may interrupt and a rerun finishes (see rounds.settle and send).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from engine.game import players_to_order
from pbem import clock, gm_results, render
from pbem.campaign import Campaign
from pbem.errors import BeaconNotYet, BeaconUnavailable, CampaignLocked
from pbem.files import campaign_lock
from pbem.inbox import take_inbox
from pbem.outbox import compose, post
from pbem.pauses import finish_resume
from pbem.rounds import resolve, settle
from pbem.schedule import deadline_passed, local_time


@dataclass
class Tick:
    folder: Path
    did: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)   # what went wrong; the next run tries again


def tick(folder: Path) -> Tick:
    report = Tick(folder)
    campaign = Campaign.load(folder)
    try:
        with campaign_lock(campaign.folder):
            settle(campaign)
            finish_resume(campaign)
            fetched = take_mail(campaign, report) if campaign.mail.get("imap") else True
            for intake in take_inbox(campaign):
                report.did.append(f"{'accepted' if intake.accepted else 'rejected'} {intake.file}")
            paused = campaign.pause()
            state = campaign.state()   # read once: parsing it was a third of an idle tick
            over = campaign.game.is_over(state)
            if paused and not over:   # orders are still taken in; nothing reminds or resolves
                said = _once(campaign, f"paused since {paused['since']}"
                                       + (f" ({paused['reason']})" if paused.get("reason") else "")
                                       + ": orders are taken in, nobody is reminded, nothing is resolved; "
                                         "pbem resume to go on")
                report.did += [said] if said else []
            elif not over:
                report.did += remind(campaign, state)
                ready, why_not = due(campaign, deadline_counts=fetched, state=state)
                held = gm_results.waiting(campaign, state) if ready else None
                if held:   # a round its GM adjudicates resolves only with the GM's results
                    ready, why_not = False, _once(campaign, f"due but NOT resolved: {held}")
                if ready:
                    try:
                        result = resolve(campaign, force=True)
                        report.did.append(f"resolved round {result['round']}" + next_due(campaign))
                    except BeaconNotYet as exc:   # sealed, and the beacon round is still to come: all is well
                        said = _once(campaign, f"round {campaign.open_round}: orders sealed and the notices posted; it "
                                               f"resolves once beacon round {exc.number} is out, at {exc.due}")
                        report.did += [said] if said else []
                    except BeaconUnavailable as exc:   # nothing was written; the next tick tries again
                        report.failed.append(f"round {campaign.open_round} waits for the beacon: {exc}")
                elif why_not:
                    report.did.append(why_not)
            if campaign.mail.get("smtp") and any((campaign.folder / "outbox").glob("*.eml")):
                from pbem.send import send_outbox

                delivery = send_outbox(campaign)
                if delivery.sent:
                    report.did.append(f"sent {len(delivery.sent)}")
                if delivery.failed:
                    report.failed.append(f"send: {len(delivery.failed)} not accepted, kept for a later run: "
                                         + next(iter(delivery.failed.values())))
    except CampaignLocked:
        report.did.append("busy: another pbem process holds the campaign; skipped")
    for line in report.did + report.failed:
        campaign.log(f"tick: {line}")
    return report


def next_due(campaign: Campaign) -> str:
    """"; round 2 due 2026-03-04 20:00 CET (2026-03-04T19:00:00Z)": the open round's deadline in the campaign's
    zone and as recorded, for the GM; nothing when the game is over or has no deadline."""
    deadline = None if campaign.is_over() else campaign.deadline()
    if not deadline:
        return ""
    return f"; round {campaign.open_round} due {local_time(campaign, deadline)} ({deadline})"


def take_mail(campaign: Campaign, report: Tick) -> bool:
    """Fetch the campaign's mail; False if the server failed (orders may be waiting there)."""
    from pbem.errors import MailServerFailed
    from pbem.fetch import fetch
    from pbem.mail_intake import TAKEN

    try:
        fetched = fetch(campaign)
    except MailServerFailed as exc:
        report.failed.append(f"fetch: {exc}")
        return False
    counts = [f"{fetched.count(action)} {action}" for action in TAKEN if fetched.count(action)]
    if counts:
        report.did.append("mail: " + ", ".join(counts))
    return True


def due(campaign: Campaign, deadline_counts: bool = True, state: dict | None = None) -> tuple[bool, str | None]:
    """Whether to resolve now: every player still in has orders in, or the deadline has passed.

    `deadline_counts` is False when the mail could not be fetched: orders may be
    waiting on the server, so the deadline alone resolves nothing.

    After the deadline the campaign's policy may still hold the round: "wait"
    (for orders or a replacement player), or the outage guard, when more players
    than it allows miss this deadline having sent orders last round (a mail
    outage looks like that). The second value tells the GM why it waits, once. `state` is the open round's
    state when the caller has read it already.
    """
    if campaign.beacon and not deadline_passed(campaign, clock.now()):
        return False, None   # with a beacon a round never resolves early (pbem.beacon)
    pending = campaign.pending_orders()
    everyone = players_to_order(campaign.game, campaign.state() if state is None else state, campaign.player_names)
    missing = [p for p in everyone if p not in pending]
    unfinished = [p for p in everyone if p in pending and campaign.require_final and not pending[p].get("final")]
    if not missing and not unfinished:
        return True, None
    if not deadline_passed(campaign, clock.now()):
        return False, None   # an away player's orders may still come before the deadline
    if not deadline_counts:
        return False, "deadline passed, but the mail could not be fetched; not resolved"
    away = campaign.away()
    missing = [p for p in missing if p not in away]   # no policy waits for a player away, nor guards against one
    if not missing:
        return True, None
    if campaign.missing_orders == "wait":
        return False, _once(campaign, f"deadline passed; waiting for {', '.join(missing)} (policy: wait)")
    if campaign.outage_guard:
        last = campaign.read_json(campaign.last_round, "inputs.json") if campaign.last_round else {}
        first_time = [p for p in missing if p not in last.get("defaulted", []) + last.get("away", [])]
        if len(first_time) > campaign.outage_guard:
            return False, _once(campaign, f"NOT resolved: {len(first_time)} players missed the deadline for the "
                                          f"first time ({', '.join(first_time)}); a mail outage? Resolve by hand "
                                          "with pbem resolve --force, or extend the deadline")
    return True, None


def _once(campaign: Campaign, message: str) -> str | None:
    """A message for the GM, said on the first tick only (cron mails every output)."""
    from engine import canonical
    from pbem.files import write_atomic

    path = campaign.folder / "held.json"
    record = {"round": campaign.open_round, "message": message}
    if path.is_file() and path.read_text("utf-8") == canonical.dumps(record):
        return None
    write_atomic(path, canonical.dumps(record))
    return message


def remind(campaign: Campaign, state: dict | None = None) -> list[str]:
    """Once per round, a reminder to each player still without orders when the deadline comes near; never once
    the deadline has come (a tick that finds it passed resolves, or holds the round, without reminding). `state`
    is the open round's state when the caller has read it already."""
    if not campaign.remind_hours:
        return []
    deadline = campaign.deadline()
    if not deadline:
        return []
    now = clock.now()
    if now < clock.parse(deadline) - timedelta(hours=campaign.remind_hours) or now >= clock.parse(deadline):
        return []
    number = campaign.open_round
    pending = campaign.pending_orders()
    away = campaign.away(now)
    done = []
    for player in players_to_order(campaign.game, campaign.state() if state is None else state,
                                   campaign.player_names):
        if player in pending or player in away:   # nobody is reminded while away
            continue
        key = f"remind-r{number:04d}-{player}"
        language = campaign.language_of(player)
        body = render.render("common/reminder.txt.j2", language, round=number, deadline=deadline, player=player,
                             local=local_time(campaign, deadline, language), campaign=campaign.name)
        if post(campaign, key, compose(campaign, player, render.subject("reminder", language, round=number,
                                                                        deadline=deadline), body,
                                       key=key, moment=now)):
            done.append(f"reminded {player}")
    return done


def extend_deadline(campaign: Campaign, hours: float) -> str:
    """Move the open round's deadline; the round's record stays as it was resolved."""
    from engine import canonical
    from pbem.errors import UserError
    from pbem.files import write_atomic

    current = campaign.deadline()
    closing = campaign.closing()
    if campaign.beacon and closing is not None and clock.now() >= closing:   # deadline_passed, the closing kept
        closed = clock.stamp(closing)
        raise UserError(f"round {campaign.open_round} closed at {local_time(campaign, closed)} ({closed}): with a "
                        "beacon a deadline cannot be moved once it has passed, since the beacon round that follows "
                        "it may already be known")
    base = clock.parse(current) if current else clock.now()
    if clock.now() > base:
        base = clock.now()
    moved = clock.stamp(base + timedelta(hours=hours))
    if clock.parse(moved) <= clock.now():
        raise UserError(f"--extend {hours}h would put the deadline in the past")
    write_atomic(campaign.folder / "deadline.json", canonical.dumps({"round": campaign.open_round, "deadline": moved}))
    campaign.log(f"deadline of round {campaign.open_round} moved to {moved}")
    tell_deadline_moved(campaign, moved)
    return moved


def tell_deadline_moved(campaign: Campaign, moved: str) -> None:
    """Every player hears of a moved deadline (in beacon mode, with the beacon round it now names)."""
    from pbem.rounds import announced_beacon

    number = campaign.open_round
    beacon = announced_beacon(campaign, moved) if campaign.beacon else None
    for player in campaign.player_names:
        key = f"deadline-r{number:04d}-{moved.replace(':', '')}-{player}"
        language = campaign.language_of(player)
        body = render.render("common/deadline_moved.txt.j2", language, round=number, deadline=moved, player=player,
                             local=local_time(campaign, moved, language), beacon=beacon)
        post(campaign, key, compose(campaign, player, render.subject("deadline_moved", language, round=number,
                                                                     deadline=moved), body,
                                    key=key, moment=clock.now()))
