"""Action 5, Contratar Ronin, and action 8, Retirar Ronin: mercenaries hired for one round.

Each Koku in the ronin box hires two ronin from the shared supply of 30; when
they run short, sides hire in turn order (one may get fewer than it paid
for) and a side that gets none still loses its Koku. Hiring is public.

The deployment is secret. A player's hidden ronin sit under
state["secret"][player]["ronin"] = {army id or province id: count}, an army
id meaning that army, a province id the provincial force there (ids are
unique across both colours of a two-player game); ronin hired and not yet
deployed sit under state["secret"][player]["ronin_hired"] = {side: count}.
Every deployment event is that player's alone. Once ronin fight or move they
are revealed and stand among the group's units as "ronin" (games/ikusa/units.py).

A group may take at most one ronin fewer than its regular units, the daimyo
counting. The limit is per group, the army and the provincial force of a
doubly-held province each on its own, as the rulebook's example (an army of
11 and a force of 3 take 10 + 2 ronin) and the casualty rule both say.

At the end of the round every surviving ronin goes back to the supply.

Orders:  ronin = [{ to = "red-1", count = 3 }, { to = "Owari", count = 1 }]
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain

from .levy import after_levy, levy_place
from .problems import problem, reason_problem, refused
from .state import (
    active_sides,
    armies_on_board,
    colour_of,
    field_of,
    ordered_provinces,
    place_id,
    player_of,
    province_order,
    who,
)
from .turn_order import in_turn_order
from .units import regular_units, ronin_limit

PER_KOKU = 2
RONIN = "ronin"


def _secret(state: dict, player: str) -> dict:
    """The player's own hidden corner of the state, made on first use."""
    return state.setdefault("secret", {}).setdefault(player, {})


def hidden_ronin(state: dict, player: str) -> dict[str, int]:
    """The player's deployed ronin still hidden, by army id or province id."""
    return state.get("secret", {}).get(player, {}).get("ronin", {})


def ronin_group(state: dict, side: str, to) -> tuple[dict | None, str | None]:
    """(units, reason): the units of the group that ronin sent to an army id or province id would join."""
    if not isinstance(to, str) or (to not in state["armies"] and to not in state["provinces"]):
        return None, "unknown_place"
    _, reason = levy_place(state, side, to)  # the same places as a levied unit may go
    if reason:
        return None, reason
    return (state["armies"][to]["units"] if to in state["armies"] else state["provinces"][to]["force"]), None


def ronin_room(state: dict, side: str, to) -> tuple[int, str | None]:
    """(room, reason): how many more hidden ronin the group can take now."""
    units, reason = ronin_group(state, side, to)
    if reason:
        return 0, reason
    there = hidden_ronin(state, player_of(state, side)).get(to, 0) + units.get(RONIN, 0)
    return max(0, ronin_limit(units) - there), None


def hire_ronin(state: dict, allocations: dict[str, dict]) -> tuple[dict, list[dict]]:
    """Two ronin per Koku from the supply, in turn order while they last."""
    new = copy_plain(state)
    events: list[dict] = []
    hiring = [s for s, boxes in allocations.items() if (boxes or {}).get("ronin", 0) > 0]
    for side in in_turn_order(new, hiring):
        koku = allocations[side]["ronin"]
        count = min(PER_KOKU * koku, new["supply"]["ronin"])
        if not count:
            events.append(event("ronin_not_hired", **who(new, side), koku=koku, reason="supply_empty"))
            continue
        new["supply"]["ronin"] -= count
        hired = _secret(new, player_of(new, side)).setdefault("ronin_hired", {})
        hired[side] = hired.get(side, 0) + count
        events.append(event("ronin_hired", **who(new, side), koku=koku, wanted=PER_KOKU * koku, count=count))
    return new, events


EXAMPLE = 'ronin = [{ to = "Owari", count = 2 }]'


def deployment_entries(orders):
    """The list of deployments, whether given bare or as {"ronin": [...]}."""
    if isinstance(orders, dict) and set(orders) == {RONIN}:
        return orders[RONIN]
    return orders


