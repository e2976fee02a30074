"""The board: 68 provinces, the borders between them and the sea lines.

Read from a TOML map file (the package's own map.toml unless a campaign names
another) and checked as it is read, so that a faulty map fails with a message
naming its fault before any game is set up on it. Movement and attacks only go
between adjacent provinces, and a sea line makes two provinces adjacent.

The file's order of provinces is the map order: it breaks every tie, so that
each process makes the same choice. Coordinates are kept in hundredths of a
degree, as integers: nothing here is a float.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from importlib import resources
from pathlib import Path

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_HEADER = re.compile(r"^\s*\[\s*provinces\s*\.\s*\"?([^\]\"]+?)\"?\s*\]", re.MULTILINE)
_PARENTHESIS = re.compile(r"\s*\(.*\)\s*$")


def fold(text: str) -> str:
    """A name as compared: no case, accents, spaces or punctuation."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch)).casefold()


def base_name(name: str) -> str:
    """The name without a trailing remark in parentheses: "Awa (Bōsō)" is an Awa."""
    return _PARENTHESIS.sub("", name) or name


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    display: str  # the name shown to players; never shared with another province
    island: str
    region: str
    name_ja: str
    lon: int | None  # hundredths of a degree
    lat: int | None
    order: int  # place in the map order


@dataclass(frozen=True, eq=False)
class Board:
    """One map, immutable; equal only to itself (boards are read once per map text, so that is enough)."""

    provinces: dict[str, Province]
    land: tuple[tuple[str, str], ...]
    sea: tuple[tuple[str, str], ...]
    sea_optional: tuple[tuple[str, str], ...]
    digest: str  # SHA-256 of the map file's text, to tell one map from another
    _adjacent: dict[str, tuple[str, ...]] = field(repr=False)
    _sea: frozenset = field(repr=False)

    def __len__(self) -> int:
        return len(self.provinces)

    def __contains__(self, pid: object) -> bool:
        return pid in self.provinces

    def ids(self) -> list[str]:
        """Every province id, in map order."""
        return list(self.provinces)

    def name(self, pid: str) -> str:
        return self.provinces[pid].display

    def neighbours(self, pid: str) -> tuple[str, ...]:
        """The provinces adjacent by land or by a sea line, in map order."""
        return self._adjacent[pid]

    def land_neighbours(self, pid: str) -> tuple[str, ...]:
        return tuple(other for other in self._adjacent[pid] if not self.is_sea_line(pid, other))

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self._adjacent.get(a, ())

    def is_sea_line(self, a: str, b: str) -> bool:
        """Whether a sea line joins the two: attacks across one are naval invasions."""
        return _pair(a, b) in self._sea


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@functools.cache
def default_board() -> Board:
    """The package's own map, read once."""
    return load_map(resources.files(__package__).joinpath("map.toml").read_text(encoding="utf-8"))


def board_of_state(state: dict) -> Board:
    """The board a game is played on: the campaign's own map kept in the state, else the package's."""
    text = state.get("map_text")
    board = _load_cached(text) if text else default_board()
    if state.get("map") not in (None, board.digest):
        raise ValueError("the state's map digest does not match its map")
    return board


def load_map(source: str | os.PathLike) -> Board:
    """A board from the text of a map file, or from a map file named by a path (or a one-line str ending .toml).

    Raises ValueError naming the first fault found: bad TOML, a province id
    declared twice, a missing field, an unknown id, a self-edge or duplicate
    edge, provinces whose names cannot be told apart (the two Awa), a map not
    connected by land and sea.
    """
    if isinstance(source, str) and "\n" not in source and source.strip().endswith(".toml"):
        source = Path(source.strip())  # one line naming a .toml file is a path, not a map
    if isinstance(source, (os.PathLike, Path)):
        return _load_cached(Path(source).read_text(encoding="utf-8"))
    if not isinstance(source, str):
        raise TypeError("load_map takes the text of a map file or a path to one")
    return _load_cached(source)


@functools.cache
def _load_cached(text: str) -> Board:
    _check_declared_once(text)
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"the map file is not valid TOML: {exc}") from None
    provinces = _read_provinces(data)
    _check_namesakes(provinces)
    land = _read_edges(data, "land", provinces, required=True)
    sea = _read_edges(data, "sea", provinces, required=False)
    optional = _read_edges(data, "sea_optional", provinces, required=False)
    for a, b in sorted(set(land) & set(sea)):
        raise ValueError(f"edge {a}-{b} is listed both as a land border and as a sea line")
    for a, b in sorted(set(optional) & (set(land) | set(sea))):
        raise ValueError(f"optional sea line {a}-{b} is already an edge of the map")
    adjacent = _adjacency(provinces, land + sea)
    _check_connected(provinces, adjacent)
    return Board(provinces, land, sea, optional, hashlib.sha256(text.encode("utf-8")).hexdigest(),
                 adjacent, frozenset(sea))


