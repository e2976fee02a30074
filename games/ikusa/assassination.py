"""The ninja at work: the assassin in this round's war, the spy in the next round's planning.

Orders (parts of a side's body, next to `planning` and `war`; in the
two-player game under the colour's own section):

    ninja = { assassinate = { daimyo = "blue-2", before = "B", war_of = "ann" } }
    revenge = { target = "blue-1" }          # standing: whom my revenge kills
    successors = { "red-1" = "swordsman" }   # standing: who succeeds an assassinated daimyo
    spy = { watch = "ann" }                  # the ninja hired last round, used in this planning

The assassination. Only the side that hired the ninja in this very round can
use it so, and never in the first round. It strikes at the moment the order
names: before phase A, B or D of one side's war. A d12 of 8 or less kills
the target; 9 or more fails, and the victim strikes back with a d12 of its
own: 9 or more kills one of the hirer's daimyos (the victim's `revenge`
order, or else the one with the highest experience, then the largest army,
then the lowest id). Whatever the dice say, the ninja is spent:
state["ninja"]["used"] becomes "assassin" (the record stays until the next
hiring replaces it, and ninja.may_spy reads it). An order that cannot be
carried out at its moment (the target is gone, the hirer is out) rolls no
die and spends nothing: that ninja may still spy in the next round.

An assassinated daimyo's army is marked {"frozen": True, "assassinated":
True, "assassinated_by": side}: it cannot move or attack for the rest of the
round but defends, its daimyo held out of the fight (movement.py and
battles.py read "frozen"). A daimyo that is the only unit of its army when it
is assassinated is out at once (the rulebook's third way to eliminate a
daimyo), and so is its player if it was their last.

At the end of the round, for every army still frozen by an assassination:
if a regular unit besides the daimyo is left, one of them becomes the
successor (the `successors` order, else the cheapest by the levy price, ties
in the side's casualty order): that figure goes back to the tray, the daimyo
figure stays, experience falls to options["least_experience"], the marks go.
If none is left (ronin do not succeed: they leave at the end of the round)
the daimyo and its army are out, credited to the assassin, and a side with
no army left is eliminated by it (conquest.py).

The spy: a side that hired the ninja in the previous round and did not use
it as an assassin names a side to watch; that side's allocation is taken
first and shown to the spy's player alone, then the spy allocates.
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain

from .conquest import _check_elimination, _lose_army, daimyos_left
from .levy import PACKAGES
from .ninja import may_spy
from .problems import problem
from .state import REGULAR_KINDS, active_sides, are_enemies, audience, field_of, is_count, is_two_player, who
from .units import check_priority, size

MOMENTS = ("A", "B", "D")
SUCCESS_AT_MOST = 8   # the ninja's d12
REVENGE_AT_LEAST = 9  # the victim's d12
NINJA_KEYS = ("assassinate",)
ASSASSINATE_KEYS = ("daimyo", "before", "war_of")
EXAMPLE = 'ninja = { assassinate = { daimyo = "blue-2", before = "B", war_of = "ann" } }'


# --- shared helpers ------------------------------------------------------------------------------------

def army_side(state: dict, army_id: str) -> str:
    """The side an army belongs to: its colour in the two-player game, its player otherwise."""
    army = state["armies"][army_id]
    return army["colour"] if is_two_player(state) else army["player"]


def _on_board(state: dict, army_id: str) -> bool:
    army = state["armies"].get(army_id)
    return bool(army) and army["status"] == "active" and army["province"] is not None


def _units_per_koku(kind: str) -> int:
    """How many units of a kind one Koku of levy buys at most: more is cheaper (no fractions needed)."""
    return max(package.get(kind, 0) for package in PACKAGES)


# --- checking the orders -------------------------------------------------------------------------------

def check_ninja(state: dict, side: str, body) -> list[Problem]:
    """What can be known wrong with a side's ninja, revenge, successors and spy orders before the round.

    `body` is the side's whole section (its planning is read to see a bid for
    the ninja). The round ordered for is state["round"] + 1. Who hires the
    ninja is known only after planning, so an assassination is accepted from
    any side that puts Koku in the ninja box; if another side hires it the
    order is simply not carried out.
    """
    if not isinstance(body, dict):
        return []
    problems: list[Problem] = []
    problems += _check_assassination(state, side, body)
    problems += _check_revenge(state, side, body.get("revenge"))
    problems += _check_successors(state, side, body.get("successors"))
    problems += _check_spy(state, side, body.get("spy"))
    return problems


def _check_assassination(state: dict, side: str, body: dict) -> list[Problem]:
    ninja = body.get("ninja")
    at = field_of(state, side, "ninja")
    if ninja is None:
        return []
    if not isinstance(ninja, dict):
        return [problem(at, "ninja-not-a-table", example=EXAMPLE)]
    problems = [problem(f"{at}.{key}", "unknown-ninja-key", key=key, example=EXAMPLE)
                for key in ninja if key not in NINJA_KEYS]
    order = ninja.get("assassinate")
    if order is None:
        return problems
    at = f"{at}.assassinate"
    if not isinstance(order, dict):
        return problems + [problem(at, "assassination-not-a-table", example=EXAMPLE)]
    for key in order:
        if key not in ASSASSINATE_KEYS:
            problems.append(problem(f"{at}.{key}", "unknown-assassination-key", key=key, keys=ASSASSINATE_KEYS))
    for key in ASSASSINATE_KEYS:
        if key not in order:
            problems.append(problem(f"{at}.{key}", "assassination-part-missing", key=key, example=EXAMPLE))
    return problems + _check_attempt(state, side, body, order, at)


def _check_attempt(state: dict, side: str, body: dict, order: dict, at: str) -> list[Problem]:
    """The assassination's target, moment and war, and whether the side may try it at all this round."""
    problems = []
    target, moment, war_of = order.get("daimyo"), order.get("before"), order.get("war_of")
    if target is not None:
        if not isinstance(target, str) or target not in state["armies"]:
            problems.append(problem(f"{at}.daimyo", "unknown-daimyo", written=shown(target)))
        elif not are_enemies(state, side, army_side(state, target)):
            problems.append(problem(f"{at}.daimyo", "not-an-enemy-daimyo", army=target))
        elif not _on_board(state, target):
            problems.append(problem(f"{at}.daimyo", "daimyo-not-on-board", army=target))
    if moment is not None and moment not in MOMENTS:
        problems.append(problem(f"{at}.before", "bad-moment", written=shown(moment)))
    if war_of is not None and (not isinstance(war_of, str) or war_of not in active_sides(state)):
        problems.append(problem(f"{at}.war_of", "bad-war-of", sides=active_sides(state), written=shown(war_of)))
    if state["round"] + 1 == 1:
        problems.append(problem(at, "assassination-in-first-round"))
    bid = (body.get("planning") or {}).get("ninja", 0) if isinstance(body.get("planning"), dict) else 0
    if not is_count(bid) or bid <= 0:
        problems.append(problem(at, "assassination-without-bid"))
    return problems


