"""Ninjato's board as a picture model: plain data for templates/ninjato/picture.svg.j2.

Made from one player's view (view.py) and the round's events that player may see, and from nothing else, so the
picture shows no more than the report does: the houses (their clan and token, the sentry, the treasures, closed
or open, beaten this round), the Sensei's skills, the Palace's Envoys and the Pavilion's Rumors, the Dojo's row,
what is left in each deck and the bag, and each ninja's honour and what is public of him. A hand is drawn card by
card only where the view holds its cards, which is the viewer's own; of the others the view holds a count, and
the picture draws that. An event that still carries an audience leaving the player out is passed over.

The picture has a fixed size. Where things go is worked out here, in whole pixels; every word is the template's
(a clan's name is a proper noun and comes from its id), so that it can be translated there. Colours: a clan's is
the components' where the view carries one (components.clans, as a colour name the palette knows or #rrggbb),
else the clan's own below; each ninja's is his seat's, from a colour-blind-safe set unlike the clans'.
"""
from __future__ import annotations

import re

from engine.events import visible_to

WIDTH, HEIGHT, MARGIN, GAP = 900, 640, 20, 10

CLAN_COLOURS = {"taira": "#D55E00", "minamoto": "#0072B2", "go-shirakawa": "#009E73"}
"""The three clans' colours (Okabe and Ito's set): the default components' red, blue and green."""
NAMED = {"red": "#D55E00", "blue": "#0072B2", "green": "#009E73", "orange": "#E69F00", "purple": "#CC79A7",
         "yellow": "#B8A000", "black": "#333333", "white": "#8A8A8A"}
"""A components file's colour names as drawn (white drawn grey, so that it shows on paper)."""
OTHER_CLAN = "#6B6B6B"
SEAT_COLOURS = ("#E69F00", "#56B4E9", "#CC79A7", "#4D4D4D")
"""The ninja's colours by seat: the rest of Okabe and Ito's set, and a dark grey for the fourth."""
KIND_COLOURS = {"scroll": "#EFE3C2", "vase": "#8FB8DE", "jade": "#5FB36B", "gold": "#E3B505"}
OTHER_KIND, ANY_KIND = "#C8C8C8", "#FFFFFF"
RED_SIDE = "#C0392B"
STYLE_COLOURS = {"tiger": "#E69F00", "snake": "#5FB36B", "crane": "#9DB7CF"}
HEX = re.compile(r"#[0-9A-Fa-f]{6}")

HOUSE_W, HOUSE_H, HOUSES_TOP = 164, 172, 56
TOKEN_R, TOKEN_STEP, TOKENS_PER_ROW, TOKEN_ROWS = 9, 22, 7, 2
ROW2_TOP, ROW2_H = HOUSES_TOP + HOUSE_H + 12, 120
TILE_W, TILE_H, TILE_STEP = 64, 88, 70
CARD_W, CARD_STEP = 60, 66
NINJA_TOP, NINJA_H = ROW2_TOP + ROW2_H + 10, 172
HAND_W, HAND_H, HAND_STEP = 18, 26, 21
SMALL_R, SMALL_STEP, SMALL_PER_ROW = 7, 17, 11
STRIP_TOP = NINJA_TOP + NINJA_H + 10
STRIP_H = HEIGHT - STRIP_TOP - 12
DOJO_W = 150
DECKS = ("dojo", "guards", "elites", "skills", "hensojutsu", "envoys", "rumors", "bag")
DECKS_W, DECK_COLUMNS = 380, 3
LEGEND_COLUMNS, LEGEND_STEP, LEGEND_ENTRIES = 2, 150, 6


def clan_name(clan: str) -> str:
    """A clan's name from its id: "go-shirakawa" is Go-Shirakawa."""
    return "-".join(part.capitalize() for part in clan.split("-"))


