"""`pbem demo`: a whole game played by the computer, to look at."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pbem.commands.common import _fail


@click.command()
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
