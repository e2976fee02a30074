"""Exact battle odds, checked against hand computations and an independent brute force."""
from __future__ import annotations

import hashlib
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from games.ikusa import odds as odds_module
from games.ikusa.combat import fight_battle, remove_casualties
from games.ikusa.odds import battle_odds, parse_spec, percent
from games.ikusa.units import DEFAULT_PRIORITY

# The rulebook's combat values and sequence, written out again so the brute force owes the game
# code nothing but the casualty choice.
VALUES = {"daimyo": 6, "archer": 6, "gunner": 4, "swordsman": 5, "ronin": 5, "spearman": 4}
LONG_RANGE = ("archer", "gunner")
HAND_TO_HAND = ("daimyo", "swordsman", "ronin", "spearman")
BONUS = {"castle": ("spearman", 4), "fortress": ("ronin", 5)}


def dice_of(force: tuple, kinds, bonus_kind=None, bonus=0) -> list[int]:
    force = dict(force)
    return [VALUES[k] for k in kinds for _ in range(force.get(k, 0) + (bonus if k == bonus_kind else 0))]


def every_roll(values: list[int]):
    """Each way the dice can fall as hit or miss, with its probability: 2^n cases, no binomials."""
    for pattern in product((True, False), repeat=len(values)):
        chance = Fraction(1)
        for hit, value in zip(pattern, values):
            chance *= Fraction(value, 12) if hit else Fraction(12 - value, 12)
        yield sum(pattern), chance


def lose(force: tuple, bonus: int, hits: int) -> tuple[tuple, int]:
    after, bonus, _ = remove_casualties(dict(force), bonus, hits, DEFAULT_PRIORITY)
    return tuple(sorted((k, n) for k, n in after.items() if n)), bonus


def alive(force: tuple, bonus: int = 0) -> bool:
    return bool(force) or bonus > 0


def one_round(attacker: tuple, defender: tuple, bonus: int, bonus_kind) -> dict[tuple, Fraction]:
    """Where one combat round leads, (attacker, defender, bonus) -> chance, die by die."""
    after: dict[tuple, Fraction] = {}
    for a_hits, a_chance in every_roll(dice_of(attacker, LONG_RANGE)):
        for d_hits, d_chance in every_roll(dice_of(defender, LONG_RANGE, bonus_kind, bonus)):
            att, _ = lose(attacker, 0, d_hits)
            dfn, bon = lose(defender, bonus, a_hits)
            chance = a_chance * d_chance
            if not alive(att) or not alive(dfn, bon):
                after[att, dfn, bon] = after.get((att, dfn, bon), 0) + chance
                continue
            for a2, a2_chance in every_roll(dice_of(att, HAND_TO_HAND)):
                for d2, d2_chance in every_roll(dice_of(dfn, HAND_TO_HAND, bonus_kind, bon)):
                    state = lose(att, 0, d2)[0], *lose(dfn, bon, a2)
                    after[state] = after.get(state, 0) + chance * a2_chance * d2_chance
    return after