def clan_colours(view: dict) -> dict[str, str]:
    """Each clan's colour: the components' where the view has them, else the clan's own."""
    colours = dict(CLAN_COLOURS)
    given = view.get("components", {}).get("clans")
    entries = given.items() if isinstance(given, dict) else \
        ((entry.get("id"), entry.get("colour")) for entry in given or () if isinstance(entry, dict))
    for clan, colour in entries:
        if isinstance(clan, str) and isinstance(colour, str):
            drawn = NAMED.get(colour.lower()) or (colour if HEX.fullmatch(colour) else None)
            if drawn:
                colours[clan] = drawn
    return colours


def seat_colours(players: list[str]) -> dict[str, str]:
    return {player: SEAT_COLOURS[seat % len(SEAT_COLOURS)] for seat, player in enumerate(players)}


def kind_colour(kind: str) -> str:
    return ANY_KIND if kind == "any" else KIND_COLOURS.get(kind, OTHER_KIND)


def tokens(treasures: list[dict], left: int, top: int, radius: int, step: int, per_row: int,
           rows: int) -> tuple[list[dict], int]:
    """Treasure tokens placed in rows from (left, top), their centres; and how many did not fit."""
    room = per_row * rows
    placed = [{"kind": t["kind"], "value": t["value"], "red": t.get("side") == "red", "colour": kind_colour(t["kind"]),
               "x": left + radius + (i % per_row) * step, "y": top + radius + (i // per_row) * step}
              for i, t in enumerate(treasures[:room])]
    return placed, max(0, len(treasures) - room)


def round_marks(events: list[dict], colours: dict[str, str]) -> tuple[dict[str, dict], set[str]]:
    """The houses beaten this round (by whom, from which clan and token) and those refilled at its end."""
    beaten, refilled = {}, set()
    for ev in events:
        if ev["kind"] == "house_beaten":
            was = ev.get("from", {})
            beaten[ev["house"]] = {"by": ev["player"], "colour": colours.get(ev["player"], OTHER_CLAN),
                                   "from_clan": clan_name(was.get("clan", "")), "from_worth": was.get("worth")}
        elif ev["kind"] == "house_refilled":
            refilled.add(ev["house"])
    return beaten, refilled


def sentry(guard: dict | None) -> dict | None:
    if guard is None:
        return None
    return {"strength": guard["strength"], "stealth": guard["stealth"], "alarm": bool(guard.get("alarm")),
            "one_value": guard["strength"] == guard["stealth"]}


def house_model(name: str, house: dict, index: int, clans: dict, beaten: dict, refilled: set) -> dict:
    x = MARGIN + index * (HOUSE_W + GAP)
    treasures = [] if house["closed"] else house["treasures"]
    rows = 1 if name in beaten else TOKEN_ROWS   # a beaten house's tab takes the second row's place
    placed, more = tokens(treasures, 10, 112, TOKEN_R, TOKEN_STEP, TOKENS_PER_ROW, rows)
    return {"house": name, "number": name.rsplit("-", 1)[-1], "x": x, "y": HOUSES_TOP,
            "clan": house["clan"], "clan_name": clan_name(house["clan"]),
            "colour": clans.get(house["clan"], OTHER_CLAN), "worth": house["worth"], "closed": house["closed"],
            "sentry": None if house["closed"] else sentry(house["sentry"]), "treasures": placed, "more": more,
            "count": len(house["treasures"]), "beaten": beaten.get(name), "refilled": name in refilled}


def skill_tile(tile: dict, index: int) -> dict:
    return {"skill": tile["id"], "name": tile.get("name", tile["id"]), "style": tile["style"],
            "style_colour": STYLE_COLOURS.get(tile["style"], OTHER_KIND), "cost": tile["cost"],
            "effect": tile["effect"], "mode": tile.get("mode"), "amount": tile.get("amount"),
            "x": 10 + index * TILE_STEP}


def dots(kinds: list[str], left: int, top: int) -> list[dict]:
    return [{"kind": kind, "colour": kind_colour(kind), "x": left + SMALL_R + i * SMALL_STEP, "y": top + SMALL_R}
            for i, kind in enumerate(kinds)]


def envoy_card(envoy: dict, index: int, clans: dict) -> dict:
    return {"envoy": envoy["id"], "clan": envoy["clan"], "clan_name": clan_name(envoy["clan"]),
            "colour": clans.get(envoy["clan"], OTHER_CLAN), "age": envoy["age"],
            "requires": dots(envoy["requires"], 6, 64), "x": 10 + index * CARD_STEP}


def rumor_card(rumor: dict, index: int) -> dict:
    return {"rumor": rumor["id"], "counts": rumor["counts"], "bonus": rumor["bonus"],
            "multiplier": rumor["multiplier"], "cost": dots(rumor["cost"], 6, 64), "x": 10 + index * CARD_STEP}


def panel(x: int, width: int, cards: list[dict], key: str) -> dict:
    return {"x": x, "y": ROW2_TOP, "width": width, "height": ROW2_H, key: cards}


def ninja_panel(view: dict, player: str, viewer: str, index: int, count: int, colours: dict, scale: int) -> dict:
    width = (WIDTH - 2 * MARGIN - (count - 1) * GAP) // count
    ninja = view["ninja"][player]
    hand = ninja["hand"]
    own = player == viewer and isinstance(hand, list)
    room = (width - 30) // HAND_STEP
    cards = [{"value": value, "x": 10 + i * HAND_STEP} for i, value in enumerate(hand[:room])] if own else None
    per_row = max(1, (width - 20) // SMALL_STEP)
    placed, more = tokens(ninja["treasures"], 10, 104, SMALL_R, SMALL_STEP, per_row, 2)
    rumors = ninja["rumors"]
    honour = ninja["honour"]
    return {"player": player, "colour": colours[player], "you": player == viewer, "turn": index + 1,
            "x": MARGIN + index * (width + GAP), "y": NINJA_TOP, "width": width, "height": NINJA_H,
            "honour": honour, "bar": round((width - 20) * max(honour, 0) / scale),
            "bar_width": width - 20, "hand": cards, "hand_count": len(hand) if isinstance(hand, list) else hand,
            "hand_more": max(0, len(hand) - room) if own else 0,
            "treasures": placed, "more": more, "treasure_count": len(ninja["treasures"]),
            "skills": len(ninja["skills"]), "envoys": len(ninja["envoys"]), "elites": len(ninja["elites"]),
            "rumors": len(rumors) if isinstance(rumors, list) else rumors}


def decks_model(view: dict) -> list[dict]:
    column = DECKS_W // DECK_COLUMNS
    left = MARGIN + DOJO_W + GAP
    shown = [name for name in DECKS if name in view["decks"]]
    return [{"deck": name, "left": view["decks"][name]["left"], "discard": len(view["decks"][name]["discard"]),
             "x": left + 10 + (i % DECK_COLUMNS) * column, "y": STRIP_TOP + 36 + (i // DECK_COLUMNS) * 16}
            for i, name in enumerate(shown)]


def kinds_legend(view: dict) -> tuple[list[dict], dict]:
    """The treasure kinds of the box and those in sight, in the palette's order then by name, each with its colour
    and place; and the place of the red side's entry, after them."""
    seen = {t["kind"] for house in view["houses"].values() for t in house["treasures"]}
    seen |= {t["kind"] for ninja in view["ninja"].values() for t in ninja["treasures"]}
    seen |= {kind for card in view["palace"] + view["pavilion"]
             for kind in card.get("requires", card.get("cost", []))}
    seen |= set(KIND_COLOURS)
    ordered = [kind for kind in KIND_COLOURS if kind in seen] + sorted(seen - set(KIND_COLOURS))
    left = MARGIN + DOJO_W + GAP + DECKS_W + GAP
    places = [{"x": left + 10 + (i % LEGEND_COLUMNS) * LEGEND_STEP, "y": STRIP_TOP + 36 + (i // LEGEND_COLUMNS) * 16}
              for i in range(LEGEND_ENTRIES)]
    shown = ordered[:LEGEND_ENTRIES - 1]
    return [{"kind": kind, "colour": kind_colour(kind), **place} for kind, place in zip(shown, places)], \
        places[len(shown)]


def board_model(view: dict, events: list[dict], player: str) -> dict:
    """The picture of the board for `player`, from his view and the round's events he may see."""
    seen = [ev for ev in events if "audience" not in ev or visible_to(ev, player)]
    clans = clan_colours(view)
    colours = seat_colours(view["players"])
    beaten, refilled = round_marks(seen, colours)
    houses = [house_model(name, view["houses"][name], i, clans, beaten, refilled)
              for i, name in enumerate(sorted(view["houses"], key=lambda n: (len(n), n)))]
    worth = {clan: 0 for clan in CLAN_COLOURS}
    for house in view["houses"].values():
        worth[house["clan"]] = worth.get(house["clan"], 0) + house["worth"]
    order = [p for p in view["order"] if p in view["ninja"]] + [p for p in view["players"] if p not in view["order"]]
    scale = max([10] + [view["ninja"][p]["honour"] for p in order])
    sensei_w = 2 * 10 + 4 * TILE_STEP - (TILE_STEP - TILE_W)
    row_w = 2 * 10 + 4 * CARD_STEP - (CARD_STEP - CARD_W)
    pavilion_x = WIDTH - MARGIN - row_w
    palace_x = MARGIN + sensei_w + (pavilion_x - MARGIN - sensei_w - row_w) // 2
    kinds, red = kinds_legend(view)
    return {
        "width": WIDTH, "height": HEIGHT, "margin": MARGIN, "round": view["round"], "player": player,
        "colour": colours.get(player, OTHER_CLAN), "over": view["over"], "winners": list(view["winners"]),
        "provisional": bool(view.get("components", {}).get("provisional")),
        "clans": [{"clan": clan, "clan_name": clan_name(clan), "colour": clans.get(clan, OTHER_CLAN),
                   "worth": total} for clan, total in worth.items()],
        "house": {"width": HOUSE_W, "height": HOUSE_H, "token_r": TOKEN_R},
        "houses": houses,
        "tile": {"width": TILE_W, "height": TILE_H},
        "card": {"width": CARD_W, "height": TILE_H, "dot_r": SMALL_R},
        "sensei": panel(MARGIN, sensei_w, [skill_tile(t, i) for i, t in enumerate(view["sensei"][:4])], "tiles"),
        "palace": panel(palace_x, row_w, [envoy_card(e, i, clans) for i, e in enumerate(view["palace"][:4])],
                        "envoys"),
        "pavilion": panel(pavilion_x, row_w, [rumor_card(r, i) for i, r in enumerate(view["pavilion"][:4])],
                          "rumors"),
        "hand": {"width": HAND_W, "height": HAND_H, "token_r": SMALL_R},
        "ninja": [ninja_panel(view, p, player, i, len(order), colours, scale) for i, p in enumerate(order)],
        "strip": {"y": STRIP_TOP, "height": STRIP_H},
        "dojo": {"x": MARGIN, "width": DOJO_W,
                 "cards": [{"value": value, "x": 10 + i * 32} for i, value in enumerate(view["dojo_row"][:4])]},
        "decks": {"x": MARGIN + DOJO_W + GAP, "width": DECKS_W, "decks": decks_model(view)},
        "kinds": {"x": MARGIN + DOJO_W + GAP + DECKS_W + GAP,
                  "width": WIDTH - 2 * MARGIN - DOJO_W - DECKS_W - 2 * GAP, "kinds": kinds, "red": red},
    }
