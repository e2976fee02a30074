"""Action 6, Contratar Ninja: the single highest bid hires the one ninja; a tie hires nobody.

The hirer need not say yet what the ninja is for: an assassination in this
round's war (not in the first round), or spying on one opponent's allocation
in the next round's planning. state["ninja"] records the side that holds it,
the round it was hired in, and how it was used: None until then, "assassin"
or "spy" once the war or the next planning uses it. Every Koku bid goes back
to the main tray whatever happens. Hiring is public.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from .state import active_sides, who


def hire_ninja(state: dict, allocations: dict[str, dict]) -> tuple[dict, list[dict]]:
    """The ninja goes to the one side with the most Koku in the ninja box, or to nobody.

    The ninja of an earlier round is back in the main tray by now (used, or
    returned after the planning it could have spied in), so it is replaced.
    """
    new = copy_plain(state)
    bids = {s: (allocations.get(s) or {}).get("ninja", 0) for s in active_sides(new)}
    top = max(bids.values(), default=0)
    new["ninja"] = None
    if top <= 0:
        return new, [event("ninja_not_hired", reason="no_bids", sides=[], bid=0)]
    leaders = [s for s in bids if bids[s] == top]
    if len(leaders) > 1:
        return new, [event("ninja_not_hired", reason="tie", sides=leaders, bid=top)]
    holder = leaders[0]
    new["ninja"] = {"holder": holder, "hired_round": new["round"], "used": None}
    return new, [event("ninja_hired", **who(new, holder), side=holder, bid=top, round=new["round"])]


def may_spy(state: dict, side: str) -> bool:
    """In planning: the side hired the ninja in the previous round and did not use it as an assassin."""
    ninja = state.get("ninja")
    return bool(ninja and ninja["holder"] == side and ninja["used"] is None
                and ninja["hired_round"] == state["round"] - 1)
