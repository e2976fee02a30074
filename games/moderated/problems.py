"""Why a moderated game's order file is refused: each problem code with its reason and its English sentence."""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, ProblemTable

PROBLEMS = ProblemTable({
    "game-over": (NOT_ALLOWED, "The game is over: no more orders are needed."),
    "unknown-order": (NOT_UNDERSTOOD, '"{key}" is not an order of a moderated game: write your orders, in your '
                                      "own words, as the one text orders."),
    "orders-not-text": (NOT_UNDERSTOOD, "orders must be a text in quotes (three quotes for several lines), not "
                                        "{written}."),
    "orders-too-long": (NOT_ALLOWED, "Your orders are {count:,} characters long; at most {most:,} are read."),
    "orders-too-many-lines": (NOT_ALLOWED, "Your orders run over {count:,} lines; at most {most:,} are read."),
})
