"""A decision the rules refuse: a code and its values, never a sentence (the batch orders of a later slice turn
these into the game's problems; the rules core only says why)."""
from __future__ import annotations


class RuleError(ValueError):
    """`code` is kebab-case ("not-your-turn"), `values` plain data that say what was wrong."""

    def __init__(self, code: str, **values):
        self.code = code
        self.values = values
        super().__init__(code + "".join(f" {key}={value!r}" for key, value in sorted(values.items())))
