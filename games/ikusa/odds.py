"""Exact odds of a battle fought to the end, for the order forms' forecast.

With a fixed casualty priority a side's units after k losses are always the
same, so the battle is a chain on (attacker losses, defender losses, the
defender's bonus units counted among them) that only moves forward. Each
state is entered at the start of a round (before the long-range steps) or in
the middle (before hand to hand); a round with no hit at all comes back to
where it began, which the geometric series 1 / (1 - p_stay) sums up. The
hits of a half-round are, on each side, a convolution of binomials of the d12
hit chances, and the two sides roll independently. The states are swept row
by row (the attacker's losses), each half-round's flows to later rows held
back and carried on by Horner's rule over the attacker's casualties
(_HalfRound), so that a state costs one big product per hit count of each
side rather than one per pair.

The arithmetic is integer: every probability is a numerator over one common
denominator D fixed at the start. A state's loop numerator is q = 12^n minus
the ways all n dice of a round miss; the flow out of a state's start, over the
12^dice of the half-round that follows, is (m0 * 12^hand + m1 * miss_hand) / q,
and out of its middle (m1 * 12^long + m0 * miss_long) / q, so no power of 12
piles up along a path (the first is worked out from the second: one long
division a state). The number of dice falls at every step of a path, so a
path meets at most one state per number of dice: D = the product over those
levels of the lcm of their q (times 12^dice of a naval first strike) makes
every division exact, which is checked. Fractions appear only at the end.
For a large battle these integers have tens of thousands of bits; GMP's
(gmpy2, the 'fast' extra) multiply them faster than Python's, when installed.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from math import comb, lcm, prod
from typing import NamedTuple

from .combat import remove_casualties
from .units import (
    DAIMYO,
    KINDS,
    PHASES,
    VALUE,
    check_can_fight,
    check_force,
    check_priority,
    fortification_bonus,
    size,
    unknown_kind,
)

SIDES = 12
OUTCOMES = ("attacker_wins", "defender_wins", "both_eliminated")

BIG = 8000   # bits of the common denominator from which GMP's integers pay for their import (40 ms)


@cache
def _big_integer():
    """GMP's integers when they are installed (the 'fast' extra), else Python's: the same exact numbers, the
    big products of a large battle in less than half the time."""
    try:
        from gmpy2 import mpz
    except ImportError:
        return int
    return mpz


def parse_spec(spec: str) -> dict[str, int]:
    """A force written as "daimyo=1,archer=2,spearman=3", or a ValueError naming the bad part."""
    force: dict[str, int] = {}
    parts = [part.strip() for part in spec.split(",")] if spec.strip() else []
    for part in parts:
        kind, sep, count = (piece.strip() for piece in part.partition("="))
        if not sep or not kind:
            raise ValueError(f"{part!r}: write each unit as kind=count, e.g. spearman=3")
        if kind not in VALUE:
            raise ValueError(f"{part!r}: {unknown_kind(kind)}")
        if kind in force:
            raise ValueError(f"{part!r}: {kind} is given twice")
        if not count.isdigit():
            raise ValueError(f"{part!r}: the count must be a whole number of units, 0 or more")
        force[kind] = int(count)
    if sum(force.values()) == 0:
        raise ValueError(f"{spec!r} is an empty force: give at least one unit, e.g. spearman=3")
    if force.get(DAIMYO, 0) > 1:
        raise ValueError(f"{spec!r}: a force is led by at most one daimyo")
    return force


@cache
def binomial_weights(count: int, value: int) -> tuple[int, ...]:
    """Ways (out of 12^count) that `count` dice hitting on <= value score 0, 1, ... count hits."""
    miss = SIDES - value
    return tuple(comb(count, k) * value ** k * miss ** (count - k) for k in range(count + 1))


def _convolve(left: tuple[int, ...], right: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * (len(left) + len(right) - 1)
    for i, x in enumerate(left):
        for j, y in enumerate(right):
            out[i + j] += x * y
    return tuple(out)


@cache
def hit_weights(groups: tuple[tuple[int, int], ...], needed: int) -> tuple[int, ...]:
    """Ways (over 12^dice) to score 0, 1, ... hits with these (value, count) groups of dice.

    Hits beyond `needed` (what destroys the other side) change nothing, so
    they are lumped into the last entry.
    """
    weights: tuple[int, ...] = (1,)
    for value, count in groups:
        weights = _convolve(weights, binomial_weights(count, value))
    if len(weights) > needed + 1:
        weights = weights[:needed] + (sum(weights[needed:]),)
    return weights


def _groups(force: dict, kinds, bonus_kind: str | None, bonus: int) -> tuple[tuple[int, int], ...]:
    """The dice a side rolls in one phase, as (combat value, count) groups."""
    by_value: dict[int, int] = {}
    for kind in kinds:
        count = force[kind] + (bonus if kind == bonus_kind else 0)
        if count:
            by_value[VALUE[kind]] = by_value.get(VALUE[kind], 0) + count
    return tuple(sorted(by_value.items()))


def casualty_track(force: dict, bonus: int, priority: tuple[str, ...]) -> list[tuple[dict, int]]:
    """The side's units (and bonus units left) after 0, 1, 2 ... losses, until none is left."""
    track = [(force, bonus)]
    while size(force) + bonus:
        force, bonus, _ = remove_casualties(force, bonus, 1, priority)
        track.append((force, bonus))
    return track


