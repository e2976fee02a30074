"""Beacon mode: once a round has closed its orders are sealed, and its dice also mix in the first drand round
published more than the margin after the seal, fetched from a drand-like server on loopback and believed only when
its signature checks. The round never resolves early, takes no orders once closed, keeps its deadline once passed,
waits (and says so) when the beacon cannot be had, and verify and the player's checker recheck every beacon round
offline."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest
from conftest import START, TOKENS, make_campaign, order_file, run
from freezegun import freeze_time

from engine.beacon import MAINNET, round_after
from engine.dice import Dice
from pbem import checker
from pbem.campaign import Campaign
from pbem.rounds import compute_round, round_hash
from tests.support.beacons import RECORDED, BeaconServer, kept_notices, own_chain, own_round

CASTLES = {"ann": "Gifu", "bob": "Edo", "cho": "Odani"}
CLOSING = START + timedelta(hours=48)
AFTER = CLOSING + timedelta(minutes=5)   # the first tick after the close: it seals the orders
MARGIN = timedelta(minutes=10)           # [beacon] seal_minutes, by default
RESOLVING = AFTER + MARGIN + timedelta(minutes=1)   # the beacon round after the seal is out


@pytest.fixture(scope="module")
def server():
    found = BeaconServer(own_round)
    yield found
    found.close()


@pytest.fixture
def beaconed(tmp_path, server):
    """A 3-player Age of War campaign whose dice mix in the test chain's beacon, orders due 48 hours on."""
    server.down = server.forged = False
    server.asked.clear()
    chain = own_chain()
    return make_campaign(tmp_path / "war", deadline_hours=48,
                         beacon={"urls": [server.url], "public_key": chain["public_key"], "hash": chain["hash"]})


def send_orders(folder, number: int, nonce: str = ""):
    for player, castle in CASTLES.items():
        order_file(folder / "inbox", player, number, [castle], token=TOKENS[player], nonce=nonce)
    return run("inbox", folder)


def the_beacon_round_of(sealed: datetime) -> int:
    """The beacon round of orders sealed at that moment: the first published more than the margin after it."""
    return round_after(int((sealed + MARGIN).timestamp()), MAINNET)


def close_and_resolve(folder, sealing: datetime = AFTER):
    """The tick that seals the orders and waits, then the one that resolves once the beacon round is out."""
    sealed = run("tick", folder)
    assert sealed.code == 0 and "orders sealed" in sealed.out, sealed.out + sealed.err
    with freeze_time(sealing + MARGIN + timedelta(minutes=1)):
        return run("tick", folder)


def test_the_report_that_opens_a_round_names_its_beacon_round_which_nobody_can_know_yet(beaconed):
    welcome = json.loads((beaconed.folder / "rounds/0000/reports/ann.json").read_text())
    named = welcome["dice"]["next_beacon"]
    assert named["round"] == the_beacon_round_of(CLOSING) and named["closing"] == welcome["deadline"]
    assert named["margin"] == 600
    assert named["published"] > named["closing"] == "2026-03-03T12:00:00Z"
    text = (beaconed.folder / "rounds/0000/reports/ann.txt").read_text()
    assert f"drand beacon round {named['round']}" in text


def test_with_every_order_in_a_beacon_round_still_waits_for_its_deadline_even_when_forced(beaconed, server):
    with freeze_time(START + timedelta(hours=1)):
        assert send_orders(beaconed.folder, 1).code == 0
        assert run("tick", beaconed.folder).out == ""
        forced = run("resolve", beaconed.folder, "--force")
    assert forced.code == 2 and "never early" in forced.err
    assert beaconed.resolved_rounds() == [0] and server.asked == []


def test_after_the_deadline_the_dice_mix_in_the_first_beacon_round_after_the_seal_and_verify_rechecks_it(beaconed):
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1, nonce="heron")
    with freeze_time(AFTER):
        ticked = close_and_resolve(beaconed.folder)
    assert ticked.code == 0 and "resolved round 1" in ticked.out, ticked.out + ticked.err
    dice = json.loads((beaconed.folder / "rounds/0001/dice.json").read_text())
    beacon = dice["beacon"]
    expected = own_round(the_beacon_round_of(AFTER))
    assert dice["seal"]["at"] == "2026-03-03T12:05:00Z" and dice["seal"]["margin"] == 600
    assert beacon["round"] == expected.round and beacon["randomness"] == expected.randomness
    assert beacon["closing"] == "2026-03-03T12:00:00Z"
    seed = bytes.fromhex(dice["seed"])
    with_beacon = Dice.for_round(seed, dice["nonces"], expected.randomness)
    without = Dice.for_round(seed, dice["nonces"])
    assert with_beacon.key != without.key
    assert [with_beacon.roll(r["sides"], r["purpose"]) for r in dice["rolls"]] == [r["value"] for r in dice["rolls"]]
    assert f"drand round {expected.round}" in (beaconed.folder / "rounds/0001/reports/bob.txt").read_text()
    assert run("verify", beaconed.folder).code == 0 and run("replay", beaconed.folder).code == 0


