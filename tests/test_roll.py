"""Dice on demand (pbem/roll.py): `pbem roll DIR EXPR --for WHY`, and the same by mail from the GM, drawn from the
open round's committed seed on a stream of its own, told to the GM at once, recorded in the round's inputs, shown
with every die in every player's next report (text, page, JSON), rechecked by `pbem verify` and the player's
checker (which report a changed die, a gap in the sequence and a purpose rolled twice), never moving the game's
own dice, and replayed byte for byte."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from pbem import checker, clock, roll
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.mail_intake import take_mail, take_raw
from pbem.mailorders import read_mail
from tests.conftest import ROOT, START, make_campaign, pbem_env, run, tree
from tests.support.schemas import validator

PLAYERS = ("ann", "bob", "cho")


@pytest.fixture
def now():
    with clock.frozen_at(START):
        yield


def rolled(campaign: Campaign, *args) -> str:
    done = run("roll", campaign.folder, *args)
    assert done.code == 0, done.err
    return done.out


def resolved(campaign: Campaign) -> int:
    assert run("resolve", campaign.folder, "--force").code == 0
    return campaign.last_round


def report(campaign: Campaign, player: str, suffix: str = "txt", number: int = 1) -> str:
    return (campaign.round_dir(number) / "reports" / f"{player}.{suffix}").read_text("utf-8")


def received(campaign: Campaign, player: str) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(campaign.folder.glob(f"rounds/*/reports/{player}.json"))]


def mail(subject: str, *, sender="gm@example.org", message_id="<r1@mail.example>", body="") -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "gm@example.org"
    message["Subject"] = subject
    message["Message-ID"] = message_id
    message.set_content(body or "Thanks.\n")
    return message.as_bytes()


def outbox(campaign: Campaign, prefix: str = "") -> dict[str, EmailMessage]:
    return {path.stem: message_from_bytes(path.read_bytes(), policy=policy.default)
            for path in sorted((campaign.folder / "outbox").glob(f"{prefix}*.eml"))}


@pytest.mark.parametrize("text, parts", [
    ("3d6", {"expression": "3d6", "count": 3, "sides": 6}),
    ("2d12+1", {"expression": "2d12+1", "count": 2, "sides": 12, "modifier": 1}),
    ("1d20-2", {"expression": "1d20-2", "count": 1, "sides": 20, "modifier": -2}),
    ("5d6>=5", {"expression": "5d6>=5", "count": 5, "sides": 6, "at_least": 5}),
    ("d100", {"expression": "1d100", "count": 1, "sides": 100}),
    (" 4D8 + 0 ", {"expression": "4d8", "count": 4, "sides": 8}),
    ("100d1000", {"expression": "100d1000", "count": 100, "sides": 1000}),
])
def test_dice_expressions_are_read_as_dice_sides_and_a_modifier_or_a_threshold_of_success(text, parts):
    assert roll.parse(text) == parts


@pytest.mark.parametrize("text, said", [
    ("3x6", "is not a dice expression"), ("3d", "is not a dice expression"), ("", "is not a dice expression"),
    ("3d6+", "is not a dice expression"), ("3d6>5", "is not a dice expression"), ("3d-6", "is not a dice expression"),
    ("0d6", "from 1 to 100 dice, not 0"), ("101d6", "from 1 to 100 dice, not 101"),
    ("3d1", "2 to 1000 sides, not 1"), ("3d1001", "2 to 1000 sides, not 1001"),
    ("3d6>=7", "a success is a face from 1 to 6, not 7"), ("3d6>=0", "a success is a face from 1 to 6, not 0"),
    ("1d6+1001", "a modifier from -1000 to +1000"),
])
def test_a_bad_or_unbounded_expression_is_refused_with_exit_2_and_rolls_nothing(campaign, now, text, said):
    before = tree(campaign.folder)
    done = run("roll", campaign.folder, text, "--for", "the siege")
    assert done.code == 2 and said in done.err, done.err
    assert tree(campaign.folder) == before
    with pytest.raises(UserError):
        roll.parse(text)


def test_a_roll_is_told_to_the_gm_at_once_and_shown_with_every_die_in_every_players_next_report(campaign, now):
    first = rolled(campaign, "3d6", "--for", "the siege of Nagashima")
    second = rolled(campaign, "5d6>=5", "--for", "the ambush at Okehazama")
    third = rolled(campaign, "2d12+1")
    assert first.startswith("Rolled round 1, roll 0: 3d6 for the siege of Nagashima = ")
    assert second.startswith("Rolled round 1, roll 1: 5d6>=5 for the ambush at Okehazama = ")
    assert third.startswith("Rolled round 1, roll 2: 2d12+1 = ")
    [pending] = [r for r in roll.pending(campaign) if r["seq"] == 0]
    assert pending == {"round": 1, "seq": 0, "expression": "3d6", "purpose": "the siege of Nagashima",
                       "at": clock.stamp(START)}   # kept at once, before the round is resolved
    resolved(campaign)
    inputs = json.loads((campaign.round_dir(1) / "inputs.json").read_text())
    assert [(r["seq"], r["expression"], r["purpose"]) for r in inputs["on_demand"]] == [
        (0, "3d6", "the siege of Nagashima"), (1, "5d6>=5", "the ambush at Okehazama"), (2, "2d12+1", "")]
    assert not list((campaign.folder / "rolls").glob("*.json"))   # recorded in the round, gone from the store
    rolls = json.loads(report(campaign, "ann", "json"))["dice"]["on_demand"]
    siege, ambush, plus = rolls
    assert len(siege["dice"]) == 3 and siege["result"] == sum(siege["dice"]) and siege["sides"] == 6
    assert ambush["result"] == sum(1 for face in ambush["dice"] if face >= 5) and ambush["at_least"] == 5
    assert plus["result"] == sum(plus["dice"]) + 1 and plus["modifier"] == 1
    faces = ", ".join(map(str, siege["dice"]))
    assert f"= {siege['result']} ({faces})" in first
    for player in PLAYERS:   # public: every player sees the very same rolls
        document = json.loads(report(campaign, player, "json"))
        assert document["dice"]["on_demand"] == rolls
        validator("age-of-war").validate(document)
        text = report(campaign, player)
        assert "Dice the game master rolled on demand" in text
        assert f"  Roll 0: 3d6 for the siege of Nagashima\n    dice {faces}: total {siege['result']}\n" in text
        assert f"{ambush['result']} show 5 or more" in text or f"{ambush['result']} shows 5 or more" in text
        assert f"dice {', '.join(map(str, plus['dice']))}, then +1: total {plus['result']}" in text
        page = report(campaign, player, "html")
        assert 'id="rolls"' in page and "<td>the siege of Nagashima</td>" in page and f"<td>{faces}</td>" in page


def test_a_purpose_is_shown_as_text_never_markup_and_the_public_site_shows_the_rolls_too(campaign, now, tmp_path):
    rolled(campaign, "3d6", "--for", "the siege <b>of</b> Gifu & Edo")
    resolved(campaign)
    page = report(campaign, "bob", "html")
    assert "<td>the siege &lt;b&gt;of&lt;/b&gt; Gifu &amp; Edo</td>" in page and "<b>of</b>" not in page
    assert run("site", campaign.folder, tmp_path / "site").code == 0
    public = (tmp_path / "site" / "round-001.html").read_text()
    assert 'id="rolls"' in public and "Gifu &amp; Edo" in public
    alone = subprocess.run([sys.executable, "-I", str(ROOT / "pbem" / "checker.py"),
                            *map(str, sorted((tmp_path / "site").glob("round-*.json")))],
                           capture_output=True, text=True)
    assert alone.returncode == 0 and "1 roll on demand" in alone.stdout, alone.stdout + alone.stderr


def test_the_rolls_are_told_in_spanish_to_a_player_who_reads_spanish(tmp_path, now):
    campaign = make_campaign(tmp_path / "war")
    assert run("player", "set", campaign.folder, "cho", "--language", "es").code == 0
    rolled(campaign, "3d6", "--for", "el asedio")
    rolled(campaign, "4d6>=6", "--for", "la emboscada")
    resolved(campaign)
    text, page = report(campaign, "cho"), report(campaign, "cho", "html")
    assert "Dados que el máster tiró a petición" in text and "Tirada 0: 3d6 para el asedio" in text
    assert " o más" in text and "dados " in text
    assert "Dados que el m&#225;ster tir&#243; a petici&#243;n" in page
    assert "Dice the game master rolled on demand" in report(campaign, "ann")


def test_the_same_purpose_asked_again_is_told_again_not_rolled_and_again_rolls_anew_for_all_to_see(campaign, now):
    first = rolled(campaign, "2d6", "--for", "the weather")
    repeat = rolled(campaign, "2d6", "--for", "the weather")
    assert repeat.startswith("Rolled before, not again") and first.splitlines()[0].split(": ", 1)[1] in repeat
    assert len(roll.pending(campaign)) == 1
    rolled(campaign, "2d6", "--for", "the weather", "--again")
    assert [r["seq"] for r in roll.pending(campaign)] == [0, 1]
    resolved(campaign)
    problems, counts = checker.check(received(campaign, "bob"), {})
    assert counts["on_demand"] == 2
    assert problems == ["round 1: rolls on demand 0 and 1 are both for 'the weather': the game master rolled again"]
    assert run("verify", campaign.folder).code == 1


def test_verify_and_the_checker_recompute_every_roll_on_demand_from_the_revealed_seed(campaign, now):
    rolled(campaign, "3d6", "--for", "the siege")
    rolled(campaign, "100d1000", "--for", "the census")
    resolved(campaign)
    rolled(campaign, "5d6>=5", "--for", "the siege")   # another round: not a repeat
    resolved(campaign)
    assert run("verify", campaign.folder).code == 0
    for player in PLAYERS:
        problems, counts = checker.check(received(campaign, player), {})
        assert problems == [] and counts["on_demand"] == 3
    alone = subprocess.run([sys.executable, "-I", str(ROOT / "pbem" / "checker.py"),
                            *map(str, campaign.folder.glob("rounds/*/reports/ann.json"))],
                           capture_output=True, text=True)
    assert alone.returncode == 0 and "3 rolls on demand" in alone.stdout, alone.stdout + alone.stderr


@pytest.fixture
def three_rolls(campaign):
    with clock.frozen_at(START):
        for expression, purpose in (("3d6", "the siege"), ("2d12+1", "the river"), ("4d6>=5", "the ambush")):
            rolled(campaign, expression, "--for", purpose)
        resolved(campaign)
    return received(campaign, "ann")


def test_the_checker_catches_a_die_or_a_result_changed_after_the_fact(three_rolls):
    for change in (lambda r: r["dice"].__setitem__(0, r["dice"][0] % 6 + 1),
                   lambda r: r.__setitem__("result", r["result"] + 1),
                   lambda r: r.__setitem__("purpose", "the bridge"),
                   lambda r: r.__setitem__("expression", "3d8")):
        reports = copy.deepcopy(three_rolls)
        change(reports[1]["dice"]["on_demand"][0])
        problems, _ = checker.check(reports, {})
        assert any(p.startswith("round 1: roll on demand 0 (") and "does not follow from the seed" in p
                   for p in problems), problems


def test_the_checker_catches_a_roll_left_out_as_a_gap_in_the_sequence(three_rolls):
    reports = copy.deepcopy(three_rolls)
    del reports[1]["dice"]["on_demand"][1]   # the river's roll, rolled and then hidden
    problems, _ = checker.check(reports, {})
    assert ("round 1: roll on demand 1 is numbered 2: a roll on demand is missing (rolled and left out) or repeated"
            in problems)


def test_verify_reports_a_gap_and_a_changed_die_in_the_gms_record_too(campaign, now):
    rolled(campaign, "3d6", "--for", "the siege")
    rolled(campaign, "3d6", "--for", "the river")
    resolved(campaign)
    seed = bytes.fromhex(json.loads((campaign.round_dir(1) / "dice.json").read_text())["seed"])
    rolls = json.loads((campaign.round_dir(1) / "dice.json").read_text())["on_demand"]
    assert roll.problems(seed, rolls, "round 1") == []
    assert roll.problems(seed, rolls[1:], "round 1") == [
        "round 1: roll on demand 0 is numbered 1: a roll on demand is missing or repeated"]
    changed = copy.deepcopy(rolls)
    changed[0]["dice"][0] = changed[0]["dice"][0] % 6 + 1
    assert roll.problems(seed, changed, "round 1") == [
        "round 1: roll on demand 0 (3d6 for 'the siege') does not follow from the seed"]


def test_rolls_on_demand_leave_the_games_own_dice_events_and_state_as_they_were(tmp_path, now):
    plain, with_rolls = make_campaign(tmp_path / "a" / "war"), make_campaign(tmp_path / "b" / "war")
    for expression in ("3d6", "100d6", "5d6>=5", "1d20-2"):
        rolled(with_rolls, expression, "--for", f"a roll of {expression}")
    resolved(plain)
    resolved(with_rolls)
    for name in ("events.json", "state.json"):
        assert (plain.round_dir(1) / name).read_bytes() == (with_rolls.round_dir(1) / name).read_bytes()
    dice_plain = json.loads((plain.round_dir(1) / "dice.json").read_text())
    dice_rolls = json.loads((with_rolls.round_dir(1) / "dice.json").read_text())
    assert dice_plain["rolls"] == dice_rolls["rolls"] and dice_plain["seed"] == dice_rolls["seed"]
    assert "on_demand" not in dice_plain and len(dice_rolls["on_demand"]) == 4


def test_a_roll_killed_after_it_was_kept_is_told_by_the_same_command_again_and_never_rolled_twice(campaign):
    from tests.conftest import run_process

    stamp = clock.stamp(START)
    killed = run_process("roll", campaign.folder, "3d6", "--for", "the siege", crash_at="roll-kept", now=stamp)
    assert killed.returncode == -9 and killed.stdout == ""
    [kept] = roll.pending(campaign)
    again = run_process("roll", campaign.folder, "3d6", "--for", "the siege", now=stamp)
    assert again.returncode == 0 and again.stdout.startswith("Rolled before, not again")
    assert roll.pending(campaign) == [kept]
    with clock.frozen_at(START):
        resolved(campaign)
    [shown] = json.loads(report(campaign, "ann", "json"))["dice"]["on_demand"]
    assert f"= {shown['result']} ({', '.join(map(str, shown['dice']))})" in again.stdout


def test_a_round_with_rolls_replays_byte_identically(campaign, now):
    rolled(campaign, "3d6", "--for", "the siege")
    rolled(campaign, "2d6")
    resolved(campaign)
    done = run("replay", campaign.folder)
    assert done.code == 0 and "identical" in done.out


def test_the_same_rolls_give_the_same_bytes_under_two_pythonhashseeds(tmp_path):
    trees = []
    for seed in ("1", "4242"):
        camp = make_campaign(tmp_path / seed / "war")
        env = {**pbem_env(now=clock.stamp(START)), "PYTHONHASHSEED": seed}
        for args in (["roll", camp.folder, "3d6", "--for", "the siege of Nagashima"],
                     ["roll", camp.folder, "6d10>=7", "--for", "Tōtōmi"], ["resolve", camp.folder, "--force"]):
            done = subprocess.run([sys.executable, "-m", "pbem", *map(str, args)], cwd=ROOT, env=env,
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
        files = tree(camp.folder)
        files.pop("log.txt")
        trees.append(files)
    assert trees[0] == trees[1] and "rounds/0001/dice.json" in trees[0]


def test_a_roll_by_mail_from_the_gm_is_rolled_and_the_answer_to_the_gm_gives_the_result(campaign, now):
    outcome = take_raw(campaign, mail("[war] roll 3d6 for the siege of Nagashima"))
    assert outcome.action == "roll" and outcome.detail.startswith("round 1, roll 0: 3d6 for the siege of Nagashima")
    [(name, answer)] = outbox(campaign, "gm-").items()
    assert answer["To"] == "gm@example.org" and answer["Auto-Submitted"] == "auto-replied"
    assert answer["In-Reply-To"] == "<r1@mail.example>"
    [made] = roll.pending(campaign)
    assert made["purpose"] == "the siege of Nagashima" and made["expression"] == "3d6"
    resolved(campaign)
    told = json.loads(report(campaign, "ann", "json"))["dice"]["on_demand"][0]
    assert f"= {told['result']} ({', '.join(map(str, told['dice']))})" in answer.get_content()
    assert f"= {told['result']}" in answer["Subject"]


def test_the_gms_answer_fetched_back_from_a_shared_mailbox_rolls_nothing(campaign, now):
    take_raw(campaign, mail("[war] roll 3d6 for the siege"))
    [answer] = (campaign.folder / "outbox").glob("gm-*.eml")
    again = take_raw(campaign, answer.read_bytes())
    assert again.action == "set aside" and len(roll.pending(campaign)) == 1


def test_a_roll_mail_taken_again_after_a_crash_rolls_once(campaign, now):
    raw = mail("[war] roll 2d6")   # no purpose: only the mail's key tells it is the same request
    take_mail(campaign, read_mail(raw), "k1")
    take_mail(campaign, read_mail(raw), "k1")
    assert len(roll.pending(campaign)) == 1
    take_mail(campaign, read_mail(raw), "k2")
    assert len(roll.pending(campaign)) == 2


def test_a_bad_expression_by_mail_is_answered_to_the_gm_with_what_is_wrong(campaign, now):
    outcome = take_raw(campaign, mail("[war] roll 300d6 for the siege"))
    assert outcome.action == "rejected" and "from 1 to 100 dice, not 300" in outcome.detail
    [answer] = outbox(campaign, "gm-").values()
    assert "Nothing was rolled" in answer.get_content() and "from 1 to 100 dice" in answer.get_content()
    assert not roll.pending(campaign)


def test_a_players_roll_mail_is_refused_in_the_players_language_and_a_strangers_is_not_answered(campaign, now):
    assert run("player", "set", campaign.folder, "bob", "--language", "es").code == 0
    campaign = Campaign.load(campaign.folder)
    ann = take_raw(campaign, mail("[war] roll 3d6 for my attack", sender="ann@example.org"))
    bob = take_raw(campaign, mail("[war] roll 1d6", sender="bob@example.org", message_id="<r2@mail.example>"))
    eve = take_raw(campaign, mail("[war] roll 1d6", sender="eve@example.net", message_id="<r3@mail.example>"))
    assert (ann.action, ann.detail) == ("rejected", "roll: only the game master may roll on demand")
    assert bob.action == "rejected" and eve.action == "set aside" and "not the game master" in eve.detail
    answers = outbox(campaign, "mail-")
    [to_ann] = [m for m in answers.values() if "ann@example.org" in m["To"]]
    [to_bob] = [m for m in answers.values() if "bob@example.org" in m["To"]]
    assert len(answers) == 2 and not outbox(campaign, "gm-")
    assert "Dice not rolled" in to_ann["Subject"] and "only the game master may roll dice" in to_ann.get_content()
    assert "roll 3d6 for my attack" in to_ann.get_content()
    assert "Dados no tirados" in to_bob["Subject"] and "solo el máster puede tirar dados" in to_bob.get_content()
    assert not roll.pending(campaign)


def test_a_rollback_takes_the_open_rounds_rolls_to_the_archive_and_the_rerun_starts_its_own(campaign, now):
    resolved(campaign)
    rolled(campaign, "3d6", "--for", "the siege")
    assert run("rollback", campaign.folder, "--to", "0", "--reason", "lost orders").code == 0
    assert not roll.pending(campaign) and list(campaign.folder.glob("archive/rollback-01/rolls/r0002-*.json"))
    rolled(campaign, "3d6", "--for", "the siege")
    assert [r["round"] for r in roll.pending(campaign)] == [1]
    resolved(campaign)
    assert run("verify", campaign.folder).code == 0


def test_no_roll_once_the_game_is_over(campaign, now, monkeypatch):
    monkeypatch.setattr(Campaign, "is_over", lambda self: True)
    done = run("roll", campaign.folder, "3d6")
    assert done.code == 2 and "the game is over" in done.err


@pytest.fixture(scope="module")
def beacon_server():
    from tests.support.beacons import BeaconServer, own_round

    found = BeaconServer(own_round)
    yield found
    found.close()


@pytest.mark.slow
def test_in_beacon_mode_a_roll_mixes_in_the_first_beacon_round_after_it_was_asked_for_and_both_checks_recheck_it(
        tmp_path, beacon_server, monkeypatch):
    from datetime import timedelta

    from freezegun import freeze_time

    from engine.beacon import MAINNET, round_after
    from tests.support.beacons import kept_notices, own_chain, own_round

    chain = own_chain()
    campaign = make_campaign(tmp_path / "war", deadline_hours=48, beacon={
        "urls": [beacon_server.url], "public_key": chain["public_key"], "hash": chain["hash"]})
    asked = START + timedelta(hours=1, seconds=7)
    with freeze_time(asked) as frozen:
        monkeypatch.setattr(roll, "sleep", lambda seconds: frozen.tick(timedelta(seconds=seconds)))
        told = rolled(campaign, "3d6", "--for", "the siege")
        waited = clock.now() - asked
    expected = round_after(int(asked.timestamp()), MAINNET)
    [made] = roll.pending(campaign)
    assert made["at"] == clock.stamp(asked) and made["beacon"]["round"] == expected == beacon_server.asked[-1]
    assert made["beacon"]["randomness"] == own_round(expected).randomness
    assert timedelta(0) < waited <= timedelta(seconds=30)   # the command waited for the round to be published
    with freeze_time(START + timedelta(hours=48, minutes=5)):   # the orders are sealed
        assert run("tick", campaign.folder).code == 0
    with freeze_time(START + timedelta(hours=48, minutes=16)):   # and the beacon round after the seal is out
        assert run("tick", campaign.folder).code == 0
    assert campaign.last_round == 1
    [shown] = json.loads(report(campaign, "ann", "json"))["dice"]["on_demand"]
    assert shown["beacon"]["round"] == expected and f"= {shown['result']} (" in told
    assert run("verify", campaign.folder).code == 0
    seals = kept_notices(campaign.folder, "ann", tmp_path / "notices")
    problems, counts = checker.check(received(campaign, "ann"), {}, chain["public_key"], seals=seals)
    assert problems == [] and counts["on_demand"] == 1
    forged = received(campaign, "ann")
    forged[1]["dice"]["on_demand"][0]["beacon"] = {**shown["beacon"], **own_round(expected + 1).record()}
    problems, _ = checker.check(forged, {}, chain["public_key"])
    assert any("roll on demand 0 (3d6 for 'the siege') does not follow from the seed" in p for p in problems)


def test_with_a_gm_token_a_roll_mail_is_rolled_only_when_its_body_carries_it(campaign, now):
    campaign.replace_gm_token("gm-secret-word")
    forged = take_raw(campaign, mail("[war] roll 3d6 for the siege", body="Roll it.\n"))
    assert (forged.action, forged.detail) == ("rejected", "roll: the mail does not carry the GM's token")
    assert not roll.pending(campaign)
    [told] = outbox(campaign, "gm-").values()
    assert told["To"] == "gm@example.org" and "needs your GM token" in told.get_content()
    assert "gm-secret-word" not in told.as_string()
    signed = take_raw(campaign, mail("[war] roll 3d6 for the siege", message_id="<r2@mail.example>",
                                     body='Roll it.\ntoken = "gm-secret-word"\n'))
    assert signed.action == "roll" and len(roll.pending(campaign)) == 1


def test_a_players_token_or_an_old_gm_token_rolls_nothing(campaign, now):
    campaign.replace_gm_token("first-word")
    campaign.replace_gm_token("second-word")
    old = take_raw(campaign, mail("[war] roll 1d6", body='token = "first-word"\n'))
    ann = take_raw(campaign, mail("[war] roll 1d6", message_id="<r2@mail.example>", body='token = "ann-token"\n'))
    assert old.action == ann.action == "rejected" and not roll.pending(campaign)


def test_pbem_gm_token_makes_a_new_token_that_rolls_and_shows_it_once(campaign, now):
    made = run("gm-token", campaign.folder)
    assert made.code == 0, made.err
    token = made.out.strip().rsplit(" ", 1)[-1]
    assert token not in (campaign.folder / "secrets.toml").read_text()
    done = take_raw(campaign, mail("[war] roll 2d6", body=f'token = "{token}"\n'))
    assert done.action == "roll"


def test_pbem_new_gives_the_gm_a_token_without_which_a_roll_mail_is_refused(tmp_path, now):
    made = run("new", tmp_path / "war", "--game", "age-of-war", "--player", "ann=ann@example.org",
               "--player", "bob=bob@example.org", "--gm", "gm@example.org")
    assert made.code == 0 and "Your GM token" in made.out
    campaign = Campaign.load(tmp_path / "war")
    assert take_raw(campaign, mail("[war] roll 1d6")).action == "rejected"
