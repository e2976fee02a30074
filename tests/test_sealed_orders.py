"""Sealed orders in beacon mode: when a round closes, every player is mailed every player's seal of the orders as
they will be carried out, and the dice mix in a beacon round published only after that notice. A GM who plays and
changes the stored orders once the dice can be known is then named by every other player's checker; an honest
round passes. A seal tells nothing of the orders it holds; each report opens its player's own, and the report
that ends the game opens them all."""
from __future__ import annotations

import email
import email.policy
import io
import json
import re
from contextlib import redirect_stdout
from datetime import timedelta
from email.utils import format_datetime

import pytest
from conftest import START, TOKENS, make_campaign, order_file, run
from freezegun import freeze_time

from engine import seal as sealing
from pbem import checker
from pbem.campaign import Campaign
from pbem.seal import SEAL_FILE
from tests.support.beacons import BeaconServer, own_chain, own_round

CLOSING = START + timedelta(hours=48)
SEALING = CLOSING + timedelta(minutes=5)
RESOLVING = SEALING + timedelta(minutes=11)
CASTLES = {"gm": "Gifu", "ann": "Edo", "bob": "Odani"}
BLOCK = re.compile(r"^    (\S+) ([0-9a-f]{64})\r?$", re.MULTILINE)


@pytest.fixture(scope="module")
def server():
    found = BeaconServer(own_round)
    yield found
    found.close()


def beacon_settings(server) -> dict:
    chain = own_chain()
    return {"urls": [server.url], "public_key": chain["public_key"], "hash": chain["hash"]}


@pytest.fixture
def table(tmp_path, server):
    """Age of War with a beacon, whose GM plays as "gm"; every order in, the round closed and sealed."""
    campaign = make_campaign(tmp_path / "war", players=tuple(CASTLES), deadline_hours=48,
                             beacon=beacon_settings(server))
    with freeze_time(START + timedelta(hours=1)):
        for player, castle in CASTLES.items():
            order_file(campaign.folder / "inbox", player, 1, [castle], token=TOKENS.get(player, f"{player}-token"))
        assert run("inbox", campaign.folder).code == 0
    with freeze_time(SEALING):
        sealed = run("tick", campaign.folder)
    assert sealed.code == 0 and "orders sealed" in sealed.out, sealed.out + sealed.err
    return campaign


def notice_of(campaign: Campaign, player: str, number: int = 1, attempt: int = 0) -> bytes:
    folder = campaign.folder
    name = f"r{number:04d}-sealed-{attempt}-{player}.eml"
    path = folder / "outbox" / name if (folder / "outbox" / name).is_file() else folder / "sent" / name
    return path.read_bytes()


def as_received(mail: bytes, moment) -> bytes:
    """The notice as the player's own mail provider keeps it: with the Received line it adds on arrival."""
    return f"Received: from mx.example.org by mail.example.org; {format_datetime(moment)}\r\n".encode() + mail


def resolve(campaign: Campaign):
    with freeze_time(RESOLVING):
        resolved = run("tick", campaign.folder)
    assert resolved.code == 0 and "resolved round 1" in resolved.out, resolved.out + resolved.err


def check_as(campaign: Campaign, player: str, tmp_path, arrived=SEALING + timedelta(minutes=1),
             notice: bool = True) -> tuple[int, list[str]]:
    """(exit code, problems) of the player's checker run on the player's reports, and the notice as it arrived."""
    saved = tmp_path / f"notice-{player}.eml"
    saved.write_bytes(as_received(notice_of(campaign, player), arrived))
    reports = [str(p) for p in sorted(campaign.folder.glob(f"rounds/*/reports/{player}.json"))]
    out = io.StringIO()
    with redirect_stdout(out):
        code = checker.main(["--beacon-key", own_chain()["public_key"], *(["--notice", str(saved)] if notice else []),
                             *reports])
    lines = out.getvalue().splitlines()
    assert lines and lines[0].startswith("checked ")
    return code, [line for line in lines if line.startswith("PROBLEM")]


