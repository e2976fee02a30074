"""Hidden information, systematically: random positions, random changes a player may not see, reports compared.

A position is a game played in memory exactly as pbem plays it (setup, then a
random number of resolved rounds, every player's orders chosen by the
computer player, the game's default or a random variation), with the inputs,
state, events and dice of its last round. From a position and one player A
the checks below make changes that A may not see, and each change must leave
everything A receives byte-identical: the text, JSON and HTML reports, A's
picture of the board as SVG (in the page) and PNG, the report mail that
carries them, and the acknowledgement (PARTS):

- "generic": any leaf of the state changed, or a key added or removed, where
  game.view(state, A) stays exactly the same (a path into the report that
  bypasses the view, such as standings computed on the full state, shows);
  for a game whose view hides nothing of the state (its adapter says so),
  the check proves instead that every leaf of the state is in the view;
- "events": an event whose audience leaves A out dropped, changed, added or
  re-addressed, and the other members of an audience that holds A changed;
- "orders": the round resolved again with another player's orders changed
  only where they are never carried out (which parts those are, each game's
  adapter says); the dice record is part of the report, so no such order may
  roll;
- "dice": compute_round run twice with round N+1's seed swapped for another
  that commits to the same value: every file of round N must stay the same;
- and each game's own checks, from its adapter (tests/<game>/harness.py: for
  Ikusa, another side's secret ronin, ronin deployed where they never show,
  the spy's briefing).

Nothing here knows a game: what differs between games (the table sizes and
options drawn, the orders varied, the orders never carried out, the game's own
checks) comes from the game's adapter, found through the registry
(tests/support/harness.py).

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
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from engine import canonical
from engine import dice as dice_module
from engine.canonical import copy_plain
from engine.dice import Dice
from engine.events import ALL, GM, PUBLIC, visible_to
from engine.game import Game, players_to_order, resolve_round, setup_game
from games import get
from pbem import door, pictures, render
from pbem.campaign import Player
from pbem.inbox import forecast_text
from pbem.rounds import compute_round, hidden_record, report_mail
from pbem.site import ArchivedRound, page_name, public_record, record_name, site_files
from tests.support.harness import harness_for

NAMES = ("ann", "bob", "cho", "dan", "eve", "fay")
MAX_ROUNDS = 15
CAMPAIGN = "hidden"
RESOLVED_AT = "2026-03-01T12:00:00Z"
GENERIC_TRIES = 8      # hidden state mutations compared per draw
GENERIC_ATTEMPTS = 64  # mutations tried per draw to find them: most are visible and only cost a view
EVENT_CHANGES = 3


# --- positions ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShellCampaign:
    """The little of a pbem Campaign that compute_round and the report mail read: its name, game, players
    and their addresses."""

    name: str
    game: Game
    player_names: list[str]
    gm: str = "gm@example.org"

    def player(self, name: str) -> Player:
        return Player(name, f"{name}@example.org")


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
    harness = harness_for(game_name)
    players = list(NAMES[:rng.choice(harness.player_counts)])
    secret = hashlib.sha256(f"hidden {game_name} {seed}".encode()).digest()
    trajectory = Trajectory(game_name, seed, players, secret, rng)
    inputs = {"round": 0, "players": players, "options": harness.draw_options(len(players), rng),
              "resolved_at": RESOLVED_AT, "deadline": draw_deadline(rng)}
    dice = Dice.for_round(dice_module.round_seed(secret, 0), {})
    game = get(game_name)
    state, events = setup_game(game, players, inputs["options"], dice, stream_of(game, secret, None))
    trajectory.rounds.append(Round(0, inputs, state, events, dice.rolls))
    return trajectory


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
    results = gm_results_of(game, last.state, orders, number, rng)
    if results is not None:   # recorded as compute_round finds them in the inputs
        inputs["gm_results"] = results
    stream = stream_of(game, trajectory.secret, last.state)
    state, events = resolve_round(game, last.state, orders, dice, results, stream)
    trajectory.rounds.append(Round(number, inputs, state, events, dice.rolls))


def stream_of(game: Game, secret: bytes, previous_state: dict | None) -> Dice | None:
    """The hidden stream of the decks as compute_round gives it, going on from the previous state's rolls (None:
    the game has none)."""
    if game.hidden_stream is None:
        return None
    made = game.hidden_stream(previous_state) if previous_state is not None else []
    return dice_module.hidden_stream(dice_module.hidden_seed(secret), made)


def gm_results_of(game: Game, state: dict, orders: dict, number: int, rng: random.Random) -> dict | None:
    """For a game its GM adjudicates, the round's results as the game reads the file its adapter writes."""
    if game.gm_results is None:
        return None
    text = harness_for(game.name).gm_file(state, orders, number, rng)
    results, problems = game.gm_results.read(state, tomllib.loads(text), number)
    assert not problems, problems
    return results


