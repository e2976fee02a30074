"""Languages: a catalogue per template folder, kept up to date with the templates, and a language offered only
once every message of it is translated; a player's mail is written in the language chosen for him."""
from __future__ import annotations

import re

import pytest

from pbem import catalogues, languages, render

FIELD = re.compile(r"%\((\w+)\)s")


def every_catalogue():
    for path in sorted(languages.TEMPLATES.glob("*/*.po")):
        yield path.parent.name, path.stem


def test_every_catalogue_holds_exactly_the_messages_its_folder_says_today():
    compared = 0
    for folder, language in every_catalogue():
        catalogue = catalogues.read(folder, language)
        said = set(catalogues.messages(folder))
        kept = {message.id for message in catalogue if message.id}
        assert said - kept == set(), f"{folder}/{language}.po lacks messages: run python -m pbem.catalogues update"
        assert kept - said == set(), f"{folder}/{language}.po keeps messages no template says: run the update"
        compared += len(said)
    assert compared > 200


def test_every_language_offered_is_translated_whole_in_every_folder():
    listed = languages.listed()
    for language in listed:
        for folder in catalogues.folders():
            assert catalogues.untranslated(folder, language) == [], (folder, language)
    assert "en" not in listed, "English is the templates' own"


def test_a_message_left_untranslated_or_fuzzy_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(languages, "TEMPLATES", tmp_path)
    monkeypatch.setattr(catalogues, "TEMPLATES", tmp_path)
    (tmp_path / "zz").mkdir()
    (tmp_path / "zz" / "a.txt.j2").write_text(
        "{% trans %}One{% endtrans %} {% trans %}Two{% endtrans %}"
        "{% trans n=k %}one castle{% pluralize %}{{ n }} castles{% endtrans %}")
    catalogues.update("zz", "es")
    assert len(catalogues.untranslated("zz", "es")) == 3
    text = (tmp_path / "zz" / "es.po").read_text()
    text = text.replace('msgid "One"\nmsgstr ""', 'msgid "One"\nmsgstr "Uno"')
    text = text.replace('msgid "Two"\nmsgstr ""', '#, fuzzy\nmsgid "Two"\nmsgstr "Dos"')
    (tmp_path / "zz" / "es.po").write_text(text)
    assert catalogues.untranslated("zz", "es") == ["Two", ("one castle", "%(n)s castles")]


def test_every_translation_keeps_the_values_its_message_names():
    compared = 0
    for folder, language in every_catalogue():
        for message in catalogues.read(folder, language):
            if not message.id or not message.string:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                continue   # not translated yet: the check of whole catalogues says so
            if "python-brace-format" in message.flags:
                wanted = {name for name in re.findall(r"\{(\w+)", ids[0])}
                assert all({name for name in re.findall(r"\{(\w+)", s)} == wanted for s in strings), message.id
            else:
                wanted = set(FIELD.findall(ids[-1]))
                # a plural's singular may leave the count out ("un castillo"), never another value
                assert all(set(FIELD.findall(s)) <= wanted and set(FIELD.findall(s)) >= wanted - {"count", "n"}
                           for s in strings), message.id
            compared += 1
    assert compared > 10


def test_a_language_not_listed_is_not_offered_though_its_catalogues_exist(monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {})
    assert languages.offered("ikusa") == ("en",)
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}, "xx": {"name": "none"}})
    assert languages.offered("ikusa") == ("en", "es")   # xx has no catalogue


@pytest.mark.parametrize(("kind", "values", "english", "spanish"), [
    ("report", {"round": 3, "over": True}, "Round 3 report (game over)", "Informe de la ronda 3 (fin de la partida)"),
    ("orders_rejected", {}, "Orders rejected", "Órdenes rechazadas"),
    ("played_by_someone_new", {"name": "<bob>"}, "<bob> is played by someone new",
     "<bob> pasa a manos de otro jugador"),
])
def test_a_subject_is_written_in_the_players_language(kind, values, english, spanish):
    assert render.subject(kind, "en", **values) == english
    assert render.subject(kind, "es", **values) == spanish


def test_a_language_the_campaign_cannot_write_reads_as_english(campaign, monkeypatch):
    from pbem.campaign import Campaign, Player

    camp = Campaign.load(campaign.folder)
    camp.players = [Player(p.name, p.email, "xx" if p.name == "ann" else p.language) for p in camp.players]
    assert camp.language_of("ann") == "en" and camp.languages() == {}
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})
    camp.players = [Player(p.name, p.email, "es" if p.name == "ann" else p.language) for p in camp.players]
    assert camp.language_of("ann") == "es" and camp.languages() == {"ann": "es"}


@pytest.mark.parametrize(("template", "row", "english", "spanish"), [
    ("ikusa/standing.txt.j2", {"player": "ann", "rank": 1, "provinces": 1, "armies": 2, "out": False},
     "1. ann (1 province, 2 armies)", "1. ann (1 provincia, 2 ejércitos)"),
    ("ikusa/standing.txt.j2", {"player": "bob", "rank": 3, "provinces": 0, "armies": 1, "out": True},
     "3. bob (0 provinces, 1 army, out of the game)", "3. bob (0 provincias, 1 ejército, fuera de la partida)"),
    ("age_of_war/standing.txt.j2", {"player": "cho", "rank": 2, "points": 1, "castles": 1, "clans": 0},
     "2. cho (1 point, 1 castle, 0 clans)", "2. cho (1 punto, 1 castillo, 0 clanes)"),
])
def test_the_status_tells_each_games_standings_in_its_words_and_the_readers_language(template, row, english,
                                                                                      spanish):
    assert render.said(template, "standing", "en", row=row) == english
    assert render.said(template, "standing", "es", row=row) == spanish


def test_a_share_is_written_in_percent_as_each_language_writes_it_with_the_digits_it_was_given():
    assert [render.percent(v) for v in (98.8, 40, 37.0)] == ["98.8%", "40%", "37.0%"]
    assert [render.percent(v, "es") for v in (98.8, 40, 37.0, 1234.5)] == [
        "98,8\u00a0%", "40\u00a0%", "37,0\u00a0%", "1.234,5\u00a0%"]
    spanish = render.render("ikusa/forecast.txt.j2", "es", forecast=[
        {"target": "omi", "target_name": "Omi", "from": "mino", "from_name": "Mino", "naval": False,
         "odds": {"attacker_wins": 98.8, "defender_wins": 1.1, "both_eliminated": 0.1}}])
    assert "el atacante gana el 98,8\u00a0%, el defensor el 1,1\u00a0%" in spanish


def test_a_problems_word_for_a_count_agrees_with_the_number_in_english_and_spanish():
    from games.ikusa.problems import PROBLEMS

    spanish = languages.translations("es").gettext
    told = {reach: (PROBLEMS.sentence("too-far-in-phase-a", {"army": "red-1", "reach": reach, "length": 3}),
                    PROBLEMS.sentence("too-far-in-phase-a", {"army": "red-1", "reach": reach, "length": 3}, spanish))
            for reach in (1, 2)}
    assert "at most 1 province in" in told[1][0] and "at most 2 provinces in" in told[2][0]
    assert "como mucho 1 provincia en" in told[1][1] and "como mucho 2 provincias en" in told[2][1]
    assert not any("(s)" in text or "(es)" in text for pair in told.values() for text in pair)
