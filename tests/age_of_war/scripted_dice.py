"""Dice that roll what a test says, for turns whose every face is known in advance."""
from __future__ import annotations

import tests.support.scripted
from games.age_of_war import setup

VALUE_OF_FACE = {"1": 1, "2": 2, "3": 3, "A": 4, "C": 5, "D": 6}


class ScriptedDice(tests.support.scripted.ScriptedDice):
    """Scripted dice that also take whole Age of War rolls written as faces."""

    def __init__(self, values=()):
        super().__init__(*values)

    def add(self, *rolls: str) -> ScriptedDice:
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
