"""Ninjato's component data: the default components.toml, or a GM's own file, read and checked.

`load()` (the default file) and `parse(text)` (a GM's own, read by the shell) give the components as plain
data (every piece one dict or int, each with its own id), or raise ComponentsError with every problem found:
a typed ComponentProblem (a code, where in the file, the values it quotes), never only a sentence.
The file's vocabulary:

- `highest_kind`: the treasure kind that counts as the most valuable whatever its value ("gold").
- `[[clans]]` id ("taira", "minamoto", "go-shirakawa": the rules name these three), colour, tokens (the
  honour values of its 5 clan tokens). The setup needs Taira's and Minamoto's 2 and 4 and Go-Shirakawa's 6.
- `[[dojo]]` value (1-5). 52 cards.
- `[[guards]]` value (1-5), alarm (true/false, false if left out). 40 cards.
- `[[elites]]` strength, stealth (what a card must beat each way). 20 cards.
- `[[treasures]]` kind, value (2-5). 90 tokens.
- `[[envoys]]` clan, age (unique within its clan), requires (treasure kinds or "any"). 21 cards.
- `[[rumors]]` cost (treasure kinds or "any"), counts (one of COUNTED), bonus, multiplier. 30 cards.
- `[[skills]]` id, style (one of STYLES), cost (1-5 or "?"), effect (one of EFFECTS) with its parameters,
  hensojutsu (true for the Disguise stack's tiles). 19 tiles, 3 of them Hensojutsu.

Every entry may carry `count` (identical pieces; 1 if left out) and `provisional` (a value guessed, not read
from the box). The effects of skills, a small vocabulary so that the real tiles can be written in:

- `value` (mode "strength", "stealth" or "either", amount >= 1): the card played counts `amount` better in a
  fight of that mode (higher for strength, lower for stealth).
- `switch`: the raid goes on the other way, strength to stealth or back, from this fight on.
- `kicker`: a kicker of +1 or -1 as a 3 played as a kicker gives, without a card.
- `ignore_alarm`: a guard revealed by Banzai does not set off its alarm.
- `peek`: look at the next guard before choosing Banzai or leaving.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

CLANS = ("taira", "minamoto", "go-shirakawa")
SETUP_TOKENS = (("taira", 2), ("taira", 4), ("minamoto", 2), ("minamoto", 4), ("go-shirakawa", 6))
STYLES = ("tiger", "snake", "crane")
MODES = ("strength", "stealth")
EFFECTS = {"value": ("mode", "amount"), "switch": (), "kicker": (), "ignore_alarm": (), "peek": ()}
COUNTED = ("skills", "elites", "envoys", "rumors")
ANY = "any"
COUNTS = {"clans": 3, "dojo": 52, "guards": 40, "elites": 20, "treasures": 90, "envoys": 21, "rumors": 30,
          "skills": 19}
HENSOJUTSU_TILES = 3
TOKENS_PER_CLAN = 5

_COMMON = {"count": int, "provisional": bool}
FIELDS = {
    "clans": {"id": str, "colour": str, "tokens": list},
    "dojo": {"value": int},
    "guards": {"value": int, "alarm": bool},
    "elites": {"strength": int, "stealth": int},
    "treasures": {"kind": str, "value": int},
    "envoys": {"clan": str, "age": int, "requires": list},
    "rumors": {"cost": list, "counts": str, "bonus": int, "multiplier": int},
    "skills": {"id": str, "style": str, "cost": (int, str), "effect": str, "mode": str, "amount": int,
               "hensojutsu": bool},
}
OPTIONAL = {"guards": {"alarm"}, "clans": {"colour"}, "skills": {"mode", "amount", "hensojutsu"}}

MESSAGES = {
    "unreadable": "the file cannot be read as TOML: {error}",
    "missing-section": "there is no [[{section}]] list",
    "unknown-key": "{key} is not a part of Ninjato's components",
    "not-a-list": "{section} should be a list of tables ([[{section}]])",
    "missing-field": "{field} is missing",
    "unknown-field": "{field} is not a field of {section}",
    "wrong-type": "{field} should be {expected}",
    "bad-value": "{field} cannot be {value}: {allowed}",
    "bad-count": "{section} should have {expected} pieces, not {found}",
    "unknown-effect": "{effect} is not a skill effect (one of {allowed})",
    "unknown-style": "{style} is not a style (one of {allowed})",
    "unknown-clan": "{clan} is not a clan (one of {allowed})",
    "unknown-kind": "{kind} is not a kind of treasure in the file (one of {allowed})",
    "unknown-counted": "{counts} is not something a Rumor counts (one of {allowed})",
    "duplicate": "{what} {value} appears twice",
    "missing-token": "the setup needs {clan}'s token of value {value}",
}

_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false", list: "a list"}


@dataclass(frozen=True)
class ComponentProblem:
    """One thing wrong in a components file: `code` (a key of MESSAGES), `where` (e.g. "skills[3]"), `values`."""

    code: str
    where: str
    values: dict = field(default_factory=dict)

    @property
    def message(self) -> str:
        return f"{self.where}: " + MESSAGES[self.code].format(**self.values) if self.where else \
            MESSAGES[self.code].format(**self.values)


class ComponentsError(ValueError):
    def __init__(self, problems: list[ComponentProblem], source: str = "components file"):
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(p.message for p in problems))


def default_text() -> str:
    return resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8")


def load() -> dict:
    """The components of the default file, checked. A GM's own file is read by the shell, bounded as every GM
    file is (pbem.files.read_gm_text), and given here as text: parse(text, source)."""
    return parse(default_text(), "components.toml")


def parse(text: str, source: str = "components file") -> dict:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentsError([ComponentProblem("unreadable", "", {"error": str(error)})], source) from None
    problems = check(data)
    if problems:
        raise ComponentsError(problems, source)
    return build(data)


def _is(value, expected) -> bool:
    kinds = expected if isinstance(expected, tuple) else (expected,)
    if isinstance(value, bool):
        return bool in kinds
    return any(isinstance(value, kind) and kind is not bool for kind in kinds)


def _check_fields(section: str, entries: list, problems: list) -> list[tuple[str, dict]]:
    """The entries whose fields have the right names and types, each with where it is."""
    fields = {**FIELDS[section], **_COMMON}
    good = []
    for index, entry in enumerate(entries):
        where = f"{section}[{index}]"
        if not isinstance(entry, dict):
            problems.append(ComponentProblem("not-a-list", section, {"section": section}))
            continue
        before = len(problems)
        for name in entry:
            if name not in fields:
                problems.append(ComponentProblem("unknown-field", where, {"field": name, "section": section}))
        for name, expected in fields.items():
            if name not in entry:
                if name not in _COMMON and name not in OPTIONAL.get(section, ()):
                    problems.append(ComponentProblem("missing-field", where, {"field": name}))
            elif not _is(entry[name], expected):
                names = " or ".join(_TYPE_NAMES[kind] for kind in (expected if isinstance(expected, tuple)
                                                                    else (expected,)))
                problems.append(ComponentProblem("wrong-type", where, {"field": name, "expected": names}))
        if "count" in entry and _is(entry["count"], int) and entry["count"] < 1:
            problems.append(ComponentProblem("bad-value", where, {"field": "count", "value": entry["count"],
                                                                  "allowed": "at least 1"}))
        if len(problems) == before:
            good.append((where, entry))
    return good


def _in_range(where: str, entry: dict, name: str, low: int, high: int, problems: list) -> None:
    if not low <= entry[name] <= high:
        problems.append(ComponentProblem("bad-value", where, {"field": name, "value": entry[name],
                                                              "allowed": f"from {low} to {high}"}))


def _check_kinds(where: str, kinds: list, known: set, problems: list) -> None:
    for kind in kinds:
        if not isinstance(kind, str):
            problems.append(ComponentProblem("wrong-type", where, {"field": "treasure kinds", "expected": "text"}))
        elif kind != ANY and kind not in known:
            problems.append(ComponentProblem("unknown-kind", where, {"kind": kind,
                                                                     "allowed": ", ".join(sorted(known))}))


def _check_skill(where: str, entry: dict, problems: list) -> None:
    if entry["style"] not in STYLES:
        problems.append(ComponentProblem("unknown-style", where, {"style": entry["style"],
                                                                  "allowed": ", ".join(STYLES)}))
    cost = entry["cost"]
    if (isinstance(cost, str) and cost != "?") or (isinstance(cost, int) and not 1 <= cost <= 5):
        problems.append(ComponentProblem("bad-value", where, {"field": "cost", "value": cost,
                                                              "allowed": "a Dojo value from 1 to 5, or \"?\""}))
    effect = entry["effect"]
    if effect not in EFFECTS:
        problems.append(ComponentProblem("unknown-effect", where, {"effect": effect,
                                                                   "allowed": ", ".join(EFFECTS)}))
        return
    for name in ("mode", "amount"):
        if name in EFFECTS[effect] and name not in entry:
            problems.append(ComponentProblem("missing-field", where, {"field": name}))
        if name not in EFFECTS[effect] and name in entry:
            problems.append(ComponentProblem("unknown-field", where, {"field": name, "section": f"a {effect} skill"}))
    if effect == "value" and "mode" in entry and entry["mode"] not in MODES + ("either",):
        problems.append(ComponentProblem("bad-value", where, {"field": "mode", "value": entry["mode"],
                                                              "allowed": "strength, stealth or either"}))
    if effect == "value" and "amount" in entry:
        _in_range(where, entry, "amount", 1, 5, problems)


def _check_values(section: str, good: list, known_kinds: set, problems: list) -> None:
    """Each entry's values: ranges, names from the vocabularies."""
    for where, entry in good:
        if section in ("dojo", "guards"):
            _in_range(where, entry, "value", 1, 5, problems)
        elif section == "elites":
            _in_range(where, entry, "strength", 1, 9, problems)
            _in_range(where, entry, "stealth", 1, 9, problems)
        elif section == "treasures":
            _in_range(where, entry, "value", 2, 5, problems)
        elif section == "envoys":
            if entry["clan"] not in CLANS:
                problems.append(ComponentProblem("unknown-clan", where, {"clan": entry["clan"],
                                                                         "allowed": ", ".join(CLANS)}))
            _in_range(where, entry, "age", 1, 99, problems)
            _check_kinds(where, entry["requires"], known_kinds, problems)
        elif section == "rumors":
            if entry["counts"] not in COUNTED:
                problems.append(ComponentProblem("unknown-counted", where, {"counts": entry["counts"],
                                                                            "allowed": ", ".join(COUNTED)}))
            _check_kinds(where, entry["cost"], known_kinds, problems)
            _in_range(where, entry, "bonus", 0, 20, problems)
            _in_range(where, entry, "multiplier", 0, 10, problems)
        elif section == "skills":
            _check_skill(where, entry, problems)


