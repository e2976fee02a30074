"""Ikusa's test adapter: what the generic checks need to know of Ikusa (see tests/support/harness.py).

Hidden information: the orders varied beyond the computer player's (the ninja
spying, Koku moved to ronin and the ninja), the parts of an order file a round
provably ignores, and Ikusa's own checks: another side's secret ronin
("secrets"), ronin deployed where they never show ("deployments") and the spy's
briefing before the round is resolved ("briefings"). Fuzzing: the campaigns
worth fuzzing and the names and keys an Ikusa player writes. Goldens: the
short games kept byte for byte.
"""
from __future__ import annotations

import dataclasses
import random

from engine.canonical import copy_plain
from engine.events import ALL
from engine.game import Game
from pbem import door, render
from tests.support.harness import Golden, Harness
from tests.support.hidden import (
    CAMPAIGN,
    Position,
    Tally,
    _where,
    check_state_changes,
    exact,
    in_every_draw,
    mutate,
    replayed,
    resolved_with,
    strings_in,
)

PLAYERS = ("ann", "bob", "cho")
SECRET_CHANGES = 3
BRIEFING_CHANGES = 3


# --- hidden information: positions --------------------------------------------------------------------

def draw_options(count: int, rng: random.Random) -> dict:
    if count == 2:
        return {}
    return {"quick": rng.random() < 0.3, "victory_check": rng.choice(["immediate", "end_of_round"])}


def spying_sides(state: dict, player: str) -> list[str]:
    """The player's sides that may send the ninja spying in the coming round."""
    from games.ikusa.ninja import may_spy
    from games.ikusa.state import sides_of

    if state["phase"] != "play" or player not in state["players"]:
        return []
    return [side for side in sides_of(state, player) if may_spy({**state, "round": state["round"] + 1}, side)]

def varied_orders(state: dict, player: str, orders: dict, rng: random.Random) -> dict | None:
    """The computer's orders with what it seldom or never does: the ninja spying when the player may, else
    one Koku more for the ninja (now and then with an assassination) or Koku moved to ronin deployed by
    order, some of them left unused."""
    from games.ikusa.levy import default_levy
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import active_sides, is_two_player, sides, sides_of

    if state["phase"] != "play" or not orders:
        return None
    body = copy_plain(orders)
    spies = spying_sides(state, player)
    side = rng.choice(spies or sides_of(state, player))
    section = body.get(side) if is_two_player(state) else body
    if not isinstance(section, dict) or not isinstance(section.get("planning"), dict):
        return None
    enemies = [s for s in active_sides(state) if s not in sides_of(state, player)]
    if spies and enemies:
        section["spy"] = {"watch": rng.choice(enemies)}
        return body
    boxes = section["planning"]
    donors = [box for box in ("turn_order", "levy") if boxes.get(box, 0) > 0]
    if not donors:
        return None
    donor = rng.choice(donors)
    moved = min(boxes[donor], rng.randint(1, 2))
    boxes[donor] -= moved
    if donor == "levy":  # the computer's levy spent every Koku in the box: the rules' default for fewer
        section["levy"] = {"units": default_levy(state, side, boxes["levy"])["units"]} if boxes["levy"] else None
    if rng.random() < 0.35:
        boxes["ninja"] = boxes.get("ninja", 0) + moved
        armies = sorted(a for a, army in state["armies"].items()
                        if army["player"] != player and army["status"] == "active")
        if rng.random() < 0.5 and armies:
            section["ninja"] = {"assassinate": {"daimyo": rng.choice(armies), "before": rng.choice("ABD"),
                                                "war_of": rng.choice(sides(state))}}
        return body
    boxes["ronin"] = boxes.get("ronin", 0) + moved
    given = deployment_entries(section.get("ronin"))
    section["ronin"] = ronin_orders(state, side, list(given) if isinstance(given, list) else [], 2 * moved, rng)
    return body

def ronin_orders(state: dict, side: str, entries: list, count: int, rng: random.Random) -> dict:
    """Deployments of up to `count` more ronin to the side's groups with room, some perhaps kept back."""
    from games.ikusa.ronin import ronin_room
    from games.ikusa.state import armies_on_board, ordered_provinces

    groups = [g for g in armies_on_board(state, side) + ordered_provinces(state, side)
              if ronin_room(state, side, g)[0] > 0]
    left = rng.randint(1, count)
    for group in rng.sample(groups, min(len(groups), 3)):
        n = min(left, ronin_room(state, side, group)[0])
        if n:
            entries.append({"to": group, "count": n})
            left -= n
    return {"ronin": entries}


# --- hidden information: orders never carried out -----------------------------------------------------

def unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str] | None:
    """Ikusa: parts of one side's orders that the round provably ignores, given the boxes it revealed."""
    from games.ikusa.ninja import may_spy
    from games.ikusa.state import active_sides, colour_of, is_two_player, sides, sides_of

    before, after = pos.previous_state, pos.round.state
    if before["phase"] != "play":
        return None
    mine = [s for s in sides_of(before, other) if s in active_sides(before) and s in after.get("allocations", {})]
    if not mine:
        return None
    side = rng.choice(mine)
    boxes = after["allocations"][side]
    ninja = after.get("ninja") or {}
    attempted = any(ev["kind"] == "assassination_attempted" for ev in pos.round.events)
    own_armies = sorted(a for a, army in before["armies"].items() if army["colour"] == colour_of(before, side))
    foreign = sorted(a for a, army in before["armies"].items() if army["colour"] != colour_of(before, side))
    provinces = sorted(before["provinces"])
    parts = {}
    if boxes.get("build") != 2:
        parts["build"] = {"kind": rng.choice(["castle", "fortress"]), "province": rng.choice(provinces)}
    if not boxes.get("levy"):
        parts["levy"] = {"units": [{"unit": rng.choice(["spearman", "archer"]), "to": rng.choice(provinces)}]}
    if not boxes.get("ronin") and own_armies:
        parts["ronin"] = {"ronin": [{"to": rng.choice(own_armies), "count": rng.randint(1, 4)}]}
    if not (ninja.get("holder") == side and ninja.get("hired_round") == after["round"]) and foreign:
        parts["ninja"] = {"assassinate": {"daimyo": rng.choice(foreign), "before": rng.choice("ABD"),
                                          "war_of": rng.choice(sides(before))}}
    if not attempted and own_armies:
        parts["revenge"] = {"target": rng.choice(own_armies)}
        parts["successors"] = {rng.choice(own_armies): rng.choice(["spearman", "archer", "gunner"])}
    if not may_spy({**before, "round": before["round"] + 1}, side):
        parts["spy"] = {"watch": rng.choice([s for s in sides(before) if s != side])}
    if foreign:
        parts["war"] = {"battles": [{"army": rng.choice(foreign), "target": rng.choice(provinces)}],
                        "moves": [{"army": rng.choice(foreign), "path": [rng.choice(provinces)]}]}
    if not parts:
        return None
    chosen = rng.sample(sorted(parts), rng.randint(1, len(parts)))
    body = copy_plain(pos.round.inputs["orders"].get(other) or {})
    section = body.setdefault(side, {}) if is_two_player(before) else body
    if not isinstance(section, dict):
        return None
    for key in chosen:
        if key == "war":
            war = section.setdefault("war", {})
            for part, entries in parts["war"].items():
                war[part] = list(war.get(part) or []) + entries  # appended: the run of every real order ends first
        else:
            section[key] = parts[key]
    return body, f"{other}'s {side} orders given unexecuted {', '.join(chosen)}"


# --- hidden information: another side's hidden corner of the state ------------------------------------

def secret_change(state: dict, viewer: str, rng: random.Random, strings: list[str]) -> tuple[dict, str] | None:
    """Another player's part of Ikusa's state["secret"] changed, added or removed: (state, what) or None."""
    if "secret" not in state or "players" not in state:
        return None
    from games.ikusa.state import sides_of

    new = copy_plain(state)
    secrets = new["secret"]
    other = rng.choice([p for p in new["players"] if p != viewer])
    mine = secrets.get(other, {})
    places = [a for a, army in new["armies"].items() if army["player"] == other] + \
             [pid for pid, p in new["provinces"].items() if p["owner"] == other]
    places = places or list(new["armies"])
    kind = rng.choice(["ronin", "hired", "note", "remove", "change"])
    if kind == "remove" and other in secrets:
        del secrets[other]
        return new, f"secret[{other!r}] removed"
    if kind == "change" and strings_in(mine):
        secrets[other], what = mutate(mine, rng, strings)
        return new, what.replace("state", f"secret[{other!r}]", 1)
    corner = secrets.setdefault(other, {})
    if kind == "hired":
        corner.setdefault("ronin_hired", {})[rng.choice(sides_of(new, other))] = rng.randint(1, 12)
        return new, f"secret[{other!r}]['ronin_hired'] set"
    if kind == "note":
        corner["spy"] = {"watched": rng.choice(new["players"]), "allocation": {"levy": rng.randint(0, 9)}}
        return new, f"secret[{other!r}]['spy'] set"
    place = rng.choice(places)
    corner.setdefault("ronin", {})[place] = corner.get("ronin", {}).get(place, 0) + rng.randint(1, 9)
    return new, f"secret[{other!r}]['ronin'][{place!r}] raised"


