"""`pbem new`, `pbem status`, and the campaign's keys: `pbem gm-token`, `pbem secret`."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.commands.common import CAMPAIGN, _fail, _load


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "game_name", required=True, help="The game to play, e.g. age-of-war.")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME=EMAIL",
              help="A player, in seat order; repeat for each player.")
@click.option("--language", "languages", multiple=True, metavar="NAME=CODE",
              help="The language a player's mails are written in, e.g. ann=es (English unless given); refused "
              "unless the campaign can write it. Repeat for each player.")
@click.option("--gm", default="gm@localhost", show_default=True, help="The game master's mail address.")
@click.option("--name", help="Campaign name used in mail subjects [default: the folder's name].")
@click.option("--deadline-hours", type=click.IntRange(min=0), default=0,
              help="Hours from one resolution to the next deadline; 0 for none.")
@click.option("--deadline-days", type=click.IntRange(min=0), default=0,
              help="Or: the deadline is this many days after a resolution, at --deadline-at in --timezone.")
@click.option("--deadline-weekdays", default="", metavar="DAYS",
              help="Or: the deadline is the first of these weekdays (e.g. mon,thu) at --deadline-at in --timezone "
              "strictly after a resolution, with no least gap: resolved on Thursday at 19:59, due at 20:00 that "
              "day. Not with --deadline-hours or --deadline-days.")
@click.option("--deadline-at", default="20:00", show_default=True, metavar="HH:MM",
              help="With --deadline-days or --deadline-weekdays.")
@click.option("--timezone", default="UTC", show_default=True, help="The campaign's time zone, e.g. Europe/Berlin.")
@click.option("--grace-hours", type=click.IntRange(min=0), default=0,
              help="After the deadline, wait this much longer for late orders.")
@click.option("--remind-hours", type=click.IntRange(min=0), default=0,
              help="Remind players without orders this long before the deadline; 0 for never.")
@click.option("--require-final", is_flag=True,
              help="Resolve before the deadline only when every player's orders say final = true.")
@click.option("--outage-guard", type=click.IntRange(min=0), default=0,
              help="At a deadline, more first-time absentees than this: hold the round and tell the GM.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A game option, e.g. quick=true or victory_check=end_of_round (Ikusa); repeatable.")
@click.option("--missing-orders", type=click.Choice(["default", "computer", "wait"]), default="default",
              show_default=True, help="A player who sends no orders by the deadline: the game's default orders, "
              "its computer player, or wait (for the orders or a replacement player).")
@click.option("--beacon", is_flag=True,
              help="Mix drand's public randomness beacon into every round's dice, so that nobody, the GM included, "
              "can foresee them: for a GM who also plays. Needs a deadline; a round resolves only after it.")
@click.option("--beacon-url", "beacon_urls", multiple=True, metavar="URL",
              help="A drand HTTP server to fetch beacon rounds from, tried in turn [default: api.drand.sh, "
              "drand.cloudflare.com]. Every round is checked against drand mainnet's public key.")
def new(folder, game_name, players, languages, gm, name, deadline_hours, deadline_days, deadline_weekdays,
        deadline_at, timezone, grace_hours, remind_hours, require_final, outage_guard, options, missing_orders, beacon,
        beacon_urls):
    """Create a campaign folder and a welcome letter (with a secret token) per player.

    \b
    Example:
      pbem new war --game age-of-war --gm gm@example.org \\
          --player ann=ann@example.org --player bob=bob@example.org

    \b
      pbem new feud --game ikusa --option quick=true --player ann=ann@example.org \\
          --player bob=bob@example.org --player cho=cho@example.org --language cho=es \\
          --deadline-days 3 --deadline-at 20:00 --timezone Europe/Berlin --remind-hours 24

    \b
      pbem new war --game age-of-war --player ann=ann@example.org \\
          --player bob=bob@example.org --deadline-weekdays mon,thu --deadline-at 20:00 \\
          --timezone Europe/Berlin

    \b
      pbem new duel --game age-of-war --beacon --deadline-hours 48 \\
          --player gm=gm@example.org --player bob=bob@example.org

    The welcome letters are in FOLDER/outbox/; each carries the player's token,
    which is shown nowhere else.
    """
    from pbem.beacon import DEFAULT_URLS, require_signature_library
    from pbem.create import new_campaign, parse_languages, parse_option, parse_player

    if beacon_urls and not beacon:
        _fail("--beacon-url is for a campaign with --beacon")
    if beacon:
        require_signature_library()

    campaign = new_campaign(folder, game_name=game_name, gm=gm,
                            players=parse_languages(languages, [parse_player(p) for p in players]),
                            name=name, deadline_hours=deadline_hours,
                            options=dict(parse_option(o) for o in options), missing_orders=missing_orders,
                            settings={"deadline_days": deadline_days, "deadline_weekdays": deadline_weekdays,
                                      "deadline_at": deadline_at if deadline_days or deadline_weekdays else "",
                                      "timezone": timezone, "grace_hours": grace_hours, "remind_hours": remind_hours,
                                      "require_final": require_final, "outage_guard": outage_guard},
                            beacon={"urls": list(beacon_urls or DEFAULT_URLS)} if beacon else None)
    click.echo(f"Created campaign {campaign.name!r} ({campaign.game.title}) in {folder}")
    if beacon:
        click.echo("Its dice mix in drand's beacon: each round resolves only after its deadline, once the beacon "
                   "round that follows it is out")
    click.echo(f"Welcome letters with each player's token are in {folder / 'outbox'}")
    for note in campaign.game.gm_notes(campaign.state(0)) if campaign.game.gm_notes else ():
        click.echo(f"Note: {note}")
    _new_gm_token(campaign, "Your GM token")


@click.command()
@click.argument("campaigns", nargs=-1, type=click.Path(file_okay=False, path_type=Path))
@click.option("--all", "roots", multiple=True, metavar="ROOT", type=click.Path(file_okay=False, path_type=Path),
              help="Every campaign folder directly under ROOT (each subfolder holding a campaign.toml), by name.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def status(campaigns, roots, as_json):
    """Show the game, the open round, its deadline, and whose orders are in.

    With several campaigns (or --all ROOT): one line each, with the game, the
    open round, its deadline in the campaign's time zone, who is missing, and
    what waits in the outbox; a folder that is no campaign, or a damaged one,
    gets a line saying so, and the exit code is 1. --json gives a list of the
    same records.

    \b
    Example:
      pbem status war
      pbem status war --json
      pbem status war feud
      pbem status --all /srv/pbem --json
    """
    if not campaigns and not roots:
        raise click.UsageError("name a campaign folder, or several, or --all ROOT")
    if len(campaigns) == 1 and not roots:
        from pbem.status import campaign_status, format_status

        info = campaign_status(_load(campaigns[0]))
        if as_json:
            import json

            click.echo(json.dumps(info, indent=1, sort_keys=True))
        else:
            click.echo(format_status(info))
        return
    from pbem.status import campaign_folders, summary, summary_lines

    folders = [*campaigns, *(folder for root in roots for folder in campaign_folders(root))]
    if not folders:
        _fail(f"no campaign folder in {', '.join(map(str, roots))} (a subfolder holding a campaign.toml)")
    records = [summary(folder) for folder in folders]
    if as_json:
        import json

        click.echo(json.dumps(records, indent=1, sort_keys=True))
    else:
        for line in summary_lines(records):
            click.echo(line)
    sys.exit(1 if any(record["error"] for record in records) else 0)


def _new_gm_token(campaign, what: str) -> None:
    """A new GM token, kept hashed in secrets.toml and shown this once."""
    import secrets

    token = secrets.token_urlsafe(18)
    campaign.replace_gm_token(token)
    click.echo(f"{what} (a roll by mail carries it in its body as token = \"...\"; it is kept only hashed, "
               f"so note it now): {token}")


@click.command("gm-token")
@CAMPAIGN
def gm_token(campaign):
    """Make a new GM token: the old one stops working at once.

    A roll on demand by mail (subject "[tag] roll 3d6 for the siege") is
    rolled only when its body carries the GM's token on a line of its own,
    token = "...", as well as coming from the GM's address, which anyone can
    forge. pbem new makes the first token and shows it once; this command
    makes a new one when it is lost or may have been seen.

    \b
    Example:
      pbem gm-token war
    """
    from pbem.files import campaign_lock

    camp = _load(campaign)
    with campaign_lock(camp.folder):
        _new_gm_token(camp, "The new GM token")


@click.command()
@CAMPAIGN
@click.argument("name", type=click.Choice(["imap_password", "smtp_password"]))
def secret(campaign, name):
    """Keep a mail server's password in CAMPAIGN/secrets.toml (mode 0600).

    The password is read from the terminal without echo, or from standard
    input. The environment variables PBEM_IMAP_PASSWORD and PBEM_SMTP_PASSWORD,
    when set, win over the file.

    \b
    Example:
      pbem secret war imap_password
      pass show mail/war | pbem secret war smtp_password
    """
    from pbem.files import campaign_lock

    camp = _load(campaign)
    if sys.stdin.isatty():
        value = click.prompt(name.replace("_", " "), hide_input=True, confirmation_prompt=True)
    else:
        value = sys.stdin.readline().rstrip("\r\n")
    if not value:
        _fail(f"no {name.replace('_', ' ')} given; nothing changed")
    with campaign_lock(camp.folder):
        camp.set_secret(name, value)
    click.echo(f"{name} kept in {camp.secrets_path}")
