"""Dice on demand: `pbem roll DIR EXPR [--for WHY]`, and the same by mail from the GM, verifiable as the game's dice.

What GMs of any game need (and dice servers sell): a roll the GM asks for between resolutions, say "3d6 for the
siege of Nagashima", that every player can recheck afterwards and that the GM cannot quietly roll again.

A roll is drawn from the open round's seed (committed to in the report that opened the round, revealed in the
next) on a stream of its own (engine.dice.roll_key), so that on-demand rolls never change the game's own dice;
in beacon mode each roll also mixes in the first beacon round published after it was asked for, which nobody,
the GM included, knows before. Each has a sequence number within the round, from 0. It is kept at once in
rolls/ (one file, written atomically, under the campaign lock), told to the GM at once, recorded in the round's
inputs when the round is resolved ("on_demand": what was asked, never the faces, which compute_round draws
again, so a replay gives the same bytes) and shown with every die in every player's next report (the dice
record's "on_demand"; templates/common/rolls.*.j2). `pbem verify` and the player's checker recompute each from
the revealed seed; a gap in the sequence or a purpose rolled twice is reported.

Expressions: NdS (the sum), NdS+M or NdS-M (the sum and a modifier), NdS>=T (how many dice show T or more);
N from 1 to MAX_DICE (1 when left out), S from MIN_SIDES to MAX_SIDES.
"""
from __future__ import annotations

import json
import re
import time

from engine import tools
from engine.beacon import BeaconRound
from engine.dice import on_demand, round_seed
from pbem import clock
from pbem.attempts import attempt
from pbem.errors import UserError
from pbem.faults import crash_point
from pbem.files import make_folder, move_atomic, read_record, write_atomic

FOLDER = "rolls"
MAX_DICE = 100
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_MODIFIER = 1000
MAX_PURPOSE = tools.MAX_PURPOSE   # characters of a purpose, after it is cleaned
MAX_PER_ROUND = 100      # rolls on demand in one round: a forged sender's flood ends there
EXPRESSION = re.compile(r"^(\d{0,4})d(\d{1,6})(?:([+-])(\d{1,6})|>=(\d{1,6}))?$", re.IGNORECASE)
EXAMPLES = "3d6, 2d12+1, 1d20-2 or 5d6>=5 (five dice, counting those that show 5 or more)"
sleep = time.sleep       # waiting for a beacon round (the tests move their clock instead)


def parse(text: str) -> dict:
    """The expression as its parts: {"expression": its canonical spelling, "count", "sides"} and "modifier" (a
    sum's) or "at_least" (a count of successes'); UserError for anything else."""
    spelled = "".join(text.split())
    found = EXPRESSION.match(spelled)
    if not found:
        raise UserError(f"{text!r} is not a dice expression", [f"write it as {EXAMPLES}"])
    count, sides = int(found.group(1) or 1), int(found.group(2))
    if not 1 <= count <= MAX_DICE:
        raise UserError(f"{spelled}: from 1 to {MAX_DICE} dice, not {count}")
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise UserError(f"{spelled}: a die has {MIN_SIDES} to {MAX_SIDES} sides, not {sides}")
    parts = {"count": count, "sides": sides}
    canonical = f"{count}d{sides}"
    if found.group(3):
        modifier = int(found.group(4)) * (1 if found.group(3) == "+" else -1)
        if abs(modifier) > MAX_MODIFIER:
            raise UserError(f"{spelled}: a modifier from -{MAX_MODIFIER} to +{MAX_MODIFIER}, not {modifier:+d}")
        if modifier:
            parts["modifier"] = modifier
            canonical += f"{modifier:+d}"
    elif found.group(5):
        at_least = int(found.group(5))
        if not 1 <= at_least <= sides:
            raise UserError(f"{spelled}: a success is a face from 1 to {sides}, not {at_least}")
        parts["at_least"] = at_least
        canonical += f">={at_least}"
    return {"expression": canonical, **parts}


def result(parts: dict, dice: list[int]) -> int:
    """The sum (and modifier), or how many dice are successes."""
    if "at_least" in parts:
        return sum(1 for face in dice if face >= parts["at_least"])
    return sum(dice) + parts.get("modifier", 0)


def cleaned_purpose(text: str | None) -> str:
    """What the roll is for, as one line (engine.tools.cleaned_purpose, which a game's tools clean theirs with
    too); UserError when too long."""
    try:
        return tools.cleaned_purpose(text)
    except tools.Refused as exc:
        raise UserError(exc.message, exc.details) from None


