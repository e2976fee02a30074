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
"""
from __future__ import annotations


from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, event
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .levy import levy_for_side
from .names import match_province
from .planning import audience, field_of, who
from .ronin import hidden_ronin, reveal_ronin
from .state import (
    ARMY_ASHIGARU_LIMIT,
    ARMY_SAMURAI_LIMIT,
    ASHIGARU,
    MAX_EXPERIENCE,
    PROVINCIAL_LIMIT,
    REGULAR_KINDS,
    SAMURAI,
    colour_of,
    player_of,
    side_of_province,
)
from .units import RONIN, compact, regular_units

PHASE_A = "A"
PHASE_D = "D"
ARMY_KEYS = {PHASE_A: ("army", "path", "garrison", "pick_up"),
             PHASE_D: ("army", "path", "garrison", "pick_up", "drop")}
FORCE_KEYS = ("province", "to", "units")
MOVABLE = REGULAR_KINDS + (RONIN,)  # what may leave a provincial force: never a daimyo
EXAMPLE_MOVE = 'moves = [{ army = "red-1", path = ["Omi", "Wakasa"] }]'
EXAMPLE_FORCE = 'final_moves = [{ province = "Yamato", to = "Kawachi", units = { spearman = 2 } }]'


class _Skip(Exception):
    """An order that cannot be carried out now: its typed reason and what names the fault."""

    def __init__(self, reason: str, **detail):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail


# --- units and limits --------------------------------------------------------------------------------

def _plus(group: dict, units: dict) -> dict:
    total = dict(group)
    for kind, n in units.items():
        total[kind] = total.get(kind, 0) + n
    return compact(total)


def _minus(group: dict, units: dict, where: str) -> dict:
    for kind, n in units.items():
        if group.get(kind, 0) < n:
            raise _Skip("not_enough_units", where=where, unit=kind, wanted=n, there=group.get(kind, 0))
    return compact({kind: group.get(kind, 0) - units.get(kind, 0) for kind in group})


def card_fits(units: dict) -> bool:
    """An army card holds one daimyo, four samurai and ten ashigaru."""
    return (units.get("daimyo", 0) <= 1
            and sum(units.get(k, 0) for k in SAMURAI) <= ARMY_SAMURAI_LIMIT
            and sum(units.get(k, 0) for k in ASHIGARU) <= ARMY_ASHIGARU_LIMIT)


def _ronin_fit(units: dict, hidden: int = 0) -> bool:
    """Ronin, hidden ones included, number at most one fewer than the group's regular units."""
    ronin = units.get(RONIN, 0) + hidden
    return ronin == 0 or ronin <= regular_units(units) - 1


def _check_army(state: dict, army_id: str) -> None:
    units = state["armies"][army_id]["units"]
    if not card_fits(units):
        raise _Skip("card_full", army=army_id)
    if not _ronin_fit(units, _hidden_at(state, army_id)):
        raise _Skip("ronin_limit", where=army_id)


def _check_force(state: dict, pid: str) -> None:
    force = state["provinces"][pid]["force"]
    if regular_units(force) > PROVINCIAL_LIMIT:
        raise _Skip("force_limit", where=pid)
    if not _ronin_fit(force, _hidden_at(state, pid)):
        raise _Skip("ronin_limit", where=pid)


def _hidden_at(state: dict, where: str) -> int:
    return sum(hidden_ronin(state, player).get(where, 0) for player in sorted(state.get("secret", {})))


def _units(raw, allowed: tuple[str, ...], what: str) -> dict:
    """A table of unit kind = count as plain data, or a skip naming why it is not one."""
    if not isinstance(raw, dict) or not raw:
        raise _Skip("bad_units", what=what)
    for kind, n in raw.items():
        if kind not in allowed:
            raise _Skip("kind_not_allowed", what=what, unit=str(kind))
        if type(n) is not int or n < 0:
            raise _Skip("bad_units", what=what)
    units = compact(raw)
    if not units:
        raise _Skip("bad_units", what=what)
    return units


def _pid(state: dict, board: Board, text) -> str:
    if isinstance(text, str) and text in state["provinces"]:
        return text
    try:
        pid = match_province(board, text)
    except ValueError:
        raise _Skip("unknown_province", name=str(text)) from None
    if pid not in state["provinces"]:
        raise _Skip("unknown_province", name=str(text))
    return pid


