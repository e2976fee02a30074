"""Age of War's table as a picture model: plain data for templates/age_of_war/picture.svg.j2.

Made from one player's view and the events that player may see, and from nothing else, so the picture
can show no more than the report does. Where things go is worked out here, in whole pixels; every word
is left to the template, so that it can be translated there.
"""
from __future__ import annotations

from engine.events import visible_to

from .cards import CASTLES, CLANS
from .lines import infantry_total, is_infantry
from .seats import seat_order

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9")
"""One colour per seat: Okabe and Ito's colour-blind-safe set, without its yellow (too pale on paper)."""

SYMBOLS = {"A": "archery", "C": "cavalry", "D": "daimyo"}

WIDTH, MARGIN, GAP = 940, 20, 10
# A mail shows the picture 640 px wide, so a unit here is 0.68 px there: no text is set below 14 (9.5 px).
CARD_W = 164                 # five cards to a row, in the centre and in front of a player
LINE_H, LINES_TOP = 33, 56
CARD_H = LINES_TOP + LINE_H * max(len(c.lines) for c in CASTLES.values()) + 8
DIE, DIE_GAP, INFANTRY_W = 28, 5, 54
LIST_STEP = 22               # a secured clan's castles, one under the other on its stack
HEADER_H, TITLE_H = 80, 36
OVER_H = 28                  # the game-over line under the header, each further line its wrapping makes too
ROW_HEAD = 44                # a player's name, score and castles, one line above the cards in front of them
ROW_INSET = 16               # the cards' left edge in a row, past its colour band
CLAN_GAP = 12                # the extra space between two clans in front of a player
ATTACK_H, ATTACK_LINE = 26, 20   # a turn of the round, and each further line its sentence's wrapping makes
LEGEND_COLUMNS, LEGEND_H = 2, 34
LEGEND_KEYS = ("infantry", "archery", "cavalry", "daimyo", "secured", "taken", "chance", "steal")
"""The legend's entries in order, as keys the template turns into words."""


def seat_colours(players: list[str]) -> dict[str, str]:
    """Each player's colour, by seat at the table (the order of the players in the game), never by name."""
    return {player: PALETTE[seat % len(PALETTE)] for seat, player in enumerate(players)}


def dice(line: str) -> list[dict]:
    """A battle line as the dice it needs, placed left to right: {"symbol", "x"} and, for infantry, "total"."""
    if is_infantry(line):
        return [{"symbol": "infantry", "total": infantry_total(line), "x": 0, "width": INFANTRY_W}]
    return [{"symbol": SYMBOLS[face], "x": i * (DIE + DIE_GAP), "width": DIE} for i, face in enumerate(line)]


def round_attacks(events: list[dict], colours: dict[str, str]) -> tuple[list[dict], dict[str, dict], list[str]]:
    """The round's turns in play order, what each castle taken this round last saw (by whom, from whom),
    and the clans secured this round."""
    attacks: list[dict] = []
    taken: dict[str, dict] = {}
    secured: list[str] = []
    for ev in events:
        kind = ev["kind"]
        if kind == "turn":
            attacks.append({"player": ev["player"], "colour": colours.get(ev["player"]), "castle": ev["castle"],
                            "holder": ev["holder"], "holder_colour": colours.get(ev["holder"]),
                            "outcome": None, "clan": None})
        elif kind == "turn_skipped":
            attacks.append({"player": ev["player"], "colour": colours.get(ev["player"]), "castle": None,
                            "holder": None, "holder_colour": None, "outcome": "passed", "clan": None})
        elif kind == "conquer":
            taken[ev["castle"]] = {"by": ev["player"], "colour": colours.get(ev["player"]), "from": ev["from"]}
            if attacks:
                attacks[-1]["outcome"] = "taken"
        elif kind == "repelled" and attacks:
            attacks[-1]["outcome"] = "repelled"
        elif kind == "clan_secured":
            secured.append(ev["clan"])
            if attacks:
                attacks[-1]["clan"] = ev["clan"]
    return attacks, taken, secured


def castle_card(name: str, holder: str | None, colours: dict[str, str], taken: dict[str, dict],
                chances: dict[str, str]) -> dict:
    card = CASTLES[name]
    return {"kind": "castle", "castle": name, "clan": card.clan, "points": card.points,
            "lines": [dice(line) for line in card.lines], "holder": holder, "colour": colours.get(holder),
            "taken": taken.get(name), "chance": chances.get(name)}


def clan_stack(clan: str, holder: str, colours: dict[str, str], secured_now: list[str]) -> dict:
    """A secured clan: its castles turned face down as one stack that scores the clan value."""
    return {"kind": "clan", "clan": clan, "value": CLANS[clan].value, "castles": list(CLANS[clan].castles),
            "holder": holder, "colour": colours.get(holder), "secured_now": clan in secured_now}


