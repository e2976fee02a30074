"""The Sensei: skills learned for the card on their tile, the style discount, Hensojutsu, and each skill once a
round in the raids (value, switch, kicker, ignore an alarm, look at the next guard)."""
from __future__ import annotations

import pytest

from games.ninjato import rounds
from games.ninjato.errors import RuleError
from tests.ninjato.table import act, guard, kinds, lay_house, new_game, only, treasure


def tile(name: str, style: str = "tiger", cost=2, effect: str = "value", **values) -> dict:
    return {"id": name, "name": name, "style": style, "cost": cost, "effect": effect, **values}


def at_sensei(hand: list[int], offered: list[dict], known: list[dict] = ()) -> tuple[dict, object]:
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = list(hand)
    state["ninja"]["ann"]["skills"] = [{**t, "used": False} for t in known]
    state["sensei"] = list(offered)
    return state, stream


def test_a_skill_is_learned_for_the_dojo_card_shown_on_its_tile():
    state, stream = at_sensei([2, 4], [tile("taijutsu", cost=2, mode="strength", amount=1)])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "sensei", skill="taijutsu", pay=4)
    assert refused.value.code == "wrong-payment"
    state, events = act(state, stream, "ann", "sensei", skill="taijutsu", pay=2)
    assert state["ninja"]["ann"]["hand"] == [4] and state["decks"]["dojo"]["discard"] == [2]
    assert state["ninja"]["ann"]["skills"][0]["id"] == "taijutsu" and state["sensei"] == []
    assert only(events, "skill_learned")[0]["discount"] is False


def test_a_question_mark_takes_any_card():
    state, stream = at_sensei([5], [tile("yarijutsu", cost="?", mode="strength", amount=1)])
    state, _ = act(state, stream, "ann", "sensei", skill="yarijutsu", pay=5)
    assert state["ninja"]["ann"]["hand"] == []


def test_a_skill_of_a_style_already_known_costs_only_the_shuriken():
    known = tile("taijutsu", cost=2, mode="strength", amount=1)
    state, stream = at_sensei([5], [tile("bojutsu", cost=5, mode="strength", amount=3)], known=[known])
    with pytest.raises(RuleError):
        act(state, stream, "ann", "sensei", skill="bojutsu", pay=5)
    state, events = act(state, stream, "ann", "sensei", skill="bojutsu", pay=None)
    assert state["ninja"]["ann"]["hand"] == [5] and only(events, "skill_learned")[0]["discount"] is True


def test_the_discount_is_for_the_same_style_only():
    known = tile("intonjutsu", style="snake", mode="stealth", amount=2)
    state, stream = at_sensei([5], [tile("bojutsu", cost=5, mode="strength", amount=3)], known=[known])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "sensei", skill="bojutsu", pay=None)
    assert refused.value.code == "wrong-payment"


def test_hensojutsu_is_learned_from_its_own_stack():
    state, stream = at_sensei([1], [])
    state, events = act(state, stream, "ann", "sensei", skill="hensojutsu", pay=1)
    assert state["ninja"]["ann"]["skills"][0]["name"] == "hensojutsu"
    assert len(state["decks"]["hensojutsu"]["draw"]) == 2 and only(events, "skill_learned")[0]["source"] == "hensojutsu"


def test_a_skill_not_offered_is_refused():
    state, stream = at_sensei([1], [tile("taijutsu", mode="strength", amount=1)])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "sensei", skill="kenjutsu", pay=1)
    assert refused.value.code == "skill-not-offered"


def raiding(hand, skills, sentry, treasures, approach="strength", guards=(), bag=None):
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = list(hand)
    state["ninja"]["ann"]["skills"] = [{**t, "used": False} for t in skills]
    lay_house(state, "house-1", sentry, treasures, guards)
    if bag is not None:
        state["decks"]["bag"]["draw"] = list(bag)
    state, _ = act(state, stream, "ann", "raid", house="house-1", approach=approach)
    return state, stream


SCROLL, VASE, JADE = treasure("scroll", 2, 1), treasure("vase", 3, 2), treasure("jade", 4, 3)


def test_a_value_skill_changes_the_card_on_its_way_of_raiding_once_a_round():
    skill = tile("kenjutsu", mode="strength", amount=2)
    state, stream = raiding([4, 4], [skill], guard(5), [SCROLL, VASE], guards=[guard(5, n=901)])
    state, events = act(state, stream, "ann", "fight", card=4, skills=[{"skill": "kenjutsu"}])
    assert only(events, "guard_beaten")[0]["total"] == 6
    state, _ = act(state, stream, "ann", "banzai")
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "fight", card=4, skills=[{"skill": "kenjutsu"}])
    assert refused.value.code == "skill-used-this-round"


