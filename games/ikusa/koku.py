"""Action 9, Recoger Koku: income for the next round is the provinces owned divided by three.

Remainders are dropped. The rulebook's minimum, "ningún jugador puede cobrar
menos de tres Koku. Si usted tiene menos de nueve tarjetas de provincia, y
por lo menos un Daimyo, recibe tres Koku": a side with fewer than nine
provinces and at least one daimyo receives three (with nine or more the
division gives three or more anyway); without a daimyo the division alone
(a side with no daimyo is out of the game in any case). Eliminated sides
collect nothing. The count and the rule are state.koku_income's, shared with
the setup, which collects its first Koku here too.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from .state import active_sides, koku_income, living_daimyos, ordered_provinces, who


def income(state: dict, side: str) -> tuple[int, bool]:
    """(Koku, whether the minimum raised it above the provinces divided by three)."""
    provinces = len(ordered_provinces(state, side))
    koku = koku_income(provinces, living_daimyos(state, side))
    return koku, koku > provinces // 3


def collect_koku(state: dict, order: list[str] | None = None, *,
                 note_minimum: bool = True) -> tuple[dict, list[dict]]:
    """Every side still in the game takes its income from the main tray (added to what it holds, which
    planning leaves at nothing), in seat order.

    The setup's first Koku use the same count, in the order of the turn markers
    (`order`); their events do not say whether the minimum applied
    (note_minimum=False), as they never have, so that round 0 of every game
    recorded so far reads the same.
    """
    new = copy_plain(state)
    events: list[dict] = []
    for side in active_sides(new) if order is None else order:
        koku, raised = income(new, side)
        new["koku"][side] = new["koku"].get(side, 0) + koku
        minimum = {"minimum": raised} if note_minimum else {}
        events.append(event("koku_collected", **who(new, side), koku=koku,
                            provinces=len(ordered_provinces(new, side)), **minimum))
    return new, events
