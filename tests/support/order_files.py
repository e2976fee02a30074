"""Order files for fuzzing: every kind a mailbox may bring, for any registered game.

The files come in five families, mixed:
- "clean": the game's own orders (see "mutated") in a right envelope;
- "mutated": the game's own orders (the computer player's, the order form's,
  and a few from the game's adapter, tests/<game>/harness.py) in an envelope,
  then broken a little: a key gone, a value of another TOML type, an unknown
  key or section, a name swapped for another real one or for a near miss or
  random text, numbers at the edges, lists emptied, repeated or made long,
  tables and values swapped; the envelope too may lose a key or get a wrong
  value;
- "form": the pre-filled order form, token filled in, a line or two edited;
- "random-toml": TOML documents of random tables, lists and scalars, their keys
  and names partly the game's, with or without a correct envelope;
- "garbage": random text and bytes, TOML near misses, a byte-order mark, bytes
  that are not UTF-8, NUL, nothing at all, very long lines, files at and over
  the 64 KiB limit, deep nesting, hundreds of unknown keys, odd line ends.

The campaigns they are read against, and the game's names and keys they draw
on, come from the game's adapter. The generators take their decisions from a
`Choices`: `Drawn` asks hypothesis (the strategies `order_files` and `cases`,
which shrink a failing file), and `Rolled` asks a random.Random (the `fuzz`
driver in tests/support/fuzzing.py: several times faster, and what it finds it
shrinks itself, by lines and bytes).
"""
from __future__ import annotations

import copy
import json
import random
import re
import string
import tomllib
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import tomli_w
from hypothesis import strategies as st

from pbem import clock, door
from pbem.campaign import Campaign
from pbem.gm_results import write_stand_in
from pbem.orders import (
    ENVELOPE,
    MAX_BYTES,
)
from pbem.rounds import resolve
from tests.conftest import START, TOKENS, make_campaign
from tests.support.harness import harness_for, registered

LONGEST_LIST = 1000     # a "very long" list; longer ones only slow the writing of the file down


# --- where the decisions come from ---------------------------------------------------------------

class Choices:
    """The few kinds of decision the generators make; subclasses say who makes them."""

    def pick(self, options):
        raise NotImplementedError

    def integer(self, low: int, high: int) -> int:
        raise NotImplementedError

    def boolean(self) -> bool:
        return self.integer(0, 1) == 1

    def text(self, max_size: int) -> str:
        raise NotImplementedError

    def binary(self, max_size: int) -> bytes:
        raise NotImplementedError

    def floating(self) -> float:
        raise NotImplementedError

    def moment(self):
        """A TOML date, time or date-time (with or without an offset)."""
        raise NotImplementedError


class Drawn(Choices):
    """Decisions drawn by hypothesis, so that a failing example shrinks."""

    def __init__(self, draw):
        self.draw = draw

    def pick(self, options):
        return self.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def text(self, max_size: int) -> str:
        return self.draw(st.text(max_size=max_size))

    def binary(self, max_size: int) -> bytes:
        return self.draw(st.binary(max_size=max_size))

    def floating(self) -> float:
        return self.draw(st.floats())

    def moment(self):
        return self.draw(MOMENTS)


MOMENTS = st.one_of(st.datetimes(timezones=st.none() | st.just(UTC)), st.dates(), st.times())

# Characters worth a place in random text: TOML's own syntax, controls, marks, look-alikes, other scripts.
SPECIAL_CHARACTERS = ('"', "'", "\\", "#", "=", "[", "]", "{", "}", ".", ",", " ", "\t", "\n", "\r", "\x00", "\x1b",
                      "\x7f", "\x85", "\u0301", "\u200b", "\u202e", "\ufeff", "\u2028", "é", "ō", "Ō", "а",
                      "大名", "城", "\U0001f3ef", "\U000e0001")
FLOATS = (float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 0.5, 1.0, 1e308, 5e-324, -2.5, 3.0e10)


