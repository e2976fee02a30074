"""Action 7, La Guerra, phases A and D: moving the daimyos' armies, and the final movement.

Phase A (Mover los Ejércitos del Daimyo): each army may move through the
side's own provinces, as many steps as its daimyo's experience level. Only one
army marker may rest in a province at the end; another of the side's armies
may be passed through, or swapped with when both move. An army leaving a
province that would keep none of the side's units must leave a garrison of
regular units (never a ronin, never the daimyo) off its card, and may split for
no other reason. It may pick up provincial-force units where it starts and
where it enters, within its card (one daimyo, four samurai, ten ashigaru).

Phase D (Movimiento Final): armies first, as in phase A but they may also
enter unoccupied provinces and conquer them, and split units off to conquer an
adjacent unoccupied province ("drop"). Then provincial forces: units move one
step to an adjacent province of the side or an unoccupied one (conquering it),
may split to several destinations, join an army there (`to` names the army)
or merge with the force there (at most five regular units).

Readings this module follows where the rulebook leaves a choice:
- "Friendly" is the side's own: in the two-player game the allied colour's
  provinces are neither entered nor passed through (the colours "cannot
  occupy the same provinces" and every action of a colour is its own).
- No province may be left with none of the side's units, in either phase:
  an army leaves a garrison, a provincial force keeps a regular unit behind
  (unless an army of the side stands there).
- An order is carried out whole or not at all: if any part of it is not
  possible when its turn comes, the whole order is skipped and only its
  player is told why (unexecuted orders are secret).
- A path enters each province at most once and does not come back to where
  the army started, so a garrison or pick-up named by province is unambiguous.
- A garrison is left only where the province would otherwise be empty; units
  are dropped at the first place on the army's route next to their target.
- If two of the side's armies would rest in one province at the end of the
  phase, the last order that brought one there is skipped and the phase is
  carried out again without it (a swap, where both move, is kept).
- Units that came off an army card in phase D (garrisons and drops) and units
  that moved in phase D do not move again in that phase.
- Taking an unoccupied province in phase D changes hands like a battle: with
  the immediate victory check, the winner is declared at once and the rest of
  the phase is not carried out.

Orders (the side's [war] section):

    moves = [{ army = "red-1", path = ["Omi", "Wakasa"],
               garrison = { Yamashiro = { gunner = 1, spearman = 1 } },
               pick_up = { Omi = { archer = 1 } } }]
    final_moves = [{ army = "red-1", path = ["Tajima"], garrison = { Tango = { archer = 1 } },
                     drop = { Inaba = { spearman = 1 } } },
                   { province = "Yamashiro", to = "Kawachi", units = { gunner = 1 } },
                   { province = "Omi", to = "red-1", units = { spearman = 2 } }]

The orders are checked before the round in move_checks.py.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .names import match_province
from .ronin import hidden_ronin, reveal_ronin
from .state import (
    PROVINCIAL_LIMIT,
    REGULAR_KINDS,
    audience,
    card_fits,
    colour_of,
    player_of,
    side_of_province,
    trial_copy,
    who,
)
from .units import RONIN, compact, regular_units, within_ronin_limit

PHASE_A = "A"
PHASE_D = "D"
ARMY_KEYS = {PHASE_A: ("army", "path", "garrison", "pick_up"),
             PHASE_D: ("army", "path", "garrison", "pick_up", "drop")}
FORCE_KEYS = ("province", "to", "units")
MOVABLE = REGULAR_KINDS + (RONIN,)  # what may leave a provincial force: never a daimyo
EXAMPLE_MOVE = 'moves = [{ army = "red-1", path = ["Omi", "Wakasa"] }]'
EXAMPLE_FORCE = 'final_moves = [{ province = "Yamato", to = "Kawachi", units = { spearman = 2 } }]'


class Skip(Exception):
    """An order that cannot be carried out now: its typed reason and what names the fault."""

    def __init__(self, reason: str, **detail):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail


def check_step(board: Board, source: str, dest: str) -> None:
    """A provincial force moves one step: to a province adjacent to its own (Skip "not_adjacent" otherwise).
    The march and the order check both ask it."""
    if not board.is_adjacent(source, dest):
        raise Skip("not_adjacent", province=dest, previous=source)


# --- units and limits --------------------------------------------------------------------------------

def _plus(group: dict, units: dict) -> dict:
    total = dict(group)
    for kind, n in units.items():
        total[kind] = total.get(kind, 0) + n
    return compact(total)


def _minus(group: dict, units: dict, where: str) -> dict:
    for kind, n in units.items():
        if group.get(kind, 0) < n:
            raise Skip("not_enough_units", where=where, unit=kind, wanted=n, there=group.get(kind, 0))
    return compact({kind: group.get(kind, 0) - units.get(kind, 0) for kind in group})


def _check_army(state: dict, army_id: str) -> None:
    units = state["armies"][army_id]["units"]
    if not card_fits(units):
        raise Skip("card_full", army=army_id)
    if not within_ronin_limit(units, _hidden_at(state, army_id)):
        raise Skip("ronin_limit", where=army_id)


def _check_force(state: dict, pid: str) -> None:
    force = state["provinces"][pid]["force"]
    if regular_units(force) > PROVINCIAL_LIMIT:
        raise Skip("force_limit", where=pid)
    if not within_ronin_limit(force, _hidden_at(state, pid)):
        raise Skip("ronin_limit", where=pid)


def _hidden_at(state: dict, where: str) -> int:
    return sum(hidden_ronin(state, player).get(where, 0) for player in sorted(state.get("secret", {})))


def units_table(raw, allowed: tuple[str, ...], what: str) -> dict:
    """A table of unit kind = count as plain data, or a skip naming why it is not one."""
    if not isinstance(raw, dict) or not raw:
        raise Skip("bad_units", what=what)
    for kind, n in raw.items():
        if kind not in allowed:
            raise Skip("kind_not_allowed", what=what, unit=str(kind))
        if type(n) is not int or n < 0:
            raise Skip("bad_units", what=what)
    units = compact(raw)
    if not units:
        raise Skip("bad_units", what=what)
    return units


def province_id(state: dict, board: Board, text) -> str:
    if isinstance(text, str) and text in state["provinces"]:
        return text
    try:
        pid = match_province(board, text)
    except ValueError:
        raise Skip("unknown_province", name=str(text)) from None
    if pid not in state["provinces"]:
        raise Skip("unknown_province", name=str(text))
    return pid


def _by_province(state: dict, board: Board, raw, allowed: tuple[str, ...], what: str) -> dict[str, dict]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise Skip("bad_units", what=what)
    return {province_id(state, board, name): units_table(units, allowed, what) for name, units in raw.items()}


# --- who holds what ----------------------------------------------------------------------------------

def _armies_at(state: dict, side: str, pid: str) -> list[str]:
    colour = colour_of(state, side)
    return sorted(a for a, army in state["armies"].items()
                  if army["province"] == pid and army["status"] == "active" and army["colour"] == colour)


def left_empty(state: dict, side: str, pid: str, leaving: str | None = None) -> bool:
    """Whether the province would keep none of the side's regular units once `leaving` (an army) goes."""
    if side_of_province(state, pid) == side and regular_units(state["provinces"][pid]["force"]):
        return False
    return not [a for a in _armies_at(state, side, pid) if a != leaving]


