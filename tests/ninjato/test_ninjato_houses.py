"""Raiding a clan house: strength or stealth, the sentry and the hidden guards, kickers, Banzai, alarms and
Elite Guards, failing, leaving, and beating the house."""
from __future__ import annotations

import pytest

from games.ninjato import houses
from games.ninjato.errors import RuleError
from tests.ninjato.table import act, elite, guard, kinds, lay_house, new_game, only, treasure

SCROLL, VASE, JADE, GOLD = (treasure("scroll", 2, 1), treasure("vase", 3, 2), treasure("jade", 4, 3),
                            treasure("gold", 3, 4))


def raid(hand: list[int], sentry: dict, treasures: list[dict], approach: str = "strength", guards=(), elites=(),
         bag=None):
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = list(hand)
    lay_house(state, "house-1", sentry, treasures, guards, elites)
    if bag is not None:
        state["decks"]["bag"]["draw"] = list(bag)
    state, events = act(state, stream, "ann", "raid", house="house-1", approach=approach)
    return state, stream, events


def on_house(state: dict) -> list[tuple[str, str]]:
    return sorted((t["kind"], t["side"]) for t in state["houses"]["house-1"]["treasures"])


def test_strength_beats_a_guard_with_a_higher_card():
    state, stream, _ = raid([4], guard(3), [SCROLL, VASE])
    state, events = act(state, stream, "ann", "fight", card=4)
    assert only(events, "guard_beaten")[0]["treasure"]["kind"] == "scroll"
    assert state["raid"]["phase"] == "decide" and state["ninja"]["ann"]["hand"] == []


def test_stealth_beats_a_guard_with_a_lower_card():
    state, stream, _ = raid([2, 4], guard(3), [SCROLL, VASE], approach="stealth")
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "fight", card=4)
    assert refused.value.code == "does-not-beat"
    state, _ = act(state, stream, "ann", "fight", card=2)
    assert state["raid"]["shuriken"] == [SCROLL]


@pytest.mark.parametrize("approach", ["strength", "stealth"])
def test_a_tie_does_not_win(approach):
    state, stream, _ = raid([3], guard(3), [SCROLL], approach=approach)
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "fight", card=3)
    assert refused.value.code == "does-not-beat"


def test_a_3_played_as_a_kicker_gives_one_more_or_one_less_and_several_may_go_on_one_card():
    state, stream, _ = raid([3, 3, 4], guard(5), [SCROLL, VASE])
    state, events = act(state, stream, "ann", "fight", card=4, kickers=[1, 1])
    assert only(events, "guard_beaten")[0]["total"] == 6 and state["ninja"]["ann"]["hand"] == []
    state, stream, _ = raid([1, 3], guard(1), [SCROLL, VASE], approach="stealth")
    state, events = act(state, stream, "ann", "fight", card=1, kickers=[-1])
    assert only(events, "guard_beaten")[0]["total"] == 0


def test_a_kicker_needs_a_3_in_hand():
    state, stream, _ = raid([4, 2], guard(4), [SCROLL])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "fight", card=4, kickers=[1])
    assert refused.value.code == "card-not-in-hand"


def test_treasures_are_taken_plain_ones_first_from_the_least_valuable_and_gold_counts_as_the_most():
    cheap_gold = treasure("gold", 2, 5)
    state, stream, _ = raid([5, 5, 5, 5], guard(1), [{**JADE}, cheap_gold, SCROLL, VASE],
                            guards=[guard(1, n=901), guard(1, n=902), guard(1, n=903)])
    state["houses"]["house-1"]["treasures"][0]["side"] = "red"   # the jade
    taken = []
    for step in range(4):
        state, events = act(state, stream, "ann", "fight", card=5)
        taken.append(only(events, "guard_beaten")[0]["treasure"]["kind"])
        if step < 3:
            state, _ = act(state, stream, "ann", "banzai")
    assert taken == ["scroll", "vase", "gold", "jade"]