class Rolled(Choices):
    """Decisions rolled by a random.Random: many cases a second, the same ones for the same seed."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def pick(self, options):
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def text(self, max_size: int) -> str:
        return "".join(self._character() for _ in range(self.rng.randint(0, max_size)))

    def _character(self) -> str:
        roll = self.rng.random()
        if roll < 0.6:
            return self.rng.choice(string.printable)
        if roll < 0.8:
            return self.rng.choice(SPECIAL_CHARACTERS)
        code = self.rng.randint(0xA0, 0x10FFFF if roll < 0.9 else 0xFFFF)
        return chr(code) if not 0xD800 <= code <= 0xDFFF else "?"

    def binary(self, max_size: int) -> bytes:
        return self.rng.randbytes(self.rng.randint(0, max_size))

    def floating(self) -> float:
        if self.rng.random() < 0.5:
            return self.rng.choice(FLOATS)
        return self.rng.uniform(-1e6, 1e6)

    def moment(self):
        stamp = datetime(1, 1, 1) + timedelta(seconds=self.rng.randint(0, 315_000_000_000),
                                              microseconds=self.rng.choice([0, 0, 1, 999, 500_000, 999_999]))
        kind = self.rng.randrange(4)
        if kind == 0:
            return stamp.date()
        if kind == 1:
            return stamp.time()
        return stamp if kind == 2 else stamp.replace(tzinfo=timezone(timedelta(minutes=self.rng.randint(-720, 840))))


# --- the campaigns the files are read against ------------------------------------------------------

@dataclass(repr=False, eq=False)
class Target:
    """One campaign at one moment, and the game's vocabulary there for the generators."""

    label: str
    campaign: Campaign
    players: tuple[str, ...]
    seeds: dict[str, list[dict]]  # per player: order bodies made from the game's own orders
    forms: dict[str, str]         # per player: the pre-filled order form, with the real token
    names: tuple[str, ...]        # real names: castles, provinces, army ids, unit kinds, players...
    keys: tuple[str, ...]         # keys the game's orders use, so that random tables reach its checks

    def __repr__(self) -> str:
        return f"<{self.label}>"

    def _repr_pretty_(self, printer, cycle) -> None:  # hypothesis would print every field of a dataclass
        printer.text(repr(self))


def prepare_targets(game_name: str, folder: Path, finished: bool = True) -> list[Target]:
    """The campaigns of one game at the moments worth fuzzing (its adapter's scenes), made and played under
    `folder`; without the finished games unless `finished` (a whole game of Age of War is 36 rounds)."""
    targets = []
    for label, players, rounds in harness_for(game_name).scenes:
        if rounds is None and not finished:
            continue
        campaign = make_campaign(folder / re.sub(r"\W+", "-", label), players=players, game=game_name,
                                 missing_orders="computer")
        play(campaign, rounds)
        targets.append(describe_target(label, campaign))
    return targets


def play(campaign: Campaign, rounds: int | None) -> None:
    """Computer players play `rounds` rounds (None: to the end), a day apart on the frozen clock."""
    played = 0
    while (rounds is None or played < rounds) and not campaign.is_over() and played < 200:
        played += 1
        with clock.frozen_at(START + timedelta(days=played)):
            write_stand_in(campaign)   # a game its GM adjudicates: the computer GM's results
            resolve(campaign, force=True)


def describe_target(label: str, campaign: Campaign) -> Target:
    game, state = campaign.game, campaign.state()
    harness = harness_for(game.name)
    players = tuple(campaign.player_names)
    seeds, forms = {}, {}
    for player in players:
        view = game.view(state, player)
        form = door.order_form(door.Seat(campaign.name, game, player, campaign.open_round, view))
        forms[player] = form.replace("PUT-YOUR-TOKEN-HERE", TOKENS[player])
        seeds[player] = _unique([game.computer_orders(view, player), _body_of(forms[player]),
                                 *harness.seed_bodies(state, player)])
    names, keys = harness.vocabulary(state)
    names, keys = tuple(dict.fromkeys((*names, *players))), tuple(dict.fromkeys((*keys, *ENVELOPE)))
    return Target(label, campaign, players, seeds, forms, names, keys)


