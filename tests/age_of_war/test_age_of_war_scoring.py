from games.age_of_war import standings
from games.age_of_war.scoring import score, winners
from tests.age_of_war.scripted_dice import give, new_game


def ranks(state):
    return [(row["player"], row["points"], row["castles"], row["clans"], row["rank"]) for row in standings(state)]


def test_face_up_castles_score_their_points_and_a_secured_clan_its_value():
    state = give(new_game(), "ann", "Azuchi", "Kasugayama")  # 3 + 4 face up
    give(state, "ann", "Marugame", "Matsuyama", secured=True)  # Chosokabe: 4 instead of 1 + 2
    assert score(state, "ann") == 11
    assert score(state, "bob") == 0


def test_more_points_win():
    state = give(give(new_game(["ann", "bob"]), "ann", "Gifu"), "bob", "Azuchi")
    assert winners(state) == ["bob"]
    assert ranks(state) == [("bob", 3, 1, 0, 1), ("ann", 1, 1, 0, 2)]


def test_equal_points_go_to_the_player_with_more_castles():
    state = give(give(new_game(["ann", "bob"]), "ann", "Azuchi"), "bob", "Gifu", "Odani", "Inuyama")
    assert ranks(state) == [("bob", 3, 3, 0, 1), ("ann", 3, 1, 0, 2)]
    assert winners(state) == ["bob"]


def test_equal_castles_go_to_the_player_with_more_clans():
    state = give(new_game(["ann", "bob"]), "ann", "Azuchi", "Gifu")  # 3 + 1, two castles, no clan
    give(state, "bob", "Marugame", "Matsuyama", secured=True)  # Chosokabe: 4, two castles, one clan
    assert ranks(state) == [("bob", 4, 2, 1, 1), ("ann", 4, 2, 0, 2)]
    assert winners(state) == ["bob"]


def test_a_complete_tie_shares_the_victory():
    state = give(give(new_game(["ann", "bob", "cid"]), "ann", "Azuchi"), "bob", "Edo")
    assert winners(state) == ["ann", "bob"]
    assert ranks(state) == [("ann", 3, 1, 0, 1), ("bob", 3, 1, 0, 1), ("cid", 0, 0, 0, 3)]


def test_equal_players_are_listed_in_seat_order():
    state = give(give(new_game(["ann", "bob", "cid"]), "cid", "Azuchi"), "bob", "Edo")
    assert [row["player"] for row in standings(state)] == ["bob", "cid", "ann"]
