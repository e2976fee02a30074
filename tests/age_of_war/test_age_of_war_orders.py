import tomllib

import pytest

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, dumps
from games import get
from games.age_of_war import view
from games.age_of_war.cards import CASTLES
from games.age_of_war.orders import check_orders, computer_orders, default_orders, format_orders, order_form
from games.age_of_war.solver import odds, percent
from pbem import door
from tests.age_of_war.scripted_dice import give, new_game

GAME = get("age-of-war")


def problems(body, state=None, player="ann"):
    """(reason, field, code) of each problem, and the values of each."""
    checked = check_orders(state or new_game(), player, body)
    assert not checked.accepted and checked.orders is None
    return [(p.reason, p.field, p.code) for p in checked.problems], [p.values for p in checked.problems]


def test_a_ranked_list_is_accepted_with_names_in_any_case():
    checked = check_orders(new_game(), "ann", {"targets": ["azuchi", "KASUGAYAMA", " Gifu ", "auto"]})
    assert checked.accepted
    assert checked.orders == {"targets": ["Azuchi", "Kasugayama", "Gifu", "auto"]}


def test_an_unknown_castle_is_not_understood_and_the_closest_names_are_suggested():
    found, values = problems({"targets": ["Kasugayma", "Gifu"]})
    assert found == [(NOT_UNDERSTOOD, "targets[0]", "misspelt-castle")]
    assert values[0]["written"] == "Kasugayma" and "Kasugayama" in values[0]["suggestions"]


def test_a_name_like_no_castle_lists_them_all():
    found, values = problems({"targets": ["Osaka"]})
    assert found == [(NOT_UNDERSTOOD, "targets[0]", "unknown-castle")]
    assert values[0] == {"written": "Osaka", "castles": list(CASTLES)}


def test_a_secured_castle_can_never_be_targeted():
    state = give(new_game(), "bob", "Marugame", "Matsuyama", secured=True)
    found, values = problems({"targets": ["Gifu", "Marugame"]}, state)
    assert found == [(NOT_ALLOWED, "targets[1]", "castle-secured")]
    assert values[0] == {"castle": "Marugame", "holder": "bob", "clan": "Chosokabe"}


def test_a_castle_secured_by_the_player_is_told_as_their_own():
    state = give(new_game(), "ann", "Marugame", "Matsuyama", secured=True)
    found, values = problems({"targets": ["Marugame"]}, state)
    assert found == [(NOT_ALLOWED, "targets[0]", "castle-secured-yours")]
    assert values[0] == {"castle": "Marugame", "clan": "Chosokabe"}


def test_a_castle_listed_twice_is_not_allowed():
    found, values = problems({"targets": ["Gifu", "Edo", "gifu"]})
    assert found == [(NOT_ALLOWED, "targets[2]", "listed-twice")]
    assert values[0] == {"castle": "Gifu", "place": 1}


def test_entries_after_auto_are_not_allowed():
    found, values = problems({"targets": ["Gifu", "auto", "Edo", "auto"]})
    assert found == [(NOT_ALLOWED, "targets[2]", "after-auto"), (NOT_ALLOWED, "targets[3]", "after-auto")]
    assert values[0] == {"written": "Edo"}


@pytest.mark.parametrize("targets", ["Gifu", [], {"a": "Gifu"}])
def test_targets_must_be_a_non_empty_list(targets):
    found, _ = problems({"targets": targets})
    assert found == [(NOT_UNDERSTOOD, "targets", "targets-not-a-list")]


def test_an_entry_that_is_no_name_is_told_at_its_place_and_the_other_entries_are_still_checked():
    found, values = problems({"targets": ["Gifo", 3, ["Gifu"], "Edo", "edo"]})
    assert found == [(NOT_UNDERSTOOD, "targets[0]", "misspelt-castle"),
                     (NOT_UNDERSTOOD, "targets[1]", "target-not-a-name"),
                     (NOT_UNDERSTOOD, "targets[2]", "target-not-a-name"), (NOT_ALLOWED, "targets[4]", "listed-twice")]
    assert values[1]["written"] == "3" and values[2]["written"] == "a list"


def test_a_misspelt_auto_is_told_as_auto_first():
    found, values = problems({"targets": ["Gifu", "atuo"]})
    assert found == [(NOT_UNDERSTOOD, "targets[1]", "misspelt-castle")]
    assert values[0]["suggestions"][0] == "auto"


def test_missing_targets_are_not_understood():
    found, _ = problems({})
    assert found == [(NOT_UNDERSTOOD, "targets", "no-targets")]


def test_an_unknown_key_is_not_understood():
    found, values = problems({"targets": ["Gifu"], "attack": "Edo"})
    assert found == [(NOT_UNDERSTOOD, "attack", "unknown-order")]
    assert values[0]["key"] == "attack"


def test_no_orders_are_taken_once_the_game_is_over():
    state = new_game()
    state["over"] = True
    found, _ = problems({"targets": ["Gifu"]}, state)
    assert found == [(NOT_ALLOWED, "game", "game-over")]


def test_every_problem_is_reported_not_only_the_first():
    state = give(new_game(), "bob", "Kumamoto", secured=True)
    found, _ = problems({"targets": ["Gifuu", "Kumamoto", "Edo", "Edo", "auto", "Odani"], "x": 1}, state)
    assert [(reason, field) for reason, field, _ in found] == [
        (NOT_UNDERSTOOD, "x"), (NOT_UNDERSTOOD, "targets[0]"), (NOT_ALLOWED, "targets[1]"),
        (NOT_ALLOWED, "targets[3]"), (NOT_ALLOWED, "targets[5]")]


