"""The GM's tools' results in a round's results file, as typed data: `[[tool]]` tables, each a kind and its values.

    [[tool]]                       # pbem amdt sea-battle: the GM may read, edit or delete it
    kind = "sea-battle"
    for = "Osaka Bay"
    attacker = 4
    defender = 3
    murakami = "defender"
    rounds = [
      {attacker_hits = 1, attacker_roll = 0, defender_hits = 2, defender_roll = 1},
    ]
    outcome = "attacker_won"

A tool (commands.py) writes its result as one such table (`entry_text`); the GM may read, edit or delete it; the
round's read (`read`, the moderated game's GmResults.read and these tables) checks each against the rules it came
from, every problem at its line; the resolve tells each as an event of its own kind (`tool_event`), to every
player, which the report templates tell in the player's language (templates/moderated/amdt.*.j2), and the
reinforcements' track after it is the game's (`track_after`). Pure: no shell, no dice (the rolls' faces are
values here, rolled and recorded by dice on demand).
"""
from __future__ import annotations

import json

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, ProblemTable, event, shown
from games.moderated import results as moderated

from . import regroup as regroup_rules
from . import reinforcements as rules
from . import sea
from . import victory as victory_rules
from .setup import SETUP

KEY = "tool"            # the results file's key of the tools' tables
EVENT_PREFIX = "amdt_"  # the events' kinds: amdt_sea_battle, ... (the templates' amdt.*.j2 tell them)
KINDS = ("sea-battle", "reinforcements", "regroup", "setup", "victory")
SIDES = ("oda", "anti-oda")
MAX_TEXT = 150
MAX_TOOLS = 100

PROBLEMS = ProblemTable({
    "tools-not-tables": (NOT_UNDERSTOOD, "tool must be [[tool]] tables, each a tool's result, not {written}."),
    "too-many-tools": (NOT_ALLOWED, "{count} tools' results; at most {most} a round."),
    "unknown-tool": (NOT_UNDERSTOOD, "kind = {written} is no tool's result: the kinds are {kinds:list}."),
    "missing-value": (NOT_UNDERSTOOD, "this {kind} result has no {key}."),
    "unknown-value": (NOT_UNDERSTOOD, '"{key}" is not a value of a {kind} result: its values are {keys:list}.'),
    "wrong-value": (NOT_UNDERSTOOD, "{key} must be {wanted}, not {written}."),
    "does-not-follow": (NOT_ALLOWED, "{key} = {written} does not follow from the rest of this {kind} result, "
                                     "which gives {expected}."),
    "battle-over": (NOT_ALLOWED, "round {round} of this sea battle cannot be: a side was destroyed before it."),
    "too-many-hits": (NOT_ALLOWED, "the {side} hits {hits} times with {dice} dice in round {round}."),
    "rules-refuse": (NOT_ALLOWED, "this {kind} result breaks the rules: {said}."),
})


# --- the values of each kind: key -> (check, what it must be, required) -----------------------------------------

def _count(low: int, high: int):
    return (lambda value: isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
            f"a whole number from {low} to {high}")


def _one_of(*choices: str):
    return (lambda value: value in choices, "one of " + ", ".join(json.dumps(c) for c in choices))


TEXT = (lambda value: isinstance(value, str) and len(value) <= MAX_TEXT, f"a text of at most {MAX_TEXT} characters")
FLAG = (lambda value: isinstance(value, bool), "true or false")
ROLL = _count(0, 100000)
ENTRIES = [entry["id"] for entry in SETUP["track"]]


def _is_track(value) -> bool:
    return isinstance(value, dict) and all(entry in ENTRIES and _arrival(when) is not None
                                           for entry, when in value.items())


def _is_list_of_entries(value) -> bool:
    return isinstance(value, list) and all(entry in ENTRIES for entry in value) and len(set(value)) == len(value)


def _is_rounds(value) -> bool:
    keys = {"attacker_hits", "attacker_roll", "defender_hits", "defender_roll"}
    return isinstance(value, list) and 1 <= len(value) <= 1000 and all(
        isinstance(one, dict) and set(one) == keys and all(ROLL[0](one[key]) for key in keys) for one in value)


