"""Ninjato's board as a picture model: plain data for templates/ninjato/picture.svg.j2.

Made from one player's view (view.py) and the round's events that player may see, and from nothing else, so the
picture shows no more than the report does: the houses (their clan and token, the sentry, the treasures, closed
or open, beaten this round), the Sensei's skills, the Palace's Envoys and the Pavilion's Rumors, the Dojo's row,
what is left in each deck and the bag, and each ninja's honour and what is public of him. A hand is drawn card by
card only where the view holds its cards, which is the viewer's own; of the others the view holds a count, and
the picture draws that. An event that still carries an audience leaving the player out is passed over.

The picture is 900 wide, so that its PNG stays sharp, and as tall as its rows need for every text to be at least
13 high (9 px where a mail shows it 640 px wide): the houses, then the Sensei's, the Palace's and the Pavilion's
rows of four cards, the ninja, and the Dojo, the decks and the treasures' legend. Where things go is worked out
here, in whole pixels; every word is the template's (a clan's name is a proper noun and comes from its id), so
that it can be translated there, and the template wraps or shortens a line to its box. Colours: a clan's is the
components' where the view carries one (components.clans, as a colour name the palette knows or #rrggbb), else
the clan's own below; each ninja's is his seat's, from a colour-blind-safe set unlike the clans'.
"""
from __future__ import annotations

import re

from engine.events import visible_to

WIDTH, MARGIN, GAP = 900, 20, 10

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

HEADER_H = 90   # the title, the clans' worth, and a line for the winners or the provisional components
HOUSE_W, HOUSE_H, HOUSES_TOP = 164, 198, HEADER_H
TOKEN_R, TOKEN_STEP, TOKENS_PER_ROW, TOKEN_ROWS, TOKENS_TOP = 11, 25, 6, 2, 114
ROW_H, CARDS_TOP = 98, 28   # the Sensei's, the Palace's and the Pavilion's rows: a title over four cards
CARD_W, CARD_H, CARD_STEP = 204, 62, 212
DOT_R, DOT_STEP, DOTS_Y = 8, 20, 42
SENSEI_TOP = HOUSES_TOP + HOUSE_H + 12
PALACE_TOP = SENSEI_TOP + ROW_H + GAP
PAVILION_TOP = PALACE_TOP + ROW_H + GAP
NINJA_TOP, NINJA_H = PAVILION_TOP + ROW_H + 12, 212
HAND_W, HAND_H, HAND_STEP, HAND_TOP = 22, 30, 25, 54
SMALL_R, SMALL_STEP, SMALL_TOP = 10, 23, 92
BAR_LEFT = 96   # the honour bar, after "honour 100"
STRIP_TOP, STRIP_H = NINJA_TOP + NINJA_H + 12, 106
HEIGHT = STRIP_TOP + STRIP_H + 14
DOJO_W, DOJO_CARD_STEP = 158, 36
DECKS = ("dojo", "guards", "elites", "skills", "hensojutsu", "envoys", "rumors", "bag")
LEGEND_W = 270
DECKS_W = WIDTH - 2 * MARGIN - DOJO_W - LEGEND_W - 2 * GAP
DECK_COLUMNS, LEGEND_COLUMNS, LEGEND_ENTRIES, LINE_STEP, FIRST_LINE = 2, 2, 6, 18, 42


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


def shown(items: list, room: int) -> int:
    """How many of the items a row of `room` places shows: all that fit, else all but the last place's worth,
    which the count of the rest takes ("+9")."""
    return len(items) if len(items) <= room else room - 1