def _body_of(form: str) -> dict:
    return {k: v for k, v in tomllib.loads(form).items() if k not in ENVELOPE}


def _unique(bodies: list[dict]) -> list[dict]:
    seen, result = set(), []
    for body in bodies:
        key = json.dumps(body, sort_keys=True)
        if key not in seen:
            seen.add(key)
            result.append(body)
    return result


# --- values --------------------------------------------------------------------------------------

EDGE_INTEGERS = (0, -1, 1, 2, 3, 7, 100, 2**31, 2**63 - 1, -2**63, 2**64, 10**30)


def scalar(c: Choices, target: Target) -> object:
    """Any kind of value TOML has, not only the ones order files use."""
    kind = c.integer(0, 7)
    if kind == 0:
        return c.pick(EDGE_INTEGERS)
    if kind == 1:
        return c.integer(-10**6, 10**6)
    if kind == 2:
        return c.boolean()
    if kind == 3:
        return c.floating()
    if kind == 4:
        return c.text(20)
    if kind == 5:
        return c.moment()
    return c.pick(target.names)


def key(c: Choices, target: Target) -> str:
    """A key of the game, some text, or a very long one (dotted keys come as text: TOML_FRAGMENTS)."""
    kind = c.integer(0, 5)
    if kind == 5:
        return c.pick(target.keys) * c.integer(100, 600)
    return c.pick(target.keys) if kind else c.text(10)


def value(c: Choices, target: Target, depth: int = 0) -> object:
    """A random TOML value: a scalar, or a list or table of values, at most three levels deep."""
    kind = c.integer(0, 5) if depth < 3 else 0
    if kind <= 3:
        return scalar(c, target)
    if kind == 4:
        return [value(c, target, depth + 1) for _ in range(c.integer(0, 4))]
    return {key(c, target): value(c, target, depth + 1) for _ in range(c.integer(0, 4))}


def near_miss(c: Choices, names: tuple[str, ...]) -> str:
    """A real name spelt as a player might get it wrong: case, accents, a letter off, spaces, look-alikes."""
    name = c.pick(names)
    i = c.integer(0, max(len(name) - 1, 0))
    return c.pick([
        name.upper(), name.swapcase(), f"  {name} ", name.replace("a", "\u0430").replace("o", "\u043e"),
        name[:i + 1] + "\u0301" + name[i + 1:],             # an accent added, as a combining character
        name[:i] + name[i + 1:],                            # a letter dropped
        name[:i] + name[i:i + 1] * 2 + name[i + 1:],        # a letter doubled
        name[:i] + name[i + 1:i + 2] + name[i:i + 1] + name[i + 2:],  # two letters swapped
        unicodedata.normalize("NFKD", name) + "\u200b",
        "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in name),  # full-width forms
    ])


# --- the family "mutated": the game's own orders, broken a little ----------------------------------

def envelope(target: Target, player: str) -> dict:
    campaign = target.campaign
    return {"game": campaign.game_name, "campaign": campaign.name, "round": campaign.open_round, "player": player,
            "token": TOKENS[player]}


def nonce(c: Choices) -> str:
    """A nonce as the rules allow it: up to 128 printable ASCII characters, no spaces."""
    return "".join(chr(c.integer(0x21, 0x7E)) for _ in range(c.integer(0, 12)))


def chosen_envelope(c: Choices, target: Target, player: str) -> dict:
    """A right envelope of a file from `player`, with a nonce and final as the player likes."""
    env = envelope(target, player)
    if c.boolean():
        env["nonce"] = nonce(c)
    if c.boolean():
        env["final"] = c.boolean()
    return env


def envelope_of(c: Choices, target: Target, player: str) -> dict:
    """The envelope of a file from `player`: mostly right, sometimes with a key or two wrong or gone."""
    env = chosen_envelope(c, target, player)
    for _ in range(c.pick((0, 0, 0, 1, 2))):
        name = c.pick(ENVELOPE)
        if c.integer(0, 3) == 0:
            env.pop(name, None)
        else:
            env[name] = wrong_envelope_value(c, target, name)
    return env