def _check_clans(good: list, problems: list) -> None:
    seen = set()
    for where, entry in good:
        if entry["id"] not in CLANS:
            problems.append(ComponentProblem("unknown-clan", where, {"clan": entry["id"],
                                                                     "allowed": ", ".join(CLANS)}))
        if entry["id"] in seen:
            problems.append(ComponentProblem("duplicate", where, {"what": "clan", "value": entry["id"]}))
        seen.add(entry["id"])
        tokens = entry["tokens"]
        if len(tokens) != TOKENS_PER_CLAN:
            problems.append(ComponentProblem("bad-count", where, {"section": "tokens", "expected": TOKENS_PER_CLAN,
                                                                  "found": len(tokens)}))
        for token in tokens:
            if not _is(token, int) or not 1 <= token <= 9:
                problems.append(ComponentProblem("bad-value", where, {"field": "tokens", "value": token,
                                                                      "allowed": "whole numbers from 1 to 9"}))
    tokens = {(entry["id"], value) for _, entry in good for value in entry["tokens"]}
    for clan, value in SETUP_TOKENS:
        if clan in seen and (clan, value) not in tokens:
            problems.append(ComponentProblem("missing-token", "clans", {"clan": clan, "value": value}))


def _check_whole(section: str, good: list, problems: list) -> None:
    """What holds across a list: its size, unique ids and ages, the Hensojutsu stack."""
    found = len(good) if section == "clans" else sum(entry.get("count", 1) for _, entry in good)
    if found != COUNTS[section]:
        problems.append(ComponentProblem("bad-count", section, {"section": section, "expected": COUNTS[section],
                                                                "found": found}))
    if section == "envoys":
        ages = [(entry["clan"], entry["age"]) for _, entry in good for _ in range(entry.get("count", 1))]
        for clan, age in sorted({pair for pair in ages if ages.count(pair) > 1}):
            problems.append(ComponentProblem("duplicate", section, {"what": f"{clan} envoy age", "value": age}))
    if section == "skills":
        ids = [entry["id"] for _, entry in good]
        for name in sorted({name for name in ids if ids.count(name) > 1}):
            problems.append(ComponentProblem("duplicate", section, {"what": "skill", "value": name}))
        disguise = sum(entry.get("count", 1) for _, entry in good if entry.get("hensojutsu"))
        if disguise != HENSOJUTSU_TILES:
            problems.append(ComponentProblem("bad-count", section, {"section": "Hensojutsu tiles",
                                                                    "expected": HENSOJUTSU_TILES,
                                                                    "found": disguise}))