def test_a_value_skill_for_stealth_does_not_help_a_strength_raid():
    skill = tile("intonjutsu", style="snake", mode="stealth", amount=2)
    state, stream = raiding([4], [skill], guard(5), [SCROLL])
    with pytest.raises(RuleError) as refused:
        act(state, stream, "ann", "fight", card=4, skills=[{"skill": "intonjutsu"}])
    assert refused.value.code == "skill-not-for-this"


def test_a_stealth_value_skill_lowers_the_card():
    skill = tile("intonjutsu", style="snake", mode="stealth", amount=2)
    state, stream = raiding([3], [skill], guard(2), [SCROLL], approach="stealth")
    state, events = act(state, stream, "ann", "fight", card=3, skills=[{"skill": "intonjutsu"}])
    assert only(events, "guard_beaten")[0]["total"] == 1


def test_a_switch_skill_turns_the_raid_the_other_way_from_that_fight_on():
    skill = tile("bajutsu", style="crane", effect="switch")
    state, stream = raiding([1, 1], [skill], guard(4), [SCROLL, VASE], guards=[guard(3)])
    state, events = act(state, stream, "ann", "fight", card=1, skills=[{"skill": "bajutsu"}])
    assert only(events, "guard_beaten")[0]["mode"] == "stealth" and state["raid"]["mode"] == "stealth"
    state, _ = act(state, stream, "ann", "banzai")
    state, _ = act(state, stream, "ann", "fight", card=1)
    assert state["raid"]["phase"] == "claim"


def test_a_kicker_skill_gives_one_more_or_one_less_without_a_card():
    skill = tile("shurikenjutsu", style="crane", effect="kicker")
    state, stream = raiding([5], [skill], guard(5), [SCROLL])
    state, events = act(state, stream, "ann", "fight", card=5, skills=[{"skill": "shurikenjutsu", "kick": 1}])
    assert only(events, "guard_beaten")[0]["total"] == 6 and only(events, "guard_beaten")[0]["skills"] == [
        "shurikenjutsu"]


def test_an_alarm_skill_keeps_a_revealed_alarm_silent():
    skill = tile("chi-mon", style="crane", effect="ignore_alarm")
    state, stream = raiding([5, 5], [skill], guard(1), [SCROLL, VASE], guards=[guard(2, alarm=True)], bag=[JADE])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "banzai", ignore_alarm="chi-mon")
    assert "alarm" not in kinds(events) and "alarm_ignored" in kinds(events)
    assert [t["side"] for t in state["houses"]["house-1"]["treasures"]] == ["plain"]
    assert state["ninja"]["ann"]["skills"][0]["used"] is True


def test_an_alarm_skill_named_for_a_guard_without_an_alarm_stays_unused():
    skill = tile("chi-mon", style="crane", effect="ignore_alarm")
    state, stream = raiding([5, 5], [skill], guard(1), [SCROLL, VASE], guards=[guard(2)])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "banzai", ignore_alarm="chi-mon")
    assert state["ninja"]["ann"]["skills"][0]["used"] is False


def test_a_peek_shows_the_ninja_alone_the_guard_banzai_would_reveal():
    skill = tile("tenmon", style="crane", effect="peek")
    state, stream = raiding([5, 5], [skill], guard(1), [SCROLL, VASE], guards=[guard(4, n=907)])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, events = act(state, stream, "ann", "peek", skill="tenmon")
    peeked = only(events, "peeked")[0]
    assert peeked["audience"] == ["ann"] and peeked["guard"] == guard(4, n=907)
    assert only(events, "skill_used")[0]["audience"] == "all"
    state, events = act(state, stream, "ann", "banzai")
    assert only(events, "banzai")[0]["guard"] == guard(4, n=907)


def test_a_skill_used_this_round_is_ready_again_next_round():
    skill = tile("tenmon", style="crane", effect="peek")
    state, stream = raiding([5, 5], [skill], guard(1), [SCROLL, VASE])
    state, _ = act(state, stream, "ann", "fight", card=5)
    state, _ = act(state, stream, "ann", "peek", skill="tenmon")
    state, _ = act(state, stream, "ann", "leave")
    state["turn"] = 6
    state, _ = rounds.end_round(state, {}, stream)
    assert state["ninja"]["ann"]["skills"][0]["used"] is False
