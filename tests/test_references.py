"""A game names its functions as "module:function" references, resolved when first read (engine.references,
Game): every registered game's resolve, and a bad one says which game and which field it is."""
from __future__ import annotations

import subprocess
import sys

import pytest

import games
from engine import Game
from engine.game import function_references, game_commands, odds_commands
from engine.references import BadReference, absolute, resolve


def made(**functions) -> Game:
    """A game named "broken" whose functions are all `len` but those given."""
    given = dict.fromkeys(("setup", "check_orders", "format_orders", "order_form", "default_orders",
                           "computer_orders", "resolve", "view", "is_over", "standings"), len)
    return Game(name="broken", title="Broken", min_players=2, max_players=2, package="games.age_of_war",
                **{**given, **functions})


def test_every_reference_of_every_registered_game_resolves_to_a_callable():
    counted = 0
    for name in games.GAMES:
        game = games.get(name)
        for field, reference in function_references(game).items():
            assert callable(getattr(game, field)), (name, field, reference)
            assert getattr(game, field) is resolve(reference), (name, field)
            counted += 1
        for reference in {**game_commands(game), **odds_commands(game)}.values():
            assert callable(resolve(reference)), (name, reference)
            counted += 1
    assert counted >= 18, f"only {counted} references in the registered games"


def test_a_field_read_is_the_function_its_reference_names():
    from games.age_of_war import orders

    game = games.get("age-of-war")
    assert function_references(game)["check_orders"] == "games.age_of_war.orders:check_orders"
    assert game.check_orders is orders.check_orders


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


def test_registering_a_game_imports_none_of_the_modules_it_names_by_reference():
    program = ("import sys, games\n"
               "game = games.get('age-of-war')\n"
               "print(sorted(m for m in sys.modules if m.startswith('games.age_of_war.')))\n"
               "game.check_orders\n"
               "print('games.age_of_war.orders' in sys.modules, 'games.age_of_war.picture' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    before, after = out.splitlines()
    assert "games.age_of_war.orders" not in before and "games.age_of_war.picture" not in before
    assert after == "True False"
