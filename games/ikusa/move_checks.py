"""Phase A and D orders checked before the round: names, ids, shapes, adjacency, reach, limits.

What is certain to be wrong is refused when the order file comes in; phase A
is tried on a copy of the state (movement.move_armies), phase D only checked
in shape, since the battles change the board first.
"""
from __future__ import annotations

from engine import Problem
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .levy import levy_for_side
from .movement import (
    ARMY_KEYS,
    EXAMPLE_FORCE,
    EXAMPLE_MOVE,
    FORCE_KEYS,
    MOVABLE,
    PHASE_A,
    PHASE_D,
    Skip,
    move_armies,
    province_id,
    units_table,
)
from .names import ProvinceNameError, match_province
from .problems import problem, refused
from .state import MAX_EXPERIENCE, PROVINCIAL_LIMIT, REGULAR_KINDS, colour_of, field_of, player_of, side_of_province
from .units import regular_units

_UNITS_PROBLEM = {"bad_units": "bad-units", "kind_not_allowed": "kind-not-allowed"}  # units_table's skips

# what the phase A trial may find that later actions cannot mend: the skip's reason and its problem code
_CERTAIN_IN_A = {
    "not_adjacent": "not-adjacent",
    "too_far": "too-far",
    "not_friendly": "not-friendly",
    "unoccupied": "unoccupied",
    "not_enough_units": "not-enough-units",
    "card_full": "card-full",
    "force_limit": "force-limit",
    "pick_up_not_on_path": "pick-up-not-on-path",
    "garrison_not_left_behind": "garrison-not-left-behind",
    "garrison_needed": "garrison-needed",
    "path_revisits": "path-revisits",
    "already_moved": "already-moved",
    "army_already_there": "army-already-there",
}


def _problem(state: dict, side: str, field: str, code: str, **values) -> Problem:
    """A problem at a field of the side's [war] section."""
    return problem(field_of(state, side, field), code, **values)


def check_moves(state: dict, side: str, war_orders, board: Board | None = None, allocation: dict | None = None,
                levy_orders: dict | None = None) -> list[Problem]:
    """What is certain to be wrong before the round: names, ids, shapes, adjacency, reach, limits.

    Phase A is tried on the state after the side's own levy of this round (its
    levy orders and allocation, when given), since nothing else before its war
    can add units or provinces; what it then cannot do, it will not be able to.
    Phase D is checked in shape only: battles will change the board first.
    """
    board = board or board_of_state(state)
    if war_orders is None:
        return []
    if not isinstance(war_orders, dict):
        return [_problem(state, side, "war", "war-not-a-section")]
    problems: list[Problem] = []
    for key, phase in (("moves", PHASE_A), ("final_moves", PHASE_D)):
        entries = war_orders.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            problems.append(_problem(state, side, f"war.{key}", "moves-not-a-list", key=key, example=EXAMPLE_MOVE))
            continue
        seen: list[str] = []
        for i, order in enumerate(entries):
            at = f"war.{key}[{i}]"
            if isinstance(order, dict) and "army" in order:
                problems += _check_army_order(state, side, order, phase, board, at, seen)
            elif phase == PHASE_D and isinstance(order, dict) and "province" in order:
                problems += _check_force_order(state, side, order, board, at)
            else:
                example = EXAMPLE_MOVE if phase == PHASE_A else f"{EXAMPLE_MOVE} or {EXAMPLE_FORCE}"
                problems.append(_problem(state, side, at, "order-names-nothing", example=example))
    if not problems and _phase_a_trial_needed(state, side, war_orders, allocation, levy_orders):
        trial = copy_plain(state)
        if isinstance(levy_orders, dict) and isinstance(levy_orders.get("units"), list):
            levy_for_side(trial, side, (allocation or {}).get("levy", 0), levy_orders["units"])
        problems += _try_phase_a(trial, side, war_orders, board)
    return problems