def _check_revenge(state: dict, side: str, revenge) -> list[Problem]:
    at = field_of(state, side, "revenge")
    if revenge is None:
        return []
    if not isinstance(revenge, dict) or set(revenge) != {"target"}:
        return [problem(at, "revenge-not-a-table", example='revenge = { target = "blue-1" }')]
    target = revenge["target"]
    if not isinstance(target, str) or target not in state["armies"]:
        return [problem(f"{at}.target", "unknown-army-named", written=shown(target))]
    if not are_enemies(state, side, army_side(state, target)):
        return [problem(f"{at}.target", "not-an-enemy-daimyo", army=target)]
    return []


def _check_successors(state: dict, side: str, successors) -> list[Problem]:
    at = field_of(state, side, "successors")
    if successors is None:
        return []
    if not isinstance(successors, dict):
        return [problem(at, "successors-not-a-table", example='successors = { "red-1" = "swordsman" }')]
    problems = []
    for army_id, kind in successors.items():
        if army_id not in state["armies"]:
            problems.append(problem(f"{at}.{army_id}", "unknown-army-named", written=shown(army_id)))
        elif army_side(state, army_id) != side:
            problems.append(problem(f"{at}.{army_id}", "not-one-of-your-armies", army=army_id))
        if kind not in REGULAR_KINDS:
            problems.append(problem(f"{at}.{army_id}", "bad-successor", kinds=REGULAR_KINDS, written=shown(kind)))
    return problems


def _check_spy(state: dict, side: str, spy) -> list[Problem]:
    at = field_of(state, side, "spy")
    if spy is None:
        return []
    if not isinstance(spy, dict) or set(spy) != {"watch"}:
        return [problem(at, "spy-not-a-table", example='spy = { watch = "ann" }')]
    watched = spy["watch"]
    if not isinstance(watched, str) or watched not in active_sides(state):
        return [problem(f"{at}.watch", "bad-watch", sides=active_sides(state), written=shown(watched))]
    if not are_enemies(state, side, watched):
        return [problem(f"{at}.watch", "spy-on-ally")]
    if not may_spy({**state, "round": state["round"] + 1}, side):
        return [problem(at, "may-not-spy")]
    return []


