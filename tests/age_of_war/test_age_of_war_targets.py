from fractions import Fraction

from engine import for_player
from games.age_of_war import resolve, targets
from games.age_of_war.targets import auto_target, auto_v1_target, available_castles
from tests.age_of_war.scripted_dice import ScriptedDice, give, new_game, only

JUNK = ["1111111", "111111", "11111", "1111", "111", "11", "1"]


def first_turn(state, orders, *rolls):
    dice = ScriptedDice().add(*rolls)
    return resolve(state, orders, dice)


def test_the_first_castle_of_the_list_that_can_be_attacked_is_attacked():
    state = give(give(new_game(["ann", "bob"]), "ann", "Azuchi"), "bob", "Kumamoto", secured=True)
    _, events = first_turn(state, {"ann": {"targets": ["Azuchi", "Kumamoto", "Kasugayama", "Gifu"]},
                                   "bob": {"targets": ["Kasugayama"]}}, *JUNK * 2)
    chosen = only(events, "target_chosen")[0]
    assert chosen == {"kind": "target_chosen", "audience": ["ann"], "player": "ann", "castle": "Kasugayama",
                      "auto": False, "rank": 3,
                      "passed": [{"castle": "Azuchi", "why": "held"}, {"castle": "Kumamoto", "why": "secured"}]}
    assert only(events, "turn")[0]["castle"] == "Kasugayama"


def test_a_castle_taken_earlier_in_the_round_is_passed_over_or_stolen():
    state = new_game(["ann", "bob"])
    _, events = first_turn(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Gifu", "Kasugayama"]}},
                           "DAC1111", "AC1111", "C1111", *JUNK)
    # Gifu is in front of ann now: bob still attacks it, as a steal with the daimyo line
    assert only(events, "turn")[1] == {"kind": "turn", "audience": "all", "player": "bob", "castle": "Gifu",
                                       "holder": "ann"}


def test_fallback_targets_are_told_only_to_the_player_who_ordered_them():
    state = give(new_game(["ann", "bob"]), "ann", "Azuchi")
    _, events = first_turn(state, {"ann": {"targets": ["Azuchi", "Kasugayama"]},
                                   "bob": {"targets": ["Kasugayama"]}}, *JUNK * 2)
    seen_by_bob = for_player(events, "bob")
    assert "Azuchi" not in repr(seen_by_bob)
    assert [ev["kind"] for ev in seen_by_bob].count("target_chosen") == 1  # bob's own
    assert only(for_player(events, "ann"), "target_chosen")[0]["passed"] == [{"castle": "Azuchi", "why": "held"}]


def test_a_list_that_runs_out_falls_back_to_auto():
    state = give(new_game(["ann", "bob"]), "ann", "Gifu")
    _, events = first_turn(state, {"ann": {"targets": ["Gifu"]}, "bob": {"targets": ["Kasugayama"]}}, *JUNK * 2)
    chosen = only(events, "target_chosen")[0]
    assert (chosen["castle"], chosen["auto"], chosen["rank"]) == ("Kiyosu", True, None)


def test_an_explicit_auto_reports_its_place_in_the_list():
    state = give(new_game(["ann", "bob"]), "ann", "Gifu")
    _, events = first_turn(state, {"ann": {"targets": ["Gifu", "auto"]}, "bob": {"targets": ["Kasugayama"]}},
                           *JUNK * 2)
    chosen = only(events, "target_chosen")[0]
    assert (chosen["castle"], chosen["auto"], chosen["rank"]) == ("Kiyosu", True, 2)


def test_missing_orders_play_auto():
    state = new_game(["ann", "bob"])
    _, events = first_turn(state, {"bob": {"targets": ["Kasugayama"]}}, *JUNK * 2)
    assert only(events, "turn")[0]["castle"] == "Kiyosu"


def test_auto_takes_the_highest_points_times_chance():
    # Fresh table: Kiyosu 2 x 87.0% = 1.74 beats Matsuyama 2 x 68.7% = 1.37 and every other castle
    # (Gifu 0.92, Kasugayama 1.08, Azuchi 1.11, Gassantoda 1.14, Kitanosho 1.10, ...).
    assert auto_target(new_game(), "ann") == "Kiyosu"


def test_auto_counts_the_clan_a_castle_would_complete():
    # Holding three Oda castles, Azuchi would turn 4 face-up points into the clan's 10: a gain of 6,
    # and 6 x 37.0% = 2.22 beats Kiyosu's 1.74.
    state = give(new_game(), "ann", "Matsumoto", "Odani", "Gifu")
    assert auto_target(state, "ann") == "Azuchi"
    assert auto_target(state, "bob") != "Azuchi"


