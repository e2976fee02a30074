"""Action 4, Leva de Unidades: Koku in the levy box recruit regular units from the side's tray.

What one Koku buys (games/ikusa/supply.toml). The scraped rulebook prints a
garbled list, "1 Samurái arquero; 1 Samurái espadachín y un artillero
ashigaru; 2 Espadachines samurái;2 Ashigaru artillero, 3 Ashigaru lanceros".
It is read as five alternatives, one per Koku (the reading, and why, is in
docs/games/ikusa.md, "Readings of the rulebook"). Several Koku buy several packages,
of any kinds; a package need not be placed whole (what is not placed stays
in the tray). So recruiting costs the fewest packages that hold the units.

Placing: each recruited unit joins the provincial force of an owned province
or one of the side's armies on the board, one unit per province per round
(an army counts as the province it stands in), so never more units than
provinces owned. A provincial force holds at most 5 regular units; an army
one daimyo, four samurai (archers, swordsmen) and ten ashigaru (gunners,
spearmen). Figures come from the colour's own tray: an empty tray recruits
nothing. Placements are public.

Orders:  levy = { units = [{ unit = "archer", to = "Owari" }, { unit = "spearman", to = "red-1" }] }
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from engine import Problem, event, shown
from engine.canonical import copy_plain

from .problems import problem, reason_problem, refused
from .state import (
    PROVINCIAL_LIMIT,
    REGULAR_KINDS,
    active_sides,
    are_enemies,
    armies_on_board,
    audience,
    board_of,
    card_has_room,
    colour_of,
    field_of,
    ordered_provinces,
    place_id,
    regular_count,
    side_of_province,
    trial_copy,
    who,
)
from .turn_order import in_turn_order
from .units import VALUE

LEVIED = REGULAR_KINDS  # archer, swordsman, gunner, spearman: never a daimyo, never a ronin


def _load() -> list[dict[str, int]]:
    """Read and check supply.toml, so that a typo fails at import, not mid-game."""
    text = resources.files(__package__).joinpath("supply.toml").read_text(encoding="utf-8")
    packages = [dict(p["units"]) for p in tomllib.loads(text)["levy"]["package"]]
    for package in packages:
        if not package or any(kind not in LEVIED or type(n) is not int or n < 1 for kind, n in package.items()):
            raise ValueError(f"supply.toml: a levy package holds regular units only, not {package}")
    for kind in LEVIED:
        if not any(kind in package for package in packages):
            raise ValueError(f"supply.toml: no levy package holds a {kind}")
    return packages


PACKAGES = _load()


@lru_cache(maxsize=4096)
def _fewest_packages(need: tuple[int, ...]) -> int:
    """Any cover holds a package with the first unit still needed: try each such package."""
    if not any(need):
        return 0
    first = next(i for i, n in enumerate(need) if n)
    costs = []
    for package in PACKAGES:
        held = tuple(package.get(kind, 0) for kind in LEVIED)
        if held[first]:
            costs.append(1 + _fewest_packages(tuple(max(0, n - h) for n, h in zip(need, held))))
    return min(costs)


def koku_needed(units: dict[str, int]) -> int:
    """The fewest Koku whose packages hold these units."""
    return _fewest_packages(tuple(units.get(kind, 0) for kind in LEVIED))


def levy_place(state: dict, side: str, to: str) -> tuple[str | None, str | None]:
    """(province, reason): where a unit sent to an army id or a province id would stand."""
    army = state["armies"].get(to)
    if army is not None:
        if army["colour"] != colour_of(state, side):
            return None, "not_your_army"
        if army["status"] != "active" or army["province"] is None:
            return None, "army_not_on_board"
        return army["province"], None
    if side_of_province(state, to) != side:
        return None, "not_owned"
    return to, None


def why_not_levy(state: dict, side: str, koku: int, placed: list[dict], unit, to,
                 provinces: int | None = None) -> str | None:
    """The reason this unit cannot be placed after those already placed this round, or None.

    `to` is an army id or a province id (see state.place_id). `provinces`: how many
    the side owns, when the caller knows it already (placing units changes no owner, so
    a whole levy counts them once); None counts them here.
    """
    if unit == "daimyo":
        return "daimyo_not_levied"
    if unit not in LEVIED:
        return "unknown_unit"
    if not isinstance(to, str) or (to not in state["armies"] and to not in state["provinces"]):
        return "unknown_place"
    province, reason = levy_place(state, side, to)
    if reason:
        return reason
    if any(p["province"] == province for p in placed):
        return "province_used"
    if len(placed) >= (len(ordered_provinces(state, side)) if provinces is None else provinces):
        return "more_than_provinces"
    bought: dict[str, int] = {}
    for kind in [p["unit"] for p in placed] + [unit]:
        bought[kind] = bought.get(kind, 0) + 1
    if koku_needed(bought) > koku:
        return "koku_short"
    if to in state["armies"]:
        if not card_has_room(state["armies"][to]["units"], unit):
            return "army_full"
    elif regular_count(state["provinces"][to]["force"]) >= PROVINCIAL_LIMIT:
        return "force_full"
    if state["supply"]["figures"].get(colour_of(state, side), {}).get(unit, 0) <= 0:
        return "no_figures_left"
    return None


def _place(state: dict, side: str, unit: str, to: str) -> str:
    """Move one figure from the colour's tray onto the army card or the board (state changed in place)."""
    if to in state["armies"]:
        army = state["armies"][to]
        army["units"][unit] = army["units"].get(unit, 0) + 1
        province = army["province"]
    else:
        force = state["provinces"][to]["force"]
        force[unit] = force.get(unit, 0) + 1
        province = to
    state["supply"]["figures"][colour_of(state, side)][unit] -= 1
    return province