# --- the assassination ---------------------------------------------------------------------------------

def _assassination_of(body) -> dict | None:
    """The `assassinate` table of a side's `ninja` order, or None."""
    if not isinstance(body, dict):
        return None
    order = body.get("assassinate")
    return order if isinstance(order, dict) else None


def due_assassinations(state: dict, acting_side: str, moment: str,
                       ninja_orders: dict[str, dict | None]) -> list[tuple[str, dict]]:
    """The assassinations to attempt now, before phase `moment` of `acting_side`'s war: (hirer, order).

    `ninja_orders` is every side's `ninja` part. Only the side holding the
    ninja hired in this round, not yet used, outside the first round, has one.
    """
    ninja = state.get("ninja")
    if not ninja or ninja["used"] is not None or ninja["hired_round"] != state["round"] or state["round"] == 1:
        return []
    holder = ninja["holder"]
    order = _assassination_of(ninja_orders.get(holder))
    if order and order.get("war_of") == acting_side and order.get("before") == moment:
        return [(holder, order)]
    return []


def attempt_assassination(state: dict, side: str, order: dict, dice, revenge: dict | None = None,
                          recover: dict | None = None) -> tuple[dict, list[dict]]:
    """The hirer's ninja strikes at `order["daimyo"]`: a new state and the events.

    `revenge` is every side's `revenge` order ({side: {"target": army id}}),
    read when the attempt fails; `recover` is every side's war `recover` list,
    used if a player is eliminated.
    """
    new = copy_plain(state)
    revenge, recover = revenge or {}, recover or {}
    target = order.get("daimyo")
    reason = _why_not(new, side, target)
    if reason:
        return new, [event("assassination_skipped", audience(new, side), **who(new, side), side=side,
                           target=target, reason=reason)]
    victim = army_side(new, target)
    new["ninja"]["used"] = "assassin"
    roll = dice.roll(12, f"{side} ninja assassination of {target}")
    success = roll <= SUCCESS_AT_MOST
    victim_names = who(new, victim)
    events = [event("assassination_attempted", **who(new, side), side=side, target=target,
                    target_player=victim_names["player"], target_colour=victim_names["colour"],
                    before=order.get("before"), war_of=order.get("war_of"), roll=roll, success=success)]
    if success:
        events += _assassinate(new, target, side, "ninja", recover)
        return new, events
    back = dice.roll(12, f"{victim} revenge on {side}")
    struck = back >= REVENGE_AT_LEAST
    chosen, how = (_revenge_target(new, side, revenge.get(victim)) if struck else (None, None))
    events.append(event("revenge", **victim_names, side=victim, on_player=who(new, side)["player"],
                        on_colour=who(new, side)["colour"], roll=back, success=struck, target=chosen, chosen=how))
    if chosen:
        events += _assassinate(new, chosen, victim, "revenge", recover)
    return new, events


def _why_not(state: dict, side: str, target) -> str | None:
    ninja = state.get("ninja")
    if state["round"] == 1:
        return "first_round"
    if not ninja or ninja["holder"] != side or ninja["hired_round"] != state["round"]:
        return "not_your_ninja"
    if ninja["used"] is not None:
        return "ninja_used"
    if side not in active_sides(state):
        return "hirer_out"
    if not isinstance(target, str) or target not in state["armies"]:
        return "unknown_army"
    if not are_enemies(state, side, army_side(state, target)):
        return "not_an_enemy"
    if not _on_board(state, target):
        return "army_lost"
    if state["armies"][target].get("frozen"):
        return "already_assassinated"
    return None


def _revenge_target(state: dict, hirer: str, order) -> tuple[str | None, str | None]:
    """(army id, "order" | "default"): the hirer's daimyo the victim's revenge kills, None if it has none."""
    mine = [a for a in sorted(state["armies"]) if army_side(state, a) == hirer and _on_board(state, a)
            and not state["armies"][a].get("frozen")]
    if not mine:
        return None, None
    wanted = order.get("target") if isinstance(order, dict) else None
    if wanted in mine:
        return wanted, "order"
    best = min(mine, key=lambda a: (-state["armies"][a]["experience"], -size(state["armies"][a]["units"]), a))
    return best, "default"


def _assassinate(state: dict, army_id: str, by: str, how: str, recover: dict) -> list[dict]:
    """Mark the army (in place); a daimyo that was its army's only unit is out at once, maybe its player too."""
    army = state["armies"][army_id]
    victim = army_side(state, army_id)
    by_names = who(state, by)
    events = [event("daimyo_assassinated", army=army_id, player=army["player"], colour=army["colour"],
                    province=army["province"], how=how, by_player=by_names["player"], by_colour=by_names["colour"])]
    army.update(frozen=True, assassinated=True, assassinated_by=by)
    if not _successor_candidates(army["units"]):
        events += _lose_army(state, army_id, by, "assassinated")
        _clear_marks(army)
        events += _check_elimination(state, victim, by, recover.get(by))
    return events


