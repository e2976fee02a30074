"""Ninjato's rounds: three shuriken each in turn order, a raid played out before the next, 7 rounds."""
from __future__ import annotations

import re

import pytest

from games.ninjato import rounds
from games.ninjato.errors import RuleError
from tests.ninjato.table import act, guard, kinds, lay_house, new_game, only, treasure


def dojo_visit(state: dict, stream, player: str) -> tuple[dict, list[dict]]:
    take = ["deck"] * (4 if not state["ninja"][player]["hand"] else 3 if len(state["ninja"][player]["hand"]) == 1
                       else 2)
    over = len(state["ninja"][player]["hand"]) + len(take) - 7
    discard = state["ninja"][player]["hand"][:max(over, 0)]
    return act(state, stream, player, "dojo", take=take, discard=discard)


def play_round(state: dict, stream) -> tuple[dict, list[dict]]:
    events = []
    while rounds.to_act(state):
        state, happened = dojo_visit(state, stream, rounds.to_act(state))
        events += happened
    state, happened = rounds.end_round(state, {}, stream)
    return state, events + happened


def test_ninjas_place_in_turn_order_three_shuriken_each():
    state, stream = new_game(("ann", "bob", "cid"))
    placed = []
    while rounds.to_act(state):
        placed.append(rounds.to_act(state))
        state, _ = dojo_visit(state, stream, placed[-1])
    assert placed == ["ann", "bob", "cid"] * 3
    assert [p["player"] for p in state["placements"]] == placed


def test_a_ninja_out_of_turn_is_refused():
    state, stream = new_game()
    with pytest.raises(RuleError) as refused:
        act(state, stream, "bob", "dojo", take=["deck"] * 2, discard=[])
    assert refused.value.code == "not-your-turn" and refused.value.values["to_act"] == "ann"


def test_a_raid_is_played_out_before_anyone_places_again():
    state, stream = new_game()
    lay_house(state, "house-1", guard(3), [treasure("scroll", 2, 1), treasure("vase", 3, 2)])
    state, _ = act(state, stream, "ann", "raid", house="house-1", approach="strength")
    assert rounds.to_act(state) == "ann"
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "dojo", take=["deck"] * 2, discard=[])
    assert refused.value.code == "raid-under-way"
    state, _ = act(state, stream, "ann", "fail")
    assert rounds.to_act(state) == "bob"


def test_the_act_leaves_the_state_it_was_given_as_it_was():
    state, stream = new_game()
    before = repr(state)
    act(state, stream, "ann", "dojo", take=["deck"] * 2, discard=[])
    assert repr(state) == before


def test_a_round_ends_only_when_every_shuriken_is_placed():
    state, stream = new_game()
    with pytest.raises(RuleError) as refused:
        rounds.end_round(state, {}, stream)
    assert refused.value.code == "round-not-over" and refused.value.values["placements_left"] == 6


def test_a_beaten_house_opens_at_the_end_of_the_round_with_a_new_sentry_and_three_treasures():
    state, stream = new_game()
    state["houses"]["house-2"].update(closed=True, sentry=None, treasures=[])
    state["turn"] = 6
    state, events = rounds.end_round(state, {}, stream)
    house = state["houses"]["house-2"]
    assert not house["closed"] and house["sentry"] and len(house["treasures"]) == 3
    assert only(events, "house_refilled")[0]["house"] == "house-2"


def test_the_end_of_a_round_readies_the_skills_and_fills_the_sensei_row():
    state, stream = new_game(("ann", "bob", "cid"))
    tile = state["sensei"].pop(0)
    state["ninja"]["ann"]["skills"].append({**tile, "used": True})
    state["turn"] = 9
    state, _ = rounds.end_round(state, {}, stream)
    assert state["ninja"]["ann"]["skills"][0]["used"] is False
    assert len(state["sensei"]) == 3 and state["round"] == 2 and state["turn"] == 0


def test_the_game_lasts_seven_rounds_with_clan_scoring_after_the_third_fifth_and_seventh():
    state, stream = new_game()
    scored = []
    for number in range(1, 8):
        assert not state["over"] and state["round"] == number
        state, events = play_round(state, stream)
        if "clan_scoring" in kinds(events):
            scored.append(number)
    assert state["over"] and scored == [3, 5, 7]
    assert kinds(events)[-1] == "game_over"
    with pytest.raises(RuleError) as refused:
        act(state, stream, state["order"][0], "dojo", take=["deck"] * 2, discard=[])
    assert refused.value.code == "game-over"


def test_events_are_kinds_and_values_never_sentences():
    state, stream = new_game()
    events = []
    for _ in range(3):
        state, happened = play_round(state, stream)
        events += happened
    words = re.compile(r"\s")
    for ev in events:
        assert re.fullmatch(r"[a-z_]+", ev["kind"])
        texts = [v for v in ev.values() if isinstance(v, str)]
        assert not any(words.search(text) for text in texts), ev
