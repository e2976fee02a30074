"""campaign.toml is the GM's file too: whatever pbem writes into it, the GM's comments and layout stay as they were."""
from __future__ import annotations

import re
import textwrap
import tomllib
from pathlib import Path

import pytest
import tomli_w
from conftest import make_campaign, run

from pbem.campaign import Campaign

ROOT = Path(__file__).resolve().parent.parent


def readme_mail_block() -> str:
    """The commented [mail] example of the mail page (docs/mail.md), as a GM would paste it."""
    readme = (ROOT / "docs" / "mail.md").read_text()
    block = re.search(r"```toml\n(\s*\[mail\]\n.*?)```", readme, re.DOTALL).group(1)
    return textwrap.dedent(block)


def commented(campaign: Campaign) -> str:
    """The campaign's file with the README's [mail] block and a comment above bob's seat and beside his name."""
    path = campaign.folder / "campaign.toml"
    text = path.read_text()
    seat = '[[players]]\nname = "bob"\n'
    assert seat in text
    text = text.replace(seat, '# bob plays from his office; ask him before moving a deadline\n'
                              '[[players]]\nname = "bob"   # since round 1\n')
    text += "\n" + readme_mail_block()
    path.write_text(text)
    return text


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    old, new = before.splitlines(), after.splitlines()
    assert len(old) == len(new), (before, after)
    return [(a, b) for a, b in zip(old, new) if a != b]


def test_the_readme_mail_block_is_the_commented_example_this_file_tests():
    block = readme_mail_block()
    assert block.startswith("[mail]") and "# taken mail is moved here" in block
    assert "[mail.smtp]" in block


@pytest.mark.parametrize("command, changes", [
    (("player", "set", "war", "bob", "--email", "robert@example.org"),
     [('email = "bob@example.org"', 'email = "robert@example.org"')]),
    (("player", "set", "war", "bob", "--language", "es"),
     [('language = "en"', 'language = "es"')]),
    (("player", "replace", "war", "bob", "--email", "robert@example.org"),
     [('email = "bob@example.org"', 'email = "robert@example.org"')]),
])
def test_the_gms_comments_survive_player_set_and_replace_and_only_the_changed_value_differs(tmp_path, command,
                                                                                            changes):
    campaign = make_campaign(tmp_path / "war")
    before = commented(campaign)
    result = run(*[str(tmp_path / "war") if word == "war" else word for word in command])
    assert result.code == 0, result.err
    after = (campaign.folder / "campaign.toml").read_text()
    assert changed_lines(before, after) == changes
    assert "# bob plays from his office" in after and readme_mail_block() in after
    loaded = Campaign.load(campaign.folder)
    assert loaded.mail["imap"]["done_folder"] == "pbem-taken"
    assert [p.name for p in loaded.players] == ["ann", "bob", "cho"]


def test_a_campaign_file_that_saves_nothing_new_is_left_byte_for_byte(tmp_path):
    campaign = make_campaign(tmp_path / "war")
    before = commented(campaign)
    Campaign.load(campaign.folder).save()
    assert (campaign.folder / "campaign.toml").read_text() == before


def test_a_campaign_file_written_before_keeps_its_inline_players_and_changes_one_address(tmp_path):
    campaign = make_campaign(tmp_path / "war")
    path = campaign.folder / "campaign.toml"
    old = tomli_w.dumps(tomllib.loads(path.read_text()))   # how pbem wrote the file until now: players inline
    assert old.startswith("players = [\n")
    path.write_text(old)
    assert run("player", "set", campaign.folder, "cho", "--email", "cho@new.example.org").code == 0
    assert changed_lines(old, path.read_text()) == [
        ('    { name = "cho", email = "cho@example.org", language = "en" },',
         '    { name = "cho", email = "cho@new.example.org", language = "en" },')]


def test_a_setting_the_file_leaves_out_stays_out_while_default_and_the_gms_own_keys_stay(tmp_path):
    campaign = make_campaign(tmp_path / "war")
    path = campaign.folder / "campaign.toml"
    text = path.read_text().replace("outage_guard = 0\n", "").replace("[options]\n", "[options]\nnote = 'mine'\n")
    text = text.replace("[campaign]\n", "[campaign]\nhost_notes = \"runs on the attic box\"\n")
    path.write_text(text)
    camp = Campaign.load(campaign.folder)
    camp.save()
    assert path.read_text() == text
    camp.outage_guard = 2
    camp.options = {}
    camp.save()
    after = path.read_text()
    assert "outage_guard = 2" in after and "note = 'mine'" not in after
    assert 'host_notes = "runs on the attic box"' in after
    assert Campaign.load(campaign.folder).outage_guard == 2


def test_mail_settings_taken_away_leave_the_file_without_them(tmp_path):
    campaign = make_campaign(tmp_path / "war")
    before = commented(campaign)
    camp = Campaign.load(campaign.folder)
    camp.mail = {}
    camp.save()
    after = (campaign.folder / "campaign.toml").read_text()
    assert "[mail" not in after and after.startswith(before[:before.index("[mail]")].rstrip("\n"))
    assert Campaign.load(campaign.folder).mail == {}
