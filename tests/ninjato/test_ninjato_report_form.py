"""Ninjato's order form and forecast: the form as mailed, with the computer's suggested orders in it, reads as
TOML and passes the check in every round, in either language; it shows the table and the ninja's own pieces;
the acknowledgement tells each raid's chances."""
from __future__ import annotations

import json
import tomllib

import pytest

import games
from games.ninjato.view import view
from pbem import door, render
from pbem.campaign import Campaign
from pbem.inbox import forecast_text

ENVELOPE = ("game", "campaign", "round", "player", "token", "nonce", "final")


@pytest.fixture(scope="module")
def played(demo_game):
    return Campaign.load(demo_game("ninjato", "2", 3))


def body_of(form: str) -> dict:
    body = tomllib.loads(form)
    for key in ENVELOPE:
        body.pop(key, None)
    return body


def test_the_form_as_sent_filled_in_by_its_suggested_orders_passes_the_check_in_every_round(played):
    game = games.get("ninjato")
    checked = 0
    for number in range(played.last_round):
        state = played.state(number)
        for player in played.player_names:
            view = game.view(state, player)
            for language in ("en", "es"):
                form = door.order_form(door.Seat("demo", game, player, number + 1, view, language))
                result = game.check_orders(view, player, body_of(form))
                assert result.problems == [], (number, player, language)
                checked += 1
    assert checked >= 6 * 3 * 2


def test_the_form_names_the_houses_the_rows_and_the_ninjas_own_pieces_and_says_when_clans_are_scored(played):
    state = played.state(2)
    game = games.get("ninjato")
    form = door.order_form(door.Seat("demo", game, "akiko", 3, game.view(state, "akiko")))
    assert all(f"{name} (" in form for name in state["houses"])
    assert "Your hand: " + (", ".join(map(str, state["ninja"]["akiko"]["hand"])) or "no cards") in form
    assert all(t["id"] in form for t in state["ninja"]["akiko"]["treasures"])
    assert all(card["id"] in form for card in state["palace"] + state["pavilion"])
    assert "[clan_scoring] matters this round" in form
    assert "[clan_scoring] matters only in rounds 3, 5 and 7" in door.order_form(
        door.Seat("demo", game, "akiko", 2, game.view(played.state(1), "akiko")))
    spanish = door.order_form(door.Seat("demo", game, "akiko", 3, game.view(state, "akiko"), "es"))
    assert "Tu mano: " in spanish and "Your hand" not in spanish


def test_every_comment_of_the_form_is_a_toml_comment_and_every_other_line_is_the_orders(played):
    game = games.get("ninjato")
    view = game.view(played.state(3), "benkei")
    body = game.order_form(view, "benkei")
    text = render._env("es").get_template("ninjato/order_form.toml.j2").render(form=body)
    before, _, orders = text.partition("\n\n[[shuriken]]")
    assert all(line.startswith("#") for line in before.strip().splitlines())
    assert tomllib.loads("[[shuriken]]" + orders) == tomllib.loads(body["orders"])


def test_the_acknowledgement_tells_the_chances_of_each_raid_ordered(played):
    game = games.get("ninjato")
    state = played.state(2)
    form = door.order_form(door.Seat("demo", game, "chiyo", 3, game.view(state, "chiyo")))
    checked = game.check_orders(view(state, "chiyo"), "chiyo", body_of(form))
    raids = checked.forecast
    assert raids
    text = forecast_text("ninjato", checked.forecast)
    assert text.count("shuriken ") == len(raids)
    assert all(f"{row['house']} by {row['approach']}" in text for row in raids)
    spanish = forecast_text("ninjato", checked.forecast, "es")
    assert all(f"{row['house']} con " in spanish for row in raids) and "derrotada" in spanish
    assert json.dumps(checked.forecast)


def test_the_form_names_every_key_the_orders_accept_with_an_example_in_either_language(played):
    from games.ninjato.orders import FIELDS

    game = games.get("ninjato")
    keys = {"shuriken", "actions", "banzai", "chance", "guards", "clan_scoring", "do", "clan", "worth",
            *(name for fields in FIELDS.values() for name in fields)}
    for language in ("en", "es"):
        form = door.order_form(door.Seat("demo", game, "akiko", 3, game.view(played.state(2), "akiko"), language))
        comments = "\n".join(line.lstrip("# ") for line in form.splitlines() if line.startswith("#"))
        comments = " ".join(comments.split())
        missing = sorted(key for key in keys if f"{key} = " not in comments and f"[{key}]" not in comments
                         and f"[[{key}]]" not in comments)
        assert missing == [], (language, missing)
