"""The shell's side of a game's own GM commands (Game.commands; the contract is engine.tools).

A game's command parses its options and says what it found; everything that touches the campaign folder is
here: loading the campaign, its lock, the dice on demand (pbem.roll), the round's results file
(pbem.gm_results), and telling the GM what was rolled and written. The CLI puts a ShellDesk in the click
context's meta (engine.tools.DESK) when it hands a command line to a game's command.
"""
from __future__ import annotations

from pathlib import Path

import click

from engine import tools
from pbem import gm_results, roll
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import campaign_lock


def facts_of(campaign: Campaign) -> tools.Facts:
    """The campaign as a game's command may know it, as plain data."""
    state = campaign.state()
    takes_results = campaign.game.gm_results is not None
    return tools.Facts(folder=campaign.folder, name=campaign.name, game=campaign.game.name,
                       title=campaign.game.title, players=tuple(campaign.player_names),
                       open_round=campaign.open_round, last_round=campaign.last_round,
                       over=campaign.game.is_over(state), takes_gm_results=takes_results, state=state,
                       results=gm_results.parsed(campaign) if takes_results else {},
                       orders_in=tuple(campaign.pending_orders()))


def shell_error(refused: tools.Refused) -> UserError:
    """A game's refusal as the shell's own: the same message, details and exit code."""
    return UserError(refused.message, refused.details)


class ShellDesk:
    """engine.tools.Desk as the shell does it."""

    def facts(self, folder: Path) -> tools.Facts:
        return facts_of(Campaign.load(folder))

    def run(self, folder: Path, tool: tools.Tool) -> tools.Told:
        campaign = Campaign.load(folder)
        with campaign_lock(campaign.folder):
            dice = roll.OnDemandDice(campaign)
            told = tool(facts_of(campaign), dice)
            written = None
            if told.table is not None:
                path, added = gm_results.add_table(campaign, told.table.key, told.table.data, told.table.text)
                written = written_line(campaign.open_round, told.table.key, path, added)
            for made in dice.made:
                click.echo(roll.line(made, campaign.open_round))
            click.echo(told.text)
            if written is not None:
                click.echo(written)
        if told.after:
            click.echo(told.after)
        return told

    def draft(self, folder: Path, write: bool, replace_file: bool) -> tools.Drafted:
        campaign = Campaign.load(folder)
        with campaign_lock(campaign.folder):
            number, text = gm_results.draft(campaign)
            path = gm_results.write(campaign, number, text, replace_file=replace_file) if write else None
        return tools.Drafted(number, text, path)

    def read_results(self, folder: Path) -> tools.ResultsRead:
        campaign = Campaign.load(folder)
        number = campaign.open_round
        return tools.ResultsRead(gm_results.path_of(campaign, number), number,
                                 gm_results.read(campaign, campaign.state(), number))


def written_line(number: int, key: str, path: Path, added: bool) -> str:
    """Where a tool's table went, or that it was there already (the tool run again: nothing rolled anew)."""
    if added:
        return f"Written into round {number}'s results, {path}, as a [[{key}]] table; read it there, then pbem resolve."
    return f"It is in round {number}'s results already ({path}); nothing new was rolled or added."
