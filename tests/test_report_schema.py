"""The JSON report follows its schemas: the envelope's (pbem/schemas) and each game's (games/<game>), the version
in every report, every report of the goldens and of a battery of seeded games valid, every event kind the games
emit named, and the JSON made of the same view and events as the text."""
from __future__ import annotations

import copy
import json

import pytest
from jsonschema import Draft202012Validator

from engine import canonical
from pbem import report_schema
from tests.support.harness import harness_for, registered
from tests.support.report_battery import battery, golden_reports
from tests.support.schemas import Checker, validator


def problems(reports) -> tuple[dict[str, int], list[str]]:
    """(reports validated per game, the first error of each report that has one, with the report's name)."""
    checkers = {name: Checker(name) for name in registered()}
    counted: dict[str, int] = dict.fromkeys(registered(), 0)
    found = []
    for report in reports:
        counted[report.game] += 1
        found += [f"{report.where}: {error}" for error in checkers[report.game].errors(report.document)[:1]]
    assert all(checker.events > 0 for checker in checkers.values())
    return counted, found


def test_every_schema_is_a_draft_2020_12_schema_that_names_its_game_and_the_version_reports_carry():
    envelope = report_schema.envelope_schema()
    Draft202012Validator.check_schema(envelope)
    assert envelope["$id"] == report_schema.ENVELOPE_ID
    assert envelope["properties"]["schema_version"] == {
        "const": report_schema.SCHEMA_VERSION, "description": envelope["properties"]["schema_version"]["description"]}
    for name in registered():
        schema = report_schema.game_schema(name)
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert (schema["$id"], schema["$ref"]) == (report_schema.game_schema_id(name), report_schema.ENVELOPE_ID)
        assert schema["properties"]["game"] == {"const": name}
        kinds = report_schema.event_kinds(schema)
        described = sorted(key.removeprefix("event-") for key in schema["$defs"] if key.startswith("event-"))
        assert kinds == described, name
        for kind in kinds:
            shape = schema["$defs"][f"event-{kind}"]
            assert shape["description"] and shape["additionalProperties"] is False, (name, kind)


def test_every_json_report_of_every_golden_validates_against_its_games_schema():
    reports = golden_reports()
    counted, found = problems(reports)
    assert found == []
    assert all(counted[name] > 0 for name in registered()), counted
    assert all(r.document["schema_version"] == report_schema.SCHEMA_VERSION for r in reports)


@pytest.mark.slow
def test_every_json_report_of_a_battery_of_seeded_games_validates_against_its_games_schema():
    played = [r for r in battery().reports if r.model is not None]
    counted, found = problems(played)
    assert found == []
    assert all(counted[name] >= 100 for name in registered()), counted


@pytest.mark.slow
def test_the_schema_names_every_event_kind_the_games_emit_and_each_one_it_names_is_seen_or_rare_for_a_reason():
    found = battery()
    compared = 0
    for name in registered():
        named = set(report_schema.event_kinds(report_schema.game_schema(name)))
        emitted = {ev["kind"] for ev in found.events[name]}
        shown = {ev["kind"] for report in found.reports if report.game == name for ev in report.document["events"]}
        rare = harness_for(name).rare_events
        assert emitted | shown <= named, f"{name}: kinds missing from its schema: {sorted((emitted | shown) - named)}"
        assert set(rare) <= named, f"{name}: rare kinds its schema does not name: {sorted(set(rare) - named)}"
        assert all(len(why) > 20 for why in rare.values()), name
        seen_rare = sorted(set(rare) & (emitted | shown))
        assert not seen_rare, f"{name}: kinds listed as rare that the battery shows: {seen_rare}"
        assert named - set(rare) <= emitted | shown, f"{name}: never seen and not listed as rare: " \
            f"{sorted(named - set(rare) - emitted - shown)}"
        compared += len(named)
    assert compared > 0


@pytest.mark.parametrize("size", ["sample", pytest.param("full", marks=pytest.mark.slow)])
def test_the_json_report_holds_the_very_view_and_events_the_text_report_was_made_from(size):
    compared = 0
    for report in battery(size).reports:
        if report.model is None:
            continue
        document = report.document
        for part in ("view", "events", "standings", "dice", "round", "player"):
            assert canonical.dumps(document[part]) == canonical.dumps(report.model[part]), (report.where, part)
        compared += 1
    assert compared > 100


def some_report(game_name: str) -> dict:
    """The played report of the game with the fewest events, but some (the whole schema takes time over each)."""
    reports = [r.document for r in battery("sample").reports
               if r.game == game_name and r.model and r.document["events"]]
    return min(reports, key=lambda document: len(document["events"]))


def first_event(document: dict, kind: str | None = None) -> dict:
    return next(ev for ev in document["events"] if kind is None or ev["kind"] == kind)


BREAKS = {
    "no version": lambda d: d.pop("schema_version"),
    "another version": lambda d: d.update(schema_version=report_schema.SCHEMA_VERSION + 1),
    "an unknown event kind": lambda d: first_event(d).update(kind="coup_d_etat"),
    "an event value no kind has": lambda d: first_event(d).update(weather="rain"),
    "an event with its audience": lambda d: first_event(d).update(audience="all"),
    "an event value missing": lambda d: first_event(d).pop(sorted(k for k in first_event(d) if k != "kind")[0]),
    "a value of the view retyped": lambda d: d["view"].update(round="three"),
    "a value added to the view": lambda d: d["view"].update(hidden_hand=[1, 2]),
    "a value added to the envelope": lambda d: d.update(extra=True),
    "a roll without its purpose": lambda d: d["dice"]["rolls"][0].pop("purpose") if d["dice"]["rolls"] else
    d["dice"].update(rolls=[{"seq": 0, "sides": 6, "value": 1}]),
}


@pytest.mark.slow
@pytest.mark.parametrize("game_name", registered())
@pytest.mark.parametrize("change", sorted(BREAKS))
def test_a_report_changed_where_its_schema_is_strict_is_refused(game_name, change):
    check = validator(game_name)
    document = some_report(game_name)
    assert check.is_valid(document)
    broken = copy.deepcopy(document)
    BREAKS[change](broken)
    assert not check.is_valid(broken), json.dumps(broken)[:300]
    assert Checker(game_name).errors(document) == [] and Checker(game_name).errors(broken) != []


@pytest.mark.parametrize("game_name", registered())
def test_a_report_in_another_language_and_time_zone_is_valid_and_says_so_in_words_the_schema_knows(game_name):
    check = validator(game_name)
    document = {**some_report(game_name), "language": "es", "timezone": "Europe/Madrid"}
    assert check.is_valid(document)
    assert not check.is_valid({**document, "language": "Spanish"})
    assert not check.is_valid({**document, "timezone": 1})