def test_banzai_reveals_a_guard_while_a_plain_treasure_is_left_and_an_elite_when_only_red_ones_are():
    state, stream, _ = raid([5, 5], guard(2), [SCROLL, VASE], guards=[guard(4)], elites=[elite(4, 1)])
    state["houses"]["house-1"]["treasures"][1]["side"] = "red"
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "banzai")
    assert only(events, "banzai")[0]["guard"] == elite(4, 1)
    state, stream, _ = raid([5, 5], guard(2), [SCROLL, VASE], guards=[guard(4)], elites=[elite(4, 1)])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "banzai")
    assert only(events, "banzai")[0]["guard"] == guard(4)


def test_an_elite_guard_is_beaten_by_its_own_value_for_the_way_the_raid_goes():
    state, stream, _ = raid([5, 4], guard(2), [SCROLL, {**VASE}], elites=[elite(4, 1)])
    state["houses"]["house-1"]["treasures"][1]["side"] = "red"
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    with pytest.raises(RuleError):
        act(state, stream, "ann", "fight", card=4)


def test_a_beaten_elite_guard_stays_with_the_ninja_and_other_guards_go_to_the_discard():
    state, stream, _ = raid([5, 5, 3], guard(2), [SCROLL, VASE, JADE], guards=[guard(1, n=901)],
                            elites=[elite(4, 1)])
    state["houses"]["house-1"]["treasures"][2]["side"] = "red"
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=3)
    assert state["decks"]["guards"]["discard"] == [guard(1, n=901)]
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=5)
    assert state["ninja"]["ann"]["elites"] == [elite(4, 1)]


def test_an_alarm_adds_a_treasure_from_the_bag_and_turns_the_most_valuable_plain_one_red():
    state, stream, _ = raid([5, 5], guard(1), [SCROLL, VASE, GOLD], guards=[guard(2, alarm=True)], bag=[JADE])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "banzai")
    assert kinds(events) == ["banzai", "treasure_added", "alarm"]
    assert on_house(state) == [("gold", "red"), ("jade", "plain"), ("vase", "plain")]
    assert only(events, "alarm")[0]["turned_red"]["kind"] == "gold"


def test_a_sentrys_alarm_is_ignored():
    state, stream, events = raid([5], guard(1, alarm=True), [SCROLL, VASE], bag=[JADE])
    state, beaten = act(state, stream, "ann", "fight", card=5)
    assert "alarm" not in kinds(events + beaten) and on_house(state) == [("vase", "plain")]


def test_the_rulebooks_raid_on_a_taira_house():
    """A sentry 5 guards the scroll; stealth beats it; Banzai shows a 1 with an alarm (a jade comes in, the gold
    turns red); a 1 with a 3 kicking -1 beats it for the vase; the next guard gives the jade; with only the red
    gold left, the ninja leaves with three treasures and a new one goes into the house."""
    state, stream, _ = raid([4, 1, 3, 2], guard(5), [SCROLL, VASE, GOLD], approach="stealth",
                            guards=[guard(1, alarm=True), guard(4, n=901)], bag=[JADE, treasure("scroll", 2, 9)])
    assert state["houses"]["house-1"]["clan"] == "taira"
    state, _ = act(state, stream, "ann", "fight", card=4)
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=1, kickers=[-1])
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=2)
    state, events = act(state, stream, "ann", "leave")
    assert sorted(t["kind"] for t in state["ninja"]["ann"]["treasures"]) == ["jade", "scroll", "vase"]
    assert on_house(state) == [("gold", "red"), ("scroll", "plain")]
    assert state["houses"]["house-1"]["sentry"] == guard(5) and state["raid"] is None


def test_leaving_takes_every_treasure_on_the_shuriken_and_the_house_gets_one_more():
    state, stream, _ = raid([5, 5], guard(1), [SCROLL, VASE, JADE], guards=[guard(2)], bag=[GOLD])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "leave")
    assert state["ninja"]["ann"]["treasures"] == [SCROLL, VASE]
    assert on_house(state) == [("gold", "plain"), ("jade", "plain")]
    assert kinds(events) == ["left", "treasure_added"]


