"""`pbem player away|back|replace|set`: who plays a position, at which address, and who is away."""
from __future__ import annotations

import click

from pbem.commands.common import CAMPAIGN, _fail, _load


@click.group()
def player():
    """Hand a position to a new player, change a player's address or language, or mark one away.

    \b
    Example:
      pbem player replace war bob --email robert@example.org
      pbem player set war ann --email ann@new.example.org
      pbem player away war bob --until 2026-03-20
    """


@player.command("away")
@CAMPAIGN
@click.argument("name")
@click.option("--until", "until", required=True, metavar="DATE",
              help="The last day away, YYYY-MM-DD in the campaign's time zone (back at midnight after it), or the "
              "moment back as an ISO stamp (e.g. 2026-03-20T18:00:00Z).")
@click.option("--policy", type=click.Choice(["default", "computer"]),
              help="The orders played for NAME's missing ones meanwhile: the game's default orders or its computer "
              "player [default: the campaign's missing_orders; default orders where it is wait].")
def player_away(campaign, name, until, policy):
    """Mark NAME away until a date: no round waits for NAME meanwhile.

    At each resolution while NAME is away, missing orders from NAME are
    played by the policy, and the reports say NAME was away (not that NAME's
    orders failed to arrive); no deadline waits for NAME, even where the
    campaign's missing_orders is wait, nor does the outage guard count NAME,
    and NAME is not reminded. Orders NAME sends all the same are played. The
    absence ends by itself after the date; `pbem player back` ends it sooner.

    \b
    Example:
      pbem player away war bob --until 2026-03-20
      pbem player away war bob --until 2026-03-20T18:00:00Z --policy computer
    """
    from pbem.files import campaign_lock
    from pbem.pauses import set_away

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        entry = set_away(camp, name, until, policy)
    click.echo(f"{name} is away until {entry['until']}; missing orders meanwhile: "
               f"{camp.stand_in_policy(name, {name: entry})} orders")


@player.command("back")
@CAMPAIGN
@click.argument("name")
def player_back(campaign, name):
    """End NAME's absence before its date.

    \b
    Example:
      pbem player back war bob
    """
    from pbem.files import campaign_lock
    from pbem.pauses import set_back

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        was = set_back(camp, name)
    click.echo(f"{name} is back" if was else f"{name} was not away; nothing changed")


@player.command("replace")
@CAMPAIGN
@click.argument("name")
@click.option("--email", required=True, help="The new player's address.")
@click.option("--keep-orders", is_flag=True,
              help="Keep the orders the leaver stored for the open round (they are dropped otherwise).")
def player_replace(campaign, name, email, keep_orders):
    """Give NAME's position to someone new: new address, new token (the old one stops working).

    A welcome letter with the new token and the position's last report goes
    to the outbox. Orders the leaver stored for the open round are dropped, so
    that the newcomer's own (or the default) count, unless --keep-orders.

    \b
    Example:
      pbem player replace war bob --email robert@example.org
    """
    from pbem.files import campaign_lock
    from pbem.players import replace_player

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        handed = replace_player(camp, name, email, keep_orders=keep_orders)
    click.echo(f"{name} is now played from {email}; the welcome letter is {handed.key}.eml in the outbox")
    click.echo({"none": f"{name} had no orders stored for round {camp.open_round}.",
                "dropped": f"{name}'s stored orders for round {camp.open_round} were dropped (--keep-orders keeps "
                           "them).",
                "kept": f"{name}'s stored orders for round {camp.open_round} were kept (--keep-orders)."}
               [handed.stored_orders])


@player.command("set")
@CAMPAIGN
@click.argument("name")
@click.option("--email", help="A new address for the same player (the token stays).")
@click.option("--language", help="The player's language code, e.g. en or es.")
def player_set(campaign, name, email, language):
    """Change NAME's address or language.

    \b
    Example:
      pbem player set war ann --email ann@new.example.org
    """
    from pbem.files import campaign_lock
    from pbem.players import set_player

    if email is None and language is None:
        _fail("say what to change: --email and/or --language")
    camp = _load(campaign)
    with campaign_lock(camp.folder):
        changed = set_player(camp, name, email=email, language=language)
    click.echo(f"{changed.name}: {changed.email}, language {changed.language}")
