"""The contract between a game's own GM commands (Game.commands) and the shell that runs them.

A game never opens a campaign, takes its lock or writes its files: those are
the shell's. A GM's tool is a pure function of its parameters, the campaign's
facts (plain data the shell read) and dice on demand (which the shell rolls,
numbers and keeps); it returns what it found as `Told`: the text the GM reads
and the typed table the shell adds to the open round's results file. The
shell's side of it is a `Desk`, which a game's click command finds in its
click context's `meta` under DESK (see desk_in); pbem/game_commands.py is the
shell's. A game refuses input by raising Refused, which the shell says as its
own refusals are said (exit code 2).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

MAX_PURPOSE = 200   # characters of what a roll on demand is for, after it is cleaned

DESK = "engine.tools.desk"
"""The key of the shell's Desk in a click context's `meta` (shared by every context of one command line)."""


class Refused(Exception):
    """A GM's command refuses its input: `message` says what and where, `details` how to fix it. The shell says
    it exactly as it says its own refusals, with the same exit code (2)."""

    exit_code = 2

    def __init__(self, message: str, details: list[str] | tuple[str, ...] = ()):
        super().__init__(message)
        self.message = message
        self.details = list(details)

    def __str__(self) -> str:
        return "\n".join([self.message, *("  " + line for line in self.details)])


def cleaned_purpose(text: str | None) -> str:
    """What a roll on demand is for, as one line: no control characters, spaces as one (every report shows it
    on a line of its own); Refused when too long."""
    text = "".join(" " if unicodedata.category(char)[0] in "CZ" else char for char in (text or ""))
    text = " ".join(text.split())
    if len(text) > MAX_PURPOSE:
        raise Refused(f"the purpose is too long: at most {MAX_PURPOSE} characters, not {len(text)}")
    return text


@dataclass(frozen=True)
class Facts:
    """What a GM's command may know of its campaign, read by the shell (under the campaign's lock when a tool
    runs): plain data, so that the command is a function of it."""

    folder: Path
    name: str
    game: str                  # the registered name of the game the campaign plays
    title: str
    players: tuple[str, ...]   # in seat order
    open_round: int
    last_round: int
    over: bool
    takes_gm_results: bool     # the game's rounds wait for the GM's results file (Game.gm_results)
    state: dict                # the state after the last resolved round
    results: dict = field(default_factory=dict)   # the open round's results file as TOML reads it ({}: none yet,
    #                                               or one that does not read: the round's read says what is wrong)
    orders_in: tuple[str, ...] = ()                # the players whose orders for the open round are in

    def tables(self, key: str) -> list[dict]:
        """The tables of the open round's results file under `key` ([[key]]) as written so far."""
        found = self.results.get(key, [])
        return [one for one in found if isinstance(one, dict)] if isinstance(found, list) else []


class DiceOnDemand(Protocol):
    """Dice a GM's tool rolls as the shell's dice on demand: each roll numbered in the open round, kept, shown
    in every player's next report and rechecked; a purpose rolled before in the round is told again, not rolled
    anew. `made` holds every roll told (as the shell records them: "seq", "expression", "dice", ...)."""

    made: list[dict]

    def roll(self, sides: int, purpose: str) -> int: ...

    def roll_dice(self, count: int, sides: int, purpose: str, at_least: int | None = None) -> list[int]: ...


@dataclass(frozen=True)
class Table:
    """A tool's result as typed data: `data` as the [[key]] table that `text` (TOML) reads as, which the shell
    adds at the end of the open round's results file (once: a table there already is not added again)."""

    key: str
    data: dict
    text: str


@dataclass(frozen=True)
class Told:
    """What a tool found: `text` for the GM (told after every roll it made), the table it adds to the round's
    results (if any), and `after`, told once the campaign is let go (empty: nothing)."""

    text: str
    table: Table | None = None
    after: str = ""


Tool = Callable[[Facts, DiceOnDemand], Told]
"""A GM's tool: (the campaign's facts under its lock, the dice on demand) -> what it found."""


@dataclass(frozen=True)
class Drafted:
    """The skeleton of the open round's results file: its round, its text, and where it was written (None: not
    written, only made)."""

    number: int
    text: str
    path: Path | None


@dataclass(frozen=True)
class ResultsRead:
    """The open round's results file read as the round's resolve will read it."""

    path: Path
    number: int
    results: dict


class Desk(Protocol):
    """What the shell does for a game's GM commands: all that touches the campaign folder."""

    def facts(self, folder: Path) -> Facts:
        """The campaign in `folder`, as a command may know it (the shell refuses a folder that is not one)."""

    def run(self, folder: Path, tool: Tool) -> Told:
        """Run `tool` under the campaign's lock with dice on demand, tell the GM every roll and what it found,
        and add its table to the open round's results file (written as the draft first if not there)."""

    def draft(self, folder: Path, write: bool, replace_file: bool) -> Drafted:
        """Make the skeleton of the open round's results file with every order in so far, and write it unless
        not `write` (never over a file there already unless `replace_file`)."""

    def read_results(self, folder: Path) -> ResultsRead:
        """Read the open round's results file as the round's resolve will (the shell refuses it, line by line,
        when it is missing or wrong)."""


def facts_or_refused(desk: Desk, folder: Path, refusal: Callable[[Facts], str]) -> Facts:
    """The campaign's facts, refused with what `refusal` says of them (a game's reason its tools have nothing to do
    there), unless it says nothing."""
    facts = desk.facts(folder)
    said = refusal(facts)
    if said:
        raise Refused(said)
    return facts


def desk_in(meta: dict) -> Desk:
    """The shell's Desk, from a click context's `meta`: a game's command runs only under the shell."""
    try:
        return meta[DESK]
    except KeyError:
        raise RuntimeError("a game's GM command ran without the shell's desk: run it as a pbem command") from None
