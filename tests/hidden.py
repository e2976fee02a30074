"""Hidden information, systematically: random positions, random changes a player may not see, reports compared.

A position is a game played in memory exactly as pbem plays it (setup, then a
random number of resolved rounds, every player's orders chosen by the
computer player, the game's default or a random variation), with the inputs,
state, events and dice of its last round. From a position and one player A
the checks below make changes that A may not see, and each change must leave
A's text report and JSON report byte-identical:

- "generic": any leaf of the state changed, or a key added or removed, where
  game.view(state, A) stays exactly the same (a path into the report that
  bypasses the view, such as standings computed on the full state, shows);
- "secrets" (Ikusa): another player's part of state["secret"] (hidden ronin,
  ronin hired and not yet deployed, any other finding) changed, added or
  removed; here the view must not change either;
- "deployments" (Ikusa): the round resolved again with another side's ronin
  deployment added to (with ronin that went back unused), dropped or moved,
  only at places no public event names, so that those ronin never show;
- "events": an event whose audience leaves A out dropped, changed, added or
  re-addressed, and the other members of an audience that holds A changed;
- "orders": the round resolved again with another player's orders changed
  only where they are never carried out (Age of War: the list after the
  castle attacked, the castles passed over, the orders of a player whose turn
  never came; Ikusa: build, levy and ronin orders without Koku in their box,
  an assassination without the ninja, revenge and successors without an
  attempt, a spy that may not spy, battles and moves of armies not the
  side's); the dice record is part of the report, so no such order may roll;
- "briefings" (Ikusa): the spy's private news before the round is resolved;
  the open round's other orders (a third player's, the watched player's
  beyond the watched allocation) never change any briefing, and only the
  spy's player is briefed;
- "dice": compute_round run twice with round N+1's seed swapped for another
  that commits to the same value: every file of round N must stay the same.

`check_hidden(game_name, draws)` runs them for benchmarks/reliability.py;
tests/test_hidden_properties.py drives the same checks with hypothesis. Every
check takes an optional `game` to evaluate instead of the real one, so that a
test can plant a leak and see it caught. A leak is reported as the call that
finds it again, e.g. check_events(position('ikusa', 17, 5), 'bob', change=42).
"""
from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import random
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from engine import canonical
from engine import dice as dice_module
from engine.canonical import copy_plain
from engine.dice import Dice
from engine.events import ALL, GM, visible_to
from engine.game import Game, players_to_order
from games import get
from pbem import render
from pbem.rounds import compute_round

NAMES = ("ann", "bob", "cho", "dan", "eve", "fay")
PLAYER_COUNTS = {"age-of-war": (2, 3, 4, 5, 6), "ikusa": (2, 3, 3, 4, 4, 5)}
MAX_ROUNDS = 15
CAMPAIGN = "hidden"
RESOLVED_AT = "2026-03-01T12:00:00Z"
GENERIC_TRIES = 8      # state mutations per draw: most are visible and only cost a view
SECRET_CHANGES = 3
EVENT_CHANGES = 3
BRIEFING_CHANGES = 3
# check_hidden gives every draw the generic mutations and one targeted kind, in this rotation: the dice swap
# runs compute_round twice for every player (a quarter of a second for Ikusa), so it comes less often
ROTATION = {"age-of-war": ("events", "orders", "events", "orders", "dice"),
            "ikusa": ("secrets", "events", "orders", "deployments", "briefings",
                      "secrets", "events", "orders", "deployments", "dice")}


# --- positions ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShellCampaign:
    """The little of a pbem Campaign that compute_round reads: its name, game and players."""

    name: str
    game: Game
    player_names: list[str]


@dataclass
class Round:
    number: int
    inputs: dict
    state: dict
    events: list[dict]
    rolls: list[dict]


@dataclass(eq=False)
class Trajectory:
    """One game played round after round from a seed; extended only as far as a draw asks."""

    game_name: str
    seed: int
    players: list[str]
    secret: bytes
    rng: random.Random
    rounds: list[Round] = field(default_factory=list)


@dataclass(frozen=True)
class Position:
    """Round `number` of a trajectory: what compute_round had in hand when it made that round's reports."""

    trajectory: Trajectory
    number: int

    @property
    def game(self) -> Game:
        return get(self.trajectory.game_name)

    @property
    def players(self) -> list[str]:
        return self.trajectory.players

    @property
    def round(self) -> Round:
        return self.trajectory.rounds[self.number]

    @property
    def previous_state(self) -> dict | None:
        return self.trajectory.rounds[self.number - 1].state if self.number else None

    def __str__(self) -> str:
        t = self.trajectory
        return f"position({t.game_name!r}, {t.seed}, {self.number})"