def chosen_orders(game: Game, state: dict, player: str, rng: random.Random) -> dict:
    """The computer player's orders, from the player's view as pbem gives them, now and then varied (always,
    at a moment the game's adapter says is rare)."""
    harness = harness_for(game.name)
    orders = game.computer_orders(game.view(state, player), player)
    if rng.random() < 0.3 or harness.must_vary(state, player):
        varied = harness.vary_orders(state, player, orders, rng)
        checked = None if varied is None else game.check_orders(state, player, varied)
        if checked is not None and checked.accepted:
            return checked.orders
    return orders


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

def dice_record(pos: Position, rolls: list[dict] | None = None, game: Game | None = None) -> dict:
    """The round's dice as compute_round records them (and the report shows them); in a game with a hidden
    stream its commitment, and once the game is over its seed and rolls, from the round as it was played (like
    the rolls, an input of the report: the checks that change the state reach the report through the view)."""
    seed = dice_module.round_seed(pos.trajectory.secret, pos.number)
    record = {"seed": seed.hex(), "commitment": dice_module.commitment(seed),
              "nonces": pos.round.inputs.get("nonces", {}), "rolls": pos.round.rolls if rolls is None else rolls}
    game = game or pos.game
    if game.hidden_stream is not None:
        record["hidden"] = hidden_record(game, pos.trajectory.secret, pos.round.state)
    return record


Reports = tuple[bytes, ...]
"""What a player receives of a round: text, JSON, page, SVG, PNG, the report mail, the acknowledgement (PARTS);
or, for PUBLIC, what the campaign's public site shows of it (SITE_PARTS)."""
PARTS = ("text report", "JSON report", "HTML page", "SVG picture", "PNG picture", "mail", "acknowledgement")
SITE_PARTS = ("public page", "public record", "site index", "public picture")


def parts_of(player: str) -> tuple[str, ...]:
    return SITE_PARTS if player == PUBLIC else PARTS


