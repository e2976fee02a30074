"""Every file of a campaign is the GM's alone: tokens sit in welcome letters, nonces in orders, hidden state in
rounds. A campaign played through the shell (orders, rejections, reports, a rollback, mail sent), with the
loosest usual umask, holds no file or folder that the group or others can read."""
from __future__ import annotations

import os

import pytest
from conftest import TOKENS, make_campaign, order_file, run

from tests.support.adversary import readable_by_others


@pytest.fixture
def loose_umask():
    before = os.umask(0o002)
    yield
    os.umask(before)


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