def conquer_unoccupied_province(state: dict, side: str, pid: str, by: str, source: str,
                                units: dict | None = None) -> list[dict]:
    """The first side to move into an unoccupied province takes its card. Works in place on the war's copy.

    `by` is "army", "detachment" (units split off an army) or "provincial_force";
    `source` the army id or the province the units came from.
    """
    province = state["provinces"][pid]
    province["owner"] = player_of(state, side)
    province["colour"] = colour_of(state, side)
    values = {"units": dict(units)} if units else {}
    events = [event("province_conquered", **who(state, side), province=pid, by=by, source=source, **values)]
    return events + _victory(state, side)


def _victory(state: dict, side: str) -> list[dict]:
    """With the immediate check, the first player to own the winning number of provinces wins at once.

    Kept here privately: conquering an unoccupied province in phase D changes
    hands like a battle does, and the round stops there.
    """
    options = state.get("options", {})
    target = options.get("victory_provinces")
    if options.get("victory_check") != "immediate" or not target or state.get("over"):
        return []
    player = player_of(state, side)
    owned = sum(1 for province in state["provinces"].values() if province["owner"] == player)
    if owned < target:
        return []
    state["over"] = True
    state["winners"] = [player]
    return [event("game_won", player=player, provinces=owned, target=target)]


