"""Treasures as a player names them in an order file: by id ("treasure-12"), or as the reports name them, by
kind and value ("jade 4", "Gold 3", "jarrón 3", "oro 3 (rojo)"): the kinds in English or in Spanish as
templates/ninjato/es.po names them, without regard to capitals, accents or a side named after them.

The check of the orders (orders.py) reads every name into an id here and nowhere else, and the orders it keeps
hold ids: the carrying-out reads ids only, as the orders stored by earlier versions always did. Treasures of one
kind and value are the same for the rules, so a name that fits several takes the one of the lowest id.

- Treasures given (the Palace's and the Pavilion's `treasures`) are named among those the ninja holds when he
  writes his orders: an id first claims its own treasure, then each name the lowest id of its kind and value
  left; naming more of one kind and value than he holds is a problem quoting what he wrote. An id may still name
  a treasure he does not hold yet (he may win it before): the carrying-out falls through if he does not.
- Treasures to keep if a raid fails (the raid's `keep`) are named among the house's treasures as he sees them;
  an id may name any treasure of the box (one an alarm may bring).
"""
from __future__ import annotations

import unicodedata

from engine import Problem, shown

from .problems import problem

SPANISH = {"oro": "gold", "jade": "jade", "pergamino": "scroll", "jarron": "vase"}
"""The kinds as templates/ninjato/es.po names them (folded), each to the rules' word; a test keeps them agreed."""
SIDES = ("(red)", "(rojo)", "(roja)")
"""A side a player may copy from a report after a name ("jade 4 (red)"): a treasure's side is not part of it."""


def folded(text: str) -> str:
    """The text without capitals, accents, dashes or underscores, its words one space apart."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


def on_the_table(seen: dict) -> list[dict]:
    """Every treasure in sight (of a view, or the state): in the houses, with the ninja, on a raid's shuriken,
    spent. Those in the bag are hidden."""
    raid = seen.get("raid") or {}
    return ([token for house in seen["houses"].values() for token in house["treasures"]]
            + [token for ninja in seen["ninja"].values() for token in ninja["treasures"]]
            + list(raid.get("shuriken", [])) + list(seen["decks"]["bag"]["discard"]))


def _count(seen: dict) -> int:
    bag = seen["decks"]["bag"]
    return (bag["left"] if "left" in bag else len(bag["draw"])) + len(on_the_table(seen))


def _kinds(seen: dict) -> dict[str, str]:
    """The kinds a name may give, folded: those in sight, the box's own four and the highest."""
    known = {token["kind"] for token in on_the_table(seen)} | set(SPANISH.values()) | {
        seen["components"]["highest_kind"]}
    return {folded(kind): kind for kind in sorted(known)}


def kind_and_value(seen: dict, written: str) -> tuple[str, int] | None:
    """The (kind, value) a name gives, if its kind is one a treasure has; None otherwise."""
    words = folded(written).split()
    if words and words[-1] in SIDES:
        words = words[:-1]
    if len(words) < 2 or not words[-1].isdigit() or len(words[-1]) > 3:
        return None
    kinds = _kinds(seen)
    said = " ".join(words[:-1])
    kind = kinds.get(said) or (SPANISH[said] if SPANISH.get(said) in kinds.values() else None)
    return None if kind is None else (kind, int(words[-1]))


def _id_of(seen: dict, written) -> str | None:
    """The id a text names, if it is the id of a treasure of the box (in any capitals): treasure-1 to the
    number of treasures there are."""
    if not isinstance(written, str):
        return None
    text = written.strip().casefold()
    head, _, number = text.rpartition("-")
    if head != "treasure" or not number.isdigit() or number.startswith("0") or not 1 <= int(number) <= _count(seen):
        return None
    return text


def _lowest(tokens: list[dict]) -> dict:
    return min(tokens, key=lambda token: int(token["id"].rsplit("-", 1)[1]))


def given_ids(seen: dict, player: str, written: list, where: str) -> tuple[list[str], list[Problem]]:
    """The ids of the treasures a list gives (the Palace's or the Pavilion's), and a problem for each entry that
    names no treasure or more of a kind and value than the ninja holds."""
    held = list(seen["ninja"][player]["treasures"])
    ids: list[str | None] = [_id_of(seen, item) for item in written]
    free = [token for token in held if token["id"] not in ids]
    problems = []
    named: dict[tuple[str, int], int] = {}
    for i, item in enumerate(written):
        if ids[i] is not None:
            continue
        found = kind_and_value(seen, item) if isinstance(item, str) else None
        if found is None:
            problems.append(problem(f"{where}[{i}]", "unknown-treasure", written=shown(item)))
            continue
        named[found] = named.get(found, 0) + 1
        fitting = [token for token in free if (token["kind"], token["value"]) == found]
        if not fitting:
            count = sum(1 for token in held if (token["kind"], token["value"]) == found)
            problems.append(problem(f"{where}[{i}]", "treasure-not-held", written=shown(item),
                                    named=named[found], held=count))
            continue
        chosen = _lowest(fitting)
        free.remove(chosen)
        ids[i] = chosen["id"]
    return [name for name in ids if name is not None], problems


def kept_ids(seen: dict, house: str | None, written: list, where: str) -> tuple[list[str], list[Problem]]:
    """The ids of the treasures a raid's `keep` names, best first, and a problem for each entry that names no
    treasure, or by name none the house holds. `house` None (not a house): only the ids are read."""
    treasures = seen["houses"][house]["treasures"] if house in seen["houses"] else None
    ids, problems = [], []
    for i, item in enumerate(written):
        found = _id_of(seen, item)
        if found is not None:
            ids.append(found)
            continue
        pair = kind_and_value(seen, item) if isinstance(item, str) else None
        if pair is None:
            problems.append(problem(f"{where}[{i}]", "unknown-treasure", written=shown(item)))
            continue
        if treasures is None:
            continue
        fitting = [token for token in treasures if (token["kind"], token["value"]) == pair]
        if not fitting:
            problems.append(problem(f"{where}[{i}]", "treasure-not-in-house", written=shown(item), house=house))
            continue
        ids.append(_lowest(fitting)["id"])
    return ids, problems


def kept_on_failure(seen: dict, keep: list[str], shuriken: list[dict]) -> str | None:
    """The treasure of the shuriken a failed raid keeps by the order's `keep` (ids, best first): the first named
    that is on the shuriken, or else one of its kind and value (the same for the rules; the lowest id), a kind and
    value the ninja can see (`seen`, his view: a treasure still in the bag stands for itself alone). None when
    none is: the rules' own choice, the most valuable, stands."""
    sight = {token["id"]: token for token in on_the_table(seen)}
    for wanted in keep:
        exact = [token for token in shuriken if token["id"] == wanted]
        like = sight.get(wanted)
        same = exact or [token for token in shuriken
                         if like is not None and (token["kind"], token["value"]) == (like["kind"], like["value"])]
        if same:
            return _lowest(same)["id"]
    return None
