"""Carrying out Ninjato's batch orders: each placement's ranked list in turn order, falling through to the next
action and then to the Dojo with the reason, the engine's least-waste card unless the order fixed one, and
the Banzai policy decided with the exact odds of what the ninja may know."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from games.ninjato import carry, odds, rounds
from games.ninjato.view import view
from tests.ninjato.table import guard, kinds, lay_house, new_game, only, treasure

SCROLL, VASE, JADE = treasure("scroll", 2, 1), treasure("vase", 3, 2), treasure("jade", 4, 3)


def placement(*actions, banzai="never") -> dict:
    return {"banzai": banzai, "actions": list(actions)}


def raid(house="house-1", approach="strength", **more) -> dict:
    return {"do": "raid", "house": house, "approach": approach, **more}


def first_placement(state, stream, *actions, banzai="never"):
    """Ann's first shuriken alone, carried out as carry_out carries out each placement."""
    assert rounds.to_act(state) == "ann"
    state, events = carry.place_shuriken(state, "ann", placement(*actions, banzai=banzai), 1, stream)
    return state, events


def test_a_raid_whose_sentry_cannot_be_beaten_falls_through_to_the_next_action_with_its_reason():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [1, 2]
    lay_house(state, "house-1", guard(5), [SCROLL])
    lay_house(state, "house-2", guard(3), [VASE])
    state, events = first_placement(state, stream, raid(), raid("house-2", "stealth"))
    fell = only(events, "order_fell_through")
    assert [(e["rank"], e["code"]) for e in fell] == [(1, "sentry-not-beaten")]
    assert only(events, "order_followed")[0]["rank"] == 2
    assert only(events, "raid")[0]["house"] == "house-2"


def test_a_placement_with_nothing_possible_visits_the_dojo_and_says_so():
    state, stream = new_game()
    envoy = state["palace"][0]["id"]
    state, events = first_placement(state, stream, {"do": "palace", "envoy": envoy})
    assert [e["code"] for e in only(events, "order_fell_through")] == ["requirement-not-met"]
    assert only(events, "order_default")[0]["code"] == "no-action-possible"
    assert only(events, "shuriken")[0]["place"] == "dojo"


def test_the_events_of_the_orders_go_to_the_player_alone():
    state, stream = new_game()
    state, events = first_placement(state, stream, {"do": "palace", "envoy": state["palace"][0]["id"]})
    for kind in ("order_fell_through", "order_default"):
        assert all(e["audience"] == ["ann"] for e in only(events, kind))


def test_the_engine_plays_the_card_that_beats_the_guard_with_the_least_waste():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [2, 4, 5]
    lay_house(state, "house-1", guard(3), [SCROLL, VASE])
    state, events = first_placement(state, stream, raid())
    assert only(events, "guard_beaten")[0]["card"] == 4
    state2, stream2 = new_game()
    state2["ninja"]["ann"]["hand"] = [1, 3, 5]
    lay_house(state2, "house-1", guard(4), [SCROLL, VASE])
    state2, events2 = first_placement(state2, stream2, raid(approach="stealth"))
    assert only(events2, "guard_beaten")[0]["card"] == 3


def test_a_card_the_player_fixed_is_played_even_if_another_wastes_less():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [2, 4, 5]
    lay_house(state, "house-1", guard(3), [SCROLL, VASE])
    state, events = first_placement(state, stream, raid(cards=[5]))
    assert only(events, "guard_beaten")[0]["card"] == 5


def test_a_3_is_added_as_a_kicker_when_no_card_beats_the_guard_alone():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [3, 5]
    lay_house(state, "house-1", guard(5), [SCROLL])
    state, events = first_placement(state, stream, raid())
    beaten = only(events, "guard_beaten")[0]
    assert (beaten["card"], beaten["kickers"], beaten["total"]) == (5, [1], 6)


def test_a_banzai_policy_of_never_leaves_after_the_sentry():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [4, 5]
    lay_house(state, "house-1", guard(1), [SCROLL, VASE], guards=[guard(1, n=901)])
    state, events = first_placement(state, stream, raid())
    assert "banzai" not in kinds(events) and kinds(events).count("left") == 1


