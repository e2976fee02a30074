"""Ninjato's board as a picture: made of the player's view and visible events alone (another's hand never in it),
a closed or beaten house drawn so, well-formed SVG of a fixed size that draws as a PNG of that size, the same
bytes for the same view; and a whole game records each player's picture."""
from __future__ import annotations

import copy
import json
import struct
import xml.etree.ElementTree as ET

import pytest

from engine import for_player
from games.ninjato import GAME
from games.ninjato.picture import HEIGHT, WIDTH, board_model
from games.ninjato.view import view
from pbem import pictures, render
from pbem.campaign import Campaign
from tests.ninjato.table import act, guard, lay_house, new_game, treasure

SVG = "{http://www.w3.org/2000/svg}"


def drawn(state: dict, player: str, events: list[dict] = (), language: str = "en") -> str:
    """The player's picture as a report draws it: from his view and the events he may see."""
    model = GAME.picture(view(state, player), for_player(list(events), player), player)
    return render.render("ninjato/picture.svg.j2", language, picture=model, round=model["round"])


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def group(root: ET.Element, kind: str, **data) -> ET.Element:
    found = [g for g in root.iter(f"{SVG}g") if kind in (g.get("class") or "").split()
             and all(g.get(f"data-{key}") == value for key, value in data.items())]
    assert len(found) == 1, f"{len(found)} {kind} groups with {data}"
    return found[0]


def classes(root: ET.Element, kind: str) -> list[ET.Element]:
    return [el for el in root.iter() if kind in (el.get("class") or "").split()]


def words(root: ET.Element) -> str:
    return " ".join("".join(el.itertext()) for el in root.iter(f"{SVG}text"))


def beaten_house() -> tuple[dict, list[dict]]:
    """ann beats house-1 (a sentry of 1 guarding one scroll) with a 5 and gives it to the Minamoto's 5."""
    state, stream = new_game(("ann", "bob", "cid"))
    state["ninja"]["ann"]["hand"] = [5, 2]
    lay_house(state, "house-1", guard(1), [treasure("scroll", 2, 1)])
    events = []
    for do, values in (("raid", {"house": "house-1", "approach": "strength"}), ("fight", {"card": 5}),
                       ("claim", {"clan": "minamoto", "worth": 5})):
        state, more = act(state, stream, "ann", do, **values)
        events += more
    return state, events


def test_the_picture_of_another_players_view_holds_no_card_of_the_players_hand():
    state, _ = new_game(("ann", "bob", "cid"))
    state["ninja"]["ann"]["hand"] = [1, 2, 4, 5]
    state["ninja"]["ann"]["rumors"] = [{"id": "rumor-1", "cost": ["scroll"], "counts": "envoys", "bonus": 1,
                                        "multiplier": 2}]
    own = group(parsed(drawn(state, "ann")), "ninja", player="ann")
    assert [card.get("data-value") for card in classes(own, "card")] == ["1", "2", "4", "5"]
    seen_by_bob = drawn(state, "bob")
    anns = group(parsed(seen_by_bob), "ninja", player="ann")
    assert classes(anns, "card") == [] and len(classes(anns, "back")) == 1
    assert "4 cards in hand" in words(anns) and "1 Rumor" in words(anns)
    assert board_model(view(state, "bob"), [], "bob")["ninja"][0]["hand"] is None
    state["ninja"]["ann"]["hand"] = [5, 5, 3, 3]
    state["ninja"]["ann"]["rumors"] = [{"id": "rumor-30", "cost": ["gold"], "counts": "elites", "bonus": 4,
                                        "multiplier": 3}]
    for deck in state["decks"].values():
        deck["draw"].reverse()
    assert drawn(state, "bob") == seen_by_bob


def test_an_event_the_player_may_not_see_changes_nothing_in_his_picture():
    state, events = beaten_house()
    secret = [{**ev, "audience": ["cid"]} for ev in events]
    assert drawn(state, "bob", secret) == drawn(state, "bob")
    assert GAME.picture(view(state, "bob"), secret, "bob")["houses"][0]["beaten"] is None


