"""The Palace and the Pavilion: treasures given for a face-up Envoy (scored at once) or Rumor (kept secret)."""
from __future__ import annotations

import pytest

from games.ninjato import palace
from games.ninjato.errors import RuleError
from tests.ninjato.table import act, new_game, only, treasure

SCROLL, VASE, JADE, GOLD = (treasure("scroll", 2, 1), treasure("vase", 3, 2), treasure("jade", 4, 3),
                            treasure("gold", 5, 4))


def envoy(clan: str, age: int, requires: list[str]) -> dict:
    return {"id": f"envoy-{clan}-{age}", "clan": clan, "age": age, "requires": requires}


def rumor(n: int, cost: list[str]) -> dict:
    return {"id": f"rumor-{n}", "cost": cost, "counts": "skills", "bonus": 1, "multiplier": 2}


def holding(*treasures: dict) -> tuple[dict, object]:
    state, stream = new_game()
    state["ninja"]["ann"]["treasures"] = list(treasures)
    return state, stream


def test_an_envoy_is_taken_for_the_treasures_it_asks_and_they_score_their_value_at_once():
    state, stream = holding(SCROLL, VASE, JADE)
    state["palace"][0] = envoy("taira", 5, ["vase", "scroll"])
    state, events = act(state, stream, "ann", "palace", envoy="envoy-taira-5", treasures=["treasure-1", "treasure-2"])
    ann = state["ninja"]["ann"]
    assert ann["honour"] == 5 and ann["treasures"] == [JADE] and ann["envoys"][0]["id"] == "envoy-taira-5"
    assert only(events, "honour")[0] == {"kind": "honour", "audience": "all", "player": "ann", "change": 5,
                                         "total": 5, "source": "palace", "envoy": "envoy-taira-5"}
    assert state["decks"]["bag"]["discard"] == [SCROLL, VASE]


def test_the_palace_row_is_filled_again_from_the_envoy_deck():
    state, stream = holding(GOLD)
    state["palace"][0] = envoy("minamoto", 6, ["gold"])
    top = state["decks"]["envoys"]["draw"][0]
    state, _ = act(state, stream, "ann", "palace", envoy="envoy-minamoto-6", treasures=["treasure-4"])
    assert len(state["palace"]) == 4 and state["palace"][-1] == top


def test_any_in_a_requirement_takes_a_treasure_of_any_kind():
    state, stream = holding(SCROLL, GOLD)
    state["palace"][0] = envoy("taira", 9, ["scroll", "any"])
    state, _ = act(state, stream, "ann", "palace", envoy="envoy-taira-9", treasures=["treasure-4", "treasure-1"])
    assert state["ninja"]["ann"]["honour"] == 7


@pytest.mark.parametrize("given", [["treasure-1"], ["treasure-1", "treasure-3"], ["treasure-1", "treasure-2",
                                                                                   "treasure-3"]])
def test_treasures_that_do_not_meet_the_requirement_exactly_are_refused(given):
    state, stream = holding(SCROLL, VASE, JADE)
    state["palace"][0] = envoy("taira", 5, ["vase", "scroll"])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "palace", envoy="envoy-taira-5", treasures=given)
    assert refused.value.code == "requirement-not-met"


def test_a_treasure_not_held_is_refused():
    state, stream = holding(SCROLL)
    state["palace"][0] = envoy("taira", 1, ["scroll"])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "palace", envoy="envoy-taira-1", treasures=["treasure-7"])
    assert refused.value.code == "treasure-not-held"


def test_a_rumor_is_taken_at_the_pavilion_for_its_cost_and_scores_nothing_then():
    state, stream = holding(SCROLL)
    state["pavilion"][0] = rumor(99, ["scroll"])
    state, events = act(state, stream, "ann", "pavilion", rumor="rumor-99", treasures=["treasure-1"])
    ann = state["ninja"]["ann"]
    assert ann["rumors"] == [rumor(99, ["scroll"])] and ann["honour"] == 0 and ann["treasures"] == []
    assert len(state["pavilion"]) == 4 and not only(events, "honour")


def test_a_card_not_in_the_row_is_refused_by_the_code_the_check_names_it_by():
    state, stream = holding(SCROLL)
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "pavilion", rumor="rumor-999", treasures=["treasure-1"])
    assert refused.value.code == "card-taken"
    assert palace.card_obstacle(state, "pavilion", "rumor-999").code == "card-taken"