def flow(items: list[dict], left: int, top: int, right: int, breaks: set[int] = frozenset()) -> int:
    """Place the cards left to right from (left, top), wrapping before `right`, with a little more space
    before each index in `breaks` (a new clan); return the height used."""
    x, y = left, top
    for i, item in enumerate(items):
        if i and i in breaks:
            x += CLAN_GAP
        if i and x + CARD_W > right:
            x, y = left, y + CARD_H + GAP
        item["x"], item["y"] = x, y
        x += CARD_W + GAP
    return y + CARD_H - top if items else 0


def player_row(player: str, viewer: str, view: dict, colours: dict, taken: dict, chances: dict,
               secured_now: list[str], top: int) -> dict:
    """The castles in front of one player, by clan in clan order: a secured clan as its stack, else its
    face-up castles in card order; under the line that names the player, so that a row holds five cards."""
    castles = view["castles"]
    items: list[dict] = []
    breaks: set[int] = set()
    for clan in CLANS.values():
        held = [name for name in clan.castles if castles[name]["holder"] == player]
        if not held:
            continue
        breaks.add(len(items))
        if all(castles[name]["secured"] for name in held):
            items.append(clan_stack(clan.name, player, colours, secured_now))
        else:
            items += [castle_card(name, player, colours, taken, chances) for name in held]
    used = flow(items, MARGIN + ROW_INSET, top + ROW_HEAD, WIDTH - MARGIN - ROW_INSET // 2, breaks)
    score = next(row for row in view["scores"] if row["player"] == player)
    height = ROW_HEAD + used + GAP if items else ROW_HEAD
    return {"player": player, "colour": colours[player], "you": player == viewer, "first": player == view["first"],
            "points": score["points"], "castles": score["castles"], "clans": score["clans"],
            "rank": score["rank"], "y": top, "height": height, "cards": items}


def table_model(view: dict, events: list[dict], player: str) -> dict:
    """The picture of the table for `player`: the centre, each player's row, this round's attacks, a legend.

    `events` are the round's events as the player may see them (engine.for_player); an event that still
    carries an audience leaving the player out is passed over, so a caller's slip cannot leak it. The game-over
    line and each turn are given one line: a sentence the template wraps (its words are known only there)
    pushes what follows down by `over_height` or `attacks.line_height` a line, and the picture grows as much.
    """
    seen = [ev for ev in events if "audience" not in ev or visible_to(ev, player)]
    colours = seat_colours(view["players"])
    attacks, taken, secured_now = round_attacks(seen, colours)
    chances = {} if view["over"] else {a["castle"]: a["chance"] for a in view.get("available", [])}

    y = HEADER_H + (OVER_H if view["over"] else 0)
    centre = [castle_card(name, None, colours, taken, chances)
              for name in CASTLES if view["castles"][name]["holder"] is None]
    centre_top = y
    y += TITLE_H + flow(centre, MARGIN, y + TITLE_H, WIDTH - MARGIN) + GAP   # an empty centre: its title says so

    rows_top = y
    y += TITLE_H
    rows = []
    for seat in seat_order(view):
        row = player_row(seat, player, view, colours, taken, chances, secured_now, y)
        rows.append(row)
        y += row["height"] + GAP

    attacks_top = y
    for i, attack in enumerate(attacks):
        attack["y"] = y + TITLE_H + i * ATTACK_H
    if attacks:
        y += TITLE_H + len(attacks) * ATTACK_H + GAP

    legend_top = y
    column = (WIDTH - 2 * MARGIN) // LEGEND_COLUMNS
    legend = [{"key": key, "x": MARGIN + (i % LEGEND_COLUMNS) * column,
               "y": y + TITLE_H + (i // LEGEND_COLUMNS) * LEGEND_H} for i, key in enumerate(LEGEND_KEYS)]
    y += TITLE_H + -(-len(LEGEND_KEYS) // LEGEND_COLUMNS) * LEGEND_H + MARGIN

    return {
        "width": WIDTH, "height": y, "margin": MARGIN,
        "card": {"width": CARD_W, "height": CARD_H, "die": DIE, "infantry_width": INFANTRY_W, "line_height": LINE_H,
                 "lines_top": LINES_TOP, "list_step": LIST_STEP},
        "round": view["round"], "player": player, "colour": colours.get(player),
        "over": view["over"], "winners": list(view["winners"]), "over_height": OVER_H,
        "centre": {"y": centre_top, "cards": centre},
        "rows": {"y": rows_top, "inset": ROW_INSET, "rows": rows},
        "attacks": {"y": attacks_top, "line_height": ATTACK_LINE, "attacks": attacks},
        "legend": {"y": legend_top, "column": column, "entries": legend},
    }
