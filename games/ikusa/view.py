"""What one player may know: the shared state without the others' secrets, and the standings.

Everything on the board is public in Ikusa; what is hidden lives under
state["secret"] (ronin not yet revealed, a spy's findings). A player's view
keeps only their own part of it, so a report built from the view cannot show
another player's secret. The view also carries the player's position (what
each of their forces could attack, position.py), made from the view itself.
"""
from __future__ import annotations

from engine.canonical import copy_plain

from .board import board_of_state
from .state import province_counts, sides_of


def view(state: dict, player: str) -> dict:
    seen = {key: copy_plain(value) for key, value in state.items() if key != "secret"}
    seen["secret"] = copy_plain(state.get("secret", {}).get(player, {}))
    seen["you"] = player
    seen["your_sides"] = sides_of(state, player) if player in state["players"] else []
    seen["standings"] = standings(state)
    board = board_of_state(state)
    seen["names"] = {pid: board.name(pid) for pid in state["provinces"]}   # as the board prints them
    seen["position"] = your_position(seen, player)
    return seen


def your_position(seen: dict, player: str) -> dict | None:
    """The report's "Your position", made from the view just built and nothing else (position.py). Imported
    here, when first needed: it reads the war and the computer player, which `pbem status` never needs."""
    from .position import position

    return position(seen, player)


def standings(state: dict) -> list[dict]:
    """Every player by provinces owned (the measure of victory), then armies left; equal rows share a rank."""
    counts = province_counts(state)
    rows = []
    for player in state["players"]:
        colours = state["colours"][player]
        armies = sum(1 for army in state["armies"].values()
                     if army["colour"] in colours and army["status"] != "lost")
        rows.append({"player": player, "provinces": counts.get(player, 0), "armies": armies,
                     "out": player in state.get("eliminated", [])})
    merit = lambda row: (row["provinces"], row["armies"])  # noqa: E731
    rows.sort(key=merit, reverse=True)
    for place, row in enumerate(rows):
        row["rank"] = rows[place - 1]["rank"] if place and merit(rows[place - 1]) == merit(row) else place + 1
    return rows
