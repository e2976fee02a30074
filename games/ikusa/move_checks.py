"""Phase A and D orders checked before the round: names, ids and shapes here, the rules by the march itself.

What is certain to be wrong is refused when the order file comes in. The
rules of movement (adjacency, reach, garrisons, limits) are not restated:
each order is tried by the function that carries it out, on the board the
side's war will find (foresight.py), and what it skips becomes the problem.
"""
from __future__ import annotations

from engine import Problem
from engine.problems import template_fields

from .board import Board, board_of_state
from .foresight import Foresight, foresee_war
from .levy import after_levy
from .movement import (
    ARMY_KEYS,
    EXAMPLE_FORCE,
    EXAMPLE_MOVE,
    FORCE_KEYS,
    MOVABLE,
    PHASE_A,
    PHASE_D,
    Skip,
    check_step,
    province_id,
    units_table,
)
from .names import ProvinceNameError, match_province
from .problems import PROBLEMS, code_of, problem, refused
from .state import PROVINCIAL_LIMIT, REGULAR_KINDS, colour_of, field_of
from .units import regular_units


def _problem(state: dict, side: str, field: str, code: str, **values) -> Problem:
    """A problem at a field of the side's [war] section."""
    return problem(field_of(state, side, field), code, **values)


def check_moves(state: dict, side: str, war_orders, board: Board | None = None, allocation: dict | None = None,
                levy_orders: dict | None = None, seen: Foresight | None = None) -> list[Problem]:
    """What is certain to be wrong before the round: names, ids and shapes, then each order tried by the march
    that carries it out (movement._march, _shift), on the board the side's war will find (foresight): phase A
    after the side's own levy of this round, phase D after its battles as if won. `seen` is that board when the
    caller has foreseen it already."""
    board = board or board_of_state(state)
    if war_orders is None:
        return []
    if not isinstance(war_orders, dict):
        return [_problem(state, side, "war", "war-not-a-section")]
    problems: list[Problem] = []
    shaky: set[tuple[str, int]] = set()
    for key, phase in (("moves", PHASE_A), ("final_moves", PHASE_D)):
        entries = war_orders.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            problems.append(_problem(state, side, f"war.{key}", "moves-not-a-list", key=key, example=EXAMPLE_MOVE))
            continue
        armies: list[str] = []
        for i, order in enumerate(entries):
            at = f"war.{key}[{i}]"
            if isinstance(order, dict) and "army" in order:
                found = _check_army_order(state, side, order, phase, board, at, armies)
            elif phase == PHASE_D and isinstance(order, dict) and "province" in order:
                found = _check_force_order(state, side, order, board, at)
            else:
                example = EXAMPLE_MOVE if phase == PHASE_A else f"{EXAMPLE_MOVE} or {EXAMPLE_FORCE}"
                found = [_problem(state, side, at, "order-names-nothing", example=example)]
            if found:
                shaky.add((phase, i))
            problems += found
    if seen is None:
        seen = foresee_war(after_levy(state, side, allocation or {}, levy_orders), side, war_orders, board)
    return problems + _tried(state, side, war_orders, board, seen, shaky)


def _tried(state: dict, side: str, war_orders: dict, board: Board, seen: Foresight,
           shaky: set[tuple[str, int]]) -> list[Problem]:
    """The orders the march cannot carry out on the foreseen board, each at the part of the order that fails.

    An order whose own shape is wrong is told by that alone; a phase D order of an army whose phase A move or
    attack is refused, or one going where a refused attack was to open the way, is not tried: the board it
    would meet is not known, and a problem that exists only because another was refused would be false.
    """
    doubtful_armies, doubtful_places = _doubtful(seen, war_orders, board)
    problems = []
    for phase, key, events in ((PHASE_A, "moves", seen.phase_a), (PHASE_D, "final_moves", seen.phase_d)):
        orders = war_orders.get(key) if isinstance(war_orders.get(key), list) else []
        for ev in events:
            if ev["kind"] != "order_skipped" or (phase, ev["index"]) in shaky or ev["reason"] in SHAPE_REASONS:
                continue
            if ev["index"] >= len(orders):
                continue
            order = orders[ev["index"]]
            if phase == PHASE_D and _meets_doubt(state, board, order, doubtful_armies, doubtful_places):
                continue
            problems.append(_skip_problem(state, side, board, f"war.{key}[{ev['index']}]", phase, order, ev))
    return problems


