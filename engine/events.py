"""Events: typed data with an audience.

An event is a plain dict: {"kind": ..., "audience": ..., **values}. The audience
is "all", "gm", or a sorted list of player names. Reports see only the events
whose audience holds the player; that filter lives here and nowhere else.
"""
from __future__ import annotations

from collections.abc import Iterable

ALL = "all"
GM = "gm"
PUBLIC = ""
"""The name of no player: game.view(state, PUBLIC) and for_player(events, PUBLIC) are what anyone may know, the
campaign's public record (pbem site). No player can have it, as a player's name is never empty."""


def event(kind: str, audience: str | Iterable[str] = ALL, **values) -> dict:
    if not isinstance(audience, str):
        audience = sorted(set(audience))
    elif audience not in (ALL, GM):
        audience = [audience]
    return {"kind": kind, "audience": audience, **values}


def visible_to(ev: dict, player: str) -> bool:
    audience = ev["audience"]
    if audience == ALL:
        return True
    if audience == GM:
        return False
    return player in audience


def for_player(events: list[dict], player: str) -> list[dict]:
    """The events one player may see, without their audience field (it could name others)."""
    return [{k: v for k, v in ev.items() if k != "audience"} for ev in events if visible_to(ev, player)]


def for_players(events: list[dict], players: Iterable[str]) -> dict[str, list[dict]]:
    """for_player for each of these players at once: an event that several of them may see is one dict in all
    their lists, made once (read them, never change them)."""
    bare = [{k: v for k, v in ev.items() if k != "audience"} for ev in events]
    return {player: [b for ev, b in zip(events, bare) if visible_to(ev, player)] for player in players}
