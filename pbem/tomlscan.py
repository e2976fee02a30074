"""What a TOML file may ask of the TOML parser, measured before the parser sees it.

tomllib's time grows with the square of a dotted key's parts (one key of 31,000 parts in a 64 KB file
took 17 s and 4 GB), and its nesting with recursion; an order file is read before its token is checked,
so anybody could send one, and a GM's own file (components, results) may be a mistake as large. One
linear pass over the text, strings and comments skipped as TOML writes them, finds the longest dotted key,
the longest key part, the deepest nesting of brackets and braces and how many pieces the parser would make.
Runs of plain characters, strings and comments are each skipped by one regular expression or find (no
pattern of them backtracks), so that a megabyte is scanned in a few hundredths of a second.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

RESETS = set("=,[]{}\n")
PLAIN = re.compile(r"[^\"'#.=,\[\]{}\n \t\r]+")
BLANK = re.compile(r"[ \t\r]+")
BASIC = re.compile(r'[^"\\\n]*(?:\\.[^"\\\n]*)*', re.S)              # the inside of "..."
LITERAL = re.compile(r"[^'\n]*")                                      # the inside of '...'
MULTI_BASIC = re.compile(r'[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*', re.S)  # the inside of """..."""


@dataclass
class Shape:
    dotted_parts: int = 1   # the most parts of one dotted key (a float such as 1.5 counts as 2)
    key_characters: int = 0  # the longest bare run of characters outside strings
    nesting: int = 0        # the deepest brackets and braces
    pieces: int = 0         # separators (= , [ ] { } and line ends): about how many keys and values there are


@dataclass(frozen=True)
class Limits:
    """What a kind of file may ask of the parser."""

    dotted_parts: int
    key_characters: int
    nesting: int
    pieces: int


def beyond(found: Shape, limits: Limits) -> str | None:
    """Why a file of this shape is not given to the parser (one phrase), or None."""
    if found.dotted_parts > limits.dotted_parts:
        return f"a dotted key of {found.dotted_parts:,} parts (at most {limits.dotted_parts})"
    if found.key_characters > limits.key_characters:
        return f"a bare key or value longer than {limits.key_characters:,} characters"
    if found.nesting > limits.nesting:
        return f"lists or tables nested deeper than {limits.nesting}"
    if found.pieces > limits.pieces:
        return f"{found.pieces:,} pieces (keys, values, lines; at most {limits.pieces:,})"
    return None


def shape(text: str, stop: Limits | None = None) -> Shape:
    """The text's shape; with `stop`, measured only until a bound of it is passed (what beyond() says)."""
    found = Shape()
    parts, run, depth, i, n = 1, 0, 0, 0, len(text)
    pieces = 0
    while i < n:
        char = text[i]
        if char in "\"'":
            i = after_string(text, i)
            run = 0
            continue
        if char == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if char == ".":
            parts += 1
            found.dotted_parts = max(found.dotted_parts, parts)
            run = 0
        elif char in RESETS:
            parts, run = 1, 0
            pieces += 1
            if stop is not None and (pieces > stop.pieces or found.dotted_parts > stop.dotted_parts
                                     or found.nesting > stop.nesting or found.key_characters > stop.key_characters):
                break
            if char in "[{":
                depth += 1
                found.nesting = max(found.nesting, depth)
            elif char in "]}":
                depth = max(depth - 1, 0)
        elif char in " \t\r":
            run = 0
            blank = BLANK.match(text, i)
            assert blank is not None   # the character at i is one it takes
            i = blank.end()
            continue
        else:
            plain = PLAIN.match(text, i)
            assert plain is not None   # every character the branches above leave is one it takes
            end = plain.end()
            run += end - i
            found.key_characters = max(found.key_characters, run)
            i = end
            continue
        i += 1
    found.pieces = pieces
    return found


def matched(pattern: re.Pattern[str], text: str, start: int) -> int:
    """The index after the run of `pattern` at `start`, for a pattern that may match nothing, and so always
    matches."""
    match = pattern.match(text, start)
    assert match is not None
    return match.end()


def after_string(text: str, start: int) -> int:
    """The index after the string that starts at `start` (basic or literal, single- or multi-line); the end of
    the text if it never closes (the parser then says where), or the line's end for a one-line string."""
    quote = text[start]
    if text.startswith(quote * 3, start):
        if quote == "'":
            end = text.find("'''", start + 3)
            i = len(text) if end < 0 else end
        else:
            i = matched(MULTI_BASIC, text, start + 3)
        if not text.startswith(quote * 3, i):
            return len(text)
        i += 3
        while i < len(text) and text[i] == quote:   # """a"""" ends with the last three
            i += 1
        return i
    i = matched(LITERAL if quote == "'" else BASIC, text, start + 1)
    if i < len(text) and text[i] == quote:
        return i + 1
    return i


PIECES_PER_MIB = 50_000   # tomllib makes about 100,000 a second; a components file has 3,000
GM_LIMITS = Limits(dotted_parts=32, key_characters=4096, nesting=32, pieces=PIECES_PER_MIB)


def gm_limits(size_limit: int) -> Limits:
    """What a GM's TOML file (components, results) may ask: an order file's dotted keys and bare words, twice
    its nesting, and pieces in proportion to the bytes the GM allows (pbem.files.gm_file_limit)."""
    return Limits(GM_LIMITS.dotted_parts, GM_LIMITS.key_characters, GM_LIMITS.nesting,
                  max(1, size_limit >> 20) * PIECES_PER_MIB)


def check_gm_toml(text: str, source: str, size_limit: int) -> None:
    """Refuse, with one line naming the file, a GM's TOML file that would cost the parser too much."""
    from pbem.errors import UserError

    limits = gm_limits(size_limit)
    why = beyond(shape(text, limits), limits)
    if why:
        raise UserError(f"{source}: not read as TOML: it holds {why}")
