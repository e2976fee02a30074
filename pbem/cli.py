"""The `pbem` command line: thin commands over the shell modules, each --help with an example.

Exit codes: 0 success, 2 rejected input (the message says what and where),
1 internal failure or a campaign another process is working on.
Imports are made inside the commands, so that `pbem status` starts quickly.
The commands are in pbem/commands/, one module per group of them; here are the top group, `main`
and the registration of every command under it.
"""
from __future__ import annotations

import sys

import click

from pbem import __version__
from pbem.commands import campaign, demo, gm, mail, orders, players, rounds, site
from pbem.odds import odds


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


cli.add_command(campaign.new)
cli.add_command(campaign.status)
cli.add_command(orders.orders)
cli.add_command(orders.inbox)
cli.add_command(mail.tick)
cli.add_command(mail.fetch)
cli.add_command(gm.deadline)
cli.add_command(gm.pause)
cli.add_command(gm.resume)
cli.add_command(gm.press_command)
cli.add_command(gm.roll_command)
cli.add_command(players.player)
cli.add_command(campaign.gm_token)
cli.add_command(campaign.secret)
cli.add_command(mail.send)
cli.add_command(rounds.resolve)
cli.add_command(rounds.report)
cli.add_command(rounds.replay)
cli.add_command(rounds.verify)
cli.add_command(site.site)
cli.add_command(rounds.rollback)
cli.add_command(demo.demo)
cli.add_command(odds)
