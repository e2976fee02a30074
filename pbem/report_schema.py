"""The JSON Schemas of the JSON report: one envelope every game shares, and each game's own, which refers to it.

The schemas are the report's documentation (README, "The JSON report"). The envelope lives here, in
pbem/schemas/report.schema.json ($id urn:pbem:report); a game's schema is found by convention beside its
rules, games/<package>/report.schema.json ($id urn:pbem:report:<game>), so that adding a game stays a
folder and this module names none. pbem reads them but never validates with them (the tests do, with the
jsonschema package): a report is made from plain data, never from what a schema allows.
"""
from __future__ import annotations

import json
from importlib import resources

import games

SCHEMA_VERSION = 1
"""The version every report carries as `schema_version`, and the schemas' own `const`: it rises by one with any
change to the envelope's schema or a game's that a reader could notice (a value added, removed, renamed or
retyped; an event kind added or changed)."""

ENVELOPE_ID = "urn:pbem:report"
SCHEMA_FILE = "report.schema.json"


def envelope_schema() -> dict:
    """The schema of what every report holds, whatever its game."""
    return json.loads((resources.files("pbem") / "schemas" / SCHEMA_FILE).read_text("utf-8"))


def game_schema(game_name: str) -> dict:
    """The schema of a game's reports (it refers to the envelope's by its $id); FileNotFoundError if the game has
    none."""
    return json.loads((resources.files(games.MODULES[game_name]) / SCHEMA_FILE).read_text("utf-8"))


def game_schema_id(game_name: str) -> str:
    return f"{ENVELOPE_ID}:{game_name}"


def event_kinds(schema: dict) -> list[str]:
    """The event kinds a game's schema names."""
    return list(schema["$defs"]["event"]["properties"]["kind"]["enum"])


def shell_event_kinds() -> list[str]:
    """The event kinds the shell adds to every game's rounds (press, private messages: pbem/press.py), which the
    envelope's schema describes and every game's schema allows beside its own."""
    return list(envelope_schema()["$defs"]["shell_event"]["properties"]["kind"]["enum"])
