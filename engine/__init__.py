"""The game-agnostic core: dice, events with audiences, canonical data, the game protocol, problems as codes.

No I/O, no clock, no global randomness: everything here is a pure function of its inputs.
"""
from engine.canonical import digest, dumps
from engine.dice import Dice, commitment, round_seed
from engine.events import ALL, GM, event, for_player, visible_to
from engine.game import Checked, Game, GmResults, shown
from engine.problems import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, ProblemTable

__all__ = [
    "ALL", "GM", "NOT_ALLOWED", "NOT_UNDERSTOOD", "Checked", "Dice", "Game", "GmResults", "Problem", "ProblemTable",
    "commitment", "digest", "dumps", "event", "for_player", "round_seed", "shown", "visible_to",
]
