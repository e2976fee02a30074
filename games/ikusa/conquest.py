"""What changes hands in the war: provinces lost and conquered, daimyos killed, players eliminated, the game won.

Pérdida de la Provincia: a province whose units are all gone is unowned (its
card goes beside the board) until someone moves in. Eliminating a player's
last daimyo puts that player out: the one who did it takes over every unit
and province of theirs, mixes their figures into its own tray, and gets back
its own lost daimyos, each placed on a province it now owns without an army.
The game is won by the first side to own enough provinces; with the
"immediate" check that is looked at whenever a province changes hands.

The public functions here take a state and give back a new one with the
events; the `_`-prefixed ones change, in place, the copy that the war
(games/ikusa/battles.py) is working on.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from .ronin import reveal_ronin
from .state import (
    army_at,
    card_has_room,
    colour_of,
    is_two_player,
    player_of,
    players_left,
    province_counts,
    province_order,
    side_of_province,
    sides_of,
    who,
)
from .units import DAIMYO, KINDS, RONIN, compact, regular_units, within_ronin_limit

# --- small force helpers (ronin included, unlike state.add_units) ----------------------------------

RECOVERED_EXPERIENCE = 1   # "Coloque su marcador de experiencia en el agujero más a la izquierda marcado con '1'";
#                           quick play's level 2 is for assassinated daimyos' successors alone


def merged(*forces: dict) -> dict:
    """Several forces as one, every kind in the fixed order, no zero counts."""
    total: dict[str, int] = {}
    for force in forces:
        for kind, n in force.items():
            total[kind] = total.get(kind, 0) + n
    return compact(total)


def return_casualties(state: dict, colour: str | None, lost: dict) -> None:
    """Dead figures go back to their colour's tray, dead ronin to the shared supply."""
    for kind, n in lost.items():
        if kind == RONIN:
            state["supply"]["ronin"] += n
        elif n and colour is not None:
            tray = state["supply"]["figures"].setdefault(colour, {})
            tray[kind] = tray.get(kind, 0) + n


def daimyos_left(state: dict, side: str) -> int:
    """Armies of the side still in the game: a daimyo is out only when its army is lost.

    An assassinated daimyo's army still counts until it is destroyed (the
    rulebook's second way to eliminate a daimyo).
    """
    colour = colour_of(state, side)
    return sum(1 for army in state["armies"].values() if army["colour"] == colour and army["status"] != "lost")


# --- provinces ------------------------------------------------------------------------------------------------

def _lose_province(state: dict, pid: str, reason: str) -> list[dict]:
    """The owner puts the card beside the board: the province is unowned and empty."""
    province = state["provinces"][pid]
    if province["owner"] is None:
        return []
    ev = event("province_lost", province=pid, player=province["owner"], colour=province["colour"], reason=reason)
    province.update(owner=None, colour=None)
    return [ev]


def lose_province(state: dict, pid: str, reason: str = "no_units_left") -> tuple[dict, list[dict]]:
    """A new state in which the province's owner has lost it (its units must already be gone)."""
    new = copy_plain(state)
    return new, _lose_province(new, pid, reason)


def _conquer_province(state: dict, pid: str, side: str, by: str | None) -> list[dict]:
    """Moving into an unowned province takes its card."""
    province = state["provinces"][pid]
    province.update(owner=player_of(state, side), colour=colour_of(state, side))
    return [event("province_conquered", province=pid, **who(state, side), by=by)]


# --- victory ----------------------------------------------------------------------------------------------------

def check_victory(state: dict) -> list[str]:
    """The players who have won now: owners of at least the winning number of provinces, or the last one left.

    The two-player game counts a player's two colours together ("un jugador
    tiene al menos 50 provincias"). Pure: the caller decides when to look
    (whenever a province changes hands, or only at the end of the round).
    """
    left = players_left(state)
    if len(left) == 1 and len(state["players"]) > 1:
        return left
    need = state["options"].get("victory_provinces", 35)
    counts = province_counts(state)
    return [player for player in state["players"] if counts.get(player, 0) >= need]


def _win(state: dict, winners: list[str], reason: str) -> list[dict]:
    state["over"] = True
    state["winners"] = list(winners)
    counts = province_counts(state)
    return [event("game_won", winners=list(winners), reason=reason,
                  provinces={player: counts.get(player, 0) for player in winners})]


def _victory_now(state: dict) -> list[dict]:
    """With the immediate check, a province changing hands may end the game on the spot."""
    if state.get("over"):
        return []
    winners = check_victory(state)
    if len(players_left(state)) == 1 and winners:
        return _win(state, winners, "last_player")
    if winners and state["options"].get("victory_check", "immediate") == "immediate":
        return _win(state, winners, "provinces")
    return []


# --- daimyos and players --------------------------------------------------------------------------------------

def _lose_army(state: dict, army_id: str, by_side: str | None, how: str) -> list[dict]:
    """An army whose daimyo is gone for good: its card is out of play (until its player recovers it)."""
    army = state["armies"][army_id]
    where = army["province"]
    leftover = army["units"]
    return_casualties(state, army["colour"], {k: n for k, n in leftover.items()})
    army.update(units={}, province=None, status="lost")
    army.pop("frozen", None)
    by = who(state, by_side) if by_side else {"player": None, "colour": None}
    return [event("daimyo_killed", army=army_id, player=army["player"], colour=army["colour"], province=where,
                  how=how, by_player=by["player"], by_colour=by["colour"])]


def _fits_army(units: dict, kind: str) -> bool:
    """Whether one more unit of a kind fits on an army card: a ronin within the stacking limit."""
    return within_ronin_limit(units, more=1) if kind == RONIN else card_has_room(units, kind)


