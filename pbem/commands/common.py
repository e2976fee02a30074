"""What every group of commands needs: the CAMPAIGN argument, a campaign loaded, a refusal or damage said.

The helpers are for the modules of pbem/commands/ alone, hence their underscores.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


def _load(folder: Path):
    from pbem.campaign import Campaign

    return Campaign.load(folder)


def _fail(message: str) -> NoReturn:
    from pbem.errors import UserError

    raise UserError(message)


def _damaged(problems: list[str]):
    for line in problems:
        click.echo(line, err=True)
    sys.exit(1)
