"""Why Age of War orders are refused: each problem code with its reason and its English sentence.

The sentences are templates with named fields (str.format, with engine.problems'
list specs), so that they can be given in another language later; the
checks in orders.py name only codes and values.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, ProblemTable

PROBLEMS = ProblemTable({
    "game-over": (NOT_ALLOWED, "The game is over: no more orders are needed."),
    "not-a-player": (NOT_ALLOWED, "{player} does not play in this game."),
    "unknown-order": (NOT_UNDERSTOOD, '"{key}" is not an Age of War order. The only order is a ranked list of '
                                      "castles, for example: {example}"),
    "no-targets": (NOT_UNDERSTOOD, "Your orders need a list of castles to attack, best first, for example: {example}"),
    "targets-not-a-list": (NOT_UNDERSTOOD, 'targets must be a non-empty list of castle names (or "auto") in quotes, '
                                           "for example: {example}"),
    "target-not-a-name": (NOT_UNDERSTOOD, '{written} is not a castle name: write each entry as a name (or "auto") '
                                          "in quotes, for example: {example}"),
    "unknown-castle": (NOT_UNDERSTOOD, 'There is no castle called "{written}". The castles are: {castles:list}.'),
    "misspelt-castle": (NOT_UNDERSTOOD, 'There is no castle called "{written}". Did you mean {suggestions:or}?'),
    "after-auto": (NOT_ALLOWED, '"{written}" comes after "auto", which always picks a castle, so it would never be '
                                'reached. Put "auto" last.'),
    "too-many-targets": (NOT_ALLOWED, "the list has {count:,} entries, but there are only {castles} castles: list "
                                      "each castle at most once, and auto last if you like"),
    "listed-twice": (NOT_ALLOWED, "{castle} is already in your list at place {place}; list each castle once."),
    "castle-secured-yours": (NOT_ALLOWED, "{castle} is face down in your {clan} clan stack: "
                                          "it can never be taken again."),
    "castle-secured": (NOT_ALLOWED, "{castle} is face down in {holder}'s {clan} clan stack: "
                                    "it can never be taken again."),
})


def problem(field: str, code: str, **values) -> Problem:
    """The problem of this code at this field, with its reason and sentence from the table above."""
    return PROBLEMS.problem(field, code, **values)
