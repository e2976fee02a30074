"""A Most Dangerous Time (Tetsuya Nakamura, MMP): the pure rules of the one fragment of its rulebook we have.

The fragment (../shared/seeds/004_b48c53e6f2ed78ea.txt, a Russian fan
translation of rulebook pages 20-23, sections 11.4-15.2; summarised in
../shared/reference/amdt.md) covers, and this package builds as pure
functions of their inputs and a Dice-like object (`roll(sides, purpose)`):

- 11.4 reinforcements on the 14.1 turn track, their 1d6 acceleration and
  15.1 Ashikaga's exile (reinforcements.py);
- the optional 11.5 regroup rule (regroup.py);
- 13.3 the sea battle and its exact odds (sea.py);
- 14.1 the set-up as data (setup.toml), 14.2 the first-turn limit (setup.py)
  and the 14.3 victory checks of the three scenarios (victory.py).

It leaves out what the fragment does not hold (the list is in
docs/games/amdt.md, the one place it is kept), the map among it: areas are
names, and who holds what, castle levels and lines of communication come from
the caller. So the game can only be GM-moderated: it is registered as a
moderated game (games.moderated: its orders, the GM's results file, its
reports and test adapter), 2 players, Oda the first named and Anti-Oda the
second, and these are its GM's tools, `pbem amdt ...` (commands.py), each
rolling its dice as dice on demand and giving its result as typed data, a
[[tool]] table of the open round's results file (results.py), which the
round's resolve tells as an event of its own kind to both players; `pbem odds
amdt-sea` gives a sea battle's odds. The tools touch no campaign themselves:
they ask the shell's desk (engine.tools) for it, and the shell
(pbem/game_commands.py) opens the campaign, locks it, rolls and writes. The state keeps the turn track (the
entries still to come, 14.1's at the start), which each reinforcements result
leaves as its track after it, and a set-up result puts back.
"""
from __future__ import annotations

from engine.canonical import copy_plain
from games.moderated import moderated_game

from . import results as tools


def _setup_with(state: dict, events: list[dict]) -> tuple[dict, list[dict]]:
    return {**state, "track": tools.initial_track()}, events


def _resolve_with(state: dict, new: dict, events: list[dict], results: dict | None) -> tuple[dict, list[dict]]:
    """The tools' results told after the public results, before the private ones; the track after them kept."""
    entries = (results or {}).get("tools", [])
    if not entries:
        return new, events
    new = copy_plain(new)
    new["track"] = tools.track_after(new.get("track", tools.initial_track()), entries)
    told = [tools.tool_event(entry, state["players"]) for entry in entries]
    at = next((i for i, ev in enumerate(events) if ev["kind"] in ("private_results", "game_over")), len(events))
    return new, [*events[:at], *told, *events[at:]]


GAME = moderated_game("amdt", "A Most Dangerous Time", 2, 2, commands=("games.amdt.commands:amdt",),
                      odds_command=(("amdt-sea", "games.amdt.commands:sea_odds"),), setup_with=_setup_with,
                      resolve_with=_resolve_with, read_with=tools.read)