def new_trajectory(game_name: str, seed: int) -> Trajectory:
    """Players, options and the campaign secret drawn from the seed, and round 0 (the setup) played."""
    rng = random.Random(f"{game_name} trajectory {seed}")
    players = list(NAMES[:rng.choice(PLAYER_COUNTS[game_name])])
    secret = hashlib.sha256(f"hidden {game_name} {seed}".encode()).digest()
    trajectory = Trajectory(game_name, seed, players, secret, rng)
    inputs = {"round": 0, "players": players, "options": draw_options(game_name, len(players), rng),
              "resolved_at": RESOLVED_AT, "deadline": draw_deadline(rng)}
    dice = Dice.for_round(dice_module.round_seed(secret, 0), {})
    state, events = get(game_name).setup(players, inputs["options"], dice)
    trajectory.rounds.append(Round(0, inputs, state, events, dice.rolls))
    return trajectory


def draw_options(game_name: str, count: int, rng: random.Random) -> dict:
    if game_name != "ikusa" or count == 2:
        return {}
    return {"quick": rng.random() < 0.3, "victory_check": rng.choice(["immediate", "end_of_round"])}


def draw_deadline(rng: random.Random) -> str | None:
    return rng.choice([None, "2026-03-08T12:00:00Z"])


def play_round(trajectory: Trajectory) -> None:
    """One more round, resolved as compute_round resolves it (the same seed, nonces and orders)."""
    game = get(trajectory.game_name)
    rng = trajectory.rng
    last = trajectory.rounds[-1]
    number = last.number + 1
    sending = players_to_order(game, last.state, trajectory.players)
    silent = sorted(p for p in sending if rng.random() < 0.15)
    orders = {p: game.default_orders(last.state, p) if p in silent or p not in sending
              else chosen_orders(game, last.state, p, rng) for p in trajectory.players}
    nonces = {p: f"n{rng.randrange(10**6)}" for p in sorted(sending) if p not in silent and rng.random() < 0.3}
    inputs = {"round": number, "orders": orders, "defaulted": silent, "nonces": nonces,
              "resolved_at": RESOLVED_AT, "deadline": draw_deadline(rng), "rerun": None}
    dice = Dice.for_round(dice_module.round_seed(trajectory.secret, number), nonces)
    state, events = game.resolve(last.state, orders, dice)
    trajectory.rounds.append(Round(number, inputs, state, events, dice.rolls))


def chosen_orders(game: Game, state: dict, player: str, rng: random.Random) -> dict:
    """The computer player's orders, from the player's view as pbem gives them, now and then varied."""
    orders = game.computer_orders(game.view(state, player), player)
    vary = aow_ranked_list if game.name == "age-of-war" else ikusa_varied
    if rng.random() < 0.3 or (game.name == "ikusa" and ikusa_spies(state, player)):
        varied = vary(state, player, orders, rng)
        checked = None if varied is None else game.check_orders(state, player, varied)
        if checked is not None and checked.accepted:
            return checked.orders
    return orders


def aow_ranked_list(state: dict, player: str, orders: dict, rng: random.Random) -> dict | None:
    """A ranked list of a few castles not yet secured, sometimes ending in "auto": fallbacks to pass over."""
    open_castles = [name for name, card in state["castles"].items() if not card["secured"]]
    if not open_castles:
        return None
    ranked = rng.sample(open_castles, rng.randint(1, min(4, len(open_castles))))
    return {"targets": ranked + (["auto"] if rng.random() < 0.5 else [])}


def ikusa_spies(state: dict, player: str) -> list[str]:
    """The player's sides that may send the ninja spying in the coming round."""
    from games.ikusa.ninja import may_spy
    from games.ikusa.state import sides_of

    if state["phase"] != "play" or player not in state["players"]:
        return []
    return [side for side in sides_of(state, player) if may_spy({**state, "round": state["round"] + 1}, side)]


def ikusa_varied(state: dict, player: str, orders: dict, rng: random.Random) -> dict | None:
    """The computer's orders with what it seldom or never does: the ninja spying when the player may, else
    one Koku more for the ninja (now and then with an assassination) or Koku moved to ronin deployed by
    order, some of them left unused."""
    from games.ikusa.levy import default_levy
    from games.ikusa.planning import active_sides
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import is_two_player, sides, sides_of

    if state["phase"] != "play" or not orders:
        return None
    body = copy_plain(orders)
    spies = ikusa_spies(state, player)
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
    from games.ikusa.planning import owned_provinces, side_armies
    from games.ikusa.ronin import ronin_room

    groups = [g for g in side_armies(state, side) + owned_provinces(state, side)
              if ronin_room(state, side, g)[0] > 0]
    left = rng.randint(1, count)
    for group in rng.sample(groups, min(len(groups), 3)):
        n = min(left, ronin_room(state, side, group)[0])
        if n:
            entries.append({"to": group, "count": n})
            left -= n
    return {"ronin": entries}


