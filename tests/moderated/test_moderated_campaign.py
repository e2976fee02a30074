"""A moderated campaign played whole by file intake: orders in the players' own words, the GM's draft and
results, resolve, the reports in both languages; the GM's bad results files; replay, verify and the checker."""
from __future__ import annotations

import json
import stat
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import START, TOKENS, make_campaign, run

from pbem import checker, clock
from pbem.campaign import Campaign, Player
from pbem.create import new_campaign
from pbem.gm_results import path_of

PLAYERS = ("ann", "bob", "cho")
ORDERS = {"ann": "March on Kyoto with everything.\nLeave two ronin in Owari.",
          "bob": "Hold the pass at Sekigahara.",
          "cho": "Send the ninja to ann's camp, quietly."}


def send_orders(camp: Campaign, number: int, players=PLAYERS, orders=ORDERS) -> None:
    for player in players:
        body = (f'round = {number}\nplayer = "{player}"\ntoken = "{TOKENS[player]}"\n'
                f'orders = """\n{orders[player]}\n"""\n')
        (camp.folder / "inbox" / f"{player}-r{number}.toml").write_text(body, "utf-8")
    taken = run("inbox", camp.folder)
    assert taken.code == 0, taken.err


def write_results(camp: Campaign, number: int, text: str) -> Path:
    path = path_of(camp, number)
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, "utf-8")
    return path


RESULTS_1 = '''round = 1
[public]
text = """
Ann's army reaches Kyoto. The pass at Sekigahara holds."""
[private.ann]
text = "A ninja was seen near your camp."
[private.bob]
text = "Your scouts count ann's army: 40 banners."
[private.cho]
text = ""
'''


def played_round_1(tmp_path: Path) -> Campaign:
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1)
        drafted = run("moderate", "draft", camp.folder)
        assert drafted.code == 0, drafted.err
        draft = path_of(camp, 1).read_text("utf-8")
        assert "draft = true" in draft and "#   March on Kyoto with everything." in draft
        write_results(camp, 1, RESULTS_1)
        resolved = run("resolve", camp.folder)
        assert resolved.code == 0, resolved.err
        assert "waiting for orders from ann, bob, cho and for the GM's results." in resolved.out
    return Campaign.load(camp.folder)


def report(camp: Campaign, player: str, number: int = 1, fmt: str = "txt") -> str:
    return (camp.round_dir(number) / "reports" / f"{player}.{fmt}").read_text("utf-8")


def test_each_player_gets_the_public_results_and_only_their_own_private_part(tmp_path):
    camp = played_round_1(tmp_path)
    ann, bob, cho = (report(camp, p) for p in PLAYERS)
    for text in (ann, bob, cho):
        assert "Ann's army reaches Kyoto. The pass at Sekigahara holds." in text
    assert "A ninja was seen near your camp." in ann and "ninja was seen" not in bob + cho
    assert "40 banners" in bob and "40 banners" not in ann + cho
    assert "For you alone" not in cho
    assert "March on Kyoto with everything." in ann and "March on Kyoto" not in bob + cho
    assert "Send the ninja" in cho and "Send the ninja" not in ann + bob
    mails = {path.name: path.read_text("utf-8", errors="replace") for path in (camp.folder / "outbox").glob("r0001-*")}
    assert len(mails) == 3 and all("Ann's army reaches Kyoto" in mail for mail in mails.values())


def test_the_draft_holds_every_players_orders_is_the_gms_alone_and_never_overwrites_the_results(tmp_path):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1, players=("ann", "bob"))
        shown = run("moderate", "draft", camp.folder, "--stdout")
        assert shown.code == 0 and not path_of(camp, 1).exists()
        assert "#   Hold the pass at Sekigahara." in shown.out and "# cho has sent no orders (yet)." in shown.out
        written = run("moderate", "draft", camp.folder)
        assert written.code == 0 and "no orders yet from cho" in written.out
        assert stat.S_IMODE(path_of(camp, 1).stat().st_mode) == 0o600
        again = run("moderate", "draft", camp.folder)
        assert again.code == 2 and "never written over" in again.err
        refused = run("resolve", camp.folder, "--force")
        assert refused.code == 2 and "line 4: this is still the draft" in refused.err
        assert camp.resolved_rounds() == [0]