# --- the army's actions (in place on the war's working copy, like reveal_ronin) ---------------------

def pick_up_provincial_force(state: dict, side: str, army_id: str, pid: str, units: dict) -> list[dict]:
    """Units of the force where the army stands go onto its card, if the card has room.

    Ronin named among them show themselves first; the force left behind keeps
    its ronin within its limit.
    """
    events = reveal_ronin(state, pid) if RONIN in units else []
    province = state["provinces"][pid]
    if side_of_province(state, pid) != side:
        raise Skip("not_your_province", province=pid)
    province["force"] = _minus(province["force"], units, pid)
    army = state["armies"][army_id]
    army["units"] = _plus(army["units"], units)
    _check_army(state, army_id)
    _check_force(state, pid)
    return events + [event("units_picked_up", **who(state, side), army=army_id, province=pid, units=dict(units))]


def leave_garrison(state: dict, side: str, army_id: str, pid: str, units: dict) -> list[dict]:
    """Regular units come off the card to hold a province the army would otherwise leave empty."""
    army = state["armies"][army_id]
    army["units"] = _minus(army["units"], units, army_id)
    province = state["provinces"][pid]
    province["force"] = _plus(province["force"], units)
    _check_army(state, army_id)
    _check_force(state, pid)
    return [event("garrison_left", **who(state, side), army=army_id, province=pid, units=dict(units))]


def split_off_to_conquer(state: dict, side: str, army_id: str, pid: str, units: dict) -> list[dict]:
    """Phase D: regular units leave the card to conquer an adjacent unoccupied province."""
    if state["provinces"][pid]["owner"] is not None:
        raise Skip("not_unoccupied", province=pid)
    army = state["armies"][army_id]
    army["units"] = _minus(army["units"], units, army_id)
    province = state["provinces"][pid]
    province["force"] = _plus(province["force"], units)
    _check_army(state, army_id)
    _check_force(state, pid)
    return conquer_unoccupied_province(state, side, pid, "detachment", army_id, units)


