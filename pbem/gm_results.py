"""The GM's results file of a round, for a game whose GM adjudicates it (engine.GmResults).

The GM writes round N's results as RESULTS_FOLDER/round-NNN.toml in the campaign folder (`pbem moderate draft`
writes its skeleton there, with every player's orders in it). The round waits for it: `pbem resolve` refuses
without it (exit 2, nothing written), and the tick holds a due round and tells the GM, once. What the game's
`read` makes of it is recorded in the round's inputs ("gm_results"), so that replay and verify take it again;
the file itself stays, the GM's own record (a rollback plays the round again from it).
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import gm_file_limit, make_folder, read_gm_text, write_atomic
from pbem.tomlscan import check_gm_toml

RESULTS_FOLDER = "results"
INPUT = "gm_results"   # the key of the round's inputs


def needed(campaign: Campaign) -> bool:
    return campaign.game.gm_results is not None


def path_of(campaign: Campaign, number: int) -> Path:
    return campaign.folder / RESULTS_FOLDER / f"round-{number:03d}.toml"


def read(campaign: Campaign, state: dict, number: int) -> dict:
    """The results of round `number` as the game reads them; a UserError says what is missing or wrong, and at
    which line of the file."""
    from pbem.orders import OrdersRejected, locate_problem, parse_document

    path = path_of(campaign, number)
    if not os.path.lexists(path):   # anything else there (a link, a FIFO) is named for what it is by text_of
        raise UserError(f"round {number} waits for the GM's results: there is no {path}",
                        [f"pbem moderate draft {campaign.folder} writes its skeleton, with every player's orders; "
                         "write the results in it, take out its line draft = true, and resolve again"])
    text = text_of(path)
    try:
        document = parse_document(text, str(path))
    except OrdersRejected as exc:
        raise UserError(f"{path}: the file cannot be read as TOML", [_line(p) for p in exc.problems]) from None
    results, problems = campaign.game.gm_results.read(state, document, number)
    if problems:
        located = [locate_problem(p, text) for p in problems]
        raise UserError(f"{path}: the results of round {number} are refused; nothing was resolved",
                        [_line(p) for p in sorted(located, key=lambda p: (p.line or 0))])
    return results


def text_of(path: Path) -> str:
    """A results file's text, read as every GM file is (a regular file, not a link, of at most 1 MiB or
    PBEM_GM_FILE_MIB) and measured before the TOML parser sees it; a UserError naming the file if not."""
    limit = gm_file_limit()
    text = read_gm_text(path, limit, what="results file", follow_links=False)
    check_gm_toml(text, str(path), limit)
    return text


def _line(problem) -> str:
    return (f"line {problem.line}: " if problem.line else "") + problem.message


def waiting(campaign: Campaign, state: dict) -> str | None:
    """Why the open round cannot be resolved yet for want of the GM's results (missing, or refused), or None."""
    if not needed(campaign):
        return None
    try:
        read(campaign, state, campaign.open_round)
    except UserError as exc:   # on one line, for the tick's output and the log
        return "; ".join([exc.args[0], *exc.details])
    return None


def draft(campaign: Campaign) -> tuple[int, str]:
    """(the open round, the skeleton of its results file with every order in so far)."""
    number = campaign.open_round
    orders = {player: record["orders"] for player, record in campaign.pending_orders().items()}
    return number, campaign.game.gm_results.draft(campaign.state(), orders, number)


def write(campaign: Campaign, number: int, text: str, replace_file: bool = False) -> Path:
    """Write a results file of the open round, readable by the GM alone (0600); never over one already there
    unless asked."""
    path = path_of(campaign, number)
    if path.exists() and not replace_file:
        raise UserError(f"{path} is there already: the GM's results are never written over",
                        ["edit it, or move it away (or give --force) to have a new draft"])
    make_folder(path.parent)
    write_atomic(path, text)
    return path


def write_stand_in(campaign: Campaign) -> Path | None:
    """For a game that needs them, the computer GM's results of the open round (from the orders in so far, the
    default for the others), written where the GM's go: `pbem demo`, and tests that play every game."""
    if not needed(campaign):
        return None
    state, number = campaign.state(), campaign.open_round
    pending = campaign.pending_orders()
    orders = {p: pending[p]["orders"] if p in pending else campaign.game.default_orders(state, p)
              for p in campaign.player_names}
    return write(campaign, number, campaign.game.gm_results.stand_in(state, orders, number), replace_file=True)


def parsed(campaign: Campaign) -> dict:
    """The open round's results file as TOML reads it so far: {} without a file or with one TOML cannot read
    (the round's read says what is wrong with it)."""
    path = path_of(campaign, campaign.open_round)
    try:
        return tomllib.loads(text_of(path))
    except (UserError, tomllib.TOMLDecodeError, RecursionError):
        return {}


def add_table(campaign: Campaign, key: str, table: dict, text: str) -> tuple[Path, bool]:
    """A GM's tool's result as typed data (a game's own command): `text`, a [[key]] table that reads as `table`,
    added at the end of the open round's results file, where the GM reads (may edit or delete) it before
    resolving and the game's read takes it: (the file, whether it was added). A file not there yet is written as
    the draft first; a table there already is not added again (the tool run again after a crash). The rest of
    the file, the GM's comments too, stays as it was. The caller holds the campaign lock."""
    number = campaign.open_round
    path = path_of(campaign, number)
    if not path.is_file():
        write(campaign, number, draft(campaign)[1])
    source = text_of(path)   # the byte-order mark, if any, left out
    try:
        before = tomllib.loads(source).get(key, [])
    except tomllib.TOMLDecodeError:
        before = None
    if isinstance(before, list) and table in before:
        return path, False
    changed = source + ("" if source.endswith("\n") or not source else "\n") + "\n" + text
    try:
        after = tomllib.loads(changed).get(key)
    except tomllib.TOMLDecodeError:
        after = None
    if not isinstance(before, list) or after != [*before, table]:   # never a file that says something else
        raise UserError(f"{path}: the result could not be added (the file does not read as TOML, or its {key} "
                        "is not a list of tables)", ["add it at the end of the file yourself:", text])
    write_atomic(path, changed)
    return path, True