def report(pos: Position, player: str, game: Game | None = None, state: dict | None = None,
           events: list[dict] | None = None, rolls: list[dict] | None = None) -> Reports:
    """A player's (text, JSON) report of the position's round, fed to pbem.render as compute_round feeds it
    (check_next_seed compares them all), with the state, events or rolls replaced where given; its page, its
    picture as SVG (inline in the page) and PNG; then the report mail, which carries the page and the PNG, and
    the acknowledgement. A game without a picture gives empty SVG and PNG."""
    game = game or pos.game
    state = pos.round.state if state is None else state
    events = pos.round.events if events is None else events
    inputs = pos.round.inputs
    over = game.is_over(state)
    next_commitment = None if over else dice_module.commitment(
        dice_module.round_seed(pos.trajectory.secret, pos.number + 1))
    if player == PUBLIC:   # the site reads the round from the archive: its JSON, every dict's keys sorted
        return public_site(pos, game, ArchivedRound(pos.number, *(json.loads(canonical.dump_bytes(part)) for part in (
            state, events, dice_record(pos, rolls, game), {"next_commitment": next_commitment}, inputs))))
    model = door.report_model(
        campaign=CAMPAIGN, game=game, round_number=pos.number, player=player, state=state, events=events,
        dice=dice_record(pos, rolls, game), next_commitment=next_commitment, deadline=inputs.get("deadline"),
        defaulted=inputs.get("defaulted", []), rerun=inputs.get("rerun"))
    text, data = render.render_text(model).encode("utf-8"), render.render_json(model).encode("utf-8")
    svg = render.render_picture(model)
    page = render.render_mail_html(model, picture_svg=svg).encode("utf-8")   # in the mail, as its HTML part
    png = None if svg is None else pictures.svg_to_png(svg)                      # in the mail, the page's image
    record = {"over": over, "rerun": inputs.get("rerun") is not None,
              "resolved_at": inputs.get("resolved_at", "2026-03-01T12:00:00Z")}
    campaign = ShellCampaign(CAMPAIGN, game, list(pos.players))
    mail = report_mail(campaign, player, pos.number, record, text, data, page, png=png)[1]
    return (text, data, page, b"" if svg is None else svg.encode("utf-8"), png or b"", mail,
            acknowledgement(game, state, player))


def public_site(pos: Position, game: Game, archived: ArchivedRound) -> Reports:
    """What the public site shows of the position's round (SITE_PARTS): its page, its public record, the
    site's index as this round leaves it, and the public picture, made as `pbem site` makes them."""
    files = site_files(CAMPAIGN, game, [archived])
    model = public_record(CAMPAIGN, game, archived, None)
    svg = render.render_picture(model)
    return (files[page_name(pos.number)], files[record_name(pos.number)], files["index.html"],
            b"" if svg is None else svg.encode("utf-8"))


def acknowledgement(game: Game, state: dict, player: str) -> bytes:
    """What the player's acknowledgement would say of the orders the form suggests: the orders as they will be
    executed and their forecast, checked at the player's seat as the intake checks them (pbem.door), with no
    other orders in."""
    if game.is_over(state):
        return b""
    try:
        seat = door.seat_of(game, state, player, campaign=CAMPAIGN, round_number=state.get("round", 0) + 1)
        checked, problems = door.checked_orders(seat, door.computer_orders(seat), {})
    except Exception as exc:  # noqa: BLE001 - a mutated state may be one no game could reach
        return f"check failed: {type(exc).__name__}".encode()
    if problems:
        return repr([p.code for p in problems]).encode()
    return (game.format_orders(checked.orders) + forecast_text(game.name, checked.forecast)).encode("utf-8")


_baselines: dict = {}


def baseline(pos: Position, player: str, game: Game) -> Reports:
    """The unchanged reports, made once for all the checks of a draw (an Ikusa report takes 30 to 50 ms,
    most of it the computer player suggesting orders in the order form). Kept per game and per report
    filter, so that a test that plants a leak in the rendering never leaves its reports to a later one."""
    key = (pos, player, id(game), id(render.for_player))
    made_by = _baselines.get(key, ((None, None),))[0]
    if made_by[0] is not game or made_by[1] is not render.for_player:
        if len(_baselines) > 16:
            _baselines.clear()
        _baselines[key] = ((game, render.for_player), report(pos, player, game))
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


def which_differ(before: tuple[bytes, ...], after: tuple[bytes, ...]) -> str | None:
    """What differs of what a player receives (PARTS), or of the public site (SITE_PARTS)."""
    parts = SITE_PARTS if len(before) == len(SITE_PARTS) else PARTS
    names = [name for name, a, b in zip(parts, before, after, strict=True) if a != b]
    return " and ".join(names) + " changed" if names else None


# --- the tally ------------------------------------------------------------------------------------------