def _march(state: dict, side: str, order, phase: str, board: Board, moved: list[str]) -> list[dict]:  # noqa: C901
    # (one long rule read top-down; issue 12 makes its move_checks twin a call of this one, then it splits)
    """Carry out one army's order on the working copy, or raise Skip. Returns its events."""
    if not isinstance(order, dict) or any(key not in ARMY_KEYS[phase] for key in order):
        raise Skip("not_understood")
    army_id = order.get("army")
    army = state["armies"].get(army_id) if isinstance(army_id, str) else None
    if army is None:
        raise Skip("unknown_army")
    if army["colour"] != colour_of(state, side):
        raise Skip("not_your_army")
    if army["status"] == "lost":
        raise Skip("army_lost")
    if army["status"] != "active" or army["province"] is None:
        raise Skip("army_not_on_board")
    if army.get("frozen"):
        raise Skip("army_frozen")
    if army_id in moved:
        raise Skip("already_moved")
    raw_path = order.get("path", [])
    if not isinstance(raw_path, list):
        raise Skip("not_understood")
    path = [province_id(state, board, step) for step in raw_path]
    start = army["province"]
    route = [start] + path
    if len(set(route)) != len(route):
        raise Skip("path_revisits")
    if len(path) > army["experience"]:
        raise Skip("too_far", steps=len(path), level=army["experience"])
    garrisons = _by_province(state, board, order.get("garrison"), REGULAR_KINDS, "garrison")
    pick_ups = _by_province(state, board, order.get("pick_up"), MOVABLE, "pick_up")
    drops = _by_province(state, board, order.get("drop"), REGULAR_KINDS, "drop")
    for pid in garrisons:
        if pid not in route[:-1]:
            raise Skip("garrison_not_left_behind", province=pid)
    for pid in pick_ups:
        if pid not in route:
            raise Skip("pick_up_not_on_path", province=pid)
    for pid in drops:
        if not any(board.is_adjacent(here, pid) for here in route):
            raise Skip("drop_not_adjacent", province=pid)

    events = reveal_ronin(state, army_id) if path else []
    dropped: list[str] = []

    def stand(here: str) -> None:
        if here in pick_ups:
            events.extend(pick_up_provincial_force(state, side, army_id, here, pick_ups[here]))
        for pid in drops:
            if pid not in dropped and board.is_adjacent(here, pid):
                dropped.append(pid)
                events.extend(split_off_to_conquer(state, side, army_id, pid, drops[pid]))

    stand(start)
    for here, there in zip(route, path):
        if not board.is_adjacent(here, there):
            raise Skip("not_adjacent", province=there, previous=here)
        owner = side_of_province(state, there)
        if owner is None:
            if phase == PHASE_A:
                raise Skip("unoccupied", province=there)
        elif owner != side:
            raise Skip("not_friendly", province=there)
        needed = left_empty(state, side, here, leaving=army_id)
        if needed and here not in garrisons:
            raise Skip("garrison_needed", province=here)
        if here in garrisons:
            if not needed:
                raise Skip("garrison_not_needed", province=here)
            events.extend(leave_garrison(state, side, army_id, here, garrisons[here]))
        army["province"] = there
        if state["provinces"][there]["owner"] is None:
            events.extend(conquer_unoccupied_province(state, side, there, "army", army_id))
        stand(there)
    moved.append(army_id)
    if path:
        told = event("army_moved", **who(state, side), army=army_id, path=path, phase=phase,
                     **{"from": start, "to": army["province"]})
        events.insert(next((i for i, ev in enumerate(events) if ev["kind"] != "ronin_revealed"), len(events)), told)
    return events


def _skipped(state: dict, side: str, phase: str, index: int, order, skip: Skip) -> dict:
    """The private word to the ordering player: which order, and the typed reason it was not carried out."""
    return event("order_skipped", audience(state, side), **who(state, side), phase=phase, index=index,
                 reason=skip.reason, order=copy_plain(order), **skip.detail)


def move_army(state: dict, side: str, order: dict, board: Board | None = None, phase: str = PHASE_A,
              index: int = 0) -> tuple[dict, list[dict]]:
    """One army's order, carried out whole, or skipped with a word to its player alone."""
    board = board or board_of_state(state)
    new = copy_plain(state)
    try:
        return new, _march(new, side, order, phase, board, [])
    except Skip as skip:
        return copy_plain(state), [_skipped(state, side, phase, index, order, skip)]


def _move_all_armies(state: dict, side: str, orders: list[tuple[int, dict]], phase: str,
                     board: Board, trial: bool = False) -> tuple[dict, list[dict]]:
    """The army orders in their order; an army that would end at rest beside another is sent back.

    Two markers may share a province only while one of them is passing through
    or about to leave (a swap). If at the end two of the side's armies rest in
    one province, the last order that brought one there is skipped and the
    phase is carried out again without it, until no province holds two.
    """
    refused: dict[int, Skip] = {}
    while True:
        new = _working_copy(state, trial)
        events: list[dict] = []
        moved: list[str] = []
        arrived: dict[str, int] = {}
        for index, order in orders:
            if new.get("over"):
                break
            if index in refused:
                events.append(_skipped(new, side, phase, index, order, refused[index]))
                continue
            trial = trial_copy(new)
            try:
                told = _march(trial, side, order, phase, board, moved)
            except Skip as skip:
                events.append(_skipped(new, side, phase, index, order, skip))
                continue
            new = trial
            events.extend(told)
            if order.get("path"):
                arrived[order["army"]] = index
        crowded = [a for pid in sorted({army["province"] for army in new["armies"].values() if army["province"]})
                   for a in _armies_at(new, side, pid) if len(_armies_at(new, side, pid)) > 1 and a in arrived]
        if not crowded:
            return new, events
        last = max(crowded, key=lambda a: arrived[a])
        refused[arrived[last]] = Skip("army_already_there", province=new["armies"][last]["province"])


