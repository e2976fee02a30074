"""The CLI reference, docs/cli.md, made from the click command tree itself: every command and subcommand with its
help text and options, as `--help` prints them, in a stable order.

    python -m pbem.cli_reference > docs/cli.md

`tests/test_docs.py` fails when docs/cli.md differs from what this prints. The tree is found through the entry point
that pyproject.toml names for `pbem` (a click command, or the function beside the click group that it runs), so
the commands may live in any module; the commands a game brings (`Game.commands`, not listed by `pbem --help`)
are added after pbem's own.
"""
from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

import click

WIDTH = 100   # the width the help is wrapped to, whatever the terminal's

HEADER = """\
# Command reference

Generated from the click command tree by `python -m pbem.cli_reference > docs/cli.md`: do not edit by hand
(`tests/test_docs.py` fails when this file and the commands differ). Every command has the same text as its
`--help`. The commands a game brings are listed after pbem's own.
"""


def entry_point() -> str:
    """The `pbem` script's entry point as pyproject.toml names it ("module:attribute")."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        return tomllib.loads(pyproject.read_text())["project"]["scripts"]["pbem"]
    from importlib.metadata import entry_points

    return next(iter(entry_points(group="console_scripts", name="pbem"))).value


def root_group() -> click.Group:
    """The click group the entry point runs: the entry point itself if it is one, otherwise the module's group
    that no other group of the module holds."""
    module_name, _, attribute = entry_point().partition(":")
    module = importlib.import_module(module_name)
    found = getattr(module, attribute)
    if isinstance(found, click.Group):
        return found
    groups = [value for value in vars(module).values() if isinstance(value, click.Group)]
    held = {id(sub) for group in groups for sub in group.commands.values()}
    roots = [group for group in groups if id(group) not in held]
    if len(roots) != 1:
        raise LookupError(f"{module_name} holds {len(roots)} top-level click groups, not one")
    return roots[0]


def game_command_names() -> list[str]:
    """The names of the commands the registered games bring, sorted."""
    from engine.game import game_commands
    from games import GAMES

    return sorted({name for game in GAMES.values() for name in game_commands(game)})


def context(command: click.Command, name: str, parent: click.Context | None) -> click.Context:
    """The context `pbem ... NAME --help` would run in (the command's own settings, a parent's inherited), at a
    fixed width."""
    settings = {**command.context_settings, "terminal_width": WIDTH, "max_content_width": WIDTH}
    return click.Context(command, info_name=name, parent=parent, **settings)


def subcommand(group: click.Group, ctx: click.Context, name: str) -> click.Command:
    """The group's command of that name, which it lists or (a game's) finds."""
    found = group.get_command(ctx, name)
    if found is None:
        raise LookupError(f"{ctx.command_path} has no command {name}")
    return found


def sections(command: click.Command, name: str, parent: click.Context | None) -> list[str]:
    """This command's section and those of its subcommands, depth first, each group's in its listed order."""
    ctx = context(command, name, parent)
    path = ctx.command_path
    text = [f"## `{path}`\n\n```text\n{command.get_help(ctx).rstrip()}\n```\n"]
    if isinstance(command, click.Group):
        for sub in command.list_commands(ctx):
            text += sections(subcommand(command, ctx, sub), sub, ctx)
    return text


def reference() -> str:
    group = root_group()
    top = context(group, "pbem", None)
    text = [HEADER, f"## `pbem`\n\n```text\n{group.get_help(top).rstrip()}\n```\n"]
    for name in group.list_commands(top):
        text += sections(subcommand(group, top, name), name, top)
    for name in game_command_names():
        if name not in group.list_commands(top):
            text += sections(subcommand(group, top, name), name, top)
    return "\n".join(text)


if __name__ == "__main__":
    click.echo(reference(), nl=False)
