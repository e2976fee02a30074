"""Ikusa's map read at mail width: on the busiest map no name covers another name or a piece, every name is at
least 9 px high where a mail shows the map 640 px wide, no legend line runs out of its box in either language,
and the legend names colours in the player's language."""
from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

from PIL import ImageFont

from engine import Dice
from engine.events import for_player
from games.ikusa import GAME
from games.ikusa.labels import overlap
from games.ikusa.picture import map_model
from pbem import pictures, render

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = ["ann", "bob", "cho", "dan", "eve"]


@functools.cache
def busiest_game() -> tuple[dict, list[dict]]:
    """Five computer players after their first round of war: 15 armies, 60 provincial forces, 28 battles."""
    state, events = GAME.setup(PLAYERS, {}, Dice(b"busiest map"))
    for number in range(2):
        orders = {p: GAME.computer_orders(GAME.view(state, p), p) for p in state["players"]}
        state, events = GAME.resolve(state, orders, Dice(f"busiest map {number}".encode()))
    return state, events


def model_of(player: str = "ann") -> dict:
    state, events = busiest_game()
    return map_model(GAME.view(state, player), for_player(events, player), player)


def svg_of(language: str, player: str = "ann") -> str:
    return render._env(language).get_template("ikusa/picture.svg.j2").render(picture=model_of(player), round=5)


@functools.cache
def font(size: float, bold: bool = False):
    regular, heavy = pictures.font_files()
    return ImageFont.truetype(heavy if bold else regular, size)


def test_the_busiest_map_is_busy():
    model = model_of()
    assert len(model["armies"]) >= 12 and sum(p["kind"] == "force" for p in model["pieces"]) >= 40


def test_no_two_province_labels_overlap_nor_does_any_label_cover_an_army_or_force_marker():
    model = model_of()
    labels = [(r["name"], r["label_box"]) for r in model["regions"] if r["label_box"]]
    pieces = [(p["kind"], p["province"], p["box"]) for p in model["pieces"]]
    compared = 0
    for i, (name, box) in enumerate(labels):
        for other, other_box in labels[i + 1:]:
            compared += 1
            assert not overlap(box, other_box), f"{name}'s label overlaps {other}'s"
        for kind, province, piece in pieces:
            compared += 1
            assert not overlap(box, piece), f"{name}'s label covers the {kind} of {province}"
    assert compared > 1000, f"only {compared} pairs compared"


def test_no_label_covers_a_legend_box_or_the_inset_unless_it_is_one_of_the_insets_own():
    model = model_of()
    reserved = [*model["legend_areas"].values(), model["inset"]["frame"]]
    compared = 0
    for region in model["regions"]:
        if region["inset"]:
            assert overlap(region["label_box"], model["inset"]["box"])
            continue
        for area in reserved:
            compared += 1
            assert not overlap(region["label_box"], area), f"{region['name']}'s label covers {area}"
    assert compared > 100


def test_every_province_label_is_at_least_9_px_high_at_mail_width():
    model = model_of()
    svg = svg_of("en")
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("font-size") == str(model["label_size"])]
    names = {t.text for g in groups for t in g.iter(f"{SVG}text")}
    assert names == {r["name"] for r in model["regions"] if r["label"]} and len(names) == 68
    shown = model["label_size"] * render.MAIL_PICTURE_WIDTH / float(root.get("width"))
    assert shown >= 9, f"a province's name is {shown:.1f} px high in a mail"


def test_each_label_box_is_at_least_as_wide_as_its_name_drawn_in_dejavu_sans():
    model = model_of()
    for region in model["regions"]:
        drawn = font(model["label_size"]).getlength(region["name"])
        assert drawn <= region["label_box"][2], f"{region['name']} is {drawn} wide, its box less"


def legend_lines(svg: str) -> list[tuple[str, float, float, float]]:
    """Each legend line: (text, its width as DejaVu Sans draws it at its size, where it starts, its box's right)."""
    root = ET.fromstring(svg)
    found = []

    def walk(node, size, bold):
        size = float(node.get("font-size", size))
        bold = node.get("font-weight", "bold" if bold else "") == "bold"
        if node.tag == f"{SVG}text" and node.get("class") == "legend-line":
            left, width = (float(v) for v in node.get("data-box").split())
            found.append((node.text or "", font(size, bold).getlength(node.text or ""), float(node.get("x")),
                          left + width))
        for child in node:
            walk(child, size, bold)

    walk(root, 16, False)
    return found


def test_no_legend_line_is_wider_than_its_box_in_english_and_spanish():
    for language in ("en", "es"):
        lines = legend_lines(svg_of(language))
        assert len(lines) >= 20
        for text, width, x, right in lines:
            assert x + width <= right - 4, f"{language}: {text!r} runs out of its box"


def test_the_legend_boxes_stay_in_the_sea_the_map_keeps_for_them_in_english_and_spanish():
    model = model_of()
    fullest = {**model, "legend": [*model["legend"], ("ronin",)]}   # the keys a map with hidden ronin adds
    compared = 0
    for language in ("en", "es"):
        for shown in (model, fullest):
            env = render._env(language)
            root = ET.fromstring(env.get_template("ikusa/picture.svg.j2").render(picture=shown, round=5))
            boxes = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "legend-box"]
            assert len(boxes) == 2
            for rect, area in zip(boxes, (model["legend_areas"]["title"], model["legend_areas"]["keys"]),
                                  strict=True):
                assert float(rect.get("height")) <= area[3], f"{language}: a legend box is taller than its place"
                compared += 1
    assert compared == 8


def test_an_island_beside_the_legend_keeps_its_name_beside_it():
    sado = next(r for r in model_of()["regions"] if r["name"] == "Sado")
    x, y, width, height = sado["label_box"]
    anchor = [float(n) for n in sado["leader"][1:].split("L")[0].split()] if sado["leader"] else [x, y]
    assert abs(x - anchor[0]) + abs(y + height / 2 - anchor[1]) < 40, sado


def test_army_markers_carry_the_armys_id_and_its_experience_and_units():
    model = model_of()
    svg = svg_of("en")
    for army in model["armies"]:
        assert army["short"][0] == army["id"][0].upper() and army["short"][1:] == army["id"].rpartition("-")[2]
        assert f">{army['short']}</text>" in svg and f">{army['experience']}/{army['count']}</text>" in svg
        assert f"Army {army['id']} of {army['player']}" in svg


def test_a_spanish_map_names_the_colours_in_spanish_and_an_english_one_in_english():
    spanish, english = svg_of("es"), svg_of("en")
    for word in ("ann: rojo", "bob: azul", "cho: naranja", "dan: verde", "eve: amarillo"):
        assert f">{word}</text>" in spanish
    for word in ("ann: red", "bob: blue", "cho: orange", "dan: green", "eve: yellow"):
        assert f">{word}</text>" in english
    assert "(azul): experiencia" in spanish and "El Kinai, ampliado" in spanish and "unidades" in spanish


def test_the_same_position_gives_the_same_svg_and_png_bytes():
    first, second = svg_of("es"), svg_of("es")
    assert first == second
    assert pictures.svg_to_png.__wrapped__(first) == pictures.svg_to_png.__wrapped__(second)