def _working_copy(state: dict, trial: bool) -> dict:
    """The copy a phase is carried out on: a whole one, or for a `trial` (a foreseen war, looked at and
    thrown away) one that shares with `state` what no move changes in place (state.trial_copy)."""
    return trial_copy(state) if trial else copy_plain(state)


def move_armies(state: dict, side: str, war_orders: dict | None, board: Board | None = None, *,
                trial: bool = False) -> tuple[dict, list[dict]]:
    """Phase A: the side's armies move through its own provinces, in the order given. A `trial` gives
    a state that may share with `state` what no move changes (see _working_copy)."""
    board = board or board_of_state(state)
    moves = (war_orders or {}).get("moves") or []
    if not isinstance(moves, list):
        return _not_a_list(state, side, PHASE_A, trial)
    return _move_all_armies(state, side, list(enumerate(moves)), PHASE_A, board, trial)


def _not_a_list(state: dict, side: str, phase: str, trial: bool) -> tuple[dict, list[dict]]:
    """A phase's orders that are not a list of orders: nothing moves, and the player is told."""
    return _working_copy(state, trial), [_skipped(state, side, phase, 0, {}, Skip("not_understood"))]


# --- provincial forces in phase D --------------------------------------------------------------------

def _shift_places(state: dict, side: str, order, board: Board) -> tuple[str, dict, str | None, str]:
    """(source, units, army joined or None, destination) of one provincial force's order, or raise Skip
    for what is wrong with it before anything moves."""
    if not isinstance(order, dict) or any(key not in FORCE_KEYS for key in order):
        raise Skip("not_understood")
    source = province_id(state, board, order.get("province"))
    if side_of_province(state, source) != side:
        raise Skip("not_your_province", province=source)
    units = units_table(order.get("units"), MOVABLE, "units")
    if not regular_units(units):
        raise Skip("ronin_alone")
    target = order.get("to")
    army_id = target if isinstance(target, str) and target in state["armies"] else None
    if army_id is not None:
        army = state["armies"][army_id]
        if army["colour"] != colour_of(state, side):
            raise Skip("not_your_army")
        if army["status"] != "active" or army["province"] is None:
            raise Skip("army_not_on_board")
        dest = army["province"]
    else:
        dest = province_id(state, board, target)
    check_step(board, source, dest)
    owner = state["provinces"][dest]["owner"]
    if owner is not None and side_of_province(state, dest) != side:
        raise Skip("not_friendly", province=dest)
    return source, units, army_id, dest


def _shift_copy(state: dict, source: str, units: dict, army_id: str | None, dest: str) -> dict:
    """The copy one provincial force's order is tried on: it changes in place only its two provinces (or the
    army it joins), the hidden ronin it reveals and the game's end ("over", "winners", replaced), so only
    these are copied; the rest is shared with `state`, which the order leaves as it was."""
    trial = {**state, "provinces": {**state["provinces"]}}
    for pid in (source, dest):
        province = state["provinces"][pid]
        trial["provinces"][pid] = {**province, "force": dict(province["force"])}
    if army_id is not None:
        army = state["armies"][army_id]
        trial["armies"] = {**state["armies"], army_id: {**army, "units": dict(army["units"])}}
    if RONIN in units and "secret" in state:
        trial["secret"] = copy_plain(state["secret"])
    return trial


