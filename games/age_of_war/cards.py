"""The castle cards and the clans, read once from castles.toml.

The file's order is the card order: it breaks ties wherever two castles weigh
the same, so every process makes the same choice.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from .lines import check_line


@dataclass(frozen=True)
class Castle:
    name: str
    clan: str
    points: int
    lines: tuple[str, ...]
    order: int


@dataclass(frozen=True)
class Clan:
    name: str
    value: int
    castles: tuple[str, ...]


def _load() -> tuple[dict[str, Castle], dict[str, Clan]]:
    """Read and check the card data, so that a typo fails at import, not mid-game."""
    text = resources.files(__package__).joinpath("castles.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    values = {clan["name"]: clan["value"] for clan in data["clans"]}
    castles: dict[str, Castle] = {}
    for order, card in enumerate(data["castles"]):
        if card["clan"] not in values:
            raise ValueError(f"castle {card['name']} names an unknown clan {card['clan']}")
        for line in card["lines"]:
            check_line(line)
        castles[card["name"]] = Castle(card["name"], card["clan"], card["points"], tuple(card["lines"]), order)
    clans = {
        name: Clan(name, value, tuple(c.name for c in castles.values() if c.clan == name))
        for name, value in values.items()
    }
    for clan in clans.values():
        if not clan.castles:
            raise ValueError(f"clan {clan.name} has no castle")
    return castles, clans


CASTLES, CLANS = _load()


def castle_names() -> list[str]:
    """Every castle, in card order."""
    return list(CASTLES)


def castle(name: str) -> Castle:
    return CASTLES[name]


def clan_of(name: str) -> Clan:
    return CLANS[CASTLES[name].clan]
