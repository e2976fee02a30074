"""The player's checker checks sealed orders (issue 27): each round whose orders were sealed before its beacon round
resolves the orders sealed in the notice the player received, that notice reached the player (by the player's own
provider's Received header) before the beacon round was out, the beacon round is the first after the seal, the
player's report opens the player's own seal, and the report that ends the game opens every seal. The reports here
are made the way pbem writes them, for ann and bob, with real drand mainnet rounds (RECORDED in
tests/support/beacons.py)."""
from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

import pytest

from pbem import checker
from pbem.checker import canonical_digest
from tests.support.beacons import RECORDED
from tests.support.crafted_reports import mutated_value, run_checker

pytest.importorskip("py_ecc")

CHECKER = Path(checker.__file__)
PLAYERS = ("ann", "bob")
MARGIN = 600
BEACONS = {1: RECORDED[1][0], 2: RECORDED[0][0]}   # round -> the drand mainnet round its dice mix in (2020, 2023)


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def published(number: int) -> datetime:
    """When drand mainnet published a round (its genesis and period, as drand's /info gives them)."""
    return datetime.fromtimestamp(1595431050 + (number - 1) * 30, timezone.utc)


def timing(number: int) -> dict[str, datetime]:
    """When round `number` closed, was sealed and its notice reached the players: the seal 15 s before its margin
    runs into its beacon round, so that beacon round is the first after the seal and its margin."""
    out = published(BEACONS[number].round)
    sealed = out - timedelta(seconds=MARGIN + 15)
    return {"closing": sealed - timedelta(minutes=5), "sealed": sealed, "received": sealed + timedelta(minutes=1),
            "published": out}


def seed(number: int) -> str:
    return hashlib.sha256(f"seed of round {number}".encode()).hexdigest()


def entry(player: str, number: int, changed: frozenset = frozenset()) -> dict:
    """A player's orders of a round, as carried out ("changed": the other orders a GM put in after the seal)."""
    target = "Edo" if (player, number) in changed else "Gifu"
    return {"orders": {"targets": [target, f"{player}-{number}"]}, **({"nonce": "heron"} if player == "ann" else {})}


def opening(player: str, number: int, changed: frozenset = frozenset()) -> dict:
    return {"salt": hashlib.sha256(f"salt {player} {number}".encode()).hexdigest(),
            "entry": entry(player, number, changed)}


def seal_digest(number: int, player: str, opened: dict) -> str:
    """pbem-seal-v1's digest of a player's entry in a round's attempt 0, salted so that it hides the orders."""
    return canonical_digest({"attempt": 0, "entry": opened["entry"], "player": player, "round": number,
                             "salt": opened["salt"]})


def digests(number: int, changed: frozenset = frozenset()) -> dict[str, str]:
    return {p: seal_digest(number, p, opening(p, number, changed)) for p in PLAYERS}


def dice(number: int, changed: frozenset) -> dict:
    """A round's dice, the same in every player's report: round 0 opens the game, rounds 1 and 2 are sealed, and
    round 2 ends it, opening every seal."""
    record = {"algorithm": "pbem-dice-v1", "seed": seed(number),
              "commitment": hashlib.sha256(bytes.fromhex(seed(number))).hexdigest(), "rolls": []}
    if number + 1 in BEACONS:
        record["next_commitment"] = hashlib.sha256(bytes.fromhex(seed(number + 1))).hexdigest()
        when = timing(number + 1)
        record["next_beacon"] = {"round": BEACONS[number + 1].round, "closing": stamp(when["closing"]),
                                 "published": stamp(when["published"]), "margin": MARGIN}
    if number in BEACONS:
        beacon, when = BEACONS[number], timing(number)
        record["beacon"] = {**beacon.record(), "public_key": checker.DRAND_MAINNET_KEY,
                            "closing": stamp(when["closing"])}
        record["seal"] = {"algorithm": "pbem-seal-v1", "at": stamp(when["sealed"]), "margin": MARGIN,
                          "attempt": 0, "digests": digests(number, changed)}
    if number == max(BEACONS):
        record["openings"] = [{"round": n, "attempt": 0, "players": {p: opening(p, n, changed) for p in PLAYERS}}
                              for n in sorted(BEACONS)]
    return record