def wrong_envelope_value(c: Choices, target: Target, name: str) -> object:
    if c.integer(0, 2) == 0:
        return scalar(c, target)
    campaign = target.campaign
    number = campaign.open_round
    return c.pick({
        "game": (campaign.game.title, campaign.game_name.upper(),
                 *(name for name in registered() if name != campaign.game_name)),
        "campaign": ("other", campaign.name.upper(), ""),
        "round": (number - 1, number + 1, 0, -1, 2**63, str(number), float(number), True),
        "player": (*target.players, "ANN", "zed", "", "ann "),
        "token": (*TOKENS.values(), "", "PUT-YOUR-TOKEN-HERE", TOKENS["ann"].upper()),
        "nonce": ("has space", "x" * 129, "café", "tab\there", "", 'quote"mark', "back\\slash"),
        "final": ("true", 1, 0, "yes"),
    }[name])


def places(body, path: tuple = ()) -> list[tuple]:
    """The path to every value inside an order body, the body itself first."""
    found = [path]
    if isinstance(body, dict):
        for name, inner in body.items():
            found += places(inner, path + (name,))
    elif isinstance(body, list):
        for index, inner in enumerate(body):
            found += places(inner, path + (index,))
    return found


def get_at(body, path: tuple):
    for step in path:
        body = body[step]
    return body


DELETE = object()
MUTATIONS = ("delete", "retype", "real_name", "near_miss", "unicode", "number", "list", "wrap", "unwrap", "add_key")


def mutate(c: Choices, body: dict, target: Target) -> dict:
    """A copy of the body with one thing changed at a random place in it."""
    body = copy.deepcopy(body)
    path = c.pick(places(body))
    old = get_at(body, path)
    how = c.pick(MUTATIONS)
    if how == "add_key":  # an unknown or misplaced key here, or a section at the top
        (old if isinstance(old, dict) else body)[key(c, target)] = value(c, target)
        return body
    new = replacement(c, target, how, old, bool(path))
    if not path:
        return new if isinstance(new, dict) else {key(c, target): new}  # a TOML document is a table
    parent = get_at(body, path[:-1])
    if new is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return body


def replacement(c: Choices, target: Target, how: str, old, inside: bool):
    if how == "delete":
        return DELETE if inside else {}
    if how == "retype":
        return value(c, target)
    if how == "real_name":
        return c.pick(target.names)
    if how == "near_miss":
        return near_miss(c, target.names)
    if how == "unicode":
        return c.text(30)
    if how == "number":
        return c.pick(EDGE_INTEGERS + (-2, -10**100, 10**100)) if c.boolean() else c.integer(-2**70, 2**70)
    if how == "list":
        items = old if isinstance(old, list) else [old]
        return c.pick([[], items + items, items * 300, items[::-1], items[:1]])[:LONGEST_LIST]
    if how == "wrap":
        return c.pick([[old], {key(c, target): old}])
    inner = list(old.values()) if isinstance(old, dict) else old if isinstance(old, list) else [str(old)]
    return inner[0] if inner else ""  # unwrap


def mutated_file(c: Choices, target: Target, player: str) -> bytes:
    """A seed body of this player with up to three things broken, in an envelope, written out."""
    body = c.pick(target.seeds[player])
    for _ in range(c.pick((0, 0, 1, 1, 1, 2, 3))):
        body = mutate(c, body, target)
    head = tomli_w.dumps(envelope_of(c, target, player))
    text = format_body(target, body) if c.boolean() else tomli_w.dumps(body)
    if c.integer(0, 9) == 0:  # the envelope last, where it falls into the last table
        return (text + head).encode("utf-8")
    return (head + text).encode("utf-8")


