"""Ninjato's setup, as the rulebook's "Preparar" lays out the table for 2 to 4 players."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.dice import Dice
from games.ninjato import components, preparation
from games.ninjato.errors import RuleError
from tests.ninjato.table import STREAM_KEY, new_game
from tests.support.scripted import ScriptedDice


def pieces_in_play(state: dict) -> Counter:
    """Every Dojo card wherever it is, counted by value."""
    found = Counter(state["dojo_row"]) + Counter(state["decks"]["dojo"]["draw"])
    for ninja in state["ninja"].values():
        found += Counter(ninja["hand"])
    return found


@pytest.mark.parametrize("players", [("ann", "bob"), ("ann", "bob", "cid"), ("ann", "bob", "cid", "dan")])
def test_each_ninja_gets_four_dojo_cards_and_the_sensei_shows_a_skill_per_player(players):
    state, _ = new_game(players)
    assert [len(state["ninja"][p]["hand"]) for p in players] == [4] * len(players)
    assert len(state["sensei"]) == len(players)
    assert all(tile["id"] not in [t["id"] for t in state["decks"]["skills"]["draw"]] for tile in state["sensei"])
    assert len(state["decks"]["hensojutsu"]["draw"]) == 3


@pytest.mark.parametrize("players", [("ann",), ("a", "b", "c", "d", "e")])
def test_ninjato_is_for_two_to_four_players(players):
    with pytest.raises(RuleError) as refused:
        preparation.setup(list(players), {}, ScriptedDice(), Dice(STREAM_KEY))
    assert refused.value.code == "players-out-of-range"


def test_every_house_has_a_sentry_and_three_treasures_plain_side_up():
    state, _ = new_game()
    for house in state["houses"].values():
        assert house["sentry"]["elite"] is False
        assert [t["side"] for t in house["treasures"]] == ["plain"] * 3
        assert not house["closed"]


def test_taira_and_minamoto_hold_their_2_and_4_and_go_shirakawa_its_6_and_the_rest_wait_in_the_pile():
    state, _ = new_game()
    held = sorted((house["clan"], house["worth"]) for house in state["houses"].values())
    assert held == sorted(components.SETUP_TOKENS)
    assert state["clan_pile"] == {"taira": [5, 6, 8], "minamoto": [5, 6, 8], "go-shirakawa": [2, 4, 5, 8]}


def test_the_palace_and_the_pavilion_show_four_cards_and_the_dojo_three():
    state, _ = new_game()
    assert (len(state["palace"]), len(state["pavilion"]), len(state["dojo_row"])) == (4, 4, 3)
    assert len(state["decks"]["envoys"]["draw"]) == 17 and len(state["decks"]["rumors"]["draw"]) == 26


def test_no_piece_is_lost_or_made_at_setup():
    state, _ = new_game(("ann", "bob", "cid"))
    dealt = Counter(components.load()["dojo"])
    assert pieces_in_play(state) == dealt
    on_houses = sum(len(h["treasures"]) for h in state["houses"].values())
    assert on_houses + len(state["decks"]["bag"]["draw"]) == 90
    assert len(state["decks"]["guards"]["draw"]) == 35 and len(state["decks"]["elites"]["draw"]) == 20


def test_the_first_turn_order_is_drawn_with_the_rounds_dice():
    stream = Dice(STREAM_KEY)
    state, events = preparation.setup(["ann", "bob", "cid"], {}, ScriptedDice(1, 1, 5, 4, 3, 2), stream)
    assert state["order"] == ["bob", "cid", "ann"]
    assert events[0]["kind"] == "setup" and events[0]["order"] == ["bob", "cid", "ann"]


def test_each_ninja_alone_is_told_his_hand():
    _, events = preparation.setup(["ann", "bob"], {}, ScriptedDice(2, 5, 4, 3, 2), Dice(STREAM_KEY))
    dealt = [ev for ev in events if ev["kind"] == "dealt"]
    assert [ev["audience"] for ev in dealt] == [["ann"], ["bob"]]
    assert all("hand" not in key for key in events[0])


def test_a_gms_own_components_are_dealt(tmp_path):
    path = tmp_path / "box.toml"
    path.write_text(components.default_text().replace("provisional = true", "provisional = false"), "utf-8")
    data = components.parse(path.read_text("utf-8"), str(path))
    state, events = preparation.setup(["ann", "bob"], {"components": data}, ScriptedDice(2, 5, 4, 3, 2),
                                      Dice(STREAM_KEY))
    assert state["components"]["provisional"] == [] and events[0]["provisional"] == []
    assert new_game()[0]["components"]["provisional"] == sorted(components.FIELDS)