def test_orders_sent_after_the_round_closed_are_refused_and_the_ones_before_stand(beaconed):
    with freeze_time(START + timedelta(hours=1)):
        order_file(beaconed.folder / "inbox", "ann", 1, ["Gifu"], token=TOKENS["ann"])
        run("inbox", beaconed.folder)
    with freeze_time(CLOSING):
        order_file(beaconed.folder / "inbox", "ann", 1, ["Odani"], token=TOKENS["ann"], nonce="late")
        late = run("inbox", beaconed.folder)
    assert late.code == 2
    answer = max((beaconed.folder / "outbox").glob("ack-*-ann.eml"), key=lambda p: p.stat().st_mtime).read_text()
    assert "closed at 2026-03-03T12:00:00Z" in answer
    assert beaconed.pending_orders()["ann"]["orders"]["targets"] == ["Gifu"]


def test_when_the_beacon_cannot_be_had_the_round_waits_and_every_tick_says_so_until_it_can(beaconed, server):
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    server.down = True
    with freeze_time(AFTER):
        assert "orders sealed" in run("tick", beaconed.folder).out
    with freeze_time(RESOLVING):
        first = run("tick", beaconed.folder)
        second = run("tick", beaconed.folder)
    for ticked in (first, second):
        assert ticked.code == 1 and "waits for the beacon" in ticked.err, ticked.out + ticked.err
    assert beaconed.resolved_rounds() == [0]
    server.down = False
    with freeze_time(RESOLVING + timedelta(minutes=5)):
        assert "resolved round 1" in run("tick", beaconed.folder).out


def test_a_beacon_round_whose_signature_does_not_check_is_never_used(beaconed, server):
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    server.forged = True
    with freeze_time(AFTER):
        ticked = close_and_resolve(beaconed.folder)
    assert ticked.code == 1 and "signature does not check" in ticked.err
    assert beaconed.resolved_rounds() == [0]


def test_a_beacon_round_not_yet_published_is_not_asked_for_and_the_tick_says_so_once(beaconed, server):
    number = the_beacon_round_of(AFTER)
    published = datetime.fromtimestamp(MAINNET["genesis_time"] + (number - 1) * MAINNET["period"], tz=timezone.utc)
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    with freeze_time(AFTER):
        sealed = run("tick", beaconed.folder)
    with freeze_time(published - timedelta(seconds=1)):   # sealed, but its beacon round not out yet
        waiting = run("tick", beaconed.folder)
    assert sealed.code == 0 and f"once beacon round {number} is out" in sealed.out
    assert waiting.code == 0 and waiting.out == "" and server.asked == []   # no failure, said once
    assert beaconed.resolved_rounds() == [0]


def test_a_deadline_moves_before_it_passes_with_its_new_beacon_round_told_to_everyone_but_never_after(beaconed):
    with freeze_time(START + timedelta(hours=10)):
        moved = run("deadline", beaconed.folder, "--extend", "1d")
    assert moved.code == 0
    new_closing = CLOSING + timedelta(days=1)
    told = sorted((beaconed.folder / "outbox").glob("deadline-r0001-*"))
    assert len(told) == 3
    assert all(f"drand beacon round {the_beacon_round_of(new_closing)}" in p.read_text().replace("\n", " ")
               for p in told)
    with freeze_time(new_closing + timedelta(seconds=1)):
        refused = run("deadline", beaconed.folder, "--extend", "1d")
    assert refused.code == 2 and "cannot be moved once it has passed" in refused.err
    with freeze_time(START + timedelta(hours=11)):
        send_orders(beaconed.folder, 1)
    with freeze_time(AFTER):   # the first deadline passed, but it was moved
        assert run("tick", beaconed.folder).out == ""
    with freeze_time(new_closing + timedelta(minutes=5)):
        assert "resolved round 1" in close_and_resolve(beaconed.folder, new_closing + timedelta(minutes=5)).out
    assert json.loads((beaconed.folder / "rounds/0001/dice.json").read_text())["beacon"]["round"] == \
        the_beacon_round_of(new_closing + timedelta(minutes=5))
    assert run("verify", beaconed.folder).code == 0


