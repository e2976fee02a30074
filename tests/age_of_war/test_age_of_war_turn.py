import copy

import pytest

from engine import Dice, dumps, for_player
from games.age_of_war import resolve
from tests.age_of_war.scripted_dice import ScriptedDice, give, kinds, new_game, only


def play(state, orders, *rolls):
    """Resolve a round with scripted rolls, and check that every scripted roll was used."""
    dice = ScriptedDice().add(*rolls)
    new, events = resolve(state, orders, dice)
    assert dice.values == [], "some scripted rolls were not used"
    return new, events, dice


def test_one_battle_line_is_filled_per_roll():
    state = new_game(["ann", "bob"])
    give(state, "bob", *[n for n in state["castles"] if n not in ("Gifu", "Odani")])
    state["castles"]["Kumamoto"]["secured"] = True  # bob holds everything but Gifu and Odani
    new, events, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Odani"]}},
                          "DAC1111", "AC1111", "C1111",
                          "1111111", "111111", "11111", "1111", "111", "11", "1")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert kinds(ann) == ["turn", "target_chosen", "roll", "fill", "roll", "fill", "roll", "fill", "conquer"]
    assert [len(ev["dice"]) for ev in only(ann, "roll")] == [7, 6, 5]
    assert [(ev["line"], ev["need"], ev["dice"]) for ev in only(ann, "fill")] == [
        (0, "D", ["D"]), (1, "A", ["A"]), (2, "C", ["C"])]
    assert new["castles"]["Gifu"] == {"holder": "ann", "secured": False}


def test_an_infantry_line_is_filled_by_the_total_of_its_dice():
    state = new_game(["ann", "bob"])
    new, events, _ = play(state, {"ann": {"targets": ["Odani"]}, "bob": {"targets": ["Gifu"]}},
                          "3321A3C",  # 3+3+3+2 = 11 >= 10: four dice, largest first
                          "DAC1111", "AC1111", "C1111")
    fill = only(events, "fill")[0]
    assert (fill["player"], fill["castle"], fill["need"], fill["dice"]) == ("ann", "Odani", "10I", ["3", "3", "3", "2"])
    assert new["castles"]["Odani"]["holder"] == "ann"


def test_infantry_dice_short_of_the_total_cannot_fill_the_line():
    state = new_game(["ann", "bob"])
    _, events, _ = play(state, {"ann": {"targets": ["Odani"]}, "bob": {"targets": ["Gifu"]}},
                        "3321AAA", "321111", "32111", "3311", "331", "33", "3",  # 9 at most: never 10
                        "DAC1111", "AC1111", "C1111")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert not only(ann, "fill")
    assert [ev["forced"] for ev in only(ann, "drop")] == [True] * 7
    assert only(ann, "repelled") == [{"kind": "repelled", "audience": "all", "player": "ann", "castle": "Odani"}]


def test_a_die_is_dropped_when_no_line_can_be_filled_until_the_last_die_is_lost():
    state = new_game(["ann", "bob"])
    _, events, _ = play(state, {"ann": {"targets": ["Kasugayama"]}, "bob": {"targets": ["Gifu"]}},
                        "1111111", "111111", "11111", "1111", "111", "11", "1",
                        "DAC1111", "AC1111", "C1111")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert [len(ev["dice"]) for ev in only(ann, "roll")] == [7, 6, 5, 4, 3, 2, 1]
    assert [(ev["die"], ev["forced"]) for ev in only(ann, "drop")] == [("1", True)] * 7
    assert kinds(ann)[-1] == "repelled"


def test_a_die_is_dropped_by_choice_when_filling_would_waste_the_dice():
    # Gassantoda is D ; 8I. Seven infantry dice totalling 8 could fill 8I, but that would leave
    # no die for the daimyo: setting one die aside keeps a chance, filling leaves none.
    state = new_game(["ann", "bob"])
    new, events, _ = play(state, {"ann": {"targets": ["Gassantoda"]}, "bob": {"targets": ["Gifu"]}},
                          "2111111", "DAAAAA", "33322",
                          "DAC1111", "AC1111", "C1111")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert kinds(ann)[2:] == ["roll", "drop", "roll", "fill", "roll", "fill", "conquer"]
    assert only(ann, "drop")[0]["forced"] is False
    assert [(ev["need"], ev["dice"]) for ev in only(ann, "fill")] == [("D", ["D"]), ("8I", ["3", "3", "3"])]
    assert new["castles"]["Gassantoda"]["holder"] == "ann"


