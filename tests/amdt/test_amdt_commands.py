"""A Most Dangerous Time in a moderated campaign: `pbem new --game amdt`, the GM's tools (`pbem amdt ...`) rolling
their dice verifiably as dice on demand and writing their results as typed [[tool]] tables of the round's results
file, which both players' next reports tell in their language and the checker rechecks; the GM's edits checked;
the turn track kept by the game between runs; `pbem odds amdt-sea`; bad arguments refused."""
from __future__ import annotations

import html
import json
import re
import tomllib
from fractions import Fraction

import pytest
from conftest import START, make_campaign, run

from games.amdt.sea import sea_battle_odds
from pbem import checker, clock
from pbem.campaign import Campaign
from pbem.gm_results import path_of

PLAYERS = ("ann", "bob")   # ann plays Oda, bob Anti-Oda


@pytest.fixture
def camp(tmp_path) -> Campaign:
    return make_campaign(tmp_path / "japan", players=PLAYERS, game="amdt")


@pytest.fixture
def now():
    with clock.frozen_at(START):
        yield


def tool(camp: Campaign, *args) -> str:
    done = run("amdt", args[0], camp.folder, *args[1:])
    assert done.code == 0, done.err
    return done.out


def public_text(camp: Campaign, number: int = 1) -> str:
    return tomllib.loads(path_of(camp, number).read_text("utf-8"))["public"]["text"]


def written(camp: Campaign, number: int = 1) -> list[dict]:
    """The tools' results in the round's results file, as typed data."""
    return tomllib.loads(path_of(camp, number).read_text("utf-8")).get("tool", [])


def publish(camp: Campaign, number: int = 1) -> None:
    """The GM takes the draft line out and resolves."""
    path = path_of(camp, number)
    path.write_text(path.read_text("utf-8").replace("draft = true\n", ""), "utf-8")
    done = run("resolve", camp.folder, "--force")
    assert done.code == 0, done.err


def report(camp: Campaign, player: str, number: int = 1, suffix: str = "txt") -> str:
    return (camp.round_dir(number) / "reports" / f"{player}.{suffix}").read_text("utf-8")


def received(camp: Campaign, player: str) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted(camp.folder.glob(f"rounds/*/reports/{player}.json"))]


def test_a_campaign_of_a_most_dangerous_time_is_a_moderated_game_of_two_players(tmp_path, now):
    made = run("new", tmp_path / "japan", "--game", "amdt", "--player", "ann=ann@example.org",
               "--player", "bob=bob@example.org", "--gm", "gm@example.org")
    assert made.code == 0 and "A Most Dangerous Time" in made.out, made.err
    camp = Campaign.load(tmp_path / "japan")
    assert camp.game.gm_results is not None and camp.game.based_on == "moderated"
    assert run("resolve", camp.folder, "--force").code == 2   # it waits for the GM's results like any moderated game
    three = run("new", tmp_path / "three", "--game", "amdt", "--player", "ann=ann@example.org",
                "--player", "bob=bob@example.org", "--player", "cho=cho@example.org")
    assert three.code == 2 and "2 players" in three.err


