"""`pbem orders template|check|submit` and `pbem inbox`: order forms, and orders checked and stored."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.commands.common import CAMPAIGN, _fail, _load


@click.group()
def orders():
    """Order forms, checking orders, and storing them for a player.

    \b
    Example:
      pbem orders template war ann > ann.toml
      pbem orders check war ann.toml
      pbem orders submit war ann ann.toml
    """


@orders.command("template")
@CAMPAIGN
@click.argument("player")
def orders_template(campaign, player):
    """Print PLAYER's order form for the open round, pre-filled and commented.

    \b
    Example:
      pbem orders template war ann > ann.toml
    """
    from pbem import door

    camp = _load(campaign)
    camp.player(player)
    if camp.is_over():
        _fail("the game is over; there are no more orders to give")
    click.echo(door.order_form(door.seat(camp, player)), nl=False)


@orders.command("check")
@CAMPAIGN
@click.argument("file", type=click.Path(path_type=Path))
def orders_check(campaign, file):
    """Check an order file without storing it; show what would be executed.

    The file names its player (player = "NAME"). Exit code 2 if it is rejected.

    \b
    Example:
      pbem orders check war ann.toml
    """
    _take_orders(_load(campaign), file, player=None, keep=False)


@orders.command("submit")
@CAMPAIGN
@click.argument("player")
@click.argument("file", type=click.Path(path_type=Path))
def orders_submit(campaign, player, file):
    """Store FILE as PLAYER's orders for the open round (replacing earlier ones).

    The game master's way in: no token is needed. Exit code 2 if rejected,
    and then nothing is stored.

    \b
    Example:
      pbem orders submit war ann ann.toml
    """
    _take_orders(_load(campaign), file, player=player, keep=True)


def _take_orders(camp, file: Path, player: str | None, keep: bool):
    from pbem.files import campaign_lock, read_gm_bytes
    from pbem.inbox import forecast_text
    from pbem.orders import MAX_BYTES, deliver_briefings, normalised_text, read_orders, store

    data = read_gm_bytes(file, MAX_BYTES, what="order file")   # as the inbox bounds one
    if keep:
        camp.player(player)
        with campaign_lock(camp.folder):
            submission = read_orders(camp, data, str(file), player=player)
            store(camp, submission, f"cli:{file.name}")
            camp.log(f"orders submitted for {submission.player}, round {submission.round}")
            for key in deliver_briefings(camp):
                click.echo(f"Private news posted to the outbox: {key}")
    else:
        submission = read_orders(camp, data, str(file), player=player)
    verb = "Stored" if keep else "Accepted (not stored)"
    click.echo(f"{verb}: orders of {submission.player} for round {submission.round}, as they will be executed:\n")
    click.echo(normalised_text(camp, submission))
    forecast = forecast_text(camp.game_name, submission.forecast)
    if forecast:
        click.echo(forecast, nl=False)


@click.command()
@CAMPAIGN
def inbox(campaign):
    """Take the order files dropped into CAMPAIGN/inbox/ and acknowledge each.

    Each file must carry the player's token. Accepted orders are stored; every
    file gets an acknowledgement in the outbox (the normalised orders, or every
    error). One bad file never stops the others. Exit code 2 if any was rejected.

    \b
    Example:
      cp ann.toml war/inbox/ && pbem inbox war
    """
    from pbem.files import campaign_lock
    from pbem.inbox import take_inbox

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        results = take_inbox(camp)
    for result in results:
        if result.accepted:
            click.echo(f"accepted  {result.file} ({result.player})")
        else:
            click.echo(f"rejected  {result.file} ({result.player or 'unknown player'})")
            for line in result.problems:
                click.echo(f"    {line}")
    if not results:
        click.echo("inbox is empty")
    sys.exit(2 if any(not r.accepted for r in results) else 0)
