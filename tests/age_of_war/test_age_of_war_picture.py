"""Age of War's table as a picture: what the SVG shows, that it is well formed and byte-stable, that it is
made of the player's view and visible events alone, and that it reads where a mail shows it 640 px wide."""
from __future__ import annotations

import functools
import json
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import ImageFont

from engine import canonical, for_player
from engine.dice import Dice, round_seed
from engine.events import visible_to
from games import get
from games.age_of_war import resolve
from games.age_of_war.cards import CASTLES, CLANS
from games.age_of_war.picture import LEGEND_KEYS, MARGIN, PALETTE, table_model
from pbem import pictures, render
from tests.age_of_war.scripted_dice import ScriptedDice, give, new_game
from tests.support.hidden import position, unexecuted_variant

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
GAME = get("age-of-war")
POSITIONS = [(seed, rounds) for seed in range(8) for rounds in (0, 2, 6, 15)]


def picture(state: dict, events: list[dict], player: str, language: str = "en") -> str:
    """The player's picture as a report would make it: from the view and the events the player may see."""
    return render.render("age_of_war/picture.svg.j2", language,
                         picture=table_model(GAME.view(state, player), for_player(events, player), player),
                         round=state["round"])


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def texts(root: ET.Element) -> str:
    return " ".join("".join(el.itertext()) for el in root.iter(f"{SVG}text"))


def row_of(root: ET.Element, player: str) -> ET.Element:
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "row" and g.get("data-player") == player]
    assert len(rows) == 1, f"{player} has {len(rows)} rows"
    return rows[0]


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").split()[:1] == [kind]]


def scripted_round() -> tuple[dict, list[dict]]:
    """ann takes Gifu from bob, bob is repelled at Odani, cid takes Takahashi and so secures Mori."""
    state = give(give(new_game(["ann", "bob", "cid"]), "bob", "Gifu"), "cid", "Gassantoda")
    dice = ScriptedDice().add("DDAC111", "DDAC11", "DDAC1", "DDAC",
                              "1111111", "111111", "11111", "1111", "111", "11", "1",
                              "CC33322", "CC333", "CC3")
    new, events = resolve(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Odani"]},
                                  "cid": {"targets": ["Takahashi"]}}, dice)
    assert dice.values == []
    return new, events


def test_every_castle_is_named_on_the_table_wherever_it_lies():
    compared = 0
    for seed, rounds in POSITIONS:
        pos = position("age-of-war", seed, rounds)
        player = pos.players[seed % len(pos.players)]
        words = texts(parsed(picture(pos.round.state, pos.round.events, player)))
        for name in CASTLES:
            assert name in words, f"{name} missing from {pos} for {player}"
            compared += 1
    assert compared >= len(CASTLES) * len(POSITIONS)


def test_the_picture_is_well_formed_small_and_refers_to_nothing_outside_itself():
    sizes = []
    for seed, rounds in POSITIONS:
        pos = position("age-of-war", seed, rounds)
        for player in pos.players:
            svg = picture(pos.round.state, pos.round.events, player)
            root = parsed(svg)
            assert root.tag == f"{SVG}svg"
            for el in root.iter():
                assert el.tag.split("}")[-1] not in ("image", "script", "foreignObject", "style")
                for attribute in ("href", XLINK_HREF):
                    assert el.get(attribute) is None or el.get(attribute).startswith("#")
                assert all(not value.startswith("url(") or value.startswith("url(#") for value in el.attrib.values())
            sizes.append(len(svg.encode("utf-8")))
    worst = crowded_table()
    sizes.append(len(worst.encode("utf-8")))
    parsed(worst)
    assert max(sizes) < 60_000, max(sizes)
    assert len(sizes) > 3 * len(POSITIONS)