@cache
def brute(attacker: tuple, defender: tuple, bonus: int, bonus_kind) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, both gone) from the start of a round."""
    stay = Fraction(0)
    total = [Fraction(0)] * 3
    for (att, dfn, bon), chance in one_round(attacker, defender, bonus, bonus_kind).items():
        if (att, dfn, bon) == (attacker, defender, bonus):
            stay += chance
        elif not alive(att) or not alive(dfn, bon):
            total[0 if alive(att) else 1 if alive(dfn, bon) else 2] += chance
        else:
            for i, q in enumerate(brute(att, dfn, bon, bonus_kind)):
                total[i] += chance * q
    return tuple(t / (1 - stay) for t in total)


def brute_odds(attacker: dict, defender: dict, fortification=None, naval=False) -> dict:
    bonus_kind, bonus = BONUS[fortification] if fortification else (None, 0)
    att = tuple(sorted((k, n) for k, n in attacker.items() if n))
    dfn = tuple(sorted((k, n) for k, n in defender.items() if n))
    starts = every_roll(dice_of(dfn, LONG_RANGE + HAND_TO_HAND)) if naval else [(0, Fraction(1))]
    total = [Fraction(0)] * 3
    for hits, chance in starts:
        after, _ = lose(att, 0, hits)
        outcome = brute(after, dfn, bonus, bonus_kind) if after else (0, 1, 0)
        total = [t + chance * o for t, o in zip(total, outcome)]
    return dict(zip(("attacker_wins", "defender_wins", "both_eliminated"), total))


def test_one_spearman_against_one_spearman_by_hand():
    # Only step 6 rolls: both hit (1/3 each) 1/9, only one side 2/9 each, neither 4/9 and again.
    odds = battle_odds({"spearman": 1}, {"spearman": 1})
    assert odds == {"attacker_wins": Fraction(2, 5), "defender_wins": Fraction(2, 5),
                    "both_eliminated": Fraction(1, 5)}


def test_one_archer_against_one_spearman_by_hand():
    # The archer rolls only in step 1 (hit 1/2, and the spearman dies before striking); after a
    # miss the spearman hits 1/3; neither 1/3 and the round starts again.
    odds = battle_odds({"archer": 1}, {"spearman": 1})
    assert odds == {"attacker_wins": Fraction(3, 4), "defender_wins": Fraction(1, 4),
                    "both_eliminated": Fraction(0)}


def test_a_naval_first_strike_by_hand():
    # The defending spearman first hits 1/3 unanswered; otherwise the even fight above.
    odds = battle_odds({"spearman": 1}, {"spearman": 1}, naval=True)
    assert odds["attacker_wins"] == Fraction(2, 3) * Fraction(2, 5)
    assert odds["defender_wins"] == Fraction(1, 3) + Fraction(2, 3) * Fraction(2, 5)
    assert odds["both_eliminated"] == Fraction(2, 3) * Fraction(1, 5)


@pytest.mark.parametrize("attacker, defender, fortification, naval", [
    ({"spearman": 2}, {"swordsman": 1, "spearman": 1}, None, False),
    ({"archer": 1, "gunner": 1}, {"daimyo": 1, "spearman": 1}, None, False),
    ({"daimyo": 1, "spearman": 1, "ronin": 1}, {"archer": 1, "swordsman": 1}, None, False),
    ({"swordsman": 2, "gunner": 1}, {"spearman": 1}, "castle", False),
    ({"spearman": 2, "ronin": 1}, {"gunner": 1}, "fortress", False),
    ({"archer": 2, "spearman": 1}, {"daimyo": 1, "gunner": 1}, None, True),
    ({"spearman": 3}, {"archer": 1}, "castle", True),
])
def test_the_odds_agree_with_a_brute_force_over_every_die(attacker, defender, fortification, naval):
    odds = battle_odds(attacker, defender, fortification=fortification, naval=naval)
    assert odds == brute_odds(attacker, defender, fortification, naval)


@pytest.mark.parametrize("attacker, defender, options", [
    ({"daimyo": 1, "archer": 2, "gunner": 2, "swordsman": 2, "spearman": 6, "ronin": 2},
     {"daimyo": 1, "archer": 1, "swordsman": 2, "spearman": 8, "ronin": 3}, {"fortification": "castle"}),
    ({"spearman": 10}, {"swordsman": 3, "spearman": 4}, {"fortification": "fortress", "naval": True}),
])
def test_the_three_outcomes_add_up_to_exactly_one(attacker, defender, options):
    odds = battle_odds(attacker, defender, **options)
    assert all(isinstance(p, Fraction) and 0 < p < 1 for p in odds.values())
    assert sum(odds.values()) == 1


@pytest.mark.parametrize("kind", ["daimyo", "archer", "gunner", "swordsman", "spearman"])
def test_one_more_attacking_unit_never_lowers_the_attackers_chance(kind):
    base = {"gunner": 1, "swordsman": 1, "spearman": 2}
    defender = {"archer": 1, "spearman": 3}
    more = dict(base, **{kind: base.get(kind, 0) + 1})
    assert battle_odds(more, defender)["attacker_wins"] > battle_odds(base, defender)["attacker_wins"]
    assert battle_odds(more, defender)["defender_wins"] < battle_odds(base, defender)["defender_wins"]


def test_one_more_defending_unit_never_raises_the_attackers_chance():
    attacker = {"archer": 2, "spearman": 3}
    chances = [battle_odds(attacker, {"swordsman": 1, "spearman": n})["attacker_wins"] for n in range(6)]
    assert chances == sorted(chances, reverse=True) and len(set(chances)) == len(chances)


def test_a_castle_or_fortress_lowers_the_attackers_chance_and_a_fortress_more():
    attacker, defender = {"daimyo": 1, "swordsman": 2, "spearman": 4}, {"spearman": 3}
    open_field = battle_odds(attacker, defender)["attacker_wins"]
    castle = battle_odds(attacker, defender, fortification="castle")["attacker_wins"]
    fortress = battle_odds(attacker, defender, fortification="fortress")["attacker_wins"]
    assert fortress < castle < open_field


def test_a_castle_whose_bonus_was_worn_down_by_earlier_attacks_is_easier_to_take():
    attacker, defender = {"swordsman": 2, "spearman": 3}, {"spearman": 2}
    chances = [battle_odds(attacker, defender, fortification="castle", bonus=n)["attacker_wins"] for n in range(5)]
    assert chances == sorted(chances, reverse=True) and len(set(chances)) == 5
    assert chances[0] == battle_odds(attacker, defender)["attacker_wins"]
    assert chances[4] == battle_odds(attacker, defender, fortification="castle")["attacker_wins"]
    with pytest.raises(ValueError, match="0 to 4 bonus units"):
        battle_odds(attacker, defender, fortification="castle", bonus=5)


def test_a_naval_invasion_lowers_the_attackers_chance():
    attacker, defender = {"archer": 2, "spearman": 4}, {"swordsman": 1, "spearman": 2}
    assert (battle_odds(attacker, defender, naval=True)["attacker_wins"]
            < battle_odds(attacker, defender)["attacker_wins"])
    assert (battle_odds(attacker, defender, naval=True, fortification="castle")["attacker_wins"]
            < battle_odds(attacker, defender, fortification="castle")["attacker_wins"])


def test_a_casualty_priority_that_keeps_the_archers_changes_the_odds():
    attacker, defender = {"archer": 2, "spearman": 2}, {"spearman": 4}
    keeping_archers = battle_odds(attacker, defender)["attacker_wins"]
    losing_archers = battle_odds(attacker, defender, attacker_priority=["archer"])["attacker_wins"]
    assert losing_archers < keeping_archers


def test_a_fortification_other_than_a_castle_or_a_fortress_is_refused():
    with pytest.raises(ValueError, match="a castle, a fortress or none"):
        battle_odds({"spearman": 1}, {"spearman": 1}, fortification="moat")


def test_a_force_spec_is_read_as_unit_counts():
    assert parse_spec("daimyo=1,archer=2,spearman=3") == {"daimyo": 1, "archer": 2, "spearman": 3}
    assert parse_spec(" spearman = 4 , ronin=0 ") == {"spearman": 4, "ronin": 0}


@pytest.mark.parametrize("spec, message", [
    ("spearmen=3", r"'spearmen=3'.*did you mean spearman"),
    ("horse=1", 'unknown unit kind "horse"'),
    ("spearman=-1", r"'spearman=-1'.*whole number"),
    ("spearman=two", r"'spearman=two'.*whole number"),
    ("spearman=1.5", r"'spearman=1.5'.*whole number"),
    ("spearman", r"'spearman'.*kind=count"),
    ("spearman=1,spearman=2", "given twice"),
    ("", "empty force"),
    ("spearman=0", "empty force"),
    ("daimyo=2", "at most one daimyo"),
])
def test_a_bad_force_spec_names_the_bad_part(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)


def test_a_chance_is_shown_as_a_percentage_rounded_half_up_however_long_the_fraction():
    assert percent(Fraction(2, 5)) == "40.0"
    assert percent(Fraction(1, 3), 2) == "33.33"
    assert percent(Fraction(1, 8000)) == "0.0" and percent(Fraction(1, 2000)) == "0.1"
    assert percent(Fraction(1, 12 ** 5000)) == "0.0"  # too long for str(): Python refuses such ints


class Unfinished(Exception):
    pass


class BranchingDice:
    """Dice that follow a list of hit/miss choices and weigh each by the unit's chance."""

    def __init__(self, choices: list[bool]):
        self.choices = choices
        self.used = 0
        self.chance = Fraction(1)

    def roll(self, sides: int, purpose: str) -> int:
        if self.used == len(self.choices):
            raise Unfinished
        value = VALUES[purpose.split()[-1]]
        hit = self.choices[self.used]
        self.used += 1
        self.chance *= Fraction(value if hit else 12 - value, 12)
        return 1 if hit else 12


