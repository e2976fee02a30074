"""Orders: for each of the round's three shuriken, a ranked list of intended actions and a Banzai policy;
checked all at once, echoed with the odds of each raid, and written back as TOML that reads the same.

The body, as a player writes it (one [[shuriken]] table per placement, in the order they are placed; a
placement left out goes to the Dojo):

    [[shuriken]]
    banzai = { chance = 60, guards = 2 }   # or "never" (the default); chance in percent
    actions = [
      { do = "raid", house = "house-2", approach = "stealth", cards = [1], skills = ["kenjutsu"],
        claim = { clan = "minamoto", worth = 8 } },
      { do = "palace", envoy = "envoy-taira-1", treasures = ["jade 4", "treasure-12"] },
      { do = "dojo" },
    ]

(TOML wants an inline table on one line; the example is folded here only to fit.) The actions and their
parameters, every one but those marked optional:

    dojo       take (optional: face-up values and "deck", one per card), discard (optional: to the hand limit)
    sensei     skill (a face-up tile's id, or "hensojutsu"), pay (optional: the card given)
    palace     envoy (an id), treasures (optional: the treasures given, by name or id: names.py)
    pavilion   rumor (an id), treasures (optional)
    raid       house, approach ("strength" or "stealth"), cards (optional: the card for each guard in turn),
               skills (optional: the skills the raid may use; none if left out), claim (optional: the token
               put on a house beaten, { clan, worth }), keep (optional: the treasures to keep if the raid
               fails, best first, by name or id)

A `[clan_scoring]` table (optional) says, for each clan, what the ninja takes if he is the first in it when
the clans are scored (after rounds 3, 5 and 7): `taira = "rumor"` (a Rumor card) or "honour" (the clan's worth
in honour, the default); the second in the clan gets the other.

What the player leaves out the engine picks (carry.py says how). A problem names its field as
"shuriken[0].actions[1].house", which the shell finds as a line of the file. Every problem is told at once:
a wrong field refuses that field alone (an entry of a list, that entry), and the rest of the action is still
checked against the rules. The check refuses what cannot be carried out at any moment of the round
(carry.lasting_obstacles, the rules' own predicates, which the carrying-out falls through on by the same code);
what may become possible or impossible by then is left to the fall-through. Treasures named by kind and value
are read into ids here (names.py), so the orders kept hold ids only.
"""
from __future__ import annotations

import json
import re

from engine import Checked, Problem, shown

from . import carry, names, odds
from .components import CLANS
from .houses import STEALTH, STRENGTH
from .preparation import HOUSES
from .problems import problem
from .rounds import PLACES, SHURIKEN
from .scoring import HONOUR, RUMOR

EXAMPLE = '[[shuriken]] actions = [{ do = "raid", house = "house-1", approach = "strength" }, { do = "dojo" }]'
MAX_ACTIONS = 8
MAX_GUARDS = 40
CARDS = range(1, 6)
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
LIMITS = {"take": 4, "discard": 7, "treasures": 8, "cards": 7, "skills": 6, "keep": 8}
FIELDS = {
    "dojo": ("take", "discard"),
    "sensei": ("skill", "pay"),
    "palace": ("envoy", "treasures"),
    "pavilion": ("rumor", "treasures"),
    "raid": ("house", "approach", "cards", "skills", "claim", "keep"),
}
REQUIRED = {"sensei": ("skill",), "palace": ("envoy",), "pavilion": ("rumor",), "raid": ("house", "approach")}


class _Refused(Exception):
    """A field's problems (one, or one per entry of a list)."""

    def __init__(self, *found: Problem):
        self.problems = list(found)


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(value, where: str) -> int:
    if not _int(value) or value not in CARDS:
        raise _Refused(problem(where, "bad-card", written=shown(value)))
    return value


def _id(value, where: str) -> str:
    if not isinstance(value, str) or not ID.match(value):
        raise _Refused(problem(where, "bad-id", written=shown(value)))
    return value


def _take(value, where: str):
    return value if value == "deck" else _card(value, where)


