"""The mail: `pbem tick` (the cron job), `pbem fetch` and `pbem send`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.commands.common import CAMPAIGN, _load


def _shard(context, parameter, value):
    """--shard K/N as (K, N); a bad one is a usage error (exit code 2)."""
    if value is None:
        return None
    from pbem.shard import parse_shard

    try:
        return parse_shard(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@click.command()
@click.argument("campaigns", nargs=-1, required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--shard", metavar="K/N", callback=_shard,
              help="Tick only shard K (1 to N) of N of the campaigns given: a stable split by the name of each "
                   "campaign's folder, the same on every host. Give every shard the same campaigns and the same N.")
def tick(campaigns, shard):
    """The cron job: for each campaign fetch the mail, take the inbox, remind, resolve when due, send.

    A round is resolved when every player still in the game has orders in (and
    marked them final, where the campaign asks for it), or when its deadline
    and grace have passed, unless the mail server could not be reached. Prints
    only what it did (cron mails any output); a campaign or a mail server that
    fails is reported with FAILED, the others go on, and the exit code is 1.
    Each campaign's log.txt keeps the same lines. A run killed at any moment
    is finished by the next. A paused campaign (`pbem pause`) still has its
    mail and inbox taken in and its outbox sent, but nobody is reminded and
    nothing resolved; no deadline waits for a player away (`pbem player away`).

    With --shard K/N it ticks only the campaigns of shard K: N hosts (or N
    jobs), each given all the campaigns and its own K, tick each campaign once.

    \b
    Example (crontab, every ten minutes):
      */10 * * * *  /path/to/.venv/bin/pbem tick /srv/pbem/war /srv/pbem/feud
      */10 * * * *  /path/to/.venv/bin/pbem tick --shard 2/3 /srv/pbem/*/
    """
    from pbem.tick import tick as tick_campaign

    if shard is not None:
        from pbem.shard import in_shard

        campaigns = in_shard(campaigns, *shard)
    failures = 0
    for folder in campaigns:
        try:
            report = tick_campaign(folder)
        except Exception as exc:  # one campaign's trouble must not stop the others
            failures += 1
            click.echo(f"{folder}: FAILED: {exc}", err=True)
            continue
        for line in report.did:
            click.echo(f"{folder}: {line}")
        for line in report.failed:
            click.echo(f"{folder}: FAILED: {line}", err=True)
        failures += bool(report.failed)
    sys.exit(1 if failures else 0)


@click.command()
@CAMPAIGN
def fetch(campaign):
    """Take the players' mail from the campaign's IMAP mailbox, and answer each.

    The server is set in campaign.toml ([mail.imap] host, port, security =
    "tls" | "starttls" | "none" (loopback only), user, folder, done_folder);
    the password comes from PBEM_IMAP_PASSWORD or imap_password in
    secrets.toml. Each message is kept in received/ before it is taken, and
    moved to the done folder on the server only after that: orders are stored
    and acknowledged, requests ("[war] report", "form", "status", "help" as
    the subject) answered, auto-replies and strangers' mail set aside without
    an answer. `pbem tick` does this too. Exit code 1 if the server failed.

    \b
    Example:
      PBEM_IMAP_PASSWORD=... pbem fetch war && pbem send war
    """
    from pbem.fetch import BATCH
    from pbem.fetch import fetch as fetch_mail
    from pbem.files import campaign_lock

    camp = _load(campaign)

    def progress(done, total):
        if total > BATCH:   # more than one batch: long enough to want news of it
            click.echo(f"  {done}/{total} messages", err=True)

    with campaign_lock(camp.folder):
        result = fetch_mail(camp, progress=progress)
    for outcome in result.outcomes:
        if outcome.action in ("seen before", "other campaign"):
            continue
        who = f" ({outcome.player})" if outcome.player else ""
        click.echo(f"{outcome.action:<10} {outcome.key}{who}" + (f": {outcome.detail}" if outcome.detail else ""))
    taken = [o for o in result.outcomes if o.taken]
    if not taken:
        click.echo("no new mail")
    if result.left:
        click.echo(f"{result.left} message{'' if result.left == 1 else 's'} for other campaigns left in the mailbox")


@click.command()
@CAMPAIGN
@click.option("--now", "at_once", is_flag=True, help="Try every message now, without waiting for its next retry.")
def send(campaign, at_once):
    """Deliver the outbox over SMTP; each message moves to sent/ once the server accepted it.

    The server is set in campaign.toml ([mail.smtp] host, port, security =
    "tls" | "starttls" | "none", and user only if the server wants a login);
    the password comes from the PBEM_SMTP_PASSWORD environment variable or
    smtp_password in secrets.toml. Messages that fail stay in the outbox and
    are tried again on a later run, after a wait that doubles each time
    (--now tries them at once). Exit code 1 if any failed this run.

    \b
    Example:
      PBEM_SMTP_PASSWORD=... pbem send war
      pbem send war --now
    """
    from pbem.files import campaign_lock
    from pbem.send import send_outbox

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        result = send_outbox(camp, at_once=at_once)
    click.echo(f"sent {len(result.sent)}, failed {len(result.failed)}, waiting to retry {len(result.waiting)}"
               + (" (pbem send --now tries them at once)" if result.waiting else ""))
    for key, why in sorted(result.failed.items()):
        click.echo(f"  {key}: {why}", err=True)
    sys.exit(1 if result.failed else 0)
