"""Pictures for mail: an SVG drawn as a PNG, for the mail clients that show no SVG.

resvg draws it (the `resvg` binding: a wheel with the Rust library inside, no system library to install; about
two and a half times faster than `resvg-py` on a map, with the same bytes). Its PNG holds every pixel in full
colour (a map: about 115 KB), so Pillow writes it again with a palette of the picture's own most common colours,
exactly as drawn, every other pixel (the edges' blends) given the nearest of them: the same picture to the eye
in well under half the bytes (about 47 KB), which is what a report mail can carry. The same SVG gives the same
PNG bytes: neither library reads a clock or writes a time stamp, and only the chunks that make the picture are
kept. Text is set in DejaVu Sans, loaded from its files alone (Debian's fonts-dejavu-core) rather than from
every font the machine has, so that what else is installed changes no byte; on a machine without it the
system's fonts are used.

Drawing a map takes a sixth of a second, and the players of a round who know the same things get the same
SVG, so the last few PNGs are kept: each distinct SVG is drawn once.
"""
from __future__ import annotations

import functools
import struct
import threading
import zlib
from pathlib import Path

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
             "/usr/local/share/fonts")
PICTURE_CHUNKS = (b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND")
PALETTE = 64             # colours kept exactly; a map has about twenty flat ones and the blends at their edges
                         # (128 looked the same and made a map's PNG 3 KB bigger: 51 KB, not 48, in a mail of 300)
MOST_COLOURS = 1 << 16   # more colours than this (a photograph): the palette is made by Pillow's octree instead
SIGNATURE = b"\x89PNG\r\n\x1a\n"
_local = threading.local()   # resvg's options may not cross threads


def font_files() -> list[str]:
    """The DejaVu Sans files the PNGs are set in: the first folder that has them all, else none."""
    for folder in FONT_DIRS:
        paths = [Path(folder) / name for name in FONT_FILES]
        if all(path.is_file() for path in paths):
            return [str(path) for path in paths]
    return []


def _options():
    options = getattr(_local, "options", None)
    if options is None:
        from resvg import usvg

        options = usvg.Options.default()
        fonts = font_files()
        for path in fonts:
            options.load_font_file(path)
        if fonts:
            options.font_family = "DejaVu Sans"
        else:
            options.load_system_fonts()
        _local.options = options
    return options


@functools.lru_cache(maxsize=8)
def svg_to_png(svg: str) -> bytes:
    """The SVG drawn at its own size, as PNG bytes with nothing but the picture in them."""
    from resvg import render, usvg

    return picture_only(with_palette(bytes(render(usvg.Tree.from_str(svg, _options()), (1, 0, 0, 0, 1, 0)))))


def with_palette(png: bytes) -> bytes:
    """The PNG again with a palette: its PALETTE most common colours (ties by colour), every pixel as the
    nearest of them, no dithering; an opaque picture, as the maps are (what is transparent is lost)."""
    import io

    from PIL import Image

    picture = Image.open(io.BytesIO(png)).convert("RGB")
    counts = picture.getcolors(MOST_COLOURS)
    if counts is None:
        indexed = picture.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        # an RGB picture's colours are (r, g, b) tuples; Pillow's type allows a single band's number too
        kept = [rgb for _, rgb in sorted(counts, key=lambda count: (-count[0], count[1]))[:PALETTE]
                if isinstance(rgb, tuple)]
        palette = Image.new("P", (1, 1))
        palette.putpalette([value for rgb in kept for value in rgb])
        indexed = picture.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def chunks(png: bytes) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks as (type, data), each checked against its CRC."""
    if not png.startswith(SIGNATURE):
        raise ValueError("not a PNG")
    found, at = [], len(SIGNATURE)
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        data = png[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", png[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + data) != crc:
            raise ValueError(f"the PNG's {kind!r} chunk is damaged")
        found.append((kind, data))
        at += 12 + length
    return found


def picture_only(png: bytes) -> bytes:
    """The PNG without the chunks that do not make the picture (time stamps, text, colour profiles)."""
    every = chunks(png)
    kept = [(kind, data) for kind, data in every if kind in PICTURE_CHUNKS]
    if len(kept) == len(every):
        return png
    return SIGNATURE + b"".join(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
                                for kind, data in kept)
