"""Dice that roll what a test says: the engine's Dice interface, scripted values in order, recorded."""
from __future__ import annotations


class ScriptedDice:
    def __init__(self, *values: int):
        self.values = list(values)
        self.rolls: list[dict] = []

    def roll(self, sides: int, purpose: str) -> int:
        if not self.values:
            raise AssertionError(f"an unscripted roll was made: {purpose}")
        value = self.values.pop(0)
        assert 1 <= value <= sides, f"scripted {value} on a die of {sides} sides"
        self.rolls.append({"seq": len(self.rolls), "sides": sides, "purpose": purpose, "value": value})
        return value

    def pick(self, items: list, purpose: str):
        return items[self.roll(len(items), purpose) - 1]

    def purposes(self) -> list[str]:
        return [roll["purpose"] for roll in self.rolls]
