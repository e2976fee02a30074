"""SIGKILL `pbem tick` at random moments, rerun it, and count what was lost or done twice.

One trial: real mail servers, a campaign of one of the registered games (the
trials take them in turn) whose welcome letters are out, the players' mail
waiting in the IMAP inbox (the computer player's orders for each, one of them
first sent with a wrong token, and a request for the status), then `pbem tick`
in its own process, killed after a random delay, then a normal `pbem tick`. Counted:
orders lost (acknowledged but not used), reports lost, acknowledgements lost,
messages delivered twice, rounds resolved twice, campaigns left unreadable.
Where the kill landed is read from the campaign afterwards: in the intake,
the resolution, the sending, or after the work was done.

Used by tests/test_kill_random.py (a few trials) and benchmarks/reliability.py
(hundreds).
"""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from pbem.campaign import Campaign
from pbem.gm_results import write_stand_in
from pbem.orders import read_orders
from tests.conftest import ROOT, pbem_env, run
from tests.support.harness import registered, table_for
from tests.support.mailplay import (
    ADDRESSES,
    GM,
    PLAYERS,
    computer_orders_mail,
    computer_orders_text,
    mail_campaign,
    send_by_smtp,
)
from tests.support.mailservers import MailServers


def _tick_process(folder: Path) -> subprocess.Popen:
    """pbem tick in a process of its own, left running to be killed."""
    return subprocess.Popen([sys.executable, "-m", "pbem", "tick", str(folder)], cwd=ROOT, env=pbem_env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _prepare(folder: Path, servers: MailServers, game_name: str) -> tuple[Campaign, dict]:
    """The campaign with its mail waiting, and the orders each player sent, as they must be used."""
    players = table_for(game_name, PLAYERS)
    camp = mail_campaign(folder / "war", servers, game=game_name, players=players)
    assert run("tick", camp.folder).code == 0          # the welcome letters go out
    write_stand_in(camp)   # a game its GM adjudicates: the GM's results are in before the round is due
    send_by_smtp(servers, "bob", computer_orders_mail(camp, "bob", "<bob-wrong-token@example.org>", "bad-token"))
    for player in players:
        send_by_smtp(servers, player, computer_orders_mail(camp, player, f"<{player}-r1@example.org>"))
    expected = {player: read_orders(camp, computer_orders_text(camp, player).encode(), "expected").orders
                for player in players}
    asking = players[-1]
    status = EmailMessage()
    status["From"], status["To"], status["Subject"] = f"{asking}@example.org", GM, "[war] status"
    status["Message-ID"] = f"<{asking}-status@example.org>"
    status.set_content("How are we doing?\n")
    send_by_smtp(servers, asking, status.as_bytes())
    return camp, expected


def _where_it_landed(camp: Campaign) -> str:
    if camp.resolved_rounds() == [0]:
        return "intake" if any((camp.folder / "received").glob("mail-*.json")) else "start-up"
    sent = {path.name for path in (camp.folder / "sent").glob("r0001-*.eml")}
    return "sending" if sent else "resolution"


def trial(folder: Path, delay: float, game_name: str) -> dict:
    """One kill after `delay` seconds and one rerun; the counts of what went wrong."""
    with MailServers(folder / "servers", ADDRESSES) as servers:
        camp, expected = _prepare(folder, servers, game_name)
        process = _tick_process(camp.folder)
        time.sleep(delay)
        finished = process.poll() is not None
        if not finished:
            process.send_signal(signal.SIGKILL)
        process.wait()
        landed = "after" if finished else _where_it_landed(Campaign.load(camp.folder))
        rerun = _tick_process(camp.folder)
        rerun.communicate(timeout=120)
        return _count(camp.folder, servers, landed, rerun.returncode, expected, game_name)


def _count(folder: Path, servers: MailServers, landed: str, code: int, expected: dict, game_name: str) -> dict:
    counts = Counter(trials=1, **{f"landed in {landed}": 1}, **{f"trials of {game_name}": 1})
    if code != 0:
        counts["reruns failed"] += 1
    try:
        camp = Campaign.load(folder)
        rounds = camp.resolved_rounds()
        unreadable = 1 not in rounds or run("verify", folder).code != 0
    except Exception:
        return dict(counts + Counter({"campaigns unreadable": 1}))
    counts["campaigns unreadable"] += unreadable
    counts["rounds resolved twice"] += max(0, len(rounds) - 2)   # orders for one round: a second would be round 2
    players = camp.player_names
    inputs = camp.read_json(1, "inputs.json") if 1 in rounds else {"orders": {}, "defaulted": players}
    counts["orders lost"] += sum(1 for p in players if p in inputs["defaulted"]
                                 or inputs["orders"].get(p) != expected[p])
    for player in players:
        messages = [message_from_bytes(raw, policy=policy.default)
                    for raw in servers.messages(f"{player}@example.org")]
        ids = [m["Message-ID"] for m in messages]
        counts["duplicate sends"] += len(ids) - len(set(ids))
        subjects = {m["Subject"] for m in messages}
        counts["reports lost"] += "[war] Round 1 report" not in subjects
        counts["acknowledgements lost"] += "[war] Round 1 orders accepted" not in subjects
        counts["messages not for them"] += sum(m["To"].addresses[0].addr_spec != f"{player}@example.org"
                                               for m in messages)
    counts["trials with more than one duplicate"] += counts["duplicate sends"] > 1   # one message in flight at most
    counts["mail left unread"] += len(servers.messages(GM))
    asked = servers.messages(f"{players[-1]}@example.org")   # the last player asked for the status
    counts["status answers lost"] += "[war] Status" not in {
        message_from_bytes(raw, policy=policy.default)["Subject"] for raw in asked}
    return dict(counts)


def calibrate(folder: Path, game_name: str) -> tuple[float, float]:
    """When an undisturbed tick of the trial's work starts taking mail, and when it ends, in seconds."""
    with MailServers(folder / "servers", ADDRESSES) as servers:
        camp, _ = _prepare(folder, servers, game_name)
        began = time.perf_counter()
        process = _tick_process(camp.folder)
        first = None
        while process.poll() is None:
            if first is None and any((camp.folder / "received").glob("mail-*.eml")):
                first = time.perf_counter() - began
            time.sleep(0.002)
        span = time.perf_counter() - began
        return (first or 0.0), span


def trial_games(trials: int) -> list[str]:
    """The game of each trial: every registered game in turn."""
    games = registered()
    return [games[n % len(games)] for n in range(trials)]


def kill_trials(trials: int, seed: int = 0, progress=None) -> dict:
    """`trials` kills at moments spread over an undisturbed tick's work (of each game); the summed counts."""
    rng = random.Random(seed)
    totals: Counter = Counter()
    plan = trial_games(trials)
    with tempfile.TemporaryDirectory(prefix="pbem-kill-") as tmp:
        timing = {game: calibrate(Path(tmp) / f"calibration-{game}", game) for game in sorted(set(plan))}
        for n, game in enumerate(plan):   # mostly while there is work to interrupt, a few before and after
            start, span = timing[game]
            totals.update(trial(Path(tmp) / f"t{n}", rng.uniform(0.8 * start, 1.1 * span), game))
            if progress:
                progress(n + 1, trials)
    result = dict(sorted(totals.items()))
    for game, (start, span) in sorted(timing.items()):
        result[f"tick seconds ({game})"] = round(span, 2)
        result[f"work starts after seconds ({game})"] = round(start, 2)
    return result


def _forcing_process(folder: Path, **faults) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pbem", "resolve", str(folder), "--force"], cwd=ROOT,
                            env=pbem_env(**faults), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def force_trial(folder: Path, delay: float, game_name: str, crash_at: str | None = None) -> dict:
    """`pbem resolve --force` on a round with orders missing, killed after `delay` seconds (or where it reaches
    `crash_at`), then the very same command run again, as a GM who saw no "resolved" line would: exactly one
    round resolved, each report once."""
    from tests.conftest import make_campaign

    camp = make_campaign(folder / "war", game=game_name, players=table_for(game_name, PLAYERS))
    write_stand_in(camp)   # a game its GM adjudicates: the GM's results
    process = _forcing_process(camp.folder, **({"crash_at": crash_at} if crash_at else {}))
    try:
        finished = process.wait(timeout=120 if crash_at else delay) == 0
    except subprocess.TimeoutExpired:
        finished = False
        process.send_signal(signal.SIGKILL)
        process.wait()
    told = process.stdout.read().decode()
    landed = "after" if finished else ("resolution" if Campaign.load(camp.folder).resolved_rounds() == [0]
                                       else "settling")
    counts = Counter(trials=1, **{f"landed in {landed}": 1}, **{f"trials of {game_name}": 1})
    if "Round 1 resolved" not in told:   # the GM saw no "resolved" line and runs the very same command again
        rerun = _forcing_process(camp.folder)
        rerun.communicate(timeout=120)
        counts["reruns failed"] += rerun.returncode != 0
    try:
        rounds = Campaign.load(camp.folder).resolved_rounds()
    except Exception:
        return dict(counts + Counter({"campaigns unreadable": 1}))
    counts["rounds resolved twice"] += max(0, len(rounds) - 2)
    counts["campaigns unreadable"] += 1 not in rounds or run("verify", camp.folder).code != 0
    for player in camp.player_names:
        reports = list((camp.folder / "outbox").glob(f"r0001-*-{player}.eml"))
        counts["reports lost"] += not reports
        counts["duplicate sends"] += max(0, len(reports) - 1)
    return dict(counts)


def force_trials(trials: int, seed: int = 0) -> dict:
    """`trials` kills of a forced resolution, spread over its undisturbed time (every game in turn)."""
    rng = random.Random(seed)
    totals: Counter = Counter()
    with tempfile.TemporaryDirectory(prefix="pbem-force-") as tmp:
        timing = {}
        for game in sorted(set(trial_games(trials))):   # how long an undisturbed forced resolution takes
            from tests.conftest import make_campaign

            camp = make_campaign(Path(tmp) / f"calibration-{game}", game=game, players=table_for(game, PLAYERS))
            began = time.perf_counter()
            _forcing_process(camp.folder).wait(timeout=120)
            timing[game] = time.perf_counter() - began
        for n, game in enumerate(trial_games(trials)):   # from start-up to the end, mostly in the work, and
            # every third one just after the round is in place, the moment a rerun could force a second
            crash_at = "round-committed" if n % 3 == 2 else None
            totals.update(force_trial(Path(tmp) / f"t{n}", rng.uniform(0.4, 1.05) * timing[game], game, crash_at))
    return dict(sorted(totals.items()))


if __name__ == "__main__":
    print(json.dumps(kill_trials(int(sys.argv[1]) if len(sys.argv) > 1 else 10), indent=1))
