"""A Most Dangerous Time in a moderated campaign: `pbem new --game amdt`, the GM's tools (`pbem amdt ...`) rolling
their dice verifiably as dice on demand and adding their results to the round's public results, which both
players' next reports show and the checker rechecks; `pbem odds amdt-sea`; bad arguments refused."""
from __future__ import annotations

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
    text = public_text(camp)
    assert text.startswith("Sea battle (Osaka Bay): 4 attacking units against 3.")
    assert "Initiative: the defender +1 (Murakami)." in text
    assert re.search(r"(The attacker wins|The defender wins|Both sides are destroyed)", text)
    attacker, defender = 4, 3   # the units left follow from the hits the rolls counted
    for _, _, _, side, hits in rolls:
        if side == "attacker":
            defender_hit = int(hits)
        else:
            attacker, defender = max(0, attacker - int(hits)), max(0, defender - defender_hit)
    assert (attacker == 0 or defender == 0) and (attacker or defender or "Both sides" in text)
    publish(camp)
    for player in PLAYERS:
        seen = report(camp, player)
        assert "Sea battle (Osaka Bay): 4 attacking units against 3." in seen
        assert "Osaka Bay round 1 attacker" in seen
        problems, counts = checker.check(received(camp, player), {})
        assert problems == [] and counts["on_demand"] == len(rolls)
    assert run("verify", camp.folder).code == 0


def test_a_sea_battle_asked_again_is_told_again_and_neither_rolled_nor_added_twice(camp, now):
    first = tool(camp, "sea-battle", "--attacker", "2", "--defender", "2", "--for", "Ise Bay")
    again = tool(camp, "sea-battle", "--attacker", "2", "--defender", "2", "--for", "Ise Bay")
    assert first.splitlines()[:-1] == again.splitlines()[:-1] and "nothing new was rolled" in again
    assert public_text(camp).count("Sea battle (Ise Bay)") == 1
    other = run("amdt", "sea-battle", camp.folder, "--attacker", "5", "--defender", "2", "--for", "Ise Bay")
    assert other.code == 2 and "2d6>=5, not 5d6>=5" in other.err


def test_the_gms_own_words_and_comments_stay_in_the_results_file_a_tool_adds_to(camp, now):
    path = path_of(camp, 1)
    path.parent.mkdir()
    path.write_text('round = 1\n# my note\n[public]\ntext = "The daimyo gather at \\"Kyoto\\"."\n'
                    '[private.ann]\ntext = ""\n[private.bob]\ntext = "A letter."\n', "utf-8")
    tool(camp, "regroup", "--clan", "takeda", "--areas", "34", "--box", "15", "--on-map", "65")
    written = path.read_text("utf-8")
    assert "# my note" in written and tomllib.loads(written)["private"]["bob"]["text"] == "A letter."
    assert public_text(camp) == ('The daimyo gather at "Kyoto".\n\nRegroup (11.5) of the takeda: 34 areas under its '
                                 "line of communication, rating 7; at most 68 units on the map, 65 there; 3 of the "
                                 "15 in its regroup box may come back.")
    assert run("moderate", "check", camp.folder).code == 0


def test_reinforcements_roll_their_acceleration_verifiably_and_regroup_is_told_in_both_reports(camp, now):
    out = tool(camp, "reinforcements", "--turn", "3", "--accelerate", "takeda", "--for", "Shingen's ambition")
    face = int(re.search(r"round 1, roll 0: 1d6 for Shingen's ambition = (\d)", out).group(1))
    entering = f"turn {6 - face}" if face < 3 else "turn 3, in its end phase"
    assert f"takeda (due on turn 6) is brought {face} turn" in public_text(camp)
    assert f"it enters on {entering}." in public_text(camp)
    assert "--track takeda=" in out and "--track enryaku-ji" not in out   # due on turn 2: entered already
    exiled = tool(camp, "reinforcements", "--turn", "3", "--track", "mori=13", "--track", "uesugi=15",
                  "--exile-ashikaga")
    assert "roll 1: 1d6 for exile of Ashikaga: mori accelerated" in exiled
    assert "roll 2: 1d6 for exile of Ashikaga: uesugi accelerated" in exiled
    tool(camp, "regroup", "--clan", "uesugi", "--areas", "11", "--box", "4", "--on-map", "20")
    publish(camp)
    for player in PLAYERS:
        seen = report(camp, player)
        assert "Shingen's ambition" in seen and "Ashikaga Yoshiaki is exiled to Tomo." in seen
        assert "Regroup (11.5) of the uesugi: 11 areas under its line of communication, rating 3; at most 22 " \
               "units on the map, 20 there; 2 of the 4 in its regroup box may come back." in seen
        problems, counts = checker.check(received(camp, player), {})
        assert problems == [] and counts["on_demand"] == 3


def test_an_entry_due_now_enters_with_its_chit_and_the_set_up_and_victory_are_told(camp, now):
    entered = tool(camp, "reinforcements", "--turn", "6", "--track", "takeda=6", "--track", "mori=13")
    assert "Entering now: takeda (takeda 14; the takeda chit to the pool)." in entered
    assert "round 1, roll" not in entered   # nothing to roll
    told = tool(camp, "setup")
    assert "Set-up (14.1). Oda: ann; Anti-Oda: bob." in told and "- oda: 15 in kanagasaki, with oda-nobunaga" in told
    assert "Oda starts with the good-fortune card." in public_text(camp)
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


def test_a_player_who_reads_spanish_gets_the_battle_in_the_gms_words_and_its_dice_in_spanish(camp, now):
    assert run("player", "set", camp.folder, "bob", "--language", "es").code == 0
    tool(camp, "sea-battle", "--attacker", "1", "--defender", "2", "--for", "la bahía de Ise")
    publish(camp)
    seen = report(camp, "bob")
    assert "Dados que el máster tiró a petición" in seen and "Tirada 0: 1d6>=5 para la bahía de Ise" in seen
    assert "Sea battle (la bahía de Ise): 1 attacking unit against 2." in seen
