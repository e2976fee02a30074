"""The JSON Schemas of the JSON report: one envelope every game shares, and each game's own, which refers to it.

The schemas are the report's documentation (docs/json-report.md). The envelope lives here, in
pbem/schemas/report.schema.json ($id urn:pbem:report); a game's schema is found by convention beside its
rules, games/<package>/report.schema.json ($id urn:pbem:report:<game>), so that adding a game stays a
folder and this module names none. pbem reads them but never validates with them (the tests do, with the
jsonschema package): a report is made from plain data, never from what a schema allows.
"""
from __future__ import annotations

import json
from importlib import resources

import games

SCHEMA_VERSION = 3
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
    none. A game built on another (Game.based_on) has the other's, under its own $id, name and title."""
    game = games.GAMES[game_name]
    base = game.based_on or game_name
    schema = json.loads((resources.files(games.MODULES[base]) / SCHEMA_FILE).read_text("utf-8"))
    if game.based_on:
        schema["$id"] = game_schema_id(game_name)
        schema["title"] = f"{schema.get('title', '')} ({game.title})".strip()
        named = [schema["properties"], schema.get("$defs", {}).get("view", {}).get("properties", {})]
        for properties in named:
            if "game" in properties:
                properties["game"] = {"const": game_name}
        if "game_title" in schema["properties"]:
            schema["properties"]["game_title"] = {"const": game.title}
    return schema


def game_schema_id(game_name: str) -> str:
    return f"{ENVELOPE_ID}:{game_name}"


def event_kinds(schema: dict) -> list[str]:
    """The event kinds a game's schema names."""
    return list(schema["$defs"]["event"]["properties"]["kind"]["enum"])


def shell_event_kinds() -> list[str]:
    """The event kinds the shell adds to every game's rounds (press, private messages: pbem/press.py), which the
    envelope's schema describes and every game's schema allows beside its own."""
    return list(envelope_schema()["$defs"]["shell_event"]["properties"]["kind"]["enum"])