def tokens(treasures: list[dict], left: int, top: int, radius: int, step: int, per_row: int,
           rows: int) -> tuple[list[dict], int, dict]:
    """Treasure tokens placed in rows from (left, top), their centres; how many did not fit, and the centre of the
    place their count is written in."""
    def place(i: int) -> dict:
        return {"x": left + radius + (i % per_row) * step, "y": top + radius + (i // per_row) * step}

    count = shown(treasures, per_row * rows)
    placed = [{"kind": t["kind"], "value": t["value"], "red": t.get("side") == "red", "colour": kind_colour(t["kind"]),
               **place(i)} for i, t in enumerate(treasures[:count])]
    return placed, len(treasures) - count, place(count)


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
    placed, more, more_at = tokens(treasures, 10, TOKENS_TOP, TOKEN_R, TOKEN_STEP, TOKENS_PER_ROW, rows)
    return {"house": name, "number": name.rsplit("-", 1)[-1], "x": x, "y": HOUSES_TOP,
            "clan": house["clan"], "clan_name": clan_name(house["clan"]),
            "colour": clans.get(house["clan"], OTHER_CLAN), "worth": house["worth"], "closed": house["closed"],
            "sentry": None if house["closed"] else sentry(house["sentry"]), "treasures": placed, "more": more,
            "more_at": more_at,
            "count": len(house["treasures"]), "beaten": beaten.get(name), "refilled": name in refilled}


def skill_tile(tile: dict, index: int) -> dict:
    return {"skill": tile["id"], "name": tile.get("name", tile["id"]), "style": tile["style"],
            "style_colour": STYLE_COLOURS.get(tile["style"], OTHER_KIND), "cost": tile["cost"],
            "effect": tile["effect"], "mode": tile.get("mode"), "amount": tile.get("amount"),
            "x": 10 + index * CARD_STEP}


def dots(kinds: list[str]) -> list[dict]:
    """The treasures a card asks for, as dots at its right end."""
    right = CARD_W - 8 - DOT_R
    return [{"kind": kind, "colour": kind_colour(kind), "x": right - (len(kinds) - 1 - i) * DOT_STEP, "y": DOTS_Y}
            for i, kind in enumerate(kinds)]


def envoy_card(envoy: dict, index: int, clans: dict) -> dict:
    return {"envoy": envoy["id"], "clan": envoy["clan"], "clan_name": clan_name(envoy["clan"]),
            "colour": clans.get(envoy["clan"], OTHER_CLAN), "age": envoy["age"],
            "requires": dots(envoy["requires"]), "x": 10 + index * CARD_STEP}


def rumor_card(rumor: dict, index: int) -> dict:
    return {"rumor": rumor["id"], "counts": rumor["counts"], "bonus": rumor["bonus"],
            "multiplier": rumor["multiplier"], "cost": dots(rumor["cost"]), "x": 10 + index * CARD_STEP}


def row(y: int, cards: list[dict], key: str) -> dict:
    return {"x": MARGIN, "y": y, "width": WIDTH - 2 * MARGIN, "height": ROW_H, key: cards}


def ninja_panel(view: dict, player: str, viewer: str, index: int, count: int, colours: dict, scale: int) -> dict:
    width = (WIDTH - 2 * MARGIN - (count - 1) * GAP) // count
    ninja = view["ninja"][player]
    hand = ninja["hand"]
    own = player == viewer and isinstance(hand, list)
    room = (width - 16 - HAND_W - 8) // HAND_STEP + 1   # the hand's first card 16 in, its last 8 from the edge
    held = shown(hand, room) if own else 0
    cards = [{"value": value, "x": 10 + i * HAND_STEP} for i, value in enumerate(hand[:held])] if own else None
    per_row = max(1, (width - 20) // SMALL_STEP)
    placed, more, more_at = tokens(ninja["treasures"], 10, SMALL_TOP, SMALL_R, SMALL_STEP, per_row, 2)
    rumors = ninja["rumors"]
    honour = ninja["honour"]
    bar_width = width - BAR_LEFT - 12
    return {"player": player, "colour": colours[player], "you": player == viewer, "turn": index + 1,
            "x": MARGIN + index * (width + GAP), "y": NINJA_TOP, "width": width, "height": NINJA_H,
            "honour": honour, "bar_x": BAR_LEFT, "bar": round(bar_width * max(honour, 0) / scale),
            "bar_width": bar_width, "hand": cards, "hand_count": len(hand) if isinstance(hand, list) else hand,
            "hand_more": len(hand) - held if own else 0, "hand_more_x": 10 + held * HAND_STEP,
            "treasures": placed, "more": more, "more_at": more_at, "treasure_count": len(ninja["treasures"]),
            "skills": len(ninja["skills"]), "envoys": len(ninja["envoys"]), "elites": len(ninja["elites"]),
            "rumors": len(rumors) if isinstance(rumors, list) else rumors}


def line_y(line: int) -> int:
    """The baseline of a line of the bottom strip's panels, under their titles."""
    return STRIP_TOP + FIRST_LINE + line * LINE_STEP


def decks_model(view: dict) -> list[dict]:
    column = (DECKS_W - 20) // DECK_COLUMNS
    left = MARGIN + DOJO_W + GAP
    names = [name for name in DECKS if name in view["decks"]]
    return [{"deck": name, "left": view["decks"][name]["left"], "discard": len(view["decks"][name]["discard"]),
             "x": left + 10 + (i % DECK_COLUMNS) * column, "y": line_y(i // DECK_COLUMNS)}
            for i, name in enumerate(names)]


def kinds_legend(view: dict) -> tuple[list[dict], dict]:
    """The treasure kinds of the box and those in sight, in the palette's order then by name, each with its colour,
    its place and the width it may take (its column's, or to the panel's edge where nothing follows on its line);
    and the place of the red side's entry, on a line of its own after them."""
    seen = {t["kind"] for house in view["houses"].values() for t in house["treasures"]}
    seen |= {t["kind"] for ninja in view["ninja"].values() for t in ninja["treasures"]}
    seen |= {kind for card in view["palace"] + view["pavilion"]
             for kind in card.get("requires", card.get("cost", []))}
    seen |= set(KIND_COLOURS)
    ordered = [kind for kind in KIND_COLOURS if kind in seen] + sorted(seen - set(KIND_COLOURS))
    kinds = ordered[:LEGEND_ENTRIES - 1]
    left = MARGIN + DOJO_W + GAP + DECKS_W + GAP + 10
    inner = LEGEND_W - 20
    column = inner // LEGEND_COLUMNS
    placed = []
    for i, kind in enumerate(kinds):
        at = (i % LEGEND_COLUMNS) * column
        alone = i == len(kinds) - 1 or at + column >= inner   # nothing after it on its line
        placed.append({"kind": kind, "colour": kind_colour(kind), "x": left + at, "y": line_y(i // LEGEND_COLUMNS),
                       "width": inner - at if alone else column})
    red = {"x": left, "y": line_y(-(-len(kinds) // LEGEND_COLUMNS)), "width": inner}
    return placed, red


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
    kinds, red = kinds_legend(view)
    return {
        "width": WIDTH, "height": HEIGHT, "margin": MARGIN, "round": view["round"], "player": player,
        "colour": colours.get(player, OTHER_CLAN), "over": view["over"], "winners": list(view["winners"]),
        "provisional": bool(view.get("components", {}).get("provisional")),
        "clans": [{"clan": clan, "clan_name": clan_name(clan), "colour": clans.get(clan, OTHER_CLAN),
                   "worth": total} for clan, total in worth.items()],
        "house": {"width": HOUSE_W, "height": HOUSE_H, "token_r": TOKEN_R},
        "houses": houses,
        "card": {"width": CARD_W, "height": CARD_H, "top": CARDS_TOP, "dot_r": DOT_R},
        "sensei": row(SENSEI_TOP, [skill_tile(t, i) for i, t in enumerate(view["sensei"][:4])], "tiles"),
        "palace": row(PALACE_TOP, [envoy_card(e, i, clans) for i, e in enumerate(view["palace"][:4])], "envoys"),
        "pavilion": row(PAVILION_TOP, [rumor_card(r, i) for i, r in enumerate(view["pavilion"][:4])], "rumors"),
        "hand": {"width": HAND_W, "height": HAND_H, "top": HAND_TOP, "token_r": SMALL_R},
        "ninja": [ninja_panel(view, p, player, i, len(order), colours, scale) for i, p in enumerate(order)],
        "strip": {"y": STRIP_TOP, "height": STRIP_H},
        "dojo": {"x": MARGIN, "width": DOJO_W,
                 "cards": [{"value": value, "x": 10 + i * DOJO_CARD_STEP}
                           for i, value in enumerate(view["dojo_row"][:4])]},
        "decks": {"x": MARGIN + DOJO_W + GAP, "width": DECKS_W, "decks": decks_model(view)},
        "kinds": {"x": MARGIN + DOJO_W + GAP + DECKS_W + GAP, "width": LEGEND_W, "kinds": kinds, "red": red},
    }