def linked(reports: list[dict], resolved: dict | None = None) -> list[dict]:
    """Each report's link in the record chain made again (as the GM, who writes the reports, would after a change),
    so that a problem found is the seal's and not a broken link's; the orders linked are the opening's unless
    `resolved` (round -> orders) says otherwise."""
    previous = None
    for report in reports:
        model = {key: value for key, value in report.items() if key != "chain"}
        orders = report["sealed"]["entry"]["orders"] if "sealed" in report else None
        orders = (resolved or {}).get(report["round"], orders)
        core = {"previous": previous, "orders": canonical_digest(orders), "report": canonical_digest(model)}
        report["chain"] = {**core, "link": canonical_digest(core)}
        previous = report["chain"]["link"]
    return reports


def game(player: str = "ann", changed: frozenset = frozenset()) -> list[dict]:
    """The player's reports of rounds 0 to 2."""
    reports = []
    for number in range(3):
        report = {"format": "pbem-report-1", "campaign": "war", "player": player, "round": number,
                  "dice": dice(number, changed)}
        if number in BEACONS:
            report["sealed"] = opening(player, number, changed)
        reports.append(report)
    return linked(reports)


def block(number: int, sealed: dict[str, str] | None = None, **changes) -> str:
    """The sealed-orders notice's block, as pbem words it in every language."""
    when = timing(number)
    values = {"campaign": "war", "attempt": 0, "at": stamp(when["sealed"]), "margin": MARGIN,
              "beacon": BEACONS[number].round, "published": stamp(when["published"]), **changes}
    lines = [f"pbem-seal-v1 campaign {values['campaign']} round {number} attempt {values['attempt']}",
             f"sealed {values['at']} margin {values['margin']}",
             f"beacon {values['beacon']} published {values['published']}",
             *(f"{p} {d}" for p, d in (sealed or digests(number)).items()), "end"]
    return "".join(f"    {line}\n" for line in lines)


def notice_text(number: int, spanish: bool = False, **changes) -> str:
    if spanish:
        return (f"Hola ann:\n\nLa ronda {number} de war se cerró; las órdenes de todos quedan selladas así:\n\n"
                f"{block(number, **changes)}\nEl informe de la ronda abrirá tu sello. Guarda este correo.\n")
    return (f"Dear ann,\n\nRound {number} of war has closed and everyone's orders are sealed as follows:\n\n"
            f"{block(number, **changes)}\nThe round's report will open your seal. Keep this mail.\n")


def notice_mail(number: int, received: datetime | None = None, forged: datetime | None = None,
                spanish: bool = False, **changes) -> bytes:
    """The notice as ann's mail program saves it: her provider's Received header on top (and, below it, one the
    GM's own server wrote, whose date he could set as he likes)."""
    mail = EmailMessage()
    mail["Received"] = (f"from mx.gm.example by mx.ann.example with ESMTPS id 4f; "
                        f"{format_datetime(received or timing(number)['received'])}")
    mail["Received"] = f"from gm-laptop by mx.gm.example; {format_datetime(forged or timing(number)['sealed'])}"
    mail["From"], mail["To"] = "gm@gm.example", "ann@ann.example"
    mail["Subject"] = f"[war] round {number}: the orders are sealed"
    mail.set_content(notice_text(number, spanish, **changes))
    return bytes(mail)


def kept(tmp_path: Path, reports: list[dict]) -> Path:
    """The player's reports, as files."""
    folder = tmp_path / "reports"
    folder.mkdir(exist_ok=True)
    for report in reports:
        (folder / f"war-round-{report['round']}-{report['player']}.json").write_text(json.dumps(report))
    return folder


