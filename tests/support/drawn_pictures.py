"""Each distinct map drawn once for the whole test run, whichever worker of pytest-xdist draws it first.

Drawing an SVG as a PNG (pbem.pictures.svg_to_png) takes a sixth of a second, and the run's demos and replays
draw the same maps again and again: about 1,700 drawings of some 800 distinct SVGs, half the run's time on two
cores. The PNG is a function of the SVG alone (the determinism tests check it, across processes), so the run
keeps each one in a folder shared by its workers, named by the SVG's hash. The folder belongs to the run, never
to the next one: a change to the drawing is seen by the next run whole. Tests that must see a fresh drawing call
`svg_to_png.__wrapped__`, the drawing itself.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path


def drawn_once(folder: Path, draw: Callable[[str], bytes]) -> Callable[[str], bytes]:
    """`draw` with each SVG's PNG kept in `folder` (written whole or not at all, so a worker reads none half
    written); its __wrapped__ is the drawing itself, as for the lru_cache it stands in for."""
    folder.mkdir(parents=True, exist_ok=True)

    def svg_to_png(svg: str) -> bytes:
        kept = folder / f"{hashlib.sha256(svg.encode('utf-8')).hexdigest()}.png"
        try:
            return kept.read_bytes()
        except FileNotFoundError:
            png = draw(svg)
            part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
            part.write_bytes(png)
            os.replace(part, kept)
            return png

    svg_to_png.__wrapped__ = draw   # type: ignore[attr-defined]
    return svg_to_png