def test_a_banzai_policy_of_up_to_n_guards_stops_after_n():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5, 5, 5, 5]
    lay_house(state, "house-1", guard(1), [SCROLL, VASE, JADE, treasure("vase", 3, 5)],
              guards=[guard(1, n=901), guard(1, n=902), guard(1, n=903)])
    state, events = first_placement(state, stream, raid(), banzai={"guards": 2})
    assert kinds(events).count("banzai") == 2 and "left" in kinds(events)


def _chance_now(hand: list[int]) -> Fraction:
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = list(hand)
    lay_house(state, "house-1", guard(1), [SCROLL, VASE])
    state, _ = rounds.act(state, "ann", {"do": "raid", "house": "house-1", "approach": "strength"}, stream)
    state, _ = rounds.act(state, "ann", {"do": "fight", "card": 2}, stream)
    seen = view(state, "ann")
    return odds.beat_chance(odds.banzai_candidates(seen, seen["houses"]["house-1"]), seen["ninja"]["ann"]["hand"],
                            "strength", [])


def test_a_banzai_policy_of_a_chance_presses_on_exactly_when_the_odds_of_the_ninjas_view_reach_it():
    hand = [2, 4]
    chance = _chance_now(hand)
    assert 0 < chance < 1 and (chance * 100).denominator != 1
    below, above = int(chance * 100), int(chance * 100) + 1
    for threshold, presses in ((below, True), (above, False)):
        state, stream = new_game()
        state["ninja"]["ann"]["hand"] = list(hand)
        lay_house(state, "house-1", guard(1), [SCROLL, VASE])
        state, events = first_placement(state, stream, raid(cards=[2]), banzai={"chance": threshold})
        assert ("banzai" in kinds(events)) is presses, (threshold, chance)


def test_a_house_beaten_takes_the_token_the_order_claims():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5]
    lay_house(state, "house-1", guard(1), [SCROLL])
    state, events = first_placement(state, stream, raid(claim={"clan": "go-shirakawa", "worth": 8}))
    assert only(events, "house_beaten")[0]["to"] == {"clan": "go-shirakawa", "worth": 8}


def test_a_house_the_check_would_refuse_as_closed_falls_through_for_the_same_reason_later_in_the_round():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5, 5]
    lay_house(state, "house-1", guard(1), [SCROLL])
    orders = {"ann": {"shuriken": [placement(raid()), placement(raid(), {"do": "dojo"})]}}
    state, events = carry.carry_out(state, orders, stream)
    fell = [e for e in only(events, "order_fell_through") if e["player"] == "ann"]
    assert [(e["shuriken"], e["code"]) for e in fell] == [(2, "house-closed")]
    assert carry.lasting_obstacle(view(state, "ann"), "ann", raid()).code == "house-closed"


def test_carrying_out_places_every_shuriken_of_the_round_in_turn_order():
    state, stream = new_game(("ann", "bob", "cho"))
    state, events = carry.carry_out(state, {}, stream)
    assert rounds.to_act(state) is None
    assert [e["player"] for e in only(events, "shuriken")] == ["ann", "bob", "cho"] * 3


def test_the_odds_of_a_raid_with_one_treasure_and_a_sentry_beaten_are_a_sure_claim():
    state, _ = new_game()
    state["ninja"]["ann"]["hand"] = [5]
    lay_house(state, "house-1", guard(1), [SCROLL])
    chances = odds.raid_odds(view(state, "ann"), "ann", raid(), "never")
    assert chances == {"claim": 1, "leave": 0, "fail": 0, "treasures": 1}
    state["ninja"]["ann"]["hand"] = [1]
    assert odds.raid_odds(view(state, "ann"), "ann", raid(), "never")["fail"] == 1