def crowded_table(language: str = "en") -> str:
    """Six players with long names, every castle face up in front of one, five attacks told in the longest
    sentences (a castle taken from a player and its clan secured among them): the largest picture."""
    players = [f"{name}-{'x' * 40}" for name in ("ann", "bob", "cho", "dan", "eve", "fay")]
    state = new_game(players)
    for i, name in enumerate(CASTLES):
        give(state, players[i % 6], name)
    give(state, players[1], "Kumamoto", secured=True)
    give(state, players[5], "Marugame", "Matsuyama", secured=True)
    give(state, players[3], "Edo")
    told = [(players[1], "Kumamoto", players[0], "Shimazu"), (players[2], "Kasugayama", players[1], None),
            (players[3], "Edo", players[4], ""), (players[4], "Kasugayama", players[1], None),
            (players[5], "Marugame", players[0], "Chosokabe")]
    events = []
    for player, castle, holder, clan in told:
        events.append({"kind": "turn", "audience": "all", "player": player, "castle": castle, "holder": holder})
        if clan is None:
            events.append({"kind": "repelled", "audience": "all", "player": player, "castle": castle})
        else:
            events.append({"kind": "conquer", "audience": "all", "player": player, "castle": castle, "from": holder})
        if clan:
            events.append({"kind": "clan_secured", "audience": "all", "player": player, "clan": clan})
    state["round"] = 1
    return picture(state, events, players[2], language)


def test_the_picture_is_byte_identical_in_processes_with_different_hash_seeds():
    script = ("import hashlib\n"
              "from tests.age_of_war.test_age_of_war_picture import POSITIONS, picture, position, scripted_round\n"
              "h = hashlib.sha256()\n"
              "for seed, rounds in POSITIONS[::3]:\n"
              "    pos = position('age-of-war', seed, rounds)\n"
              "    for player in pos.players:\n"
              "        h.update(picture(pos.round.state, pos.round.events, player).encode())\n"
              "state, events = scripted_round()\n"
              "h.update(picture(state, events, 'bob').encode())\n"
              "print(h.hexdigest())\n")
    digests = set()
    for hashseed in ("0", "1", "4242"):
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                              env={"PYTHONHASHSEED": hashseed, "PATH": "/usr/bin:/bin"}, timeout=300)
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    assert len(digests) == 1 and len(next(iter(digests))) == 64


def test_the_model_is_plain_data_that_canonical_json_carries_unchanged():
    state, events = scripted_round()
    model = table_model(GAME.view(state, "bob"), for_player(events, "bob"), "bob")
    assert json.loads(canonical.dumps(model)) == model
    assert [row["player"] for row in model["rows"]["rows"]] == ["ann", "bob", "cid"]
    assert [entry["key"] for entry in model["legend"]["entries"]] == list(LEGEND_KEYS)


def test_a_secured_clan_is_one_face_down_stack_marked_secured_in_front_of_its_holder():
    state, events = scripted_round()
    root = parsed(picture(state, events, "ann"))
    cid = row_of(root, "cid")
    stacks = groups(cid, "clan")
    assert [(g.get("data-clan"), g.get("data-holder")) for g in stacks] == [("Mori", "cid")]
    stack_words = texts(stacks[0])
    assert "secured" in stack_words and "Gassantoda" in stack_words and "Takahashi" in stack_words
    assert str(CLANS["Mori"].value) in stack_words.split()
    assert "new" in stack_words.split()   # secured this round
    assert not [g for g in groups(root, "castle") if g.get("data-castle") in CLANS["Mori"].castles]
    assert "secured the Mori clan" in texts(root)


def test_a_castle_taken_this_round_lies_in_front_of_its_new_owner_marked_new():
    state, events = scripted_round()
    root = parsed(picture(state, events, "cid"))
    gifu = [g for g in groups(row_of(root, "ann"), "castle") if g.get("data-castle") == "Gifu"]
    assert len(gifu) == 1 and gifu[0].get("data-holder") == "ann"
    assert "new" in texts(gifu[0]).split()
    assert not [g for g in groups(row_of(root, "bob"), "castle") if g.get("data-castle") == "Gifu"]
    assert not [g for g in groups(groups(root, "centre")[0], "castle") if g.get("data-castle") == "Gifu"]
    told = {(g.get("data-player"), g.get("data-castle"), g.get("data-outcome")) for g in groups(root, "attack")}
    assert told == {("ann", "Gifu", "taken"), ("bob", "Odani", "repelled"), ("cid", "Takahashi", "taken")}
    assert "ann attacked Gifu, held by bob: took it." in texts(root)


