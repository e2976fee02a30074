"""Ninjato's computer player: orders from the player's view alone, which always pass the check, and which play
whole games to the end."""
from __future__ import annotations

from engine.dice import Dice
from games.ninjato import carry, computer, orders, rounds
from games.ninjato.view import view
from tests.ninjato.players import random_decision, random_game
from tests.ninjato.table import guard, lay_house, new_game, treasure


class _Enough(Exception):
    pass


def test_the_computer_players_orders_always_pass_the_check_over_many_seeded_positions():
    positions = []

    def sample(state: dict) -> None:
        if len(positions) >= 15 * (seed + 1):
            raise _Enough
        if state["over"] or state["turn"] % 3:
            return
        for player in state["players"]:
            made = computer.computer_orders(view(state, player), player)
            checked = orders.check_orders(view(state, player), player, made)
            assert checked.accepted, (player, checked.problems)
            assert checked.orders == made
        positions.append(state["round"])

    for seed in range(3):
        state, stream = new_game(("ann", "bob", "cho", "dan")[:2 + seed], key=b"computer %d" % seed)
        try:
            random_game(state, stream, Dice(b"chooser %d" % seed), sample)
        except _Enough:
            pass
    assert len(positions) == 45 and len(set(positions)) > 3


def test_the_computer_players_orders_are_made_from_its_view_alone():
    state, _ = new_game()
    before = computer.computer_orders(view(state, "ann"), "ann")
    state["ninja"]["bob"]["hand"] = [1, 1, 5, 5, 5]
    state["decks"]["guards"]["draw"].reverse()
    assert computer.computer_orders(view(state, "ann"), "ann") == before


def test_the_computer_raids_a_house_it_can_beat_first_and_goes_to_the_dojo_with_an_empty_hand():
    state, _ = new_game()
    state["ninja"]["ann"]["hand"] = [5, 5, 4]
    lay_house(state, "house-1", guard(1), [treasure("jade", 4, 1)])
    first = computer.computer_orders(view(state, "ann"), "ann")["shuriken"][0]["actions"][0]
    assert first["do"] == "raid"
    state["ninja"]["ann"]["hand"] = []
    assert computer.computer_orders(view(state, "ann"), "ann")["shuriken"][0]["actions"] == [{"do": "dojo"}]


def test_whole_games_of_computer_players_run_to_the_end_by_their_orders():
    for players in (("ann", "bob"), ("ann", "bob", "cho", "dan")):
        state, stream = new_game(players, key=b"whole " + players[-1].encode())
        raids = 0
        while not state["over"]:
            made = {p: computer.computer_orders(view(state, p), p) for p in players}
            state, events = carry.carry_out(state, made, stream)
            raids += sum(1 for e in events if e["kind"] == "raid")
            assert all(e["audience"] == [e["player"]] for e in events if e["kind"].startswith("order_"))
            assert rounds.to_act(state) is None
            state, _ = rounds.end_round(state, {}, stream)
        assert state["round"] == 7 and raids >= 7
        assert max(n["honour"] for n in state["ninja"].values()) > 0


def test_computer_orders_carried_out_from_positions_of_random_games_always_finish_the_round():
    finished, with_skills = [], []

    def from_here(state: dict) -> None:
        if len(finished) >= 12 * (seed + 1):
            raise _Enough
        if state["turn"] or state["raid"] or state["over"]:
            return
        made = {p: computer.computer_orders(view(state, p), p) for p in state["players"]}
        after, events = carry.carry_out(state, made, Dice(stream.key, [dict(roll) for roll in stream.rolls]))
        assert rounds.to_act(after) is None
        finished.append(state["round"])
        with_skills.extend(e for e in events if e["kind"] == "guard_beaten" and e["skills"])

    for seed in range(3):
        state, stream = new_game(("ann", "bob", "cho")[:2 + seed % 2], key=b"rounds %d" % seed)
        try:
            random_game(state, stream, Dice(b"random ninja %d" % seed), from_here)
        except _Enough:
            pass
    assert len(finished) >= 15 and with_skills


def _against_random(seed: int) -> dict:
    """A 2-player game: ann plays by the computer's orders (made once a round), bob at random."""
    state, stream = new_game(("ann", "bob"), key=b"vs %d" % seed)
    chooser = Dice(b"rnd %d" % seed)
    while not state["over"]:
        made = computer.computer_orders(view(state, "ann"), "ann")
        while rounds.to_act(state):
            if rounds.to_act(state) == "ann":
                placed = sum(1 for p in state["placements"] if p["player"] == "ann") + 1
                state, _ = carry.place_shuriken(state, "ann", made["shuriken"][placed - 1], placed, stream)
            else:
                state, _ = random_decision(state, chooser, stream)
        state, _ = rounds.end_round(state, {}, stream)
    return state


def test_the_computer_player_plays_sensibly_it_beats_a_ninja_playing_at_random_most_games():
    won = [_against_random(seed)["winners"][0] == "ann" for seed in range(6)]
    assert sum(won) >= 5, won