def clean_file(c: Choices, target: Target, player: str) -> bytes:
    """A seed body of this player as it is, in a right envelope (nonce and final as the player likes)."""
    env = chosen_envelope(c, target, player)
    body = c.pick(target.seeds[player])
    return (tomli_w.dumps(env) + (format_body(target, body) if c.boolean() else tomli_w.dumps(body))).encode()


def format_body(target: Target, body: dict) -> str:
    """The game's own writing of a body; for bodies it cannot write, TOML written by tomli_w."""
    try:
        return target.campaign.game.format_orders(body)
    except Exception:  # noqa: BLE001 - format_orders is made for checked orders, not broken ones
        return tomli_w.dumps(body)


# --- the family "form": the order form, edited by hand ---------------------------------------------

TOML_FRAGMENTS = (
    "round = 1", "round = 1\nround = 2", 'targets = [Gifu]', 'targets = ["Gifu"', "[war", "[[war.moves]]",
    "[planning]\n[planning]", 'player = "ann', "a = 1 = 2", "= 1", "[]", "[[]]", "x = [1, 'a',]", "x = {a = 1,}",
    "x = 0x", "x = 1979-05-27T07:32:00", "x = nan", "x = inf", "x = '''\n", 'x = """', "x = \\u0000",
    "\ufeffround = 1", "a.b.c = 1\na.b = 2", "x = [[1], {a = 1}]", "key with spaces = 1", '"" = 1',
    # what a hostile sender writes to make the parser pay: dotted keys and headers of many parts, long words
    ".".join(["a"] * 33) + " = 1", "[" + ".".join(["t"] * 40) + "]", "x = {" + ".".join(["k"] * 35) + " = 1}",
    ".".join(["a"] * 3000) + " = 1", "k" * 5000 + " = 1", "x = " + "[" * 20 + "]" * 20,
    'a."b.c".d = 1', ".".join(["round"] * 32) + " = 1",
)


def form_file(c: Choices, target: Target, player: str) -> bytes:
    """The order form as the player received it, token filled in, then a line or two edited by hand."""
    lines = target.forms[player].split("\n")
    for _ in range(c.integer(0, 2)):
        i = c.integer(0, len(lines) - 1)
        edit = c.pick(("drop", "double", "uncomment", "rename", "insert"))
        if edit == "drop":
            del lines[i]
        elif edit == "double":
            lines.insert(i, lines[i])
        elif edit == "uncomment":
            lines[i] = lines[i].lstrip("# ")
        elif edit == "rename":
            name = json.dumps(c.pick(target.names) if c.boolean() else near_miss(c, target.names), ensure_ascii=False)
            quoted = re.search(r'"[^"]*"', lines[i])
            if quoted:
                lines[i] = lines[i][:quoted.start()] + name + lines[i][quoted.end():]
        else:
            lines.insert(i, c.pick(TOML_FRAGMENTS) if c.boolean() else c.text(40))
    return "\n".join(lines).encode("utf-8")


# --- the family "random-toml" ----------------------------------------------------------------------

def random_toml_file(c: Choices, target: Target, player: str) -> bytes:
    """A TOML document of random tables, lists and scalars, its keys partly the game's, maybe in an envelope."""
    document = {key(c, target): value(c, target) for _ in range(c.integer(0, 8))}
    if c.boolean():
        document = {**envelope(target, player), **document}
    return tomli_w.dumps(document, multiline_strings=c.boolean()).encode("utf-8")


# --- the family "garbage" --------------------------------------------------------------------------

INVALID_UTF8 = (b"\xff", b"\xfe\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80")
GARBAGE = ("text", "bytes", "fragments", "bom", "bad-utf8", "nul", "empty", "long-line", "size-limit", "deep",
           "many-keys", "line-ends")