def _is_accelerated(value) -> bool:
    return isinstance(value, list) and len(value) <= len(ENTRIES) and all(
        isinstance(one, dict) and one.get("entry") in ENTRIES and set(one) <= {"entry", "die", "roll"}
        and ("die" in one) == ("roll" in one) and _count(1, 6)[0](one.get("die", 1)) and ROLL[0](one.get("roll", 0))
        for one in value)


def _is_castles(value) -> bool:
    return isinstance(value, dict) and all(_count(1, 3)[0](level) for level in value.values())


def _is_holders(value) -> bool:
    return isinstance(value, dict) and all(side in (*SIDES, "neutral") for side in value.values())


TRACK = (_is_track, 'a table of the entries still to come, each "TURN" or "TURNe" (its end phase), e.g. '
                    '{takeda = "6", mori = "13e"}')
VALUES = {
    "sea-battle": {
        "for": (TEXT, True), "attacker": (_count(1, 100), True), "defender": (_count(1, 100), True),
        "murakami": (_one_of(*sea.SIDES), False), "iron_ship": (_one_of(*sea.SIDES), False),
        "rounds": ((_is_rounds, "a list of rounds, each {attacker_hits, attacker_roll, defender_hits, "
                                "defender_roll} as whole numbers"), True),
        "outcome": (_one_of(*sea.OUTCOMES), True),
    },
    "reinforcements": {
        "turn": (_count(1, SETUP["scenario"]["standard"]["last_turn"]), True), "for": (TEXT, False),
        "exile_ashikaga": (FLAG, False), "by_event_card": (FLAG, False),
        "before": (TRACK, True),
        "accelerated": ((_is_accelerated, "a list of {entry, roll, die} (roll and die left out when no die was "
                                          "rolled), an entry of the track each"), True),
        "ikko_ikki_in_box": (_count(0, 100), True),
        "entered": ((_is_list_of_entries, "a list of entries of the track"), True),
        "entered_end_phase": ((_is_list_of_entries, "a list of entries of the track"), True),
        "after": (TRACK, True),
    },
    "regroup": {
        "clan": (TEXT, True), "areas": (_count(0, 1000), True), "box": (_count(0, 1000), True),
        "on_map": (_count(0, 1000), True), "rating": (_count(0, 1000), True), "cap": (_count(0, 2000), True),
        "may_return": (_count(0, 1000), True),
    },
    "setup": {},
    "victory": {
        "scenario": (_one_of("quick", "standard", "campaign"), True),
        "castles": ((_is_castles, "a table of areas and their castle levels (1 to 3)"), False),
        "good_fortune": (FLAG, False), "needed": (_count(1, 6), False), "counted": (_count(0, 1000), False),
        "kyoto": (_one_of(*SIDES, "neutral"), False),
        "nobunaga_died": (_one_of("battle", "illness"), False), "nobutada_dead": (FLAG, False),
        "areas": ((_is_holders, 'a table of areas and who holds them ("oda", "anti-oda" or "neutral")'), False),
        "winner": (_one_of(*SIDES, "none"), True),
    },
}
SCENARIO_VALUES = {"quick": ("castles", "good_fortune", "needed", "counted"), "standard": ("kyoto",),
                   "campaign": ("nobunaga_died", "nobutada_dead", "areas")}


# --- the turn track as data --------------------------------------------------------------------------------------

def _arrival(text) -> rules.Arrival | None:
    if not isinstance(text, str):
        return None
    number = text.removesuffix("e")
    if not number.isdigit() or not 1 <= int(number) <= SETUP["scenario"]["standard"]["last_turn"]:
        return None
    return rules.Arrival(int(number), text.endswith("e"))


def arrival_text(arrival: rules.Arrival) -> str:
    return f"{arrival.turn}{'e' * arrival.end_phase}"


def track_table(track: dict) -> dict[str, str]:
    """A track (entry -> Arrival) as the results file writes it: entry -> "TURN" or "TURNe", soonest first."""
    return {entry: arrival_text(track[entry]) for entry in rules._in_order(track)}


def track_of(table: dict[str, str]) -> dict:
    return {entry: _arrival(when) for entry, when in table.items()}


