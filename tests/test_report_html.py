"""The HTML report pages: every value escaped, nothing loaded from anywhere, a picture only where the model has
one, and the text macros a page borrows escaped like the rest. (What a browser makes of them: test_browser.py.)"""
from __future__ import annotations

import random
import re
import urllib.parse

import pytest

from engine import dice as dice_module
from engine.dice import Dice
from engine.game import players_to_order, resolve_round, setup_game
from games import GAMES, get
from pbem import door, render
from tests.support.harness import harness_for
from tests.support.report_pages import NONCE, mail_page, parsed, rows

HOSTILE = ["<script>alert(1)</script>", "b&amp;'\"x", "<img src=x onerror=alert(2)>"]
CAMPAIGN = "<b>war</b> & \"peace\" 'o"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="10" height="10"/></svg>'


def hostile_models(game_name: str, rounds: int) -> list[dict]:
    """Every player's report model, round by round, of a game whose players and campaign have hostile names."""
    game, rng = get(game_name), random.Random(7)
    players = HOSTILE[:max(2, min(harness_for(game_name).player_counts))] if game_name != "ikusa" else HOSTILE
    secret = b"h" * 32
    options = harness_for(game_name).draw_options(len(players), rng)
    stream = dice_module.hidden_stream(dice_module.hidden_seed(secret))   # a game whose decks last the game
    state, events = setup_game(game, players, options, Dice.for_round(dice_module.round_seed(secret, 0), {}), stream)
    models = []
    for number in range(rounds + 1):
        if number:
            orders = {p: game.computer_orders(game.view(state, p), p) for p in players_to_order(game, state, players)}
            orders = {p: orders.get(p) or game.default_orders(state, p) for p in players}
            dice = Dice.for_round(dice_module.round_seed(secret, number), {players[0]: NONCE})
            state, events = resolve_round(game, state, orders, dice, stream=stream)
        else:
            dice = Dice.for_round(dice_module.round_seed(secret, 0), {})
        nonces = {players[0]: NONCE} if number else {}
        record = {"seed": "00", "commitment": "11", "nonces": nonces, "rolls": dice.rolls}
        models += [door.report_model(campaign=CAMPAIGN, game=game, round_number=number, player=p, state=state,
                                     events=events, dice=record, next_commitment="22", deadline=None,
                                     defaulted=[players[-1]], rerun={"reason": "<i>oops</i>", "undone": [1]},
                                     ) for p in players]
        if game.is_over(state):
            break
    return models


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_name_and_word_a_player_or_the_gm_chose_is_escaped_in_the_page(game_name):
    compared = 0
    for model in hostile_models(game_name, 3):
        page = render.render_html(model)
        for raw in [*HOSTILE, CAMPAIGN, NONCE, "<i>oops</i>"]:
            assert raw not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert "&lt;b&gt;war&lt;/b&gt; &amp; &#34;peace&#34; &#39;o" in page
        assert "onerror" not in re.sub(r"&lt;img src=x onerror=alert\(2\)&gt;", "", page)
        assert [tag for tag in re.findall(r"<\s*(script|img|iframe|object|embed)\b", page, re.I)] == []
        # the mail's page, parsed again and written out by css_inline: its text escaped as a browser reads it
        mailed = render.render_mail_html(model, picture_svg=SVG)
        for raw in [*HOSTILE, CAMPAIGN, "<i>oops</i>"]:
            assert raw not in mailed
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in mailed and "&lt;b&gt;war&lt;/b&gt; &amp;" in mailed
        words = re.sub(r'src="cid:[%\w.@-]*"', "", mailed)   # the picture's Content-ID, %-encoded, is a word
        assert "onerror" not in re.sub(r"&lt;img src=x onerror=alert\(2\)&gt;", "", words)
        assert re.findall(r"<\s*(script|img|iframe|object|embed)\b", mailed, re.I) == ["img"]
        compared += 1
    assert compared >= 8


