"""Action 2, Determinar Orden de Turno: the turn-order markers go to the highest bidders first.

The player with the most Koku in the turn-order box chooses a marker first,
then the next highest, and so on. Tied players settle among themselves who
chooses first; here they settle it by their preferences (when every tied
player wants a different marker, no order among them changes anything) and,
only when two of them want the same marker, by an order drawn with the dice.
Sides that bid nothing then get the markers left, at random. Markers are
numbered 1 to the number of sides still in the game (the rulebook takes the
5, or the 4 and 5, out of the box; the two-player game has four sides).
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain
from engine.dice import shuffle

from .problems import problem
from .state import active_sides, field_of, who


def markers(state: dict) -> list[int]:
    """One marker per side still in the game: 1..n."""
    return list(range(1, len(active_sides(state)) + 1))


def draw_order(dice, items: list, purpose: str) -> list:
    """A fair random order of the items; works with any dice that roll (the engine's shuffle)."""
    return shuffle(dice, items, purpose)


def in_turn_order(state: dict, group) -> list[str]:
    """These sides in this round's turn order (seat order for any not in it)."""
    order = [s for s in state.get("turn_order") or [] if s in group]
    return order + [s for s in active_sides(state) if s in group and s not in order]


def check_preferences(state: dict, side: str, preferences) -> list[Problem]:
    """Preferences are distinct marker numbers, best first; markers left out follow in ascending order."""
    at = field_of(state, side, "turn_order.preferences")
    if preferences is None:
        return []
    if not isinstance(preferences, list):
        return [problem(at, "preferences-not-a-list")]
    problems = []
    allowed = markers(state)
    for i, marker in enumerate(preferences):
        field = f"{at}[{i}]"
        if type(marker) is not int:
            problems.append(problem(field, "marker-not-a-number", written=shown(marker)))
        elif marker not in allowed:
            problems.append(problem(field, "unknown-marker", marker=marker, first=allowed[0], last=allowed[-1]))
        elif marker in preferences[:i]:
            problems.append(problem(field, "marker-listed-twice", marker=marker, place=preferences.index(marker) + 1))
    return problems


def full_preferences(state: dict, preferences) -> list[int]:
    """The listed markers that exist, then every other marker in ascending order."""
    allowed = markers(state)
    listed = []
    for marker in preferences or []:
        if type(marker) is int and marker in allowed and marker not in listed:
            listed.append(marker)
    return listed + [m for m in allowed if m not in listed]


def _best(preference: list[int], free: list[int]) -> int:
    return next(m for m in preference if m in free)


def determine_turn_order(state: dict, allocations: dict[str, dict], preferences: dict[str, list],
                         dice) -> tuple[dict, list[dict]]:
    """Give out the markers: bidders by descending bid, then the rest at random; set state["turn_order"].

    allocations and preferences are keyed by side.
    """
    new = copy_plain(state)
    acting = active_sides(new)
    wants = {s: full_preferences(new, (preferences or {}).get(s)) for s in acting}
    bids = {s: (allocations.get(s) or {}).get("turn_order", 0) for s in acting}
    free = markers(new)
    taken: dict[str, int] = {}
    events: list[dict] = []
    for bid in sorted({b for b in bids.values() if b > 0}, reverse=True):
        tied = [s for s in acting if bids[s] == bid]
        wanted = {s: _best(wants[s], free) for s in tied}
        choosing = tied
        if len(set(wanted.values())) < len(tied):
            first = len(getattr(dice, "rolls", []))
            choosing = draw_order(dice, tied, f"turn order: who of the sides tied at {bid} Koku chooses first")
            events.append(event("turn_order_tie", bid=bid, sides=tied, wanted=wanted, order=choosing,
                                first_roll=first))
        for side in choosing:
            marker = _best(wants[side], free)
            free.remove(marker)
            taken[side] = marker
            events.append(event("turn_marker_chosen", **who(new, side), bid=bid, marker=marker))
    rest = [s for s in acting if bids[s] <= 0]
    for side, marker in zip(rest, draw_order(dice, free, "turn order: markers for the sides that bid nothing")):
        taken[side] = marker
        events.append(event("turn_marker_drawn", **who(new, side), marker=marker))
    new["turn_order"] = sorted(acting, key=taken.__getitem__)
    events.append(event("turn_order_determined", order=list(new["turn_order"]), markers=dict(taken)))
    return new, events
