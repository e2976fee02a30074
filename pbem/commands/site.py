"""`pbem site`: the campaign's public site."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.commands.common import CAMPAIGN, _fail, _load


@click.command()
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

    def progress(number: int) -> None:
        if shown:
            click.echo(f"\rround {number}", nl=False, err=True)

    with campaign_lock(camp.folder):   # no round resolved or undone while the archive is read
        files = build_site(camp, language, progress=progress)
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
