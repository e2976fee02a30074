"""The golden reports with their first part ("What happened to you this round"), for the tests that check what
each game's first part says against the events of the report it opens."""
from __future__ import annotations

import json
import re

from tests.goldens import every_golden, stored

HEADING = "What happened to you this round"


def first_part(text: str) -> str:
    """The report's first part: its heading and lines, up to the blank line after them."""
    start = text.index(HEADING)
    return text[start:text.index("\n\n", start)]


def golden_first_parts(game_prefix: str):
    """(path, the JSON report, its text report's first part) of every player's report of a played round in the
    goldens whose name begins with `game_prefix`."""
    for name in sorted(n for n in every_golden() if n.startswith(game_prefix)):
        files = stored(name)
        for path in sorted(files):
            found = re.fullmatch(r"r(\d\d)/(\w+)\.json", path)
            if not found or int(found.group(1)) == 0 or found.group(2) == "round":
                continue
            yield path, json.loads(files[path]), first_part(files[path[:-len(".json")] + ".txt"].decode("utf-8"))
