"""11.5 Optional rule (the designer's original regroup), for every clan.

Rating: the areas under the clan's line of communication divided by 5,
rounded up. A clan brings back from its regroup box at most its rating, and
no more than keeps its units on the map at or under twice those areas. A clan
already over that cap brings back nothing and removes nothing.

The text's worked example (34 areas, 15 units in the box, 65 on the map) says
4 may come back; its own formula gives 2 x 34 - 65 = 3, and the formula is the
rule followed here.
"""
from __future__ import annotations

from math import ceil


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} {value!r}: a whole number, 0 or more")
    return value


def regroup_rating(loc_areas: int) -> int:
    """11.5: the areas under the clan's line of communication / 5, rounded up."""
    return ceil(_count(loc_areas, "areas") / 5)


def regroup(loc_areas: int, in_regroup_box: int, on_map: int) -> dict[str, int]:
    """11.5: how many units the clan may bring back this regroup: rating, cap, room under it, and the most that
    may come back (the player may bring fewer)."""
    rating = regroup_rating(loc_areas)
    cap = 2 * loc_areas
    room = max(0, cap - _count(on_map, "units on the map"))
    return {"rating": rating, "cap": cap, "room": room,
            "may_return": min(rating, room, _count(in_regroup_box, "units in the regroup box"))}
