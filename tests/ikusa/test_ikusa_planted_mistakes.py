"""Every mistake at once, and only real ones: into the computer player's orders of seeded games (which the check
accepts) one to three independent mistakes are planted, from a catalogue of what players get wrong (a misspelt
name, an unknown word, a number out of range, a wrong type, a missing key, an unknown key, an illegal target);
the one answer names exactly those mistakes, each at its own field, and nothing that would only follow from
them. A mistake is independent when no other order of the file names what it changes (a levy entry whose place
no war order names, a battle whose target nothing else names)."""
from __future__ import annotations

import copy
import functools
import random
from collections import Counter

from games.ikusa.board import board_of_state
from tests.ikusa.report_battery import GAME, played

GAMES = ((2, {}, 4, 4), (3, {}, 8, 4), (4, {}, 6, 4), (5, {}, 2, 3))


@functools.cache
def positions() -> list[tuple[dict, str]]:
    return [(state, player) for _game, state, _events, _number, player in played(GAMES)
            if not state["over"] and state["phase"] != "placement" and state["round"] >= 1]


def strings_in(value) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings_in(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return [value] if isinstance(value, str) else []


def setter(*path):
    """A planting that writes a value at `path` in an order section (a key of a table, an index of a list)."""
    def plant(value):
        def planted(section):
            place = section
            for step in path[:-1]:
                place = place.setdefault(step, {}) if isinstance(place, dict) else place[step]
            place[path[-1]] = value(place.get(path[-1]) if isinstance(place, dict) else place[path[-1]])
        return planted
    return plant


def aim_far(index: int, far: str):
    """The battle aimed at a province far from the force, and no final move left into where it meant to go."""
    def planted(section):
        war = section["war"]
        meant = war["battles"][index]["target"]
        war["battles"][index]["target"] = far
        war["final_moves"] = [move for move in war.get("final_moves", []) if meant not in strings_in(move)]
    return planted


def mistakes(state: dict, player: str, section: dict) -> list[tuple[str, str, str, object]]:
    """(kind of mistake, slot, field within the section, how to plant it) for each mistake this section can
    take; a slot is used once, so that the mistakes planted are independent."""
    found: list[tuple[str, str, str, object]] = [
        ("unknown section", "section", "levvy", setter("levvy")(lambda _: {"units": []})),
        ("marker out of range", "turn_order", "turn_order.preferences[0]",
         setter("turn_order", "preferences")(lambda _: [9])),
    ]
    if "planning" in section:
        found += [("unknown box", "planning", "planning.colour", setter("planning", "colour")(lambda _: 1)),
                  ("Koku overspent", "planning", "planning", setter("planning", "ninja")(lambda n: n + 3))]
    war = section.get("war", {})
    if war:
        found.append(("unknown kind in a list", "priority", "war.priority",
                      setter("war", "priority")(lambda _: ["spearman", "ninja"])))
    if section.get("build"):
        found += [("misspelt province", "build", "build.province", setter("build", "province")(lambda p: p + "qq")),
                  ("unknown word", "build", "build.kind", setter("build", "kind")(lambda _: "castel"))]
    named_by_war = strings_in(war)
    for i, entry in enumerate((section.get("levy") or {}).get("units", [])):
        if entry["to"] not in named_by_war:
            found += [("unknown unit", f"levy {i}", f"levy.units[{i}].unit",
                       setter("levy", "units", i, "unit")(lambda _: "samurai")),
                      ("wrong type", f"levy {i}", f"levy.units[{i}].to", setter("levy", "units", i, "to")(lambda _: 7))]
    board = board_of_state(state)
    battles = war.get("battles", [])
    for i, entry in enumerate(battles):
        in_other_battles = strings_in([b for j, b in enumerate(battles) if j != i])
        if entry["target"] not in in_other_battles + strings_in(war.get("moves", [])) \
                + strings_in(war.get("final_moves", [])):
            found += [("misspelt target", f"battle {i}", f"war.battles[{i}].target",
                       setter("war", "battles", i, "target")(lambda t: t + "qq")),
                      ("missing key", f"battle {i}", f"war.battles[{i}].target",
                       lambda s, i=i: s["war"]["battles"][i].pop("target"))]
        if "province" in entry and entry["target"] not in in_other_battles:
            far = next(pid for pid in sorted(state["provinces"], reverse=True)
                       if pid not in strings_in(section) and not board.is_adjacent(entry["province"], pid)
                       and pid != entry["province"])
            found.append(("far target", f"battle {i}", f"war.battles[{i}].target", aim_far(i, far)))
    return found


def plant(orders: dict, catalogue: list, count: int, colour: str | None, rng: random.Random, kinds: Counter):
    """The orders with `count` mistakes of the catalogue in distinct slots (None if it has too few), and the
    fields they are at."""
    chosen, slots = [], set()
    for kind, slot, field, planting in rng.sample(catalogue, len(catalogue)):
        if slot not in slots and len(chosen) < count:
            slots.add(slot)
            chosen.append((kind, field, planting))
    if len(chosen) < count:
        return None, []
    written = copy.deepcopy(orders)
    for kind, _field, planting in chosen:
        planting(written[colour] if colour else written)
        kinds[kind] += 1
    return written, sorted((f"{colour}." if colour else "") + field for _kind, field, _planting in chosen)


def valid_files(where, colour_of, catalogue_of):
    """(state, player, orders, colour or None, catalogue) for each position whose computer's orders the check
    accepts: the valid file the mistakes go into, and (two players) the colour's part they go into."""
    for state, player in where:
        orders = GAME.computer_orders(GAME.view(state, player), player)
        if GAME.check_orders(state, player, orders).problems:
            continue
        colour = colour_of(state, player, orders) if len(state["players"]) == 2 else None
        yield state, player, orders, colour, catalogue_of(state, player, orders[colour] if colour else orders)


def test_each_planted_mistake_is_told_once_at_its_own_field_and_nothing_that_follows_from_it():
    rng, kinds = random.Random("planted mistakes"), Counter()
    compared = 0
    files = valid_files(positions(), lambda state, player, orders: next(iter(orders)), mistakes)
    for state, player, orders, colour, catalogue in files:
        for count in (1, 2, 3):
            written, expected = plant(orders, catalogue, count, colour, rng, kinds)
            if written is None:
                continue
            told = GAME.check_orders(state, player, written).problems
            assert sorted(p.field for p in told) == expected, (player, state["round"], expected,
                                                               [(p.field, p.code, p.message) for p in told])
            compared += 1
    assert compared >= 60 and len(kinds) == 12 and min(kinds.values()) >= 3, (compared, kinds)


@functools.cache
def placements() -> list[tuple[dict, str]]:
    return [(state, player) for _game, state, _events, _number, player in played(GAMES + ((3, {"quick": True}, 5, 1),))
            if state["phase"] == "placement"]


def placement_mistakes(state: dict, player: str, section: dict) -> list[tuple[str, str, str, object]]:
    theirs = sorted(pid for pid, p in state["provinces"].items() if p.get("owner") not in (player, None))
    found: list[tuple[str, str, str, object]] = [
        ("too many entries", "count", "spearmen", setter("spearmen")(lambda names: names + names[:1] * 42))]
    listed = strings_in(section)
    for i, name in enumerate(section.get("spearmen", [])):
        if listed.count(name) == 1:
            found += [("misspelt province", f"spearmen {i}", f"spearmen[{i}]",
                       setter("spearmen", i)(lambda p: p + "qq")),
                      ("not the player's", f"spearmen {i}", f"spearmen[{i}]",
                       setter("spearmen", i)(lambda _, i=i: theirs[i]))]
    for j in range(len(section.get("armies", []))):
        found.append(("army on another's province", f"armies {j}", f"armies[{j}]",
                      setter("armies", j)(lambda _, j=j: theirs[-1 - j])))
    return found


def test_each_planted_placement_mistake_is_told_in_the_one_answer():
    rng, kinds = random.Random("planted placement mistakes"), Counter()
    compared = 0
    files = valid_files(placements(), lambda state, player, orders: state["colours"][player][0], placement_mistakes)
    for state, player, orders, colour, catalogue in files:
        for count in (1, 2, 3, 3):
            written, expected = plant(orders, catalogue, count, colour, rng, kinds)
            told = GAME.check_orders(state, player, written).problems
            assert sorted(p.field for p in told) == expected, (player, expected,
                                                               [(p.field, p.code, p.message) for p in told])
            compared += 1
    assert compared >= 30 and len(kinds) == 4 and min(kinds.values()) >= 3, (compared, kinds)