def mails(tmp_path: Path, notices: dict[str, bytes | str]) -> Path:
    """A folder of the player's saved mails (or texts) holding the notices."""
    folder = tmp_path / "mail"
    folder.mkdir(exist_ok=True)
    for name, content in notices.items():
        path = folder / name
        path.write_bytes(content) if isinstance(content, bytes) else path.write_text(content)
    return folder


def honest_mails(tmp_path: Path) -> Path:
    return mails(tmp_path, {"sealed-1.eml": notice_mail(1), "sealed-2.eml": notice_mail(2)})


def checked(capsys, *args) -> tuple[int, str, list[str]]:
    """The checker's exit code, what it printed and its problem lines."""
    code = checker.main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out + err, [line for line in out.splitlines() if line.startswith("PROBLEM: ")]


def test_an_honest_sealed_game_passes_with_the_notices_the_player_received(capsys, tmp_path):
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, game()))
    assert (code, problems) == (0, []), said
    assert "2 sealed rounds and 6 openings of sealed orders" in said, said   # 2 own, 2 x 2 at the game's end
    assert "2 beacon rounds" in said and "all is well" in said, said


def test_the_checker_alone_as_a_script_reads_spanish_notices_and_skips_a_folders_other_mails(tmp_path):
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1, spanish=True), "sealed-2.eml": notice_mail(2),
                              "hello.eml": b"Subject: lunch?\n\nSee you at noon.\n", "notes.txt": "nothing here"})
    done = subprocess.run([sys.executable, "-I", str(CHECKER), "--notice", str(folder), str(kept(tmp_path, game()))],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "all is well" in done.stdout, done.stdout + done.stderr
    told = [line for line in done.stdout.splitlines() if line.endswith(": skipped")]
    assert len(told) == 2 and "hello.eml" in told[0] and "notes.txt" in told[1], done.stdout
    assert "2 sealed rounds and 6 openings" in done.stdout, done.stdout


def test_orders_changed_after_the_seal_are_named_by_player(capsys, tmp_path):
    """The GM changes bob's orders of round 2 once the beacon round is out, and writes every report to match: only
    the notice ann received, sealed before, shows it."""
    reports = game(changed=frozenset({("bob", 2)}))
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, reports))
    assert code == 1, said
    assert problems == ["PROBLEM: round 2: bob's orders resolved are not the ones sealed in the notice you received: "
                        "they were changed after the round closed",
                        "PROBLEM: round 2: bob's opening in round 2's report (the game's end) does not open bob's "
                        "seal in the notice you received: the orders resolved are not the ones sealed"], said


def test_a_player_left_out_of_the_seal_or_added_to_it_is_named(capsys, tmp_path):
    only_ann = {"ann": digests(1)["ann"]}
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1, sealed=only_ann), "sealed-2.eml": notice_mail(2)})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 1 and any("round 1: bob's orders are in the report's seal but were not sealed in the notice"
                             in p for p in problems), said


def test_without_the_notices_one_problem_line_asks_for_them(capsys, tmp_path):
    code, said, problems = checked(capsys, kept(tmp_path, game()))
    assert code == 1 and problems == [
        "PROBLEM: rounds 1, 2 had their orders sealed: give the sealed-orders notices you received (--notice FILE or "
        "a folder of them) to check that the orders resolved are the ones sealed"], said


def test_a_notice_that_reached_the_player_after_its_beacon_round_was_out_is_a_problem(capsys, tmp_path):
    """Held back until the dice were known: the GM's own server's Received header says it left in time, but the
    topmost one, the player's provider's, says when it came."""
    late = timing(2)["published"] + timedelta(minutes=3)
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1), "sealed-2.eml": notice_mail(2, received=late)})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 1 and problems == [
        f"PROBLEM: round 2: the notice reached you at {stamp(late)}, after beacon round {BEACONS[2].round} was "
        f"published at {stamp(timing(2)['published'])}: the orders could have been sealed knowing the dice (a notice "
        "held back, or a clock set back)"], said


