"""The protocol a game implements: one declarative value per game.

A game is pure. Every function takes and returns plain data (see
engine.canonical); dice come in as an engine.dice.Dice; nothing reads the disk,
the clock or global randomness.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Generic, Protocol, TypeVar, cast

from engine import references
from engine.problems import Problem, ProblemTable

State = dict
Orders = dict
View = dict
"""What one player may know of a state (Game.view): all that reports and order forms are made from."""


class Dice(Protocol):
    """What a game may ask of its dice: engine.dice.Dice records every roll for `pbem verify`; tests script them."""

    rolls: list[dict]

    def roll(self, sides: int, purpose: str) -> int: ...

    def pick(self, items: list, purpose: str): ...

    def shuffle(self, items: list, purpose: str) -> list: ...

SHOWN_CHARACTERS = 40


def shown(value) -> str:
    """A value a player wrote, as a message quotes it: TOML's way of writing it, short, every control
    character escaped (never Python's repr: a player reads "2026-03-01", not datetime.date(2026, 3, 1))."""
    if isinstance(value, str):
        text = value if len(value) <= SHOWN_CHARACTERS else value[:SHOWN_CHARACTERS] + "..."
        return '"' + "".join(_escaped(char) for char in text) + '"'
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "a table" if value else "an empty table"
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return f"a {type(value).__name__}"


def _escaped(char: str) -> str:
    if char in '"\\':
        return "\\" + char
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
        return f"\\u{ord(char):04x}"
    return char


F = TypeVar("F")


class _Required:
    """The default of a Function field that has none: the game must give it."""


_REQUIRED = _Required()


class Function(Generic[F]):
    """A field of Game that a game gives a function, or a "module:function" reference to one (engine.references):
    read, it is always the function, a reference resolved (its module imported) when the field is first read."""

    def __init__(self, default: F | _Required = _REQUIRED) -> None:
        self.default = default
        self.field = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.field = name

    def __get__(self, game: Game | None, owner: type | None = None) -> F:
        if game is None:   # the dataclass asks the class for the field's default
            if isinstance(self.default, _Required):
                raise AttributeError(self.field)
            return self.default
        value = game.__dict__[self.field]
        if not isinstance(value, str):
            return value
        try:
            found = references.resolve(value)
        except references.BadReference as error:
            raise references.BadReference(f"game {game.name!r}, Game.{self.field}: {error}") from None
        if not callable(found):
            raise references.BadReference(f"game {game.name!r}, Game.{self.field}: {value!r} is a "
                                          f"{type(found).__name__}, not a function")
        return cast(F, found)

    def __set__(self, game: Game, value: F | str) -> None:
        game.__dict__[self.field] = value


@dataclass(frozen=True)
class Checked:
    """The answer to an order file: problems, or the normalised orders and a forecast."""

    problems: list[Problem]
    orders: Orders | None = None
    forecast: list[dict] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return not self.problems and self.orders is not None


@dataclass(frozen=True)
class GmResults:
    """What a game whose rounds its game master adjudicates asks of the shell: each round waits for the GM's
    results file (TOML, one per round), and the game's resolve takes what `read` made of it beside the orders,
    as `resolve(state, orders, dice, results=...)` (see resolve_round). The shell records the results in the
    round's inputs ("gm_results"), so that replay and verify take them again, and never resolves without them."""

    # (state, the results file as parsed TOML, the round it is for) -> (the results as plain data, or None when
    # there are problems; the problems, each naming its field, e.g. "private.zed", which the shell finds the line of)
    read: Callable[[State, dict, int], tuple[dict | None, list[Problem]]]
    # (state, {player: orders} in so far, the round) -> the skeleton of the round's results file, every player's
    # orders in it as comments, which `read` refuses until the GM has written it
    draft: Callable[[State, dict[str, Orders], int], str]
    # (state, {player: orders}, the round) -> a results file written by the computer: what `pbem demo`, and the
    # tests that play every game without a GM, stand in for the GM with
    stand_in: Callable[[State, dict[str, Orders], int], str]


@dataclass(frozen=True)
class Game:
    """What the shell needs of a game. See docs/adding-a-game.md.

    Each function field (those typed Function) takes the function, or a "module:function" reference to it: a
    string, absolute ("games.x.orders:check_orders") or relative to `package` (".orders:check_orders"). A
    reference is checked for its form when the Game is made, and resolved, its module imported, when the field is
    first read (engine.references keeps what it found): a game's package so names the rules it keeps in heavier
    modules without importing them, and `pbem status` pays for none of them. Read, a field is always the
    function: the shell calls `game.check_orders(view, player, body)` whichever the game gave. A reference whose
    module or function is missing, or names no function, raises engine.references.BadReference naming the game
    and the field.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    # (players in seat order, options, dice) -> (state, events)
    setup: Function[Callable[[list[str], dict, Dice], tuple[State, list[dict]]]] = Function()
    # (view, player, body of an order file as a dict) -> Checked: judged on what the player may know, since its
    # problems and forecast reach the player's acknowledgement (pbem/door.py)
    check_orders: Function[Callable[[View, str, dict], Checked]] = Function()
    # normalised orders -> the TOML lines of their body (parse of these gives them back)
    format_orders: Function[Callable[[Orders], str]] = Function()
    # (view, player) -> the order form's body: the commented TOML itself, or (a game whose words are in its
    # templates) the form as data, which its template <folder>/order_form.toml.j2 writes out as `form`
    order_form: Function[Callable[[View, str], str | dict]] = Function()
    # (state, player) -> orders for a player who sent none
    default_orders: Function[Callable[[State, str], Orders]] = Function()
    # (view, player) -> orders chosen by the computer player, from what that player may know alone
    computer_orders: Function[Callable[[View, str], Orders]] = Function()
    # (state, {player: orders}, dice) -> (new state, events)
    resolve: Function[Callable[[State, dict[str, Orders], Dice], tuple[State, list[dict]]]] = Function()
    # (state, player) -> what that player may know of the state; for engine.events.PUBLIC, no player, what anyone
    # may know (the campaign's public site is made of it)
    view: Function[Callable[[State, str], View]] = Function()
    # a view (or the state: these two read only what every player sees) -> whether the game has ended
    is_over: Function[Callable[[View], bool]] = Function()
    # a view (or the state) -> [{"player", "rank", ...}] best first
    standings: Function[Callable[[View], list[dict]]] = Function()
    # state -> the players who still send orders (None: every player, always)
    active_players: Function[Callable[[State], list[str]] | None] = Function(None)
    # (view, player, orders, every order already in, the player's earlier ones too) -> problems that depend on
    # what others ordered first (e.g. a spied allocation may not change once shown); called on the body as
    # written when check_orders refused it, so it must take any plain data without raising
    check_in_context: Function[Callable[[View, str, Orders, dict[str, Orders]], list[Problem]] | None] = Function(None)
    # (view, player, the orders in so far) -> [(key, data)]: private news the player gets as soon as others'
    # orders are in (e.g. a spy sees the watched allocation before allocating); what of others' orders it shows
    # is the rules' to say, the rest comes from the player's view
    briefings: Function[Callable[[View, str, dict[str, Orders]], list[tuple[str, dict]]] | None] = Function(None)
    # (view, the events the player sees, the campaign's round) -> the parts its report tells them in, as the
    # game's report template reads them (None: the template goes through the events itself)
    chronicle: Function[Callable[[View, list[dict], int], dict] | None] = Function(None)
    # the game's problem codes with their English sentences, which the catalogues translate (engine.problems)
    problems: ProblemTable | None = None
    # (view, the events the player sees, player) -> the picture model of the board as that player sees it, which
    # the game's template <folder>/picture.svg.j2 draws as `picture` (None: the game has no picture)
    picture: Function[Callable[[View, list[dict], str], dict] | None] = Function(None)
    # `pbem demo` stops a game of computer players after this many rounds
    demo_rounds: int = 200
    # "package.module:name" of the game's click command for `pbem odds GAME` (exact odds of its dice), if any; or
    # several, as (command name, "package.module:name") pairs, each `pbem odds NAME`; the shell imports one only
    # when asked, and the engine never does
    odds_command: str | tuple[tuple[str, str], ...] | None = None
    # "package.module:name" of the game's own click command (often a group), offered as `pbem NAME` (the
    # attribute's name, "_" written "-"), or a tuple of several; the shell imports one only when it is asked for
    commands: str | tuple[str, ...] | None = None
    # the GM's results each round waits for, in a game its game master adjudicates (None: the dice and the rules do)
    gm_results: GmResults | None = None
    # the registered game whose templates (and catalogues) and JSON report schema this one shares, a game built on
    # another (None: its own, templates/<name with "_" for "-">/ and games/<package>/report.schema.json)
    based_on: str | None = None
    # state -> the rolls of the game's hidden stream so far, which its state keeps (None: the game has none). A
    # game whose shuffled decks last the whole game draws them from a stream that is revealed only when the
    # game is over (engine.dice.hidden_seed): its setup and resolve then take it as `stream=`, a Dice going on
    # from these rolls (see setup_game and resolve_round)
    hidden_stream: Function[Callable[[State], list[dict]] | None] = Function(None)
    # state -> what the GM should know of a campaign as it was set up, as English sentences (GM-facing, like the
    # shell's own output): `pbem new` prints them (e.g. "its components are guesses")
    gm_notes: Function[Callable[[State], list[str]] | None] = Function(None)
    # the package a relative reference (".module:function") is read from: the registration's own __name__
    package: str | None = None

    def __post_init__(self) -> None:
        """Every reference spelt in full, so that one is checked now and looked up by that spelling later."""
        for name in _FUNCTION_FIELDS:
            value = self.__dict__[name]
            if isinstance(value, str):
                try:
                    object.__setattr__(self, name, references.absolute(value, self.package))
                except references.BadReference as error:
                    raise references.BadReference(f"game {self.name!r}, Game.{name}: {error}") from None


_FUNCTION_FIELDS = tuple(each.name for each in fields(Game) if isinstance(vars(Game).get(each.name), Function))
"""The fields of Game that take a function or a reference to one."""


def function_references(game: Game) -> dict[str, str]:
    """The function fields the game gave as references, field -> "package.module:function", read without
    resolving them."""
    return {name: game.__dict__[name] for name in _FUNCTION_FIELDS if isinstance(game.__dict__[name], str)}


def game_commands(game: Game) -> dict[str, str]:
    """The game's own commands (Game.commands), name -> "package.module:name", read from their paths without
    importing them."""
    paths = (game.commands,) if isinstance(game.commands, str) else tuple(game.commands or ())
    return {path.rpartition(":")[2].replace("_", "-"): path for path in paths}


def odds_commands(game: Game) -> dict[str, str]:
    """The game's odds commands (Game.odds_command), name under `pbem odds` -> "package.module:name"."""
    if isinstance(game.odds_command, str):
        return {game.name: game.odds_command}
    return dict(game.odds_command or ())


def setup_game(game: Game, players: list[str], options: dict, dice: Dice,
               stream: Dice | None = None) -> tuple[State, list[dict]]:
    """game.setup, given the hidden stream where the game has one (Game.hidden_stream)."""
    if game.hidden_stream is None:
        return game.setup(players, options, dice)
    # Game.setup's type names the three arguments every game takes; one with a hidden stream takes stream= too
    return game.setup(players, options, dice, stream=stream)  # type: ignore[call-arg]


def resolve_round(game: Game, state: State, orders: dict[str, Orders], dice: Dice,
                  results: dict | None = None, stream: Dice | None = None) -> tuple[State, list[dict]]:
    """game.resolve, given the GM's results where the game takes them (Game.gm_results) and the hidden stream
    where it has one (Game.hidden_stream)."""
    extra: dict = {}
    if game.gm_results is not None:
        extra["results"] = results
    if game.hidden_stream is not None:
        extra["stream"] = stream
    return game.resolve(state, orders, dice, **extra)


def players_to_order(game: Game, state: State, players: list[str]) -> list[str]:
    """The players whose orders the open round waits for, in seat order."""
    if game.active_players is None:
        return list(players)
    active = set(game.active_players(state))
    return [p for p in players if p in active]