@dataclass
class Tally:
    """Hidden changes checked, those of them where the player's picture (SVG and PNG, inline in the page and
    attached to the mail) was compared too, generic mutations that turned out visible, and the leaks found."""

    changes: int = 0
    skipped: int = 0
    leaks: list[str] = field(default_factory=list)
    pictures: int = 0

    def add(self, other: Tally) -> None:
        self.changes += other.changes
        self.skipped += other.skipped
        self.leaks += other.leaks
        self.pictures += other.pictures

    def compare(self, what: str, before, after) -> None:
        """Count one hidden change and note a leak if the report moved."""
        self.changes += 1
        self.pictures += bool(before[PARTS.index("PNG picture")] if len(before) == len(PARTS) else before[-1])
        differs = which_differ(before, after)
        if differs:
            self.leaks.append(f"{what}: {differs}")


def _where(check: str, pos: Position, player: str, change: int) -> str:
    """A one-line reproduction: the call that finds the leak again."""
    return f"{check}({pos}, {player!r}, change={change})"


def _report_or_error(pos: Position, player: str, game: Game, **replaced) -> Reports:
    try:
        return report(pos, player, game, **replaced)
    except Exception as exc:  # noqa: BLE001 - a report that cannot be made for a hidden change is a finding too
        return (f"report failed: {exc!r}".encode(),) * len(parts_of(player))


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
    """Mutate the state anywhere; where the player's view stays the same, the reports must too. Mutations
    are tried until GENERIC_TRIES hidden ones were compared (or GENERIC_ATTEMPTS tried). A game whose
    adapter says its view hides nothing gets the proof of that instead: every leaf of the state in the view."""
    game = game or pos.game
    if not harness_for(pos.trajectory.game_name).hides_state:
        return check_nothing_hidden(pos, player, change, game)
    rng = random.Random(change)
    tally = Tally()
    state = pos.round.state
    before_view = view_text(game, state, player)
    strings = sorted(strings_in(state))
    for _ in range(GENERIC_ATTEMPTS):
        if tally.changes == GENERIC_TRIES:
            break
        changed, what = mutate(state, rng, strings, stop=rng.choice((0.25, 0.5)))
        if canonical.dumps(changed) == canonical.dumps(state) or view_text(game, changed, player) != before_view:
            tally.skipped += 1
            continue
        tally.compare(f"{_where('check_generic', pos, player, change)}: {what}", baseline(pos, player, game),
                      _report_or_error(pos, player, game, state=changed))
    return tally


def leaves(value, path: tuple = ()):
    """(path, leaf) for every leaf of plain data; an empty container is a leaf too."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))
    else:
        yield path, value


def value_at(value, path: tuple):
    """The part of plain data at a path of keys and indexes, or a marker no plain value equals."""
    for key in path:
        if isinstance(value, dict) and key in value or isinstance(value, list) and isinstance(key, int) \
                and key < len(value):
            value = value[key]
        else:
            return "<nothing there>"
    return value


def check_nothing_hidden(pos: Position, player: str, change: int, game: Game) -> Tally:
    """For a game that hides nothing of its state: every leaf of the state is in the player's view at the
    same place, so that no change to the state can be one the player may not see. Counts the leaves."""
    tally = Tally()
    seen = game.view(pos.round.state, player)
    for path, leaf in leaves(pos.round.state):
        tally.changes += 1
        if exact(value_at(seen, path)) != exact(leaf):
            tally.leaks.append(f"{_where('check_generic', pos, player, change)}: {_path(list(path))} is not in the "
                               "view as it is in the state, yet the adapter says the view hides nothing")
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


def check_state_changes(pos: Position, player: str, change: int, game: Game | None, changed_by, tries: int,
                        name: str) -> Tally:
    """The position's state changed `tries` times by a game's own kind of hidden change, `changed_by(state,
    player, rng)` -> (changed state, what) or None (no such change here): the player's view and every byte he
    receives stay exactly the same. `name` is the check's, as a leak names the call that finds it again."""
    game = game or pos.game
    rng = random.Random(change)
    tally = Tally()
    state = pos.round.state
    before_view = view_text(game, state, player)
    for _ in range(tries):
        made = changed_by(state, player, rng)
        if made is None:
            return tally
        changed, what = made
        where = f"{_where(name, pos, player, change)}: {what}"
        if view_text(game, changed, player) != before_view:
            tally.leaks.append(f"{where}: the view changed")
        tally.compare(where, baseline(pos, player, game), _report_or_error(pos, player, game, state=changed))
    return tally


