"""Ninjato's reports: every event told in a sentence (none as raw fields), in the player's language, with the
provisional components said, another ninja's hand and Rumors never shown, and the HTML page made of the same
sentences."""
from __future__ import annotations

import copy
import json
import re

import pytest

import games
from pbem import door, render
from pbem.campaign import Campaign
from tests.ninjato.players import random_events

GAMES = (("1", 2), ("2", 3), ("3", 4))
UNTOLD = "[no sentence for this event: "
RAW = re.compile(r"\w+=\S|\{'|\[\{")   # what an event told as its fields looks like ("kind=raid", "{'id'")


@pytest.fixture(scope="module")
def played(demo_game):
    return [Campaign.load(demo_game("ninjato", seed, players)) for seed, players in GAMES]


def reports(campaign, suffix: str) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(campaign.folder.glob(f"rounds/*/reports/*.{suffix}"))]


def model_of(campaign, number: int, player: str) -> dict:
    return json.loads((campaign.folder / f"rounds/{number:04d}/reports/{player}.json").read_text())


def told_without_fields(text: str) -> list[str]:
    """The lines of a report that look like an event told as its fields (the order form apart)."""
    story = text.split("\n#")[0]
    return [line for line in story.splitlines() if UNTOLD in line or RAW.search(line)]


@pytest.mark.slow
def test_no_report_of_whole_demo_games_tells_an_event_as_its_fields(played):
    for campaign in played:
        for text in reports(campaign, "txt"):
            assert told_without_fields(text) == []
        for page in reports(campaign, "html"):
            assert UNTOLD not in page and " kind=" not in page   # the fields, "kind=...; ...", not data-kind=


@pytest.mark.slow
def test_every_event_kind_the_rules_make_is_told_in_both_languages(played):
    events = random_events()
    kinds = {e["kind"] for e in events}
    assert {"skill_learned", "skill_used", "peeked", "rumor_taken", "hand_limit", "alarm_ignored", "dealt"} | {
        "setup", "order_default", "order_adjusted"} <= kinds
    model = model_of(played[0], 1, "akiko")
    model["events"] = [{k: v for k, v in e.items() if k != "audience"} for e in events]   # every ninja's
    for language in ("en", "es"):
        text = render.render_text({**model, "language": language})
        assert told_without_fields(text) == []
        assert UNTOLD not in render.render_html({**model, "language": language})


def test_every_event_kind_in_the_rules_has_its_sentence():
    from pathlib import Path

    source = "".join(p.read_text() for p in Path(games.__file__).parent.joinpath("ninjato").glob("*.py"))
    made = set(re.findall(r'event\("(\w+)"', source))
    env = render._env("en")
    told = env.get_template("ninjato/events.txt.j2").make_module({"r": {}})
    assert made and made <= set(told.sentences)


def test_a_spanish_players_report_is_in_spanish(played):
    model = model_of(played[1], 2, "benkei")
    text = render.render_text({**model, "language": "es"})
    english = render.render_text(model)
    assert "Las casas de clan" in text and "The clan houses" in english
    assert "raids a house" not in text and "Standings" not in text
    assert "componentes provisionales" in text
    assert 'lang="es"' in render.render_html({**model, "language": "es"})


def test_every_report_says_the_campaign_plays_with_provisional_components(played):
    for text in reports(played[0], "txt"):
        assert "This campaign plays with provisional components" in text
    for page in reports(played[0], "html"):
        assert "This campaign plays with provisional components" in page


def test_a_campaign_with_components_from_the_box_has_no_provisional_notice(played):
    model = model_of(played[0], 1, "akiko")
    model["view"]["components"]["provisional"] = []
    assert "provisional" not in render.render_text(model)
    assert "provisional" not in render.render_html(model)


def test_another_ninjas_hand_and_rumors_change_nothing_in_a_report(played):
    campaign = played[2]
    number, rival = next((n, p) for n in range(4, 7) for p in ("benkei", "chiyo", "daisuke")
                         if campaign.state(n)["ninja"][p]["rumors"])
    state = campaign.state(number)
    events = json.loads((campaign.folder / f"rounds/{number:04d}/events.json").read_text())
    events = events["events"] if isinstance(events, dict) else events
    game = games.get("ninjato")
    dice = {key: value for key, value in model_of(campaign, number, "akiko")["dice"].items()
            if key not in ("algorithm", "round", "next_commitment")}
    other = copy.deepcopy(state)
    hand, rumors = state["ninja"][rival]["hand"], state["ninja"][rival]["rumors"]
    other["ninja"][rival]["hand"] = [6 - card for card in hand]   # as many cards and Rumors, others
    other["ninja"][rival]["rumors"] = [{**rumor, "id": "rumor-99", "bonus": 9} for rumor in rumors]
    assert hand != [6 - card for card in hand] and rumors
    made = []
    for table in (state, other):
        model = door.report_model(campaign="demo", game=game, round_number=number, player="akiko", state=table,
                                  events=events, dice=dice,
                                  next_commitment=None, deadline=None, defaulted=[], rerun=None)
        made.append((render.render_text(model), render.render_html(model)))
    assert made[0] == made[1]
    assert "Your hand:" in made[0][0]


def test_a_ninja_sees_his_own_hand_and_rumors_in_his_report(played):
    campaign = played[1]
    model = model_of(campaign, 4, "chiyo")
    hand = model["view"]["ninja"]["chiyo"]["hand"]
    text = render.render_text(model)
    assert "Your hand: " + (", ".join(map(str, hand)) if hand else "no cards") + "." in text
    assert "Yours alone" not in render.render_text(model_of(campaign, 4, "chiyo") | {"player": ""})


def test_a_public_sentence_reads_the_same_told_once_for_the_round_or_anew_for_one_report(played):
    campaign = played[1]
    compared = 0
    for number in (0, 3, campaign.last_round):
        for player in campaign.player_names:
            stored = (campaign.folder / f"rounds/{number:04d}/reports/{player}.txt").read_text(encoding="utf-8")
            assert render.render_text(model_of(campaign, number, player)) == stored
            compared += 1
    assert compared == 9


def test_the_public_page_shows_the_table_and_no_hand(played):
    campaign = played[2]
    state = campaign.state(4)
    game = games.get("ninjato")
    events = json.loads((campaign.folder / "rounds/0004/events.json").read_text())
    events = events["events"] if isinstance(events, dict) else events
    dice = {key: value for key, value in model_of(campaign, 4, "akiko")["dice"].items()
            if key not in ("algorithm", "round", "next_commitment")}
    model = door.report_model(campaign="demo", game=game, round_number=4, player="", state=state, events=events,
                              dice=dice, next_commitment=None, deadline=None, defaulted=[], rerun=None)
    page = render.render_html(model)
    assert "public page" in page and "The clan houses" in page
    assert "Yours alone" not in page and "Your hand" not in page and UNTOLD not in page


def test_the_status_tells_each_ninjas_honour_in_the_readers_language(played):
    from pbem.status import campaign_status, format_status

    info = campaign_status(played[0])
    english, spanish = format_status(info), format_status(info, "es")
    best = info["standings"][0]
    assert f"1. {best['player']} ({best['honour']} honour)" in english
    assert f"1. {best['player']} ({best['honour']} de honor)" in spanish
