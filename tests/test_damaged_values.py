"""Campaign files with the right syntax and wrong values: refused in one line naming the file, never a traceback
(tests/support/damaged_values.py; the reliability row `values` runs every case)."""
from __future__ import annotations

from tests.conftest import make_campaign, run
from tests.support.damaged_values import value_trials


def test_a_few_wrong_values_drawn_from_every_file_are_each_refused_naming_their_file(tmp_path):
    found = value_trials(tmp_path, size=2)
    assert found["trials"] == 2
    assert found["crashes found"] == 0, "\n".join(found.details)


def test_a_deadline_that_is_not_a_time_is_named_with_its_file(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48)
    (camp.folder / "deadline.json").write_text('{"round": 1, "deadline": "tomorrow"}\n')
    for command in ("status", "resolve"):
        result = run(command, camp.folder)
        assert result.code == 1 and "Traceback" not in result.err
        assert "deadline.json" in result.err and "'tomorrow'" in result.err and len(result.err.splitlines()) == 1


def test_a_rerun_without_its_reason_is_refused_naming_the_file(tmp_path):
    camp = make_campaign(tmp_path / "war")
    (camp.folder / "rerun.json").write_text('{"round": 5, "commitment": "ab"}\n')
    result = run("resolve", camp.folder, "--force")
    assert result.code == 1 and "rerun.json" in result.err and "Traceback" not in result.err


def test_a_time_zone_on_mars_is_refused_when_the_campaign_is_loaded(tmp_path):
    camp = make_campaign(tmp_path / "war")
    path = camp.folder / "campaign.toml"
    path.write_text(path.read_text().replace('timezone = "UTC"', 'timezone = "Mars/Olympus"'))
    for command in ("status", "resolve"):
        result = run(command, camp.folder)
        assert result.code == 2 and "campaign.toml" in result.err and "Mars/Olympus" in result.err


def test_a_round_whose_inputs_are_a_list_is_refused_by_verify_naming_the_file(tmp_path):
    camp = make_campaign(tmp_path / "war")
    (camp.round_dir(0) / "inputs.json").write_text("[]\n")
    result = run("verify", camp.folder)
    assert result.code == 1 and "inputs.json" in result.err and "Traceback" not in result.err


def test_a_campaign_name_edited_into_a_path_is_refused_at_load(tmp_path):
    camp = make_campaign(tmp_path / "war")
    path = camp.folder / "campaign.toml"
    path.write_text(path.read_text().replace('name = "war"', 'name = "../../../evil"', 1))
    result = run("status", camp.folder)
    assert result.code == 2 and "campaign.toml" in result.err and "../../../evil" in result.err
