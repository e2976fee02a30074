"""Hidden information: what a player may not know never changes that player's report by one byte."""
from __future__ import annotations

from datetime import timedelta

import pytest
from conftest import START, make_campaign, order_file, run

from pbem import clock, door
from pbem.campaign import Campaign


def play_round(folder, tmp_path, orders: dict[str, list[str]]):
    camp = Campaign.load(folder)
    for player, targets in orders.items():
        assert run("orders", "submit", folder, player, order_file(tmp_path, player, camp.open_round, targets)).code == 0
    assert run("resolve", folder).code == 0


def reports(folder, player):
    camp = Campaign.load(folder)
    return [(camp.round_dir(n) / "reports" / f"{player}.{ext}").read_bytes()
            for n in camp.resolved_rounds() for ext in ("txt", "json")]


@pytest.mark.parametrize("secret_word", ["one", "two", "three", "four"])
def test_fallback_targets_that_never_execute_do_not_reach_other_players(tmp_path, secret_word):
    # bob's first choice is always free (a centre castle nobody else wants this round), so his
    # fallbacks never execute; changing them must leave ann's and cho's reports byte-identical.
    base = {"ann": ["Kasugayama"], "cho": ["Kumamoto"]}
    a = make_campaign(tmp_path / "a" / "war", secret_word=secret_word)
    b = make_campaign(tmp_path / "b" / "war", secret_word=secret_word)
    with clock.frozen_at(START + timedelta(hours=1)):   # the mails' Date is the moment of resolution
        play_round(a.folder, tmp_path, {**base, "bob": ["Gifu", "Edo", "auto"]})
        play_round(b.folder, tmp_path, {**base, "bob": ["Gifu", "Odani", "Matsumoto"]})
    compared = 0
    for player in ("ann", "cho"):
        assert reports(a.folder, player) == reports(b.folder, player)
        assert mails(a.folder, player) == mails(b.folder, player)   # names, headers, boundaries: every byte
        compared += len(mails(a.folder, player))
    assert compared >= 4   # the welcome and the report, for each of the two


def mails(folder, player) -> dict[str, bytes]:
    """Every message in the outbox for a player, by file name."""
    found = {}
    for path in sorted((folder / "outbox").glob("*.eml")):
        data = path.read_bytes()
        if f"To: {player} <".encode() in data:
            found[path.name] = data
    return found


def test_a_fallback_that_does_execute_is_seen_by_its_owner_alone(tmp_path):
    # ann takes nothing away from bob, so bob's choice 1 runs; his unused list stays his
    a = make_campaign(tmp_path / "a" / "war")
    play_round(a.folder, tmp_path, {"ann": ["Gifu"], "bob": ["Gifu", "Edo"], "cho": ["Odani"]})
    events = Campaign.load(a.folder).read_json(1, "events.json")
    chosen = [e for e in events if e["kind"] == "target_chosen"]
    assert all(e["audience"] == [e["player"]] for e in chosen)


def render_reports(state, orders, player):
    from engine import Dice
    from games import get
    from pbem import render

    game = get("age-of-war")
    new, events = game.resolve(state, orders, Dice(b"same dice"))
    model = door.report_model(campaign="war", game=game, round_number=2, player=player, state=new,
                              events=events, dice={"seed": "00", "commitment": "00", "nonces": {}, "rolls": []},
                              next_commitment=None, deadline=None, defaulted=[], rerun=None)
    return render.render_text(model), render.render_json(model)


def test_a_passed_over_first_choice_is_told_to_its_owner_and_to_nobody_else():
    from engine import Dice
    from games import get

    state, _ = get("age-of-war").setup(["ann", "bob", "cho"], {}, Dice(b"setup"))
    state["castles"]["Odani"]["holder"] = "bob"
    base = {"ann": {"targets": ["Kumamoto"]}, "cho": {"targets": ["Kasugayama"]}}
    with_fallback = {**base, "bob": {"targets": ["Odani", "Gifu"]}}
    without = {**base, "bob": {"targets": ["Gifu"]}}
    for player in ("ann", "cho"):
        assert render_reports(state, with_fallback, player) == render_reports(state, without, player)
    bob_a, bob_b = render_reports(state, with_fallback, "bob"), render_reports(state, without, "bob")
    assert bob_a != bob_b and "Odani" in bob_a[0].split("\nCastles")[0]