def test_stealing_needs_the_extra_daimyo_line():
    state = give(new_game(["ann", "bob"]), "bob", "Gifu")
    new, events, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Odani"]}},
                          "DAC1111", "AC1111", "C1111", "1111", "D11",
                          "1111111", "111111", "11111", "1111", "111", "11", "1")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert ann[0] == {"kind": "turn", "audience": "all", "player": "ann", "castle": "Gifu", "holder": "bob"}
    assert [(ev["line"], ev["need"]) for ev in only(ann, "fill")] == [(0, "D"), (1, "A"), (2, "C"), (3, "D")]
    assert only(ann, "drop") == [{"kind": "drop", "audience": "all", "player": "ann", "die": "1", "forced": True}]
    assert only(ann, "conquer") == [{"kind": "conquer", "audience": "all", "player": "ann", "castle": "Gifu",
                                     "from": "bob"}]
    assert new["castles"]["Gifu"] == {"holder": "ann", "secured": False}


def test_a_steal_without_the_daimyo_line_is_repelled():
    state = give(new_game(["ann", "bob"]), "bob", "Gifu")
    new, events, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Odani"]}},
                          "DAC1111", "AC1111", "C1111", "1111", "111", "11", "1",
                          "1111111", "111111", "11111", "1111", "111", "11", "1")
    assert kinds([ev for ev in events if ev.get("player") == "ann"])[-1] == "repelled"
    assert new["castles"]["Gifu"]["holder"] == "bob"


def test_a_clan_completed_by_a_steal_is_secured_at_once():
    state = give(give(new_game(["ann", "bob"]), "ann", "Marugame"), "bob", "Matsuyama")
    new, events, _ = play(state, {"ann": {"targets": ["Matsuyama"]}, "bob": {"targets": ["Gifu"]}},
                          "DDDDAAA", "DAAAAA", "33AAA", "33A",
                          "DAC1111", "AC1111", "C1111")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert kinds(ann)[-2:] == ["conquer", "clan_secured"]
    assert ann[-1] == {"kind": "clan_secured", "audience": "all", "player": "ann", "clan": "Chosokabe"}
    assert [(ev["line"], ev["need"]) for ev in only(ann, "fill")] == [(0, "D"), (3, "D"), (1, "4I"), (2, "4I")]
    assert new["castles"]["Matsuyama"] == {"holder": "ann", "secured": True}
    assert new["castles"]["Marugame"] == {"holder": "ann", "secured": True}


def test_kumamoto_alone_makes_the_shimazu_clan_and_is_secured_when_taken():
    state = new_game(["ann", "bob"])
    new, events, _ = play(state, {"ann": {"targets": ["Kumamoto"]}, "bob": {"targets": ["Gifu"]}},
                          "DDDDDDD", "AAAAA", "CCCC", "33D",
                          "DAC1111", "AC1111", "C1111")
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert [ev["need"] for ev in only(ann, "fill")] == ["DD", "A", "C", "4I"]
    assert ann[-1] == {"kind": "clan_secured", "audience": "all", "player": "ann", "clan": "Shimazu"}
    assert new["castles"]["Kumamoto"] == {"holder": "ann", "secured": True}


def test_a_castle_taken_without_its_whole_clan_stays_face_up():
    state = give(new_game(["ann", "bob"]), "ann", "Matsumoto", "Odani")
    new, _, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Inuyama"]}},
                     "DAC1111", "AC1111", "C1111",
                     "1111111", "111111", "11111", "1111", "111", "11", "1")
    assert [new["castles"][n]["secured"] for n in ("Matsumoto", "Odani", "Gifu")] == [False] * 3


def test_the_last_centre_castle_ends_the_game_mid_round():
    state = new_game(["ann", "bob", "cid"])
    give(state, "bob", *[n for n in state["castles"] if n != "Gifu"])
    state["castles"]["Kumamoto"]["secured"] = True
    orders = {p: {"targets": ["Gifu"]} for p in ("ann", "bob", "cid")}
    new, events, dice = play(state, orders, "DAC1111", "AC1111", "C1111")
    assert [ev["player"] for ev in only(events, "turn")] == ["ann"]  # bob and cid get no turn
    assert new["over"] is True and new["round"] == 1
    assert new["winners"] == ["bob"]
    assert events[-1]["kind"] == "game_over" and events[-1]["winners"] == ["bob"]
    assert [row["player"] for row in events[-1]["standings"]] == ["bob", "ann", "cid"]
    assert len(dice.rolls) == 18


