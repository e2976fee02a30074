"""Action 3, Construir: two Koku in the build box build one castle or one fortress.

A castle goes on an owned province that has neither castle nor fortress; a
fortress is a fortification base put under a castle already standing on an
owned province. There are only 10 castles and 5 bases: when they run short,
sides build in turn order, and a side that cannot build still loses its Koku.
Building is public.

Orders, one per side that put two Koku in the box:
    build = { kind = "castle", province = "Owari" }     # or kind = "fortress"
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain

from .planning import BUILD_COST
from .problems import problem, reason_problem, refused
from .state import active_sides, armies_on_board, audience, field_of, ordered_provinces, place_id, side_of_province, who
from .turn_order import in_turn_order
from .units import regular_units

KINDS = ("castle", "fortress")
SUPPLY_OF = {"castle": "castles", "fortress": "fortifications"}


def why_not_build(state: dict, side: str, kind, province) -> str | None:
    """The reason this side cannot build this there now, as a code, or None."""
    if kind not in KINDS:
        return "unknown_kind"
    where = state["provinces"].get(province) if isinstance(province, str) else None
    if where is None:
        return "unknown_province"
    if side_of_province(state, province) != side:
        return "not_owned"
    if kind == "castle" and (where["castle"] or where["fortress"]):
        return "fortress_there" if where["fortress"] else "castle_there"
    if kind == "fortress" and where["fortress"]:
        return "fortress_there"
    if kind == "fortress" and not where["castle"]:
        return "no_castle"
    if state["supply"][SUPPLY_OF[kind]] <= 0:
        return "no_castles_left" if kind == "castle" else "no_fortifications_left"
    return None


EXAMPLE = '{ kind = "castle", province = "..." }'


def build_castle(state: dict, side: str, province: str) -> tuple[dict, list[dict]]:
    """Put a castle from the main tray on one of the side's provinces."""
    return _build(state, side, "castle", province)


def build_fortress(state: dict, side: str, province: str) -> tuple[dict, list[dict]]:
    """Put a fortification base under one of the side's castles."""
    return _build(state, side, "fortress", province)


def _build(state: dict, side: str, kind, province) -> tuple[dict, list[dict]]:
    new = copy_plain(state)
    reason = why_not_build(state, side, kind, province)
    if reason:
        return new, [event("build_failed", **who(state, side), building=kind if kind in KINDS else None,
                           province=province if isinstance(province, str) else None, reason=reason)]
    new["supply"][SUPPLY_OF[kind]] -= 1
    new["provinces"][province]["castle"] = True
    if kind == "fortress":
        new["provinces"][province]["fortress"] = True
    return new, [event(f"{kind}_built", **who(state, side), province=province)]


def normal_build(state: dict, order) -> dict | None:
    """The order with its province as an id (players may write names), or None if it names none."""
    if not isinstance(order, dict):
        return None
    pid, _ = place_id(state, order.get("province"))
    return {"kind": order.get("kind"), "province": pid if pid in state["provinces"] else order.get("province")}


def check_build(state: dict, side: str, allocation: dict, order) -> list[Problem]:
    """An order {kind, province} is needed exactly when two Koku are in the build box."""
    at = field_of(state, side, "build")
    paid = allocation.get("build", 0) == BUILD_COST
    if not order:
        if paid:
            return [problem(at, "build-needed", cost=BUILD_COST,
                            example='build = { kind = "castle", province = "Owari" }')]
        return []
    if not isinstance(order, dict):
        return [problem(at, "build-not-a-table", example=EXAMPLE)]
    if not paid:
        return [problem(at, "build-not-paid", cost=BUILD_COST, paid=allocation.get("build", 0))]
    problems = [problem(f"{at}.{key}", "unknown-build-key", key=key)
                for key in order if key not in ("kind", "province")]
    if order.get("kind") not in KINDS:
        problems.append(problem(f"{at}.kind", "unknown-build-kind", written=shown(order.get("kind"))))
    pid, refusal = place_id(state, order.get("province"))
    if pid not in state["provinces"]:
        problems.append(refused(f"{at}.province", refusal) if refusal else problem(f"{at}.province", "not-a-province"))
    if problems:
        return problems
    reason = why_not_build(state, side, order["kind"], pid)
    if reason:
        where = "kind" if reason in ("no_castles_left", "no_fortifications_left") else "province"
        return [reason_problem(f"{at}.{where}", reason)]
    return []


def _sheltered(state: dict, side: str, pid: str) -> int:
    """Regular units of the side's army and provincial force there: what a castle would shelter."""
    return regular_units(state["provinces"][pid]["force"]) + sum(
        regular_units(state["armies"][a]["units"]) for a in armies_on_board(state, side)
        if state["armies"][a]["province"] == pid)


def default_build(state: dict, side: str) -> dict | None:
    """A castle where the side has most units and no castle; else a fortress under its best-held castle
    (ties by province order); None if nothing can be built."""
    owned = ordered_provinces(state, side)
    for kind in KINDS:
        choices = [pid for pid in owned if why_not_build(state, side, kind, pid) is None]
        if choices:
            best = max(choices, key=lambda pid: (_sheltered(state, side, pid), -owned.index(pid)))
            return {"kind": kind, "province": best}
    return None


def build(state: dict, allocations: dict[str, dict], orders: dict[str, dict | None]) -> tuple[dict, list[dict]]:
    """Every side with two Koku in the build box builds, in turn order while the supply lasts.

    A side without an order gets the default one; an order from a side that
    paid nothing is ignored.
    """
    new = copy_plain(state)
    events: list[dict] = []
    builders = [s for s, boxes in allocations.items() if (boxes or {}).get("build", 0) == BUILD_COST]
    for side in in_turn_order(new, builders):
        order = normal_build(new, orders.get(side))
        if not order:
            order = default_build(new, side)
            if order is None:
                events.append(event("build_failed", **who(new, side), building=None, province=None,
                                    reason="nowhere_to_build"))
                continue
            events.append(event("build_defaulted", audience(new, side), **who(new, side), building=order["kind"],
                                province=order["province"]))
        new, done = _build(new, side, order["kind"], order["province"])
        events += done
    for side in sorted(orders):
        if orders[side] and side not in builders and side in active_sides(new):
            events.append(event("build_ignored", audience(new, side), **who(new, side),
                                reason="no_koku_in_build"))
    return new, events
