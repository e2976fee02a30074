"""Age of War's reports open with what happened to the player (templates/age_of_war/you.txt.j2): every castle the
player took or lost, every attack of theirs repelled and every attack they held off, read in the goldens."""
from __future__ import annotations

from tests.support.first_parts import golden_first_parts


def test_every_castle_taken_and_lost_is_in_the_takers_and_the_losers_first_part():
    compared = stolen = held = 0
    for path, report, told in golden_first_parts("age-of-war"):
        me = report["player"]
        turn = None
        for e in report["events"]:
            turn = e if e["kind"] == "turn" else turn
            if e["kind"] == "repelled" and turn and turn["holder"] == me:
                assert f"{e['castle']} (against {e['player']})" in told, (path, told)
                held += 1
            if e["kind"] == "conquer" and e["player"] == me:
                assert e["castle"] in told.split("Castles taken:")[1].split("\n")[0], (path, told)
                compared += 1
            elif e["kind"] == "conquer" and e["from"] == me:
                assert f"{e['castle']} (to {e['player']})" in told, (path, told)
                compared += 1
                stolen += 1
            elif e["kind"] == "repelled" and e["player"] == me:
                assert e["castle"] in told.split("Repelled at:")[1].split("\n")[0], (path, told)
                compared += 1
        points = next(row["points"] for row in report["standings"] if row["player"] == me)
        assert f"You have {points} point" in told
    assert compared >= 50 and stolen >= 3 and held >= 3, (compared, stolen, held)
