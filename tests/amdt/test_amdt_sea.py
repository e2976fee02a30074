"""13.3 Sea battles: the procedure with scripted dice, and the exact odds against a brute force and a seeded count."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from engine.dice import Dice
from games.amdt.sea import OUTCOMES, fight_sea_battle, sea_battle_odds
from tests.support.scripted import ScriptedDice


def kinds(result: dict) -> list[str]:
    return [ev["kind"] for ev in result["events"]]


def volleys(result: dict) -> list[tuple[int, str, list[int], int]]:
    return [(ev["round"], ev["side"], ev["rolls"], ev["hits"]) for ev in result["events"] if ev["kind"] == "volley"]


def test_a_five_or_a_six_hits_and_nothing_lower_does():
    result = fight_sea_battle(1, 1, ScriptedDice(4, 5))
    assert volleys(result) == [(1, "attacker", [4], 0), (1, "defender", [5], 1)]
    assert (result["outcome"], result["attacker"], result["defender"]) == ("defender_won", 0, 1)


def test_each_side_rolls_one_die_per_unit_left():
    dice = ScriptedDice(6, 1, 1, 1, 1, 1,   # round 1: the attacker's 3 dice (one hit), the defender's 3 (none)
                        6, 6, 1, 1, 1)      # round 2: the attacker's 3 dice (two hits), the defender's 2
    result = fight_sea_battle(3, 3, dice, purpose="sea")
    assert [len(rolls) for _, _, rolls, _ in volleys(result)] == [3, 3, 3, 2]
    assert (result["outcome"], result["attacker"], result["rounds"]) == ("attacker_won", 3, 2)
    assert dice.purposes()[:4] == ["sea round 1 attacker"] * 3 + ["sea round 1 defender"]


def test_fire_is_simultaneous_so_both_sides_can_go_down_in_one_round():
    result = fight_sea_battle(1, 1, ScriptedDice(6, 6))
    assert result["outcome"] == "both_destroyed"
    assert (result["attacker"], result["defender"], result["rounds"]) == (0, 0, 1)


def test_nobody_retreats_the_battle_goes_on_until_one_side_is_destroyed():
    dice = ScriptedDice(1, 2, 3, 4, 4, 3, 6, 1)   # two empty rounds, then the attacker hits
    result = fight_sea_battle(1, 1, dice)
    assert (result["outcome"], result["rounds"]) == ("attacker_won", 4)
    assert "retreat" not in kinds(result) and "withdrawal" not in kinds(result)


def test_hits_beyond_a_side_s_units_are_lost():
    result = fight_sea_battle(3, 1, ScriptedDice(5, 6, 6, 1))
    losses = [ev for ev in result["events"] if ev["kind"] == "losses"]
    assert [(ev["side"], ev["hits"], ev["lost"], ev["left"]) for ev in losses] == [("defender", 3, 1, 0)]
    assert (result["outcome"], result["attacker"]) == ("attacker_won", 3)


def test_murakami_gives_plus_one_and_the_iron_ship_plus_two_initiative_and_leaders_nothing():
    result = fight_sea_battle(1, 1, ScriptedDice(6, 1), murakami="defender", iron_ship="attacker")
    told = {ev["side"]: (ev["murakami"], ev["iron_ship"], ev["total"]) for ev in result["events"]
            if ev["kind"] == "initiative"}
    assert told == {"attacker": (0, 2, 2), "defender": (1, 0, 1)}
    plain = fight_sea_battle(1, 1, ScriptedDice(6, 1))
    assert [ev["total"] for ev in plain["events"] if ev["kind"] == "initiative"] == [0, 0]


def test_initiative_changes_neither_the_rolls_nor_the_hits_nor_the_outcome():
    script = (5, 1, 2, 1, 1, 4, 6, 2, 2)
    plain = fight_sea_battle(3, 2, ScriptedDice(*script))
    modified = fight_sea_battle(3, 2, ScriptedDice(*script), murakami="defender", iron_ship="defender")
    assert volleys(modified) == volleys(plain)
    assert (modified["outcome"], modified["attacker"], modified["defender"]) == \
        (plain["outcome"], plain["attacker"], plain["defender"])


def test_a_sea_battle_needs_units_on_both_sides_and_known_side_names():
    with pytest.raises(ValueError, match="at least one unit"):
        fight_sea_battle(0, 2, ScriptedDice())
    with pytest.raises(ValueError, match="not a side"):
        fight_sea_battle(1, 1, ScriptedDice(), murakami="mori")
    with pytest.raises(ValueError, match="at least one unit"):
        sea_battle_odds(2, 0)


def test_the_events_are_typed_data_without_english():
    result = fight_sea_battle(2, 2, ScriptedDice(5, 1, 6, 6))
    for ev in result["events"]:
        assert ev["kind"] in ("initiative", "volley", "losses")
        assert all(not isinstance(v, str) or v in ("attacker", "defender", "all") for k, v in ev.items()
                   if k != "kind"), ev


# --- exact odds ---------------------------------------------------------------------------------------------------

def test_one_ship_against_one_wins_two_fifths_and_both_sink_one_fifth():
    # per round: only the attacker hits 1/3 x 2/3, both 1/9, nobody 4/9; the empty rounds are divided out
    assert sea_battle_odds(1, 1) == {"attacker_won": Fraction(2, 5), "defender_won": Fraction(2, 5),
                                     "both_destroyed": Fraction(1, 5)}


@cache
def brute_force(a: int, b: int) -> tuple[Fraction, Fraction, Fraction]:
    """Every face of every die of a round (6**(a+b) ways), the empty rounds summed as a geometric series."""
    if a == 0 or b == 0:
        return (Fraction(int(b == 0 and a > 0)), Fraction(int(a == 0 and b > 0)), Fraction(int(a == b == 0)))
    stay, moves = 0, {}
    for faces in product(range(1, 7), repeat=a + b):
        a_hits = sum(face >= 5 for face in faces[:a])
        b_hits = sum(face >= 5 for face in faces[a:])
        if a_hits == b_hits == 0:
            stay += 1
            continue
        after = (max(0, a - b_hits), max(0, b - a_hits))
        moves[after] = moves.get(after, 0) + 1
    total = 6 ** (a + b)
    chances = [Fraction(0)] * 3
    for after, ways in moves.items():
        for i, p in enumerate(brute_force(*after)):
            chances[i] += Fraction(ways, total - stay) * p
    return tuple(chances)


@pytest.mark.parametrize("a,b", [(1, 2), (2, 2), (3, 1), (2, 3), (3, 3), (4, 2)])
def test_the_odds_agree_with_a_brute_force_over_every_face(a, b):
    assert tuple(sea_battle_odds(a, b)[outcome] for outcome in OUTCOMES) == brute_force(a, b)


def test_the_odds_agree_with_a_seeded_count_of_fought_battles():
    dice = Dice(b"amdt sea battle count")
    battles = 1500
    counts = dict.fromkeys(OUTCOMES, 0)
    for _ in range(battles):
        counts[fight_sea_battle(5, 4, dice)["outcome"]] += 1
    odds = sea_battle_odds(5, 4)
    for outcome in OUTCOMES:
        p = float(odds[outcome])
        margin = 4 * (p * (1 - p) / battles) ** 0.5
        assert abs(counts[outcome] / battles - p) < margin, (outcome, counts, p)


def test_the_odds_sum_to_one_and_are_the_same_seen_from_either_side():
    for a, b in [(1, 4), (6, 5), (12, 9)]:
        odds, mirrored = sea_battle_odds(a, b), sea_battle_odds(b, a)
        assert sum(odds.values()) == 1
        assert (odds["attacker_won"], odds["both_destroyed"]) == (mirrored["defender_won"],
                                                                  mirrored["both_destroyed"])


def test_one_more_ship_never_lowers_a_side_s_chance():
    for a, b in [(1, 1), (2, 5), (7, 7)]:
        assert sea_battle_odds(a + 1, b)["attacker_won"] > sea_battle_odds(a, b)["attacker_won"]


def test_a_large_battle_is_exact_in_reasonable_time():
    odds = sea_battle_odds(20, 16)
    assert sum(odds.values()) == 1
    assert odds["attacker_won"] > Fraction(9, 10)
