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

from .board import board_of_state
from .state import COLOURS, REGULAR_KINDS

FORMAT = "ikusa-map-1"
NAME_SIZE = 9          # frame units: the province names' font size, which the pieces are laid out under
ROW_GAP = 8            # from a name's baseline to the middle of its row of pieces
SLOT = {"castle": 9, "fortress": 11, "army": 19, "force": 10, "ronin": 12}   # the width each piece takes
ARROW_GAP = 9          # an arrow stops this far short of the province's point
FALLBACK_RADIUS = 10   # a province the shapes lack (a campaign's own map): a disc at its point


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
    """The map of the view's board for `player`: regions, pieces, this round's battles, sea lines, legend."""
    events = [ev for ev in events if "audience" not in ev or visible_to(ev, player)]
    board = board_of_state(view)
    data = shapes()
    frame = data["frame"]
    points = {pid: _point(data, board.provinces[pid]) for pid in board.ids()}
    regions, rows = [], {}
    for pid in board.ids():
        region = _region(view, board, data, pid, points[pid])
        regions.append(region)
        rows[pid] = []
    armies = _armies(view, rows)
    ronin = _ronin(view, events, player, rows)
    for pid in board.ids():
        _fortification(view["provinces"][pid], pid, rows)
        _force(view["provinces"][pid], pid, rows)
    pieces = _laid_out(rows, points)
    return {
        "format": FORMAT,
        "round": view["round"],
        "player": player,
        "width": frame["width"],
        "height": frame["height"],
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
        rows[army["province"]].append(("army", entry))
    return found


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


def _laid_out(rows: dict, points: dict) -> list[dict]:
    """Each province's pieces in a row under its name, centred on its point."""
    laid = []
    for pid, row in rows.items():
        point = points[pid]
        if not row or point is None:
            continue
        width = sum(SLOT[kind] for kind, _ in row)
        x = point[0] - width / 2
        for kind, entry in row:
            middle = x + SLOT[kind] / 2
            laid.append({"kind": kind, "x": round(middle), "y": point[1] + ROW_GAP, **entry})
            x += SLOT[kind]
    return laid


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
