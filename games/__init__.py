"""The games pbem can run, registered in this one place: a name and the module holding its GAME.

Games are imported when first asked for, so that a command about one game
does not pay for loading the others.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from engine import Game

MODULES = {
    "age-of-war": "games.age_of_war",
    "amdt": "games.amdt",
    "ikusa": "games.ikusa",
    "moderated": "games.moderated",
    "ninjato": "games.ninjato",
}


class _Registry(Mapping):
    def __getitem__(self, name: str) -> Game:
        if name not in MODULES:
            raise KeyError(name)
        return importlib.import_module(MODULES[name]).GAME

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(MODULES))

    def __len__(self) -> int:
        return len(MODULES)


GAMES: Mapping[str, Game] = _Registry()


def get(name: str) -> Game:
    """The game of that name; a KeyError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