def test_the_odds_of_pressing_on_once_are_the_shares_of_unseen_guards_the_card_left_beats_with_and_without_alarm():
    state, _ = new_game()
    state["ninja"]["ann"]["hand"] = [5, 4]
    lay_house(state, "house-1", guard(1), [SCROLL, VASE])
    seen = view(state, "ann")
    unseen = odds.unseen_guards(seen, "guards")
    quiet = Fraction(sum(1 for g in unseen if g["strength"] < 4 and not g["alarm"]), len(unseen))
    alarmed = Fraction(sum(1 for g in unseen if g["strength"] < 4 and g["alarm"]), len(unseen))
    assert quiet and alarmed
    chances = odds.raid_odds(seen, "ann", raid(cards=[5, 4]), {"guards": 1})
    # an alarm adds a treasure, so the house is not yet beaten when the one guard allowed is
    assert (chances["claim"], chances["leave"], chances["fail"]) == (quiet, alarmed, 1 - quiet - alarmed)
    assert chances["treasures"] == 2 * (quiet + alarmed) + (1 - quiet - alarmed)


def test_raids_carried_out_over_many_shuffles_end_about_as_often_as_their_odds_say():
    outcomes, forecast = Counter(), None
    for n in range(200):
        state, stream = new_game(key=b"shuffle %d" % n)
        state["ninja"]["ann"]["hand"] = [5, 5, 4]
        lay_house(state, "house-1", guard(1), [SCROLL, VASE, JADE])
        order = raid()
        if forecast is None:
            forecast = odds.raid_odds(view(state, "ann"), "ann", order, {"chance": 50})
        state, events = first_placement(state, stream, order, banzai={"chance": 50})
        ended = kinds(events)
        outcomes["claim" if "house_beaten" in ended else "fail" if "failed" in ended else "leave"] += 1
    for name in ("claim", "leave", "fail"):
        assert abs(outcomes[name] / 200 - float(forecast[name])) < 0.1, (outcomes, forecast)
    assert 0 < forecast["claim"] < 1 and 0 < forecast["leave"] + forecast["fail"] < 1


def _tile(skill: str, effect: str) -> dict:
    return {"id": skill, "name": skill, "style": "crane", "cost": "?", "effect": effect, "used": False}


def test_a_peek_skill_the_order_names_is_used_before_banzai_and_the_guard_seen_decides():
    for top, presses in ((guard(1, n=901), True), (guard(5, n=902), False)):
        state, stream = new_game()
        state["ninja"]["ann"]["hand"] = [5, 4]
        state["ninja"]["ann"]["skills"] = [_tile("seer", "peek")]
        lay_house(state, "house-1", guard(1), [SCROLL, VASE], guards=[top])
        state, events = first_placement(state, stream, raid(cards=[4, 5], skills=["seer"]),
                                        banzai={"chance": 100})
        assert only(events, "peeked")[0]["guard"] == top
        assert ("banzai" in kinds(events)) is presses


def test_an_ignore_alarm_skill_the_order_names_silences_the_alarm_of_the_guard_revealed():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5, 5]
    state["ninja"]["ann"]["skills"] = [_tile("quiet", "ignore_alarm")]
    lay_house(state, "house-1", guard(1), [SCROLL, VASE], guards=[guard(2, alarm=True, n=901)])
    state, events = first_placement(state, stream, raid(skills=["quiet"]), banzai={"guards": 1})
    assert "alarm_ignored" in kinds(events) and "alarm" not in kinds(events)


def test_a_card_fixed_that_is_no_longer_in_hand_leaves_the_pick_to_the_engine_and_says_so():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [2, 4]
    lay_house(state, "house-1", guard(3), [SCROLL, VASE])
    state, events = first_placement(state, stream, raid(cards=[5]))
    assert only(events, "guard_beaten")[0]["card"] == 4
    assert [(e["code"], e["card"], e["audience"]) for e in only(events, "order_adjusted")] == [
        ("card-not-in-hand", 5, ["ann"])]


def test_a_claim_of_a_token_no_longer_in_the_pile_takes_the_engines_pick_and_says_so():
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5]
    state["clan_pile"]["go-shirakawa"] = [2]
    lay_house(state, "house-1", guard(1), [SCROLL])
    state, events = first_placement(state, stream, raid(claim={"clan": "go-shirakawa", "worth": 8}))
    assert only(events, "house_beaten")[0]["to"] == {"clan": "minamoto", "worth": 8}   # house-1 is Taira's
    assert [e["code"] for e in only(events, "order_adjusted")] == ["token-not-in-pile"]