# --- (ii) orders that are never carried out -----------------------------------------------------------

def unexecuted_variant(pos: Position, player: str, rng: random.Random) -> tuple[str, dict, str] | None:
    """(other player, their orders changed where they are never carried out, what) for the position's
    round, or None when the round has no such orders (the setup, Ikusa's placement round)."""
    if pos.number == 0:
        return None
    others = [p for p in pos.players if p != player]
    other = rng.choice(others)
    made = harness_for(pos.trajectory.game_name).unexecuted(pos, other, rng)
    return None if made is None else (other, *made)


def check_unexecuted_orders(pos: Position, player: str, change: int, game: Game | None = None) -> Tally:
    """Another player's orders changed only where the round never carries them out: the player's report
    (dice record included) stays the same."""
    rng = random.Random(change)
    return resolved_with(pos, player, game, unexecuted_variant(pos, player, rng),
                         _where("check_unexecuted_orders", pos, player, change))


def resolved_with(pos: Position, player: str, game: Game | None, made: tuple[str, dict, str] | None,
                  where: str, results: dict | None = None) -> Tally:
    """The round resolved again with one player's orders replaced (made = (other, orders, what)), same dice,
    and the GM's results replaced where given: the player's report compared with the one the recorded round
    gave."""
    game = game or pos.game
    tally = Tally()
    if made is None:
        return tally
    other, orders, what = made
    inputs = pos.round.inputs
    dice = Dice.for_round(dice_module.round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
    where = f"{where}: {what}"
    try:
        state, events = resolve_round(game, pos.previous_state, {**inputs["orders"], other: orders}, dice,
                                      results if results is not None else inputs.get("gm_results"),
                                      stream_of(game, pos.trajectory.secret, pos.previous_state))
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


def _resolved_again(pos: Position, game: Game, orders: dict | None = None) -> tuple[dict, list[dict], list[dict]]:
    """The round resolved by another game (a planted leak) from the same inputs, or with these orders instead:
    (state, events, rolls)."""
    inputs = pos.round.inputs
    dice = Dice.for_round(dice_module.round_seed(pos.trajectory.secret, pos.number), inputs.get("nonces", {}))
    state, events = resolve_round(game, pos.previous_state, inputs["orders"] if orders is None else orders, dice,
                                  inputs.get("gm_results"), stream_of(game, pos.trajectory.secret, pos.previous_state))
    return state, events, dice.rolls


def replayed(pos: Position, orders: dict) -> Position:
    """The position's round played again with these orders (the same dice, GM results and hidden stream), as a
    position of a copy of the trajectory that ends there: another world the checks can vary in its turn, when
    the round as it was played holds nothing of the kind they vary."""
    state, events, rolls = _resolved_again(pos, pos.game, orders)
    played = pos.trajectory
    rng = random.Random()
    rng.setstate(played.rng.getstate())
    again = Round(pos.number, {**pos.round.inputs, "orders": orders}, state, events, rolls)
    return Position(dataclasses.replace(played, rng=rng, rounds=[*played.rounds[:pos.number], again]), pos.number)


# --- (ii) the spy's briefing: the open round's other orders ------------------------------------------


# --- (iii) the dice secret of the next round ------------------------------------------------------------

@contextmanager
def next_seed_swapped(secret: bytes, number: int, fake: bytes, keep_commitment: bool = True):
    """While inside, round `number`'s seed is `fake`, and (keep_commitment) the commitment of `fake` is the
    real seed's, so everything published before the reveal could be the same. Patched wherever pbem, the
    engine or a game holds the functions. Yields the round numbers whose seed was asked for."""
    real_seed, real_commitment = dice_module.round_seed, dice_module.commitment
    promised = real_commitment(real_seed(secret, number))
    asked: list[int] = []

    def round_seed(key: bytes, n: int, attempt: int = 0) -> bytes:
        asked.append(n)
        return fake if (key, n, attempt) == (secret, number, 0) else real_seed(key, n, attempt)

    def commitment(seed: bytes) -> str:
        return promised if seed == fake and keep_commitment else real_commitment(seed)

    swaps = {"round_seed": (real_seed, round_seed), "commitment": (real_commitment, commitment)}
    patched = []
    for name, module in list(sys.modules.items()):
        if module is None or name.split(".")[0] not in ("engine", "pbem", "games"):
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
    if player == PUBLIC:
        made = public_site(pos, game, archived_from(real))
        out_of_step = made != mine
        if made != public_site(pos, game, archived_from(swapped)):
            tally.leaks.append(f"{where}: the public site depends on round {number + 1}'s seed")
    else:
        out_of_step = tuple(real.get(f"reports/{player}.{suffix}", b"")
                            for suffix in ("txt", "json", "html", "svg", "png")) != mine[:5]
    if out_of_step:
        tally.leaks.append(f"{where}: tests.support.hidden.report is out of step with compute_round; every check "
                           "that uses it must be brought back in line")
    tally.changes += 1
    for name in sorted(real):
        if real[name] != swapped.get(name):
            tally.leaks.append(f"{where}: {name} depends on round {number + 1}'s seed")
    return tally


def archived_from(files: dict[str, bytes]) -> ArchivedRound:
    """A round as compute_round made its files, as `pbem site` reads it from the archive."""
    read = {name: json.loads(files[name]) for name in
            ("state.json", "events.json", "dice.json", "round.json", "inputs.json")}
    return ArchivedRound(read["round.json"]["round"], read["state.json"], read["events.json"], read["dice.json"],
                         read["round.json"], read["inputs.json"])


# --- all of it ------------------------------------------------------------------------------------------

CHECKS = {
    "generic": check_generic,
    "events": check_events,
    "orders": check_unexecuted_orders,
    "dice": check_next_seed,
}


def checks_of(game_name: str) -> dict:
    """The generic checks and the game's own, by name."""
    return {**CHECKS, **harness_for(game_name).checks}


def drawn(game_name: str, draws: int, seed: int = 0):
    """The draws of check_hidden: (position, player, change, index) for `draws` random positions of one game,
    each with a player (PUBLIC: the site) and a change; sorted by game played, so that each game is played
    once and then let go."""
    rng = random.Random(f"check_hidden {game_name} {seed}")
    pool = [rng.randrange(2**31) for _ in range(max(2, draws // 20))]
    plan = sorted((rng.choice(pool), rng.randint(0, MAX_ROUNDS), rng.randrange(2**31), i) for i in range(draws))
    trajectory = None
    for trajectory_seed, rounds, change, index in plan:
        if trajectory is None or trajectory.seed != trajectory_seed:
            trajectory = new_trajectory(game_name, trajectory_seed)
            _baselines.clear()
        pos = position(game_name, trajectory_seed, rounds, trajectory)
        yield pos, random.Random(f"player {change}").choice([*pos.players, PUBLIC]), change, index


def in_every_draw(check):
    """Marks a check that finds something to compare in every draw: in check_hidden, a draw where it
    compared nothing is a fault ("vacuous"), as a check that compared nothing proved nothing."""
    check.in_every_draw = True
    return check


def check_hidden(game_name: str, draws: int, seed: int = 0) -> dict:
    """`draws` random (position, player) pairs of one game (drawn). Each gets the generic mutations and, in
    turn (the adapter's rotation), one of the targeted kinds: an Ikusa report costs 30 to 50 ms, so not all
    of them on every draw. "changes" counts the hidden changes checked (by_kind: per kind; "pictures":
    those where the player's SVG and PNG were compared too), "compared_in" per kind the draws that compared
    something and the draws, "skipped" the generic mutations that the player's view shows, "leaks" one line
    each, the call that finds it again, and "vacuous" likewise each draw where a check marked in_every_draw
    compared nothing."""
    tally, by_kind, compared_in, vacuous = Tally(), {}, {}, []
    checks, rotation = checks_of(game_name), harness_for(game_name).rotation
    for pos, player, change, index in drawn(game_name, draws, seed):
        for kind in ("generic", rotation[index % len(rotation)]):
            done = checks[kind](pos, player, change)
            by_kind[kind] = by_kind.get(kind, 0) + done.changes
            compared, seen = compared_in.get(kind, (0, 0))
            compared_in[kind] = (compared + bool(done.changes), seen + 1)
            if not done.changes and getattr(checks[kind], "in_every_draw", False):
                vacuous.append(f"{_where(checks[kind].__name__, pos, player, change)}: compared nothing")
            tally.add(done)
    return {"game": game_name, "draws": draws, "changes": tally.changes, "pictures": tally.pictures,
            "skipped": tally.skipped, "leaks": tally.leaks, "vacuous": vacuous, "by_kind": by_kind,
            "compared_in": compared_in}


# --- planted leaks, for showing that the checks can fail -----------------------------------------------

def hiding(game: Game, key: str) -> Game:
    """The game with state[key] left out of the view."""
    def view(state: dict, player: str) -> dict:
        return {k: v for k, v in game.view(state, player).items() if k != key}

    return dataclasses.replace(game, view=view)


@contextmanager
def report_peeking(key: str):
    """While inside, every report also carries a digest of state[key], read from the full state: the kind of
    leak the generic check is for, a part of the report made from the state rather than from the view (a door,
    pbem.door.report_model, that lets the state through)."""
    real = door.report_model

    def report_model(**made):
        return {**real(**made), "peek": canonical.digest(made["state"].get(key))}

    door.report_model = report_model
    try:
        yield
    finally:
        door.report_model = real


@contextmanager
def picture_peeking(key: str):
    """While inside, every player's picture also shows a digest of state[key] as the colour of a pixel, read
    from the full state: a picture made from more than the view, in the SVG, the page, the PNG and the mail."""
    real_model, real_picture, seen = door.report_model, render.render_picture, {}

    def report_model(**made):
        seen["state"] = made["state"]
        return real_model(**made)

    def render_picture(model: dict) -> str | None:
        svg = real_picture(model)
        colour = canonical.digest(seen["state"].get(key))[:6]
        return None if svg is None else svg.replace("</svg>", f'<rect width="9" height="9" fill="#{colour}"/></svg>')

    door.report_model, render.render_picture = report_model, render_picture
    try:
        yield
    finally:
        door.report_model, render.render_picture = real_model, real_picture


def announcing_orders(game: Game) -> Game:
    """The game with every order of the round told to everyone at its end."""
    def resolve(state: dict, orders: dict, dice, **results) -> tuple[dict, list[dict]]:
        new, events = game.resolve(state, orders, dice, **results)   # results: a game its GM adjudicates
        return new, events + [{"kind": "orders", "audience": ALL, "orders": copy_plain(orders)}]

    return dataclasses.replace(game, resolve=resolve)


def checked(check, game_name: str, played: int, rounds: int, seat: int, change: int, **planted) -> Tally:
    pos = position(game_name, played, rounds)
    return check(pos, pos.players[seat % len(pos.players)], change, **planted)


def first_leak(check, game_name: str, **planted) -> str | None:
    """The first leak the check finds over a few positions, players and changes, or None."""
    for played in range(2):
        for rounds in (1, 3, 6, 10):
            for seat in range(3):
                tally = checked(check, game_name, played, rounds, seat, 7 * rounds + seat, **planted)
                if tally.leaks:
                    return tally.leaks[0]
    return None


def every_event(events: list[dict], player: str) -> list[dict]:
    """engine.for_player without its filter: a report that tells every player everything."""
    return [{k: v for k, v in ev.items() if k != "audience"} for ev in events]