def _by_province(state: dict, board: Board, raw, allowed: tuple[str, ...], what: str) -> dict[str, dict]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise _Skip("bad_units", what=what)
    return {_pid(state, board, name): _units(units, allowed, what) for name, units in raw.items()}


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
        raise _Skip("not_your_province", province=pid)
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
        raise _Skip("not_unoccupied", province=pid)
    army = state["armies"][army_id]
    army["units"] = _minus(army["units"], units, army_id)
    province = state["provinces"][pid]
    province["force"] = _plus(province["force"], units)
    _check_army(state, army_id)
    _check_force(state, pid)
    return conquer_unoccupied_province(state, side, pid, "detachment", army_id, units)


def _march(state: dict, side: str, order, phase: str, board: Board, moved: list[str]) -> list[dict]:
    """Carry out one army's order on the working copy, or raise _Skip. Returns its events."""
    if not isinstance(order, dict) or any(key not in ARMY_KEYS[phase] for key in order):
        raise _Skip("not_understood")
    army_id = order.get("army")
    army = state["armies"].get(army_id) if isinstance(army_id, str) else None
    if army is None:
        raise _Skip("unknown_army")
    if army["colour"] != colour_of(state, side):
        raise _Skip("not_your_army")
    if army["status"] == "lost":
        raise _Skip("army_lost")
    if army["status"] != "active" or army["province"] is None:
        raise _Skip("army_not_on_board")
    if army.get("frozen"):
        raise _Skip("army_frozen")
    if army_id in moved:
        raise _Skip("already_moved")
    raw_path = order.get("path", [])
    if not isinstance(raw_path, list):
        raise _Skip("not_understood")
    path = [_pid(state, board, step) for step in raw_path]
    start = army["province"]
    route = [start] + path
    if len(set(route)) != len(route):
        raise _Skip("path_revisits")
    if len(path) > army["experience"]:
        raise _Skip("too_far", steps=len(path), level=army["experience"])
    garrisons = _by_province(state, board, order.get("garrison"), REGULAR_KINDS, "garrison")
    pick_ups = _by_province(state, board, order.get("pick_up"), MOVABLE, "pick_up")
    drops = _by_province(state, board, order.get("drop"), REGULAR_KINDS, "drop")
    for pid in garrisons:
        if pid not in route[:-1]:
            raise _Skip("garrison_not_left_behind", province=pid)
    for pid in pick_ups:
        if pid not in route:
            raise _Skip("pick_up_not_on_path", province=pid)
    for pid in drops:
        if not any(board.is_adjacent(here, pid) for here in route):
            raise _Skip("drop_not_adjacent", province=pid)

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
            raise _Skip("not_adjacent", province=there, previous=here)
        owner = side_of_province(state, there)
        if owner is None:
            if phase == PHASE_A:
                raise _Skip("unoccupied", province=there)
        elif owner != side:
            raise _Skip("not_friendly", province=there)
        needed = left_empty(state, side, here, leaving=army_id)
        if needed and here not in garrisons:
            raise _Skip("garrison_needed", province=here)
        if here in garrisons:
            if not needed:
                raise _Skip("garrison_not_needed", province=here)
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


def _skipped(state: dict, side: str, phase: str, index: int, order, skip: _Skip) -> dict:
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
    except _Skip as skip:
        return copy_plain(state), [_skipped(state, side, phase, index, order, skip)]


def _move_all_armies(state: dict, side: str, orders: list[tuple[int, dict]], phase: str,
                     board: Board) -> tuple[dict, list[dict]]:
    """The army orders in their order; an army that would end at rest beside another is sent back.

    Two markers may share a province only while one of them is passing through
    or about to leave (a swap). If at the end two of the side's armies rest in
    one province, the last order that brought one there is skipped and the
    phase is carried out again without it, until no province holds two.
    """
    refused: dict[int, _Skip] = {}
    while True:
        new = copy_plain(state)
        events: list[dict] = []
        moved: list[str] = []
        arrived: dict[str, int] = {}
        for index, order in orders:
            if new.get("over"):
                break
            if index in refused:
                events.append(_skipped(new, side, phase, index, order, refused[index]))
                continue
            trial = copy_plain(new)
            try:
                told = _march(trial, side, order, phase, board, moved)
            except _Skip as skip:
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
        refused[arrived[last]] = _Skip("army_already_there", province=new["armies"][last]["province"])


def move_armies(state: dict, side: str, war_orders: dict | None, board: Board | None = None
                ) -> tuple[dict, list[dict]]:
    """Phase A: the side's armies move through its own provinces, in the order given."""
    board = board or board_of_state(state)
    moves = (war_orders or {}).get("moves") or []
    if not isinstance(moves, list):
        return _not_a_list(state, side, PHASE_A)
    return _move_all_armies(state, side, list(enumerate(moves)), PHASE_A, board)


