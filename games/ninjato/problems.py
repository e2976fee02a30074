"""Why Ninjato orders are refused: each problem code with its reason and its English sentence (str.format
templates with engine.problems' list specs; the checks in orders.py name only codes and values)."""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, ProblemTable

PROBLEMS = ProblemTable({
    "game-over": (NOT_ALLOWED, "The game is over: no more orders are needed."),
    "not-a-player": (NOT_ALLOWED, "{player} does not play in this game."),
    "unknown-order": (NOT_UNDERSTOOD, '{key} is not a Ninjato order. The orders are one [[shuriken]] table '
                                      "per placement, for example: {example}"),
    "no-shuriken": (NOT_UNDERSTOOD, "Your orders need a [[shuriken]] table for each placement, for example: "
                                    "{example}"),
    "shuriken-not-a-list": (NOT_UNDERSTOOD, "shuriken must be a list of tables, one [[shuriken]] per placement, "
                                            "not {written}; for example: {example}"),
    "too-many-shuriken": (NOT_ALLOWED, "You place {limit} shuriken a round, not {count:,}."),
    "not-a-table": (NOT_UNDERSTOOD, "{name} should be a table, not {written}."),
    "unknown-key": (NOT_UNDERSTOOD, '{key} has no meaning here; the keys are {allowed:list}.'),
    "no-actions": (NOT_UNDERSTOOD, "Each [[shuriken]] needs actions = [...], a list of what you intend, best "
                                   "first, for example: {example}"),
    "actions-not-a-list": (NOT_UNDERSTOOD, "actions must be a non-empty list of tables like "
                                           '{{ do = "dojo" }}, best first, not {written}.'),
    "too-many-actions": (NOT_ALLOWED, "A placement lists at most {limit} actions, not {count:,}."),
    "missing-do": (NOT_UNDERSTOOD, 'Each action needs do = one of {allowed:or}.'),
    "unknown-action": (NOT_UNDERSTOOD, 'There is no action {written}: do is one of {allowed:or}.'),
    "missing-field": (NOT_UNDERSTOOD, 'The action "{do}" needs {name}.'),
    "wrong-type": (NOT_UNDERSTOOD, "{name} should be {expected}, not {written}."),
    "too-long": (NOT_ALLOWED, "{name} has {count:,} entries; at most {limit} make sense."),
    "bad-card": (NOT_UNDERSTOOD, "{written} is not a Dojo card: the cards are 1 to 5."),
    "bad-id": (NOT_UNDERSTOOD, "{written} is not a name of a piece: names are like \"envoy-taira-1\" or "
                               "\"treasure-12\" (small letters, digits and dashes)."),
    "unknown-house": (NOT_UNDERSTOOD, 'There is no house {written}: the houses are {houses:list}.'),
    "unknown-approach": (NOT_UNDERSTOOD, 'A raid goes by "strength" or "stealth", not {written}.'),
    "unknown-clan": (NOT_UNDERSTOOD, 'There is no clan {written}: the clans are {clans:list}.'),
    "bad-banzai": (NOT_UNDERSTOOD, 'banzai is "never", or a table such as {{ chance = 60 }} (press on while the '
                                   "chance of beating the next guard is at least 60 percent) or "
                                   "{{ guards = 2 }} (at most 2 guards after the sentry), or both; not {written}."),
    "bad-chance": (NOT_UNDERSTOOD, "chance is a whole number of percent from 0 to 100, not {written}."),
    "bad-guards": (NOT_UNDERSTOOD, "guards is a whole number from 0 to {limit}, not {written}."),
    "bad-worth": (NOT_UNDERSTOOD, "worth is the value of a clan token, a whole number from 1 to 10, not "
                                  "{written}."),
    "house-closed": (NOT_ALLOWED, "{house} was beaten this round and stays closed until the round ends."),
    "claim-own-clan": (NOT_ALLOWED, "{house} already belongs to {clan}: a house beaten takes a token of one "
                                    "of the other two clans."),
    "skill-not-available": (NOT_ALLOWED, "You do not know the skill {skill}, and the Sensei does not offer it "
                                         "this round (the form lists the skills you know and those offered)."),
    "skill-not-offered": (NOT_ALLOWED, "The Sensei does not offer {skill} this round; the skills offered are "
                                       '{offered:list}, and "hensojutsu" while its stack lasts.'),
    "card-taken": (NOT_ALLOWED, "{card} has been taken and cannot come back into the row, which offers "
                                "{offered:list}."),
    "unknown-treasure": (NOT_UNDERSTOOD, "There is no treasure {written}: name a treasure as your report does, by "
                                         'its kind and value ("jade 4"), or by its id ("treasure-12").'),
    "treasure-not-held": (NOT_ALLOWED, "You give {named} of {written} here, but hold {held}."),
    "treasure-not-in-house": (NOT_ALLOWED, "There is no {written} in {house} to keep: name a treasure the house "
                                           "holds, as your report names it, or by its id."),
    "bad-reward": (NOT_UNDERSTOOD, 'The first ninja in a clan at its scoring takes "honour" or "rumor", not '
                                   "{written}."),
})


def problem(field: str, code: str, **values) -> Problem:
    """The problem of this code at this field, with its reason and sentence from the table above."""
    return PROBLEMS.problem(field, code, **values)