def test_a_sea_battle_is_rolled_verifiably_and_shown_in_both_players_next_reports(camp, now):
    out = tool(camp, "sea-battle", "--attacker", "4", "--defender", "3", "--murakami", "defender",
               "--for", "Osaka Bay")
    rolls = re.findall(r"round 1, roll (\d+): (\d)d6>=5 for Osaka Bay round (\d+) (attacker|defender) = (\d+)", out)
    assert rolls and [int(seq) for seq, *_ in rolls] == list(range(len(rolls)))
    assert rolls[0][1:4] == ("4", "1", "attacker") and rolls[1][1:4] == ("3", "1", "defender")
    assert public_text(camp) == ""   # the result is data, not the GM's words
    [battle] = written(camp)
    assert {key: battle[key] for key in ("kind", "for", "attacker", "defender", "murakami")} == {
        "kind": "sea-battle", "for": "Osaka Bay", "attacker": 4, "defender": 3, "murakami": "defender"}
    assert [(one["attacker_roll"], one["defender_roll"]) for one in battle["rounds"]] == \
        [(seq, seq + 1) for seq in range(0, len(rolls), 2)]
    assert [one["attacker_hits"] for one in battle["rounds"]] == [int(hits) for *_, side, hits in rolls
                                                                  if side == "attacker"]
    attacker, defender = 4, 3   # the units left follow from the hits the rolls counted
    for _, _, _, side, hits in rolls:
        if side == "attacker":
            defender_hit = int(hits)
        else:
            attacker, defender = max(0, attacker - int(hits)), max(0, defender - defender_hit)
    assert battle["outcome"] == ("both_destroyed" if not attacker and not defender else
                                 "attacker_won" if attacker else "defender_won")
    publish(camp)
    for player in PLAYERS:
        seen = report(camp, player)
        assert "Sea battle (Osaka Bay): 4 attacking units against 3.\nInitiative: the defender +1 (Murakami)." in seen
        assert "Round 1: the attacker hits " in seen and "Osaka Bay round 1 attacker" in seen
        [told] = [ev for ev in received(camp, player)[-1]["events"] if ev["kind"] == "amdt_sea_battle"]
        assert (told["attacker_left"], told["defender_left"], told["outcome"]) == (attacker, defender,
                                                                                 battle["outcome"])
        problems, counts = checker.check(received(camp, player), {})
        assert problems == [] and counts["on_demand"] == len(rolls)
    assert run("verify", camp.folder).code == 0


def test_a_sea_battle_asked_again_is_told_again_and_neither_rolled_nor_added_twice(camp, now):
    first = tool(camp, "sea-battle", "--attacker", "2", "--defender", "2", "--for", "Ise Bay")
    again = tool(camp, "sea-battle", "--attacker", "2", "--defender", "2", "--for", "Ise Bay")
    assert first.splitlines()[:-1] == again.splitlines()[:-1] and "nothing new was rolled" in again
    assert len(written(camp)) == 1
    other = run("amdt", "sea-battle", camp.folder, "--attacker", "5", "--defender", "2", "--for", "Ise Bay")
    assert other.code == 2 and "2d6>=5, not 5d6>=5" in other.err


def test_the_gms_own_words_and_comments_stay_in_the_results_file_a_tool_adds_to(camp, now):
    path = path_of(camp, 1)
    path.parent.mkdir()
    path.write_text('round = 1\n# my note\n[public]\ntext = "The daimyo gather at \\"Kyoto\\"."\n'
                    '[private.ann]\ntext = ""\n[private.bob]\ntext = "A letter."\n', "utf-8")
    tool(camp, "regroup", "--clan", "takeda", "--areas", "34", "--box", "15", "--on-map", "65")
    text = path.read_text("utf-8")
    assert "# my note" in text and tomllib.loads(text)["private"]["bob"]["text"] == "A letter."
    assert public_text(camp) == 'The daimyo gather at "Kyoto".'
    assert written(camp) == [{"kind": "regroup", "clan": "takeda", "areas": 34, "box": 15, "on_map": 65, "rating": 7,
                              "cap": 68, "may_return": 3}]
    assert run("moderate", "check", camp.folder).code == 0


