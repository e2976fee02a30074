"""The GM's own commands in a moderated campaign, `pbem moderate ...`: the shell finds them through
GAME.commands. What they do to the campaign is the shell's: they ask it of the shell's desk (engine.tools.Desk,
found in the click context; pbem/game_commands.py is the shell's, over pbem/gm_results.py) and only say it."""
from __future__ import annotations

from pathlib import Path

import click

from engine.tools import Facts, desk_in, facts_or_refused

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


def _desk():
    return desk_in(click.get_current_context().meta)


def _moderated(folder: Path) -> Facts:
    return facts_or_refused(_desk(), folder, moderated_refusal)


def moderated_refusal(facts: Facts) -> str:
    """Why the GM's commands have nothing to do in this campaign ("": they have)."""
    if not facts.takes_gm_results:
        return f"{facts.name} plays {facts.title}, whose rounds take no GM results"
    if facts.over:
        return f"the game is over (after round {facts.last_round}); there is nothing to moderate"
    return ""


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
    _moderated(campaign)
    drafted = _desk().draft(campaign, write=not to_stdout, replace_file=force)
    if to_stdout:
        click.echo(drafted.text, nl=False)
        return
    facts = _desk().facts(campaign)   # the orders in once the skeleton was written
    waiting = [p for p in facts.players if p not in facts.orders_in]
    click.echo(f"The skeleton of round {drafted.number}'s results is in {drafted.path}"
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
    facts = _moderated(campaign)
    found = _desk().read_results(campaign)
    results = found.results
    told = sum(1 for text in results["private"].values() if text)
    click.echo(f"{found.path}: the results of round {found.number} read well: a public text, "
               f"a private text for {told} of {len(facts.players)} players"
               + (", and the game ends with them" if results["over"] else ""))