def _check_declared_once(text: str) -> None:
    """Name a province declared twice before TOML's own, vaguer, complaint."""
    seen: set[str] = set()
    for match in _HEADER.finditer(text):
        pid = match.group(1).strip()
        if pid in seen:
            raise ValueError(f"province id {pid!r} is declared twice; each province needs its own id")
        seen.add(pid)


def _read_provinces(data: dict) -> dict[str, Province]:
    table = data.get("provinces")
    if not isinstance(table, dict) or not table:
        raise ValueError("the map file has no [provinces.ID] tables")
    provinces: dict[str, Province] = {}
    for order, (pid, entry) in enumerate(table.items()):
        if not _ID.match(pid):
            raise ValueError(f"province id {pid!r} is not lowercase ASCII letters, digits and underscores")
        if not isinstance(entry, dict):
            raise ValueError(f"province {pid} is not a table")
        for key in ("name", "island", "region"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ValueError(f"province {pid} has no {key}")
        name = entry["name"].strip()
        if not fold(name):
            raise ValueError(f"province {pid} has a name without letters: {name!r}")
        provinces[pid] = Province(pid, name, name, entry["island"], entry["region"], entry.get("name_ja", ""),
                                  _centi(pid, entry, "lon"), _centi(pid, entry, "lat"), order)
    return provinces


def _centi(pid: str, entry: dict, key: str) -> int | None:
    value = entry.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise ValueError(f"province {pid} has a {key} that is not a number")
    return int((Decimal(value) * 100).to_integral_value(ROUND_HALF_EVEN))


def _check_namesakes(provinces: dict[str, Province]) -> None:
    """Provinces of one name (the rulebook's two Awa) must stay apart, with names a player can tell apart.

    A map that names a province Awa must name two, as the board does: one Awa
    is the sign of two provinces merged. Namesakes whose file names are equal
    are shown with their island, "Awa (Shikoku)"; namesakes on one island with
    one name cannot be told apart and are refused.
    """
    groups: dict[str, list[str]] = {}
    for pid, province in provinces.items():
        groups.setdefault(fold(base_name(province.name)), []).append(pid)
    awa = groups.get("awa", [])
    if len(awa) not in (0, 2):
        listed = ", ".join(awa)
        raise ValueError(f"the map names {len(awa)} province(s) Awa ({listed}); the board has two, one on Shikoku "
                         "and one on Honshu's Boso peninsula, each with its own id and a name that tells them apart")
    for members in groups.values():
        for pid in members:
            province = provinces[pid]
            if any(fold(provinces[other].name) == fold(province.name) for other in members if other != pid):
                display = f"{base_name(province.name)} ({province.island.title()})"
                provinces[pid] = dataclasses.replace(province, display=display)
    by_display: dict[str, str] = {}
    for pid, province in provinces.items():
        key = fold(province.display)
        if key in by_display:
            raise ValueError(f"provinces {by_display[key]} and {pid} are both called {province.name!r} on "
                             f"{province.island}: players could not tell them apart; give them distinct names")
        by_display[key] = pid


def _read_edges(data: dict, key: str, provinces: dict, required: bool) -> tuple[tuple[str, str], ...]:
    what = {"land": "land edge", "sea": "sea line", "sea_optional": "optional sea line"}[key]
    raw = data.get(key)
    if raw is None and not required:
        return ()
    if not isinstance(raw, list) or (required and not raw):
        raise ValueError(f"the map file needs a list `{key}` of [id, id] pairs")
    edges: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for index, edge in enumerate(raw):
        if not (isinstance(edge, list) and len(edge) == 2 and all(isinstance(end, str) for end in edge)):
            raise ValueError(f"{key}[{index}] is not a pair of province ids: {edge!r}")
        a, b = edge
        for end in (a, b):
            if end not in provinces:
                raise ValueError(f"{what} {a}-{b} names an unknown province {end!r}")
        if a == b:
            raise ValueError(f"{what} {a}-{b} joins a province to itself")
        pair = _pair(a, b)
        if pair in seen:
            raise ValueError(f"{what} {pair[0]}-{pair[1]} is listed twice")
        seen.add(pair)
        edges.append(pair)
    return tuple(edges)


def _adjacency(provinces: dict[str, Province], edges: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, ...]]:
    near: dict[str, list[str]] = {pid: [] for pid in provinces}
    for a, b in edges:
        near[a].append(b)
        near[b].append(a)
    return {pid: tuple(sorted(others, key=lambda other: provinces[other].order)) for pid, others in near.items()}


def _check_connected(provinces: dict[str, Province], adjacent: dict[str, tuple[str, ...]]) -> None:
    """Every province must be reachable from every other by land and sea, or some could never be fought over."""
    start = next(iter(provinces))
    reached = {start}
    frontier = [start]
    while frontier:
        for other in adjacent[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    cut_off = [pid for pid in provinces if pid not in reached]
    if cut_off:
        raise ValueError(f"the map is not connected: {', '.join(cut_off)} cannot be reached from {start} "
                         "by land or sea")