def garbage_file(c: Choices, target: Target, player: str) -> bytes:
    """Bytes that are no order file at all, or a good file spoilt at the level of its bytes."""
    good = (tomli_w.dumps(envelope(target, player)) + format_body(target, target.seeds[player][0])).encode()
    kind = c.pick(GARBAGE)
    if kind == "text":
        return c.text(200).encode("utf-8")
    if kind == "bytes":
        return c.binary(200)
    if kind == "fragments":
        return "\n".join(c.pick(TOML_FRAGMENTS) if c.boolean() else c.text(30)
                         for _ in range(c.integer(0, 6))).encode("utf-8")
    if kind == "bom":
        return b"\xef\xbb\xbf" * c.integer(1, 2) + good
    if kind in ("bad-utf8", "nul"):
        at = c.integer(0, len(good))
        return good[:at] + (c.pick(INVALID_UTF8) if kind == "bad-utf8" else b"\x00") + good[at:]
    if kind == "empty":
        return c.pick((b"", b" ", b"\n\n", b"\xef\xbb\xbf", b"# nothing\n", b"\t\r\n"))
    if kind == "long-line":
        size = c.pick((1000, 10_000, 60_000))
        return good + c.pick((b"# " + b"x" * size, b'note = "' + b"y" * size + b'"'))
    if kind == "size-limit":
        extra = MAX_BYTES - len(good) - 1 + c.pick((-1, 0, 1, 2, 1000, 1_000_000))
        return good + b"\n" + b"#" * max(extra, 0)
    if kind == "deep":
        depth = c.pick((10, 50, 100, 200, 300, 500, 1000, 20_000))
        opening, closing = c.pick((("[", "]"), ("{a=", "}")))
        return good + f"\n{c.pick(target.keys)}_ = {opening * depth}1{closing * depth}\n".encode()
    if kind == "many-keys":
        return good + "".join(f"unknown_{i} = {i}\n" for i in range(c.pick((10, 100, 500)))).encode()
    return good.replace(b"\n", c.pick((b"\r\n", b"\r", b"\n\n")))


# --- cases, and the strategies that draw them -----------------------------------------------------

MAKERS = {"clean": clean_file, "mutated": mutated_file, "form": form_file, "random-toml": random_toml_file,
          "garbage": garbage_file}
FAMILIES = ("clean",) + ("mutated",) * 5 + ("form",) + ("random-toml",) * 2 + ("garbage",) * 2  # repeats weigh


@dataclass(frozen=True, eq=False)
class Case:
    """One order file and how it arrives: by mail or inbox (token required) or from the GM for a player."""

    target: Target
    data: bytes
    player: str | None  # given by the GM (`pbem orders submit CAMPAIGN PLAYER FILE`); None: read from the file
    require_token: bool
    family: str

    def how(self) -> str:
        return f"player={self.player!r}" if self.player else "require_token=True"

    def __repr__(self) -> str:
        return f"Case({self.target.label}, {self.family}, {self.how()}, data={shown(self.data)})"

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


def make_case(c: Choices, targets: list[Target], families: tuple[str, ...] = FAMILIES) -> Case:
    """A file for one of the campaigns, arriving by mail (token needed) or handed in by the GM (a quarter)."""
    target = c.pick(targets)
    player = c.pick(target.players)
    family = c.pick(families)
    data = MAKERS[family](c, target, player)
    by_gm = c.integer(0, 3) == 0
    return Case(target, data, player if by_gm else None, not by_gm, family)


def order_files(target: Target, player: str, families: tuple[str, ...] = FAMILIES) -> st.SearchStrategy[bytes]:
    """Order files signed by `player` for this campaign, of the families named."""
    @st.composite
    def files(draw) -> bytes:
        c = Drawn(draw)
        return MAKERS[c.pick(families)](c, target, player)

    return files()


def cases(targets: list[Target], families: tuple[str, ...] = FAMILIES) -> st.SearchStrategy[Case]:
    """Cases over these campaigns: a file, and whether it comes by mail or from the GM."""
    @st.composite
    def drawn(draw) -> Case:
        return make_case(Drawn(draw), targets, families)

    return drawn()


def shown(data: bytes, limit: int = 240) -> str:
    """A file as a bytes literal one can paste, cut in the middle when long."""
    if len(data) <= limit:
        return repr(data)
    return f"{data[:limit - 60]!r} + ... + {data[-40:]!r} ({len(data):,} bytes)"
