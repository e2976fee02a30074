"""Where the map's names and pieces go so that none covers another: boxes in frame units, and a placement that
tries fixed candidate spots in a fixed order.

Text is measured by estimate, never by a font: a DejaVu Sans letter is at most about 0.70 of the font size wide
(0.84 bold), so a box made from the number of letters is never narrower than the text drawn. Everything here is
lists and tuples taken in the order given, so the same map gives the same places in every process.
"""
from __future__ import annotations

import math
import unicodedata

LETTER = 0.72        # of the font size: the widest average letter of a province's name in DejaVu Sans is 0.70
BOLD_LETTER = 0.86   # the same for bold capitals and digits
HALO = 2             # frame units around a name: its white outline
DIRECTIONS = 16      # the candidate spots of each ring around a point
RINGS = 14           # rings of candidates, each a step further out

Box = tuple[float, float, float, float]   # x, y (top left), width, height


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width a text takes at `size`, never less than drawn: letters counted as composed (Ō is one)."""
    letters = len(unicodedata.normalize("NFC", text))
    return letters * size * (BOLD_LETTER if bold else LETTER)


def label_box(text: str, size: float, x: float, baseline: float) -> Box:
    """The box of a name centred on x with that baseline, its halo included (descenders reach 0.24 below)."""
    width = text_width(text, size) + 2 * HALO
    return (x - width / 2, baseline - 0.78 * size - HALO, width, size * 1.02 + 2 * HALO)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(box: Box, area: Box) -> bool:
    return box[0] >= area[0] and box[1] >= area[1] and box[0] + box[2] <= area[0] + area[2] \
        and box[1] + box[3] <= area[1] + area[3]


def moved(box: Box, dx: float, dy: float) -> Box:
    return (box[0] + dx, box[1] + dy, box[2], box[3])


def candidate_offsets(step: float, rings: int = RINGS) -> list[tuple[float, float]]:
    """Where to try a box, nearest first: no move, then rings of DIRECTIONS spots (straight up first, then
    clockwise), each ring `step` further out. Rounded to tenths so that every process computes the same."""
    found = [(0.0, 0.0)]
    for ring in range(1, rings + 1):
        for turn in range(DIRECTIONS):
            angle = 2 * math.pi * turn / DIRECTIONS
            found.append((round(step * ring * math.sin(angle) * 1.6, 1), round(-step * ring * math.cos(angle), 1)))
    return found


def free_spot(box: Box, offsets: list, taken: list[Box], area: Box, far: Box | None = None) -> Box | None:
    """The first of the offsets that puts the box inside `area` clear of every taken box (and, when given, clear
    of the `far` box too); None when none does."""
    for dx, dy in offsets:
        tried = moved(box, dx, dy)
        if inside(tried, area) and (far is None or not overlap(tried, far)) \
                and not any(overlap(tried, other) for other in taken):
            return tried
    return None


def nearest_point(box: Box, point: tuple[float, float]) -> tuple[float, float]:
    """The point of the box's edge nearest to `point`: where a leader line from it meets the box."""
    x = min(max(point[0], box[0]), box[0] + box[2])
    y = min(max(point[1], box[1]), box[1] + box[3])
    return (x, y)
