"""`pbem odds GAME`: each game that offers odds brings its own command, named in its Game's odds_command.

The games are imported only when `pbem odds` is asked for, and a game's
command module only when that command is listed or run, so that the other
commands do not pay for them.
"""
from __future__ import annotations

import importlib

import click


class GameCommands(click.Group):
    """A group whose subcommands are the registered games that name an odds command (Game.odds_command)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from games import GAMES

        return [name for name in GAMES if GAMES[name].odds_command]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from games import GAMES

        try:
            path = GAMES[name].odds_command
        except KeyError:
            return None
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
