"""Ninjato's test adapter: what the generic checks need to know of Ninjato (see tests/support/harness.py).

Hidden information: each ninja's hand and Rumors, the decks and the bag (their order and contents), the hidden
stream, and the parts of an order file a round never carries out: the actions ranked after the one followed,
and the Banzai policy of a placement that raided nothing. The game's own check, "hands", deals another ninja
other cards and Rumors (as many as he holds) and finds the player's reports byte-identical. Fuzzing: the
names and keys a Ninjato player writes. Goldens: a whole four-player game and a short two-player one.
"""
from __future__ import annotations

import random

from engine.canonical import copy_plain
from engine.game import Game
from games.ninjato.components import CLANS
from games.ninjato.houses import STEALTH, STRENGTH
from games.ninjato.odds import NEVER
from games.ninjato.orders import FIELDS
from games.ninjato.preparation import HOUSES
from games.ninjato.rounds import PLACES, SHURIKEN
from games.ninjato.scoring import HONOUR, RUMOR, SCORING_ROUNDS
from tests.support.harness import Golden, Harness
from tests.support.hidden import Position, Tally, check_state_changes

PLAYERS = ("ann", "bob", "cho")
HAND_CHANGES = 3


# --- hidden information: orders ------------------------------------------------------------------------

def random_policy(rng: random.Random):
    return rng.choice([NEVER, {"chance": rng.randint(0, 100)}, {"guards": rng.randint(0, 3)},
                       {"chance": rng.randint(30, 90), "guards": rng.randint(1, 3)}])


def random_action(state: dict, player: str, rng: random.Random) -> dict:
    """Any action a ninja might write from what is on the table, possible or not when its turn comes."""
    ninja = state["ninja"][player]
    do = rng.choice(PLACES + ("raid", "raid"))
    if do == "dojo":
        action = {"do": "dojo"}
        if rng.random() < 0.4:
            action["take"] = rng.sample([*state["dojo_row"], "deck", "deck"], rng.randint(0, 2))
        return action
    if do == "sensei":
        offered = [tile["id"] for tile in state["sensei"]] + ["hensojutsu"]
        action = {"do": "sensei", "skill": rng.choice(offered)}
        if ninja["hand"] and rng.random() < 0.5:
            action["pay"] = rng.choice(ninja["hand"])
        return action
    if do in ("palace", "pavilion"):
        row = state["palace" if do == "palace" else "pavilion"]
        if not row:
            return {"do": "dojo"}
        key = "envoy" if do == "palace" else "rumor"
        action = {"do": do, key: rng.choice(row)["id"]}
        if ninja["treasures"] and rng.random() < 0.5:
            action["treasures"] = [t["id"] for t in rng.sample(ninja["treasures"], 1)]
        return action
    house = rng.choice(HOUSES)
    action = {"do": "raid", "house": house, "approach": rng.choice((STRENGTH, STEALTH))}
    if ninja["hand"] and rng.random() < 0.3:
        action["cards"] = rng.sample(ninja["hand"], rng.randint(1, min(2, len(ninja["hand"]))))
    known = [tile["id"] for tile in ninja["skills"]]
    if known and rng.random() < 0.5:
        action["skills"] = sorted(rng.sample(known, rng.randint(1, len(known))))
    if rng.random() < 0.3:
        clan = rng.choice([c for c in CLANS if c != state["houses"][house]["clan"]])
        action["claim"] = {"clan": clan, "worth": rng.randint(1, 10)}
    return action


def varied_orders(state: dict, player: str, orders: dict, rng: random.Random) -> dict:
    """Orders the computer never gives: random ranked lists, Banzai policies, fixed cards, claims and clan
    choices (the check keeps only those that pass)."""
    body = {"shuriken": [{"banzai": random_policy(rng),
                          "actions": [random_action(state, player, rng) for _ in range(rng.randint(1, 4))]}
                         for _ in range(rng.randint(1, SHURIKEN))]}
    if rng.random() < 0.5:
        body["clan_scoring"] = {clan: rng.choice((HONOUR, RUMOR)) for clan in rng.sample(CLANS, rng.randint(1, 3))}
    return body


def _followed(events: list[dict], player: str) -> dict[int, tuple[str, int | None]]:
    """Each shuriken of the player's: ("followed", rank) or ("default", None)."""
    found = {}
    for e in events:
        if e.get("player") == player and e["kind"] == "order_followed":
            found[e["shuriken"]] = ("followed", e["rank"])
        elif e.get("player") == player and e["kind"] == "order_default":
            found[e["shuriken"]] = ("default", None)
    return found


def unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str] | None:
    """The other ninja's actions ranked after the one followed replaced by any others, the Banzai policy of a
    placement that raided nothing too, and his clan choices in a round without a clan scoring."""
    before = pos.previous_state
    orders = pos.round.inputs["orders"].get(other)
    if before is None or orders is None:
        return None
    followed = _followed(pos.round.events, other)
    new = copy_plain(orders)
    changed = []
    for number, placement in enumerate(new["shuriken"], start=1):
        how, rank = followed.get(number, ("default", None))
        if how != "followed":
            continue
        kept = placement["actions"][:rank]
        tail = [random_action(before, other, rng) for _ in range(rng.randint(0, 3))]
        placement["actions"] = (kept + tail)[:8]
        changed.append(f"shuriken {number} after rank {rank}")
        if kept[-1]["do"] != "raid":
            placement["banzai"] = random_policy(rng)
            changed.append(f"shuriken {number}'s Banzai policy")
    if before["round"] not in SCORING_ROUNDS:
        new["clan_scoring"] = {clan: rng.choice((HONOUR, RUMOR)) for clan in CLANS}
        changed.append("the clan choices")
    if not changed:
        return None
    return new, f"{other}'s orders never carried out changed: {', '.join(changed)}"


# --- hidden information: hands and Rumors --------------------------------------------------------------

def hand_change(state: dict, viewer: str, rng: random.Random) -> tuple[dict, str] | None:
    """Another ninja dealt other cards and other Rumors, as many of each as he holds."""
    others = [p for p in state["players"] if p != viewer]
    if not others:
        return None
    new = copy_plain(state)
    other = rng.choice(others)
    ninja = new["ninja"][other]
    ninja["hand"] = sorted(rng.randint(1, 5) for _ in ninja["hand"])
    pool = new["decks"]["rumors"]["draw"] + ninja["rumors"]
    ninja["rumors"] = rng.sample(pool, len(ninja["rumors"])) if len(pool) >= len(ninja["rumors"]) else ninja["rumors"]
    return new, f"{other}'s hand and Rumors dealt again"


def check_hands(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Another ninja's hand and Rumors changed: the player's view and every byte he receives stay the same."""
    return check_state_changes(pos, player, change, game, hand_change, HAND_CHANGES, "check_hands")


# --- fuzzing -------------------------------------------------------------------------------------------

def vocabulary(state: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names and keys a Ninjato player writes."""
    ids = [piece["id"] for piece in state["sensei"] + state["palace"] + state["pavilion"]]
    for ninja in state["ninja"].values():
        ids += [piece["id"] for piece in ninja["treasures"] + ninja["skills"] + ninja["rumors"]]
    names = (*HOUSES, *CLANS, *PLACES, STRENGTH, STEALTH, NEVER, HONOUR, RUMOR, "deck", "hensojutsu", *ids)
    keys = ("shuriken", "actions", "banzai", "chance", "guards", "clan_scoring", "clan", "worth", "do",
            *sorted({name for fields in FIELDS.values() for name in fields}))
    return names, keys


def seed_bodies(state: dict, player: str) -> list[dict]:
    """Bodies the computer never sends: every shuriken to the Dojo, raids by stealth on every house, the
    Palace's first Envoy, and clan choices."""
    dojo = {"actions": [{"do": "dojo"}]}
    raids = {"banzai": {"chance": 50}, "actions": [{"do": "raid", "house": h, "approach": STEALTH} for h in HOUSES]}
    bodies = [{"shuriken": [dojo] * SHURIKEN}, {"shuriken": [raids, dojo], "clan_scoring": {"taira": RUMOR}}]
    if state["palace"]:
        envoy = {"do": "palace", "envoy": state["palace"][0]["id"]}
        bodies.append({"shuriken": [{"actions": [envoy, {"do": "dojo"}]}]})
    return bodies


HARNESS = Harness(
    player_counts=(2, 3, 4, 4),
    draw_options=lambda count, rng: {},
    vary_orders=varied_orders,
    unexecuted=unexecuted,
    checks={"hands": check_hands},
    rotation=("events", "orders", "hands", "events", "dice"),
    scenes=(("ninjato round 1", PLAYERS, 0), ("ninjato round 4", PLAYERS, 3), ("ninjato over", ("ann", "bob"), None)),
    vocabulary=vocabulary,
    seed_bodies=seed_bodies,
    rare_events={
        "order_adjusted": "an order that fixed a card, or claimed a token, which an earlier fight or house of the "
                          "round used up: the computer player fixes neither (tests/ninjato/test_ninjato_carry.py "
                          "makes both)",
    },
    goldens=(
        Golden("ninjato", 4, 1, 7),    # a whole game
        Golden("ninjato", 2, 2, 2),
    ),
)
