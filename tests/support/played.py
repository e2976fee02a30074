"""Short games of computer players, played by the engine alone: the states from the setup on."""
from __future__ import annotations

from engine import Dice
from engine.dice import hidden_stream
from engine.game import resolve_round, setup_game


def played(game, rounds: int, key: bytes) -> list[dict]:
    """The states of a short game of computer players, from the setup on."""
    players = ["ann", "bob", "cho", "dai", "eri", "fuu"][:min(max(3, game.min_players), game.max_players)]
    stream = hidden_stream(key + b" decks")   # used by a game whose decks last the whole game
    state, _ = setup_game(game, players, {}, Dice(key), stream)
    states = [state]
    for number in range(rounds):
        orders = {p: game.computer_orders(game.view(state, p), p) for p in players}
        state, _ = resolve_round(game, state, orders, Dice(key + str(number).encode()), stream=stream)
        states.append(state)
    return states
