"""A campaign file damaged on disk (truncated by a full disk or a killed editor, garbled, half-edited by hand) is
told in one line that names the file and what is wrong, never with a traceback; the tick goes on with the other
campaigns; and a hand-edited campaign.toml that pbem could not work with is refused when it is read."""
from __future__ import annotations

import shutil

import pytest
from conftest import run

from tests.support.adversary import DAMAGE_CASES as DAMAGES
from tests.support.adversary import damage, damaged_trial, played_campaign


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return played_campaign(tmp_path_factory.mktemp("played") / "war")


def tiered(cases: list[tuple[str, str]]) -> list:
    """Every file damaged every way; the default tier damages each file one way, the ways taken in turn so
    that each is tried, and the slow tier the rest (each case runs every command: about a second)."""
    names = list(dict.fromkeys(name for name, _ in cases))
    ways = {name: [how for n, how in cases if n == name] for name in names}
    quick = {(name, ways[name][index % len(ways[name])]) for index, name in enumerate(names)}
    return [pytest.param(name, how, id=f"{name}-{how}", marks=() if (name, how) in quick else pytest.mark.slow)
            for name, how in cases]


@pytest.mark.parametrize("name, how", tiered(DAMAGES))
def test_a_damaged_campaign_file_is_told_in_a_line_naming_it_by_every_command(played, tmp_path, name, how):
    found = damaged_trial(played, tmp_path / "war", name, how)
    assert found["crashes found"] == 0 and found["damage missed"] == 0, found.details
    assert found["faults injected"] >= 1   # the damage was seen by some command


@pytest.mark.parametrize("change, said", [
    (('game = "age-of-war"', 'game = "chess"'), "not a game pbem knows"),
    (("deadline_hours = 48", "deadline_hours = -5"), "deadline_hours = -5"),
    (('email = "bob@example.org"', 'email = "bob@exämple.org"'), "not a mail address"),
    (('email = "bob@example.org"', 'email = "bob example.org"'), "not a mail address"),
    (('name = "bob"', 'name = "bob smith"'), "not allowed"),
])
def test_a_hand_edit_of_campaign_toml_that_pbem_could_not_work_with_is_refused_when_read(played, tmp_path, change,
                                                                                         said):
    folder = tmp_path / "war"
    shutil.copytree(played, folder, symlinks=True)
    path = folder / "campaign.toml"
    text = path.read_text()
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1))
    for command in (("status",), ("tick",), ("resolve", "--force")):
        result = run(command[0], folder, *command[1:])
        assert result.code in (1, 2) and said in result.err and "campaign.toml" in result.err, result
        assert "Traceback" not in result.err


def test_a_non_ascii_address_is_refused_by_new_and_leaves_no_staging_folder(tmp_path):
    made = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@exämple.org",
               "--player", "bob=bob@example.org")
    assert made.code == 2 and "not a mail address" in made.err
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_campaign_does_not_stop_the_tick_of_the_others(played, tmp_path):
    broken, fine = tmp_path / "broken", tmp_path / "fine"
    shutil.copytree(played, broken, symlinks=True)
    shutil.copytree(played, fine, symlinks=True)
    damage(broken / "rounds/0002/state.json", "truncated")
    result = run("tick", broken, fine)
    assert result.code == 1 and f"{broken}: FAILED" in result.err and "state.json" in result.err
    assert f"{fine}: FAILED" not in result.err


def test_temporary_files_left_by_a_killed_write_are_cleaned_by_the_next_run(played, tmp_path):
    folder = tmp_path / "war"
    shutil.copytree(played, folder, symlinks=True)
    for where in ("outbox", "orders", "."):
        (folder / where / ".r0003-abc.eml.x1y2z3.tmp").write_text("half a message")
    assert run("tick", folder).code == 0
    assert list(folder.rglob(".*.tmp")) == []
