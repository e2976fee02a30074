"""The `pbem` command line: thin commands over the shell modules, each --help with an example.

Exit codes: 0 success, 2 rejected input (the message says what and where),
1 internal failure or a campaign another process is working on.
Imports are made inside the commands, so that `pbem status` starts quickly.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem import __version__
from pbem.odds import odds

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


class WithGameCommands(click.Group):
    """pbem's own commands, and the commands a game brings (Game.commands), found by name when asked for: the
    games are imported only then, so that `pbem --help` and the other commands do not pay for them."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        found = super().get_command(ctx, name)
        if found is not None:
            return found
        import importlib

        from engine.game import game_commands
        from games import GAMES

        for game_name in GAMES:
            path = game_commands(GAMES[game_name]).get(name)
            if path is not None:   # games that share a command (a game built on another) name the same one
                from engine.tools import DESK
                from pbem.game_commands import ShellDesk

                ctx.meta[DESK] = ShellDesk()   # all that touches the campaign, which the game's command asks of
                module, _, attribute = path.partition(":")
                return getattr(importlib.import_module(module), attribute)
        return None


@click.group(cls=WithGameCommands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="pbem")
def cli():
    """Play-by-email turn processor for samurai board games.

    A campaign is a folder. Players send one order file per round; pbem checks
    the orders, resolves the round with dice anybody can verify, and writes each
    player a report of what that player may know, into the campaign's outbox.

    \b
    Try it:
      pbem demo                      play a whole demo game and show a report
      pbem new war --game age-of-war --player ann=ann@example.org \\
               --player bob=bob@example.org --gm gm@example.org
      pbem status war

    A game may bring commands of its own, not listed here: in a GM-moderated
    campaign (--game moderated), `pbem moderate --help`; for A Most Dangerous
    Time's GM (--game amdt), `pbem amdt --help` too.
    """


@cli.command()
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


@cli.command()
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


@cli.group()
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


@cli.command()
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


def _shard(context, parameter, value):
    """--shard K/N as (K, N); a bad one is a usage error (exit code 2)."""
    if value is None:
        return None
    from pbem.shard import parse_shard

    try:
        return parse_shard(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


@cli.command()
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


@cli.command()
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
        click.echo(f"{result.left} message(s) for other campaigns left in the mailbox")


@cli.command()
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


@cli.command()
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


@cli.command()
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


@cli.command("press")
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


@cli.command("roll")
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


@cli.group()
def player():
    """Hand a position to a new player, change a player's address or language, or mark one away.

    \b
    Example:
      pbem player replace war bob --email robert@example.org
      pbem player set war ann --email ann@new.example.org
      pbem player away war bob --until 2026-03-20
    """


def _new_gm_token(campaign, what: str) -> None:
    """A new GM token, kept hashed in secrets.toml and shown this once."""
    import secrets

    token = secrets.token_urlsafe(18)
    campaign.replace_gm_token(token)
    click.echo(f"{what} (a roll by mail carries it in its body as token = \"...\"; it is kept only hashed, "
               f"so note it now): {token}")


@cli.command("gm-token")
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


@cli.command()
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


@cli.command()
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


@cli.command()
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


@cli.command()
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


@cli.command()
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


@cli.command()
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


@cli.command()
@CAMPAIGN
@click.argument("outdir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--language", default="en", show_default=True, help="The site's language, e.g. en or es.")
def site(campaign, outdir, language):
    """Write the campaign's public site into OUTDIR, to publish as it is.

    OUTDIR gets index.html (the standings, the public map and every round)
    and, for each round in play, its page (round-NNN.html) and its public
    record (round-NNN.json: the dice revealed and committed, and its link in
    the public chain, which checker.py checks). Only what anyone may know is
    there: no player's secrets, orders or tokens. Run it again after each
    round: it writes what changed and removes the pages of undone rounds.
    OUTDIR must be new, empty or an earlier site, outside the campaign folder.

    \b
    Example:
      pbem site war /var/www/war
      pbem tick war && pbem site war /var/www/war     (in cron)
    """
    from pbem.files import campaign_lock
    from pbem.languages import offered
    from pbem.render import template_folder
    from pbem.site import build_site, publish, site_folder

    camp = _load(campaign)
    languages = offered(template_folder(camp.game.name))
    if language not in languages:
        _fail(f"no site in {language!r}: the languages offered are {', '.join(languages)}")
    before = site_folder(camp, outdir)
    shown = sys.stderr.isatty()
    with campaign_lock(camp.folder):   # no round resolved or undone while the archive is read
        files = build_site(camp, language, progress=lambda n: shown and click.echo(f"\rround {n}", nl=False,
                                                                                      err=True))
        done = publish(camp, outdir, files, before)
    if shown:
        click.echo("\r", nl=False, err=True)
    click.echo(f"site: {len(camp.resolved_rounds())} rounds in {outdir}: {done['written']} files written, "
               f"{done['unchanged']} unchanged, {done['removed']} removed")
    if before.note:
        click.echo(f"Note: {before.note}")
    elif done["left"]:
        click.echo(f"Note: {done['left']} files of the earlier site were left: changed since pbem wrote them, or "
                   "not plain files")


@cli.command()
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


@cli.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path),
              help="Where to create the demo campaign [default: a new temporary folder].")
