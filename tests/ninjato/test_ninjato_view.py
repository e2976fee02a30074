"""What one ninja may know: his own hand and Rumors; of the others', of the decks and of the bag, counts."""
from __future__ import annotations

from engine.canonical import dumps
from engine.events import PUBLIC
from games.ninjato.view import view
from tests.ninjato.table import new_game


def test_a_ninja_sees_his_own_hand_and_rumors_and_only_how_many_the_others_hold():
    state, _ = new_game(("ann", "bob", "cid"))
    state["ninja"]["bob"]["rumors"] = [{"id": "rumor-1"}]
    seen = view(state, "ann")
    assert seen["ninja"]["ann"]["hand"] == state["ninja"]["ann"]["hand"]
    assert seen["ninja"]["bob"]["hand"] == 4 and seen["ninja"]["bob"]["rumors"] == 1
    assert seen["you"] == "ann"


def test_the_decks_and_the_bag_show_only_how_many_pieces_are_left():
    state, _ = new_game()
    seen = view(state, "ann")
    assert seen["decks"]["guards"] == {"left": 35, "discard": []}
    assert seen["decks"]["bag"]["left"] == 75
    assert "hidden_stream" not in seen
    assert "draw" not in dumps(seen["decks"])


def test_the_public_view_hides_every_hand_and_rumor():
    state, _ = new_game()
    seen = view(state, PUBLIC)
    assert all(isinstance(ninja["hand"], int) and isinstance(ninja["rumors"], int) for ninja in seen["ninja"].values())


def test_another_ninjas_hand_rumors_or_the_decks_order_never_change_a_view():
    """How many cards and Rumors a ninja holds is public (they are taken in sight of all); which are not."""
    state, _ = new_game(("ann", "bob", "cid"))
    state["ninja"]["cid"]["rumors"] = [{"id": "rumor-1"}]
    before = dumps(view(state, "ann"))
    state["ninja"]["bob"]["hand"] = [5, 5, 5, 1]
    state["ninja"]["cid"]["rumors"] = [{"id": "rumor-30"}]
    for name in ("dojo", "guards", "elites", "envoys", "rumors", "skills", "bag"):
        state["decks"][name]["draw"].reverse()
    state["hidden_stream"]["rolls"].append({"seq": 999, "sides": 2, "purpose": "x", "value": 1})
    assert dumps(view(state, "ann")) == before


def test_what_is_on_the_table_is_seen_by_everyone():
    state, _ = new_game()
    seen = view(state, PUBLIC)
    assert seen["houses"] == state["houses"] and seen["sensei"] == state["sensei"]
    assert seen["palace"] == state["palace"] and seen["pavilion"] == state["pavilion"]
    assert seen["dojo_row"] == state["dojo_row"]
    assert [row["honour"] for row in seen["standings"]] == [0, 0]
