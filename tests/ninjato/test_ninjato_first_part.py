"""Ninjato's reports open with what happened to the player (templates/ninjato/events.txt.j2, you_lines): the
houses they beat, the raids that failed, the treasures taken and their honour, read in the goldens."""
from __future__ import annotations

from tests.support.first_parts import golden_first_parts


def line_of(told: str, lead: str) -> str:
    return told.split(lead, 1)[1].split("\n")[0] if lead in told else ""


def test_every_house_beaten_and_raid_failed_is_in_the_raiders_first_part_with_the_honour_won():
    compared = raids = 0
    for path, report, told in golden_first_parts("ninjato"):
        me = report["player"]
        mine = [e for e in report["events"] if e.get("player") == me]
        for e in mine:
            if e["kind"] == "house_beaten":
                assert e["house"] in line_of(told, "Houses beaten:"), (path, told)
                raids += 1
            elif e["kind"] == "failed":
                assert e["house"] in line_of(told, "Raids failed in:"), (path, told)
                raids += 1
        total = next(row["honour"] for row in report["standings"] if row["player"] == me)
        won = sum(e["change"] for e in mine if e["kind"] == "honour")
        said = f"You have {total} honour, {won} of it won" if any(e["kind"] == "honour" for e in mine) \
            else f"You have {total} honour."
        assert said in told, (path, told)
        compared += 1
    assert compared >= 30 and raids >= 20, (compared, raids)
