"""The games pbem can run, registered in this one place."""
from __future__ import annotations

from engine import Game

from games import age_of_war

GAMES: dict[str, Game] = {age_of_war.GAME.name: age_of_war.GAME}


def get(name: str) -> Game:
    """The game of that name; a KeyError lists the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
