"""Phase A and D orders checked before the round: names, ids, shapes, adjacency, reach, limits.

What is certain to be wrong is refused when the order file comes in; phase A
is tried on a copy of the state (movement.move_armies), phase D only checked
in shape, since the battles change the board first.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .levy import levy_for_side
from .movement import (ARMY_KEYS, EXAMPLE_FORCE, EXAMPLE_MOVE, FORCE_KEYS, MOVABLE, PHASE_A, PHASE_D, Skip,
                       move_armies, province_id, units_table)
from .names import match_province
from .planning import field_of
from .state import MAX_EXPERIENCE, PROVINCIAL_LIMIT, REGULAR_KINDS, colour_of, player_of, side_of_province
from .units import regular_units


_EXPLAIN = {
    "not_understood": "This is not an order the war understands.",
    "unknown_army": "There is no army of that id (armies are named like red-1).",
    "not_your_army": "That army is not yours.",
    "army_lost": "That army's daimyo is lost.",
    "army_not_on_board": "That army's marker is not on the board.",
    "army_frozen": "That army's daimyo was assassinated: it cannot move this round.",
    "already_moved": "That army already has an order in this phase; each army moves once per phase.",
    "path_revisits": "A path enters each province once and does not return to where the army started.",
    "too_far": "The path is longer than the daimyo's experience level allows.",
    "garrison_not_left_behind": "A garrison is left in a province the army leaves: its start or a "
                                "province on its path before the last.",
    "pick_up_not_on_path": "An army picks up units only where it starts or in a province it enters.",
    "drop_not_adjacent": "Units split off to conquer a province next to one the army stands in.",
    "not_adjacent": "Each step must go to a province adjacent to the previous one.",
    "unoccupied": "In phase A an army moves only through your own provinces, not into unoccupied ones.",
    "not_friendly": "Armies and provincial forces never move into another side's province.",
    "garrison_needed": "Leaving that province would leave it empty: leave a garrison of regular units.",
    "garrison_not_needed": "A garrison may be left only in a province that would otherwise be empty.",
    "not_enough_units": "There are not that many units to take.",
    "card_full": "The army card would hold more than one daimyo, four samurai or ten ashigaru.",
    "ronin_limit": "Ronin may number at most one fewer than the regular units they are with.",
    "force_limit": "A provincial force holds at most five regular units.",
    "bad_units": "Units are a table of unit kind = whole number, for example { spearman = 2 }.",
    "kind_not_allowed": "Only archers, swordsmen, gunners and spearmen leave an army card "
                        "(never the daimyo or a ronin); a provincial force has no daimyo.",
    "unknown_province": "There is no province of that name.",
    "not_your_province": "You do not own that province.",
    "ronin_alone": "Ronin never move alone: send at least one regular unit with them.",
    "drop_in_phase_a": "Units are split off to conquer only in phase D (final_moves).",
    "units_already_moved": "Units that moved (or came off an army card) in phase D do not move again.",
    "province_left_empty": "A province may not be left with none of your units: keep a regular unit there.",
    "army_already_there": "Only one army marker may rest in a province at the end of a phase.",
    "not_unoccupied": "Units split off an army conquer only an unoccupied province.",
}


def _problem(state: dict, side: str, field: str, reason: str, message: str | None = None) -> Problem:
    kind = NOT_UNDERSTOOD if reason in ("not_understood", "unknown_army", "unknown_province", "bad_units",
                                        "kind_not_allowed") else NOT_ALLOWED
    return Problem(kind, field_of(state, side, field), message or _EXPLAIN.get(reason, reason))


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
        return [_problem(state, side, "war", "not_understood", "[war] is a section of orders.")]
    problems: list[Problem] = []
    for key, phase in (("moves", PHASE_A), ("final_moves", PHASE_D)):
        entries = war_orders.get(key)
        if entries is None:
            continue
        if not isinstance(entries, list):
            problems.append(_problem(state, side, f"war.{key}", "not_understood",
                                     f"war.{key} is a list of orders, for example: {EXAMPLE_MOVE}"))
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
                problems.append(_problem(state, side, at, "not_understood",
                                         f"Each order names an army (or in final_moves a province), for "
                                         f"example: {example}"))
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


def _check_army_order(state, side, order, phase, board, at, seen) -> list[Problem]:
    problems = []
    for key in order:
        if key not in ARMY_KEYS[phase]:
            reason = "drop_in_phase_a" if key == "drop" else "not_understood"
            problems.append(_problem(state, side, f"{at}.{key}", reason,
                                     None if key == "drop" else f'"{key}" is not part of an army order; '
                                     f"the parts are {', '.join(ARMY_KEYS[phase])}."))
    army_id = order.get("army")
    army = state["armies"].get(army_id) if isinstance(army_id, str) else None
    if army is None:
        return problems + [_problem(state, side, f"{at}.army", "unknown_army",
                                    f'There is no army "{army_id}" (armies are named like red-1).')]
    if army["colour"] != colour_of(state, side):
        return problems + [_problem(state, side, f"{at}.army", "not_your_army")]
    if army_id in seen:
        problems.append(_problem(state, side, f"{at}.army", "already_moved"))
    seen.append(army_id)
    path = order.get("path", [])
    if not isinstance(path, list):
        return problems + [_problem(state, side, f"{at}.path", "not_understood",
                                    'A path is a list of provinces, for example: path = ["Omi", "Wakasa"]')]
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
            problems.append(_problem(state, side, f"{at}.path[{j}]", "not_adjacent",
                                     f"{board.name(pid)} is not adjacent to {board.name(previous)}."))
        previous = pid
    named = [p for p in ([start] if start else []) + pids if p]
    if len(set(named)) != len(named):
        problems.append(_problem(state, side, f"{at}.path", "path_revisits"))
    reach = army["experience"] if phase == PHASE_A else min(MAX_EXPERIENCE, army["experience"] + 1)
    if len(path) > reach:
        problems.append(_problem(state, side, f"{at}.path", "too_far",
                                 f"{army_id} can move at most {reach} province(s) in phase {phase}"
                                 f"{'' if phase == PHASE_A else ' even if its daimyo gains experience'}, "
                                 f"not {len(path)}."))
    for key, allowed in (("garrison", REGULAR_KINDS), ("pick_up", MOVABLE), ("drop", REGULAR_KINDS)):
        raw = order.get(key)
        if raw is None or key not in ARMY_KEYS[phase]:
            continue
        if not isinstance(raw, dict):
            problems.append(_problem(state, side, f"{at}.{key}", "bad_units",
                                     f"{key} is a table of province = {{ unit kind = count }}."))
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
                problems.append(_problem(state, side, f"{at}.{key}.{name}", skip.reason))
                continue
            if key in ("garrison", "drop") and regular_units(units) > PROVINCIAL_LIMIT:
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "force_limit"))
            if key == "garrison" and pid not in named[:-1] and (start or phase == PHASE_A):
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "garrison_not_left_behind"))
            if key == "pick_up" and pid not in named and (start or phase == PHASE_A):
                problems.append(_problem(state, side, f"{at}.{key}.{name}", "pick_up_not_on_path"))
    if phase == PHASE_A:
        for j, pid in enumerate(pids):
            if pid and side_of_province(state, pid) != side:
                reason = "unoccupied" if state["provinces"][pid]["owner"] is None else "not_friendly"
                problems.append(_problem(state, side, f"{at}.path[{j}]", reason,
                                         f"{board.name(pid)} is not yours: in phase A armies move only through "
                                         "your own provinces."))
    return problems


def _check_force_order(state, side, order, board, at) -> list[Problem]:
    problems = []
    for key in order:
        if key not in FORCE_KEYS:
            problems.append(_problem(state, side, f"{at}.{key}", "not_understood",
                                     f'"{key}" is not part of a provincial force order; the parts are '
                                     f"{', '.join(FORCE_KEYS)}."))
    try:
        source = province_id(state, board, order.get("province"))
    except Skip:
        return problems + [_name_problem(state, side, board, f"{at}.province", order.get("province"))]
    target = order.get("to")
    if isinstance(target, str) and target in state["armies"]:
        if state["armies"][target]["colour"] != colour_of(state, side):
            problems.append(_problem(state, side, f"{at}.to", "not_your_army"))
    else:
        try:
            dest = province_id(state, board, target)
        except Skip:
            problems.append(_name_problem(state, side, board, f"{at}.to", target))
        else:
            if not board.is_adjacent(source, dest):
                problems.append(_problem(state, side, f"{at}.to", "not_adjacent",
                                         f"{board.name(dest)} is not adjacent to {board.name(source)}: "
                                         "a provincial force moves one step."))
    try:
        units = units_table(order.get("units"), MOVABLE, "units")
    except Skip as skip:
        return problems + [_problem(state, side, f"{at}.units", skip.reason)]
    if not regular_units(units):
        problems.append(_problem(state, side, f"{at}.units", "ronin_alone"))
    elif regular_units(units) > PROVINCIAL_LIMIT:
        problems.append(_problem(state, side, f"{at}.units", "force_limit",
                                 "A provincial force holds at most five regular units, so no more can move."))
    return problems


def _name_problem(state, side, board, field, name) -> Problem:
    try:
        match_province(board, name)
        message = f'"{name}" is not on this game\'s board.'
    except ValueError as exc:
        message = str(exc)
    return Problem(NOT_UNDERSTOOD, field_of(state, side, field), message)


_CERTAIN_IN_A = ("not_adjacent", "too_far", "not_friendly", "unoccupied", "not_enough_units", "card_full",
                 "force_limit", "pick_up_not_on_path", "garrison_not_left_behind", "garrison_needed",
                 "path_revisits", "already_moved", "army_already_there")


def _try_phase_a(state: dict, side: str, war_orders: dict, board: Board) -> list[Problem]:
    """Phase A tried on the state as it stands; what fails for a reason later actions cannot mend."""
    _new, events = move_armies(state, side, {"moves": war_orders.get("moves") or []}, board)
    problems = []
    for ev in events:
        if ev["kind"] == "order_skipped" and ev["reason"] in _CERTAIN_IN_A:
            where = ev.get("province") or ev.get("where")
            place = f" ({board.name(where)})" if where in board else ""
            problems.append(_problem(state, side, f"war.moves[{ev['index']}]", ev["reason"],
                                     _EXPLAIN[ev["reason"]].rstrip(".") + place + "."))
    return problems