def _not_a_list(state: dict, side: str, phase: str) -> tuple[dict, list[dict]]:
    """A phase's orders that are not a list of orders: nothing moves, and the player is told."""
    return copy_plain(state), [_skipped(state, side, phase, 0, {}, _Skip("not_understood"))]


# --- provincial forces in phase D --------------------------------------------------------------------

def _shift(state: dict, side: str, order, board: Board, arrived: dict[str, dict]) -> list[dict]:
    """Carry out one provincial force's order on the working copy, or raise _Skip."""
    if not isinstance(order, dict) or any(key not in FORCE_KEYS for key in order):
        raise _Skip("not_understood")
    source = _pid(state, board, order.get("province"))
    if side_of_province(state, source) != side:
        raise _Skip("not_your_province", province=source)
    units = _units(order.get("units"), MOVABLE, "units")
    if not regular_units(units):
        raise _Skip("ronin_alone")
    target = order.get("to")
    army_id = target if isinstance(target, str) and target in state["armies"] else None
    if army_id is not None:
        army = state["armies"][army_id]
        if army["colour"] != colour_of(state, side):
            raise _Skip("not_your_army")
        if army["status"] != "active" or army["province"] is None:
            raise _Skip("army_not_on_board")
        dest = army["province"]
    else:
        dest = _pid(state, board, target)
    if not board.is_adjacent(source, dest):
        raise _Skip("not_adjacent", province=dest, previous=source)
    owner = state["provinces"][dest]["owner"]
    if owner is not None and side_of_province(state, dest) != side:
        raise _Skip("not_friendly", province=dest)
    events = reveal_ronin(state, source) if RONIN in units else []
    force = state["provinces"][source]["force"]
    state["provinces"][source]["force"] = _minus(force, units, source)
    stayed = _minus(force, arrived.get(source, {}), source)  # what has not moved this phase
    if any(stayed.get(kind, 0) < n for kind, n in units.items()):
        raise _Skip("units_already_moved", province=source)
    if left_empty(state, side, source):
        raise _Skip("province_left_empty", province=source)
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
        return new, _shift(new, side, order, board, {})
    except _Skip as skip:
        return copy_plain(state), [_skipped(state, side, PHASE_D, index, order, skip)]


def final_movement(state: dict, side: str, war_orders: dict | None, board: Board | None = None
                   ) -> tuple[dict, list[dict]]:
    """Phase D: the armies move first (and may conquer), then the provincial forces, each in the order given."""
    board = board or board_of_state(state)
    entries = (war_orders or {}).get("final_moves") or []
    if not isinstance(entries, list):
        return _not_a_list(state, side, PHASE_D)
    armies = [(i, o) for i, o in enumerate(entries) if isinstance(o, dict) and "army" in o]
    forces = [(i, o) for i, o in enumerate(entries) if (i, o) not in armies]
    new, events = _move_all_armies(state, side, armies, PHASE_D, board)
    arrived = _dropped_or_garrisoned(events)
    for index, order in forces:
        if new.get("over"):
            break
        trial = copy_plain(new)
        trial_arrived = copy_plain(arrived)
        try:
            told = _shift(trial, side, order, board, trial_arrived)
        except _Skip as skip:
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


# --- checking orders before the round ----------------------------------------------------------------

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
            pids.append(_pid(state, board, name))
        except _Skip:
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
                pid = _pid(state, board, name)
            except _Skip:
                problems.append(_name_problem(state, side, board, f"{at}.{key}", name))
                continue
            try:
                units = _units(units, allowed, key)
            except _Skip as skip:
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
        source = _pid(state, board, order.get("province"))
    except _Skip:
        return problems + [_name_problem(state, side, board, f"{at}.province", order.get("province"))]
    target = order.get("to")
    if isinstance(target, str) and target in state["armies"]:
        if state["armies"][target]["colour"] != colour_of(state, side):
            problems.append(_problem(state, side, f"{at}.to", "not_your_army"))
    else:
        try:
            dest = _pid(state, board, target)
        except _Skip:
            problems.append(_name_problem(state, side, board, f"{at}.to", target))
        else:
            if not board.is_adjacent(source, dest):
                problems.append(_problem(state, side, f"{at}.to", "not_adjacent",
                                         f"{board.name(dest)} is not adjacent to {board.name(source)}: "
                                         "a provincial force moves one step."))
    try:
        units = _units(order.get("units"), MOVABLE, "units")
    except _Skip as skip:
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


def default_war_moves(state: dict, side: str, board: Board | None = None) -> dict:
    """A side without orders keeps its armies and provincial forces where they are."""
    return {"moves": [], "final_moves": []}
