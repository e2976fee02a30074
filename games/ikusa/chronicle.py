"""The round as a report tells it: the events a player sees, in the parts of the rulebook's round.

A round's events come in the order they happened; the report tells them under the round's actions
(planning, turn order, build, levy, ronin, the ninja, the war of each side in turn, the ronin leaving,
the round's end, Koku). Which part an event belongs to is worked out here once per report, in code,
rather than by the template at every event of every report (it was a fifth of a busy round's time), and
so that the text and any other form of the report tell the same parts. The parts name their action by
a key: the words are the templates'.
"""
from __future__ import annotations

from .summary import summary

PART_OF = {
    "allocation_defaulted": "planning", "allocations_revealed": "planning", "spy_report": "planning",
    "turn_order_tie": "turn_order", "turn_marker_chosen": "turn_order", "turn_marker_drawn": "turn_order",
    "turn_order_determined": "turn_order",
    "castle_built": "build", "fortress_built": "build", "build_failed": "build", "build_defaulted": "build",
    "build_ignored": "build",
    "unit_levied": "levy", "levy_done": "levy", "levy_defaulted": "levy", "levy_ignored": "levy",
    "levy_skipped": "levy",
    "ronin_hired": "ronin", "ronin_not_hired": "ronin", "ronin_deployment_defaulted": "ronin",
    "ronin_deployed": "ronin", "ronin_not_deployed": "ronin", "ronin_returned": "ronin",
    "ninja_hired": "ninja", "ninja_not_hired": "ninja",
    "ronin_removed": "ronin_leave",
    "successor_named": "end", "elimination_without_winner": "end",
    "koku_collected": "koku",
}
"""The action each kind of event is told under; any other kind belongs to the war (action 7), unless it
follows the war (as an elimination after the ronin leave), when it stays in the part it follows."""

AFTER_WAR = ("ronin_leave", "end", "koku")

WAR_ACTS = ("army_moved", "units_picked_up", "garrison_left", "force_moved", "battle_declared", "battle_started",
            "unoccupied_attacked", "order_skipped", "assassination_attempted")
"""The acts that open a side's war: the side is the actor's colour (the war's own, for an assassination)."""


def chronicle(view: dict, events: list[dict], round_number: int) -> dict:
    """{"parts": [{"action", "side", "heading", "events"}], "dice_rolled", "you"}. A part is a run of events under
    one action: `action` None for the set-up (told without headings), or "war" with the `side` whose war it
    is (None before any side acts); `heading` whether the report puts the action's (or the side's) heading
    before it. `dice_rolled`: a battle's dice are shown, which the report explains once. `you`: the round as it
    touched the player (summary.py), None for the set-up and the public record."""
    playing = round_number > 0 and view["round"] > 0
    if not playing:
        return {"parts": [{"action": None, "side": None, "heading": False, "events": list(events)}] if events
                else [], "dice_rolled": _rolled(events), "you": None}
    two = len(view["players"]) == 2
    colours = view["colours"]
    parts: list[dict] = []
    action = side = None
    for e in events:
        kind = e["kind"]
        was = action
        action = PART_OF.get(kind) or (was if was in AFTER_WAR else "war")
        heading = action != was and action != "war"
        if action == "war" and (kind in WAR_ACTS or side is None):
            colour = _side(e, kind, two, colours)
            if colour and colour != side:
                side, heading = colour, True
        if heading or action != was:
            parts.append({"action": action, "side": side if action == "war" else None, "heading": heading,
                          "events": []})
        parts[-1]["events"].append(e)
    return {"parts": parts, "dice_rolled": _rolled(events), "you": summary(view, events)}


def _side(e: dict, kind: str, two: bool, colours: dict) -> str | None:
    war_of = e.get("war_of") if kind == "assassination_attempted" else None
    if war_of:
        return war_of if (two or war_of not in colours) else colours[war_of][0]
    return e.get("colour")


def _rolled(events: list[dict]) -> bool:
    return any(e["kind"] == "volley" for e in events)
