"""Which attempt at a round is open: how many rollbacks undid it, read from the archive's rollback records.

A module of its own, importing no other of the rounds', so that the dice on demand (pbem.roll) and the rounds
(pbem.rounds) both read it without importing each other.
"""
from __future__ import annotations

from pbem.campaign import Campaign
from pbem.records import read_record


def rollback_records(campaign: Campaign) -> list[tuple[str, dict]]:
    """(archive folder name, its rollback.json) of every rollback, first one first."""
    root = campaign.folder / "archive"
    return [(path.parent.name, read_record(path)) for path in sorted(root.glob("rollback-*/rollback.json"))]


def undone_attempts(records: list[tuple[str, dict]]) -> dict[int, int]:
    """Round -> how many times a rollback undid it: the attempt now open at it (a round never undone: 0). A
    rollback made before re-runs had seeds of their own (its record commits to none) played the round again
    with the same seed, and does not count."""
    counts: dict[int, int] = {}
    for _, record in records:
        if "commitment" in record:
            for number in {undone["round"] for undone in record["undone"]}:
                counts[number] = counts.get(number, 0) + 1
    return counts


def attempt(campaign: Campaign, number: int) -> int:
    """Which attempt at round `number` is open."""
    return undone_attempts(rollback_records(campaign)).get(number, 0)


def attempts(campaign: Campaign, number: int) -> dict:
    """The attempts at this round and the next, for the inputs of a round (each left out while it is 0, as
    in campaigns that were never rolled back)."""
    counts = undone_attempts(rollback_records(campaign))
    found = {"attempt": counts.get(number, 0), "next_attempt": counts.get(number + 1, 0)}
    return {key: value for key, value in found.items() if value}
