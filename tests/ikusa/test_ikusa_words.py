"""A player writes the rulebook's words: Ikusa's orders may name units, fortifications and choices in Spanish as
the Spanish rulebook does (lancero, castillo, avanzar), in capitals or without accents, and are then what the same
orders in English are; what is no such word is refused, quoting what was written."""
from __future__ import annotations

import functools

from engine.problems import _SENTENCES
from games.ikusa.problems import PROBLEMS
from games.ikusa.words import folded, in_rulebook_terms
from pbem import languages
from tests.ikusa.report_battery import GAME, played

SPANISH = {"spearman": "Lancero", "archer": "arquero", "swordsman": "Espadachín", "gunner": "artilleros",
           "daimyo": "daimio", "castle": "castillo", "fortress": "Fortaleza",
           "advance": "avanzar", "stay": "quedarse", "advance_and_stop": "avanzar y parar",
           "force": "fuerza", "army": "Ejército"}
"""How a Spanish player might write each English word the orders use (written here, not read from words.toml)."""
GAMES = ((2, {}, 1, 3), (3, {"quick": True}, 3, 3), (4, {}, 6, 3))


def in_spanish(orders, said: list):
    """The orders with every word of the rules as SPANISH writes it, the words changed counted in `said`."""
    def word(value):
        if isinstance(value, str) and value in SPANISH:
            said.append(value)
            return SPANISH[value]
        return value

    def walk(value, key=None):
        if isinstance(value, list):
            if key == "priority":
                return [word(item) for item in value]
            return [walk(item, "units" if key == "army_units" else None) for item in value]
        if not isinstance(value, dict):
            return value
        if key in ("units", "garrison", "drop", "pick_up"):
            return {word(name): walk(inner, key) for name, inner in value.items()}
        done = {}
        for name, inner in value.items():
            if name in ("unit", "kind", "after_win", "defence_losses_first"):
                done[name] = word(inner)
            elif name == "successors":
                done[name] = {army: word(unit) for army, unit in inner.items()}
            else:
                done[name] = walk(inner, name)
        return done

    return walk(orders)


@functools.cache
def positions():
    return [(state, player) for _game, state, _events, _number, player in played(GAMES) if not state["over"]]


def test_orders_in_the_rulebooks_spanish_words_are_the_same_orders_as_in_english():
    said: list[str] = []
    compared = 0
    for state, player in positions():
        english = GAME.computer_orders(GAME.view(state, player), player)
        spanish = in_spanish(english, said)
        as_english, as_spanish = GAME.check_orders(state, player, english), GAME.check_orders(state, player, spanish)
        assert [p.code for p in as_spanish.problems] == [p.code for p in as_english.problems], player
        assert as_spanish.orders == as_english.orders, player
        compared += 1
    assert compared > 30 and {"spearman", "archer", "swordsman", "gunner", "castle"} <= set(said), set(said)
    assert len(said) > 300


def test_a_word_is_read_without_regard_to_capitals_accents_or_number():
    for written in ("Espadachín", "ESPADACHIN", "espadachines", " espadachín "):
        assert in_rulebook_terms({"levy": {"units": [{"unit": written, "to": "omi"}]}}) == \
            {"levy": {"units": [{"unit": "swordsman", "to": "omi"}]}}
    assert folded("Ejército") == "ejercito" and folded("avanzar y parar") == "avanzar_y_parar"


def test_what_is_not_a_word_of_the_rules_is_left_as_written_and_the_check_quotes_it_in_either_language():
    state, player = next((s, p) for s, p in positions() if s["phase"] != "placement" and len(s["players"]) == 4)
    orders = GAME.computer_orders(GAME.view(state, player), player)
    own = next(pid for pid, p in sorted(state["provinces"].items()) if p.get("owner") == player)
    orders["planning"] = {"turn_order": 0, "build": 0, "levy": 1, "ronin": 0,
                          "ninja": state["koku"][player] - 1}
    orders["levy"] = {"units": [{"unit": "samurái", "to": own}]}
    checked = GAME.check_orders(state, player, orders)
    [unknown] = [p for p in checked.problems if p.code == "unknown-levy-unit"]
    assert unknown.field == "levy.units[0].unit"
    assert '"samurái"' in unknown.message and "archer" in unknown.message, unknown.message
    spanish = _SENTENCES.format(languages.translations("es").gettext(PROBLEMS.table["unknown-levy-unit"][1]),
                                **unknown.values)
    assert '"samurái"' in spanish and "lanceros" in spanish and "espadachín" in spanish, spanish


def test_two_names_of_one_unit_in_one_table_are_not_merged_into_one():
    read = in_rulebook_terms({"war": {"final_moves": [{"province": "ise", "to": "omi",
                                                        "units": {"lancero": 1, "spearman": 2}}]}})
    assert read["war"]["final_moves"][0]["units"] == {"lancero": 1, "spearman": 2}