def check_ronin(state: dict, side: str, allocation: dict, orders, levy_orders=None) -> list[Problem]:
    """Where the hired ronin go: known places, positive counts, no more than hired, within the limit.

    The limit is counted after the side's own levy of this round, which comes
    first (its levy orders, if given).
    """
    at = field_of(state, side, "ronin")
    koku = allocation.get("ronin", 0)
    orders = deployment_entries(orders)
    if not orders:
        if koku:
            return [problem(at, "ronin-deployment-needed", koku=koku, example=EXAMPLE)]
        return []
    if not isinstance(orders, list):
        return [problem(at, "ronin-not-a-list", example=EXAMPLE)]
    if not koku:
        return [problem(at, "ronin-without-koku")]
    trial = after_levy(state, side, allocation, levy_orders)
    problems, total, at_place = [], 0, {}
    for i, entry in enumerate(orders):
        field = f"{at}[{i}]"
        if not isinstance(entry, dict) or any(key not in ("to", "count") for key in entry):
            problems.append(problem(field, "deployment-not-a-table", example=EXAMPLE))
            continue
        count = entry.get("count")
        if type(count) is not int or count < 1:
            code = "ronin-count-not-a-number" if type(count) is not int else "ronin-count-too-small"
            problems.append(problem(f"{field}.count", code, written=shown(count)))
            continue
        total += count
        to, refusal = place_id(trial, entry.get("to"))
        units, reason = ronin_group(trial, side, to)
        if reason:
            problems.append(refused(f"{field}.to", refusal) if refusal else reason_problem(f"{field}.to", reason))
            continue
        at_place[to] = at_place.get(to, 0) + count
        limit = ronin_limit(units)
        if at_place[to] > limit:
            problems.append(problem(f"{field}.count", "ronin-limit-at-place", place=entry["to"], count=at_place[to],
                                    regular=regular_units(units), limit=limit))
    if total > PER_KOKU * koku:
        problems.append(problem(at, "too-many-ronin", total=total, koku=koku, most=PER_KOKU * koku))
    return problems


def default_deployment(state: dict, side: str, count: int) -> list[dict]:
    """For a side without orders: its armies with the most regular units first, then its largest
    provincial forces, each filled up to its limit (ties by army id and province order)."""
    armies = sorted(armies_on_board(state, side), key=lambda a: -regular_units(state["armies"][a]["units"]))
    order = province_order(state)
    forces = sorted(ordered_provinces(state, side),
                    key=lambda pid: (-regular_units(state["provinces"][pid]["force"]), order.index(pid)))
    entries, left = [], count
    for to in armies + forces:
        room, _ = ronin_room(state, side, to)
        if left and room:
            entries.append({"to": to, "count": min(room, left)})
            left -= min(room, left)
    return entries


def deploy_ronin(state: dict, orders: dict[str, list | dict | None]) -> tuple[dict, list[dict]]:
    """Each side secretly puts its hired ronin with its armies and provincial forces.

    What exceeds a group's limit or the ronin hired is not deployed; ronin
    that could not be deployed go back to the supply. Every event here is the
    deploying player's alone.
    """
    new = copy_plain(state)
    events: list[dict] = []
    hired = {s: new.get("secret", {}).get(player_of(new, s), {}).get("ronin_hired", {}).get(s, 0)
             for s in active_sides(new)}
    for side in in_turn_order(new, [s for s in hired if hired[s]]):
        player = player_of(new, side)
        secret = _secret(new, player)
        left = secret["ronin_hired"].pop(side)
        if not secret["ronin_hired"]:
            del secret["ronin_hired"]
        entries = deployment_entries(orders.get(side))
        if not entries or not isinstance(entries, list):
            entries = default_deployment(new, side, left)
            events.append(event("ronin_deployment_defaulted", [player], **who(new, side), ronin=entries))
        deployed = secret.setdefault("ronin", {})
        for i, entry in enumerate(entries):
            entry = entry if isinstance(entry, dict) else {}
            to, _ = place_id(new, entry.get("to"))
            count = entry.get("count")
            room, reason = ronin_room(new, side, to)
            if reason is None and (type(count) is not int or count < 1):
                reason = "bad_count"
            if reason is None and not left:
                reason = "none_left"
            if reason is None and not room:
                reason = "no_room"
            if reason:
                events.append(event("ronin_not_deployed", [player], **who(new, side), index=i,
                                    to=to if isinstance(to, str) else None,
                                    count=count if type(count) is int else None, reason=reason))
                continue
            placed = min(count, room, left)
            left -= placed
            deployed[to] = deployed.get(to, 0) + placed
            events.append(event("ronin_deployed", [player], **who(new, side), index=i, to=to,
                                province=_province_of(new, to), count=placed, ordered=count))
        if left:
            new["supply"]["ronin"] += left
            events.append(event("ronin_returned", [player], **who(new, side), count=left, reason="not_deployed"))
    return new, events