def test_reinforcements_roll_their_acceleration_verifiably_and_regroup_is_told_in_both_reports(camp, now):
    assert "Entering now: enryaku-ji (enryaku-ji 2)." in tool(camp, "reinforcements", "--turn", "2")
    out = tool(camp, "reinforcements", "--turn", "3", "--accelerate", "takeda", "--for", "Shingen's ambition")
    face = int(re.search(r"round 1, roll 0: 1d6 for Shingen's ambition = (\d)", out).group(1))
    entering = f"on turn {6 - face}" if face < 3 else "in the end phase of turn 3"
    accelerated = written(camp)[1]
    assert accelerated["before"] == {"takeda": "6", "mori": "13", "uesugi": "15"}   # enryaku-ji entered on turn 2
    assert accelerated["accelerated"] == [{"entry": "takeda", "roll": 0, "die": face}]
    exiled = tool(camp, "reinforcements", "--turn", "3", "--track", "mori=13", "--track", "uesugi=15",
                  "--exile-ashikaga")
    assert "roll 1: 1d6 for exile of Ashikaga: mori accelerated" in exiled
    assert "roll 2: 1d6 for exile of Ashikaga: uesugi accelerated" in exiled
    tool(camp, "regroup", "--clan", "uesugi", "--areas", "11", "--box", "4", "--on-map", "20")
    publish(camp)
    for player in PLAYERS:
        seen = report(camp, player)
        assert "Shingen's ambition" in seen and "Ashikaga Yoshiaki is exiled to Tomo." in seen
        assert f"takeda (due on turn 6) is brought {face} turn" in seen and f"it enters {entering}." in seen
        assert "Regroup (11.5) of the uesugi: 11 areas under its line of communication, rating 3; at most 22 " \
               "units on the map, 20 there; 2 of the 4 in its regroup box may come back." in " ".join(seen.split())
        problems, counts = checker.check(received(camp, player), {})
        assert problems == [] and counts["on_demand"] == 3


def test_an_entry_due_now_enters_with_its_chit_and_the_set_up_and_victory_are_told(camp, now):
    entered = tool(camp, "reinforcements", "--turn", "6", "--track", "takeda=6", "--track", "mori=13")
    assert "Entering now: takeda (takeda 14; the takeda chit to the pool)." in entered
    assert "round 1, roll" not in entered   # nothing to roll
    told = tool(camp, "setup")
    assert "Set-up (14.1). Oda: ann; Anti-Oda: bob." in told and "- oda: 15 in kanagasaki, with oda-nobunaga" in told
    assert "Oda starts with the good-fortune card." in told and written(camp)[-1] == {"kind": "setup"}
    won = tool(camp, "victory", "--scenario", "quick", "--castle", "gifu=3", "--castle", "azuchi=3",
               "--castle", "nagashima=1", "--good-fortune", "--needed", "3")
    assert "Oda counts 2 castles" in won and "Anti-Oda (bob) wins." in won
    assert 'winners = ["bob"]' in won
    sudden = tool(camp, "victory", "--scenario", "campaign", "--nobunaga-died", "battle")
    assert "Nobunaga died in battle: Anti-Oda (bob) wins." in sudden
    kyoto = tool(camp, "victory", "--scenario", "standard", "--kyoto", "oda")
    assert "Kyoto is held by oda: Oda (ann) wins." in kyoto


def test_the_exact_odds_of_a_sea_battle_are_printed(now):
    said = run("odds", "amdt-sea", "4", "3", "--json")
    assert said.code == 0, said.err
    found = json.loads(said.out)
    exact = sea_battle_odds(4, 3)
    assert {name: Fraction(text) for name, text in found["exact"].items()} == exact
    assert sum(exact.values()) == 1 and found["attacker_won"] == pytest.approx(float(exact["attacker_won"]))
    plain = run("odds", "amdt-sea", "1", "1")
    assert plain.code == 0 and "both are destroyed 20.0000%" in plain.out   # 1/9 out of 5/9 that end a round
    for bad in (("0", "3"), ("31", "1"), ("four", "3")):   # past 30 a side the exact odds take too long
        assert run("odds", "amdt-sea", *bad).code == 2, bad


