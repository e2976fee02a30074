"""Dice that roll what a test says, for turns whose every face is known in advance."""
from __future__ import annotations

from games.age_of_war import setup

VALUE_OF_FACE = {"1": 1, "2": 2, "3": 3, "A": 4, "C": 5, "D": 6}


class ScriptedDice:
    """The engine's Dice interface (roll, pick, rolls), returning scripted values in order."""

    def __init__(self, values=()):
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

    def add(self, *rolls: str) -> "ScriptedDice":
        """Script rolls written as faces, one string per roll: add("DAC1111", "AC1111")."""
        for roll in rolls:
            self.values += [VALUE_OF_FACE[face] for face in roll]
        return self


def new_game(players=("ann", "bob", "cid")) -> dict:
    """A fresh game whose first player is the first named."""
    state, _ = setup(list(players), {}, ScriptedDice([1]))
    return state


def give(state: dict, player: str, *castles: str, secured: bool = False) -> dict:
    for name in castles:
        state["castles"][name] = {"holder": player, "secured": secured}
    return state


def kinds(events: list[dict]) -> list[str]:
    return [ev["kind"] for ev in events]


def only(events: list[dict], kind: str) -> list[dict]:
    return [ev for ev in events if ev["kind"] == kind]
