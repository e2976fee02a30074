"""Sealing a beacon round's orders when it closes, and the notice that tells every player (engine/seal.py says why).

The first command after the round closes (a tick, or the GM's `pbem resolve`) seals it: the orders as they will
be carried out (the players' own, and the stand-in orders of those who sent none) go into SEAL_FILE with the
moment, and every player is mailed the notice holding every player's seal. From then on the round is resolved from
the sealed file alone, and its dice mix in the first beacon round published more than the campaign's margin after
that moment ([beacon] seal_minutes, 10 by default: time for the notice to reach every mailbox first). A player's
checker holds the notice against the report: a seal that does not open to the orders resolved, or a notice that
reached the player after its beacon round was out, shows.
"""
from __future__ import annotations

from datetime import timedelta

from engine import canonical
from engine import seal as sealing
from pbem import clock, render
from pbem.campaign import Campaign
from pbem.errors import CampaignDamaged
from pbem.files import write_atomic
from pbem.outbox import compose, post, posted
from pbem.records import read_record

SEAL_FILE = "sealed.json"
DEFAULT_MINUTES = 10


def margin(campaign: Campaign) -> int:
    """Seconds between the notice and the earliest beacon round the dice may use."""
    return 60 * campaign.beacon.get("seal_minutes", DEFAULT_MINUTES)


def current(campaign: Campaign, number: int, attempt: int) -> dict | None:
    """The seal of this attempt at the open round, if it is sealed."""
    path = campaign.folder / SEAL_FILE
    if not path.is_file():
        return None
    record = read_record(path)
    return record if (record["round"], record["attempt"]) == (number, attempt) else None


def seal_round(campaign: Campaign, number: int, attempt: int, now, resolved: dict) -> dict:
    """Seal the round's orders at `now` and post the notices, once: `resolved` holds the orders, nonces and
    stand-ins as the round's inputs will record them. Returns the seal."""
    from pbem.beacon import beacon_round, publication

    found = current(campaign, number, attempt)
    if found is not None:
        return found
    entries = sealing.entries(resolved["orders"], resolved["nonces"])
    at = clock.stamp(now)
    seconds = margin(campaign)
    beacon = beacon_round(campaign.beacon, clock.parse(at) + timedelta(seconds=seconds))
    record = {"round": number, "attempt": attempt, "at": at, "margin": seconds, **resolved,
              "digests": sealing.digests(campaign.dice_secret(), number, attempt, entries),
              "beacon": {"round": beacon, "published": publication(campaign.beacon, beacon)}}
    write_atomic(campaign.folder / SEAL_FILE, canonical.dumps(record))
    campaign.log(f"sealed the orders of round {number}; its dice mix in beacon round {beacon}, published at "
                 f"{record['beacon']['published']}")
    post_notices(campaign, record)
    return record


def sealed_orders(campaign: Campaign, record: dict) -> dict:
    """The orders, nonces and stand-ins of a seal, refused when they no longer give the seals mailed."""
    entries = sealing.entries(record["orders"], record["nonces"])
    if sealing.digests(campaign.dice_secret(), record["round"], record["attempt"], entries) != record["digests"]:
        raise CampaignDamaged(f"{campaign.folder / SEAL_FILE}: the sealed orders were changed after the notice "
                              "was mailed; every player's checker would show it")
    return {key: record[key] for key in ("orders", "nonces", "defaulted", "away") if key in record}


def notice_key(record: dict, player: str) -> str:
    return f"r{record['round']:04d}-sealed-{record['attempt']}-{player}"


def post_notices(campaign: Campaign, record: dict) -> None:
    """Every player's sealed-orders notice, once (a rerun after a crash makes the same mail)."""
    for player in campaign.player_names:
        key = notice_key(record, player)
        if posted(campaign, key):
            continue
        language = campaign.language_of(player)
        body = render.render("common/sealed.txt.j2", language, campaign=campaign.name, seal=record,
                             minutes=record["margin"] // 60)
        post(campaign, key, compose(campaign, player, render.subject("sealed", language, round=record["round"]),
                                    body, key=key, moment=clock.parse(record["at"])))


def forget_resolved(campaign: Campaign, last: int) -> None:
    """A seal goes once its round is resolved (the round's inputs and reports keep it)."""
    path = campaign.folder / SEAL_FILE
    if path.is_file() and read_record(path)["round"] <= last:
        path.unlink()
