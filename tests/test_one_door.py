"""Everything a player receives goes through pbem/door.py, which hands the game the player's view alone.

The scan reads pbem/ as code (ast): a call of the game's functions that make what a player reads (its view, its
order checks, its briefings, its order form, its computer player), or of render's report model and order form,
anywhere but in pbem/door.py is a second door.
"""
from __future__ import annotations

import ast
from pathlib import Path

import games
from engine.dice import Dice
from pbem import door

ROOT = Path(__file__).resolve().parent.parent
# the game's functions whose output reaches a player, called on a Game (game.view, campaign.game.view, ...)
GAME_DOORS = {"view", "check_orders", "check_in_context", "briefings", "order_form", "computer_orders"}
# render's, which take a seat: only the door makes one
RENDER_DOORS = {"report_model", "order_form"}


def calls_through(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted call) of every call of a door function in the module."""
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner, name = node.func.value, node.func.attr
        owner_text = ast.unparse(owner)
        if name in GAME_DOORS and (owner_text == "game" or owner_text.endswith(".game")):
            found.append((node.lineno, f"{owner_text}.{name}"))
        elif name in RENDER_DOORS and owner_text == "render":
            found.append((node.lineno, f"render.{name}"))
    return found


def test_only_the_door_calls_what_makes_a_players_mail():
    scanned, outside, inside = 0, [], []
    for path in sorted((ROOT / "pbem").rglob("*.py")):
        calls = calls_through(ast.parse(path.read_text(encoding="utf-8")))
        scanned += 1
        if path.name == "door.py":
            inside.extend(calls)
        else:
            outside.extend(f"{path.relative_to(ROOT)}:{line}: {call}" for line, call in calls)
    assert scanned > 30, scanned
    # the door itself is found by the scan: a scan that sees nothing proves nothing
    assert {call.split(".")[-1] for _, call in inside} >= GAME_DOORS | RENDER_DOORS, inside
    assert not outside, "a second door to the player:\n" + "\n".join(outside)


def test_the_scan_finds_a_view_taken_outside_the_door():
    planted = ast.parse("def form(campaign, player):\n    return campaign.game.view(campaign.state(), player)\n"
                        "def model(**made):\n    return render.report_model(**made)\n")
    assert calls_through(planted) == [(2, "campaign.game.view"), (4, "render.report_model")]


def test_a_players_status_holds_only_the_keys_listed_for_players_and_the_standings_of_the_view():
    game = games.get("age-of-war")
    state, _ = game.setup(["ann", "bob"], {}, Dice(b"status"))
    seat = door.seat_of(game, state, "ann", campaign="war", round_number=1)
    info = {"campaign": "war", "round": 1, "outbox": {"failed": ["bob@example.org"]}, "a_later_gm_key": 1,
            "standings": ["the GM's, from the state"]}
    told = door.status_answer(seat, info)
    assert told == {"campaign": "war", "round": 1, "standings": game.standings(seat.view)}
