"""A player's position, for the report: what each side holds and what each of its forces could attack.

Built from the player's view alone (view.py), never from the state, so that
nothing the player may not see can enter it: the board is public, and of the
hidden things the view keeps only the player's own (their ronin still hidden,
under view["secret"]). The rules are asked, not restated: the income is
koku.income, an attack's verdict is battles.why_not on the board of the coming
round, the defenders are battles.defending_units, and the attacks worth
counting are the computer player's own candidates (computer.attacking_forces
and computer.chances).

    {"sides": [{
        "side": side, "colour": colour, "koku": n, "income": n, "income_minimum": bool,
        "provinces": [{"id": pid, "force": units, "ronin": n, "fortification": "castle" | "fortress" | None,
                       "army": army id | None, "neighbours": [pid, ...], "targets": [target, ...],
                       "defended": {pid: units}}],   # what defends each neighbour the player does not hold
        "armies": [{"id": army id, "province": pid | None, "status": status, "experience": n, "units": units,
                    "ronin": n, "frozen": bool, "targets": [target, ...]}],
        "main_attacks": [{"force": "army" | "province", "id": id, "from": pid, "target": pid, "naval": bool,
                          "owner": player, "colour": colour, "attacker": units, "defender": units,
                          "fortification": ...,
                          "odds": {"attacker_wins": "63.2", "defender_wins": ..., "both_eliminated": ...} | None}],
    }]}

A target is a neighbour (by land or sea line) not held by the side or its
ally: {"id", "owner", "colour", "units" (the defenders the player can see),
"fortification", "naval", "refused": why_not's reason, or None when the attack
may be made}. A province's targets are those of its provincial force (none
without one), an army's those from where it stands. While the placement round
is to come there is no war: no targets and no attacks. Units are dicts of kind
to count in the fixed order of units.KINDS, whatever order the state keeps.

The main attacks are the computer player's candidates (enemy-held, defended,
allowed this round) ranked by its win_chance, the best force for each target,
at most MAIN_ATTACKS of them per side, with their exact odds (odds.battle_odds,
fought to the end, as percentages) when the battle is small enough for the
computer to count it (computer.countable), else None: so a report costs a few
countings at most, most of them already made while ranking. The position is
None for a player out of the game and once the game is over.
"""
from __future__ import annotations

from fractions import Fraction

from .battles import defending_units, why_not
from .board import Board, board_of_state
from .computer import attacking_forces, chances, countable
from .conquest import merged
from .koku import income
from .odds import battle_odds, percent
from .ronin import RONIN
from .state import active_sides, armies_of_side, army_at, colour_of, fortification_of, ordered_provinces, player_of
from .units import compact

MAIN_ATTACKS = 3


def position(view: dict, player: str) -> dict | None:
    """The player's position in the coming round, from their view; None once they are out or the game is over."""
    if view.get("over") or player not in view["players"]:
        return None
    sides = [side for side in view["your_sides"] if side in active_sides(view)]
    if not sides:
        return None
    board = board_of_state(view)
    coming = {**view, "round": view["round"] + 1}   # the round the orders are for: the first-round rule reads it
    at_war = view["phase"] == "play"
    return {"sides": [side_position(coming, side, board, at_war) for side in sides]}


def own_ronin(view: dict) -> dict[str, int]:
    """The player's ronin still hidden, by army id or province id: the view keeps the player's secret alone."""
    return view.get("secret", {}).get("ronin", {})


def side_position(state: dict, side: str, board: Board, at_war: bool) -> dict:
    koku, raised = income(state, side)
    ronin = own_ronin(state)
    defenders: dict[str, dict] = {}   # what defends each province, asked once per position
    provinces = [province_entry(state, side, board, pid, ronin, defenders if at_war else None)
                 for pid in ordered_provinces(state, side)]
    armies = [army_entry(state, side, board, army_id, ronin, defenders if at_war else None)
              for army_id in sorted(armies_of_side(state, side)) if state["armies"][army_id]["status"] != "lost"]
    allowed = {(entry["id"], target["id"]) for entry in provinces + armies for target in entry["targets"]
               if target["refused"] is None and target["units"]}
    return {"side": side, "colour": colour_of(state, side), "koku": state["koku"].get(side, 0),
            "income": koku, "income_minimum": raised, "provinces": provinces, "armies": armies,
            "main_attacks": main_attacks(state, side, board, ronin, allowed, defenders) if at_war else []}


