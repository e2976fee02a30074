"""The computer player: legal, sensible orders for a side, from what that side may see.

It spends every Koku (a little on turn order when rich, a castle where an army
is threatened, most on the levy, the rest on ronin for its attacks), levies
where it is threatened (levy.default_levy: armies on the border first), and
attacks an enemy neighbour only when the exact odds of winning are good; a
daimyo never attacks at bad odds, and every army attack withdraws when it
falls below half the defender's size. After its battles it takes the beaten
provinces in phase D, and sends single units into unoccupied neighbours.

Everything is plain data and deterministic (ties by army id and map order);
the computer gets no dice. Every body is run through check_orders, and a part
refused is dropped, so what it returns is always legal.
"""
from __future__ import annotations

from fractions import Fraction

from engine.canonical import copy_plain

from .battles import defending_units
from .board import Board, board_of_state
from .build import why_not_build
from .levy import default_levy, koku_needed, levy_for_side
from .odds import battle_odds
from .orders import check_orders
from .placement import default_placement_orders
from .planning import BUILD_COST
from .ronin import PER_KOKU
from .state import (
    REGULAR_KINDS,
    active_sides,
    are_enemies,
    armies_on_board,
    army_at,
    fortification_of,
    is_two_player,
    ordered_provinces,
    side_of_province,
    sides_of,
    trial_copy,
)
from .units import DEFAULT_PRIORITY, RONIN, VALUE, fortification_bonus, regular_units

ARMY_ODDS = Fraction(60, 100)         # an army attacks at this chance of winning or better
LONE_DAIMYO_ODDS = Fraction(85, 100)  # a daimyo with no troops risks the clan's future: only a near-certain win
FORCE_ODDS = Fraction(75, 100)        # a provincial force has no daimyo to lose but holds its province
WITHDRAW = {"rule": "below_percent", "percent": 50}
EXACT_UNITS = 24      # bigger battles are judged by strength alone: their exact odds take too long
SURE_RATIO = 2        # twice the defender's strength wins well enough without counting
HOPELESS_RATIO = Fraction(9, 10)
TURN_ORDER_WHEN = 6   # Koku from which one goes on turn order
BUILD_WHEN = 8        # Koku from which a castle is worth two


# --- the entry point ---------------------------------------------------------------------------------

def computer_orders(state: dict, player: str) -> dict:
    """The player's order file for the next round: placement orders first, then one section per side."""
    if state["phase"] == "placement":
        return default_placement_orders(state, player)
    active = active_sides(state)
    if state.get("over") or not any(side in active for side in sides_of(state, player)):
        return {}  # nothing to order: no order file can stand for a player out of the game
    board = board_of_state(state)
    sections = {side: side_orders(state, side, board) for side in sides_of(state, player) if side in active}
    body = sections if is_two_player(state) else sections.get(player, {})
    return legal(state, player, body)


def legal(state: dict, player: str, body: dict) -> dict:
    """The body with every refused part dropped: refused battles and moves first, then the war, then all
    but the Koku (all of them on turn order, which needs no other order)."""
    for attempt in (_without_refused_entries, _without_war, _only_turn_order):
        found = problems(state, player, body)
        if not found:
            return body
        body = attempt(state, player, body, found)  # each attempt is given the problems, not made to check again
    return body


def problems(state: dict, player: str, body: dict) -> list:
    """check_orders' problems with the body, but not those of a colour already out of a two-player game:
    its section is refused whatever it says (orders.check_orders asks one of every colour)."""
    out = [f"{side}." for side in sides_of(state, player) if side not in active_sides(state)]
    return [p for p in check_orders(state, player, body, forecast_battles=False).problems
            if not (is_two_player(state) and any(p.field.startswith(prefix) for prefix in out))]


def _parts(state: dict, body: dict) -> list[tuple[str, dict]]:
    """(field prefix, section) for each side's section of the body."""
    if is_two_player(state):
        return [(f"{side}.", section) for side, section in body.items()]
    return [("", body)]