# --- the end of the round ------------------------------------------------------------------------------

def _successor_candidates(units: dict) -> list[str]:
    """The kinds of regular unit besides the daimyo that could succeed it (ronin leave at the round's end)."""
    return [kind for kind in REGULAR_KINDS if units.get(kind, 0)]


def _clear_marks(army: dict) -> None:
    for key in ("frozen", "assassinated", "assassinated_by"):
        army.pop(key, None)


def default_successor(units: dict, priority=None) -> str | None:
    """The cheapest regular unit by the levy price, ties in the casualty order (the side's, else the default)."""
    order = check_priority(priority)
    kinds = _successor_candidates(units)
    if not kinds:
        return None
    return min(kinds, key=lambda k: (-_units_per_koku(k), order.index(k)))


def succeed_assassinated_daimyos(state: dict, orders_by_side: dict[str, dict | None],
                                 recover: dict | None = None) -> tuple[dict, list[dict]]:
    """At the end of the round: successors for assassinated daimyos whose army survived, the others out.

    `orders_by_side` is every side's section of orders (its `successors`, and
    its war `priority` for the default's ties); `recover` is every side's war
    `recover` list, used if a player is eliminated.
    """
    new = copy_plain(state)
    recover = recover or {}
    events: list[dict] = []
    for army_id in sorted(new["armies"]):
        army = new["armies"][army_id]
        if not army.get("assassinated"):
            continue
        if not army.get("frozen") or army["status"] != "active":
            _clear_marks(army)  # lost in battle this round, or lost and already recovered by its player
            continue
        side = army_side(new, army_id)
        body = orders_by_side.get(side) or {}
        by = army.get("assassinated_by")
        kinds = _successor_candidates(army["units"])
        if not kinds:
            events += _lose_army(new, army_id, by, "assassinated")
            _clear_marks(army)
            if by in active_sides(new):
                events += _check_elimination(new, side, by, recover.get(by))
            elif not daimyos_left(new, side):
                events.append(event("elimination_without_winner", **who(new, side), side=side))
            continue
        named = (body.get("successors") or {}).get(army_id) if isinstance(body.get("successors"), dict) else None
        priority = ((body.get("war") or {}).get("priority")) if isinstance(body.get("war"), dict) else None
        try:
            fallback = default_successor(army["units"], priority)
        except ValueError:
            fallback = default_successor(army["units"])
        unit, chosen = (named, "order") if named in kinds else (fallback, "default")
        army["units"] = {k: n - (k == unit) for k, n in army["units"].items() if n - (k == unit)}
        tray = new["supply"]["figures"].setdefault(army["colour"], {})
        tray[unit] = tray.get(unit, 0) + 1
        army["experience"] = new["options"].get("least_experience", 1)
        _clear_marks(army)
        events.append(event("successor_named", army=army_id, player=army["player"], colour=army["colour"],
                            province=army["province"], unit=unit, chosen=chosen, experience=army["experience"]))
    return new, events


# --- the spy -------------------------------------------------------------------------------------------

def spy_watch(state: dict, spy_orders: dict[str, dict | None]) -> tuple[str, str] | None:
    """(spy side, watched side) for this round's planning, or None: the side that may spy and named an
    opponent still in the game. Read during resolution (state["round"] is the round being played)."""
    for side, order in spy_orders.items():
        if not isinstance(order, dict) or not may_spy(state, side):
            continue
        watched = order.get("watch")
        if watched in active_sides(state) and are_enemies(state, side, watched):
            return side, watched
    return None


def spy_report(state: dict, spy_side: str, watched_side: str, allocation: dict) -> dict:
    """The watched side's allocation, shown to the spy's player alone."""
    names = who(state, watched_side)
    return event("spy_report", audience(state, spy_side), **who(state, spy_side), side=spy_side,
                 watched_side=watched_side, watched_player=names["player"], watched_colour=names["colour"],
                 allocation=dict(allocation))


def use_spy(state: dict, spy_side: str, watched_side: str, allocation: dict) -> tuple[dict, list[dict]]:
    """The spy has looked: the ninja is spent ("used" = "spy") and the report goes to the spy's player."""
    new = copy_plain(state)
    new["ninja"]["used"] = "spy"
    return new, [spy_report(new, spy_side, watched_side, allocation)]
