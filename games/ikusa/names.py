"""Province names as players write them: "KOZUKE", "Kōzuke" and "kozuke" are one province.

A name is matched on the province's id, its name, its display name, its name
without a remark in parentheses, and its Japanese name, all without case,
accents, spaces or punctuation. "Awa" alone names two provinces and is refused
with both spelled out; a name that matches nothing is refused with the
closest names offered.
"""
from __future__ import annotations

import difflib
import functools

from engine import shown

from .board import Board, base_name, fold


class ProvinceNameError(ValueError):
    """A name that does not pick out one province; `candidates` are display names to offer."""

    def __init__(self, text, candidates: list[str], ambiguous: bool):
        self.text = text
        self.candidates = candidates
        self.ambiguous = ambiguous
        if not isinstance(text, str):
            message = f"A province is a name in quotes, not {shown(text)}."
        elif ambiguous:
            message = f"{shown(text)} names more than one province: write {_either(candidates)}."
        elif candidates:
            message = f"There is no province called {shown(text)}. Did you mean {_either(candidates)}?"
        else:
            message = f"There is no province called {shown(text)}."
        super().__init__(message)


def _either(names: list[str]) -> str:
    quoted = [f'"{name}"' for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@functools.cache
def _index(board: Board) -> dict[str, tuple[str, ...]]:
    """Each folded spelling and the provinces it could mean, in map order."""
    index: dict[str, list[str]] = {}
    for pid, province in board.provinces.items():
        for spelling in (pid, province.name, province.display, base_name(province.name), province.name_ja):
            key = fold(spelling)
            if key and pid not in index.setdefault(key, []):
                index[key].append(pid)
    return {key: tuple(pids) for key, pids in index.items()}


def match_province(board: Board, text: str) -> str:
    """The id of the one province the text names; ProvinceNameError (a ValueError) otherwise."""
    if not isinstance(text, str):
        raise ProvinceNameError(text, [], ambiguous=False)
    index = _index(board)
    pids = index.get(fold(text), ())
    if len(pids) == 1:
        return pids[0]
    if pids:
        raise ProvinceNameError(text, [board.name(pid) for pid in pids], ambiguous=True)
    close = difflib.get_close_matches(fold(text), list(index), n=6, cutoff=0.6)
    names: list[str] = []
    for key in close:
        for pid in index[key]:
            if board.name(pid) not in names:
                names.append(board.name(pid))
    raise ProvinceNameError(text, names[:3], ambiguous=False)