def state_track(track: dict) -> list[dict]:
    """A track as the game's state (and every view) keeps it: the entries still to come, soonest first."""
    return [{"entry": entry, "turn": track[entry].turn, "end_phase": track[entry].end_phase}
            for entry in rules._in_order(track)]


def track_from_state(kept: list[dict]) -> dict:
    return {one["entry"]: rules.Arrival(one["turn"], one["end_phase"]) for one in kept}


def initial_track() -> list[dict]:
    """14.1: the track at the start, as the state keeps it."""
    return state_track(rules.turn_track())


def track_after(kept: list[dict], tools: list[dict]) -> list[dict]:
    """The state's track once these (checked) tools' results are applied: a set-up puts the 14.1 track back, a
    reinforcements result leaves its track after it."""
    for entry in tools:
        if entry["kind"] == "setup":
            kept = initial_track()
        elif entry["kind"] == "reinforcements":
            kept = state_track(track_of(entry["after"]))
    return kept


# --- the results the tools write -----------------------------------------------------------------------------

def sea_battle_entry(what: str, attacker: int, defender: int, murakami, iron_ship, battle: dict,
                     made: list[dict]) -> dict:
    """A sea battle (sea.fight_sea_battle's result) as typed data: forces, initiative, each round's hits with the
    numbers of their rolls (`made`: the rolls on demand, one a volley, in order, each with its "seq"), outcome."""
    volleys = [ev for ev in battle["events"] if ev["kind"] == "volley"]
    rounds = []
    for number in range(1, battle["rounds"] + 1):
        one = {}
        for index, ev in enumerate(volleys):
            if ev["round"] == number:
                one.update({f"{ev['side']}_hits": ev["hits"], f"{ev['side']}_roll": made[index]["seq"]})
        rounds.append({key: one[key] for key in ("attacker_hits", "attacker_roll", "defender_hits",
                                                 "defender_roll")})
    return {"kind": "sea-battle", "for": what, "attacker": attacker, "defender": defender,
            **({"murakami": murakami} if murakami else {}), **({"iron_ship": iron_ship} if iron_ship else {}),
            "rounds": rounds, "outcome": battle["outcome"]}


def play_reinforcements(track: dict, turn: int, dice, *, accelerate: str | None = None, exile: bool = False,
                        by_event_card: bool = False, ikko_ikki_in_box: int | None = None, purpose: str = ""
                        ) -> tuple[dict, dict]:
    """The turn track played for a turn (11.4, 15.1): an acceleration or Ashikaga's exile, then what enters on the
    turn and at its end phase. `dice` rolls as dice on demand do and keeps them in `made` (each with its "seq").
    Returns (the result as typed data, the rules' events: "accelerated", "exiled", "now", "late"); a ValueError
    when the track and the turn disagree."""
    box = SETUP["regroup_box"]["ikko-ikki"] if ikko_ikki_in_box is None else ikko_ikki_in_box
    first = len(dice.made)
    before, accelerated, exiled = dict(track), [], []
    if accelerate:
        track, one = rules.accelerate_reinforcement(track, accelerate, turn, dice, purpose or None)
        accelerated = [one]
    if exile:
        track, events = rules.exile_ashikaga(track, turn, dice, by_event_card=by_event_card)
        exiled = [ev for ev in events if ev["kind"] == "ashikaga_exiled"]
        accelerated = [ev for ev in events if ev["kind"] == "accelerated"]
    after, now, left = rules.enter_reinforcements(track, turn, ikko_ikki_in_box=box)
    after, late, _ = rules.enter_reinforcements(after, turn, end_phase=True, ikko_ikki_in_box=left)
    rolls = iter(dice.made[first:])
    entry = {"kind": "reinforcements", "turn": turn, **({"for": purpose} if purpose and accelerate else {}),
             **({"exile_ashikaga": True} if exile else {}), **({"by_event_card": True} if by_event_card else {}),
             "before": track_table(before),
             "accelerated": [{"entry": ev["entry"], **({"roll": next(rolls)["seq"], "die": ev["roll"]}
                                                       if ev["roll"] is not None else {})} for ev in accelerated],
             "ikko_ikki_in_box": box,
             "entered": [ev["entry"] for ev in now if ev["kind"] == "reinforcements"],
             "entered_end_phase": [ev["entry"] for ev in late if ev["kind"] == "reinforcements"],
             "after": track_table(after)}
    return entry, {"accelerated": accelerated, "exiled": exiled, "now": now, "late": late, "after": after}