def test_at_the_close_every_player_is_mailed_every_players_seal_and_the_beacon_round_to_come(table):
    sealed = json.loads((table.folder / SEAL_FILE).read_text())
    entries = sealing.entries(sealed["orders"], sealed["nonces"])
    assert sealed["digests"] == sealing.digests(table.dice_secret(), 1, 0, entries)
    assert sealed["orders"]["ann"] == {"targets": ["Edo"]} and sealed["at"] == "2026-03-03T12:05:00Z"
    compared = 0
    for player in CASTLES:
        mail = email.message_from_bytes(notice_of(table, player), policy=email.policy.default)
        text = mail.get_body(("plain",)).get_content()
        assert mail["Subject"].endswith("Round 1: orders sealed") and mail["To"].startswith(player)
        assert dict(BLOCK.findall(text)) == sealed["digests"]
        assert f"beacon {sealed['beacon']['round']} published {sealed['beacon']['published']}" in text
        compared += len(sealed["digests"])
    assert compared == 9
    assert sealed["beacon"]["published"] > "2026-03-03T12:15:00Z"   # more than the margin after the seal


def test_an_honest_sealed_round_passes_every_players_checker_given_the_notice(table, tmp_path):
    resolve(table)
    for player in ("ann", "bob"):
        code, problems = check_as(table, player, tmp_path)
        assert code == 0 and problems == [], problems
    assert run("verify", table.folder).code == 0 and run("replay", table.folder).code == 0


def test_orders_changed_in_the_orders_folder_after_the_seal_are_not_the_ones_resolved(table):
    path = table.orders_dir / "gm.json"
    stored = json.loads(path.read_text())
    path.write_text(json.dumps({**stored, "orders": {"targets": ["Kasugayama"]}}))
    resolve(table)
    assert table.read_json(1, "inputs.json")["orders"]["gm"] == {"targets": ["Gifu"]}


def test_sealed_orders_edited_by_hand_without_their_seals_are_refused_at_resolution(table):
    path = table.folder / SEAL_FILE
    sealed = json.loads(path.read_text())
    sealed["orders"]["gm"] = {"targets": ["Kasugayama"]}
    path.write_text(json.dumps(sealed))
    with freeze_time(RESOLVING):
        refused = run("resolve", table.folder)
    assert refused.code != 0 and "changed after the notice" in refused.err
    assert table.resolved_rounds() == [0]


def test_a_gm_who_plays_and_reseals_his_orders_once_the_dice_are_known_is_named_by_every_other_checker(table,
                                                                                                       tmp_path):
    # the beacon round is out: the GM, who holds the secret, works out the dice, picks new orders and makes their
    # seal anew, so that pbem itself finds nothing wrong with the file
    path = table.folder / SEAL_FILE
    sealed = json.loads(path.read_text())
    sealed["orders"]["gm"] = {"targets": ["Kasugayama"]}
    sealed["digests"] = sealing.digests(table.dice_secret(), 1, 0, sealing.entries(sealed["orders"], sealed["nonces"]))
    path.write_text(json.dumps(sealed))
    resolve(table)
    named = 0
    for player in ("ann", "bob"):
        code, problems = check_as(table, player, tmp_path)
        assert code == 1 and any("gm's orders resolved are not the ones sealed" in p for p in problems), problems
        assert not any("ann's" in p or "bob's" in p for p in problems), problems   # no false follow-on
        named += 1
    assert named == 2
    code, problems = check_as(table, "ann", tmp_path, notice=False)   # without the notice: it says what is missing
    assert code == 1 and any("give the sealed-orders notice you received" in p for p in problems), problems


def test_a_notice_that_reached_the_player_after_its_beacon_round_was_out_shows_a_clock_set_back(table, tmp_path):
    resolve(table)
    published = json.loads((table.folder / "rounds/0001/dice.json").read_text())["seal"]
    late = SEALING + timedelta(minutes=20)   # stamped 12:05, it left the GM's machine after the round was out
    _, problems = check_as(table, "ann", tmp_path, arrived=late)
    assert published["at"] == "2026-03-03T12:05:00Z"
    assert any("reached you at" in p and "could have been sealed knowing the dice" in p for p in problems), problems


def test_each_report_opens_its_own_players_seal_and_no_other(table):
    resolve(table)
    dice = json.loads((table.folder / "rounds/0001/dice.json").read_text())
    opened = 0
    for player, castle in CASTLES.items():
        report = json.loads((table.folder / f"rounds/0001/reports/{player}.json").read_text())
        own = report["sealed"]
        assert own["entry"]["orders"] == {"targets": [castle]}
        assert sealing.digest(1, 0, player, own["salt"], own["entry"]) == dice["seal"]["digests"][player]
        others = [p for p in CASTLES if p != player]
        salts = {sealing.salt(table.dice_secret(), 1, 0, p) for p in others}
        assert not any(salt in json.dumps(report) for salt in salts)
        opened += 1
    assert opened == 3 and "openings" not in dice