def _province_of(state: dict, to: str) -> str | None:
    army = state["armies"].get(to)
    return army["province"] if army is not None else to


def remove_ronin(state: dict) -> tuple[dict, list[dict]]:
    """Action 8: every surviving ronin, revealed or still hidden, goes back to the supply.

    Revealed ronin stand among an army's units or a provincial force: their
    removal is public. Hidden ones (never revealed) are told to their owner only.
    """
    new = copy_plain(state)
    events: list[dict] = []
    returned = 0
    for army_id in sorted(new["armies"]):
        army = new["armies"][army_id]
        count = army["units"].pop(RONIN, 0)
        if count:
            returned += count
            events.append(event("ronin_removed", player=_player_of_colour(new, army["colour"]),
                                colour=army["colour"], **{"from": army_id}, province=army["province"],
                                count=count, revealed=True))
    for pid in province_order(new):
        count = new["provinces"][pid]["force"].pop(RONIN, 0)
        if count:
            returned += count
            where = new["provinces"][pid]
            events.append(event("ronin_removed", player=where["owner"], colour=where["colour"], **{"from": pid},
                                province=pid, count=count, revealed=True))
    for player in sorted(new.get("secret", {})):
        secret = new["secret"][player]
        hidden = secret.pop("ronin", {})
        idle = secret.pop("ronin_hired", {})
        for where in sorted(hidden):
            if hidden[where]:
                returned += hidden[where]
                events.append(event("ronin_removed", [player], player=player, colour=_colour_at(new, where),
                                    **{"from": where}, province=_province_of(new, where), count=hidden[where],
                                    revealed=False))
        for side in sorted(idle):
            if idle[side]:
                returned += idle[side]
                events.append(event("ronin_removed", [player], player=player, colour=colour_of(new, side),
                                    **{"from": None}, province=None, count=idle[side], revealed=False))
    new["supply"]["ronin"] += returned
    return new, events


def _player_of_colour(state: dict, colour: str) -> str | None:
    return next((p for p, colours in state["colours"].items() if colour in colours), None)


def _colour_at(state: dict, where: str) -> str | None:
    if where in state["armies"]:
        return state["armies"][where]["colour"]
    return state["provinces"].get(where, {}).get("colour")


def reveal_ronin(state: dict, where: str) -> list[dict]:
    """Hidden ronin with an army or a provincial force show themselves when it attacks, defends or moves.

    Works in place on the state that the war is changing (the caller owns a copy):
    the ronin leave the owner's secrets and stand with the army's units or the
    provincial force, and the event that says so is public from then on.
    """
    events = []
    for player in sorted(state.get("secret", {})):
        hidden = state["secret"][player].get("ronin", {})
        count = hidden.pop(where, 0)
        if not hidden:
            state["secret"][player].pop("ronin", None)
        if not count:
            continue
        group = state["armies"][where]["units"] if where in state["armies"] else state["provinces"][where]["force"]
        group[RONIN] = group.get(RONIN, 0) + count
        events.append(event("ronin_revealed", player=player, colour=_colour_at(state, where), where=where,
                            province=_province_of(state, where), count=count))
    return events
