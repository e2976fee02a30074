"""One battle, fought through the rulebook's combat sequence until a side is gone or the attacker withdraws.

Each combat round has two phases: the long-range units roll (archers, then
gunners) and both sides remove their casualties at once; then hand to hand
(daimyo, swordsmen and ronin, spearmen) and casualties again. Casualties are
removed before the next phase rolls, so a unit killed by long-range fire
never strikes back. Both sides roll in the same step and remove casualties in
the same step, so both can be eliminated together.

Everything is plain data in and out: forces are dicts of unit kind -> count,
the castle or fortress bonus is a count the caller keeps between the attacks
of one player's war, and the battle is told as typed events without player
names (the caller frames them).
"""
from __future__ import annotations

from engine import event

from .problems import Refused
from .units import (
    DAIMYO,
    DEFAULT_PRIORITY,
    PHASES,
    RONIN,
    VALUE,
    WITHDRAWAL_STEP,
    check_can_fight,
    check_force,
    check_priority,
    compact,
    fortification_bonus,
    regular_units,
    size,
    within_ronin_limit,
)

SIDES = ("attacker", "defender")
WITHDRAWAL_RULES = {"never": (), "after_rounds": ("rounds",), "below_percent": ("percent",)}
FIRST_STRIKE = 0  # the round and step numbers the naval first strike is told with, before round 1


def roll_volley(dice, force: dict, kinds, purpose: str, bonus_kind: str | None = None,
                bonus: int = 0) -> tuple[list[dict], int]:
    """One die per unit of these kinds (bonus units roll with their kind); a roll <= value hits."""
    rolls = []
    for kind in kinds:
        present = [(False, force.get(kind, 0))] + ([(True, bonus)] if kind == bonus_kind else [])
        for is_bonus, count in present:
            for _ in range(count):
                roll = dice.roll(12, f"{purpose} {'bonus ' if is_bonus else ''}{kind}")
                entry = {"unit": kind, "roll": roll, "hit": roll <= VALUE[kind]}
                if is_bonus:
                    entry["bonus"] = True
                rolls.append(entry)
    return rolls, sum(entry["hit"] for entry in rolls)


def choose_casualty(force: dict, priority: tuple[str, ...]) -> str:
    """The unit a side gives up for one hit.

    The first kind in the priority whose loss keeps the ronin stacking limit
    (kinds the priority leaves out follow in the default order); the daimyo
    only when nothing else is left, wherever the priority puts it. Keeping the
    limit always leaves a choice unless the force was over it before the hit
    (an army whose daimyo was assassinated can be): then a ronin, which brings
    it closest.
    """
    order = [*priority, *(kind for kind in DEFAULT_PRIORITY if kind not in priority)]
    present = [kind for kind in order if kind != DAIMYO and force.get(kind, 0)]
    if not present:
        return DAIMYO
    for kind in present:
        after = dict(force)
        after[kind] -= 1
        if within_ronin_limit(after):
            return kind
    return RONIN


def remove_casualties(force: dict, bonus: int, hits: int, priority: tuple[str, ...]) -> tuple[dict, int, dict]:
    """One side removes one of its own units per hit scored against it.

    Bonus units go first, then `choose_casualty` one unit at a time; hits
    beyond the side's units are wasted. Ronin cannot fight without regular
    units, so if none is left the remaining ronin go too. Returns the force,
    the bonus units left and what was lost.
    """
    force = dict(force)
    lost_bonus = min(bonus, hits)
    hits -= lost_bonus
    lost: dict[str, int] = {}
    while hits and size(force):
        kind = choose_casualty(force, priority)
        force[kind] -= 1
        lost[kind] = lost.get(kind, 0) + 1
        hits -= 1
    ronin_alone = force.get(RONIN, 0) if regular_units(force) == 0 else 0
    if ronin_alone:
        force[RONIN] = 0
    return force, bonus - lost_bonus, {"units": compact(lost), "bonus": lost_bonus, "ronin_alone": ronin_alone}