def test_a_steal_does_not_end_the_game_while_castles_remain_in_the_centre():
    state = give(new_game(["ann", "bob"]), "bob", "Gifu")
    new, events, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Odani"]}},
                          "DAC1111", "AC1111", "C1111", "D111",
                          "1111111", "111111", "11111", "1111", "111", "11", "1")
    assert new["over"] is False and "game_over" not in kinds(events)


def test_the_round_follows_seat_order_from_the_first_player():
    state = new_game(["ann", "bob", "cid"])
    state["first"] = "bob"
    junk = ["1111111", "111111", "11111", "1111", "111", "11", "1"]
    _, events, _ = play(state, {p: {"targets": ["Kasugayama"]} for p in ("ann", "bob", "cid")}, *junk * 3)
    assert [ev["player"] for ev in only(events, "turn")] == ["bob", "cid", "ann"]


def test_roll_events_name_the_recorded_dice():
    state = new_game(["ann", "bob"])
    _, events, dice = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Gifu"]}},
                           "DAC1111", "AC1111", "C1111", "DAC1111", "AC1111", "C1111", "D111")
    rolls = only(events, "roll")
    assert [seq for ev in rolls for seq in ev["seqs"]] == [r["seq"] for r in dice.rolls]
    assert dice.rolls[7]["purpose"] == "ann turn roll 2"
    assert all(r["sides"] == 6 for r in dice.rolls)


def test_resolve_leaves_the_given_state_untouched_and_counts_the_round():
    state = new_game(["ann", "bob"])
    before = copy.deepcopy(state)
    new, _, _ = play(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Gifu"]}},
                     "DAC1111", "AC1111", "C1111", "1111111", "111111", "11111", "1111", "111", "11", "1")
    assert state == before
    assert new["round"] == 1 and new["castles"]["Gifu"]["holder"] == "ann"


def test_a_finished_game_cannot_be_resolved():
    state = new_game(["ann", "bob"])
    state["over"] = True
    with pytest.raises(ValueError):
        resolve(state, {}, ScriptedDice())


def test_the_same_seed_gives_the_same_rounds():
    def three_rounds(seed):
        dice = Dice(seed)
        state, events = new_game(["ann", "bob", "cid"]), []
        for _ in range(3):
            state, more = resolve(state, {"ann": {"targets": ["Kasugayama", "auto"]}}, dice)
            events += more
        return dumps(state), dumps(events), dumps(dice.rolls)

    assert three_rounds(b"s" * 32) == three_rounds(b"s" * 32)
    assert three_rounds(b"s" * 32) != three_rounds(b"t" * 32)


def test_events_and_states_are_canonical_plain_data():
    state = new_game(["ann", "bob", "cid"])
    new, events = resolve(state, {}, Dice(b"c" * 32))
    dumps(new), dumps(events)  # refuses floats and non-string keys
    assert all(ev["audience"] == "all" or ev["kind"] == "target_chosen" for ev in events)
    assert for_player(events, "ann")


def test_a_hopeless_turn_still_fills_what_it_can():
    state = new_game(["ann", "bob"])
    _, events, _ = play(state, {"ann": {"targets": ["Kumamoto"]}, "bob": {"targets": ["Gifu"]}},
                        "1111111", "111111", "11", "A",
                        "DAC1111", "AC1111", "C1111")
    # Seven dice: filling 4I would leave three for DD ; A ; C (four needed), so a die goes.
    # Six dice: dropping would leave five for six; both hopeless, so 4I is filled anyway.
    ann = [ev for ev in events if ev.get("player") == "ann"]
    assert kinds(ann)[2:] == ["roll", "drop", "roll", "fill", "roll", "drop", "roll", "fill", "repelled"]
    assert [ev["forced"] for ev in only(ann, "drop")] == [False, True]


def test_the_report_tells_which_face_each_rolled_value_shows_as_the_turns_play_it(campaign):
    import re

    from games.age_of_war.lines import face_of
    from tests.conftest import run

    report = run("report", campaign.folder, "ann").out
    told = dict(re.findall(r"(\d) = (\w)", report.split("A roll's value shows a face:")[1].split("\n")[0]))
    assert told == {str(value): face_of(value) for value in range(1, 7)}
