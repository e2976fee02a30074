"""Hostile mail: injected headers, archives and executables, broken MIME, forged senders, stolen tags and
tokens, hostile file names. Each is handled: nothing crashes, nothing is executed or written outside the
campaign, nobody but a registered player is ever answered, and no answer carries a secret."""
from __future__ import annotations

import pytest

from pbem.campaign import Campaign
from tests.conftest import make_campaign, run
from tests.support.harness import registered, table_for
from tests.support.hostile import cases, orders_for, take_hostile


@pytest.fixture
def watched_temp(tmp_path, monkeypatch):
    """The temp folder moved into the test's own, where what a hostile name aims at is watched. The compiled
    templates' cache (pbem.render._compiled_templates, made once a process in the temp folder of the moment) is
    made first, outside it: a template compiled for an answer is written there by design, whichever test of the
    process first renders."""
    import tempfile

    from pbem import render

    render._compiled_templates()
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.name)
def test_hostile_mail_is_handled_without_harm(tmp_path, case, watched_temp):
    """Everything outside the campaign is watched: the folders around it, and the temp folder."""
    camp = make_campaign(tmp_path / "campaigns" / "war")
    assert take_hostile(camp, case, tmp_path) == []


def test_the_cases_that_must_be_refused_are_refused(tmp_path):
    """The check above can fail: a case that must not be accepted is caught when it is."""
    from dataclasses import replace

    from tests.conftest import TOKENS
    from tests.support.hostile import ORDERS, Case, _basic, _message

    camp = make_campaign(tmp_path / "campaigns" / "war")
    valid = Case("plain orders", _message(_basic(), ORDERS))
    assert take_hostile(camp, valid, tmp_path) == ["orders taken that must not be"]
    assert take_hostile(camp, replace(valid, raw=valid.raw.replace(b"h1@", b"h2@"), may_accept=True), tmp_path) == []
    assert TOKENS["ann"] in ORDERS


@pytest.mark.parametrize("name", ["../evil", "a/b", "-rf", "x" * 40, "ünïcode", ".hidden", "a\nb"])
def test_no_player_or_campaign_name_can_reach_outside_the_folder(tmp_path, name):
    player = run("new", tmp_path / "war", "--game", "age-of-war", "--player", f"{name}=a@example.org",
                 "--player", "bob=b@example.org")
    campaign = run("new", tmp_path / "feud", "--name", name, "--game", "age-of-war",
                   "--player", "ann=a@example.org", "--player", "bob=b@example.org")
    assert player.code == 2 and campaign.code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_an_inbox_file_name_never_names_a_path(tmp_path):
    camp = make_campaign(tmp_path / "war")
    (camp.folder / "inbox" / "a..;rm -rf ~;$(id).toml").write_text("round = 1\n")
    (camp.folder / "inbox" / ("x" * 250 + ".toml")).write_text("round = 1\n")
    run("inbox", camp.folder)
    kept = sorted(p.name for p in (camp.folder / "received").iterdir())
    assert len(kept) == 2 and all("/" not in name and len(name) <= 100 for name in kept)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war"]


def test_a_mail_whose_head_would_cost_the_header_parser_dear_is_set_aside_unread(tmp_path, monkeypatch):
    """A Content-Type of 5,000 parameters (25 KB) cost Python's header parser 3 s a reading: such a head is
    measured first and the mail set aside without parsing it, in the mail's head or in any part's."""
    import email.parser

    from pbem.mail_intake import take_raw
    from tests.support.hostile import _basic, _message, _multipart

    def never(*args, **kwargs):
        raise AssertionError("the header parser was given the mail")

    camp = make_campaign(tmp_path / "war")
    bomb = _message(_basic(), "x", content_type="text/plain; " + "a=b; " * 5000)
    in_a_part = _multipart([("text/plain; " + "a=b; " * 5000, {}, b"x")])
    monkeypatch.setattr(email.parser.BytesParser, "parsebytes", never)
    monkeypatch.setattr(email.parser.BytesHeaderParser, "parsebytes", never)
    for raw in (bomb, in_a_part):
        outcome = take_raw(camp, raw)
        assert outcome.action == "set aside" and "header field" in outcome.detail


@pytest.mark.slow
@pytest.mark.parametrize("game", registered())
def test_every_games_own_orders_in_hostile_mail_are_taken_only_where_the_case_allows(tmp_path, game, watched_temp):
    """The battery again with each game's own good orders in it (its default orders for ann): what may be taken is
    taken, the rest refused, and nothing is harmed; at least one case must take them, or nothing was compared."""
    import shutil

    made = make_campaign(tmp_path / "made" / "war", players=table_for(game), game=game)
    taken = 0
    for number, case in enumerate(cases(orders_for(made))):
        folder = tmp_path / "campaigns" / str(number) / "war"
        shutil.copytree(made.folder, folder)
        camp = Campaign.load(folder)
        assert take_hostile(camp, case, tmp_path) == [], case.name
        taken += (folder / "orders" / "ann.json").is_file()
    assert taken >= 5, f"{game}: only {taken} cases took the orders"