@pytest.mark.parametrize("args, said", [
    (("sea-battle", "--attacker", "0", "--defender", "3"), "--attacker"),
    (("sea-battle", "--attacker", "2"), "--defender"),
    (("sea-battle", "--attacker", "2", "--defender", "3", "--murakami", "oda"), "--murakami"),
    (("sea-battle", "--attacker", "101", "--defender", "3"), "--attacker"),
    (("reinforcements", "--turn", "31"), "--turn"),
    (("reinforcements", "--turn", "3", "--accelerate", "hojo"), "hojo"),
    (("reinforcements", "--turn", "3", "--track", "takeda=six"), "takeda=six"),
    (("reinforcements", "--turn", "3", "--accelerate", "takeda", "--exile-ashikaga"), "not both"),
    (("reinforcements", "--turn", "7", "--track", "takeda=6"), "should have entered"),
    (("reinforcements", "--turn", "3"), "run this for the turn it was due first"),   # the kept track: enryaku-ji 2
    (("regroup", "--clan", "takeda", "--areas", "-1", "--box", "1", "--on-map", "1"), "--areas"),
    (("victory", "--scenario", "quick", "--castle", "gifu=4"), "gifu=4"),
    (("victory", "--scenario", "blitz"), "--scenario"),
])
def test_bad_arguments_are_refused_with_exit_2_and_nothing_is_rolled_or_written(camp, now, args, said):
    done = run("amdt", args[0], camp.folder, *args[1:])
    assert done.code == 2 and said in done.err, done.err
    assert not (camp.folder / "rolls").exists() or not list((camp.folder / "rolls").iterdir())
    assert not path_of(camp, 1).exists()


def test_the_tools_refuse_a_campaign_of_another_game(tmp_path, now):
    other = make_campaign(tmp_path / "feud", game="moderated")
    done = run("amdt", "setup", other.folder)
    assert done.code == 2 and "--game amdt" in done.err


def test_every_tool_says_what_it_takes_with_an_example(now):
    for name in ("sea-battle", "reinforcements", "regroup", "setup", "victory"):
        shown = run("amdt", name, "--help")
        assert shown.code == 0 and "Example" in shown.out and f"pbem amdt {name} " in shown.out
    assert "Example" in run("odds", "amdt-sea", "--help").out


def test_a_spanish_players_report_tells_a_sea_battle_in_spanish_and_an_english_players_in_english(camp, now):
    assert run("player", "set", camp.folder, "bob", "--language", "es").code == 0
    tool(camp, "sea-battle", "--attacker", "1", "--defender", "2", "--iron-ship", "attacker", "--for",
         "la bahía de Ise")
    publish(camp)
    for suffix in ("txt", "html"):
        seen = html.unescape(report(camp, "bob", suffix=suffix))
        assert "Batalla naval (la bahía de Ise): 1 unidad atacante contra 2." in seen, suffix
        assert "Iniciativa: el atacante +2 (el Barco de Hierro)." in seen
        assert "Asalto 1: el atacante acierta " in seen and "con 1 dado (tirada 0); el defensor acierta " in seen
        assert re.search(r"(Gana el atacante|Gana el defensor|Los dos bandos quedan destruidos)", seen)
        assert "Sea battle" not in seen and "attacking" not in seen
        english = html.unescape(report(camp, "ann", suffix=suffix))
        assert "Sea battle (la bahía de Ise): 1 attacking unit against 2." in english and "Batalla" not in english
    assert "Dados que el máster tiró a petición" in report(camp, "bob")
    assert "Tirada 0: 1d6>=5 para la bahía de Ise" in report(camp, "bob")


def edited(camp: Campaign, old: str, new: str) -> None:
    """The GM's edit of the round's results file: the first `old` written `new`."""
    path = path_of(camp, 1)
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


def line_of(camp: Campaign, start: str) -> int:
    return next(number for number, line in enumerate(path_of(camp, 1).read_text("utf-8").splitlines(), start=1)
                if line.startswith(start))