def test_a_players_notice_depends_on_another_players_orders_only_through_that_players_seal(tmp_path, server):
    """Tables alike but for bob's orders and nonce: ann's notice differs in bob's seal alone, byte for byte."""
    notices = []
    for index, (castles, nonce) in enumerate([(["Odani"], ""), (["Kasugayama"], ""), (["Odani", "Edo"], ""),
                                              (["Odani"], "heron")]):
        campaign = make_campaign(tmp_path / str(index) / "war", players=("ann", "bob"), deadline_hours=48,
                                 beacon=beacon_settings(server))
        with freeze_time(START + timedelta(hours=1)):
            order_file(campaign.folder / "inbox", "ann", 1, ["Edo"], token=TOKENS["ann"])
            order_file(campaign.folder / "inbox", "bob", 1, castles, token=TOKENS["bob"], nonce=nonce)
            run("inbox", campaign.folder)
        with freeze_time(SEALING):
            run("tick", campaign.folder)
        notices.append(notice_of(campaign, "ann"))
    seals = [dict(BLOCK.findall(email.message_from_bytes(n, policy=email.policy.default)
                                .get_body(("plain",)).get_content())) for n in notices]
    compared = 0
    for notice, seal in zip(notices[1:], seals[1:]):
        assert seal["ann"] == seals[0]["ann"] and seal["bob"] != seals[0]["bob"] and notice != notices[0]
        # with bob's seal taken out (the digest as it stands in the mail's bytes), nothing else differs
        assert notice.replace(seal["bob"].encode(), b"<seal>") == notices[0].replace(seals[0]["bob"].encode(),
                                                                                     b"<seal>")
        compared += 1
    assert compared == 3


def test_a_rollback_while_a_round_is_sealed_takes_its_seal_and_unsent_notices_to_the_archive(table):
    resolve(table)
    with freeze_time(RESOLVING + timedelta(hours=48, minutes=5)):   # round 2 closes, nobody sent orders
        assert "orders sealed" in run("tick", table.folder).out
        assert json.loads((table.folder / SEAL_FILE).read_text())["round"] == 2
        assert run("rollback", table.folder, "--to", "0", "--reason", "a castle was misread").code == 0
    assert not (table.folder / SEAL_FILE).exists()
    archived = table.folder / "archive" / "rollback-01"
    assert json.loads((archived / SEAL_FILE).read_text())["round"] == 2
    assert not list((table.folder / "outbox").glob("r0002-sealed-*"))
    assert len(list((archived / "outbox").glob("r0002-sealed-*"))) == 3


def test_a_notice_lost_when_a_command_was_killed_after_the_seal_is_posted_again_the_same(table):
    mail = notice_of(table, "bob")
    (table.folder / "outbox" / "r0001-sealed-0-bob.eml").unlink()
    with freeze_time(SEALING + timedelta(minutes=1)):
        assert run("tick", table.folder).code == 0
    assert notice_of(table, "bob") == mail
    assert len(list((table.folder / "outbox").glob("r0001-sealed-*"))) == 3


def test_a_spanish_player_reads_the_notice_in_spanish_with_the_same_block(tmp_path, server):
    campaign = make_campaign(tmp_path / "guerra", deadline_hours=48, beacon=beacon_settings(server))
    assert run("player", "set", campaign.folder, "ann", "--language", "es").code == 0
    with freeze_time(SEALING):
        assert "orders sealed" in run("tick", campaign.folder).out
    mail = email.message_from_bytes(notice_of(campaign, "ann"), policy=email.policy.default)
    text = mail.get_body(("plain",)).get_content()
    assert "órdenes quedan selladas" in text and "Ronda 1: órdenes selladas" in mail["Subject"]
    assert len(BLOCK.findall(text)) == 3 and "pbem-seal-v1 campaign guerra round 1 attempt 0" in text


