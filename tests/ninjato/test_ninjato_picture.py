"""Ninjato's board as a picture: made of the player's view and visible events alone (another's hand never in it),
a closed or beaten house drawn so, well-formed SVG of a fixed size that draws as a PNG of that size, the same
bytes for the same view, every text legible and inside its box where a mail shows it, in English and Spanish,
on an ordinary board and the most crowded; and a whole game records each player's picture."""
from __future__ import annotations

import copy
import functools
import json
import struct
import xml.etree.ElementTree as ET

import pytest
from PIL import ImageFont

from engine import for_player
from engine.events import event
from games.ninjato import GAME
from games.ninjato.picture import HEIGHT, WIDTH, board_model
from games.ninjato.view import view
from pbem import pictures, render
from pbem.campaign import Campaign
from tests.ninjato.table import act, elite, guard, lay_house, new_game, treasure

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


LONG_NAMES = ("ann", "Wilhelmina_Featherstonehaugh_Qu", "Bartholomew-Wolfeschlegelstein",
              "Maximiliano_Oyelaran_Kowalczyk")
"""Four ninja, three with names near the longest a campaign allows (32 letters)."""


def crowded(over: bool = False) -> tuple[dict, list[dict]]:
    """The most crowded board the tests draw, as ann sees it: every ninja with ten of each piece and more treasures
    than his panel holds, ann with 15 cards; a house with 20 treasures red side up, one closed and beaten by the
    longest name, one refilled, one guarded by an Elite Guard with an alarm; the Sensei's skills with the longest
    names and effects, Envoys of Go-Shirakawa and Rumors counting Elite Guards, each asking for three treasures;
    the Dojo's row full. Over: all four won."""
    state, _ = new_game(LONG_NAMES)
    many = [treasure("gold", 5, n) for n in range(40)]
    for name, ninja in state["ninja"].items():
        ninja.update(honour=88, treasures=many if name == "ann" else many[:17], skills=[{}] * 10,
                     envoys=[{}] * 10, elites=[{}] * 10, rumors=[{}] * 10)
    state["ninja"]["ann"]["hand"] = [1, 2, 3, 4, 5] * 3
    state["houses"]["house-1"]["closed"] = True
    state["houses"]["house-2"]["treasures"] = [{**t, "side": "red"} for t in many[:20]]
    state["houses"]["house-4"]["sentry"] = {**elite(5, 1), "alarm": True}
    state["sensei"] = [{"id": name, "name": name, "style": style, "cost": cost, "effect": effect, **more}
                       for name, style, cost, effect, more in (
                           ("kusarigamajutsu", "snake", 3, "switch", {}),
                           ("shurikenjutsu", "crane", "?", "kicker", {}),
                           ("naginatajutsu", "tiger", 5, "value", {"mode": "stealth", "amount": 3}),
                           ("hensojutsu", "crane", "?", "ignore_alarm", {}))]
    state["palace"] = [{"id": f"envoy-go-shirakawa-{n}", "clan": "go-shirakawa", "age": n,
                        "requires": ["gold", "jade", "any"]} for n in (10, 11, 12, 13)]
    state["pavilion"] = [{"id": f"rumor-{n}", "cost": ["scroll", "vase", "any"], "counts": counts, "bonus": 10,
                          "multiplier": 10} for n, counts in enumerate(("elites", "skills", "envoys", "rumors"))]
    state["dojo_row"] = [5, 5, 5, 5]
    state.update(over=over, winners=list(LONG_NAMES) if over else [])
    events = [event("house_beaten", player=LONG_NAMES[1], house="house-1", treasures=[],
                    **{"from": {"clan": "go-shirakawa", "worth": 8}}),
              event("house_refilled", house="house-3", sentry=state["houses"]["house-3"]["sentry"],
                    treasures=state["houses"]["house-3"]["treasures"])]
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
    state, _ = crowded()
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


def boards(language: str) -> dict[str, str]:
    """The boards every text is read on, drawn in this language: the set-up for two, an ordinary round for three
    (a house beaten and closed), and the most crowded board, in play (as ann and as a long name sees it) and
    over."""
    beaten, events = beaten_house()
    busy, busy_events = crowded()
    over, over_events = crowded(over=True)
    return {"set-up for two": drawn(new_game()[0], "ann", language=language),
            "ordinary": drawn(beaten, "bob", events, language),
            "crowded": drawn(busy, "ann", busy_events, language),
            "crowded, seen by a long name": drawn(busy, LONG_NAMES[1], busy_events, language),
            "crowded, over": drawn(over, "ann", over_events, language)}


@functools.cache
def font(size: float, bold: bool):
    regular, heavy = pictures.font_files()
    return ImageFont.truetype(heavy if bold else regular, size)