def _phase_a_trial_needed(state: dict, side: str, war_orders: dict, allocation, levy_orders) -> bool:
    """Whether check_moves must try phase A on a copy of the state after the levy.

    With no moves there is nothing to try: move_armies skips no order, so the
    trial finds no problem. It is left out then (it copies the state and
    replays the levy, and the computer player's orders, checked for every
    report, have no moves), except where replaying the levy would raise, so
    that such orders still fail as before: Koku that are not a number, or a
    side of no player (levy_for_side names the side's player).
    """
    if war_orders.get("moves"):
        return True
    if isinstance(levy_orders, dict) and isinstance(levy_orders.get("units"), list):
        player_of(state, side)  # raises KeyError for no side, as the levy's events would
        return not isinstance((allocation or {}).get("levy", 0), int)
    return False


def _check_army_order(state, side, order, phase, board, at, seen) -> list[Problem]:  # noqa: C901
    # (restates movement._march in other words; issue 12 replaces it with the march itself, tried)
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
    pids = []
    for j, name in enumerate(path):
        try:
            pids.append(province_id(state, board, name))
        except Skip:
            problems.append(_name_problem(state, side, board, f"{at}.path[{j}]", name))
            pids.append(None)
    start = army["province"] if phase == PHASE_A else None
    previous = start
    for j, pid in enumerate(pids):
        if pid and previous and not board.is_adjacent(previous, pid):
            problems.append(_problem(state, side, f"{at}.path[{j}]", "path-not-adjacent", province=board.name(pid),
                                     previous=board.name(previous)))
        previous = pid
    named = [p for p in ([start] if start else []) + pids if p]
    if len(set(named)) != len(named):
        problems.append(_problem(state, side, f"{at}.path", "path-revisits", place=""))
    reach = army["experience"] if phase == PHASE_A else min(MAX_EXPERIENCE, army["experience"] + 1)
    if len(path) > reach:
        problems.append(_problem(state, side, f"{at}.path", "too-far-in-phase-a" if phase == PHASE_A else
                                 "too-far-in-phase-d", army=army_id, reach=reach, length=len(path)))
    for key, allowed in (("garrison", REGULAR_KINDS), ("pick_up", MOVABLE), ("drop", REGULAR_KINDS)):
        raw = order.get(key)
        if raw is None or key not in ARMY_KEYS[phase]:
            continue
        if not isinstance(raw, dict):
            problems.append(_problem(state, side, f"{at}.{key}", "units-not-a-table", key=key))
            continue
        for name, units in raw.items():
            try:
                pid = province_id(state, board, name)
            except Skip:
                problems.append(_name_problem(state, side, board, f"{at}.{key}", name))
                continue
            try:
                units = units_table(units, allowed, key)
            except Skip as skip:
                problems.append(_problem(state, side, f"{at}.{key}.{name}", _UNITS_PROBLEM[skip.reason]))
                continue
            if key in ("garrison", "drop") and regular_units(units) > PROVINCIAL_LIMIT:
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "force-limit", place=""))
            if key == "garrison" and pid not in named[:-1] and (start or phase == PHASE_A):
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "garrison-not-left-behind", place=""))
            if key == "pick_up" and pid not in named and (start or phase == PHASE_A):
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "pick-up-not-on-path", place=""))
    if phase == PHASE_A:
        for j, pid in enumerate(pids):
            if pid and side_of_province(state, pid) != side:
                problems.append(_problem(state, side, f"{at}.path[{j}]", "path-not-yours", province=board.name(pid)))
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
            if not board.is_adjacent(source, dest):
                problems.append(_problem(state, side, f"{at}.to", "force-not-adjacent", destination=board.name(dest),
                                         source=board.name(source)))
    try:
        units = units_table(order.get("units"), MOVABLE, "units")
    except Skip as skip:
        return problems + [_problem(state, side, f"{at}.units", _UNITS_PROBLEM[skip.reason])]
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


def _try_phase_a(state: dict, side: str, war_orders: dict, board: Board) -> list[Problem]:
    """Phase A tried on the state as it stands; what fails for a reason later actions cannot mend."""
    _new, events = move_armies(state, side, {"moves": war_orders.get("moves") or []}, board)
    problems = []
    for ev in events:
        if ev["kind"] == "order_skipped" and ev["reason"] in _CERTAIN_IN_A:
            where = ev.get("province") or ev.get("where")
            place = board.name(where) if where in board else ""
            problems.append(_problem(state, side, f"war.moves[{ev['index']}]", _CERTAIN_IN_A[ev["reason"]],
                                     place=place))
    return problems