def check_withdrawal(withdrawal: dict | None) -> dict:
    """The attacker's withdrawal order, checked: never, after N rounds, or below X percent."""
    if withdrawal is None:
        return {"rule": "never"}
    if not isinstance(withdrawal, dict) or not isinstance(withdrawal.get("rule"), str) \
            or withdrawal["rule"] not in WITHDRAWAL_RULES:
        raise Refused("withdrawal-rule-unknown", rules=list(WITHDRAWAL_RULES))
    rule = withdrawal["rule"]
    wanted = set(WITHDRAWAL_RULES[rule]) | {"rule"}
    if set(withdrawal) != wanted:
        raise Refused("withdrawal-rule-parts", rule=rule, parts=sorted(wanted))
    for name in WITHDRAWAL_RULES[rule]:
        value = withdrawal[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise Refused("withdrawal-rule-number", rule=rule, part=name)
    return dict(withdrawal)


def attacker_withdraws(rule: dict, rounds: int, attacker: dict, defender: dict, bonus: int) -> bool:
    """Step 8: whether the attacker's standing order says to break off now."""
    if rule["rule"] == "after_rounds":
        return rounds >= rule["rounds"]
    if rule["rule"] == "below_percent":
        return size(attacker) * 100 < rule["percent"] * (size(defender) + bonus)
    return False


def naval_first_strike(dice, attacker: dict, defender: dict, priority: tuple[str, ...],
                       purpose: str) -> tuple[dict, list[dict]]:
    """Before a naval invasion's first round every defending unit rolls once, in sequence order.

    The castle or fortress bonus takes no part and the attacker does not roll;
    the attacker then removes its casualties.
    """
    kinds = [kind for phase in PHASES for kind in phase.kinds]
    rolls, hits = roll_volley(dice, defender, kinds, f"{purpose} first strike defender")
    events = [event("first_strike", rolls=rolls, hits=hits)]
    attacker, _, lost = remove_casualties(attacker, 0, hits, priority)
    if hits:
        events.append(event("casualties", round=FIRST_STRIKE, step=FIRST_STRIKE, side="attacker",
                            hits=hits, **lost))
    return attacker, events


def _outcome(attacker: dict, defender: dict) -> str | None:
    if size(attacker) == 0 and size(defender) == 0:
        return "both_eliminated"
    if size(defender) == 0:
        return "attacker_won"
    if size(attacker) == 0:
        return "defender_won"
    return None


def fight_battle(attacker: dict, defender: dict, dice, *, fortification: str | None = None,
                 bonus: int | None = None, naval: bool = False, attacker_priority=None,
                 defender_priority=None, withdrawal: dict | None = None, purpose: str = "battle") -> dict:
    """Fight one battle to its end and tell it as events.

    `fortification` is "castle", "fortress" or None; `bonus` is how many of
    its bonus units are present at the start (None: the full number, as when a
    new player attacks) and the result's "bonus" is how many survive, for the
    caller to carry to this player's next attack on the province. The
    defender is every defending unit of the province as one force, so a
    doubly-held province loses its daimyo last of all.
    """
    forces = {"attacker": check_force(attacker, "attacker"), "defender": check_force(defender, "defender")}
    for side in SIDES:
        check_can_fight(forces[side], side)
    bonus_kind, bonus = _starting_bonus(fortification, bonus)
    priorities = {"attacker": check_priority(attacker_priority, "attacker's casualty priority"),
                  "defender": check_priority(defender_priority, "defender's casualty priority")}
    rule = check_withdrawal(withdrawal)
    events: list[dict] = []

    def result(outcome: str, rounds: int) -> dict:
        return {"outcome": outcome, "attacker": compact(forces["attacker"]), "defender": compact(forces["defender"]),
                "bonus": bonus, "rounds": rounds, "events": events}

    if naval:
        forces["attacker"], told = naval_first_strike(dice, forces["attacker"], forces["defender"],
                                                      priorities["attacker"], purpose)
        events += told
        if (outcome := _outcome(forces["attacker"], forces["defender"])) is not None:
            return result(outcome, 0)

    rounds = 0
    while True:
        rounds += 1
        for phase in PHASES:
            bonus = _fight_phase(dice, forces, phase, f"{purpose} round {rounds}", rounds, bonus_kind, bonus,
                                 priorities, events)
            if (outcome := _outcome(forces["attacker"], forces["defender"])) is not None:
                return result(outcome, rounds)
        if attacker_withdraws(rule, rounds, forces["attacker"], forces["defender"], bonus):
            events.append(event("withdrawal", round=rounds, step=WITHDRAWAL_STEP, rule=rule["rule"]))
            return result("withdrawn", rounds)


def _starting_bonus(fortification: str | None, bonus: int | None) -> tuple[str | None, int]:
    """(bonus kind, units present): the castle's or fortress's bonus units at the battle's start."""
    fort = fortification_bonus(fortification)
    most = fort.units if fort else 0
    if bonus is None:
        bonus = most
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= most:
        raise ValueError(f"bonus {bonus!r}: a {fortification or 'province without castle or fortress'} "
                         f"has 0 to {most} bonus units")
    return (fort.kind if fort else None), bonus


def _fight_phase(dice, forces: dict, phase, purpose: str, rounds: int, bonus_kind: str | None, bonus: int,
                 priorities: dict, events: list[dict]) -> int:
    """One phase of a battle round: both sides' volleys, then both sides' casualties at once. Changes the
    forces and the events in place; returns the defender's bonus units left."""
    scored = {"attacker": 0, "defender": 0}
    for step, kinds in phase.volleys:
        for side in SIDES:
            side_bonus = bonus if side == "defender" else 0
            rolls, hits = roll_volley(dice, forces[side], kinds, f"{purpose} {side}", bonus_kind, side_bonus)
            if rolls:
                events.append(event("volley", round=rounds, step=step, side=side, rolls=rolls, hits=hits))
                scored[side] += hits
    for side, enemy in (("attacker", "defender"), ("defender", "attacker")):
        hits = scored[enemy]
        if not hits:
            continue
        side_bonus = bonus if side == "defender" else 0
        forces[side], side_bonus, lost = remove_casualties(forces[side], side_bonus, hits, priorities[side])
        if side == "defender":
            bonus = side_bonus
        events.append(event("casualties", round=rounds, step=phase.casualty_step, side=side, hits=hits, **lost))
    return bonus
