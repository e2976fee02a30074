"""Why an order the check accepted was not carried out: the earlier event of the round that stopped it.

An order is judged when it comes by the rules' own predicates, on the board as
the round will find it (battle_checks.check_reach, move_checks). What can still stop
it is something that happens first in the round: a battle lost, a province
taken, a daimyo killed or assassinated, a player eliminated. The skip's reason
says what was wrong when the order's turn came; its `cause` is a copy of that
earlier event, so the report can say "because ..." in the same words it told
the event in. Only an event the skipped order's player may see is named.
"""
from __future__ import annotations

from engine.events import visible_to

from .board import Board
from .names import ProvinceNameError, match_province

CAUSES = ("battle_ended", "daimyo_killed", "province_lost", "province_conquered", "army_advanced", "army_moved",
          "force_moved", "garrison_left", "units_picked_up", "unoccupied_attacked", "daimyo_assassinated",
          "player_eliminated", "daimyo_recovered", "order_skipped", "withdrawal")
"""The kinds of event that change what a later order finds."""

# the reasons whose cause is at the order's target, at its force's own province, or with the side
AT_TARGET = ("target_friendly", "unoccupied_needs_experience", "first_round_daimyo")
AT_FORCE = ("province_not_yours", "no_provincial_force", "not_your_province", "province_left_empty",
            "units_already_moved")


def name_causes(events: list[dict], board: Board) -> list[dict]:
    """The round's events, each order skip given the earlier event that caused it where one is found."""
    touched = _touched(events, board)
    named = []
    for index, ev in enumerate(events):
        if ev["kind"] == "order_skipped":
            cause = _cause(events, touched, index, board)
            if cause is not None:
                ev = {**ev, "cause": {k: v for k, v in cause.items() if k not in ("audience", "cause")}}
        named.append(ev)
    return named


def _cause(events: list[dict], touched: list[set[str]], index: int, board: Board) -> dict | None:
    skip = events[index]
    readers = [] if isinstance(skip["audience"], str) else skip["audience"]
    for subjects in _subjects(skip, board):
        for earlier in range(index - 1, -1, -1):
            ev = events[earlier]
            if ev["kind"] not in CAUSES or not touched[earlier] & subjects:
                continue
            if ev["kind"] == "order_skipped" and not _follows(skip, ev):
                continue
            if all(visible_to(ev, reader) for reader in readers):
                return ev
    return None


def _follows(skip: dict, earlier: dict) -> bool:
    """Whether an earlier skip causes this one: the phase C attacks of a force whose first one was skipped, and
    the later orders of an army whose phase A move was skipped (the army is not where its move would take it)."""
    if skip["reason"] == "not_declared":
        return True
    army = _text(skip.get("army")) or _text((skip.get("order") or {}).get("army")
                                            if isinstance(skip.get("order"), dict) else None)
    moved = earlier.get("order") if isinstance(earlier.get("order"), dict) else {}
    return earlier.get("phase") == "A" and skip.get("phase") != "A" and army is not None \
        and _text(moved.get("army")) == army


def _touched(events: list[dict], board: Board) -> list[set[str]]:
    """For each event, the armies, provinces and sides it is about; a battle's end is about its battle's."""
    started: dict[int, set[str]] = {}
    result = []
    for ev in events:
        if ev["kind"] == "battle_started":
            started[ev["battle"]] = _about(ev)
        if ev["kind"] == "battle_ended":
            result.append(started.get(ev["battle"], set()) | set(ev.get("provinces_lost") or ()))
        elif ev["kind"] == "order_skipped":
            result.append(set().union(*_subjects(ev, board)))
        else:
            result.append(_about(ev))
    return result


def _about(ev: dict) -> set[str]:
    found = {ev[key] for key in ("army", "defender_army", "province", "target", "from", "to")
             if isinstance(ev.get(key), str)}
    found |= {step for step in ev.get("path") or () if isinstance(step, str)}
    if ev["kind"] == "player_eliminated":   # the loser's side, and the provinces that changed hands with it
        found |= {f"side:{ev['side']}", *(p for p in ev.get("provinces") or () if isinstance(p, str))}
    return found


def _subjects(skip: dict, board: Board) -> list[set[str]]:
    """What the skipped order is about, nearest first: the place or force its reason names, then all of it."""
    reason = skip["reason"]
    order = skip.get("order") if isinstance(skip.get("order"), dict) else {}
    army = _text(skip.get("army")) or _text(order.get("army"))
    force = _place(board, skip.get("province") if "order" not in skip else order.get("province"))
    target = _place(board, skip.get("target")) or _place(board, order.get("to"))
    near: set[str] = set()
    if reason == "side_eliminated":
        near = {f"side:{skip['side']}"} if skip.get("side") else set()
    elif reason in AT_TARGET and target:
        near = {target}
    elif reason in AT_FORCE and force:
        near = {force}
    elif isinstance(skip.get("province"), str) and "order" in skip:
        near = {skip["province"]}       # the step of a march where it failed
    elif army:
        near = {army}
    every = near | {x for x in (army, force, target, _text(order.get("to"))) if x}
    path = order.get("path") if isinstance(order.get("path"), list) else []
    every |= {p for p in (_place(board, step) for step in path) if p}
    for key in ("garrison", "pick_up", "drop"):
        table = order.get(key)
        if isinstance(table, dict):
            every |= {p for p in (_place(board, name) for name in table) if p}
    return [near, every] if near else [every]


def _text(value) -> str | None:
    return value if isinstance(value, str) and value else None


def _place(board: Board, name) -> str | None:
    if not isinstance(name, str):
        return None
    if name in board:
        return name
    try:
        return match_province(board, name)
    except ProvinceNameError:
        return None
