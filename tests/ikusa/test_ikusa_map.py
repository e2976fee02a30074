"""Ikusa's map: every province drawn and named, an SVG that parses and stands alone, a PNG that is a picture, the
same bytes in every process, and nothing on a player's map that the player may not know."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from engine.canonical import copy_plain
from engine.events import event, for_player
from games import get
from games.ikusa.board import default_board
from games.ikusa.picture import map_model, shapes
from pbem import pictures, render
from tests.ikusa.harness import deployment_variant, secret_change
from tests.support.hidden import Tally, event_change, position, strings_in, unexecuted_variant

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
GAME = get("ikusa")
SEA = (0xD6, 0xE6, 0xF2)   # the template's sea
POSITIONS = [(1, 3), (2, 5), (4, 4), (6, 6)]


def draw(state: dict, events: list[dict], player: str, game=GAME) -> tuple[str, bytes]:
    """A player's map as pbem would draw it: the model from the view and the events the player may see."""
    svg = render.render("ikusa/picture.svg.j2",
                        picture=map_model(game.view(state, player), for_player(events, player), player),
                        round=state["round"] + 1)
    return svg, pictures.svg_to_png(svg)


def busy_position():
    """A round with battles, several players and armies on the board."""
    pos = position("ikusa", 1, 4)
    assert any(ev["kind"] == "battle_started" for ev in pos.round.events), "the chosen round has no battle"
    return pos


def png_rows(png: bytes, rows: int) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    """(width, height, the first `rows` rows as RGB pixels) of an 8-bit PNG with a palette, in full colour or
    with alpha, non-interlaced: unfiltered and looked up by hand."""
    found = pictures.chunks(png)
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", found[0][1])
    size = {3: 1, 2: 3, 6: 4}.get(colour)
    assert depth == 8 and size and interlace == 0, f"an unexpected PNG: depth {depth}, colour type {colour}"
    palette = b"".join(data for kind, data in found if kind == b"PLTE")
    raw = zlib.decompress(b"".join(data for kind, data in found if kind == b"IDAT"))
    stride, out, previous = width * size, [], bytearray(width * size)
    for y in range(min(rows, height)):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                line[i] = (line[i] + near[2]) & 255
        if size == 1:
            out.append([tuple(palette[3 * index:3 * index + 3]) for index in line])
        else:
            out.append([tuple(line[i:i + 3]) for i in range(0, stride, size)])
        previous = line
    return width, height, out


# --- every province, named --------------------------------------------------------------------------------

def test_every_province_of_the_map_has_a_region_and_its_printed_name_on_the_map():
    board = default_board()
    pos = busy_position()
    player = pos.players[0]
    model = map_model(GAME.view(pos.round.state, player), for_player(pos.round.events, player), player)
    svg, _ = draw(pos.round.state, pos.round.events, player)
    regions = {region["id"]: region for region in model["regions"]}
    assert sorted(regions) == sorted(board.ids()) and len(regions) == 68
    for pid in board.ids():
        name = board.name(pid)
        assert shapes()["provinces"][pid]["d"].startswith("M"), f"{pid} has no shape"
        assert regions[pid]["d"] == shapes()["provinces"][pid]["d"]
        assert f">{name}</text>" in svg, f"{name} is not written on the map"
        assert f"<title>{name}:" in svg, f"{name}'s region has no title"


def test_the_islands_are_drawn_as_their_own_islands():
    """Iki, Tsushima, Sado, Awaji and Oki are each cut from their own land: they share no border point with any
    other province, as neighbours on one landmass do."""
    regions = shapes()["provinces"]
    points = {pid: vertices(entry["d"]) for pid, entry in regions.items()}
    for pid in ("iki", "tsushima", "sado", "awaji", "oki"):
        touching = sorted(other for other in regions if other != pid and points[pid] & points[other])
        assert touching == [], f"{pid}'s region touches {touching}"
    for a, b in (("yamashiro", "omi"), ("echigo", "shinano"), ("higo", "satsuma"), ("iyo", "tosa")):
        assert points[a] & points[b], f"{a} and {b} share no border point"