def test_failing_keeps_one_treasure_from_the_shuriken_loses_the_rest_and_the_sentry_recovers():
    state, stream, _ = raid([5, 5, 1], guard(1), [SCROLL, VASE, JADE], guards=[guard(2), guard(5, n=901)],
                            bag=[GOLD])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    state, events = act(state, stream, "ann", "fail")
    assert state["ninja"]["ann"]["treasures"] == [VASE]
    assert state["decks"]["bag"]["discard"] == [SCROLL]
    assert on_house(state) == [("gold", "plain"), ("jade", "plain")]
    assert state["houses"]["house-1"]["sentry"] == guard(1)
    assert only(events, "failed")[0]["lost"] == [SCROLL]


def test_a_ninja_who_fails_may_name_the_treasure_he_keeps():
    state, stream, _ = raid([5, 5], guard(1), [SCROLL, VASE, JADE], guards=[guard(2), guard(5, n=901)])
    for step in ("fight", "banzai", "fight", "banzai"):
        state, _ = act(state, stream, "ann", step, **({"card": 5} if step == "fight" else {}))
    state, _ = act(state, stream, "ann", "fail", keep=SCROLL["id"])
    assert state["ninja"]["ann"]["treasures"] == [SCROLL]


def test_failing_against_the_sentry_gains_nothing_and_the_house_may_be_raided_again():
    state, stream, _ = raid([1], guard(3), [SCROLL], bag=[VASE])
    state, _ = act(state, stream, "ann", "fail")
    assert state["ninja"]["ann"]["treasures"] == [] and not state["houses"]["house-1"]["closed"]
    state["ninja"]["bob"]["hand"] = [5]
    state, _ = act(state, stream, "bob", "raid", house="house-1", approach="strength")
    assert state["raid"]["guard"] == guard(3)


def test_beating_every_guard_changes_the_houses_clan_and_closes_it_for_the_round():
    state, stream, _ = raid([5, 5], guard(1), [SCROLL, VASE], guards=[guard(2)])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai")
    state, events = act(state, stream, "ann", "fight", card=5)
    assert only(events, "guard_beaten")[0]["last"] and state["raid"]["phase"] == "claim"
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "claim", clan="taira", worth=5)
    assert refused.value.code == "claim-own-clan"
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "claim", clan="minamoto", worth=3)
    assert refused.value.code == "token-not-in-pile"
    state, events = act(state, stream, "ann", "claim", clan="minamoto", worth=8)
    house = state["houses"]["house-1"]
    assert (house["clan"], house["worth"], house["closed"], house["treasures"]) == ("minamoto", 8, True, [])
    assert state["clan_pile"]["taira"] == [2, 5, 6, 8] and 8 not in state["clan_pile"]["minamoto"]
    assert state["ninja"]["ann"]["treasures"] == [SCROLL, VASE]
    assert guard(1) in state["decks"]["guards"]["discard"] and house["sentry"] is None
    assert only(events, "house_beaten")[0]["from"] == {"clan": "taira", "worth": 2}


def test_nobody_may_raid_a_closed_house():
    state, stream = new_game()
    state["houses"]["house-3"]["closed"] = True
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "raid", house="house-3", approach="stealth")
    assert refused.value.code == "house-closed"


def test_banzai_is_called_only_after_a_guard_is_beaten_and_leaving_only_between_guards():
    state, stream, _ = raid([5], guard(1), [SCROLL, VASE])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "banzai")
    assert refused.value.code == "not-now-in-raid"
    with pytest.raises(RuleError):
        act(state, stream, "ann", "leave")


def test_the_guards_that_may_come_next_are_the_boxs_less_those_in_sight():
    from games.ninjato.view import view

    state, _ = new_game()
    drawn = state["decks"]["guards"]["draw"]
    state["decks"]["guards"]["discard"] = [drawn.pop(0)]
    unseen = houses.unseen_guards(view(state, "bob"), "guards")
    assert sorted(g["id"] for g in unseen) == sorted(g["id"] for g in drawn) and len(unseen) == 34
    state["ninja"]["ann"]["elites"] = [state["decks"]["elites"]["draw"].pop()]
    assert len(houses.unseen_guards(view(state, "bob"), "elites")) == 19
