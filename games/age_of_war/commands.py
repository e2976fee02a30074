"""Age of War's own command, `pbem odds age-of-war`: the shell finds it through GAME.odds_command.

The rules it reads (the castle names, the solver) are imported when the
command runs, so that listing the games' commands stays quick.
"""
from __future__ import annotations

import json

import click


class Castle(click.ParamType):
    """A castle as players write it (any case, no accents); a misspelt one is refused with the names close to it."""

    name = "castle"

    def convert(self, value, param, ctx):
        from .orders import canonical_entry, suggest

        name = canonical_entry(value)
        if name is None or name == "auto":
            close = suggest(value)
            self.fail(f"unknown castle {value!r}" + (f"; did you mean {' or '.join(close)}?" if close else ""),
                      param, ctx)
        return name


@click.command("age-of-war")
@click.argument("castle", type=Castle())
@click.option("--steal", is_flag=True, help="The castle lies before an opponent: add the daimyo line.")
@click.option("--dice", type=click.IntRange(1, 7), default=7, show_default=True, help="Dice in hand.")
@click.option("--json", "as_json", is_flag=True)
def odds(castle, steal, dice, as_json):
    """The exact chance of taking CASTLE this turn, playing every roll at best.

    \b
    Example:
      pbem odds age-of-war Gifu
      pbem odds age-of-war Edo --steal --json
    """
    from .solver import odds as chance_of

    chance = chance_of(castle, steal=steal, dice=dice)
    if as_json:
        click.echo(json.dumps({"castle": castle, "steal": steal, "dice": dice,
                               "probability": float(chance), "exact": f"{chance.numerator}/{chance.denominator}"}))
    else:
        click.echo(f"{castle}{' (steal)' if steal else ''} with {dice} dice: {float(chance):.4%}")