def vertices(d: str) -> set[tuple[int, int]]:
    """Every point of a shapes.json path (an absolute move, then relative lines, for each ring)."""
    found = set()
    for part in d.split("M")[1:]:
        numbers = [int(n) for n in part.replace("l", " ").replace("z", " ").replace("-", " -").split()]
        x, y = numbers[0], numbers[1]
        found.add((x, y))
        for dx, dy in zip(numbers[2::2], numbers[3::2]):
            x, y = x + dx, y + dy
            found.add((x, y))
    return found


def test_the_legend_says_the_printed_board_is_not_available_and_the_map_follows_the_historical_provinces():
    pos = busy_position()
    svg, _ = draw(pos.round.state, pos.round.events, pos.players[0])
    assert "The printed board is not available" in svg and "historical provinces" in svg


# --- the SVG, the PNG -------------------------------------------------------------------------------------

def test_the_svg_parses_as_xml_and_needs_nothing_from_outside():
    pos = busy_position()
    svg, _ = draw(pos.round.state, pos.round.events, pos.players[0])
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    elements = list(root.iter())
    assert len(elements) > 300
    for element in elements:
        for key, value in element.attrib.items():
            assert "//" not in value or key == "xmlns", f"{element.tag} {key}={value!r} names a resource"
            if key.endswith("href") or "url(" in value:
                assert value.startswith("#") or value.startswith("url(#"), f"{key}={value!r}"
    assert svg.count("http") == 1   # the namespace
    assert len(svg.encode("utf-8")) < 120_000


def test_every_value_on_the_map_is_escaped():
    """A player called <b>&co is written as text, never as markup."""
    pos = busy_position()
    state = copy_plain(pos.round.state)
    board_names = GAME.view(state, pos.players[0])["names"]
    assert board_names
    name = pos.players[0]
    renamed = json.loads(json.dumps(state).replace(f'"{name}"', '"<b>&co"'))
    svg, _ = draw(renamed, [], "<b>&co")
    ET.fromstring(svg)
    assert "&lt;b&gt;&amp;co" in svg and "<b>" not in svg


def test_the_png_is_a_picture_of_the_svg_size_with_the_sea_the_legend_and_the_provinces():
    """Decoded by hand: the PNG has the SVG's size, the sea at the top, and, in its first rows, Mutsu in the
    colour the SVG gives it (whatever fonts the machine has: no text is needed for this)."""
    pos = busy_position()
    svg, png = draw(pos.round.state, pos.round.events, pos.players[0])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert [kind for kind, _ in pictures.chunks(png)][0] == b"IHDR"
    root = ET.fromstring(svg)
    width, height, rows = png_rows(png, 120)
    assert (width, height) == (int(root.get("width")), int(root.get("height")))
    colours = {pixel for row in rows for pixel in row}
    assert len(colours) > 5, "the PNG's top rows hold too few colours to be the map"
    assert SEA in rows[20][width * 80 // 100:], "the top of the map, right of the legend, holds no sea"
    mutsu = next(e for e in root.iter(f"{SVG}path") if e.get("id") == "p-mutsu").get("fill")
    assert tuple(bytes.fromhex(mutsu[1:])) in colours, f"Mutsu's {mutsu} is not in the PNG's first rows"


def test_the_png_keeps_the_pictures_flat_colours_exactly_in_a_palette():
    pos = busy_position()
    svg, png = draw(pos.round.state, pos.round.events, pos.players[0])
    fresh = pictures.svg_to_png.__wrapped__(svg)
    assert fresh == png and len(png) < 80_000
    header = pictures.chunks(png)[0][1]
    assert header[9] == 3, "the PNG has no palette"
    palette = next(data for kind, data in pictures.chunks(png) if kind == b"PLTE")
    entries = {palette[i:i + 3] for i in range(0, len(palette), 3)}
    fills = {e.get("fill") for e in ET.fromstring(svg).iter(f"{SVG}path") if (e.get("id") or "").startswith("p-")}
    assert {bytes.fromhex(fill[1:]) for fill in fills} <= entries and bytes(SEA) in entries


def test_the_png_keeps_only_the_chunks_that_make_the_picture():
    stamped = b"\x89PNG\r\n\x1a\n" + b"".join(
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        for kind, data in [(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)),
                           (b"tIME", b"\x07\xea\x03\x01\x0c\x00\x00"),
                           (b"IDAT", zlib.compress(b"\x00\xff\x00\x00\xff")), (b"IEND", b"")])
    kept = pictures.picture_only(stamped)
    assert [kind for kind, _ in pictures.chunks(kept)] == [b"IHDR", b"IDAT", b"IEND"]
    assert pictures.picture_only(kept) == kept


