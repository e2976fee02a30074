"""Hidden information in Ikusa: what another player may not know never changes a report by one byte."""
import pytest

from engine import Dice
from games import get
from pbem import door, render


def reports(state, orders, player, key=b"same dice"):
    game = get("ikusa")
    new, events = game.resolve(state, orders, Dice(key))
    model = door.report_model(campaign="war", game=game, round_number=new["round"], player=player, state=new,
                              events=events, dice={"seed": "00", "commitment": "00", "nonces": {}, "rolls": []},
                              next_commitment=None, deadline=None, defaulted=[], rerun=None)
    return render.render_text(model), render.render_json(model)


@pytest.fixture(scope="module")
def opening():
    game = get("ikusa")
    state, _ = game.setup(["ann", "bob", "cho"], {}, Dice(b"hidden setup"))
    state, _ = game.resolve(state, {}, Dice(b"hidden placement"))
    return state


def ronin_orders(state, army):
    koku = state["koku"]["ann"]
    return {"ann": {"planning": {"ronin": koku}, "ronin": {"ronin": [{"to": army, "count": 1}]}}}


def test_secret_ronin_that_never_engage_change_no_other_report(opening):
    armies = sorted(a_id for a_id, a in opening["armies"].items() if a["player"] == "ann")
    one, two = ronin_orders(opening, armies[0]), ronin_orders(opening, armies[1])
    for player in ("bob", "cho"):
        assert reports(opening, one, player) == reports(opening, two, player)
    assert reports(opening, one, "ann") != reports(opening, two, "ann")


def test_an_order_that_never_executes_changes_no_other_report(opening):
    # a battle from a province ann does not own is skipped; only ann is told
    foreign = next(pid for pid, p in opening["provinces"].items() if p["owner"] == "bob")
    target = next(pid for pid, p in opening["provinces"].items() if p["owner"] == "cho")
    skipped = {"ann": {"war": {"battles": [{"province": foreign, "target": target}]}}}
    for player in ("bob", "cho"):
        assert reports(opening, skipped, player) == reports(opening, {}, player)
    assert reports(opening, skipped, "ann") != reports(opening, {}, "ann")
