"""Choosing the castle a player attacks: their ranked list, or the computer player's rule.

A castle can be attacked if it lies in the centre or face up in front of an
opponent (a steal, which needs the extra daimyo line).

"auto" is "auto-v2" (issue 15), the computer player, which plays to win the
game; "auto-v1" is the rule before it, kept for the benchmarks. Both rules, and
why steals are rationed (STEAL_TURNS), are told in docs/games/age-of-war.md.

Strategies are chosen by name in STRATEGIES, for the benchmarks: `resolve(..., strategies=...)`.
"""
from __future__ import annotations

import math
from fractions import Fraction

from engine import event

from . import solver
from .cards import CASTLES, CLANS
from .scoring import castles_of, centre, gain, score, winners

AUTO = "auto"
AUTO_V1 = "auto-v1"


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


def auto_v1_target(state: dict, player: str) -> str | None:
    """Today's rule before issue 15: the highest own gain times chance, among the centre and the leaders'."""
    return best_of(auto_candidates(state, player),
                   lambda name: (expected_gain(state, player, name), attack_odds(state, player, name)))


def best_of(names, key) -> str | None:
    """The name with the highest key, the first in card order among equals; None if there is none."""
    best, best_key = None, None
    for name in names:
        found = key(name)
        if best_key is None or found > best_key:  # strict: card order wins ties
            best, best_key = name, found
    return best


# The spread of the final lead, per square root of the points still to be fought for: fitted by
# heads-up games against "auto-v1" (benchmarks/age_of_war_players.py).
SPREAD = 1.2
# A player stops stealing after this many turns of the table (rounds played times players; 40 heads-up, 12 at a
# bigger table, where every steal is answered by several players). Heads-up it still steals while it trails and
# the centre is down to its last two castles, so as not to end a game it would lose; at a bigger table not even
# then, as trailing players passing a castle round left the leader no turn of its own to end the game. Late
# steals are what made games of computer players run for hundreds of rounds.
STEAL_TURNS = {2: 40}
STEAL_TURNS_AT_A_BIGGER_TABLE = 12
LAST_CASTLES = {2: 2}
LAST_CASTLES_AT_A_BIGGER_TABLE = 0


def win_chance(state: dict, player: str) -> float:
    """How likely the player is to win from here: a game over is won, shared or lost; otherwise the lead
    over the best opponent (points, then a tenth per castle for the tie-break) against a normal spread that
    shrinks as the points left in the centre and the points face up (which may still change hands) run out."""
    left = centre(state)
    if not left:
        first = winners(state)
        return 1 / len(first) if player in first else 0.0
    at_stake = sum(CASTLES[name].points for name in left) + sum(
        CASTLES[name].points for name, card in state["castles"].items() if card["holder"] and not card["secured"])
    worth = {other: score(state, other) + len(castles_of(state, other)) / 10 for other in state["players"]}
    lead = worth[player] - max(worth[other] for other in state["players"] if other != player)
    return 0.5 * (1 + math.erf(lead / (SPREAD * math.sqrt(at_stake + 1)) / math.sqrt(2)))


def may_steal(state: dict, player: str) -> bool:
    """Whether "auto-v2" considers stealing: never while it leads or shares the lead (it ends the game
    instead); late in a long game only while it trails and the centre is down to its last castles, so as not to
    end a game it would lose."""
    scores = {other: score(state, other) for other in state["players"]}
    best_other = max(scores[other] for other in state["players"] if other != player)
    if scores[player] > best_other:
        return False
    table = len(state["players"])
    if state["round"] * table < STEAL_TURNS.get(table, STEAL_TURNS_AT_A_BIGGER_TABLE):
        return True
    return scores[player] < best_other and len(centre(state)) <= LAST_CASTLES.get(table, LAST_CASTLES_AT_A_BIGGER_TABLE)


def after_taking(state: dict, player: str, name: str) -> dict:
    """The table as it would be if the player took this castle (its clan secured if completed)."""
    castles = {other: dict(card) for other, card in state["castles"].items()}
    castles[name] = {"holder": player, "secured": False}
    clan = CLANS[CASTLES[name].clan]
    if all(castles[other]["holder"] == player for other in clan.castles):
        for other in clan.castles:
            castles[other]["secured"] = True
    return {**state, "castles": castles}


def merit(state: dict, player: str, name: str, now: float | None = None) -> float:
    """What attacking this castle is worth to the player: the rise in its chance of winning the game if it
    takes the castle, times the exact chance of taking it (a failed attack changes nothing). `now`: the
    player's chance of winning from this table, when the caller has it already."""
    chance = attack_odds(state, player, name)
    now = win_chance(state, player) if now is None else now
    return float(chance) * (win_chance(after_taking(state, player, name), player) - now)


def win_target(state: dict, player: str) -> str | None:
    """The castle "auto-v2" picks, or None if there is none: the best merit, then chance, then card order."""
    available = available_castles(state, player)
    steals = may_steal(state, player)
    names = [name for name in available if steals or state["castles"][name]["holder"] is None]
    now = win_chance(state, player)   # the same for every castle weighed
    return best_of(names or available, lambda name: (merit(state, player, name, now),
                                                     attack_odds(state, player, name)))


AUTO_V2 = "auto-v2"
STRATEGIES = {AUTO: win_target, AUTO_V1: auto_v1_target, AUTO_V2: win_target}


def auto_target(state: dict, player: str) -> str | None:
    """The castle "auto" ("auto-v2") picks now, or None if there is none."""
    return STRATEGIES[AUTO](state, player)


def pick(state: dict, player: str, strategies: dict | None = None) -> str | None:
    """The castle the player's strategy picks: "auto" unless `strategies` names another for this player."""
    return STRATEGIES[(strategies or {}).get(player, AUTO)](state, player)


def choose_target(state: dict, player: str, targets: list[str],
                  strategies: dict | None = None) -> tuple[str | None, dict]:
    """The castle this player attacks now, and the private event that says how it was picked.

    The first available castle of the ranked list wins; "auto" or a list that
    runs out falls back to "auto" (or the strategy `strategies` names for this player, for the benchmarks).
    """
    passed = []
    for rank, entry in enumerate(targets, start=1):
        if entry == AUTO:
            chosen = pick(state, player, strategies)
            return chosen, _chosen(player, chosen, True, rank, passed)
        if entry not in CASTLES:
            continue  # checked orders never hold one; a stale file must not stop the round
        why = why_unavailable(state, player, entry)
        if why is None:
            return entry, _chosen(player, entry, False, rank, passed)
        passed.append({"castle": entry, "why": why})
    chosen = pick(state, player, strategies)
    return chosen, _chosen(player, chosen, True, None, passed)


def _chosen(player: str, name: str | None, auto: bool, rank: int | None, passed: list[dict]) -> dict:
    return event("target_chosen", [player], player=player, castle=name, auto=auto, rank=rank, passed=passed)