def check_secrets(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Another side's secrets changed: the player's view and reports stay exactly the same."""
    strings = sorted(strings_in(pos.round.state))
    return check_state_changes(pos, player, change, game,
                               lambda state, viewer, rng: secret_change(state, viewer, rng, strings),
                               SECRET_CHANGES, "check_secrets")


# --- hidden information: ronin deployed where they never show -----------------------------------------

@in_every_draw
def check_secret_deployments(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Ikusa: another side's ronin deployment changed where its ronin never show themselves (added with
    ronin that went back unused, dropped, moved between quiet places): the player's report stays the same.

    The computer player seldom deploys at quiet places, so when the round as it was played holds no such
    deployment the check plays it again with one (deploying_world) and compares that world with its variant:
    two worlds that differ only in what the player may not know. Where no other side can deploy in secret
    (the setup and placement rounds have no ronin; a quiet province of a single unit takes none) it takes
    the nearest round of the game where one can (deployment_to_vary)."""
    rng = random.Random(change)
    found = deployment_to_vary(pos, player, rng)
    if found is None:
        return Tally()
    at, made = found
    return resolved_with(at, player, game, made, _where("check_secret_deployments", pos, player, change))


def deployment_to_vary(pos: Position, viewer: str, rng: random.Random) -> tuple[Position, tuple] | None:
    """(position, variant): a deployment of another player's that can be varied in secret, in the round as it
    was played or in a world made from it (deploying_world), at the position's round or else at the nearest
    round of play of its game that has one, later rounds first; None if no round has any."""
    for at in rounds_of_play(pos):
        made = deployment_variant(at, viewer, rng)
        found = (at, made) if made is not None and accepted(at, *made[:2]) else deploying_world(at, viewer, rng)
        if found is not None:
            at, (other, body, what) = found
            return at, (other, body, what if at.number == pos.number else f"round {at.number}: {what}")
    return None


def rounds_of_play(pos: Position):
    """The position's round, then the later ones (to the game's end or MAX_ROUNDS, whichever comes first),
    then the earlier ones, each round of play among them, played as far as needed."""
    from tests.support.hidden import MAX_ROUNDS, position

    played = pos.trajectory
    for number in [*range(pos.number, max(pos.number, MAX_ROUNDS) + 1), *range(pos.number - 1, 0, -1)]:
        at = position(played.game_name, played.seed, number, played)
        if at.number == number > 0 and at.previous_state["phase"] == "play":
            yield at


def deploying_world(pos: Position, viewer: str, rng: random.Random) -> tuple[Position, tuple] | None:
    """(world, variant): the round played again with another player's side given one Koku more for ronin and
    orders that deploy some of them at quiet places of its own (deploying_orders), and a variant of that
    deployment (deployment_variant); None when no side of another player who sent orders can. Both worlds
    differ from the round as played in public (the boxes are revealed), but only in secret from each other."""
    from games.ikusa.state import active_sides, sides_of

    before, inputs = pos.previous_state, pos.round.inputs
    candidates = [(p, side) for p in pos.players if p != viewer and p not in inputs.get("defaulted", [])
                  for side in sides_of(before, p) if side in active_sides(before)]
    rng.shuffle(candidates)
    for other, side in candidates:
        made = deploying_orders(pos, other, side, rng)
        if made is None:
            continue
        body, what = made
        world = replayed(pos, {**inputs["orders"], other: body})
        variant = deployment_variant(world, viewer, rng, (other, side))
        if variant is not None and accepted(world, *variant[:2]):
            return world, (*variant[:2], f"in a world where {what}: {variant[2]}")
    return None


def accepted(pos: Position, player: str, body: dict) -> bool:
    """Whether the round's intake would have taken these orders from the player as they are."""
    checked = pos.game.check_orders(pos.previous_state, player, body)
    return checked.accepted and checked.orders == body


def deploying_orders(pos: Position, other: str, side: str, rng: random.Random) -> tuple[dict, str] | None:
    """(orders, what): the other player's orders as the round took them, with Koku of one of the side's boxes
    moved to ronin (koku_given) and one or two of the ronin it hires deployed, one each, at quiet places of
    its own with room (after one elsewhere where it deployed nothing by order, so that a variant can drop
    them); None where the side has nowhere quiet to go or no Koku to move that the intake would take."""
    from games.ikusa.ronin import default_deployment, deployment_entries

    before = pos.previous_state
    recorded = pos.round.inputs["orders"].get(other) or {}
    section = section_of(before, recorded, side)
    if not isinstance(section, dict) or not isinstance(section.get("planning"), dict):
        return None
    given = deployment_entries(section.get("ronin"))
    entries = list(given) if isinstance(given, list) else []
    spots = quiet_spots(pos, side, section, entries)
    if not spots:
        return None
    chosen = rng.sample(spots, min(len(spots), rng.randint(1, 2)))
    if not entries and len(chosen) == 1:   # a deployment of one entry could only move, and only with room
        entries = [{**entry, "count": 1} for entry in default_deployment(before, side, 2)
                   if entry["to"] != chosen[0]][:1]   # elsewhere: with one more before it, it can be dropped
    for donor in rng.sample(DONORS, len(DONORS)):
        body = copy_plain(recorded)
        section = section_of(before, body, side)
        if not koku_given(section, donor, chosen):
            continue
        section["ronin"] = entries + [{"to": place, "count": 1} for place in chosen]
        checked = taken(pos, other, body, section)
        if checked is not None:
            return checked, f"{other}'s {side} moved a Koku from {donor} to ronin, one sent to {chosen}"
    return None


def taken(pos: Position, other: str, body: dict, section: dict, tries: int = 3) -> dict | None:
    """The orders as the intake takes them, once the final moves the smaller levy left without units (the
    only problems it may cause that way) are dropped from the side's war; None if it still refuses them."""
    import re

    for _ in range(tries):
        checked = pos.game.check_orders(pos.previous_state, other, body)
        if checked.accepted:
            return checked.orders
        moves = [re.search(r"war\.final_moves\[(\d+)\]$", problem.field or "") for problem in checked.problems]
        if not all(moves) or not isinstance((section.get("war") or {}).get("final_moves"), list):
            return None
        wrong = {int(found.group(1)) for found in moves}
        section["war"]["final_moves"] = [move for i, move in enumerate(section["war"]["final_moves"]) if i not in wrong]
    return None


DONORS = ("turn_order", "levy", "build", "ninja")


def section_of(state: dict, body, side: str):
    """The side's part of its player's orders."""
    from games.ikusa.state import is_two_player

    return body.get(side) if is_two_player(state) and isinstance(body, dict) else body


def koku_given(section: dict, donor: str, keep: list[str]) -> bool:
    """Koku moved from the donor box to ronin: one from turn order, the levy or the ninja, both of the build
    box; orders the box no longer pays for dropped (a build, the ninja's, the levy's units: those levied at
    places the war orders name, or kept, last). False if the box is empty."""
    boxes = section["planning"]
    moved = boxes.get(donor, 0) if donor == "build" else min(1, boxes.get(donor, 0))
    if moved < 1:
        return False
    boxes[donor] -= moved
    boxes["ronin"] = boxes.get("ronin", 0) + moved
    if donor in ("build", "ninja") and not boxes[donor]:
        section.pop(donor, None)
    if donor == "levy":
        section["levy"] = levy_within(section, boxes["levy"], keep)
    return True


def levy_within(section: dict, koku: int, keep: list[str]) -> dict | None:
    """The side's levy orders with units dropped until `koku` pays for them: those levied at places neither
    its war orders nor `keep` name first, then those the war orders name, the last first in each."""
    from collections import Counter

    from games.ikusa.levy import koku_needed

    if not koku:
        return None
    units = list((section.get("levy") or {}).get("units") or [])
    war = exact(section.get("war") or {})
    dropping = sorted(range(len(units)), key=lambda i: (units[i].get("to") in keep,
                                                         f'"{units[i].get("to")}"' in war, -i))
    dropped: set[int] = set()
    while dropping and koku_needed(Counter(u.get("unit") for i, u in enumerate(units) if i not in dropped)) > koku:
        dropped.add(dropping.pop(0))
    return {"units": [u for i, u in enumerate(units) if i not in dropped]}


def quiet_spots(pos: Position, side: str, section: dict, entries: list) -> list[str]:
    """The side's provinces and armies on the board where ronin it deploys stay hidden (quiet_test), that its
    deployment does not name yet and that have room for one more."""
    from games.ikusa.levy import after_levy
    from games.ikusa.ronin import ronin_room
    from games.ikusa.state import armies_on_board, side_of_province

    before = pos.previous_state
    quiet = quiet_test(pos, section)
    named = {entry.get("to") for entry in entries if isinstance(entry, dict)}
    levied = after_levy(before, side, section["planning"], section.get("levy"))   # the deployment comes after
    places = [pid for pid in before["provinces"] if side_of_province(before, pid) == side]
    return [place for place in places + armies_on_board(before, side)
            if quiet(place) and place not in named and ronin_room(levied, side, place)[0] > 0]


def sides_deploying(state: dict, body, player: str) -> list[str]:
    """The player's sides whose orders deploy their ronin by a list of their own."""
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import is_two_player, sides_of

    body = body if isinstance(body, dict) else {}
    sections = {side: (body.get(side) if is_two_player(state) else body) for side in sides_of(state, player)}
    given = {side: deployment_entries(section.get("ronin")) for side, section in sections.items()
             if isinstance(section, dict)}
    return [side for side, entries in given.items() if isinstance(entries, list) and entries]


def deployment_variant(pos: Position, player: str, rng: random.Random,
                       deployer: tuple[str, str] | None = None) -> tuple[str, dict, str] | None:
    """(other player, their orders, what) with the last ronin deployment of one of their sides (or of the
    deployer's, (player, side), where given) added to, dropped or moved, only ever at quiet places
    (quiet_test), counts kept within the room the group had; None where nobody deployed by order."""
    from games.ikusa.levy import after_levy
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import colour_of, is_two_player, side_of_province
    from games.ikusa.units import regular_units

    before = pos.previous_state
    if pos.number == 0 or before["phase"] != "play":
        return None
    orders = pos.round.inputs["orders"]
    deployers = {p: sides_deploying(before, orders.get(p), p) for p in pos.players if p != player}
    deployers = {p: sides for p, sides in deployers.items() if sides}
    if deployer is not None:
        deployers = {deployer[0]: [deployer[1]]} if deployer[1] in deployers.get(deployer[0], []) else {}
    if not deployers:
        return None
    other = rng.choice(sorted(deployers))
    side = rng.choice(deployers[other])
    body = copy_plain(orders[other])
    section, colour = (body[side] if is_two_player(before) else body), colour_of(before, side)
    entries = list(deployment_entries(section["ronin"]))
    mine = [ev for ev in pos.round.events if ev.get("colour") == colour and ev["audience"] != ALL]
    placed = {}
    for ev in mine:
        if ev["kind"] == "ronin_deployed":
            placed[ev["to"]] = placed.get(ev["to"], 0) + ev["count"]
    unused = sum(ev["count"] for ev in mine if ev["kind"] == "ronin_returned")
    last_placed = next((ev["count"] for ev in mine if ev["kind"] == "ronin_deployed"
                        and ev["index"] == len(entries) - 1), 0)

    quiet = quiet_test(pos, section)

    levied = after_levy(before, side, section.get("planning") or {}, section.get("levy"))   # the deployment's state

    def room(pid: str) -> int:
        return regular_units(levied["provinces"][pid]["force"]) - 1 - placed.get(pid, 0)

    spots = [pid for pid in before["provinces"] if side_of_province(before, pid) == side and quiet(pid)]
    last = entries[-1].get("to") if isinstance(entries[-1], dict) else None
    kinds = []
    if unused and any(room(pid) > 0 for pid in spots):
        kinds.append("add")
    if last_placed and quiet(last):
        kinds += ["drop"] if len(entries) > 1 else []  # no entry at all would mean the default deployment
        if any(room(pid) >= last_placed for pid in spots if pid != last):
            kinds.append("move")
    if not kinds:
        return None
    kind = rng.choice(kinds)
    if kind == "add":
        pid = rng.choice([pid for pid in spots if room(pid) > 0])
        entries.append({"to": pid, "count": min(unused, room(pid))})
    elif kind == "drop":
        entries.pop()
    else:
        pid = rng.choice([pid for pid in spots if pid != last and room(pid) >= last_placed])
        entries[-1] = {"to": pid, "count": last_placed}
    section["ronin"] = entries
    return other, body, f"{other}'s {side} ronin deployment: {kind} -> {entries}"


def quiet_test(pos: Position, section: dict):
    """Whether ronin of the side whose orders are `section` stay hidden at a place: named by no public event of
    the round from the deployment on (what the actions before it told, planning to hiring, cannot depend on
    it: a levy there is no sign), nor by the side's own war orders. Ronin held where a force starts, ends or
    passes may stop it (a force must keep more regular units than ronin), and what that changes is public."""
    before = pos.previous_state
    public = exact([ev for ev in pos.round.events if ev["audience"] == ALL and not before_deployment(ev)])
    own_war = exact(section.get("war") or {}).lower()

    def quiet(place) -> bool:
        army = before["armies"].get(place) if isinstance(place, str) else None
        named = [place] + ([army["province"]] if army else [])
        return isinstance(place, str) and not any(f'"{name}"' in public or name.lower() in own_war for name in named)

    return quiet


BEFORE_DEPLOYMENT = ("planning", "turn_order", "build", "levy")
"""The actions of a round that come before the ronin are deployed (games/ikusa/round.py), as the report's
chronicle names them."""


def before_deployment(ev: dict) -> bool:
    """Whether the event is told by an action that comes before the deployment, the hiring included."""
    from games.ikusa.chronicle import PART_OF

    return PART_OF.get(ev["kind"]) in BEFORE_DEPLOYMENT or ev["kind"] in ("ronin_hired", "ronin_not_hired")


# --- hidden information: the spy's briefing, the open round's other orders ----------------------------

def briefings_sent(game: Game, state: dict, orders_in: dict) -> list[tuple[str, str, str, str]]:
    """(player, key, text, data) of every briefing, each player's made at their seat (pbem.door) and its text
    rendered as pbem.orders.deliver_briefings does."""
    number = state["round"] + 1
    return [(player, key, render.render(f"{render.template_folder(game.name)}/briefing.txt.j2", round=number,
                                        player=player, data=data), exact(data))
            for player in state["players"]
            for key, data in door.briefings(door.seat_of(game, state, player, campaign=CAMPAIGN,
                                                         round_number=number), orders_in)]


def spying(pos: Position, rng: random.Random) -> tuple[dict, str, str] | None:
    """(state, spy side, watched side): the position with the ninja hired this round by a random side and
    still unused, so that side may spy in the open round; None where no round is open to play."""
    from games.ikusa.state import active_sides, are_enemies

    state = pos.round.state
    if state.get("phase") != "play" or state["over"]:
        return None
    active = active_sides(state)
    pairs = [(a, b) for a in active for b in active if are_enemies(state, a, b)]
    if not pairs:
        return None
    spy, watched = rng.choice(pairs)
    return {**state, "ninja": {"holder": spy, "hired_round": state["round"], "used": None}}, spy, watched


def section_for(state: dict, side: str, section: dict) -> dict:
    """An order body holding one side's section (under its colour in the two-player game)."""
    from games.ikusa.state import is_two_player

    return {side: section} if is_two_player(state) else section


def open_round_orders(state: dict, spy: str, watched: str, rng: random.Random) -> dict:
    """Orders in so far for the open round: the spy's watch, the watched side's allocation, and whatever
    else some of the players have sent."""
    from games.ikusa.planning import default_allocation
    from games.ikusa.state import player_of

    orders = {p: random_orders(state, p, rng) for p in state["players"] if rng.random() < 0.5}
    orders[player_of(state, spy)] = section_for(state, spy, {"spy": {"watch": watched}})
    watched_body = orders.get(player_of(state, watched)) or {}
    mine = watched_body.get(watched, {}) if watched in watched_body else watched_body
    mine["planning"] = default_allocation(state, watched) if rng.random() < 0.5 else {"levy": rng.randint(0, 5)}
    orders[player_of(state, watched)] = {**watched_body, **section_for(state, watched, mine)}
    return orders


def random_orders(state: dict, player: str, rng: random.Random) -> dict:
    """Some order body for a player: only its shape matters to a briefing, and it must not matter at all."""
    from games.ikusa.state import sides_of

    body = {}
    for side in sides_of(state, player):
        section = {"planning": {"levy": rng.randint(0, 9), "ninja": rng.randint(0, 2)},
                   "war": {"battles": [{"province": rng.choice(sorted(state["provinces"])), "target": "x"}]}}
        body.update(section_for(state, side, section))
    return body


def briefing_change(state: dict, orders: dict, spy: str, watched: str, rng: random.Random) -> tuple[dict, str]:
    """The orders in so far with a change the spy may not know: a third player's orders sent, changed or
    taken back, or the watched player's orders changed anywhere but the watched side's allocation."""
    from games.ikusa.state import player_of

    new = copy_plain(orders)
    spy_player, watched_player = player_of(state, spy), player_of(state, watched)
    third = [p for p in state["players"] if p not in (spy_player, watched_player)]
    if third and rng.random() < 0.5:
        who = rng.choice(third)
        if who in new and rng.random() < 0.5:
            del new[who]
            return new, f"{who}'s orders taken back"
        new[who] = random_orders(state, who, rng)
        return new, f"{who}'s orders sent or changed"
    body = new[watched_player]
    kept = copy_plain((body.get(watched) if watched in body else body)["planning"])
    fresh = random_orders(state, watched_player, rng)
    mine = fresh.get(watched, {}) if watched in fresh else fresh
    mine["planning"] = kept
    new[watched_player] = fresh
    return new, f"{watched_player}'s orders changed but for {watched}'s allocation"


def spy_scene(pos: Position, change: int):
    """(state, spy, watched, orders in so far, rng) of a drawn spying in the open round, or None."""
    rng = random.Random(change)
    made = spying(pos, rng)
    if made is None:
        return None
    state, spy, watched = made
    return state, spy, watched, open_round_orders(state, spy, watched, rng), rng


def check_briefings(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Ikusa's spy is told the watched side's allocation as soon as it is in, and nothing more: the other
    orders of the open round never change what any player is briefed (text or data), and nobody but the
    spy's player is briefed. (`player` is unused: the spy is drawn.)"""
    game = game or pos.game
    tally = Tally()
    if game.briefings is None:
        return tally
    from games.ikusa.state import player_of

    scene = spy_scene(pos, change)
    if scene is None:
        return tally
    state, spy, watched, orders, rng = scene
    where = f"{_where('check_briefings', pos, player, change)}: {spy} spies on {watched}"
    before = briefings_sent(game, state, orders)
    if [b[0] for b in before] != [player_of(state, spy)]:
        tally.leaks.append(f"{where}: briefed {[b[0] for b in before]}, not the spy's player alone")
    for _ in range(BRIEFING_CHANGES):
        changed, what = briefing_change(state, orders, spy, watched, rng)
        tally.changes += 1
        if briefings_sent(game, state, changed) != before:
            tally.leaks.append(f"{where}: {what}: the briefing changed")
    return tally


def check_spy_turns(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """A spy who has been shown one allocation sees no other this round: its orders turning the watch to
    another side, or dropping it, are refused, and so is the watched side changing the allocation shown.
    (`player` is unused: the spy is drawn.)"""
    game = game or pos.game
    tally = Tally()
    if game.check_in_context is None:
        return tally
    from games.ikusa.state import active_sides, are_enemies, player_of

    scene = spy_scene(pos, change)
    if scene is None:
        return tally
    state, spy, watched, orders, _ = scene
    where = f"{_where('check_spy_turns', pos, player, change)}: {spy} has seen {watched}"
    spy_player, watched_player = player_of(state, spy), player_of(state, watched)
    others = [side for side in active_sides(state) if side != watched and are_enemies(state, spy, side)]
    turns = [(section_for(state, spy, {"spy": {"watch": other}}), f"turns to {other}") for other in others]
    turns.append((section_for(state, spy, {"planning": {"levy": 0}}), "drops the watch"))
    for body, what in turns:
        tally.changes += 1
        if not game.check_in_context(game.view(state, spy_player), spy_player, body, orders):
            tally.leaks.append(f"{where}: the spy {what}, and it is accepted")
    if watched_player != spy_player:
        shown = copy_plain(orders[watched_player])
        mine = shown.get(watched, {}) if watched in shown else shown
        mine["planning"] = {"ninja": sum(int(v) for v in (mine.get("planning") or {}).values()
                                         if isinstance(v, int)) + 1}
        tally.changes += 1
        if not game.check_in_context(game.view(state, watched_player), watched_player, shown, orders):
            tally.leaks.append(f"{where}: {watched}'s allocation changed after the spy saw it, and it is accepted")
    return tally


# --- planted leaks ------------------------------------------------------------------------------------

def showing_secrets(game: Game) -> Game:
    """The game with a view that shows every player's state["secret"]."""
    def view(state: dict, player: str) -> dict:
        return {**game.view(state, player), "all_secrets": copy_plain(state.get("secret", {}))}

    return dataclasses.replace(game, view=view)


def briefing_everything(game: Game) -> Game:
    """The game with every order in so far added to the spy's briefing data."""
    def briefings(view: dict, player: str, orders_in: dict) -> list:
        return [(key, {**data, "orders_in": copy_plain(orders_in)})
                for key, data in game.briefings(view, player, orders_in)]

    return dataclasses.replace(game, briefings=briefings)


# --- fuzzing ------------------------------------------------------------------------------------------

# (label, players, rounds of computer players before the files are read)
SCENES = (("ikusa placement", PLAYERS, 0), ("ikusa round 4", PLAYERS, 3),
          ("ikusa two players placement", ("ann", "bob"), 0), ("ikusa two players round 3", ("ann", "bob"), 2))


def vocabulary(state: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and keys an Ikusa player writes, read from the game's own tables."""
    from games.ikusa import (
        assassination,
        battles,
        build,
        combat,
        movement,
        orders,
        planning,
        setup,
    )
    from games.ikusa.board import board_of_state
    from games.ikusa.state import COLOURS, KINDS

    board = board_of_state(state)
    provinces = [text for p in board.provinces.values() for text in (p.id, p.name, p.display, p.name_ja) if text]
    names = (*provinces, *state["armies"], *KINDS, "ronin", *COLOURS, *assassination.MOMENTS,
             *build.KINDS, *battles.AFTER_WIN, *combat.WITHDRAWAL_RULES)
    keys = (*orders.SECTIONS, *planning.BOXES, *battles.ENTRY_KEYS, *battles.WAR_KEYS, *movement.FORCE_KEYS,
            *movement.ARMY_KEYS[movement.PHASE_D], *assassination.ASSASSINATE_KEYS, *setup.OPTIONS,
            "preferences", "kind", "unit", "units", "count", "rule", "rounds", "percent", "watch", "spearmen",
            "armies", "claims", "army_units", "split", *COLOURS)
    return tuple(dict.fromkeys(names)), tuple(dict.fromkeys(keys))


def seed_bodies(state: dict, player: str) -> list[dict]:
    """Orders the computer player never gives, written from the state so that every part is reached."""
    if state["phase"] == "placement":
        return []
    from games.ikusa.state import is_two_player, sides_of

    sections = {side: order_section(state, side) for side in sides_of(state, player)}
    if is_two_player(state):
        whole = dict(sections)
        parts = [{side: {key: value}} for side, section in sections.items() for key, value in section.items()]
    else:
        whole = sections[player]
        parts = [{key: value} for key, value in whole.items()]
    return [whole, *parts]


def order_section(state: dict, side: str) -> dict:
    """Every part of an Ikusa order section, with ids and provinces from the state (not all of it legal)."""
    from games.ikusa.board import board_of_state
    from games.ikusa.state import KINDS, armies_of_side, provinces_of_side

    board = board_of_state(state)
    armies = armies_of_side(state, side) or [f"{side}-1"]
    enemies = [a for a in state["armies"] if a not in armies] or ["blue-1"]
    provinces = provinces_of_side(state, side) or ["omi"]
    home = state["armies"].get(armies[0], {}).get("province") or provinces[0]
    step = next(iter(board.neighbours(home)), provinces[0])
    koku = state["koku"].get(side, 0)
    others = [s for s in state["koku"] if s != side] or ["blue"]
    return {
        "planning": {"turn_order": max(koku - 4, 0), "build": 2 if koku >= 2 else 0, "levy": 1 if koku >= 3 else 0,
                     "ronin": 1 if koku >= 4 else 0, "ninja": 0},
        "turn_order": {"preferences": [2, 1]},
        "build": {"kind": "castle", "province": provinces[-1]},
        "levy": {"units": [{"unit": "archer", "to": armies[0]}]},
        "ronin": {"ronin": [{"to": armies[0], "count": 2}]},
        "war": {"priority": [k for k in KINDS if k != "daimyo"] + ["ronin"],
                "moves": [{"army": armies[0], "path": [step]}],
                "battles": [{"army": armies[0], "target": step, "withdraw": {"rule": "after_rounds", "rounds": 2},
                             "after_win": "advance"}],
                "final_moves": [{"province": provinces[0], "to": step, "units": {"spearman": 1}}],
                "recover": [provinces[0]]},
        "ninja": {"assassinate": {"daimyo": enemies[0], "before": "B", "war_of": side}},
        "revenge": {"target": enemies[0]},
        "successors": {armies[0]: "swordsman"},
        "spy": {"watch": others[0]},
    }


HARNESS = Harness(
    player_counts=(2, 3, 3, 4, 4, 5),
    draw_options=draw_options,
    vary_orders=varied_orders,
    must_vary=lambda state, player: bool(spying_sides(state, player)),
    unexecuted=unexecuted,
    checks={"secrets": check_secrets, "deployments": check_secret_deployments, "briefings": check_briefings,
            "spy_turns": check_spy_turns},
    # the dice swap runs compute_round twice for every player (a quarter of a second), so it comes less often
    rotation=("secrets", "events", "orders", "deployments", "briefings",
              "secrets", "events", "orders", "spy_turns", "dice"),
    scenes=SCENES,
    vocabulary=vocabulary,
    seed_bodies=seed_bodies,
    rare_events={
        "build_defaulted": "Koku in the build box with no build order; the computer always orders one "
                           "(tests/ikusa/test_ikusa_build.py)",
        "build_failed": "a build the round made impossible, or nowhere left to build (tests/ikusa/test_ikusa_build.py)",
        "build_ignored": "a build order without Koku in the build box (tests/ikusa/test_ikusa_build.py)",
        "levy_skipped": "a levy entry the round made impossible; the computer's levies are carried out "
                        "(tests/ikusa/test_ikusa_levy.py)",
        "levy_ignored": "levy orders without Koku in the levy (tests/ikusa/test_ikusa_levy.py)",
        "ronin_not_hired": "Koku for ronin when the supply of 30 is empty (tests/ikusa/test_ikusa_ronin.py)",
        "ronin_deployment_defaulted": "ronin hired with no deployment ordered; the battery's varied orders always "
                                      "deploy them (tests/ikusa/test_ikusa_ronin.py)",
        "ronin_not_deployed": "a deployment the round made impossible (tests/ikusa/test_ikusa_ronin.py)",
        "garrison_not_as_ordered": "an ordered garrison the battle took (tests/ikusa/test_ikusa_choices.py)",
        "spearmen_picked_up": "a placement order putting spearmen on an army's card, which the computer never "
                              "gives (tests/ikusa/test_ikusa_setup.py)",
        "daimyo_not_recovered": "an eliminated player's daimyo when the winner has no free province left",
        "revenge": "a victim's revenge on a failed assassin, which the battery's seeded games no longer reach since "
                   "the computer hires the ninja only when it pays (tests/ikusa/test_ikusa_assassination.py)",
        "successor_named": "a daimyo killed by the ninja with a successor to name; the battery's seeded games no "
                           "longer reach it (tests/ikusa/test_ikusa_assassination.py)",
        "elimination_without_winner": "a side losing its last daimyo to an assassination in nobody's war",
    },
    goldens=(
        Golden("ikusa", 3, 1, 4),                # the placement round and three rounds of play
        Golden("ikusa", 5, 1, 3),
        Golden("ikusa", 2, 1, 3),                # the two-player rules: two sides each
        Golden("ikusa", 3, 2, 3, {"quick": True}, "quick"),
    ),
)
