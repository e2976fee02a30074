"""What Ikusa's two computer players (computer.py, "auto-v1"; offensive.py, "auto-v2") play alike.

- The order file: placement orders in the placement phase, else one section
  per side still in the game (all its Koku on turn order for a side that
  holds no province), each from what the player's view shows.
- Action 1, planning: an Allocation puts the Koku into the five boxes as the
  player decides, with the sections of the order file that go with them (the
  castle built, the units levied, the ronin hired).
- Judging a battle: a force's strength, and the chance an attack wins (the
  exact odds for a small battle, a stand-in from strength for a clear or a
  huge one); an army's first attack of the round is at 60% or better (85%
  for a daimyo alone, who risks the clan), a provincial force's at 75%, and
  every army attack withdraws below half the defender's size.
- Ronin: those the Koku left can hire guard the armies that border an enemy
  (hidden ronin defend too).
- Phase D: the beaten provinces are taken, and single units go into the
  unoccupied neighbours.
- Legal orders: the body is run through check_orders and a part refused is
  dropped (the refused battles and moves, then the war, then all but the
  Koku), so what a player returns is always accepted.

Everything is plain data and deterministic (ties by army id and map order): the players get no dice.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from engine.canonical import copy_plain

from .battles import defending_units
from .board import Board, board_of_state
from .levy import koku_needed, levy_for_side
from .odds import battle_odds
from .orders import check_orders
from .placement import default_placement_orders
from .planning import BOXES, BUILD_COST
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
from .units import DEFAULT_PRIORITY, VALUE, fortification_bonus, regular_units, ronin_limit

ARMY_ODDS = Fraction(60, 100)         # an army attacks at this chance of winning or better
LONE_DAIMYO_ODDS = Fraction(85, 100)  # a daimyo with no troops risks the clan's future: only a near-certain win
FORCE_ODDS = Fraction(75, 100)        # a provincial force has no daimyo to lose but holds its province
WITHDRAW = {"rule": "below_percent", "percent": 50}
EXACT_UNITS = 24      # bigger battles are judged by strength alone: their exact odds take too long
SURE_RATIO = 2        # twice the defender's strength wins well enough without counting
HOPELESS_RATIO = Fraction(9, 10)


# --- the order file ------------------------------------------------------------------------------------

def order_file(view: dict, player: str, side_orders: Callable[[dict, str, Board], dict],
               legal: Callable[[dict, str, dict], dict]) -> dict:
    """The player's order file for the next round from the player's view (as a state: games.ikusa.as_state):
    placement orders first, then `side_orders` for each side still in the game that holds a province, the
    whole made `legal`."""
    if view["phase"] == "placement":
        return default_placement_orders(view, player)
    active = active_sides(view)
    if view.get("over") or not any(side in active for side in sides_of(view, player)):
        return {}  # nothing to order: no order file can stand for a player out of the game
    board = board_of_state(view)
    sections = {side: side_orders(view, side, board) if ordered_provinces(view, side) else all_on_turn_order(view, side)
                for side in sides_of(view, player) if side in active}
    return legal(view, player, _body(view, player, sections))


def all_on_turn_order(state: dict, side: str) -> dict:
    """A side's section with every Koku on turn order, which needs no other order."""
    return {"planning": {"turn_order": state["koku"].get(side, 0)}}


def _body(state: dict, player: str, sections: dict) -> dict:
    """The order file's body: the sections by colour in the two-player game, else the player's own section."""
    return sections if is_two_player(state) else sections.get(player, {})


# --- action 1, planning --------------------------------------------------------------------------------

class Allocation:
    """A side's Koku shared out box by box, with the sections of its orders that go with them."""

    def __init__(self, state: dict, side: str, turn_order_from: int):
        """All the side's Koku still to share out, but one on turn order from `turn_order_from` Koku."""
        self.total = state["koku"].get(side, 0)
        self.left = self.total
        self.boxes = dict.fromkeys(BOXES, 0)
        self.sections: dict = {}
        if self.total >= turn_order_from:
            self.spend("turn_order", 1)

    def spend(self, box: str, koku: int, **sections: dict) -> None:
        """Put `koku` into a box, and the sections that say what they buy into the orders."""
        self.boxes[box] += koku
        self.left -= koku
        self.sections.update(sections)

    def build(self, kind: str, province: str) -> None:
        """Spend the build box's two Koku on a castle or a fortress."""
        self.spend("build", BUILD_COST, build={"kind": kind, "province": province})

    def levy(self, state: dict, side: str, units: list[dict]) -> dict:
        """Spend what the levy of `units` costs; the trial state after it, "round" the round being ordered
        (the first-round rule reads it)."""
        trial = trial_copy(state)
        if units:
            cost = koku_needed(unit_counts(units))
            self.spend("levy", cost, levy={"units": units})
            levy_for_side(trial, side, cost, units)
        trial["round"] = state["round"] + 1
        return trial

    def ronin(self, deployed: list[dict]) -> None:
        """Spend the Koku that hire the ronin `deployed`, as far as the Koku left go."""
        count = sum(entry["count"] for entry in deployed)
        if count:
            self.spend("ronin", min(self.left, -(-count // PER_KOKU)), ronin=deployed)

    def orders(self, war: dict) -> dict:
        """The side's section: the planning boxes, the sections bought, and the war."""
        return {"planning": self.boxes, **self.sections, "war": war}


def unit_counts(levy: list[dict]) -> dict[str, int]:
    """How many units of each kind a levy's entries recruit."""
    bought: dict[str, int] = {}
    for entry in levy:
        bought[entry["unit"]] = bought.get(entry["unit"], 0) + 1
    return bought


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


# --- ronin ---------------------------------------------------------------------------------------------

def borders_enemy(state: dict, side: str, board: Board, pid: str) -> bool:
    """Whether a province has an enemy-held neighbour."""
    return any(are_enemies(state, side, side_of_province(state, other)) for other in board.neighbours(pid))


def guard_ronin(state: dict, side: str, board: Board, deployed: list[dict], count: int) -> list[dict]:
    """Ronin the Koku left can still hire, onto the armies that border an enemy (hidden ronin defend too),
    each up to its limit, by army id."""
    entries = []
    for army_id in armies_on_board(state, side):
        army = state["armies"][army_id]
        if not borders_enemy(state, side, board, army["province"]):
            continue
        there = sum(entry["count"] for entry in deployed if entry["to"] == army_id)
        room = min(count, max(0, ronin_limit(army["units"]) - there))
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


# --- legal orders --------------------------------------------------------------------------------------

def legal(state: dict, player: str, body: dict) -> dict:
    """The body with every refused part dropped: refused battles and moves first, then the war, then all
    but the Koku (all of them on turn order, which needs no other order)."""
    for attempt in (without_refused_entries, _without_war, _only_turn_order):
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


def without_refused_entries(state: dict, player: str, body: dict, found: list) -> dict:
    """The body less the battles and moves of its war that the problems `found` refuse."""
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
    sections = {side: all_on_turn_order(state, side) for side in sides_of(state, player) if side in active_sides(state)}
    return _body(state, player, sections)