@lru_cache(maxsize=12)
def _cached_trajectory(game_name: str, seed: int) -> Trajectory:
    return new_trajectory(game_name, seed)


def position(game_name: str, seed: int, rounds: int, trajectory: Trajectory | None = None) -> Position:
    """The game of that seed after `rounds` rounds, or after its last round if it ended sooner."""
    trajectory = trajectory or _cached_trajectory(game_name, seed)
    game = get(game_name)
    while len(trajectory.rounds) <= rounds and not game.is_over(trajectory.rounds[-1].state):
        play_round(trajectory)
    return Position(trajectory, min(rounds, len(trajectory.rounds) - 1))


# --- reports --------------------------------------------------------------------------------------------

def dice_record(pos: Position, rolls: list[dict] | None = None) -> dict:
    """The round's dice as compute_round records them (and the report shows them)."""
    seed = dice_module.round_seed(pos.trajectory.secret, pos.number)
    return {"seed": seed.hex(), "commitment": dice_module.commitment(seed),
            "nonces": pos.round.inputs.get("nonces", {}), "rolls": pos.round.rolls if rolls is None else rolls}


def report(pos: Position, player: str, game: Game | None = None, state: dict | None = None,
           events: list[dict] | None = None, rolls: list[dict] | None = None) -> tuple[bytes, bytes]:
    """A player's (text, JSON) report of the position's round, fed to pbem.render as compute_round feeds it
    (check_next_seed compares the two), with the state, events or rolls replaced where given."""
    game = game or pos.game
    state = pos.round.state if state is None else state
    events = pos.round.events if events is None else events
    inputs = pos.round.inputs
    over = game.is_over(state)
    next_commitment = None if over else dice_module.commitment(
        dice_module.round_seed(pos.trajectory.secret, pos.number + 1))
    model = render.report_model(
        campaign=CAMPAIGN, game=game, round_number=pos.number, player=player, state=state, events=events,
        dice=dice_record(pos, rolls), next_commitment=next_commitment, deadline=inputs.get("deadline"),
        defaulted=inputs.get("defaulted", []), rerun=inputs.get("rerun"))
    return render.render_text(model).encode("utf-8"), render.render_json(model).encode("utf-8")


_baselines: dict = {}


def baseline(pos: Position, player: str, game: Game) -> tuple[bytes, bytes]:
    """The unchanged reports, made once for all the checks of a draw (an Ikusa report takes 30 to 50 ms,
    most of it the computer player suggesting orders in the order form)."""
    key = (pos, player, id(game))
    if key not in _baselines or _baselines[key][0] is not game:
        if len(_baselines) > 16:
            _baselines.clear()
        _baselines[key] = (game, report(pos, player, game))
    return _baselines[key][1]


def exact(value) -> str:
    """Plain data as text that tells apart key order and 1 from True: "the same view" means this is equal."""
    return json.dumps(value, ensure_ascii=False)


def view_text(game: Game, state: dict, player: str) -> str | None:
    """The player's view as exact text, or None when the game cannot even show this (mutated) state."""
    try:
        return exact(game.view(state, player))
    except Exception:  # noqa: BLE001 - a mutation may make a state no game could reach
        return None


def which_differ(before: tuple[bytes, bytes], after: tuple[bytes, bytes]) -> str | None:
    names = [name for name, a, b in zip(("text", "JSON"), before, after) if a != b]
    return " and ".join(names) + " report changed" if names else None


# --- the tally ------------------------------------------------------------------------------------------

@dataclass
class Tally:
    """Hidden changes checked, generic mutations that turned out visible, and the leaks found."""

    changes: int = 0
    skipped: int = 0
    leaks: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.changes += other.changes
        self.skipped += other.skipped
        self.leaks += other.leaks

    def compare(self, what: str, before, after) -> None:
        """Count one hidden change and note a leak if the report moved."""
        self.changes += 1
        differs = which_differ(before, after)
        if differs:
            self.leaks.append(f"{what}: {differs}")