def _phase_groups(track, bonus_kind):
    """For every point of a track, the dice groups of each phase (computed once per battle)."""
    return [tuple(_groups(force, phase.kinds, bonus_kind, bonus) for phase in PHASES) for force, bonus in track]


def _dice(groups) -> int:
    return sum(count for _, count in groups)


def _misses(groups) -> int:
    return prod((SIDES - value) ** count for value, count in groups)


class _Point(NamedTuple):
    """One point of a side's casualty track: per phase its dice groups, the dice they roll and the
    ways they all miss; and the same two counts for the whole round."""
    groups: tuple
    dice: tuple[int, ...]
    misses: tuple[int, ...]
    round_dice: int
    round_misses: int
    weights: tuple[tuple[int, ...], ...]  # per phase, the ways to score 0, 1, ... every die hits


@lru_cache(maxsize=1024)
def _side_points(counts: tuple[int, ...], bonus: int, bonus_kind: str | None,
                 priority: tuple[str, ...]) -> tuple[_Point, ...]:
    """Every point of one side's casualty track (see _phase_groups). It depends on that side alone,
    and the computer player and the order forms weigh one force against several others, so it is
    worked out once per force rather than once per battle (integers only: the odds are unchanged)."""
    points = []
    for groups in _phase_groups(casualty_track(dict(zip(KINDS, counts)), bonus, priority), bonus_kind):
        dice, misses = tuple(_dice(g) for g in groups), tuple(_misses(g) for g in groups)
        weights = tuple(hit_weights(g, n) for g, n in zip(groups, dice))
        points.append(_Point(groups, dice, misses, sum(dice), prod(misses), weights))
    return tuple(points)


def _exact(numerator: int, divisor: int) -> int:
    quotient, remainder = divmod(numerator, divisor)
    if remainder:
        raise ArithmeticError("odds: a division that should be exact was not")
    return quotient


def _exact_by_twelves(numerator: int, power: int) -> int:
    """numerator / 12^power, which must be exact: a shift by 2 * power bits, then a division by 3^power."""
    if numerator & ((1 << 2 * power) - 1):
        raise ArithmeticError("odds: a division that should be exact was not")
    return _exact(numerator >> 2 * power, 3 ** power)