def test_a_text_templates_macro_called_in_a_page_gives_escaped_text():
    env = render._env()
    told = env.get_template("ikusa/events.txt.j2")   # a text template: its macros never escape
    assert not env.from_string("{{ x }}", globals={"x": 1}).environment.autoescape("a.txt.j2")
    page = env.from_string("{% macro m(a) %}<i>{{ a }}</i>{% endmacro %}{{ t.who(p, 'red') }}|{{ m(p) }}")
    module = told.make_module({"r": {"view": {"players": ["x"], "names": {}, "colours": {}}}})
    assert page.render(t=module, p="<b>") == "&lt;b&gt; (red)|<i>&lt;b&gt;</i>"


@pytest.mark.parametrize("game_name", ["ikusa", "age-of-war"])
def test_a_report_page_links_to_nothing_and_forbids_every_fetch(report_pages, game_name):
    campaign, number = report_pages[game_name]
    checked = 0
    for player in campaign.player_names:
        page = mail_page(campaign, number, player)
        assert page == (campaign.round_dir(number) / "reports" / f"{player}.html").read_text("utf-8")
        assert ('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
                'style-src \'unsafe-inline\'; img-src data: cid:">') in page
        found = re.findall(r"\s(src|href|action|srcset|poster|data)\s*=\s*[\"']?([^\"'\s>]*)", page, re.I)
        pictures = [value for name, value in found if value.startswith("cid:")]
        assert pictures == [f"cid:{render.picture_cid(campaign.name, number, player)}"]   # the mail's own part
        for name, value in found:
            assert value.startswith("#") or value in pictures, (name, value)
        assert not re.search(r"url\((?!#)|@import|<link|<script|<iframe|<object", page, re.I)   # url(#id): its own
        checked += 1
    assert checked == 3


def test_an_ikusa_page_has_a_table_for_each_battle_and_a_standings_row_for_each_player(report_pages):
    campaign, number = report_pages["ikusa"]
    events = campaign.read_json(number, "events.json")
    battles = [e for e in events if e["kind"] == "battle_started" and e["audience"] == "all"]
    root = parsed(mail_page(campaign, number, "ann"))
    sections = root.all("div", "battle")
    assert len(sections) >= len(battles) >= 2
    hits = [sum(e["hits"] for e in events[start:start + events[start:].index(end) + 1]
                if e["kind"] in ("volley", "first_strike"))
            for start, e in enumerate(events) if e["kind"] == "battle_started" and e["audience"] == "all"
            for end in [next(x for x in events[start:] if x["kind"] == "battle_ended")]]
    told = []
    for section in sections:
        assert section.all("h3")[0].text().startswith("Battle ")
        assert [r[0] for r in rows(section.all("table", "sides")[0])][:2] == ["Attacker", "Defender"]
        assert not section.all("table", "rounds"), "a mail holds no table of every die"
        [summary] = [p.text() for p in section.all("p", "aside") if p.text().startswith("Hits, round by round:")]
        told.append(sum(int(n) for n in re.findall(r"(?:attacker|defender) (\d+)", summary)))
        assert section.all("p", "outcome")
    assert told[:len(hits)] == hits and sum(told) > 0   # each battle's hits, as its volleys rolled them
    [standings] = root.all("table", "standings")
    assert sorted(r[1].split(" ")[0] for r in rows(standings)) == ["ann", "bob", "cho"]
    assert NONCE in root.text()


def test_the_picture_goes_in_its_slot_only_when_the_model_has_one():
    [model] = [m for m in hostile_models("age-of-war", 0) if m["player"] == HOSTILE[0]]
    assert 'id="picture"' not in render.render_html(model)
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    page = render.render_html({**model, "picture_svg": svg})
    assert f'<div class="picture" id="picture">\n{svg}\n</div>' in page
    assert 'id="picture"' not in render.render_mail_html(model)
    mailed = render.render_mail_html(model, picture_svg=SVG)
    [img] = re.findall(r"<img [^>]*>", mailed)
    cid = render.picture_cid(model["campaign"], model["round"], model["player"])
    [url] = re.findall(r'src="cid:([^"]*)"', img)
    assert urllib.parse.unquote(url) == cid and re.fullmatch(r"[%\w.@-]+", url)   # RFC 2392: %-encoded
    assert 'width="640"' in img and 'height="320"' in img and "<svg" not in mailed