def _where(check: str, pos: Position, player: str, change: int) -> str:
    """A one-line reproduction: the call that finds the leak again."""
    return f"{check}({pos}, {player!r}, change={change})"


def _report_or_error(pos: Position, player: str, game: Game, **replaced) -> tuple[bytes, bytes]:
    try:
        return report(pos, player, game, **replaced)
    except Exception as exc:  # noqa: BLE001 - a report that cannot be made for a hidden change is a finding too
        return (f"report failed: {exc!r}".encode(),) * 2


# --- mutations of plain data ----------------------------------------------------------------------------

def strings_in(value, found: set | None = None) -> set:
    """Every string in plain data, keys too: the names a mutation may swap in."""
    found = set() if found is None else found
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            strings_in(item, found)
    elif isinstance(value, list):
        for item in value:
            strings_in(item, found)
    elif isinstance(value, str):
        found.add(value)
    return found


def other_leaf(value, rng: random.Random, strings: list[str]):
    """A different value for a leaf: a near number, another name, a flipped flag, now and then another type."""
    if rng.random() < 0.1:
        choices = [None, 0, 1, "x", True, False, [], {}]
        return rng.choice([c for c in choices if exact(c) != exact(value)])
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, value + rng.randint(2, 9), 0 if value else 1])
    if isinstance(value, str):
        others = [s for s in strings if s != value]
        return rng.choice(others) if others and rng.random() < 0.7 else value + "x"
    return rng.choice([0, 1, "x", True, [], {}]) if value is None else None  # a whole container: gone


def small_value(rng: random.Random, strings: list[str]):
    return rng.choice([0, 1, 3, True, None, "x", rng.choice(strings) if strings else "y", {}, [], {"n": 2}])


def mutate(value, rng: random.Random, strings: list[str], stop: float = 0.25) -> tuple[object, str]:
    """A changed deep copy of plain data and the path changed: a random walk down from the root that
    changes the leaf it reaches, or adds or removes a key or an item of the container it stops at."""
    new = copy_plain(value)
    node, path = new, []
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys or (path and rng.random() < stop):
            return new, _path(path) + " " + _reshape(node, rng, strings)
        key = rng.choice(keys)
        if isinstance(node[key], (dict, list)) and rng.random() > 0.05:
            node, path = node[key], path + [key]
            continue
        node[key] = other_leaf(node[key], rng, strings)
        return new, _path(path + [key]) + " changed"


def _reshape(node, rng: random.Random, strings: list[str]) -> str:
    """Add or remove one key of a dict or one item of a list, in place; says which."""
    if isinstance(node, dict):
        if node and rng.random() < 0.5:
            key = rng.choice(list(node))
            del node[key]
            return f"lost key {key!r}"
        key = rng.choice([s for s in strings if s not in node] or ["k"])
        node[key] = small_value(rng, strings)
        return f"gained key {key!r}"
    if node and rng.random() < 0.5:
        return f"lost item {node.pop(rng.randrange(len(node)))!r}"[:80]
    node.insert(rng.randint(0, len(node)), copy_plain(rng.choice(node)) if node else small_value(rng, strings))
    return "gained an item"


def _path(keys: list) -> str:
    return "state" + "".join(f"[{k!r}]" for k in keys)


# --- (i) generic: whatever the view hides --------------------------------------------------------------