@pytest.mark.parametrize("attacker, defender, fortification", [
    ({"archer": 1, "spearman": 1}, {"swordsman": 1, "spearman": 1}, "castle"),
    ({"gunner": 1, "daimyo": 1, "ronin": 1, "spearman": 1}, {"archer": 1, "spearman": 2}, "fortress"),
])
def test_a_fought_round_leads_where_the_odds_model_says_over_every_fall_of_the_dice(attacker, defender,
                                                                                       fortification):
    fought: dict[tuple, Fraction] = {}
    pending = [[]]
    while pending:
        dice = BranchingDice(pending.pop())
        try:
            result = fight_battle(attacker, defender, dice, fortification=fortification,
                                  withdrawal={"rule": "after_rounds", "rounds": 1})
        except Unfinished:
            pending += [dice.choices + [True], dice.choices + [False]]
            continue
        state = tuple(sorted(result["attacker"].items())), tuple(sorted(result["defender"].items())), result["bonus"]
        fought[state] = fought.get(state, 0) + dice.chance
    bonus_kind, bonus = BONUS[fortification]
    model = one_round(tuple(sorted(attacker.items())), tuple(sorted(defender.items())), bonus, bonus_kind)
    assert fought == model and sum(fought.values()) == 1


def digest(odds: dict) -> str:
    """The exact fractions, written in hexadecimal (decimal is refused for ints this long), hashed."""
    text = ";".join(f"{k}={odds[k].numerator:x}/{odds[k].denominator:x}" for k in sorted(odds))
    return hashlib.sha256(text.encode()).hexdigest()


