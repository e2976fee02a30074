"""The map of Ikusa as one player sees it: plain data for templates/ikusa/picture.svg.j2, made from that player's view.

The printed board is not available; the map follows the historical provinces. Their shapes come from
shapes.json, derived once from the GSHHS coastlines by tools/derive_shapes.py and kept next to this file, so
drawing needs nothing but the standard library. The model is made of the view (`Game.view` for the player) and
the round's events that player may see, and of nothing else: an event that still carries an audience without
the player is dropped here too. The player's own hidden ronin come from the view's secret part and from that
player's own events. Colours are the seats' (the colour's place in the game's fixed list, COLOURS), so that a
template can give them a fixed colour-blind-friendly palette. Words are the template's: the legend is a list
of typed keys.
"""
from __future__ import annotations

import functools
import json
from importlib import resources

from engine.events import visible_to

from . import labels
from .board import board_of_state
from .state import COLOURS, REGULAR_KINDS

FORMAT = "ikusa-map-2"
LABEL_SIZE = 15        # frame units: a province's name; the frame (1000 wide) is shown 640 px wide in a mail,
                       # so a name is 9.6 px high there, and a mail shows nothing smaller than 9 px
PIECE_SIZE = 12        # frame units: the text of a piece (its army's id, experience and units: 7.7 px in a mail)
ROW_HEIGHT = 20        # a row of pieces, from top to bottom
SLOT = {"castle": 17, "fortress": 20, "force": 21, "ronin": 21}   # the width each piece takes (an army's: its text)
ARROW_GAP = 9          # an arrow stops this far short of the province's point
FALLBACK_RADIUS = 10   # a province the shapes lack (a campaign's own map): a disc at its point
LEGEND_AREAS = {"title": (6, 6, 440, 320), "keys": (456, 6, 340, 320)}   # sea the legend's two boxes may fill
INSET_SOURCE = (450, 553, 172, 148)   # the Kinai, the most crowded part of the map, drawn again...
INSET_SCALE = 2.2                     # ...this much larger...
INSET_AT = (604, 712)                 # ...with its top left corner here, in the Pacific
INSET_TITLE = 22                      # the inset's title, above it
LEADER_STEP = 10                      # a name this far (or more) from its point gets a line to it


PATH_LINE = 200        # characters: the shapes' path data in lines (a mail carries lines of up to 998 as they are)


@functools.cache
def shapes() -> dict:
    """The shapes file, read once, its path data broken into lines."""
    data = json.loads(resources.files(__package__).joinpath("shapes.json").read_text(encoding="utf-8"))
    data["foreign"] = in_lines(data["foreign"])
    for entry in data["provinces"].values():
        entry["d"] = in_lines(entry["d"])
    return data


def in_lines(d: str, width: int = PATH_LINE) -> str:
    """SVG path data in lines of at most `width` characters, each break one of its spaces (the same path): the
    report page that holds the map then has no line too long for a mail to carry it without encoding."""
    lines, line, length = [], [], -1
    for word in d.split(" "):
        if line and length + 1 + len(word) > width:
            lines.append(" ".join(line))
            line, length = [], -1
        line.append(word)
        length += 1 + len(word)
    return "\n".join(lines + [" ".join(line)])