@pytest.mark.parametrize("change, expected", [
    (lambda t: t.replace("[private.cho]", "[private.zed]"),
     ["line 9: zed is no player of this campaign; the players are ann, bob, cho", "no [private.cho] table"]),
    (lambda t: t.replace('[private.cho]\ntext = ""\n', ""), ["there is no [private.cho] table: every player gets one"]),
    (lambda t: t.replace("round = 1", "round = 2"), ["line 1: this file says round = 2, but it is the results "
                                                     "of round 1"]),
    (lambda t: t.replace('text = "A ninja', 'txet = "A ninja'), ['line 5: [private.ann] has no text = "..."',
                                                      'line 6: "txet" has no meaning in [private.ann]']),
    (lambda t: t.replace('[public]\ntext = """', '[public]\ntext = """\n"""\nx = """'),
     ["line 3: the public text is empty", 'line 5: "x" has no meaning in [public]']),
    (lambda t: t + 'winners = ["ann"]\n', ['line 11: "winners" has no meaning in [private.cho]']),   # TOML's way
    (lambda t: t.replace("[public]", "[public"), ["cannot be read as TOML", "line 2"]),
])
def test_a_bad_results_file_is_refused_at_its_line_and_nothing_is_resolved(tmp_path, change, expected):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1)
        write_results(camp, 1, change(RESULTS_1))
        before = sorted(p.name for p in (camp.folder / "outbox").iterdir())
        refused = run("resolve", camp.folder, "--force")
        checked = run("moderate", "check", camp.folder)
    assert refused.code == 2 and checked.code == 2
    for words in expected:
        assert words in refused.err or words in checked.err, (words, refused.err)
    assert camp.resolved_rounds() == [0] and sorted(p.name for p in (camp.folder / "outbox").iterdir()) == before


def test_resolve_without_a_results_file_says_where_to_write_it(tmp_path):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1)
        refused = run("resolve", camp.folder)
    assert refused.code == 2 and "round 1 waits for the GM's results" in refused.err
    assert str(path_of(camp, 1)) in refused.err and "pbem moderate draft" in refused.err


def test_a_tick_at_the_deadline_without_results_waits_tells_the_gm_once_then_resolves_when_they_come(tmp_path):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1, players=("ann", "bob"))
    with clock.frozen_at(START + timedelta(hours=49)):
        first, second = run("tick", camp.folder), run("tick", camp.folder)
    assert "due but NOT resolved: round 1 waits for the GM's results" in first.out
    assert "GM's results" not in second.out and camp.resolved_rounds() == [0]
    write_results(camp, 1, RESULTS_1)
    with clock.frozen_at(START + timedelta(hours=50)):
        done = run("tick", camp.folder)
    assert "resolved round 1" in done.out and Campaign.load(camp.folder).resolved_rounds() == [0, 1]
    assert json.loads((camp.round_dir(1) / "inputs.json").read_text())["defaulted"] == ["cho"]


def test_the_results_are_a_round_input_so_replay_verify_and_the_players_checker_pass(tmp_path):
    camp = played_round_1(tmp_path)
    inputs = json.loads((camp.round_dir(1) / "inputs.json").read_text())
    assert inputs["gm_results"]["private"]["bob"] == "Your scouts count ann's army: 40 banners."
    path_of(camp, 1).unlink()   # replay and verify read the recorded inputs, never the GM's file
    assert run("replay", camp.folder).code == 0
    assert run("verify", camp.folder).code == 0
    for player in PLAYERS:
        reports = [json.loads(path.read_text()) for path in sorted(camp.folder.glob(f"rounds/*/reports/{player}.json"))]
        found, counts = checker.check(reports, {})
        assert found == [] and counts["links"] == 2


def test_a_changed_gm_result_is_caught_by_verify_and_by_the_players_checker(tmp_path):
    camp = played_round_1(tmp_path)
    inputs_file = camp.round_dir(1) / "inputs.json"
    inputs = json.loads(inputs_file.read_text())
    inputs["gm_results"]["private"]["bob"] = "Your scouts count ann's army: 4 banners."
    inputs_file.write_text(json.dumps(inputs, sort_keys=True, indent=1))
    assert run("verify", camp.folder).code != 0   # the round no longer replays as it was published
    report_file = camp.round_dir(1) / "reports" / "bob.json"
    reports = [json.loads(path.read_text()) for path in sorted(camp.folder.glob("rounds/*/reports/bob.json"))]
    found, _ = checker.check(reports, {})
    assert found == []
    changed = report_file.read_text().replace("40 banners", "4 banners")
    assert changed != report_file.read_text()
    report_file.write_text(changed)
    reports = [json.loads(path.read_text()) for path in sorted(camp.folder.glob("rounds/*/reports/bob.json"))]
    found, _ = checker.check(reports, {})
    assert found, "a changed private result must break bob's chain of reports"