def _doubtful(seen: Foresight, war_orders: dict, board: Board) -> tuple[set[str], set[str]]:
    """The armies and provinces the foreseen phase D cannot vouch for: moved or attacking in refused orders."""
    armies = set(seen.unsure)
    places: set[str] = set()
    judged = {attack[0] for attack in seen.attacks}
    for _index, entry, reason, _origin in seen.attacks:
        if reason is not None:
            armies.add(entry["id"])
            places.add(entry["target"])
    raws = war_orders.get("battles") if isinstance(war_orders.get("battles"), list) else []
    for index, raw in enumerate(raws):
        if index not in judged and isinstance(raw, dict):
            if isinstance(raw.get("army"), str):
                armies.add(raw["army"])
            places.add(_pid(seen.moved, board, raw.get("target")))
    return armies, places


def _meets_doubt(state: dict, board: Board, order, armies: set[str], places: set[str]) -> bool:
    """Whether a phase D order moves a doubtful army or goes to a doubtful place."""
    if not isinstance(order, dict):
        return False
    if isinstance(order.get("army"), str) and order["army"] in armies:
        return True
    path = order.get("path") if isinstance(order.get("path"), list) else []
    return any(_pid(state, board, name) in places for name in [order.get("to"), *path])


SHAPE_REASONS = ("not_understood", "unknown_army", "not_your_army", "bad_units", "kind_not_allowed",
                 "unknown_province")
"""The march's reasons that the shape checks above word themselves."""

REASON_CODES = {"not_adjacent": "path-not-adjacent", "army_frozen": "army-frozen-moves"}
"""The march's two reasons whose code is spelt otherwise, as the battles' check words its own "army-frozen" and
a step without its previous province "not-adjacent"; every other reason is its own code (problems.code_of). A
path too long is told by phase, with the reach, in _skip_problem."""

_PART_OF = {"too_far": "path", "path_revisits": "path", "garrison_not_left_behind": "garrison",
            "garrison_not_needed": "garrison", "pick_up_not_on_path": "pick_up", "drop_not_adjacent": "drop",
            "not_unoccupied": "drop"}


def _skip_problem(state: dict, side: str, board: Board, at: str, phase: str, order, ev: dict) -> Problem:
    """The skip as a problem at the line of the order's part that fails (the path step, the garrison, ...)."""
    reason = ev["reason"]
    where = ev.get("province") or ev.get("where")
    place = board.name(where) if isinstance(where, str) and where in board else ""
    field = at
    path = order.get("path") if isinstance(order, dict) and isinstance(order.get("path"), list) else []
    if reason in ("not_adjacent", "not_friendly", "unoccupied") and where:
        steps = [j for j, name in enumerate(path) if _pid(state, board, name) == where]
        field = f"{at}.path[{steps[0]}]" if steps else f"{at}.to" if "to" in order else at
    elif reason in _PART_OF:
        field = f"{at}.{_PART_OF[reason]}"
    values = {"place": place}
    if reason == "not_adjacent" and where and ev.get("previous") in board:
        values = {"province": board.name(where), "previous": board.name(ev["previous"])}
    elif reason == "too_far":
        values = {"army": f"{order.get('army')}", "reach": ev.get("level"), "length": ev.get("steps")}
    if reason == "too_far":
        return _problem(state, side, field, {PHASE_A: "too-far-in-phase-a", PHASE_D: "too-far-in-phase-d"}[phase],
                        **values)
    if reason == "not_adjacent" and "previous" not in values:
        return _problem(state, side, field, "not-adjacent", **values)
    code = REASON_CODES.get(reason) or code_of(reason)
    wanted = template_fields(PROBLEMS.table[code][1])   # the place, where the code's sentence names it
    return _problem(state, side, field, code, **{name: value for name, value in values.items() if name in wanted})


def _pid(state: dict, board: Board, name) -> str | None:
    """The province a name in an order names, or None."""
    try:
        return province_id(state, board, name)
    except Skip:
        return None


