"""Every listed command's `--help`, in the order `pbem --help` lists them: a dump to diff before and after a change
that should leave the command line as it is (splitting pbem/cli.py into modules, say).

    .venv/bin/python tests/support/cli_help_dump.py > before.txt
    ... the change ...
    .venv/bin/python tests/support/cli_help_dump.py | diff before.txt -

Each command is asked for its help as a GM would (`pbem odds ikusa --help`), at a fixed terminal width so that
the dump does not depend on the terminal it runs in. The commands a game brings without listing them (`pbem
moderate`) are not walked; a group's listed subcommands are, its games' odds commands included.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def paths(group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The command path of the group itself, then of each subcommand in listing order, depth first."""
    import click

    context = click.Context(group)
    found = [prefix]
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, click.Group):
            found += paths(command, (*prefix, name))
        else:
            found.append((*prefix, name))
    return found


def dump() -> str:
    from click.testing import CliRunner

    from pbem.cli import cli

    runner = CliRunner()
    parts = []
    for path in paths(cli):
        shown = runner.invoke(cli, [*path, "--help"], prog_name="pbem", env={"COLUMNS": "120"})
        parts.append(f"=== pbem {' '.join(path)} --help (exit {shown.exit_code})\n{shown.output}")
    return "".join(parts)


if __name__ == "__main__":
    sys.stdout.write(dump())