def test_a_notice_given_as_its_text_alone_is_a_problem_asking_for_the_mail(capsys, tmp_path):
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1), "sealed-2.txt": notice_text(2)})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 1 and len(problems) == 1, said
    assert "round 2: when the sealed-orders notice" in problems[0] and "sealed-2.txt" in problems[0], said
    assert "cannot be checked (it is the notice's text alone): give the mail as you received it" in problems[0]


def test_two_different_notices_for_one_round_are_orders_sealed_twice(capsys, tmp_path):
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1), "sealed-2.eml": notice_mail(2),
                              "sealed-2-again.eml": notice_mail(2, sealed=digests(2, frozenset({("bob", 2)})))})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    twice = [p for p in problems if "two different sealed-orders notices" in p]
    assert code == 1 and len(twice) == 1 and twice[0].startswith("PROBLEM: round 2 (attempt 0): "), said
    assert twice[0].endswith("the orders were sealed twice") and "sealed-2-again.eml" in twice[0], said


def test_the_same_notice_given_twice_is_no_problem_and_its_first_arrival_counts(capsys, tmp_path):
    """Its text saved beside the mail, and the mail sent again after the beacon round was out: the copy that came
    first shows the seal was in the player's hands in time."""
    again = timing(1)["published"] + timedelta(hours=2)
    folder = mails(tmp_path, {"a-text-of-1.txt": notice_text(1), "b-again-1.eml": notice_mail(1, received=again),
                              "c-first-1.eml": notice_mail(1), "sealed-2.eml": notice_mail(2)})
    code, said, _ = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 0, said


def test_a_players_own_opening_that_does_not_open_the_seal_is_found(capsys, tmp_path):
    reports = game()
    reports[1]["sealed"]["salt"] = "0" * 64
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 1: your own opening does not open your digest in the seal: the "
                                      "orders resolved for you are not the ones sealed"], said


def test_an_own_opening_of_other_orders_than_the_chain_links_is_found(capsys, tmp_path):
    """The record chain links the orders resolved; an opening of other orders opens nothing that was resolved."""
    reports = game()
    reports[1]["sealed"]["entry"]["orders"] = {"targets": ["Odani"]}
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path),
                                   kept(tmp_path, linked(reports, {1: entry("ann", 1)["orders"]})))
    assert code == 1 and any("round 1: the orders of your opening are not the ones the record chain links"
                             in p for p in problems), said


def test_a_sealed_round_whose_report_does_not_open_the_players_own_seal_is_a_problem(capsys, tmp_path):
    reports = game()
    del reports[1]["sealed"]
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 1: the report carries no opening of your sealed orders, so it "
                                      "cannot be checked that yours are the ones sealed"], said


def test_an_opening_at_the_games_end_of_another_attempt_than_the_one_resolved_is_named(capsys, tmp_path):
    reports = game()
    reports[2]["dice"]["openings"][0]["attempt"] = 1
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 1: round 2's report (the game's end) opens attempt 1, but "
                                      "attempt 0 was resolved"], said


def test_the_openings_at_the_games_end_open_every_seal_and_a_false_one_is_named(capsys, tmp_path):
    reports = game()
    reports[2]["dice"]["openings"][0]["players"]["bob"]["entry"]["orders"] = {"targets": ["Edo"]}
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == [
        f"PROBLEM: round 1: bob's opening in round 2's report (the game's end) does not open bob's seal in {source}: "
        "the orders resolved are not the ones sealed" for source in ("its report", "the notice you received")], said


def test_a_seal_left_unopened_at_the_games_end_is_named(capsys, tmp_path):
    reports = game()
    del reports[2]["dice"]["openings"][0]
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 1: its sealed orders are not opened in round 2's report (the "
                                      "game's end)"], said