def test_a_whole_campaign_of_three_ends_with_the_gms_winners_in_both_languages(tmp_path):
    with clock.frozen_at(START):
        camp = new_campaign(tmp_path / "feud", game_name="moderated", gm="gm@example.org", deadline_hours=48,
                            players=[Player(p, f"{p}@example.org", "es" if p == "cho" else "en") for p in PLAYERS],
                            tokens=TOKENS)
    for number in (1, 2):
        with clock.frozen_at(START + timedelta(days=number)):
            send_orders(camp, number)
            text = RESULTS_1.replace("round = 1", f"round = {number}")
            if number == 2:
                text = text.replace("round = 2", 'round = 2\nover = true\nwinners = ["bob"]')
            write_results(camp, number, text)
            assert run("resolve", camp.folder).code == 0
    camp = Campaign.load(camp.folder)
    assert camp.is_over() and camp.game.standings(camp.state())[0] == {"player": "bob", "rank": 1}
    assert "The game master has ended the game. Winner: bob." in report(camp, "ann", 2)
    spanish = report(camp, "cho", 2)
    assert "El máster ha dado la partida por terminada. Ganador: bob." in spanish
    assert "Los resultados del máster de la ronda 2:" in spanish and "Tus órdenes, tal como las leyó el máster:" \
        in report(camp, "cho", 1)
    assert run("moderate", "draft", camp.folder).code == 2


def test_the_moderate_commands_have_help_with_an_example_and_refuse_another_games_campaign(tmp_path):
    for words in (["moderate"], ["moderate", "draft"], ["moderate", "check"]):
        shown = run(*words, "--help")
        assert shown.code == 0 and "Example" in shown.out and f"pbem {' '.join(words)}" in shown.out
    other = make_campaign(tmp_path / "war")
    refused = run("moderate", "draft", other.folder)
    assert refused.code == 2 and "take no GM results" in refused.err


def test_the_gms_press_is_in_every_report_beside_the_results(tmp_path):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        send_orders(camp, 1)
        assert run("press", camp.folder, "--text", "The shogun summons every daimyo to Kyoto.").code == 0
        write_results(camp, 1, RESULTS_1)
        assert run("resolve", camp.folder).code == 0
    for player in PLAYERS:
        text = report(camp, player)
        assert "The shogun summons every daimyo to Kyoto." in text and "Ann's army reaches Kyoto." in text


def test_a_rollback_plays_the_round_again_from_the_gms_file_as_corrected(tmp_path):
    camp = played_round_1(tmp_path)
    with clock.frozen_at(START + timedelta(hours=2)):
        assert run("rollback", camp.folder, "--to", "0", "--reason", "bob's results were wrong").code == 0
        write_results(camp, 1, RESULTS_1.replace("40 banners", "4 banners"))
        again = run("resolve", camp.folder, "--force")
    assert again.code == 0, again.err
    assert "4 banners" in report(camp, "bob") and "40 banners" not in report(camp, "bob")
    assert run("verify", camp.folder).code == 0 and run("replay", camp.folder).code == 0


def test_orders_by_mail_in_the_players_own_words_are_token_checked_acknowledged_and_stored(tmp_path):
    from email.message import EmailMessage

    from pbem.mail_intake import take_raw

    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)

    def mail(token: str, n: int) -> bytes:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = "ann@example.org", "gm@example.org", "[feud] orders"
        message["Message-ID"] = f"<ann-{n}@example.org>"
        message.set_content(f'Dear GM,\n\nround = 1\nplayer = "ann"\ntoken = "{token}"\n'
                            'orders = """\nMarch on Kyoto.\nBurn the bridge.\n"""\n\nThanks!\n-- \nann\n')
        return message.as_bytes()

    with clock.frozen_at(START + timedelta(hours=1)):
        take_raw(camp, mail("not-anns-token", 1))
        assert "ann" not in camp.pending_orders()
        take_raw(camp, mail(TOKENS["ann"], 2))
    assert camp.pending_orders()["ann"]["orders"] == {"orders": "March on Kyoto.\nBurn the bridge."}
    acks = [path.read_text("utf-8", errors="replace") for path in (camp.folder / "outbox").glob("*ann*.eml")]
    assert any("Burn the bridge." in ack for ack in acks)


def test_the_status_says_whether_the_gms_results_of_the_open_round_are_written(tmp_path):
    camp = make_campaign(tmp_path / "feud", players=PLAYERS, game="moderated", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=1)):
        before = run("status", camp.folder)
        write_results(camp, 1, RESULTS_1)
        after = run("status", camp.folder, "--json")
    assert "Results:    the game master has not written them yet" in before.out
    assert "Standings:  1. ann; 1. bob; 1. cho" in before.out
    assert json.loads(after.out)["gm_results"] is True
