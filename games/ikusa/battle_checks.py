"""Phase B and C orders judged before the round by the war's own predicates, on the board the war will find.

It sits above battles.py and foresight.py (which tries the war with battles'
rules), so that no rule module imports the foresight that imports it.
"""
from __future__ import annotations

from engine import Problem

from .board import Board, board_of_state
from .foresight import foresee_war
from .problems import code_of, problem
from .state import field_of


def _garrison_beyond_army(state: dict, field: str, entry: dict) -> list[Problem]:
    """A garrison of more units than the army will hold when it attacks (after its levy and phase A moves):
    the army gains no unit in phase C, so it can never be left."""
    units = state["armies"][entry["id"]]["units"]
    return [problem(field, "garrison-more-than-army", army=entry["id"], kind=kind, wanted=n, has=units.get(kind, 0))
            for kind, n in entry["garrison"].items() if units.get(kind, 0) < n][:1]


JUDGED_AT = {"target_not_adjacent": "target", "first_round_daimyo": "target", "unoccupied_needs_experience": "target",
             "no_provincial_force": "province", "army_frozen": "army", "target_friendly": "target", "army_lost": "army",
             "province_not_yours": "province", "battles_finished": "army", "army_stopped": "army",
             "no_attack_left_to_advance": "after_win"}
"""The reasons of why_not and attacks_left (the war's own tests) that the check tells, judged on where each force
will stand, and the part of the battle order each is told at; the problem's code is the reason's own
(problems.code_of), but for an army lost, whose code says where it stood ("attacker-off-board": the march's
"army-lost" names no place). "not_your_army" is left to _check_entry, which must know the army is the side's
before it reads the rest; "no_attacks_left" is told as the army's or the provincial force's own problem, below."""


def _judged(at: str, index: int, reason: str, entry: dict, origin: str | None, board: Board,
            state: dict) -> Problem | None:
    """The problem of an attack the foreseen war refuses for this reason, or None for one it does not."""
    if reason == "no_attacks_left":
        if entry["force"] == "province":
            return problem(f"{at}.battles[{index}].province", "force-attacks-twice")
        return problem(f"{at}.battles[{index}].army", "too-many-attacks", army=entry["id"],
                       level=state["armies"][entry["id"]]["experience"])
    if reason not in JUDGED_AT:
        return None
    code, part = "attacker-off-board" if reason == "army_lost" else code_of(reason), JUDGED_AT[reason]
    if reason in ("battles_finished", "army_stopped"):
        values = {"army": entry["id"]}
    elif reason == "no_attack_left_to_advance":
        values = {}
    else:
        values = {"origin": board.name(origin) if origin else "", "target": board.name(entry["target"])}
    return problem(f"{at}.battles[{index}].{part}", code, **values)


def check_reach(state: dict, side: str, war_orders, board: Board | None = None, seen=None) -> list[Problem]:
    """The battle orders judged by why_not, the battle's own predicate, on the board as the side's war will
    find it (foresee_war: each army where its phase A moves take it, and after each attack that
    orders an advance, in the province it attacked, as if it won: a battle lost is an earlier event of the
    round, which the report then names). What this accepts, the war carries out unless such an event stops
    it. An army whose phase A order is refused is not judged: where the player meant it to stand is not
    known, and the move's own problem is told. `seen` is that foreseen war when the caller has it."""
    board = board or board_of_state(state)
    if not isinstance(war_orders, dict):
        return []
    seen = seen or foresee_war(state, side, war_orders, board)
    at = field_of(state, side, "war")
    problems = []
    for index, entry, reason, origin in seen.attacks:
        if entry["garrison"] and entry["force"] == "army":
            problems += _garrison_beyond_army(seen.moved, f"{at}.battles[{index}].garrison", entry)
        judged = _judged(at, index, reason, entry, origin, board, seen.moved) if reason else None
        if judged:
            problems.append(judged)
    return problems