def recovery_places(state: dict, side: str, count: int, wanted=None) -> list[str]:
    """Where recovered daimyos go: the named provinces that are the side's and hold no army, then (default) the
    side's provinces without an army holding the largest provincial forces, ties in province order."""
    order = province_order(state)
    free = [pid for pid in order if side_of_province(state, pid) == side and army_at(state, pid) is None]
    chosen: list[str] = []
    for pid in wanted or []:
        if pid in free and pid not in chosen and len(chosen) < count:
            chosen.append(pid)
    rest = sorted((pid for pid in free if pid not in chosen),
                  key=lambda pid: (-regular_units(state["provinces"][pid]["force"]),
                                   -sum(state["provinces"][pid]["force"].values()), order.index(pid)))
    return chosen + rest[:count - len(chosen)]


def _recover_daimyos(state: dict, side: str, wanted=None) -> list[dict]:
    """The side's lost daimyos come back at the lowest experience, each on a province of its own, and pick up
    the provincial force there as far as the army card holds it."""
    colour = colour_of(state, side)
    lost = sorted(a for a, army in state["armies"].items() if army["colour"] == colour and army["status"] == "lost")
    places = recovery_places(state, side, len(lost), wanted)
    events = []
    for army_id, pid in zip(lost, places):
        army = state["armies"][army_id]
        tray = state["supply"]["figures"].setdefault(colour, {})
        if tray.get(DAIMYO, 0) > 0:
            tray[DAIMYO] -= 1
        units = {DAIMYO: 1}
        force = dict(state["provinces"][pid]["force"])
        for kind in [k for k in KINDS if k != RONIN] + [RONIN]:  # ronin come with the regulars they need
            while force.get(kind, 0) and _fits_army(units, kind):
                force[kind] -= 1
                units[kind] = units.get(kind, 0) + 1
        picked = compact({k: units[k] for k in units if k != DAIMYO})
        state["provinces"][pid]["force"] = compact(force)
        army.update(units=compact(units), province=pid, status="active", experience=RECOVERED_EXPERIENCE)
        army.pop("frozen", None)
        events.append(event("daimyo_recovered", army=army_id, **who(state, side), province=pid,
                            experience=army["experience"], picked_up=picked))
    for army_id in lost[len(places):]:
        events.append(event("daimyo_not_recovered", army=army_id, **who(state, side), reason="no_free_province"))
    return events


def recover_daimyos(state: dict, side: str, wanted=None) -> tuple[dict, list[dict]]:
    """A new state in which the side has its lost daimyos back (see _recover_daimyos)."""
    new = copy_plain(state)
    return new, _recover_daimyos(new, side, wanted)


def _eliminate_player(state: dict, loser: str, winner: str, wanted=None) -> list[dict]:
    """The loser's last daimyo is gone: everything of theirs is the winner's, who gets its own daimyos back.

    In the two-player game the loser is one colour; its player is out once both
    colours are. The loser's daimyo figures leave the game with them; the
    rest of their tray joins the winner's, to be levied as the winner's own.
    """
    loser_player, winner_player = player_of(state, loser), player_of(state, winner)
    loser_colour, winner_colour = colour_of(state, loser), colour_of(state, winner)
    events: list[dict] = []
    taken = [pid for pid in province_order(state) if side_of_province(state, pid) == loser]
    for pid in taken:
        events += reveal_ronin(state, pid)
    secret = state.get("secret", {}).get(loser_player, {})
    for where in sorted(secret.get("ronin", {})):
        if where in state["armies"] and state["armies"][where]["colour"] == loser_colour:
            state["supply"]["ronin"] += secret["ronin"].pop(where)
    idle = secret.get("ronin_hired", {}).pop(loser, 0)
    state["supply"]["ronin"] += idle
    for key in ("ronin", "ronin_hired"):
        if key in secret and not secret[key]:
            del secret[key]
    for pid in taken:
        state["provinces"][pid].update(owner=winner_player, colour=winner_colour)
    for army in state["armies"].values():
        if army["colour"] == loser_colour and army["status"] != "lost":
            army.update(status="lost", province=None)
    tray = state["supply"]["figures"].get(loser_colour, {})
    mine = state["supply"]["figures"].setdefault(winner_colour, {})
    for kind in list(tray):
        if kind != DAIMYO and tray[kind]:
            mine[kind] = mine.get(kind, 0) + tray[kind]
            tray[kind] = 0
    state.setdefault("eliminated", []).append(loser)
    if is_two_player(state) and all(s in state["eliminated"] for s in sides_of(state, loser_player)):
        state["eliminated"].append(loser_player)
    events.append(event("player_eliminated", player=loser_player, colour=loser_colour, side=loser,
                        by_player=winner_player, by_colour=winner_colour, provinces=taken))
    first = len(state["eliminated"]) == 1  # quick play, the only game with this rule, has no two-player form
    events += _recover_daimyos(state, winner, wanted)
    if first and state["options"].get("most_provinces_on_first_elimination") and not state.get("over"):
        counts = province_counts(state)
        best = max(counts.values())
        events += _win(state, [p for p in state["players"] if counts.get(p) == best], "most_provinces")
    events += _victory_now(state)
    return events


def eliminate_player(state: dict, loser: str, winner: str, wanted=None) -> tuple[dict, list[dict]]:
    """A new state in which the side `winner` has eliminated the side `loser` (see _eliminate_player)."""
    new = copy_plain(state)
    return new, _eliminate_player(new, loser, winner, wanted)


def _check_elimination(state: dict, side: str, by: str, wanted=None) -> list[dict]:
    """After a daimyo died: the side is out if it has none left."""
    if side in state.get("eliminated", []) or daimyos_left(state, side):
        return []
    return _eliminate_player(state, side, by, wanted)
