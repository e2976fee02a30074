"""Clan scoring after rounds 3, 5 and 7, and the final scoring."""
from __future__ import annotations

from games.ninjato import rounds, scoring
from tests.ninjato.table import new_game, only, treasure


def envoy(clan: str, age: int) -> dict:
    return {"id": f"envoy-{clan}-{age}", "clan": clan, "age": age, "requires": ["any"]}


def rumor(n: int, counts: str, bonus: int, multiplier: int) -> dict:
    return {"id": f"rumor-{n}", "cost": ["any"], "counts": counts, "bonus": bonus, "multiplier": multiplier}


def at_round_end(number: int, players=("ann", "bob", "cid")) -> tuple[dict, object]:
    state, stream = new_game(players)
    state.update(round=number, turn=3 * len(players))
    return state, stream


def test_a_clans_worth_is_the_sum_of_its_tokens_on_the_houses():
    state, _ = new_game()
    assert [scoring.clan_worth(state, clan) for clan in ("taira", "minamoto", "go-shirakawa")] == [6, 6, 6]
    state["houses"]["house-1"].update(clan="go-shirakawa", worth=8)
    assert scoring.clan_worth(state, "go-shirakawa") == 14 and scoring.clan_worth(state, "taira") == 4


def test_clan_scoring_happens_after_rounds_three_five_and_seven_only():
    for number in range(1, 8):
        state, stream = at_round_end(number)
        state["ninja"]["ann"]["envoys"] = [envoy("taira", 1)]
        state, events = rounds.end_round(state, {}, stream)
        assert bool(only(events, "clan_scoring")) == (number in (3, 5, 7)), number


def test_the_ninja_with_most_envoys_of_a_clan_takes_its_worth_and_the_second_a_rumor():
    state, stream = at_round_end(3)
    state["ninja"]["ann"]["envoys"] = [envoy("taira", 4), envoy("taira", 6)]
    state["ninja"]["bob"]["envoys"] = [envoy("taira", 1)]
    top = state["decks"]["rumors"]["draw"][0]
    state, events = rounds.end_round(state, {}, stream)
    assert state["ninja"]["ann"]["honour"] == 6 and state["ninja"]["bob"]["rumors"] == [top]
    assert only(events, "rumor_drawn")[0]["audience"] == ["bob"]
    assert only(events, "clan_reward")[0] == {"kind": "clan_reward", "audience": "all", "player": "bob",
                                              "clan": "taira", "reward": "rumor", "none_left": False}


def test_the_first_may_choose_the_rumor_and_leave_the_worth_to_the_second():
    state, stream = at_round_end(5)
    state["ninja"]["ann"]["envoys"] = [envoy("minamoto", 4), envoy("minamoto", 6)]
    state["ninja"]["cid"]["envoys"] = [envoy("minamoto", 1)]
    state, _ = rounds.end_round(state, {"ann": {"minamoto": "rumor"}}, stream)
    assert len(state["ninja"]["ann"]["rumors"]) == 1 and state["ninja"]["cid"]["honour"] == 6


def test_a_tie_in_envoys_goes_to_the_elder_envoy():
    state, _ = new_game(("ann", "bob", "cid"))
    state["ninja"]["ann"]["envoys"] = [envoy("taira", 5)]
    state["ninja"]["bob"]["envoys"] = [envoy("taira", 2)]
    assert scoring.influence(state, "taira") == ["bob", "ann"]


def test_a_ninja_without_an_envoy_of_the_clan_gets_nothing_from_it():
    state, stream = at_round_end(3)
    state["ninja"]["ann"]["envoys"] = [envoy("go-shirakawa", 3)]
    state, events = rounds.end_round(state, {}, stream)
    assert state["ninja"]["ann"]["honour"] == 6
    assert [state["ninja"][p]["honour"] for p in ("bob", "cid")] == [0, 0]
    assert not only(events, "clan_reward")


def test_the_final_scoring_counts_each_rumors_items_and_the_treasures_left():
    state, stream = at_round_end(7, players=("ann", "bob"))
    ann = state["ninja"]["ann"]
    ann["skills"] = [{"id": "a"}, {"id": "b"}, {"id": "c"}]
    ann["rumors"] = [rumor(1, "skills", 1, 2), rumor(2, "rumors", 2, 1)]
    ann["treasures"] = [treasure("jade", 4, 1), treasure("gold", 5, 2)]
    ann["honour"] = 10
    state, events = rounds.end_round(state, {}, stream)
    assert only(events, "final_score")[0]["rumors"] == [{"rumor": "rumor-1", "honour": 7},
                                                        {"rumor": "rumor-2", "honour": 3}]
    assert state["ninja"]["ann"]["honour"] == 10 + 7 + 3 + 9
    assert state["over"] and state["winners"] == ["ann"]


def test_rumors_may_count_beaten_elite_guards_and_envoys():
    ninja = {"elites": [{}, {}], "envoys": [{}], "skills": [], "rumors": [{}, {}]}
    assert [scoring.counted(ninja, kind) for kind in ("elites", "envoys", "skills", "rumors")] == [2, 1, 0, 1]


def test_ninjas_equal_in_honour_at_the_end_share_the_win():
    state, stream = at_round_end(7, players=("ann", "bob", "cid"))
    for player, honour in (("ann", 12), ("bob", 12), ("cid", 3)):
        state["ninja"][player]["honour"] = honour
    state, events = rounds.end_round(state, {}, stream)
    assert state["winners"] == ["ann", "bob"]
    assert [(row["player"], row["rank"]) for row in only(events, "game_over")[0]["standings"]] == [
        ("ann", 1), ("bob", 1), ("cid", 3)]
