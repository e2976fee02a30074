"""14.1 Set-up and 14.2 First turn, read once from setup.toml and checked, so that a typo fails at import.

The data are the text's: every placement (units, clan, areas and who shares
out a split), Oda's pieces, Ashikaga, the units waiting in regroup boxes, the
turn track (11.4), the cards, the first turn and the scenarios (14.3).
"""
from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

PLAYERS = ("oda", "anti-oda")
HOW = ("each", "in", "split")


def _check_placement(placement: dict, areas: dict) -> None:
    where = f"placement of {placement.get('clan')!r}"
    unknown = [area for area in placement["areas"] if area not in areas]
    if unknown:
        raise ValueError(f"{where} names unknown areas {unknown}")
    if placement["how"] not in HOW:
        raise ValueError(f"{where}: how = {placement['how']!r} is not one of {HOW}")
    if placement["how"] == "in" and len(placement["areas"]) != 1:
        raise ValueError(f"{where}: 'in' takes one area")
    if (placement["how"] == "split") != ("chooses" in placement):
        raise ValueError(f"{where}: a split, and only a split, says who chooses")
    if placement.get("chooses", "oda") not in PLAYERS:
        raise ValueError(f"{where}: chooses = {placement['chooses']!r} is not a player")
    if placement["units"] < 1:
        raise ValueError(f"{where} places no unit")


def _load() -> dict:
    text = resources.files(__package__).joinpath("setup.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    areas = data["areas"]
    for placement in data["placement"]:
        _check_placement(placement, areas)
    named = [*data["oda"]["control"], data["ashikaga"]["area"], data["ashikaga"]["exile"], *data["temples"]["kaga"],
             *data["first_turn"]["oda_may_not_enter"], data["scenario"]["standard"]["hold"]]
    if unknown := [area for area in named if area not in areas]:
        raise ValueError(f"setup.toml names unknown areas {unknown}")
    ids = [entry["id"] for entry in data["track"]]
    if len(set(ids)) != len(ids):
        raise ValueError(f"the turn track repeats an entry: {ids}")
    for entry in data["track"]:
        if not 1 <= entry["turn"] <= data["scenario"]["standard"]["last_turn"]:
            raise ValueError(f"track entry {entry['id']} is on turn {entry['turn']}, off the track")
    return data


SETUP = _load()


def starting_units() -> dict[str, dict[str, int]]:
    """Every fixed placement as area -> clan -> units (the "split" placements are choices: see split_choices)."""
    units: dict[str, Counter] = {}
    for placement in SETUP["placement"]:
        if placement["how"] == "split":
            continue
        for area in placement["areas"]:
            units.setdefault(area, Counter())[placement["clan"]] += placement["units"]
    return {area: dict(clans) for area, clans in units.items()}


def split_choices() -> list[dict]:
    """The placements a player shares out: clan, units, the areas allowed and the player who chooses."""
    return [{key: placement[key] for key in ("clan", "units", "areas", "chooses")}
            for placement in SETUP["placement"] if placement["how"] == "split"]


def place_split(clan: str, shares: dict[str, int]) -> dict[str, int]:
    """14.1: a player's share-out of a split placement, checked: only the areas allowed, every unit placed."""
    placement = next((p for p in SETUP["placement"] if p["how"] == "split" and p["clan"] == clan), None)
    if placement is None:
        raise ValueError(f"{clan} has no split placement")
    if wrong := sorted(set(shares) - set(placement["areas"])):
        raise ValueError(f"{clan} may be placed only in {placement['areas']}, not in {wrong}")
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in shares.values()):
        raise ValueError(f"{clan}: each share is a whole number of units, 0 or more")
    if sum(shares.values()) != placement["units"]:
        raise ValueError(f"{clan}: {placement['units']} units to place, {sum(shares.values())} shared out")
    return {area: n for area, n in shares.items() if n}


def units_of(clan: str) -> int:
    """Units of a clan placed on the map at the start (fixed and split placements together)."""
    return sum(p["units"] * (len(p["areas"]) if p["how"] == "each" else 1)
               for p in SETUP["placement"] if p["clan"] == clan)


def oda_may_enter(area: str, turn: int) -> bool:
    """14.2: Oda may not enter the Azai areas (Sawayama, Yokoyama, Odani) on the first turn."""
    return not (turn == 1 and area in SETUP["first_turn"]["oda_may_not_enter"])
