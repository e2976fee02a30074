"""The decks and the bag are shuffled from a hidden stream of their own, which the round's dice never show."""
from __future__ import annotations

import pytest

from engine.dice import Dice, recheck
from games.ninjato import decks, preparation, rounds
from games.ninjato.errors import RuleError
from tests.ninjato.table import STREAM_KEY, act, new_game
from tests.support.scripted import ScriptedDice

HIDDEN = ("dojo", "guards", "elites", "envoys", "rumors", "skills", "hensojutsu", "bag")


def orders(state: dict) -> dict:
    return {name: state["decks"][name]["draw"] for name in HIDDEN}


def test_the_rounds_dice_draw_only_the_turn_order_and_the_clan_tokens():
    dice = ScriptedDice(2, 5, 4, 3, 2)
    preparation.setup(["ann", "bob"], {}, dice, Dice(STREAM_KEY))
    assert set(dice.purposes()) == {"turn order", "clan tokens"}


def test_every_deck_and_the_bag_are_shuffled_from_the_hidden_stream():
    stream = Dice(STREAM_KEY)
    state, _ = preparation.setup(["ann", "bob"], {}, ScriptedDice(2, 5, 4, 3, 2), stream)
    assert {roll["purpose"] for roll in stream.rolls} == {f"{name} shuffle 1" for name in HIDDEN}
    assert state["hidden_stream"]["rolls"] == stream.rolls


def test_the_same_rounds_dice_with_another_hidden_seed_give_other_deck_orders():
    """So revealing a round's seed tells nothing of the decks' order."""
    first, _ = new_game(key=b"one seed")
    second, _ = new_game(key=b"another seed")
    assert first["order"] == second["order"]
    # the three Hensojutsu tiles have 6 orders, so two seeds may well agree there; every other deck is long
    assert all(orders(first)[name] != orders(second)[name] for name in HIDDEN if name != "hensojutsu")


def test_the_decks_are_recomputed_from_the_revealed_hidden_stream():
    state, stream = new_game()
    again, _ = new_game()
    assert recheck(stream.key, stream.rolls) is None
    assert orders(state) == orders(again)


def test_a_stream_out_of_step_with_the_state_is_refused():
    state, stream = new_game()
    with pytest.raises(RuleError) as refused:
        act(state, Dice(STREAM_KEY), "ann", "dojo", take=["deck", "deck"], discard=[])
    assert refused.value.code == "hidden-stream-out-of-step"
    state, _ = act(state, stream, "ann", "dojo", take=["deck", "deck"], discard=[])
    assert state["hidden_stream"]["rolls"] == stream.rolls


def test_a_refused_decision_leaves_the_hidden_stream_where_it_was():
    state, stream = new_game()
    state["decks"]["dojo"].update(draw=[], discard=[1, 2, 3, 4])
    before = len(stream.rolls)
    with pytest.raises(RuleError):
        act(state, stream, "ann", "dojo", take=["deck", "deck"], discard=[9])
    assert len(stream.rolls) == before
    act(state, stream, "ann", "dojo", take=["deck", "deck"], discard=[])


def test_an_empty_deck_takes_its_discards_shuffled_from_the_hidden_stream():
    state, stream = new_game()
    state["decks"]["dojo"].update(draw=[], discard=[1, 1, 5])
    rounds_dice_before = len(stream.rolls)
    drawn = decks.draw(state, "dojo", stream)
    assert drawn in (1, 5) and sorted(state["decks"]["dojo"]["draw"] + [drawn]) == [1, 1, 5]
    assert [r["purpose"] for r in stream.rolls[rounds_dice_before:]] == ["dojo shuffle 2"] * 2
    assert state["decks"]["dojo"]["discard"] == []


def test_a_deck_with_nothing_left_anywhere_gives_nothing():
    state, stream = new_game()
    state["decks"]["dojo"].update(draw=[], discard=[])
    assert decks.draw(state, "dojo", stream) is None


def test_a_stream_rebuilt_each_round_from_the_recorded_rolls_plays_as_one_stream():
    """The shell keeps the stream's rolls between rounds; the game cannot tell that from one stream."""
    from tests.ninjato.players import random_decision

    games = []
    for rebuilt in (False, True):
        stream = decks.hidden_stream(b"deck seed")
        state, _ = preparation.setup(["ann", "bob"], {}, ScriptedDice(2, 5, 4, 3, 2), stream)
        chooser = Dice(b"chooser")
        for _ in range(3):
            if rebuilt:
                stream = decks.hidden_stream(b"deck seed", stream.rolls)
            dojo = state["decks"]["dojo"]   # nearly all the Dojo deck discarded, so that every round shuffles
            dojo["draw"], dojo["discard"] = dojo["draw"][:3], dojo["discard"] + dojo["draw"][3:]
            while rounds.to_act(state):
                state, _ = random_decision(state, chooser, stream)
            state, _ = rounds.end_round(state, {}, stream)
        games.append((state, stream.rolls))
    assert games[0] == games[1]
    assert {"dojo shuffle 2", "dojo shuffle 3"} <= {roll["purpose"] for roll in games[0][1]}
    assert recheck(decks.hidden_stream(b"deck seed").key, games[1][1]) is None