def battle_odds(attacker: dict, defender: dict, *, fortification: str | None = None,
                naval: bool = False, bonus: int | None = None, attacker_priority=None,
                defender_priority=None) -> dict[str, Fraction]:
    """The exact chances of each end of a battle fought without withdrawal: they sum to 1.

    `fortification` is "castle", "fortress" or None (state.fortification_of a province); its bonus is full
    unless `bonus` says how many of its units are left from this player's earlier attacks; the priorities
    default to the rulebook's default casualty priority.
    """
    attacker = check_force(attacker, "attacker")
    defender = check_force(defender, "defender")
    check_can_fight(attacker, "attacker")
    check_can_fight(defender, "defender")
    if fortification not in (None, "castle", "fortress"):
        raise ValueError(f"fortification {fortification!r}: a castle, a fortress or none")
    fort = fortification_bonus(fortification)
    most = fort.units if fort else 0
    if bonus is None:
        bonus = most
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= most:
        raise ValueError(f"bonus {bonus!r}: this province has 0 to {most} bonus units")
    key = (tuple(attacker.values()), tuple(defender.values()), fort.kind if fort else None, bonus, bool(naval),
           check_priority(attacker_priority, "attacker's casualty priority"),
           check_priority(defender_priority, "defender's casualty priority"))
    return dict(zip(OUTCOMES, _odds(*key)))


def _tails(weights: tuple[int, ...]) -> tuple[int, ...]:
    """tails[k] = the ways to score k hits or more (the sum of weights[k:]), for k = 0 ... len(weights)."""
    tails = [0] * (len(weights) + 1)
    for k in range(len(weights) - 1, -1, -1):
        tails[k] = tails[k + 1] + weights[k]
    return tuple(tails)


def _lost_dice(before: tuple, after: tuple) -> tuple[int, ...]:
    """The hit weights of the dice a side no longer rolls after its next loss (1,) when it rolls the same."""
    left = dict(after)
    factor: tuple[int, ...] = (1,)
    for value, count in before:
        if count > left.get(value, 0):
            factor = _convolve(factor, binomial_weights(count - left.get(value, 0), value))
    return factor