def _shift(state: dict, side: str, places: tuple[str, dict, str | None, str], arrived: dict[str, dict]
           ) -> list[dict]:
    """Carry out one provincial force's order (its _shift_places) on the working copy, or raise Skip."""
    source, units, army_id, dest = places
    owner = state["provinces"][dest]["owner"]
    events = reveal_ronin(state, source) if RONIN in units else []
    force = state["provinces"][source]["force"]
    state["provinces"][source]["force"] = _minus(force, units, source)
    stayed = _minus(force, arrived.get(source, {}), source)  # what has not moved this phase
    if any(stayed.get(kind, 0) < n for kind, n in units.items()):
        raise Skip("units_already_moved", province=source)
    if left_empty(state, side, source):
        raise Skip("province_left_empty", province=source)
    _check_force(state, source)
    if army_id is not None:
        state["armies"][army_id]["units"] = _plus(state["armies"][army_id]["units"], units)
        _check_army(state, army_id)
    else:
        state["provinces"][dest]["force"] = _plus(state["provinces"][dest]["force"], units)
        arrived[dest] = _plus(arrived.get(dest, {}), units)
        _check_force(state, dest)
    joined = {"army": army_id} if army_id else {}
    events.append(event("force_moved", **who(state, side), units=dict(units), **joined,
                        **{"from": source, "to": dest}))
    if owner is None:
        events.extend(conquer_unoccupied_province(state, side, dest, "provincial_force", source, units))
    return events


def move_provincial_force(state: dict, side: str, order: dict, board: Board | None = None,
                          index: int = 0) -> tuple[dict, list[dict]]:
    """Part or all of a provincial force moves one step, carried out whole or skipped in private."""
    board = board or board_of_state(state)
    new = copy_plain(state)
    try:
        return new, _shift(new, side, _shift_places(new, side, order, board), {})
    except Skip as skip:
        return copy_plain(state), [_skipped(state, side, PHASE_D, index, order, skip)]


def final_movement(state: dict, side: str, war_orders: dict | None, board: Board | None = None, *,
                   trial: bool = False) -> tuple[dict, list[dict]]:
    """Phase D: the armies move first (and may conquer), then the provincial forces, each in the order given.
    A `trial` gives a state that may share with `state` what no move changes (see _working_copy)."""
    board = board or board_of_state(state)
    entries = (war_orders or {}).get("final_moves") or []
    if not isinstance(entries, list):
        return _not_a_list(state, side, PHASE_D, trial)
    armies = [(i, o) for i, o in enumerate(entries) if isinstance(o, dict) and "army" in o]
    forces = [(i, o) for i, o in enumerate(entries) if (i, o) not in armies]
    new, events = _move_all_armies(state, side, armies, PHASE_D, board, trial)
    arrived = _dropped_or_garrisoned(events)
    for index, order in forces:
        if new.get("over"):
            break
        trial_arrived = dict(arrived)  # _shift replaces its tables, never changes one
        try:
            places = _shift_places(new, side, order, board)
            trial = _shift_copy(new, *places)
            told = _shift(trial, side, places, trial_arrived)
        except Skip as skip:
            events.append(_skipped(new, side, PHASE_D, index, order, skip))
            continue
        new, arrived = trial, trial_arrived
        events.extend(told)
    return new, events


def _dropped_or_garrisoned(events: list[dict]) -> dict[str, dict]:
    """Units that came off an army card this phase, by province: they have moved already."""
    placed: dict[str, dict] = {}
    for ev in events:
        if ev["kind"] == "garrison_left" or (ev["kind"] == "province_conquered" and ev["by"] == "detachment"):
            placed[ev["province"]] = _plus(placed.get(ev["province"], {}), ev["units"])
    return placed


def default_war_moves(state: dict, side: str, board: Board | None = None) -> dict:
    """A side without orders keeps its armies and provincial forces where they are."""
    return {"moves": [], "final_moves": []}