def unsealed_second_round(reports: list[dict]) -> list[dict]:
    """The reports with round 2 resolved as a round before seals were: no seal, no opening, its beacon round the
    first after its close."""
    del reports[2]["dice"]["seal"], reports[2]["sealed"], reports[2]["dice"]["openings"]
    reports[2]["dice"]["beacon"]["closing"] = stamp(timing(2)["published"] - timedelta(seconds=15))
    return reports


def test_a_round_announced_as_sealed_resolved_without_a_seal_is_a_problem(capsys, tmp_path):
    reports = unsealed_second_round(game())
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1)})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 2: resolved without sealing its orders, though round 1's report "
                                      "said they would be"], said


def test_a_round_the_player_was_told_was_sealed_whose_report_drops_the_seal_is_a_problem(capsys, tmp_path):
    reports = unsealed_second_round(game())
    del reports[1]["dice"]["next_beacon"]["margin"]   # and the announcement said nothing of a seal
    code, said, problems = checked(capsys, "--notice", honest_mails(tmp_path), kept(tmp_path, linked(reports)))
    assert code == 1 and problems == ["PROBLEM: round 2: the notice you received (" + str(tmp_path / "mail" /
                                      "sealed-2.eml") + ") sealed its orders, but its report carries no seal: the "
                                      "orders resolved may not be the ones sealed"], said


def test_a_notice_of_another_campaign_is_skipped_and_told(capsys, tmp_path):
    honest_mails(tmp_path)
    (tmp_path / "mail" / "other.eml").write_bytes(notice_mail(1, campaign="peace"))
    code, said, _ = checked(capsys, "--notice", tmp_path / "mail", kept(tmp_path, game()))
    assert code == 0 and "other.eml: a sealed-orders notice of campaign peace, not of these reports: skipped" in said


def test_the_beacon_round_of_a_seal_is_the_first_one_after_its_time_and_its_margin():
    assert checker.first_round_after("2020-07-22T15:17:30Z") == 2            # round 1 is published at genesis
    assert checker.first_round_after("2020-07-22T15:07:30Z", 600) == 2       # the same moment, 600 s on
    assert checker.first_round_after("2020-07-22T15:07:29Z", 600) == 1
    report = game()[2]
    problems: list[str] = []
    checker.check_seal_timing(report, checker.DRAND_MAINNET_KEY, problems)
    assert problems == []
    late = copy.deepcopy(report)
    late["dice"]["seal"]["at"] = stamp(timing(2)["sealed"] + timedelta(seconds=30))   # sealed after its margin ran in
    early = copy.deepcopy(report)
    early["dice"]["seal"]["at"] = stamp(timing(2)["closing"] - timedelta(seconds=1))
    early["dice"]["seal"]["margin"] = MARGIN + 301   # the same beacon round: only the time is wrong
    checker.check_seal_timing(late, checker.DRAND_MAINNET_KEY, problems)
    checker.check_seal_timing(early, checker.DRAND_MAINNET_KEY, problems)
    assert problems == [
        f"round 2: beacon round {BEACONS[2].round} is not the first one after the orders were sealed at "
        f"{late['dice']['seal']['at']} with a margin of {MARGIN} seconds (that is round {BEACONS[2].round + 1})",
        f"round 2: the orders were sealed at {early['dice']['seal']['at']}, before the round closed at "
        f"{stamp(timing(2)['closing'])}: orders could still come in after the seal"], problems


def test_a_notice_that_disagrees_with_the_report_on_the_seals_time_or_beacon_round_is_named(capsys, tmp_path):
    folder = mails(tmp_path, {"sealed-1.eml": notice_mail(1, margin=300), "sealed-2.eml": notice_mail(2, beacon=7)})
    code, said, problems = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 1 and len(problems) == 3, said
    assert f"round 1: the report says the orders were sealed at {stamp(timing(1)['sealed'])} with a margin of " \
           "600 seconds, the notice you received" in problems[0], said
    assert f"round 2: the dice use beacon round {BEACONS[2].round}, not round 7" in problems[1], said
    assert "round 2: the notice you received says beacon round 7 is published at" in problems[2], said