@click.option("--seed", default="1", show_default=True, help="The same seed plays the same game.")
@click.option("--players", type=int, default=4, show_default=True)
@click.option("--show", "shown", help="Whose last report to print [default: the first player].")
def demo(game_name, folder, seed, players, shown):
    """Play a whole game with the computer player for everyone; print standings and a report.

    GAME is the first game pbem knows (age-of-war) unless named. It stops when the
    game is over or at the game's demo round limit, and says which, then names the
    commands to look at the campaign it made.

    \b
    Example:
      pbem demo
      pbem demo age-of-war --players 6 --seed 42 --dir /tmp/aow
    """
    import tempfile

    from games import MODULES, get
    from pbem.demo import NAMES, run_demo

    try:
        game = get(game_name or next(iter(MODULES)))
    except KeyError as exc:
        _fail(str(exc.args[0]))
    if not game.min_players <= players <= min(game.max_players, len(NAMES)):
        _fail(f"--players: {game.title} is for {game.min_players} to {game.max_players} players")
    folder = folder or Path(tempfile.mkdtemp(prefix="pbem-demo-")) / "demo"
    click.echo(f"Playing {game.title} with {players} computer players (seed {seed}) in {folder}", err=True)
    live = sys.stderr.isatty()   # one line, rewritten each round; none when not a terminal

    def progress(number, camp):
        if live:
            leader = camp.game.standings(camp.state())[0]
            click.echo(f"\r\033[K  round {number} resolved; {leader['player']} leads", nl=False, err=True)

    camp = run_demo(game.name, folder, seed, players, progress=progress)
    if live:
        click.echo("\r\033[K", nl=False, err=True)
    from pbem.rounds import report_text
    from pbem.status import format_standings

    click.echo(format_standings(camp))
    who = shown or camp.player_names[0]
    click.echo(f"\n--- last report of {who} ---\n")
    click.echo(report_text(camp, who, None, "text"), nl=False)
    click.echo(f"\n{_demo_end(camp, game)}\n\n{_demo_next_steps(camp, who)}", err=True)


def _demo_end(camp, game) -> str:
    """Why the demo stopped: the game is over, or the game's demo round limit came first."""
    if camp.is_over():
        winner = camp.game.standings(camp.state())[0]["player"]
        return f"The demo stopped after round {camp.last_round}: the game is over ({winner} is first)."
    return (f"The demo stopped after round {camp.last_round}: that is the round limit of {game.title}'s demo\n"
            f"(demo_rounds = {game.demo_rounds}), reached before the game was over.")


def _demo_next_steps(camp, who: str) -> str:
    import shlex

    where = shlex.quote(str(camp.folder))
    steps = [(f"pbem status {where}", "the round, the standings, what waits in the outbox"),
             (f"pbem report {where} {who} --round 1", "a player's report of any round, as it was sent"),
             (f"pbem verify {where}", "check every round's record and dice"),
             (f"pbem site {where} {shlex.quote(str(camp.folder.with_name(camp.folder.name + '-site')))}",
              "the public site, pages to open in a browser"),
             (f"ls {where}/outbox", "every mail the players would have received")]
    width = max(len(command) for command, _ in steps)
    return "\n".join(["Next steps, to look at the campaign it made:",
                      *(f"  {command.ljust(width)}   {what}" for command, what in steps)])


def _load(folder: Path):
    from pbem.campaign import Campaign

    return Campaign.load(folder)


def _fail(message: str):
    from pbem.errors import UserError

    raise UserError(message)


def _damaged(problems: list[str]):
    for line in problems:
        click.echo(line, err=True)
    sys.exit(1)


def main(argv: list[str] | None = None) -> None:
    from engine.tools import Refused
    from pbem.errors import BeaconUnavailable, CampaignDamaged, MailServerFailed, UserError

    try:
        try:
            code = cli.main(args=argv, prog_name="pbem", standalone_mode=False)
        except Refused as exc:   # a game's command refused its input: said as the shell's own refusals
            from pbem.game_commands import shell_error

            raise shell_error(exc) from None
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except (UserError, CampaignDamaged, MailServerFailed, BeaconUnavailable) as exc:
        click.echo(f"pbem: {exc}", err=True)
        sys.exit(exc.exit_code)
    except OSError as exc:  # the disk full, a folder not writable: the machine's trouble, said plainly
        import errno

        where = f" ({exc.filename})" if exc.filename else ""
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EACCES, errno.EROFS):
            click.echo(f"pbem: cannot write: {exc.strerror}{where}; nothing was half-written. Make room or fix "
                       "the permissions, then run the command again.", err=True)
        else:
            click.echo(f"pbem: system error: {exc.strerror or exc}{where}", err=True)
        sys.exit(1)
    except Exception as exc:  # the last resort: say it is ours, not the user's
        import traceback

        traceback.print_exc()
        click.echo(f"pbem: internal error: {exc.__class__.__name__}: {exc}", err=True)
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


cli.add_command(odds)