SCRIPT = """
import hashlib, sys
from engine.events import for_player
from games import get
from games.ikusa.picture import map_model
from pbem import pictures, render
from tests.support.hidden import position
pos = position("ikusa", 1, 4)
game = get("ikusa")
for player in pos.players:
    svg = render.render("ikusa/picture.svg.j2", picture=map_model(game.view(pos.round.state, player),
                                                        for_player(pos.round.events, player), player),
                        round=pos.number)
    png = pictures.svg_to_png(svg)
    print(player, hashlib.sha256(svg.encode()).hexdigest(), hashlib.sha256(png).hexdigest())
"""


def test_the_maps_are_the_same_bytes_in_processes_of_different_hash_seeds():
    runs = []
    for seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        runs.append(done.stdout)
    assert runs[0] == runs[1]
    assert len(runs[0].splitlines()) >= 2
    pos = busy_position()
    here = []
    for player in pos.players:
        svg, _ = draw(pos.round.state, pos.round.events, player)
        here.append((player, hashlib.sha256(svg.encode()).hexdigest()))
    assert [tuple(line.split()[:2]) for line in runs[0].splitlines()] == here


# --- hidden information -----------------------------------------------------------------------------------

def compare(tally: Tally, what: str, before: tuple[str, bytes], after: tuple[str, bytes]) -> None:
    tally.changes += 1
    if before[0] != after[0]:
        tally.leaks.append(f"{what}: the SVG changed")
    if before[1] != after[1]:
        tally.leaks.append(f"{what}: the PNG changed")