# --- writing ------------------------------------------------------------------------------------------------------

def _value(value) -> str:
    """A plain value as TOML (inline): texts as basic strings, tables inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(key)} = {_value(item)}" for key, item in value.items()) + "}"
    return "[" + ", ".join(_value(item) for item in value) + "]"


def _key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key) else json.dumps(key)


def entry_text(entry: dict, comment: str) -> str:
    """A tool's result as its [[tool]] table: one value a line, a list of tables one table a line."""
    lines = [f"[[{KEY}]]   # {comment}"]
    for key, value in entry.items():
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines += [f"{_key(key)} = ["] + [f"  {_value(item)}," for item in value] + ["]"]
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------------------------------------

def read(state: dict, document: dict, number: int) -> tuple[dict | None, list]:
    """The moderated game's results (public, private, over, winners) and the tools' results ("tools", each
    checked); with tools' results the public text may be empty."""
    tools = document.get(KEY, [])
    rest = {key: value for key, value in document.items() if key != KEY}
    found, problems = moderated.read(state, rest, number, empty_public=bool(tools))
    if not isinstance(tools, list) or not all(isinstance(entry, dict) for entry in tools):
        problems = [*problems, PROBLEMS.problem(KEY, "tools-not-tables", written=shown(tools))]
    elif len(tools) > MAX_TOOLS:
        problems = [*problems, PROBLEMS.problem(KEY, "too-many-tools", count=len(tools), most=MAX_TOOLS)]
    else:
        for index, entry in enumerate(tools):
            told = check_entry(entry, state["players"], f"{KEY}[{index}]")
            if isinstance(told, list):
                problems = [*problems, *told]
    if problems:
        return None, problems
    return {**found, "tools": [dict(entry) for entry in tools]}, []


def check_entry(entry: dict, players: list[str], where: str) -> dict | list:
    """The event values of one tool's result, or its problems (each at its value's line)."""
    kind = entry.get("kind")
    if kind not in KINDS:
        field = f"{where}.kind" if "kind" in entry else where
        return [PROBLEMS.problem(field, "unknown-tool", written=shown(kind), kinds=list(KINDS))]
    values = VALUES[kind]
    problems = [PROBLEMS.problem(f"{where}.{key}", "unknown-value", key=key, kind=kind, keys=list(values))
                for key in entry if key != "kind" and key not in values]
    for key, ((check, wanted), required) in values.items():
        if key not in entry:
            if required:
                problems.append(PROBLEMS.problem(where, "missing-value", kind=kind, key=key))
        elif not check(entry[key]):
            problems.append(PROBLEMS.problem(f"{where}.{key}", "wrong-value", key=key, wanted=wanted,
                                             written=shown(entry[key])))
    if problems:
        return problems
    return TELLERS[kind](entry, players, where)


def _follow(where: str, kind: str, key: str, written, expected) -> list:
    return [PROBLEMS.problem(f"{where}.{key}", "does-not-follow", key=key, kind=kind, written=shown(written),
                             expected=shown(expected))]


def _sea_battle(entry: dict, players: list[str], where: str) -> dict | list:
    forces = {"attacker": entry["attacker"], "defender": entry["defender"]}
    told = []
    for number, one in enumerate(entry["rounds"], start=1):
        field = f"{where}.rounds[{number - 1}]"
        if 0 in forces.values():
            return [PROBLEMS.problem(field, "battle-over", round=number)]
        volley = {}
        for side in sea.SIDES:
            if one[f"{side}_hits"] > forces[side]:
                return [PROBLEMS.problem(field, "too-many-hits", side=side, hits=one[f"{side}_hits"],
                                         dice=forces[side], round=number)]
            volley[side] = {"dice": forces[side], "hits": one[f"{side}_hits"], "roll": one[f"{side}_roll"]}
        forces = {"attacker": max(0, forces["attacker"] - one["defender_hits"]),
                  "defender": max(0, forces["defender"] - one["attacker_hits"])}
        told.append({"round": number, **volley})
    outcome = sea._outcome(forces)
    if outcome != entry["outcome"]:
        return _follow(where, "sea-battle", "outcome", entry["outcome"],
                       outcome or "no outcome: both sides are still there")
    initiative = [{"side": side, **sea.sea_initiative(side, murakami=entry.get("murakami"),
                                                      iron_ship=entry.get("iron_ship"))} for side in sea.SIDES]
    return {"kind": "sea_battle", "purpose": entry["for"], "attacker": entry["attacker"],
            "defender": entry["defender"], "initiative": [one for one in initiative if one["total"]],
            "rounds": told, "outcome": outcome, "attacker_left": forces["attacker"],
            "defender_left": forces["defender"]}