def province_entry(state: dict, side: str, board: Board, pid: str, ronin: dict, defenders: dict | None) -> dict:
    """A province of the side; its force's targets when there is a war to come (`defenders` is then given)."""
    province = state["provinces"][pid]
    force = {"force": "province", "id": pid}
    seen = defenders if defenders is not None else {}
    player = player_of(state, side)
    return {"id": pid, "force": compact(province["force"]), "ronin": ronin.get(pid, 0),
            "fortification": fortification_of(province), "army": army_at(state, pid),
            "neighbours": list(board.neighbours(pid)),
            "defended": {n: compact(defence_of(state, n, seen)) for n in board.neighbours(pid)
                         if state["provinces"][n]["owner"] != player},
            "targets": attack_targets(state, side, board, force, defenders)
            if defenders is not None and province["force"] else []}


def army_entry(state: dict, side: str, board: Board, army_id: str, ronin: dict, defenders: dict | None) -> dict:
    army = state["armies"][army_id]
    on_board = defenders is not None and army["status"] == "active" and army["province"] is not None
    return {"id": army_id, "province": army["province"], "status": army["status"],
            "experience": army["experience"], "units": compact(army["units"]), "ronin": ronin.get(army_id, 0),
            "frozen": bool(army.get("frozen")),
            "targets": attack_targets(state, side, board, {"force": "army", "id": army_id}, defenders)
            if on_board else []}


def defence_of(state: dict, pid: str, defenders: dict) -> dict:
    """The units defending a province (battles.defending_units), remembered in `defenders`."""
    if pid not in defenders:
        defenders[pid] = defending_units(state, pid)[0]
    return defenders[pid]


def attack_targets(state: dict, side: str, board: Board, force: dict, defenders: dict) -> list[dict]:
    """Every neighbour of the force's province that is not friendly, with what defends it and why_not's verdict."""
    origin = force["id"] if force["force"] == "province" else state["armies"][force["id"]]["province"]
    found = []
    for pid in board.neighbours(origin):
        reason = why_not(state, side, {**force, "target": pid}, board)
        if reason == "target_friendly":
            continue
        province = state["provinces"][pid]
        found.append({"id": pid, "owner": province["owner"], "colour": province["colour"],
                      "units": compact(defence_of(state, pid, defenders)), "fortification": fortification_of(province),
                      "naval": board.is_sea_line(origin, pid), "refused": reason})
    return found


def main_attacks(state: dict, side: str, board: Board, ronin: dict, allowed: set, defenders: dict) -> list[dict]:
    """The computer player's best candidates that why_not allows (`allowed`: the (force id, target) pairs of
    defended targets), one force per target, best first, with their exact odds when countable."""
    ranked = []
    can_fight = {force_id for force_id, _ in allowed}
    for order, (force, origin, units) in enumerate(attacking_forces(state, side)):
        kind, force_id = next(iter(force.items()))
        if force_id not in can_fight:
            continue   # no defended target why_not allows: the computer's candidates are among those
        attacker = merged(units, {RONIN: ronin.get(force_id, 0)})
        for pid, chance in chances(state, side, board, origin, attacker):
            if chance > 0 and (force_id, pid) in allowed:
                ranked.append((-chance, order, board.provinces[pid].order, kind, force_id, origin, attacker, pid))
    ranked.sort(key=lambda row: row[:3])
    chosen, taken = [], set()
    for minus_chance, *_, kind, force_id, origin, attacker, pid in ranked:
        if pid in taken or len(chosen) == MAIN_ATTACKS:
            continue
        taken.add(pid)
        chosen.append(counted_attack(state, board, kind, force_id, origin, attacker, pid, -minus_chance,
                                     defence_of(state, pid, defenders)))
    chosen.sort(key=lambda pair: -pair[1])   # shown by the chance counted (the ranking's may be a stand-in)
    return [attack for attack, _ in chosen]


def counted_attack(state: dict, board: Board, kind: str, force_id: str, origin: str, attacker: dict,
                   target: str, chance: Fraction, defender: dict) -> tuple[dict, Fraction]:
    """(the attack with its exact odds if countable, else None; the chance it is shown by)."""
    fortification = fortification_of(state["provinces"][target])
    naval = board.is_sea_line(origin, target)
    odds = None
    if countable(attacker, defender, fortification):
        exact = battle_odds(attacker, defender, fortification=fortification, naval=naval)
        odds, chance = {outcome: percent(value) for outcome, value in exact.items()}, exact["attacker_wins"]
    return {"force": kind, "id": force_id, "from": origin, "target": target, "naval": naval,
            "owner": state["provinces"][target]["owner"], "colour": state["provinces"][target]["colour"],
            "attacker": attacker, "defender": compact(defender), "fortification": fortification, "odds": odds}, chance