EXAMPLE = 'levy = { units = [{ unit = "archer", to = "Owari" }] }'


def _entry(state: dict, entry) -> tuple:
    """(unit, place id or what was written, why the place names nothing if it does not) of one entry."""
    if not isinstance(entry, dict):
        return None, None, None
    to, refusal = place_id(state, entry.get("to"))
    return entry.get("unit"), (to if to is not None else entry.get("to")), refusal


def check_levy(state: dict, side: str, allocation: dict, orders) -> list[Problem]:
    """Every reason these levy orders cannot be carried out as written, each naming its entry."""
    at = field_of(state, side, "levy")
    koku = allocation.get("levy", 0)
    if not orders:
        if koku:
            return [problem(f"{at}.units", "levy-units-needed", koku=koku, example=EXAMPLE)]
        return []
    if not isinstance(orders, dict):
        return [problem(at, "levy-not-a-table", example=EXAMPLE)]
    problems = [problem(f"{at}.{key}", "unknown-levy-key", key=key) for key in orders if key != "units"]
    units = orders.get("units", [])
    if not isinstance(units, list):
        return problems + [problem(f"{at}.units", "levy-units-not-a-list", example=EXAMPLE)]
    if units and not koku:
        return problems + [problem(f"{at}.units", "levy-without-koku")]
    if not units and koku:
        problems.append(problem(f"{at}.units", "levy-units-missing", koku=koku, example=EXAMPLE))
    trial = trial_copy(state)
    owned = len(ordered_provinces(trial, side))
    placed: list[dict] = []
    for i, entry in enumerate(units):
        field = f"{at}.units[{i}]"
        if not isinstance(entry, dict):
            problems.append(problem(field, "levy-entry-not-a-table", example=EXAMPLE))
            continue
        extra = [key for key in entry if key not in ("unit", "to")]
        if extra:
            problems.append(problem(f"{field}.{extra[0]}", "unknown-levy-entry-key", key=extra[0]))
            continue
        unit, to, refusal = _entry(trial, entry)
        reason = why_not_levy(trial, side, koku, placed, unit, to, owned)
        if reason == "unknown_unit":
            problems.append(problem(f"{field}.unit", "unknown-levy-unit", written=shown(unit), units=LEVIED))
        elif reason == "daimyo_not_levied":
            problems.append(problem(f"{field}.unit", "daimyo-not-levied"))
        elif reason == "unknown_place":
            problems.append(refused(f"{field}.to", refusal) if refusal else problem(f"{field}.to", "unknown-place"))
        elif reason == "force_full":
            problems.append(problem(field, "force-full", limit=PROVINCIAL_LIMIT))
        elif reason:
            problems.append(reason_problem(field, reason))
        else:
            placed.append({"unit": unit, "province": _place(trial, side, unit, to)})
    return problems


def levy_for_side(new: dict, side: str, koku: int, units: list) -> list[dict]:
    """Place one side's units in order, skipping what the rules forbid (the state is changed in place)."""
    events, placed = [], []
    owned = len(ordered_provinces(new, side))
    for i, entry in enumerate(units):
        unit, to, _ = _entry(new, entry)
        reason = why_not_levy(new, side, koku, placed, unit, to, owned)
        if reason:
            events.append(event("levy_skipped", audience(new, side), **who(new, side), index=i,
                                unit=unit if isinstance(unit, str) else None,
                                to=to if isinstance(to, str) else None, reason=reason))
            continue
        province = _place(new, side, unit, to)
        placed.append({"unit": unit, "province": province})
        events.append(event("unit_levied", **who(new, side), unit=unit, to=to, province=province))
    bought: dict[str, int] = {}
    for p in placed:
        bought[p["unit"]] = bought.get(p["unit"], 0) + 1
    events.append(event("levy_done", **who(new, side), koku=koku, units=dict(sorted(bought.items())),
                        koku_used=koku_needed(bought)))
    return events


