"""Ikusa reports read as sentences: every event a player is told has its sentence, and no report shows data.

It reads every player's report of every round of the battery (tests/ikusa/report_battery.py), the goldens'
reports too.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import Dice
from engine.canonical import copy_plain
from pbem import render
from tests.goldens import every_golden, stored
from tests.ikusa.report_battery import GAME, battery, model, sentences_for

UNTOLD = "[no sentence for this event"
DATA_SHOWN = [("key=value", re.compile(r"\b[a-z_]+=\S")), ("a dict", re.compile(r"\{'|\{\}")),
              ("a list", re.compile(r"\[\]|\['")), ("None", re.compile(r"\bNone\b")),
              ("True", re.compile(r"\bTrue\b")), ("False", re.compile(r"\bFalse\b")),
              ("an untold event", re.compile(re.escape(UNTOLD)))]


def told_part(text: str) -> str:
    """The report without its order form (TOML, where `[]` and `key = value` belong)."""
    return text.split("--- Order form for round", 1)[0]


# --- orders the computer never gives ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def reports():
    return list(battery())


# --- the checks -------------------------------------------------------------------------------------------

def data_shown(text: str) -> list[str]:
    told = told_part(text)
    return [f"{what}: {found.group(0)!r} in {told[max(0, found.start() - 60):found.end() + 20]!r}"
            for what, pattern in DATA_SHOWN for found in [pattern.search(told)] if found]


@pytest.mark.slow
def test_every_event_a_player_is_told_in_the_battery_has_its_sentence_and_no_report_shows_data(reports):
    told = sentences_for(reports[0][3])
    kinds, checked, lines = set(), 0, 0
    for name, number, player, shown, text in reports:
        for ev in shown["events"]:
            assert ev["kind"] in told, f"{name}, round {number}: no sentence for {ev['kind']}"
            kinds.add(ev["kind"])
        assert data_shown(text) == [], f"{name}, round {number}, {player}"
        checked += 1
        lines += told_part(text).count("\n")
    assert checked >= 100 and lines > 10_000
    # the battery reaches the war's whole range: the ninja, the castles, the orders skipped, the eliminations
    for kind in ("assassination_attempted", "spy_report", "castle_built", "order_skipped", "levy_skipped",
                 "ronin_deployed", "placement_order_replaced", "battle_ended", "province_conquered"):
        assert kind in kinds, f"the battery never reached {kind}"


def test_the_goldens_reports_show_no_data_and_no_event_without_its_sentence():
    checked = 0
    for name, golden in every_golden().items():
        if golden.game != "ikusa":
            continue
        for path, data in sorted((stored(name) or {}).items()):
            if re.fullmatch(r"r\d+/[^/.]+\.txt", path):   # a report (PLAYER.ack.txt echoes the orders' TOML)
                assert data_shown(data.decode("utf-8")) == [], f"{name} {path}"
                checked += 1
    assert checked >= 20


def kinds_in_the_rules() -> set[str]:
    """Every event kind the rules modules make: event("kind", ...), f"{kind}_built" and REPLACED."""
    source = "\n".join(p.read_text("utf-8") for p in (Path(__file__).parents[2] / "games/ikusa").glob("*.py"))
    kinds = set(re.findall(r'\bevent\("([a-z_]+)"', source))
    kinds |= {f"{kind}_built" for kind in ("castle", "fortress")} | {"placement_order_replaced"}
    assert len(kinds) > 60
    return kinds


def test_every_kind_of_event_the_rules_make_has_a_sentence(reports):
    assert sorted(kinds_in_the_rules() - set(sentences_for(reports[0][3]))) == []


def test_an_event_without_a_sentence_is_marked_for_the_tests_to_find(reports):
    shown = copy_plain(reports[-1][3])
    shown["events"] = [{"kind": "comet_seen", "over": "Echigo"}]
    assert UNTOLD in render.render_text(shown)


# --- particular sentences -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def opening():
    state, _ = GAME.setup(["ann", "bob", "cho"], {}, Dice(b"sentences setup"))
    state, _ = GAME.resolve(state, {}, Dice(b"sentences placement"))
    return state


def text_of(state, events, player="ann", number=3):
    """The report of hand-made events, each told to everyone."""
    return told_part(render.render_text(model(state, [{**ev, "audience": "all"} for ev in events], number, player)))


def test_a_skipped_order_is_told_with_its_order_its_reason_and_the_event_that_caused_it(opening):
    army = sorted(a for a, x in opening["armies"].items() if x["player"] == "ann")[0]
    where = opening["armies"][army]["province"]
    cause = {"kind": "daimyo_killed", "army": army, "player": "ann", "colour": "red", "province": where,
             "how": "battle", "by_player": "bob", "by_colour": "blue"}
    skipped = {"kind": "order_skipped", "player": "ann", "colour": "red", "side": "ann", "phase": "C",
               "field": "war.battles[2]", "index": 2, "reason": "army_lost", "army": army, "province": None,
               "target": "satsuma", "from": where, "cause": cause}
    name = GAME.view(opening, "ann")["names"]
    text = " ".join(text_of(opening, [skipped]).split())
    assert (f"Your attack on Satsuma from {name[where]} with army {army} (war.battles[2]) was not carried out: "
            f"army {army} is out of play, because the daimyo of ann's army {army} falls in battle in "
            f"{name[where]}, at the hands of bob (blue); the army is out of play.") in text
    without = " ".join(text_of(opening, [{k: v for k, v in skipped.items() if k != "cause"}]).split())
    assert "because" not in without and "was not carried out: army" in without


def test_a_target_not_adjacent_is_named_with_where_the_force_stood(opening):
    skipped = {"kind": "order_skipped", "player": "ann", "colour": "red", "side": "ann", "phase": "B",
               "field": "war.battles[0]", "index": 0, "reason": "target_not_adjacent", "army": "red-3",
               "province": None, "target": "satsuma", "from": "echigo"}
    assert ("Your attack on Satsuma from Echigo with army red-3 (war.battles[0]) was not carried out: Satsuma "
            "is not next to Echigo.") in " ".join(text_of(opening, [skipped]).split())


def test_castle_bonus_units_are_told_apart_from_the_defenders_own(opening):
    started = {"kind": "battle_started", "battle": 1, "player": "ann", "colour": "red", "side": "ann",
               "force": "army", "army": "red-1", "from": "echigo", "target": "etchu", "defender_player": "bob",
               "defender_colour": "blue", "defender_army": None, "naval": False, "fortification": "castle",
               "bonus": 4, "bonus_kind": "spearman", "attacker_units": {"daimyo": 1, "archer": 2},
               "defender_units": {"spearman": 2}}
    lost = {"kind": "casualties", "battle": 1, "round": 1, "step": 3, "side": "defender", "hits": 3,
            "units": {"spearman": 1}, "bonus": 2, "ronin_alone": 0, "fortification": "castle",
            "bonus_kind": "spearman"}
    text = text_of(opening, [started, lost])
    assert "Defender, bob (blue): 2 spearmen." in text
    assert "The castle adds 4 castle spearmen to the defence." in text
    assert "The defender loses 1 spearman and 2 castle spearmen." in text


def test_the_report_tells_every_event_once_in_order_under_the_action_or_the_side_it_belongs_to(reports):
    from games.ikusa.chronicle import PART_OF, WAR_ACTS, chronicle

    compared = 0
    for _game, number, _player, shown, _text in reports:
        told = chronicle(shown["view"], shown["events"], number)
        assert [e for part in told["parts"] for e in part["events"]] == shown["events"]
        assert told["dice_rolled"] == any(e["kind"] == "volley" for e in shown["events"])
        for part in told["parts"]:
            for e in part["events"]:
                if part["action"] in PART_OF.values() and e["kind"] in PART_OF:
                    assert PART_OF[e["kind"]] == part["action"], (number, e)
                if part["action"] == "war" and e["kind"] in WAR_ACTS and e.get("colour") and not e.get("war_of"):
                    assert e["colour"] == part["side"], (number, e)
                compared += 1
    assert compared > 5000


def test_the_placement_round_is_the_set_up_and_every_heading_counts_rounds_as_the_order_file_does(reports):
    headings = {(name, number): text.splitlines()[0] for name, number, player, shown, text in reports
                if player == "ann"}
    assert "the set-up (dealing the provinces)" in headings[("3 players seed 2", 0)]
    assert "the set-up (placing the armies), round 1," in headings[("3 players seed 2", 1)]
    for number in (2, 5):
        assert headings[("3 players seed 2", number)].endswith(f"report on round {number}, for ann")
    assert not any("campaign round" in heading for heading in headings.values())


def test_only_players_out_of_the_game_are_marked_so_in_the_standings(opening):
    out = copy_plain(opening)
    out["eliminated"] = ["cho"]
    standings = told_part(render.render_text(model(out, [], 3, "ann"))).split("Standings")[1]
    assert "cho" in standings and standings.count("(out of the game)") == 1
    assert "(out of the game)" not in told_part(render.render_text(model(opening, [], 3, "ann"))).split("Standings")[1]


# --- every reason an order is not carried out, in words ----------------------------------------------------

REASONS = {   # the reason codes each kind of event can carry, read from the rules modules
    ("order_skipped", "battles"): (
        "not_understood", "unknown_army", "unknown_province", "unknown_target", "bad_withdraw", "bad_after_win",
        "bad_priority", "not_your_army", "army_lost", "army_frozen", "province_not_yours", "no_provincial_force",
        "target_not_adjacent", "target_friendly", "first_round_daimyo", "unoccupied_needs_experience",
        "side_eliminated", "not_declared", "no_attacks_left", "battles_finished", "army_stopped", "no_garrison",
        "garrison_breaks_ronin_limit", "no_attack_left_to_advance", "bad_garrison"),
    ("garrison_not_as_ordered", "battles"): ("units_lost", "breaks_ronin_limit", "not_needed"),
    ("order_skipped", "movement"): (
        "not_understood", "unknown_army", "not_your_army", "army_lost", "army_not_on_board", "army_frozen",
        "already_moved", "path_revisits", "too_far", "garrison_not_left_behind", "pick_up_not_on_path",
        "drop_not_adjacent", "not_adjacent", "unoccupied", "not_friendly", "garrison_needed", "garrison_not_needed",
        "not_enough_units", "card_full", "ronin_limit", "force_limit", "bad_units", "kind_not_allowed",
        "unknown_province", "not_your_province", "not_unoccupied", "ronin_alone", "units_already_moved",
        "province_left_empty", "army_already_there"),
    ("levy_skipped", "levy"): (
        "daimyo_not_levied", "unknown_unit", "unknown_place", "not_your_army", "army_not_on_board", "not_owned",
        "province_used", "more_than_provinces", "koku_short", "army_full", "force_full", "no_figures_left"),
    ("build_failed", "build"): ("unknown_kind", "unknown_province", "not_owned", "castle_there", "fortress_there",
                                "no_castle", "no_castles_left", "no_fortifications_left", "nowhere_to_build"),
    ("ronin_not_deployed", "ronin"): ("unknown_place", "not_your_army", "army_not_on_board", "not_owned",
                                      "bad_count", "none_left", "no_room"),
    ("assassination_skipped", "assassination"): ("first_round", "not_your_ninja", "ninja_used", "hirer_out",
                                                 "unknown_army", "not_an_enemy", "army_lost",
                                                 "already_assassinated"),
    ("placement_order_replaced", "placement"): (
        "not_understood", "missing", "ambiguous_province", "unknown_province", "not_yours", "not_single_spearman",
        "full", "claimed", "army_there", "wrong_totals", "army_limit", "not_enough_spearmen", "bad_split"),
    ("ninja_not_hired", "ninja"): ("no_bids", "tie"),
    ("daimyo_not_recovered", "conquest"): ("no_free_province",),
    ("allocation_defaulted", "planning"): ("missing", "refused"),
}
NOT_REASONS = {"battle", "no_regular_unit", "province", "no_koku_in_levy", "no_koku_in_build", "not_deployed",
               "supply_empty"}   # a daimyo's death, the forecast's words, a field, and one-reason kinds


def test_the_reasons_listed_here_are_the_ones_the_rules_give():
    found = re.compile(r'(?:return |return None, |Skip\(|reason = |reason=|else |\(None, |skip\(index, )"([a-z_]+)"')
    for module in {module for _, module in REASONS}:
        source = (Path(__file__).parents[2] / f"games/ikusa/{module}.py").read_text("utf-8")
        listed = {code for (_, where), codes in REASONS.items() if where == module for code in codes}
        assert set(found.findall(source)) - NOT_REASONS - listed == set(), module


def sample(kind: str, reason: str) -> dict:
    """An event of this kind and reason with every value its sentence may read."""
    common = {"kind": kind, "reason": reason, "player": "ann", "colour": "red", "side": "ann", "index": 1}
    return {**common, "phase": "D", "field": "war.battles[1]", "army": "red-1", "province": "echigo", "target": "sado",
            "from": "echigo", "order": {"army": "red-1", "path": ["sado"]}, "where": "red-1", "unit": "spearman",
            "wanted": 2, "there": 1, "previous": "echigo", "steps": 3, "level": 1, "name": "Atlantis",
            "what": "garrison", "to": "echigo", "count": 2, "given": "Sado", "building": "castle",
            "fields": ["planning"], "allocation": {"levy": 3}, "sides": ["ann", "bob"], "bid": 2,
            "ordered": {"spearman": 2}, "left": {"spearman": 1}}


def test_every_reason_an_order_is_not_carried_out_has_its_words(opening):
    checked = 0
    for (kind, _), codes in REASONS.items():
        for code in codes:
            text = text_of(opening, [sample(kind, code)])
            assert data_shown(text) == [], f"{kind} {code}"
            assert UNTOLD not in text, f"{kind} {code}"
            checked += 1
    assert checked > 100


def test_the_rarest_events_have_their_sentences_too(opening):
    rare = [
        {"kind": "ronin_not_hired", "player": "ann", "colour": "red", "koku": 2, "reason": "supply_empty"},
        {"kind": "elimination_without_winner", "player": "bob", "colour": "blue", "side": "bob"},
        {"kind": "garrison_left", "player": "ann", "colour": "red", "army": "red-1", "province": "echigo",
         "units": {"gunner": 1}},
        {"kind": "units_picked_up", "player": "ann", "colour": "red", "army": "red-1", "province": "echigo",
         "units": {"spearman": 2}},
        {"kind": "spearmen_picked_up", "player": "ann", "colour": "red", "army": "red-1", "province": "echigo",
         "count": 2},
        {"kind": "fortress_built", "player": "ann", "colour": "red", "province": "echigo"},
        {"kind": "ronin_deployment_defaulted", "player": "ann", "colour": "red",
         "ronin": [{"to": "red-1", "count": 2}]},
        {"kind": "levy_ignored", "player": "ann", "colour": "red", "reason": "no_koku_in_levy"},
        {"kind": "build_defaulted", "player": "ann", "colour": "red", "building": "castle", "province": "echigo"},
    ]
    text = " ".join(text_of(opening, rare).split())
    assert data_shown(text) == [] and UNTOLD not in text
    for words in ("hires no ronin for the 2 Koku in the ronin box: the supply is empty",
                  "bob (blue) has no daimyo left and is out of the game",
                  "Army red-1 leaves 1 gunner as a garrison in Echigo.",
                  "Army red-1 picks up 2 spearmen from the provincial force of Echigo.",
                  "builds a fortress under the castle of Echigo",
                  "the default was used: 2 with army red-1"):
        assert words in text


def test_the_docs_sample_report_is_what_the_golden_game_gives_its_player():
    from tests.goldens import stored

    readme = (Path(__file__).parents[2] / "docs" / "games" / "ikusa.md").read_text("utf-8")
    block = readme.split("reads it (`tests/goldens/ikusa-3p-seed1`, round 2):")[1].split("```text\n")[1].split("```")[0]
    report = stored("ikusa-3p-seed1")["r02/ann.txt"].decode("utf-8").splitlines()
    lines = [line for line in block.splitlines() if line != "..."]
    assert len(lines) > 30
    missing = [line for line in lines if line not in report]
    assert missing == []
