"""Every file of a campaign is the GM's alone: tokens sit in welcome letters, nonces in orders, hidden state in
rounds. A campaign played through the shell (orders, rejections, reports, a rollback, mail sent), with the
loosest usual umask, holds no file or folder that the group or others can read."""
from __future__ import annotations

import os
import stat

import pytest
from conftest import TOKENS, make_campaign, order_file, run


@pytest.fixture
def loose_umask():
    before = os.umask(0o002)
    yield
    os.umask(before)


def readable_by_others(folder) -> tuple[list[str], int]:
    """What group or others may read, write or enter under a folder, and how many paths were looked at."""
    found, looked = [], 0
    for root, folders, files in os.walk(folder):
        for name in [*folders, *files, ""]:
            path = os.path.join(root, name) if name else root
            looked += 1
            if os.lstat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO):
                found.append(os.path.relpath(path, folder))
    return found, looked


def test_a_played_campaign_holds_nothing_the_group_or_others_can_read(tmp_path, loose_umask):
    campaign = make_campaign(tmp_path / "war", deadline_hours=48)
    folder = campaign.folder
    for number in (1, 2):
        for player, castle in (("ann", "Gifu"), ("bob", "Edo"), ("cho", "Odani")):
            order_file(folder / "inbox", player, number, [castle], token=TOKENS[player], nonce=f"n{number}")
        (folder / "inbox" / "bad.toml").write_text('player = "bob"\nround = 99\n')
        run("inbox", folder)
        assert run("resolve", folder).code == 0
    assert run("rollback", folder, "--to", "1", "--reason", "a test").code == 0
    run("deadline", folder, "--extend", "1d")
    run("report", folder, "ann")
    found, looked = readable_by_others(folder)
    assert looked > 60
    assert found == []


def test_a_new_campaign_made_by_the_command_is_private_from_its_first_file(tmp_path, loose_umask):
    made = run("new", tmp_path / "feud", "--game", "ikusa", "--player", "ann=a@x.org", "--player", "bob=b@x.org")
    assert made.code == 0
    found, looked = readable_by_others(tmp_path / "feud")
    assert looked > 10 and found == []