def test_every_castle_taken_in_played_rounds_lies_in_front_of_whoever_took_it_last():
    compared = 0
    for seed, rounds in POSITIONS:
        pos = position("age-of-war", seed, rounds)
        taken = {ev["castle"]: ev["player"] for ev in pos.round.events if ev["kind"] == "conquer"}
        root = parsed(picture(pos.round.state, pos.round.events, pos.players[0]))
        for name, taker in sorted(taken.items()):
            if pos.round.state["castles"][name]["secured"]:
                found = [g for g in groups(row_of(root, taker), "clan") if name in texts(g)]
            else:
                found = [g for g in groups(row_of(root, taker), "castle") if g.get("data-castle") == name]
            assert len(found) == 1 and "new" in texts(found[0]).split(), f"{name} in {pos}"
            compared += 1
    assert compared > 10


def test_a_change_a_player_can_see_changes_the_picture():
    """The comparisons below could fail: the picture does follow what the player sees."""
    state, events = scripted_round()
    before = picture(state, events, "bob")
    assert picture(state, [ev for ev in events if ev["kind"] != "conquer"], "bob") != before
    moved = {**state, "castles": {**state["castles"], "Odani": {"holder": "bob", "secured": False}}}
    assert picture(moved, events, "bob") != before


def test_what_others_keep_to_themselves_never_changes_a_players_picture():
    compared = 0
    rng = random.Random(7)
    for seed, rounds in POSITIONS:
        pos = position("age-of-war", seed, rounds)
        if pos.number == 0:
            continue
        state, events = pos.round.state, pos.round.events
        for player in pos.players:
            before = picture(state, events, player)
            hidden = [i for i, ev in enumerate(events) if not visible_to(ev, player)]
            if not hidden:
                continue
            others = [p for p in pos.players if p != player]
            variants = [
                [ev for ev in events if visible_to(ev, player)],
                [{**ev, "castle": rng.choice(list(CASTLES)), "auto": not ev.get("auto")} if i in hidden else ev
                 for i, ev in enumerate(events)],
                [{**ev, "audience": [rng.choice(others)]} if i in hidden else ev for i, ev in enumerate(events)],
            ]
            for changed in variants:
                assert picture(state, changed, player) == before, f"{pos} for {player}"
                compared += 1
            # the model itself passes over an event addressed to others, should a caller forget to filter
            raw = table_model(GAME.view(state, player), events, player)
            assert render.render("age_of_war/picture.svg.j2", picture=raw, round=raw["round"]) == before
            compared += 1
    assert compared > 100


