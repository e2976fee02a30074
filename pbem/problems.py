"""The problems of an order file's envelope and form, one sentence per code: what the shell itself refuses.

The game's own problems (its orders' body) live in the game's problems table.
A value quoting what the player wrote is given as engine.shown writes it.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Problem, ProblemTable

PROBLEMS = ProblemTable({
    # the file
    "too-big": (NOT_UNDERSTOOD, "the file has {size:,} bytes; order files are at most {limit:,}"),
    "not-utf8": (NOT_UNDERSTOOD, "not UTF-8 text (byte {byte})"),
    "empty-file": (NOT_UNDERSTOOD, "the file is empty; start from the order form at the end of your last report"),
    "toml-syntax": (NOT_UNDERSTOOD, "not valid TOML: {error}"),
    "utf-16": (NOT_UNDERSTOOD, "the file is saved as UTF-16; save it as UTF-8 (in Notepad: Save as, Encoding: "
                               "UTF-8) and send it again"),
    "odd-space": (NOT_UNDERSTOOD, "this line holds {character} where TOML needs a plain space; type the spaces "
                                  "again as plain spaces"),
    "too-deep": (NOT_UNDERSTOOD, "lists and tables are nested more than {depth} deep; no order needs that"),
    "key-too-dotted": (NOT_UNDERSTOOD, "a dotted key has {parts:,} parts; order files use at most {limit}"),
    "key-too-long": (NOT_UNDERSTOOD, "a word of the file is longer than {limit:,} characters; no order needs that"),
    "more-problems": (NOT_UNDERSTOOD, "and {count} more problems"),
    # the envelope
    "wrong-game": (NOT_ALLOWED, "these orders are for {written}, but campaign {campaign} plays {game}"),
    "wrong-campaign": (NOT_ALLOWED, "these orders are for campaign {written}, not {campaign}"),
    "player-not-a-name": (NOT_UNDERSTOOD, "the player is a name in quotes"),
    "signed-by-another": (NOT_ALLOWED, "these orders are signed by {written}, not {player}"),
    "no-player": (NOT_UNDERSTOOD, 'say whose orders these are: player = "NAME"'),
    "unknown-player": (NOT_ALLOWED, "no player named {written} in this campaign (players: {players:list})"),
    "no-token": (NOT_ALLOWED, 'orders by mail or inbox carry your secret token: token = "..." '
                              "(it was in your welcome message)"),
    "token-placeholder": (NOT_ALLOWED, "you left the form's placeholder: put your secret token, from your welcome "
                                       "message, in its place"),
    "wrong-token": (NOT_ALLOWED, "the token does not match player {player}"),
    "bad-nonce": (NOT_UNDERSTOOD, "the nonce is up to 128 printable ASCII characters without spaces, in quotes"),
    "nonce-is-token": (NOT_ALLOWED, "the nonce is a secret token; nonces are printed in every report, so choose "
                                    "any other word"),
    "bad-final": (NOT_UNDERSTOOD, "final is true or false, without quotes"),
    "game-over": (NOT_ALLOWED, "the game is over (after round {round}); no more orders are taken"),
    "no-round": (NOT_UNDERSTOOD, "say which round these orders are for: round = {round}"),
    "wrong-round": (NOT_ALLOWED, "these orders are for round {given}, but round {open} is open"),
    "round-closed": (NOT_ALLOWED, "round {round} closed at {closed}, and this campaign's dice use a public beacon: "
                                  "orders that come after cannot count; the round stands with the last orders "
                                  "accepted before"),
})


def problem(field: str, code: str, **values) -> Problem:
    """The problem of this code at this field, with its reason and sentence from the table above."""
    return PROBLEMS.problem(field, code, **values)
