"""What every registered game gives the generic checks: its test adapter, found through the registry.

The generic checks (hidden information, fuzzing, killing, goldens) know no game:
they iterate over `games.GAMES` and ask each game's adapter how to make
positions and order files, what may vary that a player may not see, and which
short games to keep as goldens. A game's adapter lives in its own test folder,
`tests/<package>/harness.py` (for `games.age_of_war`, `tests/age_of_war/harness.py`),
as a `HARNESS = Harness(...)` value. A registered game without one fails loudly.
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import games


@dataclass(frozen=True)
class Golden:
    """One short seeded game kept byte for byte under tests/goldens/NAME/."""

    game: str
    players: int
    seed: int
    rounds: int                 # rounds resolved after the setup (fewer if the game ends first)
    options: dict = field(default_factory=dict)
    label: str = ""             # what sets it apart, when the name alone would not: "quick"

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p-seed{self.seed}" + (f"-{self.label}" if self.label else "")


@dataclass(frozen=True)
class Harness:
    """A game's test adapter; the fields with a default may be left out.

    Hidden information (tests/support/hidden.py):
      player_counts     the table sizes random positions are drawn from (repeats weigh);
      draw_options      (player count, rng) -> the campaign options of a random position;
      vary_orders       (state, player, computer's orders, rng) -> orders the computer seldom gives, or None;
      must_vary         (state, player) -> True where the varied orders must be tried (a rare moment);
      unexecuted        (position, other player, rng) -> (orders, what) changed only where the round never
                        carries them out, or None;
      hides_state       whether the view hides any part of the state (False: every part of it is shown, and
                        the generic check proves that instead of mutating);
      checks            the game's own hidden checks, name -> check(position, player, change, game=None);
      rotation          the targeted checks given to successive draws, generic ones ("events", "orders",
                        "dice") and the game's own.
    Fuzzing (tests/support/order_files.py):
      scenes            (label, players, rounds played or None for a finished game) to fuzz against;
      vocabulary        state -> (names, keys): the words of the game a fuzzed file draws on (the players'
                        names and the envelope's keys are added);
      seed_bodies       (state, player) -> order bodies beyond the order form to mutate.
    Goldens (tests/goldens): goldens.
    A game its GM adjudicates (Game.gm_results): gm_file, (state, orders, round, rng) -> the text of the GM's
                        results file of that round, as a GM might write it (the positions record what the game
                        reads of it), and its own checks vary the results where a player may not see them.
    JSON report schema (tests/test_report_schema.py):
      rare_events       event kind -> why the battery of seeded games (tests/support/report_battery.py) never shows it;
                        every other kind the game's schema names must be seen there.
    Killing (tests/support/killing.py) needs nothing of its own: its orders are the
    computer player's.
    """

    player_counts: tuple[int, ...]
    draw_options: Callable[[int, random.Random], dict]
    vary_orders: Callable
    unexecuted: Callable
    scenes: tuple
    vocabulary: Callable
    seed_bodies: Callable
    goldens: tuple[Golden, ...]
    hides_state: bool = True
    must_vary: Callable = lambda state, player: False
    checks: dict = field(default_factory=dict)
    rotation: tuple[str, ...] = ("events", "orders", "dice")
    rare_events: dict = field(default_factory=dict)
    gm_file: Callable | None = None


class MissingHarness(LookupError):
    pass


def adapter_module(game_name: str) -> str:
    """Where a game's adapter lives: tests.<the game package's last name>.harness."""
    return f"tests.{games.MODULES[game_name].rsplit('.', 1)[-1]}.harness"


def harness_for(game_name: str) -> Harness:
    """The registered game's adapter; MissingHarness says what is missing where."""
    where = adapter_module(game_name)
    try:
        module = importlib.import_module(where)
    except ModuleNotFoundError as exc:
        if exc.name and where.startswith(exc.name):
            raise MissingHarness(f"game {game_name!r} has no test adapter: write {where.replace('.', '/')}.py "
                                 "with HARNESS = tests.support.harness.Harness(...)") from None
        raise
    found = getattr(module, "HARNESS", None)
    if not isinstance(found, Harness):
        raise MissingHarness(f"{where} holds no HARNESS = tests.support.harness.Harness(...)")
    return found


def table_for(game_name: str, players: tuple[str, ...] = ("ann", "bob", "cho")) -> tuple[str, ...]:
    """The players a generic campaign seats for the game: `players`, as many as the game takes (a game of two
    plays ann and bob)."""
    return tuple(players[:games.GAMES[game_name].max_players])


def registered() -> list[str]:
    """Every registered game's name, in the registry's order: what the generic checks iterate over."""
    return list(games.GAMES)
