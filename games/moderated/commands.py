"""The GM's own commands in a moderated campaign, `pbem moderate ...`: the shell finds them through
GAME.commands. What they do to the campaign is the shell's (pbem/gm_results.py); they only say it."""
from __future__ import annotations

from pathlib import Path

import click

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.group()
def moderate():
    """The GM's side of a moderated campaign: the round's results file.

    Each round waits for the GM's results, CAMPAIGN/results/round-NNN.toml:
    a [public] text for every player and a [private.NAME] text for each one.
    `pbem moderate draft` writes its skeleton with every player's orders in
    it; `pbem moderate check` reads it as `pbem resolve` will; `pbem resolve`
    publishes it.

    \b
    Example:
      pbem moderate draft feud
      pbem moderate check feud && pbem resolve feud
    """


def _moderated(folder: Path):
    from pbem.campaign import Campaign
    from pbem.errors import UserError

    campaign = Campaign.load(folder)
    if campaign.game.gm_results is None:
        raise UserError(f"{campaign.name} plays {campaign.game.title}, whose rounds take no GM results")
    if campaign.is_over():
        raise UserError(f"the game is over (after round {campaign.last_round}); there is nothing to moderate")
    return campaign


@moderate.command()
@CAMPAIGN
@click.option("--stdout", "to_stdout", is_flag=True, help="Print the skeleton instead of writing it.")
@click.option("--force", is_flag=True, help="Write it over a results file already there (which is lost).")
def draft(campaign, to_stdout, force):
    """Write the skeleton of the open round's results, every player's orders in it.

    It goes to CAMPAIGN/results/round-NNN.toml (readable by you alone), where
    `pbem resolve` reads it, unless --stdout; never over a file already there
    without --force. Each player's orders so far are in it as comments beside
    that player's [private.NAME] part; it says draft = true, which you take
    out once the results are written. Run it again (with --force, or --stdout)
    when later orders come in.

    \b
    Example:
      pbem moderate draft feud
      pbem moderate draft feud --stdout > round-3.toml
    """
    from pbem import gm_results
    from pbem.files import campaign_lock

    camp = _moderated(campaign)
    with campaign_lock(camp.folder):
        number, text = gm_results.draft(camp)
        if to_stdout:
            click.echo(text, nl=False)
            return
        path = gm_results.write(camp, number, text, replace_file=force)
    waiting = [p for p in camp.player_names if p not in camp.pending_orders()]
    click.echo(f"The skeleton of round {number}'s results is in {path}"
               + (f" (no orders yet from {', '.join(waiting)})" if waiting else " (every player's orders in it)"))
    click.echo("Write the results, take out its line draft = true, then pbem resolve.")


@moderate.command()
@CAMPAIGN
def check(campaign):
    """Read the open round's results file as `pbem resolve` will, and say what is wrong, line by line.

    Exit code 2 when it is missing or refused; nothing is written either way.

    \b
    Example:
      pbem moderate check feud
    """
    from pbem import gm_results

    camp = _moderated(campaign)
    number = camp.open_round
    results = gm_results.read(camp, camp.state(), number)
    told = sum(1 for text in results["private"].values() if text)
    click.echo(f"{gm_results.path_of(camp, number)}: the results of round {number} read well: a public text, "
               f"a private text for {told} of {len(camp.player_names)} players"
               + (", and the game ends with them" if results["over"] else ""))