def test_auto_steals_when_stealing_is_worth_more():
    state = new_game(["ann", "bob"])
    give(state, "bob", *[n for n in state["castles"] if n != "Odani"], secured=True)
    state["castles"]["Kasugayama"]["secured"] = False
    # Odani in the centre: 1 x 33.8% = 0.34; stealing Kasugayama: 4 x 20.9% = 0.84
    assert auto_target(state, "ann") == "Kasugayama"
    state["castles"]["Kasugayama"]["secured"] = True
    state["castles"]["Gifu"]["secured"] = False
    # stealing Gifu: 1 x 78.7% = 0.79
    assert auto_target(state, "ann") == "Gifu"


def test_auto_breaks_equal_gains_by_card_order():
    # Inuyama (D ; AA) and Marugame (DD ; C) are worth 1 point each at the same exact odds
    state = new_game(["ann", "bob"])
    give(state, "ann", *[n for n in state["castles"] if n not in ("Inuyama", "Marugame")])
    assert available_castles(state, "bob") != ["Inuyama", "Marugame"]
    give(state, "bob", *[n for n in state["castles"] if n not in ("Inuyama", "Marugame")], secured=True)
    assert available_castles(state, "ann") == ["Inuyama", "Marugame"]
    assert auto_target(state, "ann") == "Inuyama"


def test_auto_breaks_equal_expected_gains_by_the_higher_chance(monkeypatch):
    # Matsumoto 2 points x 1/4 equals Gifu 1 point x 1/2: Gifu wins on chance despite card order
    state = new_game(["ann", "bob"])
    give(state, "bob", *[n for n in state["castles"] if n not in ("Matsumoto", "Gifu")], secured=True)
    fake = {"Matsumoto": Fraction(1, 4), "Gifu": Fraction(1, 2)}
    monkeypatch.setattr(targets, "attack_odds", lambda state, player, name: fake[name])
    assert auto_target(state, "ann") == "Gifu"


def test_a_player_never_attacks_their_own_or_a_secured_castle():
    state = give(give(new_game(), "ann", "Kiyosu"), "bob", "Gifu", "Odani", secured=True)
    assert "Kiyosu" not in available_castles(state, "ann")
    assert "Kiyosu" in available_castles(state, "bob")
    assert not {"Gifu", "Odani"} & set(available_castles(state, "ann") + available_castles(state, "bob"))
    assert auto_target(state, "ann") not in ("Kiyosu", "Gifu", "Odani")


def test_a_turn_with_nothing_to_attack_is_skipped():
    state = new_game(["ann", "bob"])
    give(state, "bob", *state["castles"], secured=True)
    give(state, "ann", "Gifu")  # ann's own castle is all that is face up
    _, events = first_turn(state, {}, *JUNK)
    assert only(events, "turn_skipped") == [{"kind": "turn_skipped", "audience": "all", "player": "ann"}]
    assert only(events, "turn") == [{"kind": "turn", "audience": "all", "player": "bob", "castle": "Gifu",
                                     "holder": "ann"}]


def test_auto_v1_steals_only_from_a_leading_player():
    # cid leads; bob's face-up Kasugayama would be worth more to ann than cid's Gifu, but bob is not leading
    state = new_game(["ann", "bob", "cid"])
    give(state, "cid", *[n for n in state["castles"] if n not in ("Odani", "Kasugayama", "Gifu")], secured=True)
    give(state, "cid", "Gifu")
    give(state, "bob", "Kasugayama")
    assert "Kasugayama" in available_castles(state, "ann")
    assert auto_v1_target(state, "ann") == "Gifu"
    give(state, "bob", "Odani", "Kasugayama")  # with nothing else left, any castle will do
    give(state, "ann", "Gifu")
    assert auto_v1_target(state, "ann") == "Kasugayama"


def test_games_of_computer_players_end():
    from engine import Dice
    from games.age_of_war import setup

    for players in (2, 4, 6):
        for seed in range(3):
            state, _ = setup([f"p{i}" for i in range(players)], {}, Dice(f"end {seed}".encode()))
            rounds = 0
            while not state["over"]:
                rounds += 1
                assert rounds <= 100, f"{players} players, seed {seed}: no end after 100 rounds"
                state, _ = resolve(state, {}, Dice(f"end {seed} round {rounds}".encode()))