# Digests of the exact odds that the first version of odds.py (a plain push of every pair of hit counts,
# commit 8dd782e) gave for these battles: castles, fortresses with full and worn bonus, naval invasions,
# casualty priorities, ronin, and the largest battles the benchmark times. A faster algorithm must give
# the very same fractions.
RECORDED = [
    ({'daimyo': 1, 'archer': 4, 'gunner': 9, 'spearman': 1, 'ronin': 14},   # the worst legal battle found
     {'daimyo': 1, 'swordsman': 9, 'gunner': 9, 'spearman': 1, 'ronin': 16},
     {'fortification': 'fortress', 'naval': True},
     'e8e2bc1d0ab50d600584d833bc8ee77701c64b1a833d45a71b6f4314fc3fd5e7'),
    ({'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8},
     {'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8},
     {'fortification': 'castle'},
     '93a68df74162fadd4aaecfbf67ae7a78c0193b362de83c9128c32a7c2a4a5576'),
    ({'spearman': 15},
     {'spearman': 15},
     {'fortification': 'castle'},
     'a89496a495302518132e5da714967c4f6a74a76526d125d799690020b92da1b6'),
    ({'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8},
     {'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8},
     {'fortification': 'fortress', 'naval': True},
     '5aeca0bbe51cb4319c267f1216cb60d34e6469e1ca0ed9b7ce683889077b09d3'),
    ({'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8, 'ronin': 14},
     {'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 4, 'spearman': 11, 'ronin': 18},
     {'fortification': 'fortress', 'naval': True},
     '2e46cd908bda8fc831928eb3553b6ddd06a0af86b4b15b6f1e4563564763ff1f'),
    ({'daimyo': 1, 'archer': 2, 'swordsman': 2, 'gunner': 2, 'spearman': 8, 'ronin': 6},
     {'archer': 1, 'swordsman': 2, 'spearman': 5, 'ronin': 4},
     {'fortification': 'castle', 'bonus': 2},
     '0a4eaa6608f57641b68e6293cd7826499379d1cf4cd8a8d055f0d7d09dd1f255'),
    ({'daimyo': 1, 'archer': 4, 'gunner': 3, 'ronin': 7},
     {'daimyo': 1, 'swordsman': 3, 'gunner': 2, 'spearman': 6, 'ronin': 5},
     {'naval': True, 'attacker_priority': ['archer', 'gunner'], 'defender_priority': ['ronin', 'swordsman']},
     '66e2815241f90e7620e8178fbba1893055132c9179d854a248866b6c1eff4988'),
    ({'swordsman': 3, 'spearman': 6, 'ronin': 8},
     {'daimyo': 1, 'archer': 2, 'spearman': 7, 'ronin': 6},
     {'fortification': 'fortress', 'bonus': 3, 'attacker_priority': ['ronin', 'spearman']},
     '70f60e97a306ebfe47feddcc93b2d3a94e71768cf0e505a75023fc022746b685'),
    ({'daimyo': 1, 'ronin': 5, 'spearman': 2, 'gunner': 4},
     {'gunner': 5, 'ronin': 4},
     {},
     'a4452d1309e920d1a01d15a32b8ab53df2a48b3d9c7051126563cd7234e392aa'),
    ({'archer': 1},
     {'ronin': 1, 'spearman': 1},
     {'fortification': 'fortress', 'naval': True},
     '6a9b013f18a4946cc64e880da5008fad82ddf021fcb1134fbbcabec84ecf5697'),
    ({'daimyo': 1},
     {'daimyo': 1},
     {'naval': True},
     'cbfbd6bc9a6fc1227fcbf5863392fd7a4557be9a40caa05c23964c4898bbddb8'),
]


@pytest.mark.parametrize("attacker, defender, options, recorded", RECORDED)
def test_the_odds_are_the_very_fractions_the_first_algorithm_gave(attacker, defender, options, recorded):
    assert digest(battle_odds(attacker, defender, **options)) == recorded


@pytest.mark.parametrize("integers", ["python", "gmp"])
def test_the_odds_are_the_same_fractions_with_pythons_integers_and_with_gmps(monkeypatch, integers):
    kind = pytest.importorskip("gmpy2").mpz if integers == "gmp" else int
    monkeypatch.setattr(odds_module, "_big_integer", lambda: kind)
    monkeypatch.setattr(odds_module, "BIG", 0)   # every battle, however small
    odds_module._odds.cache_clear()
    try:
        for attacker, defender, options, recorded in RECORDED:
            odds = battle_odds(attacker, defender, **options)
            assert digest(odds) == recorded
            assert all(type(p.numerator) is int and type(p.denominator) is int for p in odds.values())
    finally:
        odds_module._odds.cache_clear()