def runs(node: ET.Element, size: float, bold: bool) -> list[tuple[str, float, bool]]:
    """A text's words in runs of one size and weight, as its tspans set them (a <title> inside is no text drawn)."""
    if node.tag == f"{SVG}title":
        return []
    size = float(node.get("font-size", size))
    bold = node.get("font-weight", "bold" if bold else "normal") == "bold"
    found = [(node.text, size, bold)] if node.text else []
    for child in node:
        found += runs(child, size, bold)
        if child.tail:
            found.append((child.tail, size, bold))
    return found


def shifted(node: ET.Element, x: float, y: float) -> tuple[float, float]:
    """Where a group's translate() moves its contents (the picture uses no other transform)."""
    transform = node.get("transform", "")
    if not transform:
        return x, y
    assert transform.startswith("translate(") and transform.endswith(")"), transform
    dx, dy = (float(v) for v in transform[len("translate("):-1].split(","))
    return x + dx, y + dy


def drawn_parts(svg: str) -> tuple[list[dict], list[tuple[float, float, float, float]]]:
    """Every text as drawn (where its anchor is, how it is anchored, its runs, each with the font-size it has or
    inherits from its groups) and every rectangle (left, top, width, height), both where the groups put them;
    what is in <defs> (the patterns) is not drawn as it stands."""
    texts, rects = [], []

    def walk(node, x, y, size, bold, anchor):
        if node.tag in (f"{SVG}defs", f"{SVG}title", f"{SVG}desc"):
            return
        x, y = shifted(node, x, y)
        anchor = node.get("text-anchor", anchor)
        if node.tag == f"{SVG}text":
            drawn_runs = [run for run in runs(node, size, bold) if run[0].strip()]
            if drawn_runs:
                texts.append({"x": x + float(node.get("x", 0)), "y": y + float(node.get("y", 0)),
                              "anchor": anchor, "runs": drawn_runs})
            return
        if node.tag == f"{SVG}rect":
            rects.append((x + float(node.get("x", 0)), y + float(node.get("y", 0)), float(node.get("width")),
                          float(node.get("height"))))
        size = float(node.get("font-size", size))
        bold = node.get("font-weight", "bold" if bold else "normal") == "bold"
        for child in node:
            walk(child, x, y, size, bold, anchor)

    walk(parsed(svg), 0, 0, 16, False, "start")   # 16: SVG's medium, where nothing sets a size
    return texts, rects


def test_every_text_of_the_board_is_at_least_9_px_high_at_mail_width_in_english_and_spanish():
    """Each run of words at the font-size it has or inherits from its groups, as a mail shows the picture."""
    compared = 0
    for language in ("en", "es"):
        for name, svg in boards(language).items():
            width = float(parsed(svg).get("width"))
            texts, _ = drawn_parts(svg)
            for text in texts:
                for said, size, _bold in text["runs"]:
                    compared += 1
                    shown = size * render.MAIL_PICTURE_WIDTH / width
                    assert shown >= 9, f"{language}, {name}: {said!r} is {shown:.1f} px high in a mail"
    assert compared > 400, f"only {compared} texts compared"


def box_of(text: dict, rects: list) -> tuple[float, float, float, float]:
    """The box a text is in: the smallest rectangle that holds the point it is anchored at."""
    holding = [r for r in rects if r[0] <= text["x"] <= r[0] + r[2] and r[1] <= text["y"] <= r[1] + r[3]]
    assert holding, f"{text} is in no box"
    return min(holding, key=lambda r: r[2] * r[3])


def test_no_text_of_the_board_runs_out_of_its_box_in_english_and_spanish():
    """Each text's width and height as DejaVu Sans draws it (a textLength squeezing it in does not count) within
    the card, panel or frame it is anchored in, 3 px from its sides."""
    compared = 0
    for language in ("en", "es"):
        for name, svg in boards(language).items():
            texts, rects = drawn_parts(svg)
            for text in texts:
                said = "".join(run[0] for run in text["runs"])
                width = sum(font(size, bold).getlength(part) for part, size, bold in text["runs"])
                inks = [font(size, bold).getbbox(part, anchor="ls") for part, size, bold in text["runs"]]
                left = text["x"] - {"start": 0, "middle": width / 2, "end": width}[text["anchor"]]
                top, bottom = text["y"] + min(ink[1] for ink in inks), text["y"] + max(ink[3] for ink in inks)
                x, y, w, h = box_of(text, rects)
                compared += 1
                where = f"{language}, {name}: {said!r}"
                assert x + 3 <= left and left + width <= x + w - 3, \
                    f"{where} ({left:.0f} to {left + width:.0f} across) runs out of {x:.0f} to {x + w:.0f}"
                assert y <= top and bottom <= y + h, \
                    f"{where} ({top:.0f} to {bottom:.0f} down) runs out of {y:.0f} to {y + h:.0f}"
    assert compared > 400, f"only {compared} texts compared"