def resolved(pos, made):
    """The position's round resolved again with one player's orders replaced: (state, events)."""
    from engine import dice as dice_module
    from engine.dice import Dice

    other, orders, _ = made
    inputs = pos.round.inputs
    dice = Dice.for_round(dice_module.round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
    return GAME.resolve(pos.previous_state, {**inputs["orders"], other: orders}, dice)


def hidden_changes(seed: int, rounds: int, game=GAME) -> Tally:
    """Another player's secrets (hidden ronin, ronin hired, the spy's notes), events the player may not see,
    another player's orders never carried out (a levy with no Koku, a build not paid for) and ronin deployed
    where they never show, each compared on the first two players' maps, SVG and PNG."""
    pos = position("ikusa", seed, rounds)
    state, events = pos.round.state, pos.round.events
    tally = Tally()
    rng = random.Random(f"map {seed} {rounds}")
    strings = sorted(strings_in(state))
    event_strings = sorted(strings_in(events)) or list(pos.players)
    for player in pos.players[:2]:
        before = draw(state, events, player, game)
        for change in range(3):
            made = secret_change(state, player, rng, strings)
            if made is not None:
                changed, what = made
                compare(tally, f"{player}: {what}", before, draw(changed, events, player, game))
            told, what = event_change(events, pos.players, player, rng, event_strings)
            compare(tally, f"{player}: {what}", before, draw(state, told, player, game))
            shown = map_model(game.view(state, player), told, player)   # raw events: the model filters them too
            compare(tally, f"{player}: {what}, given with audiences",
                    before, (render.render("ikusa/picture.svg.j2", picture=shown, round=state["round"] + 1), before[1]))
            for variant in (unexecuted_variant(pos, player, random.Random(change)),
                            deployment_variant(pos, player, random.Random(change))):
                if variant is not None:
                    again, told_again = resolved(pos, variant)
                    compare(tally, f"{player}: {variant[2]}", before, draw(again, told_again, player, game))
    return tally


@pytest.mark.parametrize("seed,rounds", POSITIONS)
def test_what_is_hidden_from_a_player_leaves_every_byte_of_that_players_map_the_same(seed, rounds):
    tally = hidden_changes(seed, rounds)
    assert tally.leaks == []
    assert tally.changes >= 12, f"only {tally.changes} hidden changes compared"


@pytest.mark.slow
def test_the_check_finds_a_map_drawn_from_everyones_hidden_ronin():
    """A planted leak: a view whose secret part holds every player's hidden ronin. The check must see it."""
    def view(state: dict, player: str) -> dict:
        seen = GAME.view(state, player)
        everyone = {}
        for secret in state.get("secret", {}).values():
            for where, n in secret.get("ronin", {}).items():
                everyone[where] = everyone.get(where, 0) + n
        return {**seen, "secret": {**seen["secret"], "ronin": everyone}}

    leaky = dataclasses.replace(GAME, view=view)
    leaks = [leak for seed, rounds in POSITIONS for leak in hidden_changes(seed, rounds, leaky).leaks]
    assert any("ronin" in leak and "SVG changed" in leak for leak in leaks), leaks


def with_hidden_ronin(state: dict, player: str) -> tuple[dict, str]:
    """The state with 3 ronin hidden by `player` with one of that player's armies on the board."""
    army = next(a for a, army in sorted(state["armies"].items())
                if army["player"] == player and army["status"] == "active" and army["province"])
    changed = copy_plain(state)
    changed.setdefault("secret", {}).setdefault(player, {})["ronin"] = {army: 3}
    return changed, army


def without_ronin_sent_back(events: list[dict]) -> list[dict]:
    """The round's events less the ronin sent back at its end: the busy round as if no ronin had been hired."""
    return [ev for ev in events if ev["kind"] != "ronin_removed"]


def test_a_players_own_hidden_ronin_are_on_that_players_map_and_on_no_other():
    pos = busy_position()
    owner, other = pos.players[0], pos.players[1]
    state, events = pos.round.state, without_ronin_sent_back(pos.round.events)
    changed, army = with_hidden_ronin(state, owner)
    mine, before_mine = draw(changed, events, owner)[0], draw(state, events, owner)[0]
    assert "Your hidden ronin: 3</title>" in mine and "hidden ronin" not in before_mine.split("<defs>")[1].split(
        '<g font-size="8.5"')[0]
    model = map_model(GAME.view(changed, owner), for_player(events, owner), owner)
    assert [(r["where"], r["count"]) for r in model["ronin"]] == [(army, 3)]
    assert ("ronin",) in model["legend"]
    assert draw(changed, events, other) == draw(state, events, other)
    assert map_model(GAME.view(changed, other), for_player(events, other), other)["ronin"] == []


def test_ronin_sent_back_unseen_are_on_their_owners_map_alone():
    pos = busy_position()
    owner, other = pos.players[0], pos.players[1]
    state = pos.round.state
    pid = next(p for p, province in state["provinces"].items() if province["owner"] == owner)
    returned = event("ronin_removed", [owner], player=owner, colour=state["provinces"][pid]["colour"],
                     **{"from": pid}, province=pid, count=2, revealed=False)
    quiet = without_ronin_sent_back(pos.round.events)
    events = [*quiet, returned]
    model = map_model(GAME.view(state, owner), for_player(events, owner), owner)
    assert [(r["province"], r["count"], r["returned"]) for r in model["ronin"]] == [(pid, 2, True)]
    assert "sent back unseen" in draw(state, events, owner)[0]
    assert draw(state, events, other) == draw(state, quiet, other)


# --- what the model holds ---------------------------------------------------------------------------------

def test_the_rounds_battles_are_arrows_from_attacker_to_target_with_their_outcome():
    pos = busy_position()
    player = pos.players[0]
    events = for_player(pos.round.events, player)
    model = map_model(GAME.view(pos.round.state, player), events, player)
    names = GAME.view(pos.round.state, player)["names"]
    started = [ev for ev in events if ev["kind"] == "battle_started"]
    ended = {ev["battle"]: ev["outcome"] for ev in events if ev["kind"] == "battle_ended"}
    fought = [b for b in model["battles"] if b["battle"] is not None]
    assert [(b["from"], b["to"], b["outcome"]) for b in fought] == \
        [(names[ev["from"]], names[ev["target"]], ended[ev["battle"]]) for ev in started]
    assert len(fought) >= 1


def test_armies_forces_and_fortifications_are_pieces_under_their_provinces_names():
    pos = busy_position()
    player = pos.players[0]
    view = GAME.view(pos.round.state, player)
    model = map_model(view, [], player)
    active = {a for a, army in view["armies"].items() if army["status"] == "active" and army["province"]}
    assert {a["id"] for a in model["armies"]} == active
    for entry in model["armies"]:
        army = view["armies"][entry["id"]]
        assert (entry["experience"], entry["province"]) == (army["experience"], army["province"])
    kinds = {}
    for piece in model["pieces"]:
        kinds.setdefault(piece["kind"], set()).add(piece["province"])
    assert kinds.get("force", set()) == {pid for pid, p in view["provinces"].items() if p["force"]}
    assert kinds.get("castle", set()) | kinds.get("fortress", set()) == \
        {pid for pid, p in view["provinces"].items() if p["castle"] or p["fortress"]}
    assert {(s["a"], s["b"]) for s in model["sea_lines"]} == \
        {(view["names"][a], view["names"][b]) for a, b in default_board().sea}
    seats = {region["colour"] for region in model["regions"]}
    assert seats <= {None, 0, 1, 2, 3, 4} and len(seats - {None}) >= 2


def test_a_province_the_shapes_lack_is_drawn_as_a_disc_at_its_point_with_its_name():
    """A campaign's own map may add a province: it is still on the map, where its lon/lat put it."""
    from importlib import resources

    from games.ikusa.board import load_map

    text = resources.files("games.ikusa").joinpath("map.toml").read_text(encoding="utf-8")
    text = text.replace('land = [\n', 'land = [\n  ["ezo", "mutsu"],\n', 1)
    text += '\n[provinces.ezo]\nname = "Ezo"\nisland = "hokkaido"\nregion = "ezo"\nlon = 140.7\nlat = 41.77\n'
    board = load_map(text)
    pos = busy_position()
    state = copy_plain(pos.round.state)
    state["map_text"], state["map"] = text, board.digest
    state["provinces"]["ezo"] = {"owner": None, "colour": None, "force": {}, "castle": False, "fortress": False}
    player = pos.players[0]
    model = map_model(GAME.view(state, player), [], player)
    ezo = next(region for region in model["regions"] if region["id"] == "ezo")
    assert "a10 10 0 1 0" in ezo["d"] and 0 < ezo["label"][0] < model["width"] and 0 < ezo["label"][1] < 100
    svg = render.render("ikusa/picture.svg.j2", picture=model, round=1)
    assert ">Ezo</text>" in svg and "<title>Ezo: nobody's</title>" in svg