def levy_units(state: dict, allocations: dict[str, dict], orders: dict[str, dict | None], *,
               trial: bool = False) -> tuple[dict, list[dict]]:
    """Recruit and place every side's units; an illegal entry is skipped and only its player told why.

    A side with Koku in the levy and no orders gets the default levy; orders
    from a side with no Koku in the levy are ignored. A `trial` (the order check
    foreseeing the levy) gives a state that may share with `state` what placing
    units never changes (state.trial_copy).
    """
    new = trial_copy(state) if trial else copy_plain(state)
    events: list[dict] = []
    levying = [s for s, boxes in allocations.items() if (boxes or {}).get("levy", 0) > 0]
    for side in in_turn_order(new, levying):
        koku = allocations[side]["levy"]
        given = orders.get(side)
        units = given.get("units") if isinstance(given, dict) else None
        if not units:
            units = default_levy(new, side, koku)["units"]
            events.append(event("levy_defaulted", audience(new, side), **who(new, side), units=units))
        events += levy_for_side(new, side, koku, units if isinstance(units, list) else [])
    for side in sorted(orders):
        if orders[side] and side not in levying and side in active_sides(new):
            events.append(event("levy_ignored", audience(new, side), **who(new, side), reason="no_koku_in_levy"))
    return new, events


def _worth(bought: dict[str, int], tray: dict[str, int], slots: int) -> tuple[int, int]:
    """(units, their combat values): what these recruits give when at most `slots` can be placed,
    the best first, and only what the tray holds."""
    usable = sorted((VALUE[kind] for kind in LEVIED for _ in range(min(bought.get(kind, 0), tray.get(kind, 0)))),
                    reverse=True)[:slots]
    return len(usable), sum(usable)


def _plan(koku: int, slots: int, tray: dict[str, int]) -> dict[str, int]:
    """The units to buy, one Koku at a time: each time the package that adds the most units that can
    be placed, then the most combat value (ties to the package listed first); Koku that would add
    nothing are not spent on anything."""
    bought: dict[str, int] = {}
    worth = _worth(bought, tray, slots)
    for _ in range(koku):
        options = [{k: bought.get(k, 0) + package.get(k, 0) for k in LEVIED} for package in PACKAGES]
        # each option's worth once (max keeps the first of equals, as it did over the options)
        best_worth, best = max(((_worth(option, tray, slots), option) for option in options), key=lambda p: p[0])
        if best_worth <= worth:
            break
        bought, worth = best, best_worth
    return {kind: min(n, tray.get(kind, 0)) for kind, n in bought.items() if min(n, tray.get(kind, 0))}


def default_levy(state: dict, side: str, koku: int) -> dict:
    """Spend the levy Koku on the most units that can be placed (from what the tray holds), the best
    units first, on the side's provinces that border an enemy (all of them when the map is not known):
    armies first, then the weakest, then province order."""
    board = board_of(state)
    owned = ordered_provinces(state, side)
    mine = armies_on_board(state, side)
    armies = {pid: [a for a in mine if state["armies"][a]["province"] == pid] for pid in owned}

    def exposed(pid: str) -> bool:
        return board is None or any(are_enemies(state, side, side_of_province(state, other))
                                    for other in board.neighbours(pid) if other in state["provinces"])

    def held(pid: str) -> int:
        return regular_count(state["provinces"][pid]["force"]) + sum(
            regular_count(state["armies"][a]["units"]) for a in armies[pid])

    order = {pid: i for i, pid in enumerate(owned)}
    ranked = sorted(owned, key=lambda pid: (not exposed(pid), not armies[pid], held(pid), order[pid]))
    slots = [pid for pid in ranked if regular_count(state["provinces"][pid]["force"]) < PROVINCIAL_LIMIT
             or any(card_has_room(state["armies"][a]["units"], u) for a in armies[pid] for u in LEVIED)]
    recruits = _plan(koku, len(slots), state["supply"]["figures"].get(colour_of(state, side), {}))
    trial, placed, units = trial_copy(state), [], []
    used: set[str] = set()  # provinces placed on: why_not_levy says province_used for each of their places
    for unit in LEVIED:  # the best units first, onto the most exposed provinces
        for _ in range(recruits.get(unit, 0)):
            for pid in ranked:
                if pid in used:
                    continue
                to = next((t for t in armies[pid] + [pid]
                           if why_not_levy(trial, side, koku, placed, unit, t, len(owned)) is None), None)
                if to is not None:
                    placed.append({"unit": unit, "province": _place(trial, side, unit, to)})
                    used.add(placed[-1]["province"])
                    units.append({"unit": unit, "to": to})
                    break
    return {"units": units}


def after_levy(state: dict, side: str, allocation: dict, levy_orders) -> dict:
    """The state after the side's own levy of this round, as levy_units will make it (the default levy
    where Koku are paid and no units named); the state itself when the Koku paid are not a number."""
    koku = allocation.get("levy", 0) if isinstance(allocation, dict) else 0
    if type(koku) is not int or koku <= 0:
        return state
    return levy_units(state, {side: {"levy": koku}}, {side: levy_orders}, trial=True)[0]
