"""Ikusa's own command, `pbem odds ikusa`: the shell finds it through GAME.odds_command.

The odds module is imported when the command runs, so that listing the
games' commands stays quick.
"""
from __future__ import annotations

import json

import click

LABELS = (("attacker_wins", "attacker wins"), ("defender_wins", "defender wins"),
          ("both_eliminated", "both eliminated"))


class Force(click.ParamType):
    """A force written as "daimyo=1,archer=2,spearman=3"; a bad one is refused with what is wrong in it."""

    name = "spec"

    def convert(self, value, param, ctx):
        from .odds import parse_spec

        if isinstance(value, dict):
            return value
        try:
            return parse_spec(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


@click.command("ikusa")
@click.option("--attacker", required=True, type=Force(), metavar="SPEC",
              help="The attacking force, e.g. daimyo=1,archer=2.")
@click.option("--defender", required=True, type=Force(), metavar="SPEC",
              help="The defending force, e.g. spearman=3.")
@click.option("--castle", "fortification", flag_value="castle", help="The defender holds a castle (4 bonus spearmen).")
@click.option("--fortress", "fortification", flag_value="fortress",
              help="The defender holds a fortress (5 bonus ronin).")
@click.option("--naval", is_flag=True, help="A naval invasion: the defender strikes first.")
@click.option("--json", "as_json", is_flag=True)
def odds(attacker, defender, fortification, naval, as_json):
    """The exact chances of one Ikusa battle fought to the end.

    Both sides remove casualties in the default order (bonus units, spearmen,
    gunners, swordsmen, ronin, archers, the daimyo last) and the attacker
    never withdraws. Unit kinds: daimyo, archer, gunner, swordsman, ronin,
    spearman.

    \b
    Example:
      pbem odds ikusa --attacker daimyo=1,archer=1,swordsman=1,gunner=2 --defender spearman=3 --castle
      pbem odds ikusa --attacker spearman=5 --defender spearman=2,ronin=1 --naval --json
    """
    from .odds import battle_odds, percent

    chances = battle_odds(attacker, defender, fortification=fortification, naval=naval)
    if as_json:
        click.echo(json.dumps({key: float(value) for key, value in chances.items()}, sort_keys=True))
    else:
        for key, label in LABELS:
            click.echo(f"{label:16} {percent(chances[key], 2)}%")