def _list(value, where: str, name: str, each=None) -> list:
    """The list's entries read by `each`, every entry's problem told (none read: the list as it is)."""
    if not isinstance(value, list):
        raise _Refused(problem(where, "wrong-type", name=name, expected="a list", written=shown(value)))
    if len(value) > LIMITS[name]:
        raise _Refused(problem(where, "too-long", name=name, count=len(value), limit=LIMITS[name]))
    if each is None:
        return list(value)
    items, problems = [], []
    for i, item in enumerate(value):
        try:
            items.append(each(item, f"{where}[{i}]"))
        except _Refused as refused:
            problems += refused.problems
    if problems:
        raise _Refused(*problems)
    return items


def _house(value, where: str) -> str:
    text = value.strip().casefold().replace(" ", "-") if isinstance(value, str) else None
    if text not in HOUSES:
        raise _Refused(problem(where, "unknown-house", written=shown(value), houses=list(HOUSES)))
    return text


def _approach(value, where: str) -> str:
    text = value.strip().casefold() if isinstance(value, str) else None
    if text not in (STRENGTH, STEALTH):
        raise _Refused(problem(where, "unknown-approach", written=shown(value)))
    return text


def _claim(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise _Refused(problem(where, "not-a-table", name="claim", written=shown(value)))
    problems = [problem(f"{where}.{key}" if BARE_KEY.match(key) else where, "unknown-key", key=shown(key),
                        allowed=["clan", "worth"]) for key in value if key not in ("clan", "worth")]
    clan = value.get("clan")
    text = clan.strip().casefold() if isinstance(clan, str) else None
    if text not in CLANS:
        problems.append(problem(f"{where}.clan", "unknown-clan", written=shown(clan), clans=list(CLANS)))
    worth = value.get("worth")
    if not _int(worth) or not 1 <= worth <= 10:
        problems.append(problem(f"{where}.worth", "bad-worth", written=shown(worth)))
    if problems:
        raise _Refused(*problems)
    return {"clan": text, "worth": worth}


def _given(value, where: str, seen: dict, player: str, action: dict) -> list[str]:
    ids, problems = names.given_ids(seen, player, _list(value, where, "treasures"), where)
    if problems:
        raise _Refused(*problems)
    return ids


def _kept(value, where: str, seen: dict, player: str, action: dict) -> list[str]:
    ids, problems = names.kept_ids(seen, action.get("house"), _list(value, where, "keep"), where)
    if problems:
        raise _Refused(*problems)
    return ids


def _plain(read):
    return lambda value, where, seen, player, action: read(value, where)


READERS = {
    "take": _plain(lambda v, w: _list(v, w, "take", _take)),
    "discard": _plain(lambda v, w: _list(v, w, "discard", _card)),
    "cards": _plain(lambda v, w: _list(v, w, "cards", _card)),
    "skills": _plain(lambda v, w: _list(v, w, "skills", _id)),
    "skill": _plain(_id), "envoy": _plain(_id), "rumor": _plain(_id), "pay": _plain(_card),
    "house": _plain(_house), "approach": _plain(_approach), "claim": _plain(_claim),
    "treasures": _given, "keep": _kept,
}
"""Each field's reader: (value, field, view, player, the action read so far) -> the value kept, or _Refused."""


def read_action(raw, where: str, seen: dict, player: str) -> tuple[dict | None, list[Problem]]:
    """An action as the orders keep it (names made canonical, treasures as ids) and its problems: every field's,
    each told once. The action is None when what it is cannot be known (no do, or one required field missing or
    wrong); else it holds the fields read well, for the check of what the rules allow."""
    if not isinstance(raw, dict):
        return None, [problem(where, "not-a-table", name="an action", written=shown(raw))]
    do = raw.get("do")
    if do is None:
        return None, [problem(where, "missing-do", allowed=list(PLACES))]
    if not isinstance(do, str) or do.strip().casefold() not in PLACES:
        return None, [problem(f"{where}.do", "unknown-action", written=shown(do), allowed=list(PLACES))]
    do = do.strip().casefold()
    action = {"do": do}
    problems = [problem(f"{where}.{key}" if BARE_KEY.match(key) else where, "unknown-key", key=shown(key),
                        allowed=["do", *FIELDS[do]]) for key in raw if key != "do" and key not in FIELDS[do]]
    whole = True
    for name in REQUIRED.get(do, ()):
        if name not in raw:
            problems.append(problem(f"{where}.{name}", "missing-field", do=do, name=name))
            whole = False
    for name in FIELDS[do]:
        if name in raw:
            try:
                action[name] = READERS[name](raw[name], f"{where}.{name}", seen, player, action)
            except _Refused as refused:
                problems += refused.problems
                whole = whole and name not in REQUIRED.get(do, ())
    return (action if whole else None), problems


def read_banzai(raw, where: str):
    if isinstance(raw, str) and raw.strip().casefold() == odds.NEVER:
        return odds.NEVER
    if not isinstance(raw, dict) or not raw or any(key not in ("chance", "guards") for key in raw):
        raise _Refused(problem(where, "bad-banzai", written=shown(raw)))
    problems = []
    chance, guards = raw.get("chance", 0), raw.get("guards", 0)
    if not _int(chance) or not 0 <= chance <= 100:
        problems.append(problem(f"{where}.chance", "bad-chance", written=shown(chance)))
    if not _int(guards) or not 0 <= guards <= MAX_GUARDS:
        problems.append(problem(f"{where}.guards", "bad-guards", written=shown(guards), limit=MAX_GUARDS))
    if problems:
        raise _Refused(*problems)
    return {key: raw[key] for key in ("chance", "guards") if key in raw}


def _read_placement(raw, where: str, seen: dict, player: str, problems: list[Problem]) -> dict | None:
    """The placement as read, its actions those whose kind is known (for the check of what the rules allow);
    its problems added to `problems`."""
    if not isinstance(raw, dict):
        problems.append(problem(where, "not-a-table", name="a [[shuriken]]", written=shown(raw)))
        return None
    for key in raw:
        if key not in ("actions", "banzai"):
            problems.append(problem(f"{where}.{key}" if BARE_KEY.match(key) else where, "unknown-key",
                                    key=shown(key), allowed=["actions", "banzai"]))
    placement: dict = {"actions": [], "banzai": odds.NEVER}
    try:
        placement["banzai"] = read_banzai(raw.get("banzai", odds.NEVER), f"{where}.banzai")
    except _Refused as refused:
        problems += refused.problems
    actions = raw.get("actions")
    if actions is None:
        problems.append(problem(where, "no-actions", example=EXAMPLE))
        return None
    if not isinstance(actions, list) or not actions:
        problems.append(problem(f"{where}.actions", "actions-not-a-list", written=shown(actions)))
        return None
    if len(actions) > MAX_ACTIONS:
        problems.append(problem(f"{where}.actions", "too-many-actions", limit=MAX_ACTIONS, count=len(actions)))
        return None
    for i, item in enumerate(actions):
        action, found = read_action(item, f"{where}.actions[{i}]", seen, player)
        problems += found + (_obstacles(seen, player, action, f"{where}.actions[{i}]") if action else [])
        placement["actions"].append(action)
    return placement


def _read_clan_scoring(raw, problems: list[Problem]) -> dict:
    """The clan-scoring choices, {clan: "honour" or "rumor"}, only those written."""
    if not isinstance(raw, dict):
        problems.append(problem("clan_scoring", "not-a-table", name="clan_scoring", written=shown(raw)))
        return {}
    chosen = {}
    for key, value in raw.items():
        clan = key.strip().casefold() if isinstance(key, str) else None
        if clan not in CLANS:
            problems.append(problem(f"clan_scoring.{key}" if isinstance(key, str) and BARE_KEY.match(key)
                                    else "clan_scoring", "unknown-clan", written=shown(key), clans=list(CLANS)))
            continue
        reward = value.strip().casefold() if isinstance(value, str) else None
        if reward not in (HONOUR, RUMOR):
            problems.append(problem(f"clan_scoring.{key}", "bad-reward", written=shown(value)))
            continue
        chosen[clan] = reward
    return dict(sorted(chosen.items()))


OBSTACLE_VALUES = {"house-closed": ("house",), "claim-own-clan": ("house", "clan"), "skill-not-available": ("skill",),
                   "skill-not-offered": ("skill", "offered"), "card-taken": ("card", "offered")}
"""The values of a rule's refusal that its problem quotes (the ids quoted as written)."""


def _obstacles(seen: dict, player: str, action: dict, where: str) -> list[Problem]:
    """What the rules refuse of an action read (carry.lasting_obstacles: the predicates the carrying-out falls
    through on), each at its field."""
    found = []
    for key, refused in carry.lasting_obstacles(seen, player, action):
        values = {name: shown(refused.values[name]) if name in ("skill", "card") else refused.values[name]
                  for name in OBSTACLE_VALUES[refused.code]}
        found.append(problem(f"{where}.{key}", refused.code, **values))
    return found


def check_orders(seen: dict, player: str, body: dict) -> Checked:
    """Every problem with the orders, or their normal form and the odds of each raid (`forecast`), judged on what
    the player sees (`seen`, the player's view): the hand, the houses as they show."""
    problems: list[Problem] = []
    if seen["over"]:
        problems.append(problem("game", "game-over"))
    if player not in seen["players"]:
        problems.append(problem("player", "not-a-player", player=shown(player)))
        return Checked(problems)
    for key in body:
        if key not in ("shuriken", "clan_scoring"):
            problems.append(problem(key if BARE_KEY.match(key) else "shuriken", "unknown-order", key=shown(key),
                                    example=EXAMPLE))
    raw = body.get("shuriken")
    if raw is None:
        return Checked(problems + [problem("shuriken", "no-shuriken", example=EXAMPLE)])
    if not isinstance(raw, list) or not raw:
        return Checked(problems + [problem("shuriken", "shuriken-not-a-list", written=shown(raw), example=EXAMPLE)])
    if len(raw) > SHURIKEN:
        return Checked(problems + [problem("shuriken", "too-many-shuriken", limit=SHURIKEN, count=len(raw))])
    placements = [_read_placement(item, f"shuriken[{i}]", seen, player, problems) for i, item in enumerate(raw)]
    choices = _read_clan_scoring(body["clan_scoring"], problems) if "clan_scoring" in body else {}
    if problems:
        return Checked(problems)
    orders = {"shuriken": placements, **({"clan_scoring": choices} if choices else {})}
    return Checked([], orders, forecast(seen, player, orders))


def forecast(seen: dict, player: str, orders: dict) -> list[dict]:
    """One row per raid ordered: how it ends if it began now, with the hand and the table as they are."""
    rows, known = [], {}
    for i, placement in enumerate(orders["shuriken"]):
        for k, action in enumerate(placement["actions"]):
            if action["do"] != "raid":
                continue
            house = seen["houses"][action["house"]]
            row = {"shuriken": i + 1, "rank": k + 1, "house": action["house"], "approach": action["approach"],
                   "sentry": house["sentry"]}
            if house["sentry"] is None or not house["treasures"]:
                rows.append({**row, "beats_sentry": False, "claim": "0.0", "leave": "0.0", "fail": "0.0",
                             "treasures": "0.0"})
                continue
            key = json.dumps([action, placement["banzai"]], sort_keys=True)
            if key not in known:   # the same raid under the same policy, ordered for several shuriken: once
                known[key] = odds.raid_odds(seen, player, action, placement["banzai"])
            chances = known[key]
            tiles = odds.raid_tiles(seen, player, action.get("skills", []))
            hand = seen["ninja"][player]["hand"]
            beaten = odds.choose_play(hand, action["approach"], house["sentry"], tiles,
                                      odds.fixed_card(action.get("cards", []), 0, hand)) is not None
            rows.append({**row, "beats_sentry": beaten,
                         **{name: odds.percent(chances[name]) for name in ("claim", "leave", "fail")},
                         "treasures": odds.percent(chances["treasures"] / 100)})
    return rows


def _toml(value) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }"


def format_orders(orders: dict) -> str:
    """The TOML body of normalised orders (tomllib reads it back as the same orders)."""
    parts = []
    for placement in orders["shuriken"]:
        lines = ["[[shuriken]]", f"banzai = {_toml(placement['banzai'])}", "actions = ["]
        lines += [f"  {_toml(action)}," for action in placement["actions"]]
        parts.append("\n".join(lines + ["]"]) + "\n")
    if orders.get("clan_scoring"):
        parts.append("[clan_scoring]\n" + "".join(f"{_toml(clan)} = {_toml(reward)}\n"
                                                  for clan, reward in orders["clan_scoring"].items()))
    return "\n".join(parts)


def default_orders(state: dict, player: str) -> dict:
    """A ninja who sends nothing visits the Dojo with each shuriken."""
    return {"shuriken": [{"banzai": odds.NEVER, "actions": [{"do": "dojo"}]} for _ in range(SHURIKEN)]}
