"""Choosing the castle a player attacks: their ranked list, or the computer player's rule.

A castle can be attacked if it lies in the centre or face up in front of an
opponent (a steal, which needs the extra daimyo line).

"auto" is today's rule, also named "auto-v1": the castle whose own-score gain
times exact chance is highest, among the centre castles and the castles of the
leading players (stealing from anyone else only feeds the leader); ties go to
the higher chance, then to card order. That rule is also the computer player.

"auto-v2" (issue 15, a candidate, not yet the default) plays to win the game,
not the turn. For every castle "auto-v1" would consider (the centre and the
leaders' castles) it weighs what taking it would do to the game, times the
exact chance of taking it (a failed attack changes nothing): its standing is its score (each face-up
castle less its points times the exact chance of a steal, as it may be taken back) plus what its
unfinished clans promise, less the best opponent's, over the centre castles left plus one; so a castle counts for
its own points (or the clan it completes), for what a steal takes from the
owner and the clan it breaks for them. Taking the last centre castle ends the
game at once: that is worth a win while it would lead and a loss while it
would trail, so it ends a game it is winning and leaves it alone when another
target exists while it is behind. Ties go to the higher chance, then to card
order. Measured (benchmarks/age_of_war_players.py) it wins about half its heads-up games against
"auto-v1" and its games are as long, short of issue 15's targets, so it is not yet "auto".

Strategies are chosen by name in STRATEGIES, for the benchmarks: `resolve(..., strategies=...)`.
"""
from __future__ import annotations

from fractions import Fraction

from engine import event

from . import solver
from .cards import CASTLES, CLANS
from .scoring import centre, gain, score, winners

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


# What a game ended by the player's own turn is worth, in points of standing: more than any lead.
WIN = Fraction(100)
# How much of the rest of its clan's value a partly held clan is counted for (times the share held, squared).
PROMISE = Fraction(1, 2)
LOSS = Fraction(1)  # the owner's loss counts in full: a steal from the best opponent moves the lead twice
PACE = 1
VULN = Fraction(1)  # how much of a face-up castle's points times its steal chance its holder discounts


def promise(state: dict, player: str) -> Fraction:
    """What the player's unfinished clans promise: part of what completing each would add to the score."""
    total = Fraction(0)
    for clan in CLANS.values():
        held = [name for name in clan.castles if state["castles"][name]["holder"] == player]
        if not held or state["castles"][held[0]]["secured"]:
            continue
        rest = clan.value - sum(CASTLES[name].points for name in held)
        if rest > 0:
            total += PROMISE * rest * Fraction(len(held), len(clan.castles)) ** 2
    return total


def held_worth(state: dict, player: str) -> Fraction:
    """The player's score, each face-up castle counted less by its chance of being stolen back."""
    total = Fraction(score(state, player))
    for name, card in state["castles"].items():
        if card["holder"] == player and not card["secured"]:
            total -= VULN * CASTLES[name].points * solver.odds(name, steal=True)
    return total


def standing(state: dict, player: str) -> Fraction:
    """The player's score and promise, less the best opponent's, over the centre castles left plus one:
    what "auto" tries to raise. A lead counts for more as the centre empties, so a leader takes centre
    castles to end the game sooner, and a player behind steals rather than hasten the end."""
    worth = {other: held_worth(state, other) + promise(state, other) for other in state["players"]}
    lead = worth[player] - LOSS * max(worth[other] for other in state["players"] if other != player)
    return lead / (len(centre(state)) + 1) ** PACE


def after_taking(state: dict, player: str, name: str) -> dict:
    """The table as it would be if the player took this castle (its clan secured if completed)."""
    castles = {other: dict(card) for other, card in state["castles"].items()}
    castles[name] = {"holder": player, "secured": False}
    clan = CLANS[CASTLES[name].clan]
    if all(castles[other]["holder"] == player for other in clan.castles):
        for other in clan.castles:
            castles[other]["secured"] = True
    return {**state, "castles": castles}


def ending_worth(state: dict, player: str) -> Fraction:
    """A game over as it stands: a win, a loss, or a shared win in between."""
    first = winners(state)
    if player not in first:
        return -WIN
    return WIN if len(first) == 1 else Fraction(0)


def merit(state: dict, player: str, name: str) -> Fraction:
    """What attacking this castle is worth to the player: the change in standing, times the exact chance."""
    ends = state["castles"][name]["holder"] is None and centre(state) == [name]
    taken = after_taking(state, player, name)
    worth = ending_worth(taken, player) if ends else standing(taken, player)
    return (worth - standing(state, player)) * attack_odds(state, player, name)


def win_target(state: dict, player: str) -> str | None:
    """The castle "auto-v2" picks, or None if there is none: the best merit, then chance, then card order."""
    return best_of(auto_candidates(state, player),
                   lambda name: (merit(state, player, name), attack_odds(state, player, name)))


AUTO_V2 = "auto-v2"
# "auto" is still today's rule: measured, the new one does not yet meet issue 15's targets (see
# benchmarks/age_of_war_players.py), so it stays a named candidate until it does.
STRATEGIES = {AUTO: auto_v1_target, AUTO_V1: auto_v1_target, AUTO_V2: win_target}


def auto_target(state: dict, player: str) -> str | None:
    """The castle "auto" picks now (today's rule, "auto-v1"), or None if there is none."""
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