def map_model(view: dict, events: list[dict], player: str) -> dict:
    """The map of the view's board for `player`: regions, pieces, this round's battles, sea lines, legend, and the
    Kinai drawn again larger in an inset, every name and piece placed clear of the others."""
    events = [ev for ev in events if "audience" not in ev or visible_to(ev, player)]
    board = board_of_state(view)
    data = shapes()
    frame = data["frame"]
    points = {pid: _point(data, board.provinces[pid]) for pid in board.ids()}
    inset = _inset(frame)
    enlarged = [pid for pid in board.ids() if points[pid] is not None and _inside_point(points[pid], INSET_SOURCE)]
    regions, rows = [], {}
    for pid in board.ids():
        region = _region(view, board, data, pid, points[pid])
        region["inset"] = pid in enlarged
        regions.append(region)
        rows[pid] = []
    armies = _armies(view, rows)
    ronin = _ronin(view, events, player, rows)
    for pid in board.ids():
        _fortification(view["provinces"][pid], pid, rows)
        _force(view["provinces"][pid], pid, rows)
    shown = {pid: (_enlarged(points[pid]) if pid in enlarged else points[pid]) for pid in board.ids()}
    areas = {pid: inset["box"] if pid in enlarged else (0, 0, frame["width"], frame["height"]) for pid in board.ids()}
    reserved = [*LEGEND_AREAS.values(), inset["frame"]]
    pieces, row_boxes = _laid_out(rows, shown, areas, reserved, enlarged)
    _place_labels(regions, shown, areas, reserved, row_boxes, enlarged)
    return {
        "format": FORMAT,
        "player": player,
        "width": frame["width"],
        "height": frame["height"],
        "label_size": LABEL_SIZE,
        "piece_size": PIECE_SIZE,
        "legend_areas": {name: list(box) for name, box in LEGEND_AREAS.items()},
        "inset": inset | {"box": list(inset["box"]), "frame": list(inset["frame"])},
        "foreign": data["foreign"],
        "regions": regions,
        "pieces": pieces,
        "armies": armies,
        "ronin": ronin,
        "battles": _battles(events, points, view["names"]),
        "sea_lines": [_line(points[a], points[b], 0) | {"a": view["names"][a], "b": view["names"][b]}
                      for a, b in board.sea if points[a] is not None and points[b] is not None],
        "players": [{"name": name, "colours": [_seat(c) for c in view["colours"][name]],
                     "out": name in view.get("eliminated", [])} for name in view["players"]],
        "legend": _legend(view, ronin, board),
    }


def _inside_point(point, box) -> bool:
    """Whether a point lies in a box (its edges included)."""
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]


def _inset(frame: dict) -> dict:
    """The Kinai inset: the part of the map it shows (source), where it stands and how much larger (box, scale),
    and the box with its title above, which nothing else may cover (frame)."""
    width, height = round(INSET_SOURCE[2] * INSET_SCALE), round(INSET_SOURCE[3] * INSET_SCALE)
    box = (INSET_AT[0], INSET_AT[1], width, height)
    return {"source": list(INSET_SOURCE), "scale": INSET_SCALE, "box": box,
            "frame": (box[0], box[1] - INSET_TITLE, width, height + INSET_TITLE),
            "transform": f"translate({_num(box[0] - INSET_SOURCE[0] * INSET_SCALE)} "
                         f"{_num(box[1] - INSET_SOURCE[1] * INSET_SCALE)}) scale({INSET_SCALE})"}


def _enlarged(point) -> tuple[float, float]:
    """Where a point of the Kinai stands in the inset."""
    return (round(INSET_AT[0] + (point[0] - INSET_SOURCE[0]) * INSET_SCALE, 1),
            round(INSET_AT[1] + (point[1] - INSET_SOURCE[1]) * INSET_SCALE, 1))


def _seat(colour: str | None) -> int | None:
    return COLOURS.index(colour) if colour in COLOURS else None


def _point(data: dict, province) -> tuple[int, int] | None:
    """Where a province's name stands: its label point in the shapes, else its lon/lat put in the frame."""
    entry = data["provinces"].get(province.id)
    if entry is not None:
        return tuple(entry["label"])
    if province.lon is None or province.lat is None:
        return None
    frame = data["frame"]
    return (round((province.lon / 100 - frame["west"]) * frame["x_per_degree"]),
            round((frame["north"] - province.lat / 100) * frame["y_per_degree"]))


def _region(view: dict, board, data: dict, pid: str, point) -> dict:
    province = view["provinces"][pid]
    entry = data["provinces"].get(pid)
    if entry is not None:
        d = entry["d"]
    elif point is not None:
        x, y, r = point[0], point[1], FALLBACK_RADIUS
        d = f"M{x - r} {y}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0z"
    else:
        d = ""
    return {"id": pid, "name": view["names"][pid], "d": d, "label": list(point) if point else None,
            "owner": province["owner"], "colour": _seat(province["colour"]),
            "castle": province["castle"], "fortress": province["fortress"]}