def with_value(report: dict, path: str, value) -> dict:
    """The report with one field (a dotted path, list items by number) set to a value pbem never writes."""
    changed = copy.deepcopy(report)
    *steps, last = [int(step) if step.isdigit() else step for step in path.split(".")]
    place = changed
    for step in steps:
        place = place[step]
    place[last] = value
    return changed


@pytest.mark.parametrize("path, value", [
    ("dice.seal", "sealed"), ("dice.seal.digests", ["ann"]), ("dice.seal.digests.bob", "zz"),
    ("dice.seal.digests.bob", "a" * 63), ("dice.seal.margin", "600"), ("dice.seal.margin", -1),
    ("dice.seal.attempt", 1.5), ("dice.seal.at", "yesterday"), ("dice.seal.algorithm", None),
    ("dice.openings", {}), ("dice.openings.0.players.bob.entry", []), ("dice.openings.0.players.bob.salt", 5),
    ("dice.openings.0.round", True), ("sealed.entry.orders", "Gifu"), ("sealed.entry.nonce", 7),
    ("sealed", []), ("dice.seal.digests", {"not a name": "a" * 64}),
])
def test_a_seal_field_of_a_type_pbem_never_writes_is_refused_in_one_line(capsys, tmp_path, path, value):
    reports = game()
    reports[2] = with_value(reports[2], path, value)
    code, said, _ = checked(capsys, kept(tmp_path, reports))
    lines = said.splitlines()
    assert code == 1 and len(lines) == 1 and "war-round-2-ann.json: not a pbem JSON report" in lines[0], said
    assert "Traceback" not in said


@pytest.mark.parametrize("path, value", [("dice.next_beacon.margin", -1), ("dice.next_beacon.published", "soon")])
def test_an_announced_beacon_of_a_type_pbem_never_writes_is_refused_in_one_line(capsys, tmp_path, path, value):
    reports = game()
    reports[0] = with_value(reports[0], path, value)
    code, said, _ = checked(capsys, kept(tmp_path, reports))
    assert code == 1 and said.count("\n") == 1 and "war-round-0-ann.json: not a pbem JSON report" in said, said


@pytest.mark.parametrize("damage, words", [
    (lambda text: text.replace("    end\n", ""), 'nor the block\'s "end"'),
    (lambda text: text.split("    end")[0], 'it has no "end" line'),
    (lambda text: text.replace(" margin 600", " margin six hundred"), "the sealed time reads"),
    (lambda text: text.replace("    bob ", "    bob  "), "a player's line reads"),
    (lambda text: text.replace(" published 20", " published 2O"), "its published time"),
    (lambda text: text.replace("campaign war", "campaign w@r"), "campaign"),
    (lambda text: text.replace("    ann ", "    bob "), "a player's line reads"),
])
def test_a_notice_whose_block_is_damaged_is_refused_in_one_line(capsys, tmp_path, damage, words):
    folder = mails(tmp_path, {"sealed-1.txt": damage(notice_text(1))})
    code, said, _ = checked(capsys, "--notice", folder, kept(tmp_path, game()))
    assert code == 1 and said.count("\n") == 1, said
    assert "sealed-1.txt: a sealed-orders notice whose block is damaged" in said and words in said, said


def test_a_folder_of_notices_tells_rollback_notices_from_sealed_ones_by_the_block(tmp_path):
    commitment = hashlib.sha256(b"seed of the re-run").hexdigest()
    folder = mails(tmp_path, {"rollback.txt": f"Round 2 will be played again.\n\n    {commitment}\n",
                              "sealed-1.eml": notice_mail(1), "lunch.eml": b"Subject: lunch?\n\nAt noon.\n"})
    rollbacks, seals, skipped = checker.read_notices([str(folder)])
    assert rollbacks == {2: [commitment]} and [(s["round"], s["digests"]) for s in seals] == [(1, digests(1))]
    assert seals[0]["received"] == timing(1)["received"] and len(skipped) == 1 and "lunch.eml" in skipped[0]
    with pytest.raises(checker.Unfit, match="lunch.eml: not a pbem rollback notice"):
        checker.read_notices([str(folder / "lunch.eml")])   # named on its own, it must be a notice


