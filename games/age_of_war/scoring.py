"""Scores, clans and standings, as the rulebook's end of game counts them.

A face-up castle scores its points; a secured clan scores its clan value
instead of its castles' points. Ties go to more castles, then more clans,
then the victory is shared.
"""
from __future__ import annotations

from .cards import CASTLES, CLANS, castle, clan_of


def castles_of(state: dict, player: str) -> list[str]:
    """The castles in front of a player, face up or secured, in card order."""
    return [name for name, card in state["castles"].items() if card["holder"] == player]


def clans_of(state: dict, player: str) -> list[str]:
    """The clans a player has secured, in clan order."""
    return [
        clan.name for clan in CLANS.values()
        if all(state["castles"][name]["holder"] == player and state["castles"][name]["secured"]
               for name in clan.castles)
    ]


def score(state: dict, player: str) -> int:
    face_up = sum(
        castle(name).points for name in castles_of(state, player) if not state["castles"][name]["secured"]
    )
    return face_up + sum(CLANS[clan].value for clan in clans_of(state, player))


def completes_clan(state: dict, player: str, name: str) -> bool:
    """Whether taking this castle would give the player its whole clan."""
    return all(other == name or state["castles"][other]["holder"] == player for other in clan_of(name).castles)


def gain(state: dict, player: str, name: str) -> int:
    """How much the player's own score would rise by taking this castle now."""
    clan = clan_of(name)
    if completes_clan(state, player, name):
        face_up_now = sum(castle(other).points for other in clan.castles if other != name)
        return clan.value - face_up_now
    return castle(name).points


def standings(state: dict) -> list[dict]:
    """Every player, best first; equal points, castles and clans share a rank, then seat order."""
    rows = [
        {
            "player": player,
            "points": score(state, player),
            "castles": len(castles_of(state, player)),
            "clans": len(clans_of(state, player)),
        }
        for player in state["players"]
    ]
    merit = lambda row: (row["points"], row["castles"], row["clans"])  # noqa: E731
    rows.sort(key=merit, reverse=True)  # stable: seat order among equals
    for place, row in enumerate(rows):
        row["rank"] = rows[place - 1]["rank"] if place and merit(rows[place - 1]) == merit(row) else place + 1
    return rows


def winners(state: dict) -> list[str]:
    """The players sharing first place, in seat order."""
    return [row["player"] for row in standings(state) if row["rank"] == 1]


def centre(state: dict) -> list[str]:
    """The castles still in the centre of the table, in card order."""
    return [name for name in CASTLES if state["castles"][name]["holder"] is None]
