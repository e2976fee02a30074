"""Validators of the JSON reports: the envelope's schema and each game's, and a checker of many reports at
the cost of their distinct parts."""
from __future__ import annotations

import json
from functools import cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from pbem import report_schema


@cache
def registry(game_name: str) -> Registry:
    schemas = [report_schema.envelope_schema(), report_schema.game_schema(game_name)]
    return Registry().with_resources([(s["$id"], Resource.from_contents(s)) for s in schemas])


def validator(game_name: str, ref: str = "") -> Draft202012Validator:
    """A validator of the game's reports (or of the part of its schema at `ref`, a fragment), the envelope's schema
    reached through the game's $ref."""
    return Draft202012Validator({"$ref": report_schema.game_schema_id(game_name) + ref}, registry=registry(game_name))


class Checker:
    """A game's whole schema applied to many reports at the cost of their distinct parts.

    Python's jsonschema takes about 2 ms an Ikusa event to try the 64 kinds of the schema's dispatch (if kind is
    this, then that shape) and 0.1 s a view, and the battery holds some 100,000 events, most of them the same
    public event in every player's report. So a report is checked whole with its events left out, and each
    distinct event once, against the shape its kind names in the schema's dispatch (the envelope's event rule
    too): the same verdict as the whole schema's, which the tests of broken reports below apply as it is. The
    view likewise: its keys against the view's shape, and each distinct value of each key (the board, the same
    for every player of a round) against that key's shape; the rest of the report against the game's schema
    with its rules for the view and the events left out (the envelope's still apply)."""

    def __init__(self, game_name: str) -> None:
        schema = report_schema.game_schema(game_name)
        self.kinds = {kind: Draft202012Validator(
            {"allOf": [{"$ref": f"{report_schema.ENVELOPE_ID}#/$defs/event"},
                       {"$ref": f"{report_schema.game_schema_id(game_name)}#/$defs/event-{kind}"}]},
            registry=registry(game_name)) for kind in report_schema.event_kinds(schema)}
        for kind in report_schema.shell_event_kinds():   # press and private messages, the envelope's
            self.kinds[kind] = Draft202012Validator(
                {"allOf": [{"$ref": f"{report_schema.ENVELOPE_ID}#/$defs/event"},
                           {"$ref": f"{report_schema.ENVELOPE_ID}#/$defs/event-{kind}"}]}, registry=registry(game_name))
        view = schema["$defs"]["view"]
        self.skeleton = Draft202012Validator({**view, "properties": dict.fromkeys(view["properties"], True)})
        self.parts = {key: validator(game_name, f"#/$defs/view/properties/{key}") for key in view["properties"]}
        rest = {key: value for key, value in schema.items() if key != "$id"}   # the game's schema but its view
        rest["properties"] = {k: v for k, v in schema["properties"].items() if k not in ("view", "events")}
        self.report = Draft202012Validator(rest, registry=registry(game_name))
        self.seen: set[str] = set()
        self.events = 0

    def errors(self, document: dict) -> list[str]:
        view = document.get("view")
        if not isinstance(view, dict):
            return [e.message for e in self.report.iter_errors(document)][:1] or ["the view is not an object"]
        found = [f"at {'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
                 for e in self.report.iter_errors({**document, "events": [], "view": {}})]
        found += [f"at view: {e.message[:300]}" for e in self.skeleton.iter_errors(view)]
        for key, value in sorted(view.items()):
            text = key + json.dumps(value, sort_keys=True)
            if key in self.parts and text not in self.seen:
                self.seen.add(text)
                found += [f"at view/{key}/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
                          for e in self.parts[key].iter_errors(value)]
        if not isinstance(document.get("events"), list):
            return found + ["events is not a list"]
        for number, event in enumerate(document["events"]):
            text = json.dumps(event, sort_keys=True)
            if text in self.seen:
                continue
            self.seen.add(text)
            self.events += 1
            check = self.kinds.get(event.get("kind")) if isinstance(event, dict) else None
            if check is None:
                found.append(f"at events/{number}: an event of no kind the schema names: {text[:200]}")
                continue
            found += [f"at events/{number}/{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
                      for e in check.iter_errors(event)]
        return found
