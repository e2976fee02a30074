"""A Ninjato table to test rules on: a fresh game in seat order, and pieces laid out as a test says."""
from __future__ import annotations

from engine.dice import Dice
from games.ninjato import preparation, rounds
from tests.support.scripted import ScriptedDice

STREAM_KEY = b"ninjato tests: the hidden stream"


def identity_rolls(count: int) -> list[int]:
    """The rolls that leave a Fisher-Yates shuffle of `count` items as it was."""
    return list(range(count, 1, -1))


def new_game(players=("ann", "bob"), key: bytes = STREAM_KEY) -> tuple[dict, Dice]:
    """A game whose turn order is the seat order and whose houses hold the setup's tokens in order (house-1
    Taira 2, house-2 Taira 4, house-3 Minamoto 2, house-4 Minamoto 4, house-5 Go-Shirakawa 6)."""
    dice = ScriptedDice(*identity_rolls(len(players)), *identity_rolls(5))
    stream = Dice(key)
    state, _ = preparation.setup(list(players), {}, dice, stream)
    return state, stream


def guard(value: int, alarm: bool = False, n: int = 900) -> dict:
    return {"id": f"guard-{n}", "strength": value, "stealth": value, "alarm": alarm, "elite": False}


def elite(strength: int, stealth: int, n: int = 950) -> dict:
    return {"id": f"elite-{n}", "strength": strength, "stealth": stealth, "alarm": False, "elite": True}


def treasure(kind: str, value: int, n: int) -> dict:
    return {"id": f"treasure-{n}", "kind": kind, "value": value}


def lay_house(state: dict, name: str, sentry: dict, treasures: list[dict], guards: list[dict] = (),
              elites: list[dict] = ()) -> None:
    """A house with this sentry and these treasures (plain side up), the Guard deck topped with `guards`."""
    state["houses"][name].update(sentry=sentry, treasures=[{**t, "side": "plain"} for t in treasures],
                                 closed=False)
    state["decks"]["guards"]["draw"][:0] = list(guards)
    state["decks"]["elites"]["draw"][:0] = list(elites)


def act(state: dict, stream, player: str, do: str, **values) -> tuple[dict, list[dict]]:
    return rounds.act(state, player, {"do": do, **values}, stream)


def kinds(events: list[dict]) -> list[str]:
    return [ev["kind"] for ev in events]


def only(events: list[dict], kind: str) -> list[dict]:
    return [ev for ev in events if ev["kind"] == kind]
