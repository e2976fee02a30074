"""Ninjato's reports open with what happened to the player (templates/ninjato/events.txt.j2, you_lines): the
houses they beat, the raids that failed, the treasures taken and their honour, read in the goldens."""
from __future__ import annotations

import json
import re

from tests.goldens import every_golden, stored


def first_part(text: str) -> str:
    start = text.index("What happened to you this round")
    return text[start:text.index("\n\n", start)]


def line_of(told: str, lead: str) -> str:
    return told.split(lead, 1)[1].split("\n")[0] if lead in told else ""


def test_every_house_beaten_and_raid_failed_is_in_the_raiders_first_part_with_the_honour_won():
    compared = raids = 0
    for name in sorted(n for n in every_golden() if n.startswith("ninjato")):
        files = stored(name)
        for path in sorted(files):
            found = re.fullmatch(r"r(\d\d)/(\w+)\.json", path)
            if not found or int(found.group(1)) == 0 or found.group(2) == "round":
                continue
            report = json.loads(files[path])
            me, told = report["player"], first_part(files[path[:-len(".json")] + ".txt"].decode("utf-8"))
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
