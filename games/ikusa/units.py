"""The military units, the combat sequence and the bonus units, read once from units.toml.

A force is plain data: a dict of unit kind -> count. The functions here check
such dicts and answer the questions the casualty rules ask of a force (how
many regular units, is the ronin stacking limit kept), so that combat and the
odds read the same rules.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from importlib import resources

from engine import shown

from .problems import Refused

DAIMYO = "daimyo"
RONIN = "ronin"


@dataclass(frozen=True)
class Phase:
    """Rolling steps that end in one casualty step (steps 1-3, then steps 4-7)."""

    volleys: tuple[tuple[int, tuple[str, ...]], ...]
    casualty_step: int

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for _, kinds in self.volleys for kind in kinds)


@dataclass(frozen=True)
class Fortification:
    kind: str
    units: int


def _load():
    """Read and check the unit data, so that a typo fails at import, not mid-battle."""
    text = resources.files(__package__).joinpath("units.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    values = {kind: table["value"] for kind, table in data["units"].items()}
    regular = frozenset(kind for kind, table in data["units"].items() if table["regular"])
    for kind, value in values.items():
        if not 1 <= value <= 12:
            raise ValueError(f"units.toml: {kind} has combat value {value}, not a d12 face")
    if DAIMYO not in regular or RONIN not in values or RONIN in regular:
        raise ValueError("units.toml: the daimyo must be a regular unit and the ronin a hired one")

    phases, volleys, rolled, withdrawal_step = [], [], [], None
    for entry in data["sequence"]:
        if "rolls" in entry:
            for kind in entry["rolls"]:
                if kind not in values:
                    raise ValueError(f"units.toml: step {entry['step']} rolls an unknown kind {kind}")
            volleys.append((entry["step"], tuple(entry["rolls"])))
            rolled += entry["rolls"]
        elif entry.get("casualties"):
            phases.append(Phase(tuple(volleys), entry["step"]))
            volleys = []
        elif entry.get("withdrawal"):
            withdrawal_step = entry["step"]
    if volleys or withdrawal_step is None or sorted(rolled) != sorted(values):
        raise ValueError("units.toml: every kind must roll in exactly one step before a casualty step")

    priority = tuple(data["casualties"]["default_priority"])
    if sorted(priority) != sorted(k for k in values if k != DAIMYO):
        raise ValueError("units.toml: the default priority must list every kind but the daimyo once")

    forts = {name: Fortification(t["kind"], t["units"]) for name, t in data["fortifications"].items()}
    for name, fort in forts.items():
        if fort.kind not in values or fort.kind == DAIMYO:
            raise ValueError(f"units.toml: the {name} gives an impossible bonus kind {fort.kind}")
    return values, regular, tuple(phases), withdrawal_step, priority, forts


VALUE, REGULAR, PHASES, WITHDRAWAL_STEP, DEFAULT_PRIORITY, FORTIFICATIONS = _load()
KINDS: tuple[str, ...] = tuple(VALUE)


def closest_kind(word: str) -> str | None:
    """The unit kind nearest to a misspelt one, if any is near."""
    close = difflib.get_close_matches(word.lower(), KINDS, n=1)
    return close[0] if close else None


def unknown_kind(word: str) -> str:
    """The message for a unit kind the game does not have, with the nearest one if any (for the odds' forces)."""
    close = closest_kind(word)
    hint = f" (did you mean {close}?)" if close else ""
    return f"unknown unit kind {shown(word)}{hint}; the kinds are {', '.join(KINDS)}"


def check_force(force: dict, side: str = "force") -> dict[str, int]:
    """The force with every kind present (zeros included), or a ValueError naming the bad part."""
    if not isinstance(force, dict):
        raise ValueError(f"the {side} must be a table of unit kind = count")
    full = dict.fromkeys(KINDS, 0)
    for kind, count in force.items():
        if kind not in VALUE:
            raise ValueError(f"the {side}: {unknown_kind(str(kind))}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the {side}: {kind} = {count!r} is not a whole number of units (0 or more)")
        full[kind] = count
    if full[DAIMYO] > 1:
        raise ValueError(f"the {side} has {full[DAIMYO]} daimyos; a force is led by at most one")
    return full


def check_can_fight(force: dict, side: str = "force") -> None:
    """A battle needs a regular unit on each side: ronin cannot fight alone (the province is unoccupied)."""
    if regular_units(force) == 0:
        raise ValueError(f"the {side} has no regular unit to fight with (ronin cannot fight alone)")


def check_priority(priority, side: str = "casualty priority") -> tuple[str, ...]:
    """A casualty priority completed with the kinds it leaves out (in default order), daimyo left out.

    The daimyo is never listed: it is removed only as the last unit of its force.
    """
    if priority is None:
        return DEFAULT_PRIORITY
    if isinstance(priority, str) or not isinstance(priority, (list, tuple)):
        raise Refused("priority-not-a-list", what=side)
    seen: list[str] = []
    for kind in priority:
        if not isinstance(kind, str) or kind not in VALUE:
            word = kind if isinstance(kind, str) else shown(kind)
            close = closest_kind(word)
            if close:
                raise Refused("priority-misspelt-kind", what=side, written=shown(word), suggestion=close, kinds=KINDS)
            raise Refused("priority-unknown-kind", what=side, written=shown(word), kinds=KINDS)
        if kind in seen:
            raise Refused("priority-kind-twice", what=side, kind=kind)
        seen.append(kind)
    chosen = [kind for kind in seen if kind != DAIMYO]
    return tuple(chosen + [kind for kind in DEFAULT_PRIORITY if kind not in chosen])


def fortification_bonus(name: str | None) -> Fortification | None:
    """The bonus units a castle or fortress adds to its province's defence (None: no fortification)."""
    if name is None:
        return None
    if name not in FORTIFICATIONS:
        raise ValueError(f"unknown fortification {name!r}; the game has {', '.join(FORTIFICATIONS)}")
    return FORTIFICATIONS[name]


def regular_units(force: dict) -> int:
    """The units that count for the ronin stacking limit (the daimyo is one of them)."""
    return sum(count for kind, count in force.items() if kind in REGULAR)


def size(force: dict) -> int:
    return sum(force.values())


def ronin_limit(force: dict) -> int:
    """How many ronin the rulebook's stacking limit lets these units hold: one fewer than their regular units
    (none with one regular unit or none). The one statement of the limit: every check, move, battle and plan
    asks it."""
    return max(0, regular_units(force) - 1)


def within_ronin_limit(force: dict, more: int = 0) -> bool:
    """Whether the force's ronin, and `more` ones (hidden there, or about to join), are within the limit."""
    return force.get(RONIN, 0) + more <= ronin_limit(force)


def compact(force: dict) -> dict[str, int]:
    """The force without its empty kinds, in the order of KINDS: the shape results are given in."""
    return {kind: force[kind] for kind in KINDS if force.get(kind, 0)}
