"""The board as a side's war will find it, foreseen when the orders come.

The check judges each war order by the rule that carries it out, tried on this
board (the reading is told in docs/games/ikusa.md, "Readings of the rulebook");
what passes is carried out unless an earlier event of the round stops it, which
the report then names (causes.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from .battles import attacks_left, battle_entries, defending_units, origin_of, read_entry, why_not
from .board import Board
from .movement import final_movement, move_armies
from .state import MAX_EXPERIENCE, colour_of, player_of, trial_copy


@dataclass
class Foresight:
    moved: dict                  # the board after phase A
    phase_a: list[dict]          # phase A's events: a skip there is an order that cannot be carried out
    unsure: set[str]             # armies whose phase A order fails: where the player meant them to be is not known
    attacks: list[tuple[int, dict, str | None, str | None]]   # each readable battle order: index, entry,
    #                                                    why_not's reason, the province it is made from (if any)
    phase_d: list[dict]          # phase D's events, tried after the battles as if won


def foresee_war(levied: dict, side: str, war_orders: dict, board: Board) -> Foresight:
    """The side's war tried on `levied` (the state after its own levy), for the round about to be played.

    It is tried with the side's player's own secrets alone (where its hidden ronin stand), so that what the
    check answers cannot depend on what another player keeps hidden."""
    player = player_of(levied, side)
    own = {player: levied["secret"][player]} if player in levied.get("secret", {}) else {}
    state = {**levied, "secret": own, "round": levied["round"] + 1}   # move_armies changes only a copy
    moved, phase_a = move_armies(state, side, war_orders, board, trial=True)
    moves = war_orders.get("moves") if isinstance(war_orders.get("moves"), list) else []
    unsure = {str(moves[ev["index"]].get("army")) for ev in phase_a if ev["kind"] == "order_skipped"
              and ev["index"] < len(moves) and isinstance(moves[ev["index"]], dict)}
    board_now = trial_copy(moved)
    attacks, won = [], set()
    runs: dict[str, dict] = {}
    forces_attacked: list[str] = []
    for index, raw in enumerate(battle_entries(war_orders)):
        entry, _ = read_entry(board_now, board, raw)
        if entry is None or entry["id"] in unsure:
            continue
        if entry["force"] == "army":   # an army's run ends when another army's entry comes, as in the war
            for army_id, run in runs.items():
                run["closed"] = run["closed"] or army_id != entry["id"]
        origin = origin_of(board_now, entry)
        reason = attacks_left(runs, forces_attacked, board_now, entry)
        refused = None if reason else why_not(board_now, side, entry, board)
        if refused:
            reason = refused
            _count(entry, runs, forces_attacked)   # as the player means it: a later attack counts it
        elif reason is None:
            reason = _attack_as_if_won(board_now, side, entry, won, runs, forces_attacked)
        attacks.append((index, entry, reason, origin))
    for army_id in sorted(won):
        army = board_now["armies"][army_id]
        army["experience"] = min(MAX_EXPERIENCE, army["experience"] + 1)
    _, phase_d = final_movement(board_now, side, war_orders, board, trial=True)
    return Foresight(moved, phase_a, unsure, attacks, phase_d)


def _attack_as_if_won(state: dict, side: str, entry: dict, won: set[str], runs: dict[str, dict],
                      forces_attacked: list[str]) -> str | None:
    """The attack made and won: the defenders gone, the army in the province if it advances (with an attack
    left, as the war allows) or walks into an empty one. Returns why its advance cannot be made, or None."""
    target = entry["target"]
    defenders, defending_army, _ = defending_units(state, target)
    if defending_army:
        state["armies"][defending_army].update(status="lost", province=None, units={})
    province = state["provinces"][target]
    province.update(owner=None, colour=None, force={})
    _count(entry, runs, forces_attacked)
    if entry["force"] != "army":
        return None
    run = runs[entry["id"]]
    if defenders:
        won.add(entry["id"])
    if defenders and entry["after_win"] != "stay" and run["attacks"] >= run["level"]:
        return "no_attack_left_to_advance"
    if entry["after_win"] != "stay" or not defenders:
        state["armies"][entry["id"]]["province"] = target
        province.update(owner=player_of(state, side), colour=colour_of(state, side))
        run["stopped"] = entry["after_win"] == "advance_and_stop"
    return None


def _count(entry: dict, runs: dict[str, dict], forces_attacked: list[str]) -> None:
    """One more attack of the force, as the war counts it."""
    if entry["force"] == "army":
        runs[entry["id"]]["attacks"] += 1
    else:
        forces_attacked.append(entry["id"])