def test_a_campaign_with_a_beacon_needs_a_deadline_and_does_not_wait_for_late_orders(tmp_path):
    refused = run("new", tmp_path / "a", "--game", "age-of-war", "--beacon", "--player", "ann=a@x.org",
                  "--player", "bob=b@x.org")
    assert refused.code == 2 and "needs a deadline" in refused.err and not (tmp_path / "a").exists()
    refused = run("new", tmp_path / "b", "--game", "age-of-war", "--beacon", "--deadline-hours", "48",
                  "--missing-orders", "wait", "--player", "ann=a@x.org", "--player", "bob=b@x.org")
    assert refused.code == 2 and "cannot be 'wait'" in refused.err
    made = run("new", tmp_path / "c", "--game", "age-of-war", "--beacon", "--deadline-hours", "48",
               "--player", "ann=a@x.org", "--player", "bob=b@x.org")
    assert made.code == 0 and "beacon" in made.out
    settings = Campaign.load(tmp_path / "c").beacon
    assert settings == {"urls": ["https://api.drand.sh", "https://drand.cloudflare.com"]}


def test_a_rollback_reopens_the_round_with_a_deadline_and_a_beacon_round_still_to_come(beaconed):
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    with freeze_time(AFTER):
        close_and_resolve(beaconed.folder)
    with freeze_time(RESOLVING):
        undone = json.loads((beaconed.folder / "rounds/0001/dice.json").read_text())["beacon"]
        assert run("rollback", beaconed.folder, "--to", "0", "--reason", "bob's orders were lost").code == 0
    rerun = json.loads((beaconed.folder / "rerun.json").read_text())
    assert rerun["beacon"]["round"] > undone["round"] and rerun["beacon"]["closing"] == "2026-03-05T12:16:00Z"
    notice = (beaconed.folder / "outbox/rollback-01-bob.eml").read_text()
    assert f"drand beacon round {rerun['beacon']['round']}" in notice.replace("\n", " ")
    with freeze_time(RESOLVING + timedelta(hours=1)):
        assert run("resolve", beaconed.folder, "--force").code == 2   # the re-run closes afresh
        send_orders(beaconed.folder, 1, nonce="again")
    with freeze_time(RESOLVING + timedelta(hours=48, minutes=5)):
        assert "resolved round 1" in close_and_resolve(beaconed.folder, RESOLVING + timedelta(hours=48, minutes=5)).out
    again = json.loads((beaconed.folder / "rounds/0001/dice.json").read_text())["beacon"]
    assert again["round"] == the_beacon_round_of(RESOLVING + timedelta(hours=48, minutes=5)) >= rerun["beacon"]["round"]
    assert json.loads((beaconed.folder / "rounds/0001/dice.json").read_text())["seal"]["attempt"] == 1
    assert run("verify", beaconed.folder).code == 0 and run("replay", beaconed.folder).code == 0


def resolved(beaconed) -> None:
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    with freeze_time(AFTER):
        assert "resolved round 1" in close_and_resolve(beaconed.folder).out


def rewrite_round(campaign: Campaign, number: int, change) -> None:
    """What a GM with the secret can do: change a round's inputs and compute the whole round again, every hash
    in it consistent."""
    folder = campaign.round_dir(number)
    inputs = json.loads((folder / "inputs.json").read_text())
    change(inputs)
    before = campaign.round_dir(number - 1)
    files = compute_round(campaign, number, inputs, json.loads((before / "state.json").read_text()),
                          round_hash((before / "round.json").read_bytes()), campaign.dice_secret())
    for name, data in files.items():
        (folder / name).write_bytes(data)