def test_on_another_drand_chain_the_notice_is_timed_by_the_publication_it_names():
    """The checker knows mainnet's timing only: for another chain, the notice's own "published" is the moment the
    notice must come before (a GM who wrote it later than true only makes his own notice look late)."""
    report, other = game()[1], "ab" * 48
    notice = {**checker.seal_block("n.txt", notice_text(1)), "file": "n.txt", "unknown": None,
              "received": timing(1)["published"]}
    problems: list[str] = []
    checker.check_arrival(report, notice, other, problems)
    assert len(problems) == 1 and f"after beacon round {BEACONS[1].round} was published" not in problems[0]
    assert f"the very second beacon round {BEACONS[1].round} was published at {stamp(timing(1)['published'])}" \
           in problems[0], problems
    notice["received"] = timing(1)["published"] - timedelta(seconds=1)
    checker.check_arrival(report, notice, other, problems)
    notice["published"] = stamp(timing(1)["published"] - timedelta(hours=1))   # mainnet would say otherwise: unused
    checker.check_arrival(report, notice, other, problems)
    assert len(problems) == 2 and "after beacon round" in problems[1], problems


def mutated(data: bytes, rng: random.Random) -> bytes:
    """The bytes with a few flipped, cut, doubled or put in: what a damaged or crafted notice may be."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data))
        choice = rng.randrange(4)
        if choice == 0:
            data[at] = rng.randrange(256)
        elif choice == 1:
            del data[at:at + rng.randint(1, 40)]
        elif choice == 2:
            data[at:at] = data[at:at + rng.randint(1, 80)]
        else:
            data[at:at] = rng.choice([b"\n", b";", b"    ", b"9" * 20, b"=?utf-8?q?", b"Received: x\n", b"\r"])
    return bytes(data)


def test_a_mutated_notice_is_read_or_refused_in_one_line_never_a_traceback(capsys, tmp_path):
    """Exit 0 (the change was in the prose, or a header that does not matter) or 1 (refused, or a problem found)."""
    rng, reports, outcomes = random.Random(27), kept(tmp_path, game()), {0: 0, 1: 0}
    second = mails(tmp_path, {"sealed-2.eml": notice_mail(2)}) / "sealed-2.eml"
    for trial in range(150):
        path = tmp_path / f"notice-{trial}.eml"
        path.write_bytes(mutated(notice_mail(1) if trial % 2 else notice_text(1).encode(), rng))
        code = checker.main(["--notice", str(path), "--notice", str(second), str(reports)])
        outcomes[code] += 1   # an exit code other than 0 or 1 fails here
        capsys.readouterr()
    assert outcomes[0] > 10 and outcomes[1] > 10, outcomes


def test_the_checker_over_mutated_sealed_reports_lets_no_exception_out(tmp_path):
    """The fields of the seal changed the way tests/support/crafted_reports.py changes a real report's: exit 0 or 1,
    a line saying what is wrong, never a traceback."""
    rng, codes = random.Random(2027), []
    notices = honest_mails(tmp_path)
    for trial in range(80):
        reports = game()
        number = rng.choice((1, 2))
        while True:   # a change inside the seal, the openings or the player's own opening
            what, changed = mutated_value(copy.deepcopy(reports[number]), rng)
            if "seal" in what or "openings" in what or "whole" in what:
                break
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        for index, report in enumerate(reports):
            (folder / f"{index}.json").write_text(json.dumps(changed if index == number else report))
        code, said, _, escaped = run_checker([Path("--notice"), notices, folder])
        assert escaped is None and code in (0, 1), (what, escaped, said)
        codes.append(code)
    assert codes.count(1) > 40, codes
