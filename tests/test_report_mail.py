"""Every report mail carries the player's own JSON report, attached, so that a player can recheck the dice from
what he received; `[tag] json` sends it again."""
from __future__ import annotations

from email import message_from_bytes, policy

from conftest import order_file, run

from pbem import clock
from pbem.mail_intake import take_raw
from tests.conftest import START
from tests.test_mail_intake import mail


def attachments(raw: bytes) -> dict[str, bytes]:
    message = message_from_bytes(raw, policy=policy.default)
    return {part.get_filename(): part.get_content().encode("utf-8") if isinstance(part.get_content(), str)
            else part.get_content() for part in message.iter_attachments()}


def test_a_report_mail_carries_the_players_own_json_report_byte_for_byte(campaign, tmp_path):
    folder = campaign.folder
    for player, castle in (("ann", "Gifu"), ("bob", "Edo"), ("cho", "Odani")):
        run("orders", "submit", folder, player, order_file(tmp_path, player, 1, [castle], nonce=f"{player}-n"))
    assert run("resolve", folder).code == 0
    compared = 0
    for player in ("ann", "bob", "cho"):
        [path] = (folder / "outbox").glob(f"r0001-*-{player}.eml")
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert message.get_content_type() == "multipart/mixed"
        assert message.get_body(("plain",)).get_content().replace("\r\n", "\n") == \
            (folder / f"rounds/0001/reports/{player}.txt").read_text()
        found = attachments(path.read_bytes())
        assert found == {f"war-round-1-{player}.json": (folder / f"rounds/0001/reports/{player}.json").read_bytes()}
        compared += 1
    assert compared == 3
    raw = path.read_bytes()
    attached = raw[raw.index(b'filename="war-round-1-cho.json"'):]
    assert max(len(line) for line in attached.split(b"\r\n")) <= 76   # quoted-printable's limit
    assert max(len(line) for line in raw.split(b"\r\n")) <= 998        # mail's


def test_a_player_who_asks_for_json_gets_the_last_json_report_attached(campaign):
    with clock.frozen_at(START):
        outcome = take_raw(campaign, mail("", subject="[war] json"))
    assert (outcome.action, outcome.player) == ("request", "ann")
    [path] = (campaign.folder / "outbox").glob("mail-*-ann-*.eml")
    assert attachments(path.read_bytes()) == {
        "war-round-0-ann.json": (campaign.folder / "rounds/0000/reports/ann.json").read_bytes()}
    text = message_from_bytes(path.read_bytes(), policy=policy.default).get_body(("plain",)).get_content()
    assert "every roll with its purpose" in " ".join(text.split())
