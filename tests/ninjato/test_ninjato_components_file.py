"""A campaign with the GM's own components file: given with --option components_file=PATH, read and checked
when the campaign is made (a bad one refused with every problem, no campaign left behind), kept with the setup
so that replay needs the file no more; the GM and every report are told when the components are guesses, and
not when they are not."""
from __future__ import annotations

import json

from conftest import run

from games.ninjato import components
from pbem.campaign import Campaign
from pbem.history import replay

PLAYERS = ("--player", "ann=ann@example.org", "--player", "bob=bob@example.org")


def _without_guesses() -> str:
    """The default file with every provisional mark taken out and Taira's colour changed: a GM's own."""
    lines = [line for line in components.default_text().splitlines() if not line.startswith("provisional")]
    return "\n".join(lines).replace('colour = "red"', 'colour = "purple"', 1) + "\n"


def test_the_default_components_make_pbem_new_and_every_report_say_the_campaign_plays_with_guesses(tmp_path):
    made = run("new", tmp_path / "feud", "--game", "ninjato", *PLAYERS)
    assert made.code == 0, made.err
    assert "Note: this campaign plays with provisional components" in made.out
    report = (tmp_path / "feud/rounds/0000/reports/ann.txt").read_text()
    assert "This campaign plays with provisional components" in report


def test_a_gms_own_components_file_is_played_and_kept_with_the_setup_and_no_guess_is_announced(tmp_path):
    own = tmp_path / "box.toml"
    own.write_text(_without_guesses())
    made = run("new", tmp_path / "feud", "--game", "ninjato", *PLAYERS, "--option", f"components_file={own}")
    assert made.code == 0, made.err
    assert "provisional" not in made.out
    campaign = Campaign.load(tmp_path / "feud")
    state = campaign.state(0)
    assert state["components"]["provisional"] == []
    assert {"id": "taira", "colour": "purple"} in state["components"]["clans"]
    assert "provisional components" not in (tmp_path / "feud/rounds/0000/reports/ann.txt").read_text()
    inputs = json.loads((tmp_path / "feud/rounds/0000/inputs.json").read_text())
    assert inputs["options"]["components"] == own.read_text()
    own.unlink()
    assert replay(campaign) == []


def test_a_bad_components_file_is_refused_with_every_problem_and_leaves_no_campaign(tmp_path):
    bad = tmp_path / "box.toml"
    text = components.default_text().replace('effect = "switch"', 'effect = "teleport"', 1)
    bad.write_text(text.replace("value = 5\ncount = 10", "value = 9\ncount = 10", 1))
    made = run("new", tmp_path / "feud", "--game", "ninjato", *PLAYERS, "--option", f"components_file={bad}")
    assert made.code == 2
    assert "teleport" in made.err and "dojo[" in made.err and "skills[" in made.err
    assert not (tmp_path / "feud").exists()


def test_a_components_file_that_is_not_toml_is_refused_with_its_line(tmp_path):
    bad = tmp_path / "box.toml"
    bad.write_text("[[clans]\nid = 1\n")
    made = run("new", tmp_path / "feud", "--game", "ninjato", *PLAYERS, "--option", f"components_file={bad}")
    assert made.code == 2 and "line 1" in made.err


def test_a_components_file_larger_than_any_game_data_is_refused_before_it_is_read(tmp_path):
    huge = tmp_path / "box.toml"
    huge.write_text("# " + "x" * (2 << 20) + "\n")
    made = run("new", tmp_path / "feud", "--game", "ninjato", *PLAYERS, "--option", f"components_file={huge}")
    assert made.code == 2 and "at most 1,048,576" in made.err
    assert not (tmp_path / "feud").exists()
