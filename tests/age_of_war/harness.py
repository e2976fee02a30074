"""Age of War's test adapter: what the generic checks need to know of Age of War (see tests/support/harness.py).

Everything in an Age of War state is public, so the generic hidden check proves
that instead of mutating; what a player may not learn is the rest of another
player's list of castles, the part that is never carried out.
"""
from __future__ import annotations

import random

from games.age_of_war.cards import CASTLES, CLANS
from games.age_of_war.targets import AUTO
from tests.support.harness import Golden, Harness
from tests.support.hidden import Position

PLAYERS = ("ann", "bob", "cho")


def ranked_list(state: dict, player: str, orders: dict, rng: random.Random) -> dict | None:
    """A ranked list of a few castles not yet secured, sometimes ending in "auto": fallbacks to pass over."""
    open_castles = [name for name, card in state["castles"].items() if not card["secured"]]
    if not open_castles:
        return None
    ranked = rng.sample(open_castles, rng.randint(1, min(4, len(open_castles))))
    return {"targets": ranked + (["auto"] if rng.random() < 0.5 else [])}


def unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str] | None:
    """Age of War: the castle the player attacked, behind the castles passed over or none, then anything;
    any list at all for a player whose turn never came or who could attack nothing."""
    before = pos.previous_state
    open_castles = [name for name, card in before["castles"].items() if not card["secured"]]
    chosen = next((ev for ev in pos.round.events if ev["kind"] == "target_chosen" and ev["player"] == other), None)
    if chosen is None or chosen["castle"] is None:
        tail = rng.sample(open_castles, rng.randint(1, min(4, len(open_castles)))) if open_castles else []
        return {"targets": tail + ["auto"]}, f"{other}'s orders, never carried out, replaced by {tail + ['auto']}"
    head = [p["castle"] for p in chosen["passed"]] if rng.random() < 0.5 else []
    if chosen["auto"]:
        return {"targets": head + ["auto"]}, f"{other}'s list before 'auto' replaced by {head}"
    rest = [c for c in open_castles if c not in head and c != chosen["castle"]]
    tail = rng.sample(rest, rng.randint(0, min(4, len(rest)))) + (["auto"] if rng.random() < 0.5 else [])
    ranked = head + [chosen["castle"]] + tail
    return {"targets": ranked}, f"{other}'s list around {chosen['castle']} replaced by {ranked}"

def vocabulary(state: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and keys an Age of War player writes: castles, clans, "auto", and the one key."""
    return (*CASTLES, *CLANS, AUTO), ("targets",)


def seed_bodies(state: dict, player: str) -> list[dict]:
    """Lists the computer player never gives: the first free castles, the last two and auto, every castle."""
    free = [name for name in CASTLES if not state["castles"][name]["secured"]]
    return [{"targets": free[:3]}, {"targets": [*free[-2:], "auto"]}, {"targets": list(CASTLES)}]


HARNESS = Harness(
    player_counts=(2, 3, 4, 5, 6),
    draw_options=lambda count, rng: {},
    vary_orders=ranked_list,
    unexecuted=unexecuted,
    hides_state=False,
    rotation=("events", "orders", "events", "orders", "dice"),
    scenes=(("age-of-war round 1", PLAYERS, 0), ("age-of-war round 7", PLAYERS, 6),
            ("age-of-war over", ("ann", "bob"), None)),
    vocabulary=vocabulary,
    seed_bodies=seed_bodies,
    rare_events={
        "turn_skipped": "a player with no castle left to attack: every castle secured or the player's own, "
                        "which the end of the game nearly always comes before "
                        "(tests/age_of_war/test_age_of_war_targets.py)",
    },
    goldens=(
        Golden("age-of-war", 2, 1, 60),          # a whole game
        Golden("age-of-war", 6, 1, 3),
    ),
)