def check(data: dict) -> list[ComponentProblem]:
    """Every problem of a components file read as TOML, in file order (an empty list: the file is good)."""
    problems: list[ComponentProblem] = []
    for key in data:
        if key not in FIELDS and key != "highest_kind":
            problems.append(ComponentProblem("unknown-key", "", {"key": key}))
    treasures = data.get("treasures") if isinstance(data.get("treasures"), list) else []
    known_kinds = {entry["kind"] for entry in treasures if isinstance(entry, dict) and isinstance(entry.get("kind"),
                                                                                                   str)}
    highest = data.get("highest_kind")
    if not isinstance(highest, str):
        problems.append(ComponentProblem("missing-field" if highest is None else "wrong-type", "",
                                         {"field": "highest_kind", "expected": "text"}))
    elif known_kinds and highest not in known_kinds:
        problems.append(ComponentProblem("unknown-kind", "highest_kind",
                                         {"kind": highest, "allowed": ", ".join(sorted(known_kinds))}))
    for section in FIELDS:
        entries = data.get(section)
        if entries is None:
            problems.append(ComponentProblem("missing-section", "", {"section": section}))
            continue
        if not isinstance(entries, list):
            problems.append(ComponentProblem("not-a-list", section, {"section": section}))
            continue
        good = _check_fields(section, entries, problems)
        if section == "clans":
            _check_clans(good, problems)
        else:
            _check_values(section, good, known_kinds, problems)
        if len(good) == len(entries):
            _check_whole(section, good, problems)
    return problems


