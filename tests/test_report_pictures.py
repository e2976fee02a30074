"""Each player's picture of the board in the round's record: reports/PLAYER.svg and .png, made from that player's
report alone, hashed in round.json and covered by replay; each distinct SVG of a round drawn as PNG once; the page
that holds it inline sent as it is."""
from __future__ import annotations

import json
import re
from email import message_from_bytes, policy

from conftest import make_campaign, run

from pbem import pictures, render, rounds
from tests.support.hidden import CAMPAIGN, ShellCampaign, position


def test_a_round_records_every_players_svg_and_png_and_hashes_them(campaign):
    assert run("resolve", campaign.folder, "--force").code == 0
    folder = campaign.round_dir(1)
    record = json.loads((folder / "round.json").read_text())
    for player in campaign.player_names:
        for suffix in ("svg", "png"):
            name = f"reports/{player}.{suffix}"
            assert (folder / name).is_file() and name in record["files"]
        page = (folder / f"reports/{player}.html").read_text()   # the mail's: the PNG by its Content-ID
        assert f'src="cid:{render.picture_cid(campaign.name, 1, player)}"' in page and "<svg" not in page


def test_replay_finds_a_picture_changed_or_missing_in_the_record(campaign):
    assert run("resolve", campaign.folder, "--force").code == 0
    assert run("replay", campaign.folder).code == 0
    png = campaign.round_dir(1) / "reports/bob.png"
    drawn = png.read_bytes()
    png.write_bytes(drawn[:-1] + b"\0")
    found = run("replay", campaign.folder)
    assert found.code == 1 and "reports/bob.png differs" in found.out + found.err
    png.write_bytes(drawn)
    (campaign.round_dir(1) / "reports/cho.svg").unlink()
    found = run("replay", campaign.folder)
    assert found.code == 1 and "reports/cho.svg is missing" in found.out + found.err


def test_each_distinct_svg_of_a_round_is_drawn_as_png_once(monkeypatch):
    pos = position("ikusa", 2, 4)
    drawn = []

    def counted(svg: str) -> bytes:
        drawn.append(svg)
        return pictures.svg_to_png.__wrapped__(svg)

    monkeypatch.setattr(rounds, "svg_to_png", counted)
    files = rounds.compute_round(ShellCampaign(CAMPAIGN, pos.game, list(pos.players)), pos.number,
                                 pos.round.inputs, pos.previous_state, "0" * 64, pos.trajectory.secret)
    svgs = [files[f"reports/{player}.svg"].decode() for player in pos.players]
    assert len(pos.players) >= 2 and sorted(drawn) == sorted(set(svgs))
    for player, svg in zip(pos.players, svgs, strict=True):
        assert files[f"reports/{player}.png"] == pictures.svg_to_png.__wrapped__(svg)


def test_an_ikusa_page_with_its_map_is_ascii_in_short_lines_and_goes_in_the_mail_as_it_is(tmp_path):
    camp = make_campaign(tmp_path / "feud", game="ikusa")
    assert run("resolve", camp.folder, "--force").code == 0
    assert run("resolve", camp.folder, "--force").code == 0   # the placement round, then the first of war
    page = (camp.round_dir(2) / "reports/ann.html").read_text()
    assert page.isascii() and "&#333;" in page and max(len(line) for line in page.split("\n")) <= 998
    style = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
    assert "&#" not in style   # a reference is not read in a style sheet, so it must hold none
    [path] = (camp.folder / "outbox").glob("r0002-*-ann.eml")
    html = message_from_bytes(path.read_bytes(), policy=policy.default).get_body(("html",))
    assert html["Content-Transfer-Encoding"] == "7bit"
    assert html.get_content().replace("\r\n", "\n") == page