def _without_refused_entries(state: dict, player: str, body: dict, found: list) -> dict:
    fields = [problem.field for problem in found]
    body = copy_plain(body)
    for prefix, section in _parts(state, body):
        war = section.get("war")
        if not war:
            continue
        for key in ("battles", "moves", "final_moves"):
            refused = {i for i, _ in enumerate(war.get(key, []))
                       if any(f.startswith(f"{prefix}war.{key}[{i}]") for f in fields)}
            if refused:
                war[key] = [entry for i, entry in enumerate(war[key]) if i not in refused]
    return body


def _without_war(state: dict, player: str, body: dict, _found: list) -> dict:
    body = copy_plain(body)
    for _, section in _parts(state, body):
        section.pop("war", None)
    return body


def _only_turn_order(state: dict, player: str, body: dict, _found: list) -> dict:
    sections = {side: {"planning": {"turn_order": state["koku"].get(side, 0)}}
                for side in sides_of(state, player) if side in active_sides(state)}
    return sections if is_two_player(state) else sections.get(player, {})


# --- one side's orders ---------------------------------------------------------------------------------

def side_orders(state: dict, side: str, board: Board) -> dict:
    """Planning, build, levy, ronin and war for one side, each part following from the one before."""
    koku = state["koku"].get(side, 0)
    owned = ordered_provinces(state, side)
    if not owned:
        return {"planning": {"turn_order": koku}}
    boxes = {"turn_order": 1 if koku >= TURN_ORDER_WHEN else 0, "build": 0, "levy": 0, "ronin": 0, "ninja": 0}
    section: dict = {}
    castle = castle_site(state, side, board) if koku >= BUILD_WHEN else None
    if castle:
        boxes["build"] = BUILD_COST
        section["build"] = {"kind": "castle", "province": castle}
    left = koku - boxes["turn_order"] - boxes["build"]
    levy = default_levy(state, side, min(left, len(owned)))["units"]
    trial = trial_copy(state)
    if levy:
        bought: dict[str, int] = {}
        for entry in levy:
            bought[entry["unit"]] = bought.get(entry["unit"], 0) + 1
        boxes["levy"] = koku_needed(bought)
        section["levy"] = {"units": levy}
        levy_for_side(trial, side, boxes["levy"], levy)
        left -= boxes["levy"]
    trial["round"] = state["round"] + 1  # the round these orders are for: the first-round rule reads it
    battles, ronin = plan_battles(trial, side, board, PER_KOKU * left)
    ronin += guard_ronin(trial, side, board, ronin, PER_KOKU * left - sum(entry["count"] for entry in ronin))
    deployed = sum(entry["count"] for entry in ronin)
    if deployed:
        boxes["ronin"] = min(left, -(-deployed // PER_KOKU))
        section["ronin"] = ronin
        left -= boxes["ronin"]
    boxes["turn_order"] += left  # what could buy nothing useful still bids for an earlier turn
    war = {"battles": [entry for entry, _ in battles],
           "final_moves": final_moves(trial, side, board, battles)}
    return {"planning": boxes, **section, "war": war}


def castle_site(state: dict, side: str, board: Board) -> str | None:
    """The province of one of the side's armies that borders the strongest enemy, if it can take a castle."""
    best, worst = None, 0
    for army_id in armies_on_board(state, side):
        pid = state["armies"][army_id]["province"]
        if why_not_build(state, side, "castle", pid) is not None:
            continue
        threat = max((strength(defending_units(state, other)[0]) for other in board.neighbours(pid)
                      if are_enemies(state, side, side_of_province(state, other))), default=0)
        if threat > worst:
            best, worst = pid, threat
    return best


# --- judging a battle ----------------------------------------------------------------------------------

def strength(force: dict) -> int:
    """The hits a force scores per round times twelve: a rough measure for a quick comparison."""
    return sum(VALUE[kind] * n for kind, n in force.items())


def win_chance(attacker: dict, defender: dict, fortification: str | None, naval: bool) -> Fraction:
    """The exact chance that the attacker wins, or for a clear or a huge battle a stand-in from strength."""
    fort = fortification_bonus(fortification)
    bonus = {fort.kind: fort.units} if fort else {}
    ours, theirs = strength(attacker), strength(defender) + strength(bonus)
    if naval:
        theirs += strength(defender)  # every defender rolls once more before the first round
    if ours < HOPELESS_RATIO * theirs:
        return Fraction(0)
    if ours >= SURE_RATIO * theirs:
        return Fraction(9, 10)
    if not countable(attacker, defender, fortification):
        return Fraction(7, 10) if 2 * ours >= 3 * theirs else Fraction(0)
    return battle_odds(attacker, defender, fortification=fortification, naval=naval)["attacker_wins"]


def countable(attacker: dict, defender: dict, fortification: str | None) -> bool:
    """Whether a battle is small enough for its exact odds to be worked out at once (EXACT_UNITS)."""
    fort = fortification_bonus(fortification)
    return sum(attacker.values()) + sum(defender.values()) + (fort.units if fort else 0) <= EXACT_UNITS


def targets(state: dict, side: str, board: Board, origin: str) -> list[str]:
    """Enemy-held neighbours with defenders that may be attacked this round, in map order."""
    found = []
    for pid in board.neighbours(origin):
        if not are_enemies(state, side, side_of_province(state, pid)) or not defending_units(state, pid)[0]:
            continue
        if state["round"] == 1 and army_at(state, pid) is not None:
            continue  # no attack on a daimyo in the first round
        found.append(pid)
    return found


def chances(state: dict, side: str, board: Board, origin: str, attacker: dict,
            taken: set = frozenset()) -> list[tuple[str, Fraction]]:
    """(target, win_chance) for every target of `attacker` from `origin` but those `taken`, in map order."""
    return [(pid, win_chance(attacker, defending_units(state, pid)[0], fortification_of(state["provinces"][pid]),
                             board.is_sea_line(origin, pid)))
            for pid in targets(state, side, board, origin) if pid not in taken]


def best_attack(state: dict, side: str, board: Board, origin: str, attacker: dict, taken: set,
                needed: Fraction) -> tuple[str, Fraction] | None:
    """The target with the best chance of a win, if it reaches `needed` (ties by map order)."""
    best = None
    for pid, chance in chances(state, side, board, origin, attacker, taken):
        if chance >= needed and (best is None or chance > best[1]):
            best = (pid, chance)
    return best


def attacking_forces(state: dict, side: str) -> list[tuple[dict, str, dict]]:
    """(force, origin, units): the forces the computer weighs attacks for, {"army": id} or {"province": id}.

    Each army on the board that is not frozen and has a regular unit, by id,
    then each provincial force of two or more regular units, in province order.
    """
    forces = []
    for army_id in armies_on_board(state, side):
        army = state["armies"][army_id]
        if not army.get("frozen") and regular_units(army["units"]):
            forces.append(({"army": army_id}, army["province"], army["units"]))
    for pid in ordered_provinces(state, side):
        if regular_units(state["provinces"][pid]["force"]) >= 2:
            forces.append(({"province": pid}, pid, state["provinces"][pid]["force"]))
    return forces


def plan_battles(state: dict, side: str, board: Board, ronin: int) -> tuple[list[tuple[dict, str]], list[dict]]:
    """([(battle entry, origin)], ronin deployments): each army's best good attack, ronin joining it, then
    each provincial force of two or more units against a weak neighbour.

    `state` is after the side's levy, with "round" already the round being ordered.
    """
    battles: list[tuple[dict, str]] = []
    deployments: list[dict] = []
    taken: set[str] = set()
    for force, origin, units in attacking_forces(state, side):
        if "province" in force:
            choice = best_attack(state, side, board, origin, units, taken, FORCE_ODDS)
            if choice is not None:
                taken.add(choice[0])
                battles.append(({"province": origin, "target": choice[0]}, origin))
            continue
        room = min(ronin, max(0, regular_units(units) - 1))
        hired = {**units, RONIN: room} if room else dict(units)
        lone = regular_units(units) - units.get("daimyo", 0) == 0
        choice = best_attack(state, side, board, origin, hired, taken, LONE_DAIMYO_ODDS if lone else ARMY_ODDS)
        if choice is None:
            continue
        taken.add(choice[0])
        battles.append(({"army": force["army"], "target": choice[0], "withdraw": dict(WITHDRAW)}, origin))
        if room:
            deployments.append({"to": force["army"], "count": room})
            ronin -= room
    return battles, deployments


def guard_ronin(state: dict, side: str, board: Board, deployed: list[dict], count: int) -> list[dict]:
    """Ronin the Koku left can still hire, onto the armies that border an enemy (hidden ronin defend too),
    each up to its limit, by army id."""
    entries = []
    for army_id in armies_on_board(state, side):
        army = state["armies"][army_id]
        if not any(are_enemies(state, side, side_of_province(state, pid))
                   for pid in board.neighbours(army["province"])):
            continue
        there = sum(entry["count"] for entry in deployed if entry["to"] == army_id)
        room = min(count, max(0, regular_units(army["units"]) - 1 - there))
        if room:
            entries.append({"to": army_id, "count": room})
            count -= room
    return entries


# --- phase D -------------------------------------------------------------------------------------------

def last_standing(units: dict) -> str | None:
    """The regular kind (not the daimyo) that the default casualty priority loses last, if the group has one."""
    kinds = [kind for kind in reversed(DEFAULT_PRIORITY) if kind in REGULAR_KINDS and units.get(kind)]
    return kinds[0] if kinds else None


def first_spared(units: dict) -> str | None:
    """The regular kind the side misses least: the first in the casualty priority that the group holds."""
    kinds = [kind for kind in DEFAULT_PRIORITY if kind in REGULAR_KINDS and units.get(kind)]
    return kinds[0] if kinds else None


def final_moves(state: dict, side: str, board: Board, battles: list[tuple[dict, str]]) -> list[dict]:
    """Take each beaten province, then send single units into unoccupied neighbours.

    An army whose province keeps a provincial force moves into the province it
    beat; otherwise it drops the unit it loses last there. A provincial force
    sends its last-lost unit. Forces that did not fight, with two units or more,
    and armies with three troops or more, send one unit into each unoccupied
    neighbour while keeping at least one (two for an army).
    """
    orders: list[dict] = []
    claimed = {entry["target"] for entry, _ in battles}
    fought = {entry.get("army") or entry.get("province") for entry, _ in battles}
    for entry, origin in battles:
        if "army" in entry:
            units = state["armies"][entry["army"]]["units"]
            if regular_units(state["provinces"][origin]["force"]):
                orders.append({"army": entry["army"], "path": [entry["target"]]})
            elif last_standing(units):
                orders.append({"army": entry["army"], "path": [], "drop": {entry["target"]: {last_standing(units): 1}}})
        else:
            kind = last_standing(state["provinces"][origin]["force"])
            orders.append({"province": origin, "to": entry["target"], "units": {kind: 1}})
    for army_id in armies_on_board(state, side):
        if army_id in fought:
            continue
        army = state["armies"][army_id]
        units = dict(army["units"])
        drops = {}
        for pid in _unoccupied_neighbours(state, board, army["province"], claimed):
            troops = regular_units(units) - units.get("daimyo", 0)
            kind = first_spared(units)
            if troops < 3 or kind is None:
                break
            drops[pid] = {kind: 1}
            units[kind] -= 1
            claimed.add(pid)
        if drops:
            orders.append({"army": army_id, "path": [], "drop": drops})
    for pid in ordered_provinces(state, side):
        if pid in fought:
            continue
        force = dict(state["provinces"][pid]["force"])
        for other in _unoccupied_neighbours(state, board, pid, claimed):
            kind = first_spared(force)
            if regular_units(force) < 2 or kind is None:
                break
            orders.append({"province": pid, "to": other, "units": {kind: 1}})
            force[kind] -= 1
            claimed.add(other)
    return orders


def _unoccupied_neighbours(state: dict, board: Board, pid: str, claimed: set) -> list[str]:
    return [other for other in board.neighbours(pid)
            if state["provinces"][other]["owner"] is None and other not in claimed]
