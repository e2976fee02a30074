"""File intake: order files dropped into inbox/, each kept, checked and acknowledged.

Order of work per file, so that a crash at any point loses nothing and repeats
nothing: keep the raw file in received/ (named by its hash), store the orders if
accepted, post the acknowledgement (keyed by the same hash, so posted once), and
only then remove the file from the inbox.
"""
from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass

from engine import Problem
from pbem import clock, render
from pbem.campaign import Campaign
from pbem.files import move_atomic, write_atomic
from pbem.languages import ENGLISH
from pbem.orders import MAX_BYTES, OrdersRejected, deliver_briefings, describe, normalised_text, read_orders, store
from pbem.outbox import compose, post

SAFE = re.compile(r"[^A-Za-z0-9._-]+")
REFUSED = "refused"   # inbox/refused/: what the inbox would not read, set aside for the GM


@dataclass
class Intake:
    file: str
    player: str | None
    accepted: bool
    problems: list[str]


def take_inbox(campaign: Campaign) -> list[Intake]:
    results = []
    inbox = campaign.folder / "inbox"
    for path in sorted(p for p in inbox.iterdir() if not p.name.startswith(".") and not _is_folder(p)):
        data, refusal = read_order_file(path)
        if data is None:
            move_atomic(path, inbox / REFUSED / path.name)   # the name alone moves: no link is followed
            campaign.log(f"inbox: refused {path.name}: {refusal}; set aside in inbox/{REFUSED}/")
            results.append(Intake(path.name, None, False, [f"{path.name}: {refusal}"]))
            continue
        digest = hashlib.sha256(data).hexdigest()[:16]
        kept = campaign.folder / "received" / f"{digest}-{SAFE.sub('_', path.name)[:80]}"
        if not kept.exists():
            write_atomic(kept, data)
        results.append(take_one(campaign, data, path.name, digest))
        path.unlink()
    return results


def _is_folder(path) -> bool:
    return stat.S_ISDIR(os.lstat(path).st_mode)


def read_order_file(path) -> tuple[bytes | None, str]:
    """The bytes of an order file, or None and why not: only a regular file, never through a symbolic link
    (one to secrets.toml would copy the dice secret), and never more than an order file may hold, judged
    before reading (a FIFO would block, a huge file fill the disk)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, "a symbolic link; order files are taken only as regular files"
        return None, f"cannot be read ({exc.strerror})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, "not a regular file; order files are taken only as regular files"
        if info.st_size > MAX_BYTES:
            return None, f"{info.st_size:,} bytes; order files are at most {MAX_BYTES:,}"
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            data = handle.read(MAX_BYTES + 1)
    finally:
        if fd != -1:
            os.close(fd)
    if len(data) > MAX_BYTES:   # it grew while it was read
        return None, f"more than {MAX_BYTES:,} bytes; order files are at most {MAX_BYTES:,}"
    return data, ""


def take_one(campaign: Campaign, data: bytes, source: str, digest: str) -> Intake:
    """Check one order file and acknowledge it to the player it names."""
    try:
        submission = read_orders(campaign, data, source, require_token=True)
    except OrdersRejected as rejection:
        problems = rejection.details
        player = claimed_player(campaign, data)
        if player:
            language = campaign.language_of(player)
            acknowledge(campaign, player, f"ack-{digest}-{player}", render.subject("orders_rejected", language),
                        rejection_text(campaign, source, rejection.problems, language=language))
        campaign.log(f"inbox: rejected {source}" + (f" from {player}" if player else " (no known player)"))
        return Intake(source, player, False, problems)
    body = accept(campaign, submission, f"inbox:{source}")
    acknowledge(campaign, submission.player, f"ack-{digest}-{submission.player}",
                render.subject("orders_accepted", campaign.language_of(submission.player), round=submission.round),
                body)
    campaign.log(f"inbox: accepted {source} for {submission.player}, round {submission.round}")
    return Intake(source, submission.player, True, [])


def accept(campaign: Campaign, submission, source: str, notes: Sequence[dict] = ()) -> str:
    """Store accepted orders and post the briefings they make due; the acknowledgement's text."""
    store(campaign, submission, source)
    deliver_briefings(campaign)
    language = campaign.language_of(submission.player)
    return render.render("common/ack.txt.j2", language, accepted=True, round=submission.round,
                         notes=[*notes, *_waiting_note(campaign, submission)],
                         normalised=normalised_text(campaign, submission),
                         forecast=forecast_text(campaign.game_name, submission.forecast, language))


def rejection_text(campaign: Campaign, source: str, problems: list[Problem], notes: Sequence[dict] = (),
                   language: str = ENGLISH, found_in: str | None = None) -> str:
    """The answer to a rejected order file: its problems told in the player's language. `source` names the file,
    or `found_in` the part of a mail it came in ("body", "attachment", ...); `notes` are ack.txt.j2's."""
    return render.render("common/ack.txt.j2", language, accepted=False, source=source, found_in=found_in,
                         problems=[describe(p, language, campaign.game) for p in problems], notes=list(notes))


def _waiting_note(campaign: Campaign, submission) -> list[dict]:
    if campaign.require_final and not submission.final:
        return [{"kind": "not final"}]
    return []


def forecast_text(game_name: str, forecast: list[dict], language: str = ENGLISH) -> str:
    """What the acknowledgement says the accepted orders will do (made from the sender's view alone: the hidden
    checks compare it too)."""
    if not forecast:
        return ""
    folder = render.template_folder(game_name)
    return render.render(f"{folder}/forecast.txt.j2", language, forecast=forecast)


def acknowledge(campaign: Campaign, player: str, key: str, subject: str, body: str) -> None:
    post(campaign, key, compose(campaign, player, subject, body, key=key, moment=clock.now()))


def claimed_player(campaign: Campaign, data: bytes) -> str | None:
    """The player a rejected file names, if it names one of the campaign's players at all."""
    match = re.search(rb'^\s*player\s*=\s*"([A-Za-z][A-Za-z0-9_-]{0,31})"', data, re.MULTILINE)
    if match and match.group(1).decode() in campaign.player_names:
        return match.group(1).decode()
    return None
