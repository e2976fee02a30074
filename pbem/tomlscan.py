"""What an order file may ask of the TOML parser, measured before the parser sees it.

tomllib's time grows with the square of a dotted key's parts (one key of 31,000 parts in a 64 KB file
took 17 s and 4 GB), and its nesting with recursion; an order file is read before its token is checked,
so anybody could send one. One linear pass over the text, strings and comments skipped as TOML writes
them, finds the longest dotted key, the longest key part and the deepest nesting of brackets and braces.
"""
from __future__ import annotations

from dataclasses import dataclass

RESETS = set("=,[]{}\n")


@dataclass
class Shape:
    dotted_parts: int = 1   # the most parts of one dotted key (a float such as 1.5 counts as 2)
    key_characters: int = 0  # the longest bare run of characters outside strings
    nesting: int = 0        # the deepest brackets and braces


def shape(text: str) -> Shape:
    found = Shape()
    parts, run, depth, i, n = 1, 0, 0, 0, len(text)
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
            if char in "[{":
                depth += 1
                found.nesting = max(found.nesting, depth)
            elif char in "]}":
                depth = max(depth - 1, 0)
        elif char in " \t\r":
            run = 0
        else:
            run += 1
            found.key_characters = max(found.key_characters, run)
        i += 1
    return found


def after_string(text: str, start: int) -> int:
    """The index after the string that starts at `start` (basic or literal, single- or multi-line); the end of
    the text if it never closes (the parser then says where)."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    closing = quote * 3 if triple else quote
    i = start + len(closing)
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text.startswith(closing, i):
            i += len(closing)
            while triple and i < len(text) and text[i] == quote:   # """a"""" ends with the last three
                i += 1
            return i
        if not triple and text[i] == "\n":
            return i
        i += 1
    return i