def test_a_gms_edit_that_breaks_a_typed_result_is_refused_at_its_line_and_one_that_keeps_it_whole_is_told(camp,
                                                                                                       now):
    tool(camp, "regroup", "--clan", "takeda", "--areas", "34", "--box", "15", "--on-map", "65")
    tool(camp, "sea-battle", "--attacker", "2", "--defender", "2", "--for", "Ise Bay")
    edited(camp, "draft = true\n", "")
    assert run("moderate", "check", camp.folder).code == 0
    edited(camp, "may_return = 3", "may_return = 5")   # the rule gives 3
    edited(camp, 'outcome = "', 'outcome = "x')
    refused = run("moderate", "check", camp.folder)
    assert refused.code == 2
    assert f"line {line_of(camp, 'may_return')}: may_return = 5 does not follow from the rest of this regroup " \
           "result, which gives 3." in refused.err
    assert f"line {line_of(camp, 'outcome')}: outcome must be one of" in refused.err
    assert run("resolve", camp.folder, "--force").code == 2 and not camp.round_dir(1).exists()
    edited(camp, "may_return = 5", "may_return = 3")
    edited(camp, 'outcome = "x', 'outcome = "')
    edited(camp, "  {attacker_hits = ", "  {attacker_hits = 9")   # more hits than dice
    refused = run("moderate", "check", camp.folder)
    assert refused.code == 2 and f"line {line_of(camp, '  {attacker_hits = 9')}: the attacker hits 9" in refused.err
    edited(camp, "  {attacker_hits = 9", "  {attacker_hits = ")
    edited(camp, 'clan = "takeda"', 'clan = "uesugi"')   # an edit the rules allow: told as the GM wrote it
    edited(camp, 'kind = "regroup"', 'kind = "regroup"\n# checked by the GM')
    publish(camp)
    assert "Regroup (11.5) of the uesugi: 34 areas" in report(camp, "ann")


def test_the_track_after_one_rounds_reinforcements_is_where_the_next_run_starts(camp, now):
    tool(camp, "reinforcements", "--turn", "2")
    tool(camp, "reinforcements", "--turn", "3", "--exile-ashikaga", "--by-event-card")
    after = written(camp)[-1]["after"]
    assert after == {"takeda": "6", "mori": "13", "uesugi": "15"}
    publish(camp)
    kept = [{"entry": "takeda", "turn": 6, "end_phase": False}, {"entry": "mori", "turn": 13, "end_phase": False},
            {"entry": "uesugi", "turn": 15, "end_phase": False}]
    assert camp.state()["track"] == kept
    assert received(camp, "bob")[-1]["view"]["track"] == kept   # and every player's report shows it
    out = tool(camp, "reinforcements", "--turn", "4", "--accelerate", "mori")
    face = int(re.search(r"round 2, roll 0: 1d6 for reinforcements mori accelerated = (\d)", out).group(1))
    [second] = written(camp, 2)
    assert second["before"] == after and second["after"]["mori"] == str(13 - face)
    again = tool(camp, "reinforcements", "--turn", "4", "--accelerate", "mori")   # run again: told, not rolled
    assert "nothing new was rolled" in again and written(camp, 2) == [second]
    assert "--track" not in out   # nothing to carry to the next run by hand
    publish(camp, 2)
    assert camp.state()["track"][0] == {"entry": "takeda", "turn": 6, "end_phase": False}
    assert {"entry": "mori", "turn": 13 - face, "end_phase": False} in camp.state()["track"]
    overridden = tool(camp, "reinforcements", "--turn", "6", "--track", "takeda=6")   # --track stays an override
    assert written(camp, 3)[0]["before"] == {"takeda": "6"} and "Still to come: none." in overridden


def test_replay_and_verify_of_rounds_with_typed_results_are_byte_identical(camp, now):
    tool(camp, "setup")
    tool(camp, "sea-battle", "--attacker", "3", "--defender", "3", "--for", "Osaka Bay")
    tool(camp, "reinforcements", "--turn", "2")
    publish(camp)
    tool(camp, "reinforcements", "--turn", "3", "--exile-ashikaga")
    tool(camp, "victory", "--scenario", "standard", "--kyoto", "oda")
    publish(camp, 2)
    for path in (camp.folder / "results").iterdir():   # replay and verify take the rounds' inputs, not these
        path.unlink()
    replayed = run("replay", camp.folder)
    assert replayed.code == 0 and "all 3 rounds identical" in replayed.out, replayed.err
    assert run("verify", camp.folder).code == 0
    for player in PLAYERS:
        problems, counts = checker.check(received(camp, player), {})
        assert problems == [] and counts["on_demand"] > 3
