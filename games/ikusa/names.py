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
from .problems import Refused


class ProvinceNameError(Refused):
    """A name that does not pick out one province; `candidates` are display names to offer."""

    def __init__(self, text, candidates: list[str], ambiguous: bool):
        self.text = text
        self.candidates = candidates
        self.ambiguous = ambiguous
        if not isinstance(text, str):
            super().__init__("province-not-a-name", written=shown(text))
        elif ambiguous:
            super().__init__("ambiguous-province", written=shown(text), candidates=list(candidates))
        elif candidates:
            super().__init__("misspelt-province", written=shown(text), suggestions=list(candidates))
        else:
            super().__init__("unknown-province", written=shown(text))


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