def _pieces(entries: list[dict]):
    for entry in entries:
        for _ in range(entry.get("count", 1)):
            yield entry


def build(data: dict) -> dict:
    """Checked file data as the pieces the game deals: plain data, every piece with an id of its own."""
    provisional = sorted({section for section in FIELDS for entry in data[section] if entry.get("provisional")})
    guards = [{"id": f"guard-{n}", "strength": e["value"], "stealth": e["value"], "alarm": e.get("alarm", False),
               "elite": False} for n, e in enumerate(_pieces(data["guards"]), 1)]
    elites = [{"id": f"elite-{n}", "strength": e["strength"], "stealth": e["stealth"], "alarm": False,
               "elite": True} for n, e in enumerate(_pieces(data["elites"]), 1)]
    treasures = [{"id": f"treasure-{n}", "kind": e["kind"], "value": e["value"]}
                 for n, e in enumerate(_pieces(data["treasures"]), 1)]
    envoys = [{"id": f"envoy-{e['clan']}-{e['age']}", "clan": e["clan"], "age": e["age"],
               "requires": list(e["requires"])} for e in _pieces(data["envoys"])]
    rumors = [{"id": f"rumor-{n}", "cost": list(e["cost"]), "counts": e["counts"], "bonus": e["bonus"],
               "multiplier": e["multiplier"]} for n, e in enumerate(_pieces(data["rumors"]), 1)]
    skills, disguise = [], []
    for entry in data["skills"]:
        for copy in range(1, entry.get("count", 1) + 1):
            tile = {"id": entry["id"] if entry.get("count", 1) == 1 else f"{entry['id']}-{copy}",
                    "name": entry["id"], "style": entry["style"], "cost": entry["cost"], "effect": entry["effect"]}
            tile.update({name: entry[name] for name in EFFECTS[entry["effect"]]})
            (disguise if entry.get("hensojutsu") else skills).append(tile)
    return {
        "provisional": provisional,
        "highest_kind": data["highest_kind"],
        "clans": {entry["id"]: sorted(entry["tokens"]) for entry in data["clans"]},
        "colours": {entry["id"]: entry["colour"] for entry in data["clans"] if entry.get("colour")},
        "dojo": [entry["value"] for entry in _pieces(data["dojo"])],
        "guards": guards,
        "elites": elites,
        "treasures": treasures,
        "envoys": envoys,
        "rumors": rumors,
        "skills": skills,
        "hensojutsu": disguise,
    }
