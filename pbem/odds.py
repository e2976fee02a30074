"""`pbem odds GAME`: each game that offers odds brings its own command (or several), named in its Game's odds_command.

The games are imported only when `pbem odds` is asked for, and a game's
command module only when that command is listed or run, so that the other
commands do not pay for them.
"""
from __future__ import annotations

import importlib

import click


class GameCommands(click.Group):
    """A group whose subcommands are the odds commands the registered games name (Game.odds_command): one named
    after its game, or each under the name its game gives it."""

    def _offered(self) -> dict[str, str]:
        from engine.game import odds_commands
        from games import GAMES

        return {name: path for game in GAMES for name, path in odds_commands(GAMES[game]).items()}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self._offered())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        path = self._offered().get(name)
        if path is None:
            return None
        module, _, attribute = path.partition(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=GameCommands, subcommand_metavar="GAME [ARGS]...")
def odds():
    """Exact odds for the games' dice, to help players plan.

    Each game has its own command: `pbem odds GAME --help` tells what it takes.

    \b
    Example:
      pbem odds age-of-war Kasugayama
    """