@pytest.mark.slow
def test_the_report_that_ends_the_game_opens_every_seal_of_it_and_each_checks_against_its_notice(coin_flip, tmp_path,
                                                                                                  server):
    campaign = make_campaign(tmp_path / "flip", players=("ann", "bob"), game="coin-flip", deadline_hours=48,
                             beacon=beacon_settings(server))
    moment, notices = START, tmp_path / "notices"
    notices.mkdir()
    while not campaign.is_over():
        number = campaign.open_round
        closing = campaign.closing()
        with freeze_time(moment + timedelta(minutes=1)):
            (campaign.folder / "inbox" / f"ann-{number}.toml").write_text(
                f'token = "{TOKENS["ann"]}"\nround = {number}\nplayer = "ann"\ncall = "tails"\n')
            assert run("inbox", campaign.folder).code == 0
        with freeze_time(closing + timedelta(minutes=5)):
            assert "orders sealed" in run("tick", campaign.folder).out
        (notices / f"{number}.eml").write_bytes(as_received(notice_of(campaign, "bob", number),
                                                            closing + timedelta(minutes=6)))
        moment = closing + timedelta(minutes=16)
        with freeze_time(moment):
            assert f"resolved round {number}" in run("tick", campaign.folder).out
        campaign = Campaign.load(campaign.folder)
    last = json.loads((campaign.round_dir(campaign.last_round) / "reports/bob.json").read_text())
    openings = last["dice"]["openings"]
    assert [item["round"] for item in openings] == list(range(1, campaign.last_round + 1)) and len(openings) >= 3
    for item in openings:
        digests = campaign.read_json(item["round"], "dice.json")["seal"]["digests"]
        assert {player: sealing.digest(item["round"], item["attempt"], player, opened["salt"], opened["entry"])
                for player, opened in item["players"].items()} == digests
        assert item["players"]["ann"]["entry"]["orders"] == {"call": "tails"}
    reports = [str(p) for p in sorted(campaign.folder.glob("rounds/*/reports/bob.json"))]
    out = io.StringIO()
    with redirect_stdout(out):
        code = checker.main(["--beacon-key", own_chain()["public_key"], "--notice", str(notices), *reports])
    assert code == 0, out.getvalue()
    assert run("verify", campaign.folder).code == 0 and run("replay", campaign.folder).code == 0


def test_through_real_mail_servers_the_notice_arrives_with_its_time_and_the_checker_reads_it(servers, server,
                                                                                           tmp_path):
    """The sealing tick runs on the real clock, so the player's Dovecot stamps the notice's arrival as it happens;
    the checker reads that stamp from the mail as the player's IMAP client gets it."""
    from pbem import clock
    from tests.support.mailplay import mail_campaign

    now = clock.now().replace(microsecond=0)
    campaign = mail_campaign(tmp_path / "war", servers, deadline_hours=48, start=now - timedelta(hours=48, minutes=2),
                             beacon={**beacon_settings(server), "seal_minutes": 1})
    sealed = run("tick", campaign.folder)   # nobody sent orders: the stand-ins are sealed
    assert sealed.code == 0 and "orders sealed" in sealed.out and "sent" in sealed.out, sealed.out + sealed.err
    with freeze_time(now + timedelta(minutes=3)):   # the beacon round a minute after the seal is out
        resolved = run("tick", campaign.folder)
    assert "resolved round 1" in resolved.out, resolved.out + resolved.err
    arrived = [m for m in servers.messages("bob@example.org") if b"orders sealed" in m]
    assert len(arrived) == 1 and b"\nReceived: " in b"\n" + arrived[0].split(b"\r\n\r\n")[0]
    notices = tmp_path / "bob-notices"
    notices.mkdir()
    (notices / "sealed.eml").write_bytes(arrived[0])
    reports = [str(p) for p in sorted(campaign.folder.glob("rounds/*/reports/bob.json"))]
    out = io.StringIO()
    with redirect_stdout(out):
        code = checker.main(["--beacon-key", own_chain()["public_key"], "--notice", str(notices), *reports])
    assert code == 0 and "1 sealed round" in out.getvalue(), out.getvalue()


def test_a_dry_run_of_a_sealed_round_shows_the_sealed_orders_not_an_order_file_changed_since(table):
    from pbem.rounds import dry_run

    path = table.orders_dir / "gm.json"
    path.write_text(json.dumps({**json.loads(path.read_text()), "orders": {"targets": ["Kasugayama"]}}))
    with freeze_time(SEALING + timedelta(minutes=2)):
        tried = dry_run(Campaign.load(table.folder))
    assert json.loads(tried["files"]["inputs.json"])["orders"]["gm"] == {"targets": ["Gifu"]}
    assert table.resolved_rounds() == [0]