def _armies(view: dict, rows: dict) -> list[dict]:
    """The armies on the board, each with its experience and units (the daimyo counted among them)."""
    found = []
    for army_id in sorted(view["armies"]):
        army = view["armies"][army_id]
        if army["status"] != "active" or army["province"] not in rows:
            continue
        units = {kind: n for kind, n in sorted(army["units"].items()) if n}
        entry = {"id": army_id, "player": army["player"], "colour": _seat(army["colour"]),
                 "experience": army["experience"], "units": units, "count": sum(units.values()),
                 "province": army["province"]}
        found.append(entry)
    shorts = [short_id(entry["id"]) for entry in found]
    for entry, short in zip(found, shorts, strict=True):
        entry["short"] = short if shorts.count(short) == 1 else entry["id"]
        entry["stats"] = f"{entry['experience']}/{entry['count']}"
        entry["id_width"] = _round(labels.text_width(entry["short"], PIECE_SIZE, bold=True) + 6)
        entry["stats_width"] = _round(labels.text_width(entry["stats"], PIECE_SIZE, bold=True) + 6)
        rows[entry["province"]].append(("army", entry))
    return found


def short_id(army_id: str) -> str:
    """An army's id as its marker shows it, short enough to read in a mail: the colour's initial and the number
    (blue-2 is B2, as the legend says); an id of another shape cut to 4 characters."""
    colour, _, number = army_id.rpartition("-")
    if colour.isalpha() and number.isdigit():
        return colour[0].upper() + number
    return army_id[:4]


def _fortification(province: dict, pid: str, rows: dict) -> None:
    kind = "fortress" if province["fortress"] else "castle" if province["castle"] else None
    if kind:
        rows[pid].insert(0, (kind, {"province": pid}))


def _force(province: dict, pid: str, rows: dict) -> None:
    units = {kind: n for kind, n in sorted(province["force"].items()) if n}
    if units:
        rows[pid].append(("force", {"province": pid, "colour": _seat(province["colour"]), "units": units,
                                    "count": sum(units.values()),
                                    "regular": sum(n for k, n in units.items() if k in REGULAR_KINDS)}))


def _ronin(view: dict, events: list[dict], player: str, rows: dict) -> list[dict]:
    """The player's own ronin that nobody else has seen: still hidden in the view's secret part, or deployed
    this round and sent back unseen (the player's own events say where)."""
    if view.get("you") != player:
        return []
    found = []
    hidden = view.get("secret", {}).get("ronin", {})
    for where in sorted(hidden):
        province = view["armies"][where]["province"] if where in view["armies"] else where
        if hidden[where] and province in rows:
            found.append({"where": where, "province": province, "count": hidden[where], "returned": False})
    for ev in events:
        if ev["kind"] == "ronin_removed" and not ev.get("revealed") and ev.get("player") == player \
                and ev.get("province") in rows and ev.get("count"):
            found.append({"where": ev["from"], "province": ev["province"], "count": ev["count"], "returned": True})
    for entry in found:
        rows[entry["province"]].append(("ronin", entry))
    return found


def _slot(kind: str, entry: dict) -> float:
    """The width a piece takes: an army's is its id's box and its numbers' box side by side."""
    if kind != "army":
        return SLOT[kind]
    return entry["id_width"] + entry["stats_width"] + 2


def _laid_out(rows: dict, points: dict, areas: dict, reserved: list, enlarged: list) -> tuple[list, dict]:
    """Each province's pieces in a row centred on its point, moved a little where it would cover another
    province's row; the pieces with their boxes, and each row's box."""
    laid, boxes, taken = [], {}, []
    offsets = labels.candidate_offsets(ROW_HEIGHT / 3, rings=6)
    for pid, row in rows.items():
        point = points[pid]
        if not row or point is None:
            continue
        width = sum(_slot(kind, entry) for kind, entry in row)
        start = (point[0] - width / 2, point[1] - ROW_HEIGHT / 2, width, ROW_HEIGHT)
        box = labels.free_spot(start, offsets, taken + ([] if pid in enlarged else reserved), areas[pid]) or start
        box = (round(box[0], 1), round(box[1], 1), box[2], box[3])
        boxes[pid] = box
        taken.append(box)
        x = box[0]
        for kind, entry in row:
            slot = _slot(kind, entry)
            laid.append({"kind": kind, "x": _round(x + slot / 2), "y": _round(box[1] + ROW_HEIGHT / 2),
                         "box": [_round(x), box[1], slot, ROW_HEIGHT], "inset": pid in enlarged, **entry})
            x += slot
    return laid, boxes