def _check_army_order(state, side, order, phase, board, at, seen) -> list[Problem]:  # noqa: C901
    """An army order's names and shapes (the march judges the rest, in _tried)."""
    problems = []
    for key in order:
        if key == "drop" and key not in ARMY_KEYS[phase]:
            problems.append(_problem(state, side, f"{at}.{key}", "drop-in-phase-a"))
        elif key not in ARMY_KEYS[phase]:
            problems.append(_problem(state, side, f"{at}.{key}", "unknown-army-key", key=key, parts=ARMY_KEYS[phase]))
    army_id = order.get("army")
    army = state["armies"].get(army_id) if isinstance(army_id, str) else None
    if army is None:
        return problems + [_problem(state, side, f"{at}.army", "unknown-army", army=f"{army_id}")]
    if army["colour"] != colour_of(state, side):
        return problems + [_problem(state, side, f"{at}.army", "not-your-army")]
    if army_id in seen:
        problems.append(_problem(state, side, f"{at}.army", "already-moved", place=""))
    seen.append(army_id)
    path = order.get("path", [])
    if not isinstance(path, list):
        return problems + [_problem(state, side, f"{at}.path", "path-not-a-list")]
    for j, name in enumerate(path):
        try:
            province_id(state, board, name)
        except Skip:
            problems.append(_name_problem(state, side, board, f"{at}.path[{j}]", name))
    for key, allowed in (("garrison", REGULAR_KINDS), ("pick_up", MOVABLE), ("drop", REGULAR_KINDS)):
        raw = order.get(key)
        if raw is None or key not in ARMY_KEYS[phase]:
            continue
        if not isinstance(raw, dict) or not all(isinstance(units, dict) for units in raw.values()):
            # garrison = { spearman = 1 } on a move: the province is missing, not misspelt
            problems.append(_problem(state, side, f"{at}.{key}", "units-not-a-table", key=key))
            continue
        for name, units in raw.items():
            try:
                province_id(state, board, name)
            except Skip:
                problems.append(_name_problem(state, side, board, f"{at}.{key}", name))
                continue
            try:
                units_table(units, allowed, key)
            except Skip as skip:
                problems.append(_problem(state, side, f"{at}.{key}.{name}", code_of(skip.reason)))
    return problems


def _check_force_order(state, side, order, board, at) -> list[Problem]:
    problems = []
    for key in order:
        if key not in FORCE_KEYS:
            problems.append(_problem(state, side, f"{at}.{key}", "unknown-force-key", key=key, parts=FORCE_KEYS))
    try:
        source = province_id(state, board, order.get("province"))
    except Skip:
        return problems + [_name_problem(state, side, board, f"{at}.province", order.get("province"))]
    target = order.get("to")
    if isinstance(target, str) and target in state["armies"]:
        if state["armies"][target]["colour"] != colour_of(state, side):
            problems.append(_problem(state, side, f"{at}.to", "not-your-army"))
    else:
        try:
            dest = province_id(state, board, target)
        except Skip:
            problems.append(_name_problem(state, side, board, f"{at}.to", target))
        else:
            try:
                check_step(board, source, dest)   # the march's own rule, and its code
            except Skip as skip:
                problems.append(_problem(state, side, f"{at}.to", REASON_CODES.get(skip.reason) or code_of(skip.reason),
                                         province=board.name(dest), previous=board.name(source)))
    try:
        units = units_table(order.get("units"), MOVABLE, "units")
    except Skip as skip:
        return problems + [_problem(state, side, f"{at}.units", code_of(skip.reason))]
    if not regular_units(units):
        problems.append(_problem(state, side, f"{at}.units", "ronin-alone"))
    elif regular_units(units) > PROVINCIAL_LIMIT:
        problems.append(_problem(state, side, f"{at}.units", "force-too-big"))
    return problems


def _name_problem(state, side, board, field, name) -> Problem:
    """Why a name names no province here: not a province name, or one not on this game's board."""
    try:
        match_province(board, name)
    except ProvinceNameError as exc:
        return refused(field_of(state, side, field), exc)
    return _problem(state, side, field, "province-not-on-board", name=f"{name}")
