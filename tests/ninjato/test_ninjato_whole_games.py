"""Whole games of ninja deciding at random: no piece is ever lost or made, everything stays plain data, and the
same seeds play the same game."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.canonical import check_plain, dumps
from engine.dice import Dice
from games.ninjato import components
from tests.ninjato.players import random_game
from tests.ninjato.table import new_game, only

DATA = components.load()


def _ids(pieces) -> list[str]:
    return [piece["id"] for piece in pieces]


def census(state: dict) -> dict[str, Counter]:
    """Every piece wherever it is: the Dojo cards by value, the others by id, the clan tokens by (clan, worth)."""
    decks, ninja, raid = state["decks"], state["ninja"].values(), state["raid"] or {}
    current = [raid["guard"]] if raid.get("from") in ("guards", "elites") else []
    houses = state["houses"].values()
    return {
        "dojo": Counter(state["dojo_row"] + decks["dojo"]["draw"] + decks["dojo"]["discard"]
                        + [card for n in ninja for card in n["hand"]]),
        "guards": Counter(_ids(decks["guards"]["draw"] + decks["guards"]["discard"] + decks["elites"]["draw"]
                               + decks["elites"]["discard"] + [h["sentry"] for h in houses if h["sentry"]]
                               + current + [g for n in ninja for g in n["elites"]])),
        "treasures": Counter(_ids(decks["bag"]["draw"] + decks["bag"]["discard"] + raid.get("shuriken", [])
                                  + [t for h in houses for t in h["treasures"]]
                                  + [t for n in ninja for t in n["treasures"]])),
        "cards": Counter(_ids(decks["envoys"]["draw"] + state["palace"] + decks["rumors"]["draw"]
                              + state["pavilion"] + decks["skills"]["draw"] + decks["hensojutsu"]["draw"]
                              + state["sensei"] + [c for n in ninja for c in n["envoys"] + n["rumors"]
                                                   + n["skills"]])),
        "tokens": Counter([(clan, worth) for clan, values in state["clan_pile"].items() for worth in values]
                          + [(h["clan"], h["worth"]) for h in houses]),
    }


EXPECTED = {
    "dojo": Counter(DATA["dojo"]),
    "guards": Counter(_ids(DATA["guards"] + DATA["elites"])),
    "treasures": Counter(_ids(DATA["treasures"])),
    "cards": Counter(_ids(DATA["envoys"] + DATA["rumors"] + DATA["skills"] + DATA["hensojutsu"])),
    "tokens": Counter((clan, worth) for clan, values in DATA["clans"].items() for worth in values),
}


def conserved(state: dict) -> None:
    assert census(state) == EXPECTED
    check_plain(state)


@pytest.mark.parametrize("game", range(4))
def test_no_piece_is_ever_lost_or_made_in_a_whole_game(game):
    players = ("ann", "bob", "cid", "dan")[:2 + game % 3]
    state, stream = new_game(players, key=f"stream {game}".encode())
    state, events = random_game(state, stream, Dice(f"chooser {game}".encode()), conserved)
    assert state["over"] and state["round"] == 7
    assert only(events, "game_over")[0]["winners"] == state["winners"]
    check_plain(events)


def test_the_same_seeds_play_the_same_game():
    played = []
    for _ in range(2):
        state, stream = new_game(("ann", "bob", "cid"), key=b"same stream")
        state, events = random_game(state, stream, Dice(b"same chooser"))
        played.append(dumps([state, events]))
    assert played[0] == played[1]


def test_random_games_raid_beat_houses_meet_alarms_and_elites():
    """So the whole-game checks above cover the raids, not only the Dojo."""
    seen = Counter()
    for game in range(4):
        state, stream = new_game(("ann", "bob", "cid"), key=f"raids {game}".encode())
        _, events = random_game(state, stream, Dice(f"raider {game}".encode()))
        seen.update(ev["kind"] for ev in events)
    for kind in ("guard_beaten", "banzai", "alarm", "failed", "left", "house_beaten", "house_refilled",
                 "skill_learned", "envoy_taken", "rumor_taken", "clan_scoring"):
        assert seen[kind], kind


def test_what_a_ninja_draws_or_peeks_reaches_him_alone():
    state, stream = new_game(("ann", "bob", "cid"), key=b"private")
    _, events = random_game(state, stream, Dice(b"private chooser"))
    private = {"dealt", "dojo_drawn", "peeked", "rumor_drawn"}
    assert {ev["kind"] for ev in events if ev["audience"] != "all"} <= private
    for ev in events:
        if ev["kind"] in private:
            assert ev["audience"] == [ev["player"]], ev
    assert "dojo_drawn" in {ev["kind"] for ev in events}
