"""Coin flip's test adapter: the least a game gives the generic checks."""
from __future__ import annotations

from tests.support.harness import Golden, Harness

HARNESS = Harness(
    player_counts=(2, 3, 4),
    draw_options=lambda count, rng: {},
    vary_orders=lambda state, player, orders, rng: {"call": rng.choice(("heads", "tails"))},
    unexecuted=lambda pos, other, rng: None,    # every call is carried out
    rotation=("events", "dice"),
    scenes=(("coin-flip round 1", ("ann", "bob", "cho"), 0), ("coin-flip over", ("ann", "bob"), None)),
    vocabulary=lambda state: (("heads", "tails"), ("call",)),
    seed_bodies=lambda state, player: [{"call": "tails"}],
    goldens=(Golden("coin-flip", 2, 1, 6),),
)
