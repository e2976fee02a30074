"""Rounds resolved, read and checked: `pbem resolve`, `report`, `replay`, `verify` and `rollback`."""
from __future__ import annotations

import sys

import click

from pbem.commands.common import CAMPAIGN, _damaged, _fail, _load


@click.command()
@CAMPAIGN
@click.option("--force", is_flag=True, help="Resolve now; players without orders get the game's default orders.")
@click.option("--round", "round_number", type=int, metavar="N",
              help="Resolve round N only: when it is already resolved, do nothing (safe to run again).")
@click.option("--dry-run", is_flag=True,
              help="Show what resolving now would give (the orders in, stand-in orders for the missing), writing "
                   "nothing, with throwaway dice: NOT the round's real dice.")
@click.option("--show", "shown", metavar="PLAYER", help="With --dry-run: print this player's report instead of the "
                                                        "summary.")
def resolve(campaign, force, round_number, dry_run, shown):
    """Resolve the open round and put every player's report in the outbox.

    Without --force, the round is resolved only when every player's orders
    are in or its deadline has passed; otherwise exit code 2 says who is missing.
    Run again after it was interrupted, a forced resolution does not force the
    next round too: it says the round was resolved and stops.

    With --dry-run nothing is written and nobody is told: it prints what
    resolving now would give, as --force would (a summary, or one player's
    report with --show), with dice from a throwaway secret, never the round's
    real seed, which stays secret until the round is resolved.

    \b
    Example:
      pbem resolve war
      pbem resolve war --force --round 3
      pbem resolve war --dry-run --show ann
    """
    from pbem.files import campaign_lock
    from pbem.rounds import forcing_told, resolve_by_hand
    from pbem.status import campaign_status

    if shown is not None and not dry_run:
        _fail("--show PLAYER goes with --dry-run (a resolved round's reports: pbem report CAMPAIGN PLAYER)")
    camp = _load(campaign)
    if dry_run:
        from pbem.preview import dry_run_text
        from pbem.rounds import dry_run as preview

        if round_number is not None and round_number != camp.open_round:
            _fail(f"--round {round_number}: round {camp.open_round} is the open round")
        if shown is not None:
            camp.player(shown)
        with campaign_lock(camp.folder):   # no round resolved or undone while it is read
            click.echo(dry_run_text(camp, preview(camp), shown), nl=False)
        return
    with campaign_lock(camp.folder):
        result = resolve_by_hand(camp, force=force, round_number=round_number)
        if result.get("already"):
            click.echo(f"Round {result['round']} was already resolved"
                       + (" (by the `pbem resolve` that was interrupted)" if result["interrupted"] else "")
                       + "; nothing more was done.")
        else:
            click.echo(f"Round {result['round']} resolved; reports are in {camp.folder / 'outbox'}")
            if result["defaulted"]:
                click.echo(f"Default orders were used for: {', '.join(result['defaulted'])}")
            if result.get("away"):
                click.echo(f"Away, their orders played as set for the absence: {', '.join(result['away'])}")
        info = campaign_status(camp)
        if info["over"]:
            click.echo("The game is over.")
        else:
            click.echo(f"Round {info['round']} is open"
                       + (f", due {info['deadline_local']} ({info['deadline']})" if info["deadline"] else "")
                       + f"; waiting for orders from {', '.join(info['missing']) or 'nobody'}"
                       + (" and for the GM's results" if info.get("gm_results") is False else "") + ".")
        sys.stdout.flush()
        forcing_told(camp)


@click.command()
@CAMPAIGN
@click.argument("player")
@click.option("--round", "number", type=int, help="The round [default: the last resolved].")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def report(campaign, player, number, fmt):
    """Print PLAYER's report of a round, exactly as it was sent.

    \b
    Example:
      pbem report war ann
      pbem report war ann --round 3 --format json
    """
    from pbem.rounds import report_text

    click.echo(report_text(_load(campaign), player, number, fmt), nl=False)


@click.command()
@CAMPAIGN
def replay(campaign):
    """Re-resolve every round from its recorded inputs and compare byte for byte.

    Exit code 1 names the first file that differs.

    \b
    Example:
      pbem replay war
    """
    from pbem.history import replay as replay_rounds

    camp = _load(campaign)
    differences = replay_rounds(camp, progress=lambda n: click.echo(f"round {n}: identical", err=True))
    if differences:
        _damaged(differences)
    click.echo(f"replay: all {len(camp.resolved_rounds())} rounds identical")


@click.command()
@CAMPAIGN
def verify(campaign):
    """Check the hash chain over rounds, every seed commitment and every roll.

    \b
    Example:
      pbem verify war
    """
    from pbem.history import verify as verify_rounds

    camp = _load(campaign)
    problems = verify_rounds(camp)
    if problems:
        _damaged(problems)
    click.echo(f"verify: {len(camp.resolved_rounds())} rounds, hash chain, commitments and rolls all check out")


@click.command()
@CAMPAIGN
@click.option("--to", "to", type=int, required=True, help="The last round to keep.")
@click.option("--reason", required=True, help="Why; it is printed in the re-run round's reports.")
@click.option("--decks-revealed", is_flag=True,
              help="Roll back a game whose hidden decks its last report revealed (Ninjato's end) all the same.")
def rollback(campaign, to, reason, decks_revealed):
    """Undo the rounds after --to, so that orders can be corrected and the round resolved again.

    The undone rounds move to CAMPAIGN/archive/ (never deleted); the orders of
    the first undone round come back, to be corrected with `pbem orders submit`,
    without their nonces. The re-run is played with a new dice seed, whose
    commitment every player is sent at once in a notice, so that nobody can
    foresee the re-run from the undone round's reveal.

    \b
    Example:
      pbem rollback war --to 3 --reason "ann's orders were misread"
      pbem orders submit war ann fixed.toml && pbem resolve war
    """
    from pbem.files import campaign_lock
    from pbem.history import rollback as roll_back

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        result = roll_back(camp, to, reason, decks_revealed=decks_revealed)
    click.echo(f"Rounds {', '.join(map(str, result['undone']))} undone and kept in {result['archive']}")
    click.echo(f"Round {to + 1} is open again, with the orders it had; resolve it when they are right.")
    click.echo(f"Its new dice seed is committed to as {result['commitment']}; every player is told so in the outbox.")
