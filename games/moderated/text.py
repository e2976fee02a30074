"""Free text as a moderated game keeps it: cleaned of what no report should carry, and written back as TOML."""
from __future__ import annotations

import json
import re
import unicodedata


def cleaned(text: str) -> str:
    """The text as reports may tell it: no control or format characters (a line break and the joiner of emoji
    aside), tabs as spaces, no trailing spaces, at most one empty line in a row, none at either end."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    text = "".join(char for char in text if char in "\n\u200d" or unicodedata.category(char)[0] != "C")
    lines = [line.rstrip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def toml_text(text: str) -> str:
    """A cleaned text as a TOML string that reads back as exactly that text: a multi-line literal string where
    it can be one, else a basic string with its escapes."""
    if not text:
        return '""'
    if "\n" in text and "'''" not in text and not text.endswith("'"):
        return "'''\n" + text + "'''"
    return json.dumps(text, ensure_ascii=False)


def lines_of(text: str) -> int:
    return text.count("\n") + 1 if text else 0