def test_the_player_reads_each_refusal_as_one_plain_sentence():
    state = give(new_game(), "bob", "Marugame", "Matsuyama", secured=True)
    checked = check_orders(state, "ann", {"targets": ["Kasugayma", "Marugame", "auto", "Edo"], "attack": 1})
    assert [p.message for p in checked.problems] == [
        '"attack" is not an Age of War order. The only order is a ranked list of castles, for example: '
        'targets = ["Gifu", "auto"]',
        'There is no castle called "Kasugayma". Did you mean "Kasugayama", "Marugame" or "Inuyama"?',
        "Marugame is face down in bob's Chosokabe clan stack: it can never be taken again.",
        '"Edo" comes after "auto", which always picks a castle, so it would never be reached. Put "auto" last.',
    ]


def test_the_forecast_gives_each_target_its_exact_chance_and_marks_the_one_played_now():
    state = give(give(new_game(), "ann", "Azuchi"), "bob", "Gifu")
    checked = check_orders(state, "ann", {"targets": ["Azuchi", "Gifu", "Edo", "auto"]})
    assert checked.accepted
    azuchi, gifu, edo, auto = checked.forecast
    assert (azuchi["target"], azuchi["holder"], azuchi["would_play"]) == ("Azuchi", "ann", False)
    assert "You hold Azuchi" in azuchi["note"]  # allowed: someone may steal it first
    assert gifu == {**gifu, "target": "Gifu", "holder": "bob", "steal": True, "points": 1, "would_play": True,
                    "chance": percent(odds("Gifu", steal=True))}
    assert gifu["chance"] == "78.7"
    assert (edo["steal"], edo["chance"], edo["would_play"]) == (False, "32.7", False)
    assert (auto["target"], auto["castle"], auto["chance"]) == ("auto", "Kiyosu", "87.0")
    dumps(checked.forecast)


@pytest.mark.parametrize("targets", [["auto"], ["Azuchi", "Gifu", "auto"], ["Kumamoto"], ["Odani", "Edo"]])
def test_formatted_orders_read_back_as_the_same_orders(targets):
    orders = {"targets": targets}
    text = format_orders(orders)
    assert check_orders(new_game(), "ann", tomllib.loads(text)).orders == orders


def test_format_orders_writes_one_toml_line():
    assert format_orders({"targets": ["Azuchi", "auto"]}) == 'targets = ["Azuchi", "auto"]\n'


def test_a_player_who_sends_nothing_plays_auto_and_so_does_the_computer():
    assert default_orders(new_game(), "ann") == {"targets": ["auto"]}
    assert computer_orders(new_game(), "ann") == {"targets": ["auto"]}


def test_the_order_form_explains_lists_the_castles_and_is_valid_as_it_stands():
    state = give(give(new_game(), "ann", "Azuchi"), "bob", "Gifu")
    give(state, "cid", "Kumamoto", secured=True)
    form = door.order_form(door.Seat("war", GAME, "ann", 1, view(state, "ann")))
    body = tomllib.loads(form)
    envelope = {key: body.pop(key) for key in ("game", "campaign", "round", "player", "token", "nonce")}
    assert envelope["player"] == "ann" and body == {"targets": ["Kiyosu", "auto"]}
    assert check_orders(state, "ann", body).accepted
    table = form.split("# Castles you can attack now:\n", 1)[1].split("#\n", 1)[0]   # the form's castle table
    listed = [line.split()[1] for line in table.splitlines() if line.startswith("#   ")][1:]
    assert listed == [n for n in state["castles"] if n not in ("Azuchi", "Kumamoto")]
    assert "steal" in form.lower() and "auto" in form and "daimyo" in form
    assert "78.7%" in form  # stealing Gifu from bob


def test_the_order_form_is_data_for_its_template_with_no_sentence_in_it():
    state = give(give(new_game(), "ann", "Azuchi"), "bob", "Gifu")
    give(state, "cid", "Kumamoto", secured=True)
    form = order_form(view(state, "ann"), "ann")
    assert form["yours"] == ["Azuchi"] and form["secured"] == ["Kumamoto"] and form["player"] == "ann"
    assert form["orders"] == 'targets = ["Kiyosu", "auto"]\n'
    gifu = next(row for row in form["rows"] if row["castle"] == "Gifu")
    assert gifu == {"castle": "Gifu", "clan": "Oda", "points": 1, "gain": 1, "holder": "bob", "chance": "78.7",
                    "lines": ["D", "A", "C"], "steal": True}


def test_the_view_shows_everything_public_with_scores_and_odds_as_text():
    state = give(give(new_game(), "ann", "Azuchi"), "bob", "Gifu", "Odani", secured=False)
    seen = view(state, "ann")
    dumps(seen)  # no floats anywhere
    assert seen["you"] == "ann" and seen["castles"] == state["castles"]
    assert [row["player"] for row in seen["scores"]] == ["ann", "bob", "cid"]
    available = {row["castle"]: row for row in seen["available"]}
    assert "Azuchi" not in available
    assert available["Gifu"]["chance"] == "78.7" and available["Gifu"]["steal"] is True
    assert available["Kasugayama"]["chance"] == "27.0" and available["Kasugayama"]["points"] == 4
    assert seen["auto"] == "Kiyosu"
    seen["castles"]["Gifu"]["holder"] = "cid"
    assert state["castles"]["Gifu"]["holder"] == "bob"  # a copy, not the state itself


def test_a_list_longer_than_every_castle_and_auto_is_refused_in_one_problem_not_one_per_entry():
    state = new_game(["ann", "bob"])
    checked = check_orders(state, "ann", {"targets": ["Gifu"] * 10_000})
    assert [p.code for p in checked.problems] == ["too-many-targets"]
    assert f"only {len(CASTLES)} castles" in checked.problems[0].message
    every = sorted(CASTLES) + ["auto"]
    assert check_orders(state, "ann", {"targets": every}).problems == []
