"""Every report mail carries the player's own JSON report, attached (gzipped), so that a player can recheck the dice
from what he received, and the player's picture of the board as a PNG the page shows by its Content-ID, since Gmail
and Outlook show no SVG; `[tag] json` sends the JSON again."""
from __future__ import annotations

import gzip
import io
import xml.etree.ElementTree as ET
from email import message_from_bytes, policy

from conftest import order_file, run
from PIL import Image

from pbem import clock
from pbem.mail_intake import take_raw
from pbem.rounds import gzipped
from tests.conftest import START
from tests.support.mails import mail


def attachments(raw: bytes) -> dict[str, bytes]:
    message = message_from_bytes(raw, policy=policy.default)
    return {part.get_filename(): part.get_content().encode("utf-8") if isinstance(part.get_content(), str)
            else part.get_content() for part in message.iter_attachments()}


def test_a_report_mail_carries_the_players_own_json_report_and_picture_byte_for_byte(campaign, tmp_path):
    folder = campaign.folder
    for player, castle in (("ann", "Gifu"), ("bob", "Edo"), ("cho", "Odani")):
        run("orders", "submit", folder, player, order_file(tmp_path, player, 1, [castle], nonce=f"{player}-n"))
    assert run("resolve", folder).code == 0
    compared = 0
    for player in ("ann", "bob", "cho"):
        [path] = (folder / "outbox").glob(f"r0001-*-{player}.eml")
        reports = folder / "rounds/0001/reports"
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert message.get_content_type() == "multipart/mixed"
        assert [part.get_content_type() for part in message.walk()] == [
            "multipart/mixed", "multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png",
            "application/gzip"]
        assert message.get_body(("plain",)).get_content().replace("\r\n", "\n") == \
            (reports / f"{player}.txt").read_text()
        page = message.get_body(("html",)).get_content().replace("\r\n", "\n")
        svg = (reports / f"{player}.svg").read_text("utf-8")
        assert page == (reports / f"{player}.html").read_text() and "<svg " in svg and "<svg" not in page
        [related] = [part for part in message.walk() if part.get_content_type() == "multipart/related"]
        assert related.get_param("type") == "text/html"
        [image] = [part for part in related.iter_parts() if part.get_content_type() == "image/png"]
        cid = image["Content-ID"].strip("<>")
        assert page.count(f'<img src="cid:{cid}"') == 1 and image.get_content_disposition() == "inline"
        found = attachments(path.read_bytes())
        assert sorted(found) == [f"war-round-1-{player}.json.gz"]   # the picture is the page's, not attached
        assert gzip.decompress(found[f"war-round-1-{player}.json.gz"]) == (reports / f"{player}.json").read_bytes()
        png = image.get_content()
        assert png == (reports / f"{player}.png").read_bytes()
        with Image.open(io.BytesIO(png)) as picture:
            root = ET.fromstring(svg)
            assert picture.format == "PNG" and picture.size == (int(root.get("width")), int(root.get("height")))
        compared += 1
    assert compared == 3
    raw = path.read_bytes()
    for name in (b"war-round-1-cho.json.gz", b"war-round-1-cho.png"):   # base64: lines of 76
        attached = raw[raw.index(b'filename="' + name):]
        assert max(len(line) for line in attached.split(b"\r\n")) <= 76
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998        # mail's


def test_the_json_attachment_is_gzip_that_names_no_time_or_file_and_unpacks_to_the_same_bytes():
    data = b'{"round":1,"player":"ann"}\n' * 300
    packed = gzipped(data)
    assert packed[:10] == b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"   # no flags, no name, time 0, system unknown
    assert gzip.decompress(packed) == data and gzipped(data) == packed and len(packed) < len(data) // 20
    with gzip.GzipFile(fileobj=io.BytesIO(packed)) as unpacked:
        assert unpacked.read() == data and unpacked.mtime == 0


def test_a_player_who_asks_for_json_gets_the_last_json_report_attached(campaign):
    with clock.frozen_at(START):
        outcome = take_raw(campaign, mail("", subject="[war] json"))
    assert (outcome.action, outcome.player) == ("request", "ann")
    [path] = (campaign.folder / "outbox").glob("mail-*-ann-*.eml")
    assert attachments(path.read_bytes()) == {
        "war-round-0-ann.json": (campaign.folder / "rounds/0000/reports/ann.json").read_bytes()}
    text = message_from_bytes(path.read_bytes(), policy=policy.default).get_body(("plain",)).get_content()
    assert "every roll with its purpose" in " ".join(text.split())