def check_generic(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Mutate the state anywhere; where the player's view stays the same, the reports must too."""
    game = game or pos.game
    rng = random.Random(change)
    tally = Tally()
    state = pos.round.state
    before_view = view_text(game, state, player)
    strings = sorted(strings_in(state))
    for _ in range(GENERIC_TRIES):
        changed, what = mutate(state, rng, strings)
        if canonical.dumps(changed) == canonical.dumps(state) or view_text(game, changed, player) != before_view:
            tally.skipped += 1
            continue
        tally.compare(f"{_where('check_generic', pos, player, change)}: {what}", baseline(pos, player, game),
                      _report_or_error(pos, player, game, state=changed))
    return tally


# --- (ii) game secrets: another side's hidden corner of the state -------------------------------------

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
    game = game or pos.game
    rng = random.Random(change)
    tally = Tally()
    state = pos.round.state
    before_view, strings = view_text(game, state, player), sorted(strings_in(state))
    for _ in range(SECRET_CHANGES):
        made = secret_change(state, player, rng, strings)
        if made is None:
            return tally
        changed, what = made
        where = f"{_where('check_secrets', pos, player, change)}: {what}"
        if view_text(game, changed, player) != before_view:
            tally.leaks.append(f"{where}: the view changed")
        tally.compare(where, baseline(pos, player, game), _report_or_error(pos, player, game, state=changed))
    return tally


# --- (ii) events kept from a player --------------------------------------------------------------------

def hidden_audience(players: list[str], viewer: str, rng: random.Random, not_this=None):
    """An audience that leaves the viewer out: the GM, or some of the other players."""
    others = [p for p in players if p != viewer]
    choices = [GM] + [[p] for p in others] + [sorted(rng.sample(others, rng.randint(1, len(others))))]
    return rng.choice([c for c in choices if c != not_this] or [GM])


def event_change(events: list[dict], players: list[str], viewer: str, rng: random.Random,
                 strings: list[str]) -> tuple[list, str]:
    """The round's events with one change the viewer may not see: (events, what)."""
    new = copy_plain(events)
    hidden = [i for i, ev in enumerate(new) if not visible_to(ev, viewer)]
    shared = [i for i, ev in enumerate(new) if isinstance(ev["audience"], list) and viewer in ev["audience"]]
    kinds = ["add"] + (["drop", "mutate", "readdress"] if hidden else []) + (["co-audience"] if shared else [])
    kind = rng.choice(kinds)
    if kind == "drop":
        i = rng.choice(hidden)
        return new[:i] + new[i + 1:], f"hidden event {i} ({new[i]['kind']}) dropped"
    if kind == "mutate":
        i = rng.choice(hidden)
        audience = new[i].pop("audience")
        body, what = mutate(new[i], rng, strings)
        new[i] = {**body, "audience": audience}
        return new, f"hidden event {i}: {what.replace('state', 'event', 1)}"
    if kind == "readdress":
        i = rng.choice(hidden)
        new[i]["audience"] = hidden_audience(players, viewer, rng, not_this=new[i]["audience"])
        return new, f"hidden event {i} ({new[i]['kind']}) re-addressed to {new[i]['audience']}"
    if kind == "co-audience":
        i = rng.choice(shared)
        was = new[i]["audience"]
        others = [p for p in players if p != viewer]
        choices = [sorted({viewer, *group}) for size in range(len(others) + 1)
                   for group in itertools.combinations(others, size)]
        new[i]["audience"] = rng.choice([c for c in choices if c != was])
        return new, f"event {i} ({new[i]['kind']}) audience {was} -> {new[i]['audience']}"
    model = copy_plain(rng.choice(events)) if events and rng.random() < 0.7 else \
        {"kind": "secret_note", "detail": small_value(rng, strings)}
    model["audience"] = hidden_audience(players, viewer, rng)
    i = rng.randint(0, len(new))
    return new[:i] + [model] + new[i:], f"event {model['kind']} for {model['audience']} added at {i}"


def check_events(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Events whose audience leaves the player out, and who else hears an event, never reach the reports."""
    game = game or pos.game
    rng = random.Random(change)
    tally = Tally()
    before = baseline(pos, player, game)
    strings = sorted(strings_in(pos.round.events)) or list(pos.players)
    for _ in range(EVENT_CHANGES):
        events, what = event_change(pos.round.events, pos.players, player, rng, strings)
        tally.compare(f"{_where('check_events', pos, player, change)}: {what}", before,
                      _report_or_error(pos, player, game, events=events))
    return tally


# --- (ii) orders that are never carried out -----------------------------------------------------------

def unexecuted_variant(pos: Position, player: str, rng: random.Random) -> tuple[str, dict, str] | None:
    """(other player, their orders changed where they are never carried out, what) for the position's
    round, or None when the round has no such orders (the setup, Ikusa's placement round)."""
    if pos.number == 0:
        return None
    others = [p for p in pos.players if p != player]
    other = rng.choice(others)
    made = (aow_unexecuted if pos.trajectory.game_name == "age-of-war" else ikusa_unexecuted)(pos, other, rng)
    return None if made is None else (other, *made)


def aow_unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str] | None:
    """Age of War: the castle the player attacked, behind the castles passed over or none, then anything;
    any list at all for a player whose turn never came or who could attack nothing."""
    before = pos.previous_state
    open_castles = [name for name, card in before["castles"].items() if not card["secured"]]
    chosen = next((ev for ev in pos.round.events if ev["kind"] == "target_chosen" and ev["player"] == other), None)
    if chosen is None or chosen["castle"] is None:
        tail = rng.sample(open_castles, rng.randint(1, min(4, len(open_castles)))) if open_castles else []
        return {"targets": tail + ["auto"]}, f"{other}'s orders, never carried out, replaced by {tail + ['auto']}"
    head = [p["castle"] for p in chosen["passed"]] if rng.random() < 0.5 else []
    if chosen["auto"]:
        return {"targets": head + ["auto"]}, f"{other}'s list before 'auto' replaced by {head}"
    rest = [c for c in open_castles if c not in head and c != chosen["castle"]]
    tail = rng.sample(rest, rng.randint(0, min(4, len(rest)))) + (["auto"] if rng.random() < 0.5 else [])
    ranked = head + [chosen["castle"]] + tail
    return {"targets": ranked}, f"{other}'s list around {chosen['castle']} replaced by {ranked}"


def ikusa_unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str] | None:
    """Ikusa: parts of one side's orders that the round provably ignores, given the boxes it revealed."""
    from games.ikusa.ninja import may_spy
    from games.ikusa.planning import active_sides
    from games.ikusa.state import colour_of, is_two_player, sides, sides_of

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


def check_unexecuted_orders(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Another player's orders changed only where the round never carries them out: the player's report
    (dice record included) stays the same."""
    rng = random.Random(change)
    return resolved_with(pos, player, game, unexecuted_variant(pos, player, rng),
                         _where("check_unexecuted_orders", pos, player, change))


def check_secret_deployments(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Ikusa: another side's ronin deployment changed where its ronin never show themselves (added with
    ronin that went back unused, dropped, moved between quiet places): the player's report stays the same."""
    rng = random.Random(change)
    return resolved_with(pos, player, game, deployment_variant(pos, player, rng),
                         _where("check_secret_deployments", pos, player, change))


def resolved_with(pos: Position, player: str, game: Game | None, made: tuple[str, dict, str] | None,
                  where: str) -> Tally:
    """The round resolved again with one player's orders replaced (made = (other, orders, what)), same dice:
    the player's report compared with the one the recorded round gave."""
    game = game or pos.game
    tally = Tally()
    if made is None:
        return tally
    other, orders, what = made
    inputs = pos.round.inputs
    dice = Dice.for_round(dice_module.round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
    where = f"{where}: {what}"
    try:
        state, events = game.resolve(pos.previous_state, {**inputs["orders"], other: orders}, dice)
    except Exception as exc:  # noqa: BLE001 - orders the round should ignore must not stop it either
        tally.leaks.append(f"{where}: resolve failed: {exc!r}")
        return tally
    if game is pos.game:
        before = baseline(pos, player, game)
    else:  # a planted leak: the round as that game resolves it from the real orders
        again, told, rolls = _resolved_again(pos, game)
        before = report(pos, player, game, state=again, events=told, rolls=rolls)
    tally.compare(where, before, _report_or_error(pos, player, game, state=state, events=events, rolls=dice.rolls))
    return tally


def sides_deploying(state: dict, body, player: str) -> list[str]:
    """The player's sides whose orders deploy their ronin by a list of their own."""
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import is_two_player, sides_of

    body = body if isinstance(body, dict) else {}
    sections = {side: (body.get(side) if is_two_player(state) else body) for side in sides_of(state, player)}
    given = {side: deployment_entries(section.get("ronin")) for side, section in sections.items()
             if isinstance(section, dict)}
    return [side for side, entries in given.items() if isinstance(entries, list) and entries]


def deployment_variant(pos: Position, player: str, rng: random.Random) -> tuple[str, dict, str] | None:
    """(other player, their orders, what) with the last ronin deployment of one of their sides added to,
    dropped or moved, only ever at quiet places (named by no public event of the round, so ronin there are
    never revealed), counts kept within the room the group had; None where nobody deployed by order."""
    from games.ikusa.ronin import deployment_entries
    from games.ikusa.state import colour_of, is_two_player, side_of_province
    from games.ikusa.units import regular_units

    before = pos.previous_state
    if pos.number == 0 or before["phase"] != "play":
        return None
    orders = pos.round.inputs["orders"]
    deployers = {p: sides_deploying(before, orders.get(p), p) for p in pos.players if p != player}
    deployers = {p: sides for p, sides in deployers.items() if sides}
    if not deployers:
        return None
    other = rng.choice(sorted(deployers))
    side = rng.choice(deployers[other])
    body = copy_plain(orders[other])
    section, colour = (body[side] if is_two_player(before) else body), colour_of(before, side)
    entries = list(deployment_entries(section["ronin"]))
    public = exact([ev for ev in pos.round.events if ev["audience"] == ALL])
    mine = [ev for ev in pos.round.events if ev.get("colour") == colour and ev["audience"] != ALL]
    placed = {}
    for ev in mine:
        if ev["kind"] == "ronin_deployed":
            placed[ev["to"]] = placed.get(ev["to"], 0) + ev["count"]
    unused = sum(ev["count"] for ev in mine if ev["kind"] == "ronin_returned")
    last_placed = next((ev["count"] for ev in mine if ev["kind"] == "ronin_deployed"
                        and ev["index"] == len(entries) - 1), 0)

    def quiet(place) -> bool:
        army = before["armies"].get(place) if isinstance(place, str) else None
        named = [place] + ([army["province"]] if army else [])
        return isinstance(place, str) and not any(f'"{name}"' in public for name in named)

    def room(pid: str) -> int:
        return regular_units(before["provinces"][pid]["force"]) - 1 - placed.get(pid, 0)

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


def _resolved_again(pos: Position, game: Game) -> tuple[dict, list[dict], list[dict]]:
    """The round resolved by another game (a planted leak) from the same inputs: (state, events, rolls)."""
    inputs = pos.round.inputs
    dice = Dice.for_round(dice_module.round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
    state, events = game.resolve(pos.previous_state, inputs["orders"], dice)
    return state, events, dice.rolls


# --- (ii) the spy's briefing: the open round's other orders ------------------------------------------

def briefings_sent(game: Game, state: dict, orders_in: dict) -> list[tuple[str, str, str, str]]:
    """(player, key, text, data) of every briefing, the text rendered as pbem.orders.deliver_briefings does."""
    number = state["round"] + 1
    return [(player, key, render.render(f"{render.template_folder(game.name)}/briefing.txt.j2", round=number,
                                        player=player, data=data), exact(data))
            for player, key, data in game.briefings(state, orders_in)]


def spying(pos: Position, rng: random.Random) -> tuple[dict, str, str] | None:
    """(state, spy side, watched side): the position with the ninja hired this round by a random side and
    still unused, so that side may spy in the open round; None where no round is open to play."""
    from games.ikusa.planning import active_sides
    from games.ikusa.state import are_enemies

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


def check_briefings(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Ikusa's spy is told the watched side's allocation as soon as it is in, and nothing more: the other
    orders of the open round never change what any player is briefed (text or data), and nobody but the
    spy's player is briefed. (`player` is unused: the spy is drawn.)"""
    game = game or pos.game
    tally = Tally()
    if game.briefings is None:
        return tally
    from games.ikusa.state import player_of

    rng = random.Random(change)
    made = spying(pos, rng)
    if made is None:
        return tally
    state, spy, watched = made
    orders = open_round_orders(state, spy, watched, rng)
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


# --- (iii) the dice secret of the next round ------------------------------------------------------------

@contextmanager
def next_seed_swapped(secret: bytes, number: int, fake: bytes, keep_commitment: bool = True):
    """While inside, round `number`'s seed is `fake`, and (keep_commitment) the commitment of `fake` is the
    real seed's, so everything published before the reveal could be the same. Patched wherever pbem, the
    engine or a game holds the functions. Yields the round numbers whose seed was asked for."""
    real_seed, real_commitment = dice_module.round_seed, dice_module.commitment
    promised = real_commitment(real_seed(secret, number))
    asked: list[int] = []

    def round_seed(key: bytes, n: int) -> bytes:
        asked.append(n)
        return fake if (key, n) == (secret, number) else real_seed(key, n)

    def commitment(seed: bytes) -> str:
        return promised if seed == fake and keep_commitment else real_commitment(seed)

    swaps = {"round_seed": (real_seed, round_seed), "commitment": (real_commitment, commitment)}
    patched = []
    for name, module in list(sys.modules.items()):
        if module is None or not name.split(".")[0] in ("engine", "pbem", "games"):
            continue
        for attribute, (real, stand_in) in swaps.items():
            if getattr(module, attribute, None) is real:
                setattr(module, attribute, stand_in)
                patched.append((module, attribute, real))
    try:
        yield asked
    finally:
        for module, attribute, real in patched:
            setattr(module, attribute, real)


def check_next_seed(pos: Position, player: str, change: int, game: Game | None = None,
                    keep_commitment: bool = True) -> Tally:
    """Round N made again with round N+1's seed swapped for one with the same commitment: every file of
    round N is byte-identical. Also checks that `report` renders exactly what compute_round writes."""
    game = game or pos.game
    tally = Tally()
    campaign = ShellCampaign(CAMPAIGN, game, list(pos.players))
    secret, number = pos.trajectory.secret, pos.number
    args = (campaign, number, pos.round.inputs, pos.previous_state, None if number == 0 else "0" * 64, secret)
    where = _where("check_next_seed", pos, player, change)
    real = compute_round(*args)
    fake = hashlib.sha256(f"not the seed {change}".encode()).digest()
    with next_seed_swapped(secret, number + 1, fake, keep_commitment) as asked:
        swapped = compute_round(*args)
    if not game.is_over(pos.round.state) and number + 1 not in asked:
        tally.leaks.append(f"{where}: compute_round never asked for round {number + 1}'s seed; "
                           "the swap proves nothing (has the way the seed is made moved?)")
    mine = baseline(pos, player, game)
    if (real[f"reports/{player}.txt"], real[f"reports/{player}.json"]) != mine:
        tally.leaks.append(f"{where}: tests.hidden.report is out of step with compute_round; every check "
                           "that uses it must be brought back in line")
    tally.changes += 1
    for name in sorted(real):
        if real[name] != swapped.get(name):
            tally.leaks.append(f"{where}: {name} depends on round {number + 1}'s seed")
    return tally


# --- all of it ------------------------------------------------------------------------------------------

CHECKS = {
    "generic": check_generic,
    "secrets": check_secrets,
    "events": check_events,
    "orders": check_unexecuted_orders,
    "deployments": check_secret_deployments,
    "briefings": check_briefings,
    "dice": check_next_seed,
}


def check_hidden(game_name: str, draws: int, seed: int = 0) -> dict:
    """`draws` random (position, player) pairs of one game. Each gets the generic mutations and, in turn
    (ROTATION), one of the targeted kinds: an Ikusa report costs 30 to 50 ms, so not all of them on every
    draw. The draws are sorted by game played, so that each game is played once and then let go.
    "changes" counts the hidden changes checked (by_kind: per kind), "skipped" the generic mutations
    that the player's view shows, "leaks" one line each, the call that finds it again."""
    rng = random.Random(f"check_hidden {game_name} {seed}")
    pool = [rng.randrange(2**31) for _ in range(max(2, draws // 20))]
    plan = sorted((rng.choice(pool), rng.randint(0, MAX_ROUNDS), rng.randrange(2**31), i) for i in range(draws))
    tally, by_kind = Tally(), {}
    trajectory = None
    for trajectory_seed, rounds, change, index in plan:
        if trajectory is None or trajectory.seed != trajectory_seed:
            trajectory = new_trajectory(game_name, trajectory_seed)
            _baselines.clear()
        pos = position(game_name, trajectory_seed, rounds, trajectory)
        player = random.Random(f"player {change}").choice(pos.players)
        rotation = ROTATION[game_name]
        for kind in ("generic", rotation[index % len(rotation)]):
            done = CHECKS[kind](pos, player, change)
            by_kind[kind] = by_kind.get(kind, 0) + done.changes
            tally.add(done)
    return {"game": game_name, "draws": draws, "changes": tally.changes, "skipped": tally.skipped,
            "leaks": tally.leaks, "by_kind": by_kind}


# --- planted leaks, for showing that the checks can fail -----------------------------------------------

def peeking(game: Game, key: str) -> Game:
    """The game with state[key] left out of the view but shown, as a digest, in the standings (the kind of
    leak the generic check is for: a report part computed from the full state)."""
    def view(state: dict, player: str) -> dict:
        return {k: v for k, v in game.view(state, player).items() if k != key}

    def standings(state: dict) -> list[dict]:
        return [{**row, "peek": canonical.digest(state.get(key))} for row in game.standings(state)]

    return dataclasses.replace(game, view=view, standings=standings)


def showing_secrets(game: Game) -> Game:
    """The game with a view that shows every player's state["secret"]."""
    def view(state: dict, player: str) -> dict:
        return {**game.view(state, player), "all_secrets": copy_plain(state.get("secret", {}))}

    return dataclasses.replace(game, view=view)


def briefing_everything(game: Game) -> Game:
    """The game with every order in so far added to the spy's briefing data."""
    def briefings(state: dict, orders_in: dict) -> list:
        return [(p, key, {**data, "orders_in": copy_plain(orders_in)})
                for p, key, data in game.briefings(state, orders_in)]

    return dataclasses.replace(game, briefings=briefings)


def announcing_orders(game: Game) -> Game:
    """The game with every order of the round told to everyone at its end."""
    def resolve(state: dict, orders: dict, dice) -> tuple[dict, list[dict]]:
        new, events = game.resolve(state, orders, dice)
        return new, events + [{"kind": "orders", "audience": ALL, "orders": copy_plain(orders)}]

    return dataclasses.replace(game, resolve=resolve)