def test_a_closed_house_is_drawn_closed_and_marked_beaten_this_round():
    state, events = beaten_house()
    assert state["houses"]["house-1"]["closed"]
    root = parsed(drawn(state, "bob", events))
    house = group(root, "house", house="house-1")
    assert house.get("class").split() == ["house", "closed", "beaten"] and house.get("data-clan") == "minamoto"
    assert [el.text for el in classes(house, "closed-label")] == ["closed"]
    assert classes(house, "sentry") == [] and classes(house, "treasure") == []
    assert "beaten by ann" in words(house) and "was Taira 2" in words(house)
    for name in ("house-2", "house-3", "house-4", "house-5"):
        other = group(root, "house", house=name)
        assert other.get("class") == "house" and len(classes(other, "sentry")) == 1
        assert len(classes(other, "treasure")) == len(state["houses"][name]["treasures"])


def test_the_svg_is_well_formed_with_a_title_and_a_description_and_draws_as_a_png_of_its_size():
    state, events = beaten_house()
    for language in ("en", "es"):
        svg = drawn(state, "ann", events, language)
        root = parsed(svg)
        assert root.tag == f"{SVG}svg" and (root.get("width"), root.get("height")) == (str(WIDTH), str(HEIGHT))
        assert root.find(f"{SVG}title").text and root.find(f"{SVG}desc").text
        for el in root.iter():
            assert el.tag.split("}")[-1] not in ("image", "script", "foreignObject", "style")
        png = pictures.svg_to_png(svg)
        assert png[:8] == pictures.SIGNATURE and png[12:16] == b"IHDR"
        assert struct.unpack(">II", png[16:24]) == (WIDTH, HEIGHT)
    assert "vencida por ann" in drawn(state, "bob", events, "es")


def test_the_same_view_gives_the_same_bytes():
    state, events = beaten_house()
    first = drawn(state, "cid", events)
    again = drawn(copy.deepcopy(state), "cid", copy.deepcopy(events))
    assert first == again
    assert pictures.svg_to_png.__wrapped__(first) == pictures.svg_to_png.__wrapped__(again)


def test_a_clan_colour_the_view_carries_is_the_colour_drawn():
    state, _ = new_game()
    seen = view(state, "ann")
    assert board_model(seen, [], "ann")["houses"][4]["colour"] == "#009E73"
    seen["components"]["clans"] = [{"id": "go-shirakawa", "colour": "#123456"}, {"id": "taira", "colour": "purple"}]
    model = board_model(seen, [], "ann")
    assert model["houses"][4]["colour"] == "#123456" and model["houses"][0]["colour"] == "#CC79A7"


@pytest.fixture(scope="module")
def played(demo_game):
    return Campaign.load(demo_game("ninjato", "3", 4))


def test_a_whole_game_records_each_players_picture_drawn_again_the_same_from_his_report(played):
    for number in (0, 3, played.last_round):
        folder = played.folder / f"rounds/{number:04d}/reports"
        for player in played.player_names:
            svg = (folder / f"{player}.svg").read_text()
            model = json.loads((folder / f"{player}.json").read_text())
            assert render.render_picture(model) == svg
            assert (folder / f"{player}.png").read_bytes() == pictures.svg_to_png(svg)
            others = [p for p in played.player_names if p != player]
            for other in others:
                assert classes(group(parsed(svg), "ninja", player=other), "card") == []


def test_a_crowded_board_keeps_every_piece_inside_its_frame_and_counts_the_rest():
    state, _ = new_game(("ann", "bob", "cid", "dai"))
    many = [treasure("gold", 5, n) for n in range(40)]
    state["ninja"]["ann"]["hand"] = [1, 2, 3, 4, 5] * 3
    state["ninja"]["ann"]["treasures"] = many
    state["houses"]["house-2"]["treasures"] = [{**t, "side": "red"} for t in many[:20]]
    model = board_model(view(state, "ann"), [], "ann")
    ann = model["ninja"][0]
    assert ann["player"] == "ann" and ann["hand_more"] == 15 - len(ann["hand"]) > 0
    assert ann["more"] == 40 - len(ann["treasures"]) > 0
    assert all(card["x"] + model["hand"]["width"] <= ann["width"] for card in ann["hand"])
    assert all(t["x"] + model["hand"]["token_r"] <= ann["width"] for t in ann["treasures"])
    house = model["houses"][1]
    assert house["more"] == 20 - len(house["treasures"]) > 0 and all(t["red"] for t in house["treasures"])
    assert all(t["x"] + model["house"]["token_r"] <= model["house"]["width"] for t in house["treasures"])
    assert model["ninja"][-1]["x"] + model["ninja"][-1]["width"] <= WIDTH - model["margin"]
    words_drawn = words(parsed(render.render("ninjato/picture.svg.j2", picture=model, round=model["round"])))
    assert f"+{ann['more']}" in words_drawn and f"+{house['more']}" in words_drawn
