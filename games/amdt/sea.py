"""13.3 Sea battle: fought to the end with simultaneous rolls, and its exact odds.

The fragment's procedure, read as written: leaders change neither initiative
nor hit numbers; each side rolls one die per unit at the same time; a 5 or 6
hits, with no modifier on that roll; nobody retreats; the battle goes on round
after round until one side (or both at once) is destroyed.

Initiative: the Murakami pirates give their side +1 initiative and the "Iron
Ship" card gives the side that played it +2 initiative in every sea battle.
The fragment says nothing else about initiative at sea, and with simultaneous
fire it cannot order the rolls, so these modifiers are told (one "initiative"
event per side) and change neither the rolls nor the odds. What initiative
decides in a battle belongs to the field-battle rules, which the fragment does
not hold. (The English rulebook is said to put the Murakami +1 on their fire
die instead; that reading is not the fragment's and is not built.)

Forces are unit counts: which pieces roll and which are removed for a hit is
the owner's choice at the table; a side that takes more hits than it has
units is simply destroyed.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from engine import event

SIDES = ("attacker", "defender")
OUTCOMES = ("attacker_won", "defender_won", "both_destroyed")
HIT_FACES = (5, 6)
MURAKAMI_INITIATIVE = 1
IRON_SHIP_INITIATIVE = 2


def _check_units(count, side: str) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"{side}: a sea battle needs at least one unit on each side, got {count!r}")
    return count


def _check_side(side, what: str) -> str | None:
    if side is not None and side not in SIDES:
        raise ValueError(f"{what}: {side!r} is not a side; say attacker, defender or nothing")
    return side


def sea_initiative(side: str, *, murakami: str | None = None, iron_ship: str | None = None) -> dict:
    """13.3 items 1-2 and the Iron Ship: one side's initiative modifiers at sea (leaders add nothing)."""
    bonus = {"murakami": MURAKAMI_INITIATIVE if murakami == side else 0,
             "iron_ship": IRON_SHIP_INITIATIVE if iron_ship == side else 0}
    return {**bonus, "total": sum(bonus.values())}


def roll_sea_volley(dice, units: int, purpose: str) -> tuple[list[int], int]:
    """13.3 item 3: one die per unit, a 5 or 6 hits, no modifier. Dice that roll several at once
    (`roll_dice(count, sides, purpose, at_least)`, as dice on demand do) roll a volley as one roll."""
    if hasattr(dice, "roll_dice"):
        rolls = list(dice.roll_dice(units, 6, purpose, at_least=min(HIT_FACES)))
    else:
        rolls = [dice.roll(6, purpose) for _ in range(units)]
    return rolls, sum(roll in HIT_FACES for roll in rolls)


def _outcome(forces: dict[str, int]) -> str | None:
    if forces["attacker"] == 0 and forces["defender"] == 0:
        return "both_destroyed"
    if forces["defender"] == 0:
        return "attacker_won"
    if forces["attacker"] == 0:
        return "defender_won"
    return None


def fight_sea_battle(attacker: int, defender: int, dice, *, murakami: str | None = None,
                     iron_ship: str | None = None, purpose: str = "sea battle") -> dict:
    """13.3: fight a sea battle to its end and tell it as events.

    `attacker` and `defender` are unit counts (the attacker is the side that
    entered the sea area); `murakami` and `iron_ship` name the side with the
    Murakami pirates and the side that played the Iron Ship card, if any.
    Events: "initiative" (side, murakami, iron_ship, total), then per round a
    "volley" for each side (round, side, rolls, hits) and "losses" for each
    side hit (round, side, hits, lost, left). The result holds the outcome,
    the units left on each side, the rounds fought and the events.
    """
    forces = {"attacker": _check_units(attacker, "attacker"), "defender": _check_units(defender, "defender")}
    _check_side(murakami, "murakami")
    _check_side(iron_ship, "iron ship")
    events = [event("initiative", side=side, **sea_initiative(side, murakami=murakami, iron_ship=iron_ship))
              for side in SIDES]
    rounds = 0
    while (outcome := _outcome(forces)) is None:
        rounds += 1
        scored = {}
        for side in SIDES:
            rolls, hits = roll_sea_volley(dice, forces[side], f"{purpose} round {rounds} {side}")
            events.append(event("volley", round=rounds, side=side, rolls=rolls, hits=hits))
            scored[side] = hits
        for side, enemy in (("attacker", "defender"), ("defender", "attacker")):
            hits = scored[enemy]
            if hits:
                lost = min(hits, forces[side])
                forces[side] -= lost
                events.append(event("losses", round=rounds, side=side, hits=hits, lost=lost, left=forces[side]))
    return {"outcome": outcome, "attacker": forces["attacker"], "defender": forces["defender"], "rounds": rounds,
            "events": events}