def test_another_players_orders_that_are_never_carried_out_never_change_a_players_picture():
    compared = 0
    for seed, rounds in POSITIONS:
        pos = position("age-of-war", seed, rounds)
        for player in pos.players:
            made = unexecuted_variant(pos, player, random.Random(f"{seed} {rounds} {player}"))
            if made is None:
                continue
            other, orders, what = made
            inputs = pos.round.inputs
            dice = Dice.for_round(round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
            state, events = resolve(pos.previous_state, {**inputs["orders"], other: orders}, dice)
            assert picture(state, events, player) == picture(pos.round.state, pos.round.events, player), what
            compared += 1
    assert compared > 30


def test_names_are_escaped_and_read_back_exactly():
    players = ['<ann & "co">', "bob's </text>"]
    state = give(new_game(players), players[1], "Gifu")
    events = [{"kind": "turn", "audience": "all", "player": players[0], "castle": "Gifu", "holder": players[1]},
              {"kind": "repelled", "audience": "all", "player": players[0], "castle": "Gifu"}]
    svg = picture(state, events, players[0])
    root = parsed(svg)
    for name in players:
        assert row_of(root, name) is not None
        assert name in texts(root)
    assert "<ann" not in svg and svg.count("</text>") == svg.count("<text ")


def test_each_seat_keeps_its_colour_whoever_looks_and_no_two_seats_share_one():
    state, events = scripted_round()
    seen = set()
    for viewer in ("ann", "bob", "cid"):
        root = parsed(picture(state, events, viewer))
        colours = []
        for player in ("ann", "bob", "cid"):
            band = next(el for el in row_of(root, player) if el.tag == f"{SVG}rect")
            colours.append(band.get("stroke"))
        seen.add(tuple(colours))
    assert seen == {PALETTE[:3]}
    assert len(set(PALETTE)) == len(PALETTE) >= GAME.max_players


def test_the_game_over_picture_names_the_winners_and_an_empty_centre():
    compared = 0
    for seed in range(8):
        pos = position("age-of-war", seed, 40)
        if not GAME.is_over(pos.round.state):
            continue
        words = texts(parsed(picture(pos.round.state, pos.round.events, pos.players[-1])))
        assert "the game is over" in words and "The centre of the table: empty" in words
        assert all(winner in words for winner in pos.round.state["winners"])
        assert "%" not in words.replace("27.0%", "")   # no odds once the game is over (the legend's sample aside)
        compared += 1
    assert compared >= 3


def test_the_svg_template_is_escaped_by_its_name_alone():
    env = render._env()
    assert env.autoescape("age_of_war/picture.svg.j2") and env.autoescape("any/map.svg.j2")
    assert not env.autoescape("age_of_war/report.txt.j2")


# --- read at mail width ------------------------------------------------------------------------------------

LANGUAGES = ("en", "es")
BOXED = ("castle", "clan", "row")   # groups whose texts stay inside the group's stroked rectangle


def tables(language: str) -> list[tuple[str, str]]:
    """(what it is, its SVG) for every table size at the start, in play and over, the scripted round and the
    crowded table, in one language."""
    found = [("crowded", crowded_table(language))]
    state, events = scripted_round()
    found += [(f"scripted for {player}", picture(state, events, player, language)) for player in ("ann", "cid")]
    for seed, rounds in [*POSITIONS, *((seed, 40) for seed in range(8))]:
        pos = position("age-of-war", seed, rounds)
        player = pos.players[(seed + rounds) % len(pos.players)]
        found.append((f"{pos} for {player}", picture(pos.round.state, pos.round.events, player, language)))
    return found


@functools.cache
def font(size: float, bold: bool) -> ImageFont.FreeTypeFont:
    regular, heavy = pictures.font_files()
    return ImageFont.truetype(heavy if bold else regular, size)


def translation(node: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+)(?:[ ,]+([-\d.]+))?\)", node.get("transform", "translate(0)"))
    assert found, f"a transform the test cannot follow: {node.get('transform')}"
    return float(found[1]), float(found[2] or 0)


def runs(node: ET.Element, size: float | None, bold: bool) -> list[tuple[str, float | None, bool]]:
    """A text's words as (characters, font size, bold), its tspans' own among them, with white space as SVG
    draws it: runs of spaces made one, none at either end. A newline in a text fails: SVG 1.1 drops it where
    a browser draws a space, so the same text would be drawn two ways."""
    def style(el, size, bold):
        return float(el.get("font-size", size or 0)) or None, el.get("font-weight", "bold" if bold else "") == "bold"

    size, bold = style(node, size, bold)
    pieces = [(node.text or "", size, bold)]
    for child in node:
        child_size, child_bold = style(child, size, bold)
        pieces += [(child.text or "", child_size, child_bold), (child.tail or "", size, bold)]
    assert not any("\n" in text for text, _, _ in pieces), f"a newline in the text {pieces}"
    chars = [(ch, size, bold) for text, size, bold in pieces for ch in text.replace("\t", " ")]
    kept = [c for i, c in enumerate(chars) if c[0] != " " or (i and chars[i - 1][0] != " ")]
    while kept and kept[0][0] == " ":
        kept.pop(0)
    while kept and kept[-1][0] == " ":
        kept.pop()
    merged: list[tuple[str, float | None, bool]] = []
    for ch, size, bold in kept:
        if merged and merged[-1][1:] == (size, bold):
            merged[-1] = (merged[-1][0] + ch, size, bold)
        else:
            merged.append((ch, size, bold))
    return merged


