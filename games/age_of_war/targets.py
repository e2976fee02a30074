"""Choosing the castle a player attacks: their ranked list, or the expected-gain rule.

A castle can be attacked if it lies in the centre or face up in front of an
opponent (a steal, which needs the extra daimyo line). "auto" takes the
castle whose own-score gain times exact chance is highest, among the centre
castles and the castles of the leading players (stealing from anyone else only
feeds the leader, and when every rule-following player steals from everyone,
measured games ran for thousands of rounds); ties go to the higher chance, then
to card order. That rule is also the computer player.
"""
from __future__ import annotations

from fractions import Fraction

from engine import event

from . import solver
from .cards import CASTLES
from .scoring import gain, score

AUTO = "auto"


def why_unavailable(state: dict, player: str, name: str) -> str | None:
    """None if the player may attack this castle now, else "secured" or "held" (their own)."""
    card = state["castles"][name]
    if card["secured"]:
        return "secured"
    if card["holder"] == player:
        return "held"
    return None


def available_castles(state: dict, player: str) -> list[str]:
    """The castles this player may attack now, in card order."""
    return [name for name in CASTLES if why_unavailable(state, player, name) is None]


def attack_odds(state: dict, player: str, name: str) -> Fraction:
    """The exact chance of taking this castle with 7 dice, with the daimyo line if anyone holds it."""
    holder = state["castles"][name]["holder"]
    return solver.odds(name, steal=holder is not None)


def expected_gain(state: dict, player: str, name: str) -> Fraction:
    return gain(state, player, name) * attack_odds(state, player, name)


def auto_candidates(state: dict, player: str) -> list[str]:
    """The castles "auto" considers: the centre and what the leading players hold face up, else any."""
    scores = {other: score(state, other) for other in state["players"]}
    top = max(scores.values())
    available = available_castles(state, player)
    preferred = [name for name in available
                 if state["castles"][name]["holder"] is None or scores[state["castles"][name]["holder"]] == top]
    return preferred or available


def auto_target(state: dict, player: str) -> str | None:
    """The castle the expected-gain rule picks, or None if there is none."""
    best, best_merit = None, None
    for name in auto_candidates(state, player):
        merit = (expected_gain(state, player, name), attack_odds(state, player, name))
        if best_merit is None or merit > best_merit:  # strict: card order wins ties
            best, best_merit = name, merit
    return best


def choose_target(state: dict, player: str, targets: list[str]) -> tuple[str | None, dict]:
    """The castle this player attacks now, and the private event that says how it was picked.

    The first available castle of the ranked list wins; "auto" or a list that
    runs out falls back to the expected-gain rule.
    """
    passed = []
    for rank, entry in enumerate(targets, start=1):
        if entry == AUTO:
            chosen = auto_target(state, player)
            return chosen, _chosen(player, chosen, True, rank, passed)
        if entry not in CASTLES:
            continue  # checked orders never hold one; a stale file must not stop the round
        why = why_unavailable(state, player, entry)
        if why is None:
            return entry, _chosen(player, entry, False, rank, passed)
        passed.append({"castle": entry, "why": why})
    chosen = auto_target(state, player)
    return chosen, _chosen(player, chosen, True, None, passed)


def _chosen(player: str, name: str | None, auto: bool, rank: int | None, passed: list[dict]) -> dict:
    return event("target_chosen", [player], player=player, castle=name, auto=auto, rank=rank, passed=passed)
