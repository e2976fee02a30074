"""The Dojo: 4, 3 or 2 cards by the hand's size, from the row or the deck; the hand limit of 7; the stack."""
from __future__ import annotations

import pytest

from games.ninjato import dojo, rounds
from games.ninjato.errors import RuleError
from tests.ninjato.table import act, new_game, only


def at_dojo(hand: list[int], row=(1, 2, 5), deck=(4, 4, 4, 4, 3, 3)) -> tuple[dict, object]:
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = list(hand)
    state["dojo_row"] = list(row)
    state["decks"]["dojo"]["draw"] = list(deck)
    return state, stream


@pytest.mark.parametrize("hand, allowed", [([], 4), ([2], 3), ([2, 3], 2), ([1, 2, 3, 4, 5, 5, 5], 2)])
def test_a_visit_takes_four_cards_with_an_empty_hand_three_with_one_and_two_with_more(hand, allowed):
    assert dojo.allowance(hand) == allowed
    state, stream = at_dojo(hand)
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "dojo", take=["deck"] * (allowed + 1), discard=[])
    assert refused.value.code == "wrong-number-of-cards"


def test_cards_come_from_the_row_and_the_deck_in_any_mix_and_the_row_is_refilled_after():
    state, stream = at_dojo([], row=(1, 2, 5), deck=(4, 3, 3, 1))
    state, events = act(state, stream, "ann", "dojo", take=[5, 2, "deck", "deck"], discard=[])
    assert state["ninja"]["ann"]["hand"] == [2, 3, 4, 5]
    assert state["dojo_row"] == [1, 3, 1]
    assert only(events, "dojo")[0]["face_up"] == [5, 2] and only(events, "dojo")[0]["from_deck"] == 2


def test_a_take_cannot_use_the_cards_that_replace_those_taken():
    state, stream = at_dojo([1, 1], row=(5, 2, 2), deck=(5, 5))
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "dojo", take=[5, 5], discard=[])
    assert refused.value.code == "not-in-dojo-row"


def test_the_cards_drawn_from_the_deck_are_told_to_the_ninja_alone():
    state, stream = at_dojo([1, 1], deck=(4, 3))
    _, events = act(state, stream, "ann", "dojo", take=["deck", 2], discard=[])
    assert only(events, "dojo_drawn") == [{"kind": "dojo_drawn", "audience": ["ann"], "player": "ann", "cards": [4]}]
    assert "cards" not in only(events, "dojo")[0]


def test_a_hand_over_seven_discards_down_to_seven_in_sight_of_all():
    state, stream = at_dojo([1, 2, 3, 4, 5, 5, 5], row=(1, 2, 5))
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "dojo", take=[1, 2], discard=[])
    assert refused.value.code == "hand-limit"
    state, events = act(state, stream, "ann", "dojo", take=[1, 2], discard=[1, 2])
    assert len(state["ninja"]["ann"]["hand"]) == 7 and state["decks"]["dojo"]["discard"] == [1, 2]
    assert only(events, "hand_limit")[0]["audience"] == "all"


def test_a_hand_within_the_limit_discards_nothing():
    state, stream = at_dojo([1, 2])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "dojo", take=[1, 2], discard=[1])
    assert refused.value.code == "hand-limit"


def test_each_visit_stacks_a_shuriken_on_the_dojo():
    state, stream = at_dojo([], deck=(1,) * 20)
    state, _ = act(state, stream, "ann", "dojo", take=["deck"] * 4, discard=[])
    state, _ = act(state, stream, "bob", "dojo", take=["deck", "deck"], discard=[])
    assert state["dojo_stack"] == ["ann", "bob"]


def test_the_dojo_stack_from_the_top_leads_the_next_round_then_the_others_in_order():
    """The rulebook's example: Tom, Mike, Eve, Brandon; Brandon then Mike stack at the Dojo."""
    state = {"order": ["tom", "mike", "eve", "brandon"], "dojo_stack": ["brandon", "mike"]}
    assert rounds.next_order(state) == ["mike", "brandon", "tom", "eve"]


def test_only_a_ninjas_highest_shuriken_on_the_stack_counts():
    state = {"order": ["tom", "mike", "eve", "brandon"], "dojo_stack": ["eve", "mike", "tom", "eve"]}
    assert rounds.next_order(state) == ["eve", "tom", "mike", "brandon"]
