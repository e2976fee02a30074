"""The game master's hand in the open round: `pbem deadline`, `pause`, `resume`, `press` and `roll`."""
from __future__ import annotations

from pathlib import Path

import click

from pbem.commands.common import CAMPAIGN, _fail, _load


@click.command()
@CAMPAIGN
@click.option("--extend", required=True, metavar="DURATION", help="How much later: 24h, 2d, 90m.")
def deadline(campaign, extend):
    """Move the open round's deadline later.

    \b
    Example:
      pbem deadline war --extend 24h
    """
    import re

    from pbem.files import campaign_lock
    from pbem.tick import extend_deadline

    match = re.fullmatch(r"\s*(\d+)\s*([dhm])\s*", extend)
    if not match:
        _fail(f"--extend {extend!r}: write a number and a unit, for example 24h, 2d or 90m")
    minutes = int(match.group(1)) * {"d": 1440, "h": 60, "m": 1}[match.group(2)]
    camp = _load(campaign)
    with campaign_lock(camp.folder):
        moved = extend_deadline(camp, minutes / 60)
    from pbem.schedule import local_time

    click.echo(f"Round {camp.open_round} is now due by {local_time(camp, moved)} ({moved})")


@click.command()
@CAMPAIGN
@click.option("--reason", default="", help="Why; every player is told it.")
def pause(campaign, reason):
    """Pause the campaign: no round is resolved and nobody reminded until `pbem resume`.

    While paused, `pbem tick` still takes orders in (mail and inbox, each
    acknowledged) and sends the outbox, so that players may go on sending
    orders; it reminds nobody and resolves nothing, and says so once.
    `pbem resolve` is refused unless --force. Every player is told of the
    pause. A campaign with a beacon cannot be paused (its deadline cannot
    move once it has passed): move its deadline with `pbem deadline` instead.

    \b
    Example:
      pbem pause war --reason "the GM is travelling until the 12th"
      pbem resume war
    """
    from pbem.files import campaign_lock
    from pbem.pauses import pause as pause_campaign

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        record = pause_campaign(camp, reason)
    click.echo(f"Campaign {camp.name} paused at round {record['round']} since {record['since']}; every player is "
               f"told in {camp.folder / 'outbox'}. Go on with: pbem resume {campaign}")


@click.command()
@CAMPAIGN
def resume(campaign):
    """End a pause: the open round's deadline moves later by the time paused.

    Every player is told that the game goes on, with the new deadline. Run
    again after it was interrupted, it finishes what was left.

    \b
    Example:
      pbem resume war
    """
    from pbem.files import campaign_lock
    from pbem.pauses import resume as resume_campaign

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        result = resume_campaign(camp)
    hours = result["paused_for"].total_seconds() / 3600
    click.echo(f"Campaign {camp.name} goes on (paused {hours:.1f} hours since {result['since']})"
               + (f"; round {result['round']} is now due by {result['deadline']}" if result["deadline"] else "")
               + f". Every player is told in {camp.folder / 'outbox'}.")


@click.command("press")
@CAMPAIGN
@click.option("--text", help="The announcement's text.")
@click.option("--file", "file", type=click.Path(path_type=Path), help="Or: a UTF-8 file holding it.")
def press_command(campaign, text, file):
    """Announce to every player: the text is in every report of the open round, signed "the game master".

    \b
    Example:
      pbem press war --text "Bob is away until Friday; the deadline stays."
      pbem press war --file news.txt
    """
    from pbem import press
    from pbem.files import campaign_lock

    if (text is None) == (file is None):
        _fail("give the announcement with --text or with --file, one of them")
    if file is not None:
        from pbem.files import read_gm_text
        from pbem.orders import MAX_BYTES

        text = read_gm_text(file, MAX_BYTES, what="announcement")   # bounded as an order file is
    text = press.cleaned(text)
    where = f"{file}: " if file is not None else ""
    if not text:
        _fail(f"{where}the announcement is empty")
    if press.too_long(text):
        _fail(f"{where}the announcement is too long: at most {press.MAX_CHARACTERS:,} characters and "
              f"{press.MAX_LINES} lines")
    camp = _load(campaign)
    if camp.is_over():
        _fail("the game is over: there is no next report to announce in")
    if press.holds_a_token(camp, text):   # told without the token, as every refusal is
        _fail("the announcement holds a token (a player's or your GM token) and is not stored: take it out")
    with campaign_lock(camp.folder):
        press.store(camp, "press", press.gm_key(text), text, sender=None)
        camp.log(f"press: the game master's announcement for round {camp.open_round} stored")
    click.echo(f"Stored for round {camp.open_round}: every player's report of it will carry the announcement")


@click.command("roll")
@CAMPAIGN
@click.argument("expression")
@click.option("--for", "purpose", default="", metavar="WHY", help="What the roll is for, told with it to every player.")
@click.option("--again", is_flag=True, help="Roll anew for a purpose already rolled for this round: every player "
              "sees the repeat.")
def roll_command(campaign, expression, purpose, again):
    """Roll dice on demand, from the open round's committed seed: told at once, shown in every player's next report.

    EXPRESSION is NdS (the sum), NdS+M or NdS-M, or NdS>=T (how many dice show T or more): at most 100 dice of 2
    to 1000 sides. Each roll has a number within the round; `pbem verify` and the players' checker recompute it
    once the round's seed is revealed, and report a gap in the numbers or a purpose rolled twice. The same roll
    asked again (the same purpose) is told again, not rolled anew, unless --again.

    \b
    Example:
      pbem roll war 3d6 --for "the siege of Nagashima"
      pbem roll war 5d6>=5 --for "the ambush at Okehazama"
    """
    from pbem import roll
    from pbem.files import campaign_lock

    camp = _load(campaign)
    roll.parse(expression)   # a bad expression is refused before the campaign is locked
    with campaign_lock(camp.folder):
        made, new = roll.request(camp, expression, purpose, again=again)
    click.echo(("Rolled " if new else "Rolled before, not again (--again to roll anew): ")
               + roll.line(made, camp.open_round))
    if new:
        click.echo(f"Every player's report of round {camp.open_round} will show it with every die")
