"""A game names its functions as "module:function" references, resolved when first read (engine.references,
Game): every registered game's resolve, and a bad one says which game and which field it is."""
from __future__ import annotations

import pytest

from engine import Game
from engine.game import function_references
from engine.references import BadReference, absolute


def made(**functions) -> Game:
    """A game named "broken" whose functions are all `len` but those given."""
    given = dict.fromkeys(("setup", "check_orders", "format_orders", "order_form", "default_orders",
                           "computer_orders", "resolve", "view", "is_over", "standings"), len)
    return Game(name="broken", title="Broken", min_players=2, max_players=2, package="games.age_of_war",
                **{**given, **functions})


def test_a_function_given_as_it_is_is_read_as_it_is():
    game = made(check_orders=print)
    assert game.check_orders is print and "check_orders" not in function_references(game)


def test_a_reference_to_a_missing_function_names_the_game_the_field_and_the_function():
    game = made(check_orders=".orders:no_such_function")
    with pytest.raises(BadReference) as raised:
        game.check_orders({}, "ann", {})
    message = str(raised.value)
    assert "'broken'" in message and "Game.check_orders" in message and "no_such_function" in message


def test_a_reference_to_a_missing_module_names_the_game_the_field_and_the_module():
    game = made(picture=".no_such_module:picture")
    with pytest.raises(BadReference) as raised:
        game.picture({}, [], "ann")
    message = str(raised.value)
    assert "'broken'" in message and "Game.picture" in message and "games.age_of_war.no_such_module" in message


def test_a_reference_to_something_not_a_function_is_refused_on_reading():
    game = made(view=".cards:CASTLES")
    with pytest.raises(BadReference, match=r"'broken', Game\.view: .*CASTLES.* not a function"):
        game.view({}, "ann")


@pytest.mark.parametrize("reference", ["orders.check_orders", ".orders:", ":check_orders", ".orders:not-a-name"])
def test_a_reference_not_written_module_colon_function_is_refused_when_the_game_is_made(reference):
    with pytest.raises(BadReference, match=r"'broken', Game\.format_orders: .*module:name"):
        made(format_orders=reference)


def test_a_relative_reference_without_a_package_is_refused_when_the_game_is_made():
    with pytest.raises(BadReference, match=r"'broken', Game\.standings: .*relative"):
        Game(**{**made().__dict__, "package": None, "standings": ".scoring:standings"})


def test_an_absolute_reference_needs_no_package():
    assert absolute("games.ikusa.spy:briefings") == "games.ikusa.spy:briefings"
    assert absolute(".spy:briefings", "games.ikusa") == "games.ikusa.spy:briefings"
    assert absolute("..ikusa.spy:briefings", "games.ninjato") == "games.ikusa.spy:briefings"
