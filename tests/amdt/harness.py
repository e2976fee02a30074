"""A Most Dangerous Time's test adapter: the moderated game's (tests/moderated/harness.py), for its two players.

The game is the moderated game under another name (games.moderated.moderated_game): the same orders, GM's
results, reports and hidden information, so the same adapter, drawn at two players, with its own scenes and
golden.
"""
from __future__ import annotations

from dataclasses import replace

from tests.harness import Golden
from tests.moderated.harness import HARNESS as MODERATED

HARNESS = replace(
    MODERATED,
    player_counts=(2,),
    scenes=(("amdt round 1", ("ann", "bob"), 0), ("amdt over", ("ann", "bob"), None)),
    goldens=(Golden("amdt", 2, 1, 4),),
)
