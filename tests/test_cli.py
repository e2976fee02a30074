"""The command line teaches itself: every command has help with an example; exit codes mean one thing."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import click
import pytest
from conftest import ROOT, run, subcommands

from pbem import __version__
from pbem.cli import cli


def all_commands(group: click.Group, prefix=()):
    for name, command in sorted(subcommands(group)):
        yield prefix + (name,)
        if isinstance(command, click.Group):
            yield from all_commands(command, prefix + (name,))


@pytest.mark.parametrize("words", list(all_commands(cli)), ids=" ".join)
def test_every_command_has_help_with_an_example(words):
    result = run(*words, "--help")
    assert result.code == 0
    assert "Example" in result.out
    assert re.search(r"pbem " + re.escape(words[0]), result.out)


def test_the_version_is_printed():
    result = run("--version")
    assert result.code == 0 and __version__ in result.out


def test_a_usage_error_exits_with_2():
    assert run("resolve").code == 2
    assert run("no-such-command").code == 2


@pytest.mark.parametrize("castle, expected", [("Gifu", 0.923), ("Kasugayama", 0.270), ("Kumamoto", 0.266)])
def test_odds_reproduce_the_reference_values(castle, expected):
    result = run("odds", "age-of-war", castle, "--json")
    assert result.code == 0
    assert round(json.loads(result.out)["probability"], 3) == expected


def test_odds_for_a_steal_are_lower_and_an_unknown_castle_is_explained():
    centre = json.loads(run("odds", "age-of-war", "Edo", "--json").out)["probability"]
    steal = json.loads(run("odds", "age-of-war", "edo", "--steal", "--json").out)["probability"]
    assert steal < centre
    unknown = run("odds", "age-of-war", "Edoo")
    assert unknown.code == 2 and "Edo" in unknown.err


@pytest.mark.slow
def test_the_demo_plays_to_the_end_and_shows_a_report(tmp_path):
    result = run("demo", "--dir", tmp_path / "demo", "--players", "3", "--seed", "5")
    assert result.code == 0, result.err
    assert "Final standings" in result.out
    assert "--- last report of akiko ---" in result.out
    assert "The game is over" in result.out


@pytest.mark.slow
def test_the_demo_says_little_and_ends_with_why_it_stopped_and_the_commands_to_look_at_its_campaign(tmp_path):
    folder = tmp_path / "demo"
    result = run("demo", "--dir", folder, "--players", "3", "--seed", "5")
    assert result.code == 0, result.err
    said = result.err.strip().splitlines()
    assert "round 1 resolved" not in result.err and len(said) <= 10, said   # not a line per round
    assert said[0].startswith("Playing Age of War with 3 computer players")
    assert re.search(r"^The demo stopped after round \d+: the game is over \(\w+ is first\)\.$", result.err,
                     re.MULTILINE)
    assert said[-6] == "Next steps, to look at the campaign it made:"
    steps = [line.split()[:3] for line in said[-5:]]
    assert ["pbem", "status", str(folder)] in steps and ["pbem", "verify", str(folder)] in steps
    assert ["pbem", "report", str(folder)] in steps and ["ls", f"{folder}/outbox", "every"] in steps
    assert run("status", folder).code == 0 and run("verify", folder).code == 0


def test_a_demo_stopped_by_its_round_limit_says_so_and_names_the_limit(tmp_path, monkeypatch):
    import dataclasses
    import importlib

    module = importlib.import_module("games.age_of_war")
    monkeypatch.setattr(module, "GAME", dataclasses.replace(module.GAME, demo_rounds=3))
    result = run("demo", "--dir", tmp_path / "demo", "--players", "3")
    assert result.code == 0, result.err
    assert "Standings after round 3" in result.out
    assert ("The demo stopped after round 3: that is the round limit of Age of War's demo\n"
            "(demo_rounds = 3), reached before the game was over.") in result.err


def test_ikusa_odds_of_one_spearman_against_one_are_exact():
    # each round both hit on 4 in 12: the attacker alone 2/9, both 1/9, nobody 4/9 (then again)
    result = run("odds", "ikusa", "--attacker", "spearman=1", "--defender", "spearman=1", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out) == {"attacker_wins": 0.4, "defender_wins": 0.4, "both_eliminated": 0.2}


def test_ikusa_odds_fall_behind_castle_walls_and_against_a_naval_landing():
    def attacker_wins(*extra):
        result = run("odds", "ikusa", "--attacker", "daimyo=1,archer=1,swordsman=1,gunner=2",
                     "--defender", "spearman=3", "--json", *extra)
        return json.loads(result.out)["attacker_wins"]

    open_field = attacker_wins()
    assert attacker_wins("--castle") < open_field
    assert attacker_wins("--fortress") < attacker_wins("--castle")
    assert attacker_wins("--naval") < open_field


def test_ikusa_odds_explain_a_bad_force():
    result = run("odds", "ikusa", "--attacker", "spearmen=3", "--defender", "spearman=2")
    assert result.code == 2 and "did you mean spearman" in result.err


def test_the_odds_are_offered_for_exactly_the_games_that_name_an_odds_command():
    from engine.game import odds_commands
    from games import GAMES

    offering = sorted(name for game in GAMES for name in odds_commands(GAMES[game]))
    assert offering == ["age-of-war", "amdt-sea", "ikusa"]   # a game's own name, or the names a game gives them
    listed = run("odds", "--help")
    assert listed.code == 0
    assert [line.split()[0] for line in listed.out.split("Commands:")[1].strip().splitlines()] == offering
    for name in offering:
        shown = run("odds", name, "--help")
        assert shown.code == 0 and f"pbem odds {name} " in shown.out and "Example" in shown.out
    unknown = run("odds", "chess")
    assert unknown.code == 2 and "chess" in unknown.err


def test_the_command_line_loads_no_game_until_a_command_needs_one():
    probe = ("import sys\nfrom click.testing import CliRunner\nfrom pbem.cli import cli\n"
             "assert CliRunner().invoke(cli, ['--help']).exit_code == 0\n"
             "print(sorted(m for m in sys.modules if m.startswith('games')))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert loaded.stdout.strip() == "[]"