@pytest.mark.parametrize("change, found", [
    ("earlier round", "earlier than the round"),
    ("forged signature", "signature does not check"),
    ("other chain", "another chain"),
    ("no beacon", "resolved without the beacon"),
    ("sealed before the close", "before the round closed"),
    ("beacon too soon after the seal", "not the first one published more than 600 seconds after"),
])
def test_verify_finds_a_round_rewritten_with_a_beacon_round_the_gm_chose(beaconed, change, found):
    resolved(beaconed)
    number = the_beacon_round_of(AFTER)

    def edit(inputs):
        if change == "earlier round":   # a round published before the orders closed: the GM could know it
            inputs["beacon"] |= own_round(number - 10).record() | {"closing": "2026-03-03T11:55:00Z"}
        elif change == "forged signature":
            inputs["beacon"]["signature"] = own_round(number + 1).signature
        elif change == "other chain":
            inputs["beacon"]["public_key"] = MAINNET["public_key"]
        elif change == "sealed before the close":   # orders could still come in after the seal
            inputs["seal"]["at"] = "2026-03-03T11:50:00Z"
            inputs["beacon"] |= own_round(the_beacon_round_of(CLOSING - timedelta(minutes=10))).record()
        elif change == "beacon too soon after the seal":   # a round out before the notice reached the players
            inputs["beacon"] |= own_round(number - 19).record()
        else:
            del inputs["beacon"]

    rewrite_round(beaconed, 1, edit)
    result = run("verify", beaconed.folder)
    assert result.code == 1 and found in result.out + result.err, result.out + result.err


def reports_of(campaign: Campaign, player: str) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(campaign.folder.glob(f"rounds/*/reports/{player}.json"))]


def test_the_players_checker_rechecks_the_beacon_and_names_a_chain_that_is_not_drand_mainnet(beaconed):
    resolved(beaconed)
    key = own_chain()["public_key"]
    seals = kept_notices(beaconed.folder, "cho", beaconed.folder.parent / "notices")
    problems, counts = checker.check(reports_of(beaconed, "cho"), {}, key, seals=seals)
    assert problems == [] and counts["beacons"] == 1 and counts["rolls"] > 0
    problems, _ = checker.check(reports_of(beaconed, "cho"), {})
    assert any("not drand mainnet" in p for p in problems)
    reports = reports_of(beaconed, "cho")
    reports[1]["dice"]["beacon"]["signature"] = own_round(reports[1]["dice"]["beacon"]["round"] + 1).signature
    problems, _ = checker.check(reports, {}, key)
    assert any("signature does not check" in p for p in problems)
    reports = reports_of(beaconed, "cho")
    del reports[1]["dice"]["beacon"]
    problems, _ = checker.check(reports, {}, key)
    assert any("without the beacon round" in p for p in problems)


def test_a_round_resolved_with_a_real_drand_mainnet_round_checks_with_verify_and_the_players_checker(tmp_path):
    """Round 3311596 of drand mainnet, as published: a campaign whose round 1 closes just before it."""
    real = RECORDED[0][0]
    published = MAINNET["genesis_time"] + (real.round - 1) * MAINNET["period"]
    closing = datetime.fromtimestamp(published - 100, tz=timezone.utc)
    server = BeaconServer(lambda n: real if n == real.round else None)
    try:   # sealed 80 seconds before the round is out, with a margin of a minute: that round is the one
        campaign = make_campaign(tmp_path / "real", deadline_hours=48, beacon={"urls": [server.url], "seal_minutes": 1},
                                 start=closing - timedelta(hours=48))
        with freeze_time(closing - timedelta(hours=1)):
            send_orders(campaign.folder, 1)
        with freeze_time(closing + timedelta(seconds=20)):
            assert "orders sealed" in run("tick", campaign.folder).out
        with freeze_time(closing + timedelta(minutes=2)):
            ticked = run("tick", campaign.folder)
        assert "resolved round 1" in ticked.out, ticked.out + ticked.err
    finally:
        server.close()
    dice = json.loads((campaign.folder / "rounds/0001/dice.json").read_text())
    assert dice["beacon"]["round"] == real.round and dice["beacon"]["randomness"] == RECORDED[0][1]
    assert run("verify", campaign.folder).code == 0
    problems, counts = checker.check(reports_of(campaign, "ann"), {},
                                     seals=kept_notices(campaign.folder, "ann", tmp_path / "notices"))
    assert problems == [] and counts["beacons"] == 1


def test_status_tells_the_gm_which_beacon_round_the_open_round_waits_for(beaconed):
    shown = run("status", beaconed.folder)
    number = the_beacon_round_of(CLOSING)
    assert shown.code == 0 and f"Beacon:     drand round {number}" in shown.out and "at the earliest" in shown.out
    assert json.loads(run("status", beaconed.folder, "--json").out)["beacon"]["round"] == number
    with freeze_time(START + timedelta(hours=1)):
        send_orders(beaconed.folder, 1)
    with freeze_time(AFTER):
        run("tick", beaconed.folder)
        shown = run("status", beaconed.folder)
    assert f"drand round {the_beacon_round_of(AFTER)}" in shown.out and "sealed at 2026-03-03T12:05:00Z" in shown.out
