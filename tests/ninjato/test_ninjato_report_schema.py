"""Ninjato's JSON reports follow games/ninjato/report.schema.json: every report of whole games of 2 to 4 ninja
validates, every event kind the rules make is named with its values, and a report changed where the schema is
strict is refused."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import games
from pbem import report_schema
from pbem.campaign import Campaign
from tests.ninjato.players import random_events

GAMES = (("1", 2), ("2", 3), ("3", 4))   # the games test_ninjato_report.py reads: played once for both


@pytest.fixture(scope="module")
def played(demo_game):
    return [Campaign.load(demo_game("ninjato", seed, players)) for seed, players in GAMES]


@pytest.fixture(scope="module")
def checker(played):
    from tests.support.schemas import Checker

    return Checker("ninjato")


def documents(campaigns) -> list[tuple[str, dict]]:
    return [(str(path), json.loads(path.read_text())) for campaign in campaigns
            for path in sorted(campaign.folder.glob("rounds/*/reports/*.json"))]


@pytest.mark.slow
def test_the_schema_is_a_draft_2020_12_schema_that_names_every_kind_with_a_strict_shape(played):
    schema = report_schema.game_schema("ninjato")
    Draft202012Validator.check_schema(schema)
    assert (schema["$id"], schema["$ref"]) == ("urn:pbem:report:ninjato", report_schema.ENVELOPE_ID)
    kinds = report_schema.event_kinds(schema)
    assert kinds == sorted(key.removeprefix("event-") for key in schema["$defs"] if key.startswith("event-"))
    assert all(schema["$defs"][f"event-{k}"]["description"] for k in kinds)
    assert all(schema["$defs"][f"event-{k}"]["additionalProperties"] is False for k in kinds)
    source = "".join(p.read_text() for p in Path(games.__file__).parent.joinpath("ninjato").glob("*.py"))
    assert set(re.findall(r'event\("(\w+)"', source)) == set(kinds)


@pytest.mark.slow
def test_every_json_report_of_whole_games_validates_against_the_schema(played, checker):
    found = documents(played)
    assert len(found) > 50
    problems = [f"{where}: {error}" for where, document in found for error in checker.errors(document)[:1]]
    assert problems == []
    assert {document["schema_version"] for _, document in found} == {report_schema.SCHEMA_VERSION}


def test_the_events_only_random_play_or_the_batch_orders_make_validate_too(played, checker):
    where, document = documents(played)[5]
    events = [{k: v for k, v in e.items() if k != "audience"} for e in random_events()]
    kinds = {e["kind"] for e in events}
    assert {"skill_learned", "skill_used", "peeked", "rumor_taken", "order_adjusted", "order_default"} <= kinds
    assert checker.errors({**document, "events": events}) == []


@pytest.mark.parametrize("change", ["a hand of another ninja as cards", "an event value no kind has",
                                    "a house that does not exist", "a treasure without its value"])
def test_a_report_changed_where_the_schema_is_strict_is_refused(played, change):
    from tests.support.schemas import validator

    where, document = documents(played)[5]
    view = document["view"]
    if change == "a hand of another ninja as cards":
        other = next(name for name in view["ninja"] if name != document["player"])
        view["ninja"][other]["hand"] = ["secret"]
    elif change == "an event value no kind has":
        document["events"][0]["weather"] = "rain"
    elif change == "a house that does not exist":
        view["houses"]["house-9"] = view["houses"]["house-1"]
    else:
        next(h for h in view["houses"].values() if h["treasures"])["treasures"][0].pop("value")
    assert list(validator("ninjato").iter_errors(document))
