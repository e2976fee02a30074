"""The first part of an Ikusa report: what happened to the player this round (games/ikusa/summary.py), and how
the report puts it before everything else."""
from __future__ import annotations

import pytest

from games.ikusa.chronicle import chronicle
from games.ikusa.summary import summary
from pbem import render
from tests.ikusa.report_battery import model, played


def view_of(you: str = "ann", **more) -> dict:
    """A view as small as the summary reads: three players, ann's provinces and armies."""
    seen = {"you": you, "your_sides": [you], "players": ["ann", "bob", "cho"], "round": 2,
            "colours": {"ann": ["red"], "bob": ["blue"], "cho": ["orange"]},
            "koku": {"ann": 7, "bob": 3, "cho": 4},
            "provinces": {"owari": {"owner": "ann"}, "mino": {"owner": "bob"}, "kai": {"owner": "ann"}},
            "armies": {"red-1": {"player": "ann", "colour": "red", "status": "active"},
                       "red-2": {"player": "ann", "colour": "red", "status": "lost"},
                       "blue-1": {"player": "bob", "colour": "blue", "status": "active"}}}
    return {**seen, **more}


def battle(number: int, attacker: str, defender: str, target: str, outcome: str) -> list[dict]:
    return [{"kind": "battle_started", "battle": number, "player": attacker, "defender_player": defender,
             "target": target},
            {"kind": "battle_ended", "battle": number, "outcome": outcome}]


def test_a_battle_is_told_from_the_players_side_and_the_battles_of_others_are_left_out():
    events = (battle(1, "ann", "bob", "mino", "attacker_won") + battle(2, "bob", "ann", "kai", "attacker_won")
              + battle(3, "bob", "cho", "owari", "defender_won") + battle(4, "cho", "ann", "kai", "both_eliminated"))
    told = summary(view_of(), events)
    assert told["battles"] == [
        {"target": "mino", "role": "attacker", "outcome": "won", "against": "bob", "count": 1},
        {"target": "kai", "role": "defender", "outcome": "lost", "against": "bob", "count": 1},
        {"target": "kai", "role": "defender", "outcome": "both_eliminated", "against": "cho", "count": 1}]


def test_alike_battles_are_told_once_with_their_number():
    events = [e for n in (1, 2, 3) for e in battle(n, "bob", "ann", "kai", "defender_won")]
    [told] = summary(view_of(), events + battle(4, "bob", "ann", "kai", "attacker_won"))["battles"][:1]
    assert told == {"target": "kai", "role": "defender", "outcome": "won", "against": "bob", "count": 3}


def test_a_province_lost_and_taken_back_in_the_round_is_told_as_taken_and_not_as_lost():
    events = [{"kind": "province_lost", "province": "owari", "player": "ann"},
              {"kind": "province_conquered", "province": "owari", "player": "ann"},
              {"kind": "province_lost", "province": "kai", "player": "ann"},
              {"kind": "province_lost", "province": "mino", "player": "bob"}]
    told = summary(view_of(), events)
    assert (told["taken"], told["lost"]) == (["owari"], ["kai"])


def test_the_players_holdings_and_koku_are_counted_from_the_view():
    events = [{"kind": "koku_collected", "player": "ann", "koku": 3}, {"kind": "koku_collected", "player": "bob",
                                                                      "koku": 2}]
    told = summary(view_of(), events)
    assert (told["provinces"], told["armies"], told["koku"], told["collected"]) == (2, 1, 7, 3)


def test_the_public_record_has_no_first_part():
    assert summary(view_of(you=None, your_sides=[]), []) is None
    assert chronicle(view_of(round=0), [], 1)["you"] is None


def test_the_first_part_comes_before_the_rounds_actions_and_says_when_and_how_to_answer_in_both_languages():
    shown = next(report for report in reports() if fought(report))
    for language, heading, answer in (("en", "What happened to you this round", "answer this mail"),
                                      ("es", "Lo que te ha pasado en esta ronda", "responde a este correo")):
        text = render.render_text({**shown, "language": language, "deadline": "2027-01-08T20:00:00Z",
                                   "order_form": "round = 9\n"})
        first = text.index(heading)
        assert first < text.index("\n---", text.index("-" * 72) + 72)   # before the first action's heading
        assert answer in text[first:text.index("\n\n", first)]


@pytest.mark.slow
def test_in_every_report_of_the_battery_the_first_part_counts_each_battle_once_and_agrees_with_the_board():
    compared = battles = 0
    for shown in reports():
        you, view = shown["player"], shown["view"]
        told = chronicle(view, shown["events"], shown["round"])["you"]
        if told is None:
            continue
        assert sum(b["count"] for b in told["battles"]) == len(fought(shown))
        assert all(view["provinces"][pid]["owner"] == you for pid in told["taken"])
        assert all(view["provinces"][pid]["owner"] != you for pid in told["lost"])
        compared += 1
        battles += len(fought(shown))
    assert compared >= 100 and battles >= 100


def reports():
    """The battery's report models (tests/ikusa/report_battery.py), game by game."""
    return (model(state, events, number, player) for game, state, events, number, player in played())


def fought(shown: dict) -> list[dict]:
    """The battles the report's player fought, on either side."""
    return [e for e in shown["events"]
            if e["kind"] == "battle_started" and shown["player"] in (e["player"], e["defender_player"])]
