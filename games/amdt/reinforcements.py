"""11.4 Reinforcements on the turn track of 14.1, their acceleration, and 15.1 Ashikaga's exile.

A track is a plain dict: entry id -> Arrival(turn, end_phase), for the
entries still to come (an entry that has entered is gone from it). An entry
comes in on its turn; one accelerated past the turn in play comes in at the
end phase of the turn in play. When in a turn the ordinary entry happens
belongs to the turn sequence, which the fragment does not hold.

Every function is pure: it takes the track and returns a new one with events.
"""
from __future__ import annotations

from typing import NamedTuple

from engine import event

from .setup import SETUP

ASHIKAGA_STATES = ("samurai", "daimyo", "tomo")


class Arrival(NamedTuple):
    """When an entry comes in: on `turn`, or at the end phase of `turn` once accelerated past it."""
    turn: int
    end_phase: bool = False


def _entries() -> dict[str, dict]:
    return {entry["id"]: entry for entry in SETUP["track"]}


def turn_track() -> dict[str, Arrival]:
    """14.1: the track at the start (Enryaku-ji turn 2, Takeda 6, Mori with Ukita and Murakami 13, Uesugi 15)."""
    return {entry["id"]: Arrival(entry["turn"]) for entry in SETUP["track"]}


def _check_turn(turn) -> int:
    last = SETUP["scenario"]["standard"]["last_turn"]
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= last:
        raise ValueError(f"turn {turn!r}: the track runs from 1 to {last}")
    return turn


def _pending(track: dict[str, Arrival], entry: str) -> Arrival:
    if entry not in track:
        raise ValueError(f"{entry!r} is not on the track (still to enter: {', '.join(_in_order(track)) or 'none'})")
    return track[entry]


def _in_order(track: dict[str, Arrival]) -> list[str]:
    """The entries still to come, soonest first (then in the set-up's order): the order their dice are rolled."""
    order = list(_entries())
    return sorted(track, key=lambda entry: (track[entry].turn, order.index(entry) if entry in order else len(order)))


def accelerate_reinforcement(track: dict[str, Arrival], entry: str, turn: int, dice,
                             purpose: str | None = None) -> tuple[dict[str, Arrival], dict]:
    """11.4: an event brings an entry 1d6 turns earlier; past the turn in play, it enters at that turn's end phase.

    A roll equal to the turns left would put the marker on the turn in play,
    whose own entry (turn sequence not in the fragment) cannot be relied on to
    be still to come: that too enters at the end phase of the turn in play.
    An entry already due in the turn in play stays as it is, and no die is
    rolled for it.
    """
    _check_turn(turn)
    arrival = _pending(track, entry)
    left = arrival.turn - turn
    if left < 0:
        raise ValueError(f"{entry} was due on turn {arrival.turn}, before turn {turn}")
    if left == 0:   # due in the turn in play already: no roll can bring it sooner
        roll, after = None, arrival
    else:
        roll = dice.roll(6, purpose or f"reinforcements {entry} accelerated")
        after = Arrival(turn, end_phase=True) if roll >= left else Arrival(arrival.turn - roll)
    return ({**track, entry: after},
            event("accelerated", entry=entry, roll=roll, turns_left=left, was=arrival.turn, turn=after.turn,
                  end_phase=after.end_phase))


def exile_ashikaga(track: dict[str, Arrival], turn: int, dice, *, ashikaga: str = "samurai",
                   by_event_card: bool = False) -> tuple[dict[str, Arrival], list[dict]]:
    """15.1: Oda exiles the samurai Ashikaga to Tomo (at the start of an Oda impulse); without an event card, a
    die is rolled for every entry still to come and brings it that many turns earlier, as in 11.4."""
    if ashikaga not in ASHIKAGA_STATES:
        raise ValueError(f"ashikaga {ashikaga!r} is not one of {ASHIKAGA_STATES}")
    if ashikaga != "samurai":
        where = "in Tomo already" if ashikaga == "tomo" else "a daimyo"
        raise ValueError(f"only the samurai Ashikaga can be exiled; he is {where}")
    _check_turn(turn)
    events = [event("ashikaga_exiled", turn=turn, area=SETUP["ashikaga"]["exile"], by_event_card=by_event_card)]
    if by_event_card:
        return dict(track), events
    for entry in _in_order(track):
        track, told = accelerate_reinforcement(track, entry, turn, dice, f"exile of Ashikaga: {entry} accelerated")
        events.append(told)
    return track, events


def _arrive(entry: dict, arrival: Arrival, ikko_ikki_in_box: int) -> tuple[list[dict], int]:
    told = [event("reinforcements", entry=entry["id"], turn=arrival.turn, end_phase=arrival.end_phase,
                  clans=dict(entry["clans"]), pool_chit=entry.get("pool_chit"))]
    if entry.get("ikko_ikki_temples"):
        temples = SETUP["temples"]["kaga"]
        replaced = min(len(temples), ikko_ikki_in_box)
        told.append(event("ikko_ikki_temples", temples=list(temples), replaced=replaced,
                          minor_units_left=len(temples) - replaced))
        ikko_ikki_in_box -= replaced
    return told, ikko_ikki_in_box


def enter_reinforcements(track: dict[str, Arrival], turn: int, *, end_phase: bool = False,
                         ikko_ikki_in_box: int | None = None) -> tuple[dict[str, Arrival], list[dict], int]:
    """11.4: the entries due now come in, their leader's chit (Takeda, Uesugi) to the chit pool; on Uesugi's
    entry (15.2) an Ikko-Ikki unit from their regroup box replaces each minor unit in the Kaga temples, as far as
    the box holds them (the others stay).

    `end_phase` False: the entries due on this turn; True: those accelerated into its end phase. Returns the
    track without them, the events, and the Ikko-Ikki left in their regroup box (`ikko_ikki_in_box`: how many
    are there now; None, the set-up's 14).
    """
    _check_turn(turn)
    box = SETUP["regroup_box"]["ikko-ikki"] if ikko_ikki_in_box is None else ikko_ikki_in_box
    if isinstance(box, bool) or not isinstance(box, int) or box < 0:
        raise ValueError(f"ikko_ikki_in_box {box!r}: a number of units, 0 or more")
    late = [entry for entry in _in_order(track) if track[entry].turn < turn]
    if late:
        raise ValueError(f"{', '.join(late)} should have entered before turn {turn}")
    entries = _entries()
    due = [entry for entry in _in_order(track) if track[entry] == Arrival(turn, end_phase)]
    events: list[dict] = []
    for entry in due:
        told, box = _arrive(entries[entry], track[entry], box)
        events += told
    return {entry: arrival for entry, arrival in track.items() if entry not in due}, events, box
