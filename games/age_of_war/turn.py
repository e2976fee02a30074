"""One player's turn: roll, then fill one battle line or drop a die, until the castle falls
or the dice run out.

These functions work on the private copy of the state that `resolve` owns;
the state handed to `resolve` is never touched.
"""
from __future__ import annotations

from engine import event

from . import solver
from .cards import castle, clan_of
from .lines import FACES, STEAL_LINE, could_use, dice_for_line, face_of
from .scoring import centre

DICE = 7


def roll_dice(dice, player: str, count: int, roll_number: int) -> tuple[list[str], list[int]]:
    """Roll `count` dice one by one; return their faces and the recorded sequence numbers."""
    faces, seqs = [], []
    for _ in range(count):
        faces.append(face_of(dice.roll(6, f"{player} turn roll {roll_number}")))
        seqs.append(dice.rolls[-1]["seq"])
    return faces, seqs


def battle_lines(name: str, steal: bool) -> list[tuple[int, str]]:
    """The lines to fill, as (index, line) in printed order; a steal adds the daimyo line last."""
    lines = list(enumerate(castle(name).lines))
    if steal:
        lines.append((len(lines), STEAL_LINE))
    return lines


def drop_die(faces: list[str], open_lines: list[tuple[int, str]]) -> str:
    """The die to set aside: one no open line could use if possible, the lowest face first.

    Which die goes does not change the odds (all the others are rolled
    again); this only keeps the report sensible and deterministic.
    """
    def usefulness(face: str) -> tuple[int, int]:
        return sum(could_use(line, face) for _, line in open_lines), FACES.index(face)

    return min(faces, key=usefulness)


def fill_battle_line(player: str, name: str, open_lines: list[tuple[int, str]], index: int,
                     used: list[str]) -> dict:
    """Cover a line with the dice that match it; those dice stay there for the turn."""
    need = dict(open_lines)[index]
    open_lines[:] = [(i, line) for i, line in open_lines if i != index]
    return event("fill", player=player, castle=name, line=index, need=need, dice=used)


def secure_clan(state: dict, player: str, name: str) -> list[dict]:
    """Turn a completed clan face down: it scores its clan value and can no longer be taken."""
    clan = clan_of(name)
    if not all(state["castles"][other]["holder"] == player for other in clan.castles):
        return []
    for other in clan.castles:
        state["castles"][other]["secured"] = True
    return [event("clan_secured", player=player, clan=clan.name)]


def conquer_castle(state: dict, player: str, name: str) -> list[dict]:
    """The castle goes face up in front of the player, taken from its holder if stolen."""
    victim = state["castles"][name]["holder"]
    state["castles"][name] = {"holder": player, "secured": False}
    return [event("conquer", player=player, castle=name, **{"from": victim})] + secure_clan(state, player, name)


def play_turn(state: dict, player: str, name: str, dice) -> list[dict]:
    """Attack one castle with 7 dice, each roll played for the best exact chance of taking it."""
    holder = state["castles"][name]["holder"]
    events = [event("turn", player=player, castle=name, holder=holder)]
    open_lines = battle_lines(name, steal=holder is not None)
    count, roll_number = DICE, 0
    while open_lines and count:
        roll_number += 1
        faces, seqs = roll_dice(dice, player, count, roll_number)
        events.append(event("roll", player=player, dice=faces, seqs=seqs))
        move = solver.best_move(open_lines, faces)
        if move is None:
            forced = not any(dice_for_line(line, faces) for _, line in open_lines)
            events.append(event("drop", player=player, die=drop_die(faces, open_lines), forced=forced))
            count -= 1
        else:
            index, used = move
            events.append(fill_battle_line(player, name, open_lines, index, used))
            count -= len(used)
    if open_lines:
        events.append(event("repelled", player=player, castle=name))
        return events
    return events + conquer_castle(state, player, name)


def ends_the_game(state: dict, turn_events: list[dict]) -> bool:
    """The game ends at once when a turn takes the last castle from the centre of the table."""
    from_centre = any(ev["kind"] == "conquer" and ev["from"] is None for ev in turn_events)
    return from_centre and not centre(state)

