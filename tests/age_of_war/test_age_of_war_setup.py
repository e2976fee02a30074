import pytest

import games
from games.age_of_war import CASTLES, GAME, setup
from tests.age_of_war.scripted_dice import ScriptedDice


def test_the_first_player_is_drawn_with_the_dice():
    dice = ScriptedDice([3])
    state, events = setup(["ann", "bob", "cid", "dee"], {}, dice)
    assert state["first"] == "cid"
    assert dice.rolls == [{"seq": 0, "sides": 4, "purpose": "first player", "value": 3}]
    assert events == [{"kind": "setup", "audience": "all", "players": ["ann", "bob", "cid", "dee"],
                       "first": "cid"}]


def test_every_castle_starts_face_up_in_the_centre():
    state, _ = setup(["ann", "bob"], {}, ScriptedDice([2]))
    assert list(state["castles"]) == list(CASTLES)
    assert len(state["castles"]) == 14
    assert all(card == {"holder": None, "secured": False} for card in state["castles"].values())
    assert state["round"] == 0 and state["over"] is False and state["winners"] == []


@pytest.mark.parametrize("count", [1, 7])
def test_two_to_six_players_may_play(count):
    with pytest.raises(ValueError):
        setup([f"p{i}" for i in range(count)], {}, ScriptedDice([1]))
    assert GAME.min_players == 2 and GAME.max_players == 6


def test_player_names_must_be_distinct():
    with pytest.raises(ValueError):
        setup(["ann", "ann"], {}, ScriptedDice([1]))


def test_the_registry_finds_age_of_war_and_names_the_known_games_otherwise():
    assert games.get("age-of-war") is GAME
    with pytest.raises(KeyError, match="age-of-war"):
        games.get("go")