def _odd_parts(weights: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(k, weights / 2^k) for the largest power of two 2^k that divides every weight but the first."""
    shift = min(((w & -w).bit_length() - 1 for w in weights[1:] if w), default=0)
    return shift, (weights[0], *(w >> shift for w in weights[1:]))


class _HalfRound:
    """The flows of one phase (long range, or hand to hand) through a battle, swept row by row.

    A state is (attacker losses a, defender losses d). From it a phase sends
    each pair of hit counts, the attacker scoring h and the defender l, to
    (a + l, d + h), weighed dealt_a[h] * taken_d[l]: every pair one product of
    a big flow, and a phase with many dice has hundreds of pairs. Instead the
    attacker's dice at a are split into those of the units that die in the
    phase (a ... a + l - 1, the next ones its casualty order takes) and those
    of the survivors: dealt_a = dying(a, a + l) * dealt_(a + l), where
    dying(a, r) is the product of each dying unit's own (miss, hit) weights.
    So the flows bound for row r from every earlier row a are added up in
    pending[r], a vector over the defender's losses, which after each row is
    convolved with the dice its next casualty takes away (Horner's rule over
    the rows); when row r begins, pending[r] is convolved once with the
    survivors' dealt_r. Each state then costs one product per hit count of
    each side, not per pair. Flows from the state's own row (l = 0) are sent
    as they come, with the same dealt_r. Column end_d of a pending vector holds
    what has already beaten the defender.
    """

    def __init__(self, phase: int, points_a, points_d, into: list[list[int]], ends: list[int]):
        self.end_a, self.end_d = len(points_a) - 1, len(points_d) - 1
        self.dealt = [point.weights[phase] for point in points_a]
        self.dealt_tails = [_tails(w) for w in self.dealt]
        self.taken = [point.weights[phase] for point in points_d]
        self.taken_tails = [_tails(w) for w in self.taken]
        self.taken_odd = [_odd_parts(w) for w in self.taken]
        self.dying = [_lost_dice(points_a[a].groups[phase], points_a[a + 1].groups[phase])
                      for a in range(self.end_a)]
        for a, factor in enumerate(self.dying):
            if _convolve(factor, self.dealt[a + 1]) != self.dealt[a]:
                raise ArithmeticError("odds: a casualty's dice do not split the side's hit weights")
        self.pending = [[0] * (self.end_d + 1) for _ in range(self.end_a)]
        self.into, self.ends = into, ends

    def begin_row(self, r: int) -> None:
        """What earlier rows sent towards row r, which stays in place when the row's survivors all miss."""
        pending, row, stay = self.pending[r], self.into[r], self.dealt[r][0]
        for c in range(self.end_d):
            if pending[c]:
                row[c] += pending[c] * stay
        if pending[self.end_d]:
            self.ends[0] += pending[self.end_d] * self.dealt_tails[r][0]

    def send(self, r: int, c: int, flow: int) -> None:
        """State (r, c) is done: its flow through this phase (0 if none) goes on, and what earlier rows sent
        towards column c of row r moves on by the survivors' hits."""
        left_a, left_d = self.end_a - r, self.end_d - c   # the losses that destroy each side from here
        dealt, taken = self.dealt[r], self.taken[c]
        moving = self.pending[r][c] + (flow * taken[0] if flow else 0)   # to row r, still at column c
        if moving:
            row = self.into[r]
            for column, weight in zip(range(c + 1, c + left_d), dealt[1:left_d]):
                row[column] += moving * weight
            if len(dealt) > left_d:
                self.ends[0] += moving * self.dealt_tails[r][left_d]
        if not flow:
            return
        shift, odd = self.taken_odd[c]
        shifted = flow << shift   # the weights' common power of two: shorter factors in the products below
        for pending, weight in zip(self.pending[r + 1:], odd[1:left_a]):
            pending[c] += shifted * weight
        if len(taken) > left_a:   # the attacker is destroyed: with the defender too, or not
            tails = self.dealt_tails[r]
            beaten, both = self.taken_tails[c][left_a], tails[min(left_d, len(dealt))]
            self.ends[2] += flow * (beaten * both)
            self.ends[1] += flow * (beaten * (tails[0] - both))

    def end_row(self, a: int) -> None:
        """Row a is done: every later row's pending flows take the dice of a's casualty out of the attacker's."""
        factor, end_d = self.dying[a], self.end_d
        if factor == (1,):
            return
        for r in range(a + 1, self.end_a):
            pending = self.pending[r]
            if not any(pending):
                continue
            if factor == (8, 4):   # a spearman or a gunner: 8 ways to miss, 4 to hit, as shifts
                moved = [0] * (end_d + 1)
                before = 0
                for c in range(end_d):
                    flow = pending[c]
                    moved[c] = (flow << 3) + (before << 2)
                    before = flow
                moved[end_d] = pending[end_d] * SIDES + (before << 2)
            elif len(factor) == 2:   # one die: each flow stays (missed) or moves one column on (hit)
                miss, hit = factor
                moved = [0] * (end_d + 1)
                before = 0
                for c in range(end_d):
                    flow = pending[c]
                    moved[c] = (flow * miss if flow else 0) + (before * hit if before else 0)
                    before = flow
                moved[end_d] = pending[end_d] * (miss + hit) + before * hit
            else:
                moved = [0] * (end_d + 1)
                for c, flow in enumerate(pending):
                    if flow:
                        for j, weight in enumerate(factor):
                            moved[min(c + j, end_d)] += flow * weight
            self.pending[r] = moved


@lru_cache(maxsize=256)
def _odds(attacker_counts, defender_counts, bonus_kind, bonus, naval, attacker_priority, defender_priority):
    defender = dict(zip(KINDS, defender_counts))
    points_a = _side_points(attacker_counts, 0, None, attacker_priority)
    points_d = _side_points(defender_counts, bonus, bonus_kind, defender_priority)
    end_a, end_d = len(points_a) - 1, len(points_d) - 1  # losses that leave the side with nothing

    # Each state's loop numerator q: 12^(dice of a round) minus the ways every die misses. A path
    # meets at most one state per number of dice, so the lcm of each such level's q is enough.
    loop_q = [[0] * end_d for _ in range(end_a)]
    levels: dict[int, set[int]] = {}
    for a in range(end_a):
        for d in range(end_d):
            dice = points_a[a].round_dice + points_d[d].round_dice
            loop_q[a][d] = SIDES ** dice - points_a[a].round_misses * points_d[d].round_misses
            levels.setdefault(dice, set()).add(loop_q[a][d])
    first_strike = _groups(defender, [k for phase in PHASES for k in phase.kinds], None, 0) if naval else ()
    whole = prod(lcm(*level) for level in levels.values()) * SIDES ** _dice(first_strike)
    if whole.bit_length() > BIG:
        whole = _big_integer()(whole)

    start = [[0] * end_d for _ in range(end_a)]
    middle = [[0] * end_d for _ in range(end_a)]
    ends = [0, 0, 0]
    if naval:
        unit = whole // SIDES ** _dice(first_strike)
        for hits, weight in enumerate(hit_weights(first_strike, end_a)):
            if hits == end_a:
                ends[1] += unit * weight
            else:
                start[hits][0] += unit * weight
    else:
        start[0][0] = whole

    long_range, hand = _HalfRound(0, points_a, points_d, middle, ends), _HalfRound(1, points_a, points_d, start, ends)
    for a in range(end_a):
        long_range.begin_row(a)
        hand.begin_row(a)
        for d in range(end_d):
            m0, m1 = start[a][d], middle[a][d]
            if not (m0 or m1):
                long_range.send(a, d, 0)
                hand.send(a, d, 0)
                continue
            pa, pd = points_a[a], points_d[d]
            # With F the total flow through the start (or middle) of the round, rounds without a
            # hit included, these are F / 12^(dice of the half-round that follows):
            #   start:  (m0 * 12^hand + m1 * miss_hand) / q,  middle: (m1 * 12^long + m0 * miss_long) / q
            # (index 0 of a point's dice and misses is the long-range phase, 1 hand to hand). As
            # q = 12^(hand + long) - miss_hand * miss_long, start * 12^long = m0 + miss_hand * middle:
            # one long division by q, and one by 12^long, a shift and a one-digit divisor.
            long_dice = pa.dice[0] + pd.dice[0]
            out_middle = _exact(m1 * SIDES ** long_dice + m0 * pa.misses[0] * pd.misses[0], loop_q[a][d])
            out_start = _exact_by_twelves(m0 + pa.misses[1] * pd.misses[1] * out_middle, long_dice)
            long_range.send(a, d, out_start)
            hand.send(a, d, out_middle)
        long_range.end_row(a)
        hand.end_row(a)

    if sum(ends) != whole:
        raise ArithmeticError("odds: the outcomes do not add up to 1")
    return tuple(Fraction(int(mass), int(whole)) for mass in ends)


def percent(chance: Fraction, decimals: int = 1) -> str:
    """A chance as a percentage rounded half up, "7.4": exact, whatever the size of the fraction.

    (str() of these fractions can exceed Python's limit on the digits of an int.)
    """
    scale = 10 ** decimals
    # floor(chance * 100 * scale + 1/2) in integers: no Fraction to normalise with a gcd of huge numbers
    units = (200 * scale * chance.numerator + chance.denominator) // (2 * chance.denominator)
    whole, part = divmod(units, scale)
    return f"{whole}.{part:0{decimals}d}" if decimals else str(whole)