def folder(campaign):
    return campaign.folder / FOLDER


def pending(campaign, number: int | None = None) -> list[dict]:
    """The rolls asked for in the open round (or round `number`), in their order."""
    where = folder(campaign)
    number = campaign.open_round if number is None else number
    if not where.is_dir():
        return []
    found = [read_record(path) for path in sorted(where.glob(f"r{number:04d}-*.json"))]
    return sorted((record for record in found if record.get("round") == number), key=lambda record: record["seq"])


def open_seed(campaign, number: int) -> bytes:
    """The open round's seed, committed to in the report that opened it (and still secret)."""
    return round_seed(campaign.dice_secret(), number, attempt(campaign, number))


def request(campaign, expression: str, purpose: str | None, *, key: str | None = None,
            again: bool = False) -> tuple[dict, bool]:
    """Roll on demand in the open round: (the roll, whether it is new). The caller holds the campaign lock. A
    roll already made for the same purpose (or from the same mail `key`) is given again and not rolled anew,
    so that a command run again after a crash rolls nothing twice; `again` rolls anew all the same, a repeat
    that every player sees."""
    parts = parse(expression)
    purpose = cleaned_purpose(purpose)
    if campaign.is_over():
        raise UserError("the game is over: there is no next report to show a roll in")
    number = campaign.open_round
    made = pending(campaign, number)
    for earlier in made:
        if (key is not None and earlier.get("key") == key) or (
                not again and purpose and earlier["purpose"] == purpose):
            return told(open_seed(campaign, number), earlier), False
    if len(made) >= MAX_PER_ROUND:
        raise UserError(f"round {number} has {MAX_PER_ROUND} rolls on demand already, the most a round may have")
    seq = made[-1]["seq"] + 1 if made else 0
    record = {"round": number, "seq": seq, "expression": parts["expression"], "purpose": purpose,
              "at": clock.stamp(clock.now())}
    if campaign.beacon:
        record["beacon"] = beacon_after(campaign, clock.parse(record["at"]))
    if key is not None:
        record["key"] = key
    make_folder(folder(campaign))
    write_atomic(folder(campaign) / f"r{number:04d}-{seq:04d}.json",
                 json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
    crash_point("roll-kept")   # kept, not yet told: the same command again tells it, and rolls nothing new
    campaign.log(f"roll {seq} of round {number}: {parts['expression']}" + (f" for {purpose}" if purpose else ""))
    return told(open_seed(campaign, number), record), True


class OnDemandDice:
    """Dice on demand for a GM's tool (a game's own command that rolls): a Dice-like object whose every roll is a
    roll on demand in the open round, numbered, kept and shown in every player's next report like `pbem roll`'s.
    `roll(sides, purpose)` rolls one die; `roll_dice(count, sides, purpose, at_least=None)` several as one roll
    (NdS, or NdS>=T where successes count). The caller holds the campaign lock. A purpose rolled before in the
    round is told again, not rolled anew (a tool run again after a crash rolls nothing twice), provided it was
    the same expression; `made` holds every roll told, `new` whether any was new."""

    def __init__(self, campaign) -> None:
        self.campaign = campaign
        self.made: list[dict] = []
        self.new = False

    def roll(self, sides: int, purpose: str) -> int:
        return self.roll_dice(1, sides, purpose)[0]

    def roll_dice(self, count: int, sides: int, purpose: str, at_least: int | None = None) -> list[int]:
        expression = f"{count}d{sides}" + (f">={at_least}" if at_least is not None else "")
        made, new = request(self.campaign, expression, purpose)
        if made["expression"] != parse(expression)["expression"]:
            raise UserError(f"round {self.campaign.open_round} has a roll for {made['purpose']!r} already, of "
                            f"{made['expression']}, not {expression}",
                            ["say what this roll is for otherwise (--for): a purpose is rolled for once a round"])
        self.made.append(made)
        self.new = self.new or new
        return list(made["dice"])


def beacon_after(campaign, moment) -> dict:
    """The first beacon round published after the roll was asked for, waited for (drand's period, 30 seconds
    at most) and checked: nobody, the GM included, could know it when the roll was asked for."""
    from pbem.beacon import beacon_round, chain, fetch, publication

    number = beacon_round(campaign.beacon, moment)
    due = clock.parse(publication(campaign.beacon, number))
    while clock.now() < due:
        sleep(min(5.0, (due - clock.now()).total_seconds()))
    found = fetch(campaign.beacon, number)
    return {**found.record(), "public_key": chain(campaign.beacon)["public_key"], "closing": clock.stamp(moment)}


def inputs_of(records: list[dict]) -> dict:
    """The round's inputs for its rolls on demand: what was asked, when, and the beacon round each mixed in
    (left out when there are none: rounds without any record what they always did)."""
    asked = [{name: record[name] for name in ("seq", "expression", "purpose", "at", "beacon") if name in record}
             for record in records]
    return {"on_demand": asked} if asked else {}


def told(seed: bytes, asked: dict) -> dict:
    """A roll on demand whole, drawn from the seed: what was asked and every die, with the result."""
    parts = parse(asked["expression"])
    beacon = None
    if asked.get("beacon"):
        recorded = asked["beacon"]
        beacon = {**BeaconRound.from_record(recorded).record(), "public_key": recorded["public_key"],
                  "closing": recorded["closing"]}   # the randomness derived again from the signature
    dice = on_demand(seed, asked["seq"], parts["count"], parts["sides"], asked["purpose"],
                     beacon["randomness"] if beacon else None)
    roll = {"seq": asked["seq"], "expression": parts["expression"], "purpose": asked["purpose"], "at": asked["at"],
            "sides": parts["sides"], **{name: parts[name] for name in ("modifier", "at_least") if name in parts},
            "dice": dice, "result": result(parts, dice)}
    if beacon:
        roll["beacon"] = beacon
    return roll


def drawn(seed: bytes, asked: list[dict]) -> list[dict]:
    return [told(seed, one) for one in asked]


def problems(seed: bytes, rolls: list[dict], where: str) -> list[str]:
    """What is wrong with a round's recorded rolls on demand: a die or result the seed does not give, a gap
    in the sequence, a purpose rolled twice."""
    found: list[str] = []
    seen: dict[str, int] = {}
    for index, roll in enumerate(rolls):
        if roll.get("seq") != index:
            found.append(f"{where}: roll on demand {index} is numbered {roll.get('seq')}: a roll on demand is "
                         "missing or repeated")
            break
        try:
            again = told(seed, roll)
        except (UserError, KeyError, ValueError, TypeError):
            again = None
        if again is None or {k: roll.get(k) for k in again if k != "beacon"} != {k: v for k, v in again.items()
                                                                                 if k != "beacon"}:
            found.append(f"{where}: roll on demand {index} ({roll.get('expression')} for {roll.get('purpose')!r}) "
                         "does not follow from the seed")
        if roll.get("purpose"):
            if roll["purpose"] in seen:
                found.append(f"{where}: rolls on demand {seen[roll['purpose']]} and {index} are both for "
                             f"{roll['purpose']!r}: rolled again")
            seen.setdefault(roll["purpose"], index)
    return found


def line(roll: dict, number: int) -> str:
    """A roll as the GM is told it (English)."""
    faces = ", ".join(map(str, roll["dice"]))
    parts = parse(roll["expression"])
    if "at_least" in parts:
        outcome = f"{roll['result']} success{'es' if roll['result'] != 1 else ''} ({faces})"
    else:
        outcome = f"{roll['result']} ({faces}" + (f", {parts['modifier']:+d}" if "modifier" in parts else "") + ")"
    return (f"round {number}, roll {roll['seq']}: {roll['expression']}"
            + (f" for {roll['purpose']}" if roll["purpose"] else "") + f" = {outcome}")


def forget_resolved(campaign, last: int) -> None:
    """Rolls of rounds resolved already are in those rounds' inputs: their files go."""
    where = folder(campaign)
    for path in where.glob("r*.json") if where.is_dir() else ():
        if read_record(path).get("round", 0) <= last:
            path.unlink()


def archive(campaign, archive_folder) -> None:
    """After a rollback (pbem/history.py): the rolls of the round that was open go to the archive. They came
    from a seed that the rollback undid with the rounds before them; the re-run has a seed of its own, and the
    GM rolls again in it, which the players see beside the rollback notice."""
    where = folder(campaign)
    for path in sorted(where.glob("r*.json")) if where.is_dir() else ():
        move_atomic(path, archive_folder / FOLDER / path.name)
