"""`pbem odds GAME`: each game that offers odds brings its own command, named in its Game's odds_command.

The games are imported only when `pbem odds` is asked for, and a game's
command module only when that command is listed or run, so that the other
commands do not pay for them.
"""
from __future__ import annotations

import importlib

import click


class GameCommands(click.Group):
    """A group whose subcommands are the registered games that name a command in one Game field (`hook`)."""

    def __init__(self, *args, hook: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.hook = hook

    def list_commands(self, ctx: click.Context) -> list[str]:
        from games import GAMES

        return [name for name in GAMES if getattr(GAMES[name], self.hook)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        from games import GAMES

        try:
            path = getattr(GAMES[name], self.hook)
        except KeyError:
            return None
        if path is None:
            return None
        module, _, attribute = path.partition(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=GameCommands, hook="odds_command", subcommand_metavar="GAME [ARGS]...")
def odds():
    """Exact odds for the games' dice, to help players plan.

    Each game has its own command: `pbem odds GAME --help` tells what it takes.

    \b
    Example:
      pbem odds age-of-war Kasugayama
    """