@cache
def _hit_weights(units: int, most: int) -> tuple[int, ...]:
    """Ways (out of 3**units) that `units` dice make 0, 1, ... hits, the last entry every count >= `most`.

    A die hits on 2 faces of 6: over 3 equally likely thirds, one hits and two miss.
    """
    ways = [comb(units, hits) * 2 ** (units - hits) for hits in range(units + 1)]
    if most < units:
        ways[most] = sum(ways[most:])
        del ways[most + 1:]
    return tuple(ways)


@cache
def _level_products(n: int) -> tuple[int, ...]:
    """P(0..n): P(m) = the product of 3**k - 2**k for k = 2..m (1 below 2), the common denominators."""
    products = [1, 1]
    for k in range(2, n + 1):
        products.append(products[-1] * (3 ** k - 2 ** k))
    return tuple(products[:n + 1])


def _odds(attacker: int, defender: int) -> tuple[Fraction, Fraction, Fraction]:
    """The chances of OUTCOMES from these unit counts: a Markov chain over (attacker, defender) units.

    From (a, b) the attacker's hits take the defender to b - hits (at least 0)
    and the defender's hits the attacker to a - hits. The round in which every
    die misses (2**n of the 3**n ways, n = a + b) comes back to (a, b), so the
    other moves are divided by q(n) = 3**n - 2**n (the geometric series of
    empty rounds). Every move lowers n, and q depends on n alone, so a state's
    chances times P(n), the product of q(2..n), are integers: the sweep by
    rising n is exact integer arithmetic, with Fractions only at the end.
    """
    total = attacker + defender
    products = _level_products(total)
    scaled: dict[tuple[int, int], tuple[int, int, int]] = {(0, 0): (0, 0, 1)}
    for units in range(1, max(attacker, defender) + 1):
        scaled[(units, 0)] = (products[units], 0, 0)
        scaled[(0, units)] = (0, products[units], 0)
    for n in range(2, total + 1):
        for a in range(max(1, n - defender), min(attacker, n - 1) + 1):
            b = n - a
            by_attacker = _hit_weights(a, b)   # the attacker's hits, capped at the defender's units
            by_defender = _hit_weights(b, a)
            levels: dict[int, list[int]] = {}
            for taken, weight_d in enumerate(by_defender):
                for dealt, weight_a in enumerate(by_attacker):
                    if taken or dealt:
                        weight = weight_a * weight_d
                        after = scaled[(a - taken, b - dealt)]
                        sums = levels.setdefault(n - taken - dealt, [0, 0, 0])
                        for i in range(3):
                            sums[i] += weight * after[i]
            value = [0, 0, 0]
            for level, sums in levels.items():
                lift = products[n - 1] // products[level]
                for i in range(3):
                    value[i] += sums[i] * lift
            scaled[(a, b)] = tuple(value)
    return tuple(Fraction(v, products[total]) for v in scaled[(attacker, defender)])


def sea_battle_odds(attacker: int, defender: int) -> dict[str, Fraction]:
    """13.3: the exact chance of each outcome of a sea battle between these unit counts.

    Initiative modifiers (Murakami, Iron Ship) do not enter: fire is simultaneous and hits need a 5 or 6
    whatever the initiative, so the odds are the same with or without them.
    """
    _check_units(attacker, "attacker")
    _check_units(defender, "defender")
    return dict(zip(OUTCOMES, _odds(attacker, defender)))