class _Recorded:
    """The faces a result says were rolled, as dice: they run out or are left over when the result is edited."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def roll(self, sides: int, purpose: str) -> int:
        if not self.faces:
            raise ValueError("an entry needs a die that accelerated says nothing of")
        return self.faces.pop(0)


def _entered(events: list[dict]) -> tuple[list[dict], list[dict]]:
    entered = [{"entry": ev["entry"], "clans": ev["clans"], "pool_chit": ev["pool_chit"] or ""}
               for ev in events if ev["kind"] == "reinforcements"]
    kaga = [{"temples": ev["temples"], "replaced": ev["replaced"], "minor_units_left": ev["minor_units_left"]}
            for ev in events if ev["kind"] == "ikko_ikki_temples"]
    return entered, kaga


def _reinforcements(entry: dict, players: list[str], where: str) -> dict | list:
    turn, said = entry["turn"], entry["accelerated"]
    exiled, by_card = entry.get("exile_ashikaga", False), entry.get("by_event_card", False)
    if by_card and not exiled:
        return [PROBLEMS.problem(f"{where}.by_event_card", "rules-refuse", kind="reinforcements",
                                 said="by_event_card goes with exile_ashikaga = true")]
    dice = _Recorded([one["die"] for one in said if "die" in one])
    track = track_of(entry["before"])
    try:
        if exiled:
            track, events = rules.exile_ashikaga(track, turn, dice, by_event_card=by_card)
            accelerated = [ev for ev in events if ev["kind"] == "accelerated"]
        elif said:
            track, one = rules.accelerate_reinforcement(track, said[0]["entry"], turn, dice)
            accelerated = [one]
        else:
            accelerated = []
        if [ev["entry"] for ev in accelerated] != [one["entry"] for one in said] or dice.faces:
            return _follow(where, "reinforcements", "accelerated", said,
                           [ev["entry"] for ev in accelerated] or "no acceleration")
        after, now, box = rules.enter_reinforcements(track, turn, ikko_ikki_in_box=entry["ikko_ikki_in_box"])
        after, late, _ = rules.enter_reinforcements(after, turn, end_phase=True, ikko_ikki_in_box=box)
    except ValueError as exc:
        return [PROBLEMS.problem(f"{where}.before", "rules-refuse", kind="reinforcements", said=str(exc))]
    entered, kaga = _entered(now)
    late_entered, late_kaga = _entered(late)
    for key, names in (("entered", [one["entry"] for one in entered]),
                       ("entered_end_phase", [one["entry"] for one in late_entered])):
        if entry[key] != names:
            return _follow(where, "reinforcements", key, entry[key], names)
    if entry["after"] != track_table(after):
        return _follow(where, "reinforcements", "after", entry["after"], track_table(after))
    return {"kind": "reinforcements", "turn": turn, "purpose": entry.get("for", ""), "exiled": exiled,
            "by_event_card": by_card,
            "accelerated": [{"entry": ev["entry"], "was": ev["was"], "turn": ev["turn"], "end_phase": ev["end_phase"],
                             "die": ev["roll"] or 0, "roll": one.get("roll", -1)}
                            for ev, one in zip(accelerated, said)],
            "entered": entered, "entered_end_phase": late_entered, "ikko_ikki": kaga + late_kaga,
            "track": state_track(after)}


def _regroup(entry: dict, players: list[str], where: str) -> dict | list:
    found = regroup_rules.regroup(entry["areas"], entry["box"], entry["on_map"])
    for key in ("rating", "cap", "may_return"):
        if entry[key] != found[key]:
            return _follow(where, "regroup", key, entry[key], found[key])
    return {"kind": "regroup", **{key: entry[key] for key in ("clan", "areas", "box", "on_map", "rating", "cap",
                                                              "may_return")}}


def _setup(entry: dict, players: list[str], where: str) -> dict:
    sides = dict(zip(SIDES, players))
    placements = [{"clan": p["clan"], "units": p["units"], "areas": list(p["areas"]), "how": p["how"],
                   "chooses": p.get("chooses", ""), "chooser": sides.get(p.get("chooses", ""), ""),
                   "leader": p.get("leader", "")} for p in SETUP["placement"]]
    oda, first = SETUP["oda"], SETUP["first_turn"]
    return {"kind": "setup", "oda": sides["oda"], "anti_oda": sides["anti-oda"], "placements": placements,
            "oda_leader": oda["leader"], "oda_samurai": oda["samurai"], "oda_soldiers": oda["soldiers"],
            "oda_controls": list(oda["control"]), "ashikaga_area": SETUP["ashikaga"]["area"],
            "ashikaga_side": SETUP["ashikaga"]["side"], "regroup_box": dict(SETUP["regroup_box"]),
            "track": [{"entry": one["id"], "turn": one["turn"], "end_phase": False, "clans": dict(one["clans"])}
                      for one in SETUP["track"]],
            "card": SETUP["cards"]["oda_starts_with"], "first_chit": first["first_chit"],
            "oda_may_not_enter": list(first["oda_may_not_enter"])}


def _victory(entry: dict, players: list[str], where: str) -> dict | list:
    scenario = entry["scenario"]
    wrong = [key for other, keys in SCENARIO_VALUES.items() if other != scenario for key in keys if key in entry]
    if wrong:
        return [PROBLEMS.problem(f"{where}.{wrong[0]}", "rules-refuse", kind="victory",
                                 said=f"{wrong[0]} is not a value of the {scenario} game")]
    told = {"kind": "victory", "scenario": scenario}
    try:
        if scenario == "quick":
            castles = list(entry.get("castles", {}).items())
            good_fortune, needed = entry.get("good_fortune", False), entry.get("needed", 6)
            counted = victory_rules.quick_game_castles(castles, good_fortune)
            if entry.get("counted", counted) != counted:
                return _follow(where, "victory", "counted", entry["counted"], counted)
            winner = victory_rules.quick_game_winner(castles, good_fortune, needed)
            told.update(counted=counted, needed=needed, good_fortune=good_fortune)
        elif scenario == "standard":
            kyoto = entry.get("kyoto", "neutral")
            winner = victory_rules.standard_game_winner(None if kyoto == "neutral" else kyoto)
            told.update(kyoto=kyoto)
        else:
            areas = {area: None if side == "neutral" else side for area, side in entry.get("areas", {}).items()}
            died, dead = entry.get("nobunaga_died"), entry.get("nobutada_dead", False)
            winner = (victory_rules.campaign_winner(areas, died, dead) if areas
                      else victory_rules.campaign_sudden_death(died, dead))
            told.update(nobunaga_died=died or "", nobutada_dead=dead, areas=len(areas))
    except ValueError as exc:
        return [PROBLEMS.problem(where, "rules-refuse", kind="victory", said=str(exc))]
    if entry["winner"] != (winner or "none"):
        return _follow(where, "victory", "winner", entry["winner"], winner or "none")
    return {**told, "winner": winner or "", "winner_player": dict(zip(SIDES, players)).get(winner, "")}


TELLERS = {"sea-battle": _sea_battle, "reinforcements": _reinforcements, "regroup": _regroup, "setup": _setup,
           "victory": _victory}


def tool_event(entry: dict, players: list[str]) -> dict:
    """A checked tool's result as the event every player's report tells."""
    values = check_entry(entry, players, KEY)
    if isinstance(values, list):
        raise ValueError(f"a tool's result that was not checked: {values[0].message}")
    return event(EVENT_PREFIX + values.pop("kind"), **values)