def drawn_texts(svg: str) -> tuple[float, list[dict]]:
    """The picture's width, and each text as DejaVu Sans draws it: its words, their font sizes, where it starts
    and ends, its ink's top and bottom, and the box it must stay in (left, right, top, bottom; no top and
    bottom for a box a `data-box` gives, which is the text's own or its group's: `left width`, across only).
    A text's box is its own or nearest group's `data-box`, else the stroked rectangle of the card or row it is
    in, else the picture within its margins."""
    root = parsed(svg)
    width, height = float(root.get("width")), float(root.get("height"))
    found: list[dict] = []

    def walk(node, dx, dy, size, bold, anchor, box):
        tx, ty = translation(node)
        dx, dy = dx + tx, dy + ty
        size = float(node.get("font-size", size or 0)) or None
        bold = node.get("font-weight", "bold" if bold else "") == "bold"
        anchor = node.get("text-anchor", anchor)
        if (node.get("class") or "").split()[:1] and node.get("class").split()[0] in BOXED:
            frame = next(r for r in node if r.tag == f"{SVG}rect" and r.get("stroke") not in (None, "none"))
            left, top = dx + float(frame.get("x", 0)), dy + float(frame.get("y", 0))
            box = (left, left + float(frame.get("width")), top, top + float(frame.get("height")))
        if node.get("data-box"):
            left, across = (float(v) for v in node.get("data-box").split())
            box = (dx + left, dx + left + across, None, None)
        if node.tag == f"{SVG}text":
            words = runs(node, size, bold)
            drawn = sum(font(s, b).getlength(t) for t, s, b in words if s)
            x, y = dx + float(node.get("x", 0)), dy + float(node.get("y", 0))
            start = x - {"start": 0, "middle": drawn / 2, "end": drawn}[anchor]
            inks = [font(s, b).getbbox(t, anchor="ls") for t, s, b in words if s and t.strip()]
            found.append({"text": "".join(t for t, _, _ in words), "sizes": [s for t, s, _ in words if t.strip()],
                          "left": start, "right": start + drawn, "top": y + min((i[1] for i in inks), default=0),
                          "bottom": y + max((i[3] for i in inks), default=0), "box": box})
            return
        for child in node:
            walk(child, dx, dy, size, bold, anchor, box)

    walk(root, 0, 0, None, False, "start", (MARGIN, width - MARGIN, 0, height))
    return width, [t for t in found if t["text"].strip()]


def test_every_text_is_at_least_9_px_high_where_a_mail_shows_the_picture_in_english_and_spanish():
    compared = 0
    for language in LANGUAGES:
        for what, svg in tables(language):
            width, texts_drawn = drawn_texts(svg)
            scale = min(render.MAIL_PICTURE_WIDTH, width) / width
            for text in texts_drawn:
                assert text["sizes"] and None not in text["sizes"], f"{language}, {what}: {text['text']!r} has no size"
                shown = min(text["sizes"]) * scale
                assert shown >= 9, f"{language}, {what}: {text['text']!r} is {shown:.1f} px high in a mail"
                compared += 1
    assert compared > 2000, f"only {compared} texts compared"


def test_no_text_runs_out_of_its_card_row_or_frame_in_english_and_spanish():
    compared = 0
    for language in LANGUAGES:
        for what, svg in tables(language):
            for text in drawn_texts(svg)[1]:
                left, right, top, bottom = text["box"]
                said = f"{language}, {what}: {text['text']!r} runs out of its box"
                assert left <= text["left"] and text["right"] <= right, f"{said} ({text['left']:.0f} to " \
                    f"{text['right']:.0f}, the box {left:.0f} to {right:.0f})"
                if top is not None:
                    assert top <= text["top"] and text["bottom"] <= bottom, f"{said} (top to bottom)"
                compared += 1
    assert compared > 2000, f"only {compared} texts compared"


def test_a_long_turn_is_told_on_more_lines_that_keep_every_word_and_the_names_in_bold():
    root = parsed(crowded_table())
    compared, wrapped = 0, 0
    for attack in groups(root, "attack"):
        lines = [el for el in attack if el.tag == f"{SVG}text"]
        said = " ".join("".join(line.itertext()) for line in lines)
        bold = ["".join(t.itertext()) for line in lines for t in line if t.get("font-weight") == "bold"]
        player = attack.get("data-player")[:23] + "…"
        assert said.startswith(f"{player} attacked {attack.get('data-castle')}, held by "), said
        assert bold[:2] == [player, attack.get("data-castle")], bold
        wrapped += len(lines) > 1
        compared += 1
    assert compared == 5 and wrapped >= 2
    assert "took it and secured the Chosokabe clan." in texts(root) and "was repelled." in texts(root)