def _place_labels(regions: list, points: dict, areas: dict, reserved: list, rows: dict, enlarged: list) -> None:
    """Each province's name above its row of pieces, or, where that covers something, at the nearest free spot
    of the rings around it, with a leader line back to its point when it went far."""
    taken = list(rows.values())
    offsets = labels.candidate_offsets(LABEL_SIZE * 0.8)
    for region in regions:
        point = points[region["id"]]
        if point is None:
            region["label"], region["label_box"], region["leader"] = None, None, None
            continue
        row = rows.get(region["id"])
        baseline = (row[1] - 3 if row else point[1] + LABEL_SIZE * 0.35)
        start = labels.label_box(region["name"], LABEL_SIZE, point[0], baseline)
        others = taken + ([] if region["inset"] else reserved)
        box = labels.free_spot(start, offsets, others, areas[region["id"]]) or start
        dx, dy = box[0] - start[0], box[1] - start[1]
        region["label"] = [_round(point[0] + dx), _round(baseline + dy)]
        region["label_box"] = [_round(v) for v in box]
        region["leader"] = None
        if max(abs(dx), abs(dy)) >= LEADER_STEP:
            end = labels.nearest_point(box, point)
            region["leader"] = f"M{_num(point[0])} {_num(point[1])}L{_num(end[0])} {_num(end[1])}"
        taken.append(box)


def _round(value: float) -> float | int:
    """A coordinate to a tenth, an int when whole: written the same in every process."""
    value = round(value, 1)
    return int(value) if value == int(value) else value


def _battles(events: list[dict], points: dict, names: dict) -> list[dict]:
    """This round's battles as arrows, each with its outcome once the player knows it, and the unopposed
    attacks on empty provinces."""
    arrows, outcome, seen = [], {}, {}
    for ev in events:
        if ev["kind"] == "battle_ended":
            outcome[ev["battle"]] = ev["outcome"]
    for ev in events:
        kind = ev["kind"]
        if kind not in ("battle_started", "unoccupied_attacked"):
            continue
        start, end = ev["from"], ev["target"]
        if points.get(start) is None or points.get(end) is None:
            continue
        pair = (start, end)
        seen[pair] = seen.get(pair, 0) + 1
        result = outcome.get(ev.get("battle")) if kind == "battle_started" else "unopposed"
        arrows.append(_line(points[start], points[end], seen[pair]) | {
            "from": names[start], "to": names[end], "colour": _seat(ev.get("colour")), "player": ev.get("player"),
            "battle": ev.get("battle"), "naval": bool(ev.get("naval")), "outcome": result})
    return arrows


def _line(a, b, bend: int) -> dict:
    """A curve from a towards b, stopping short of both points, bent to the right (more for a repeated pair),
    as an SVG path."""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    length = max((dx * dx + dy * dy) ** 0.5, 1)
    gap = min(ARROW_GAP, length / 3) if bend else 0
    sx, sy = x1 + dx * gap / length, y1 + dy * gap / length
    ex, ey = x2 - dx * gap / length, y2 - dy * gap / length
    offset = (0.12 + 0.1 * (bend - 1)) * length if bend else 0
    cx, cy = (sx + ex) / 2 - dy / length * offset, (sy + ey) / 2 + dx / length * offset
    return {"d": f"M{_num(sx)} {_num(sy)}Q{_num(cx)} {_num(cy)} {_num(ex)} {_num(ey)}"}


def _num(value: float) -> str:
    """A coordinate with one decimal at most, written the same in every process."""
    text = f"{round(value, 1):.1f}"
    return text[:-2] if text.endswith(".0") else text


def _legend(view: dict, ronin: list, board) -> list[tuple]:
    keys = [("owner",), ("unowned",), ("army",), ("force",), ("castle",), ("fortress",),
            ("battle", "attacker_won"), ("battle", "defender_won"), ("battle", "unopposed")]
    if board.sea:
        keys.append(("sea_line",))
    if ronin:
        keys.append(("ronin",))
    keys += [("foreign",), ("source",), ("board",)]
    return keys
