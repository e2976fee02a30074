"""The reliability and security figures (issue 5): large randomised runs of the fault, fuzz and leak checks.

    .venv/bin/python benchmarks/reliability.py            # everything, the full sizes (about 20-30 minutes)
    .venv/bin/python benchmarks/reliability.py --quick    # every check, small sizes (a few minutes)
    .venv/bin/python benchmarks/reliability.py kill fuzz  # some checks only

Checks (the tests in tests/ run small, fixed versions of each):
  kill      pbem tick SIGKILLed at random moments of its work on real mail servers, then rerun, every game
            in turn (tests/support/killing.py)
  force     pbem resolve --force SIGKILLed at random moments (every third just after its round is in place),
            then the very same command run again: a second round resolved counts as a crash
  disk      the disk filling at random points of a resolution, then room again
  network   IMAP and SMTP lines cut at random points of a transfer, in both directions, then whole again
  clock     the clock jumping back and forth at random across deadlines, a tick at each stop
  fuzz      generated order files for every game (tests/support/order_files.py, tests/support/fuzzing.py)
  hidden    random states and hidden changes for every game (tests/support/hidden.py); the details give per check the
            draws that compared something of those it had, and a draw where a check that must always compare
            (Ikusa's deployments) compared nothing counts as a leak found
  hostile   hostile mail for every game (tests/support/hostile.py), watching everything outside the campaign, the
            temp folder included
  damaged   11 campaign files x truncated, garbled, empty x 7 commands, every game (tests/support/adversary.py); and
            the last round's folder or one in the middle removed, which verify and replay must refuse (the
            details name a pass as "passes the campaign")
  inbox     links (to secrets.toml, /proc/self/environ, /etc/passwd, a folder, nowhere), a FIFO, a 2 GB sparse
            file and a folder dropped in the inbox beside a real order file
  modes     a campaign played under umasks 000, 002 and 022: every path that group or others may read
  flood     3, 12 and 40 mails from strangers in a player's name, then the player's own
  press-tokens   press and private messages by mail holding a token in generated shapes, one in five none:
            a text published that holds a token is a leak (tests/support/forgery.py)
  forged-floods  3, 12 and 40 forged mails of each kind in a player's or the GM's name (wrong or no token,
            press, rolls, requests), then the real sender's own: its answer must come, the floods' stay in
            their share
  crafted   the player's checker run on a player's real reports with one mutated (a field of another type, a
            key deleted, a number huge, zero or negative, deep nesting, the file cut, a gzip bomb): an exception
            let out, a traceback or an exit code other than 0 or 1 is a crash (tests/support/crafted_reports.py)
  gm-files  the GM's own files gone wrong (/dev/zero, a FIFO, a folder, a 60 MB file, a 60 KB dotted key, 100,000
            nested lists, half a million values, not UTF-8) x every command that reads one (new with
            components_file, orders check and submit, press --file, moderate check and resolve on a results
            file), each in a process with a timeout and 1 GiB of address space: an answer other than exit 2
            with one line naming the file is a crash; over 1 s more than on an empty file is slow
            (tests/support/gm_files.py)
  values    campaign files with the right syntax and wrong values (bad times and zones, negative, huge or
            fractional numbers, lists for objects, strangers, a name that is a path), drawn from every JSON
            record and campaign.toml setting, x 7 commands: a traceback, or a refusal not naming the file, is
            a crash (tests/support/damaged_values.py)

Prints one row per check: trials, faults injected, orders lost, reports lost, duplicate sends, leaks found,
crashes found, damage missed (a damaged record verify or replay passed), slow cases (over 1 s), fuzz cases run;
then the details. Needs Dovecot (tests/support/mailservers.py
installs it).
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta, timezone
from email import message_from_bytes, policy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem import clock  # noqa: E402
from pbem.campaign import Campaign  # noqa: E402
from tests.conftest import START, TOKENS, make_campaign, order_file, run, run_process, tree  # noqa: E402
from tests.support.harness import registered  # noqa: E402

COLUMNS = ("trials", "faults injected", "orders lost", "reports lost", "duplicate sends", "leaks found",
           "crashes found", "damage missed", "slow cases", "fuzz cases run")
FULL = {"kill": 200, "force": 90, "disk": 60, "network": 60, "clock": 100, "fuzz": 10_000, "hidden": 1_000,
        "hostile": 2, "damaged": 1, "inbox": 1, "modes": 1, "flood": 1, "press-tokens": 2000, "forged-floods": 40,
        "crafted": 1000, "gm-files": 1, "values": 300}
NOW = "2026-03-01T13:00:00Z"   # the disk trials run at one moment, so that their files compare
QUICK = {"kill": 10, "force": 9, "disk": 8, "network": 8, "clock": 10, "fuzz": 300, "hidden": 50, "hostile": 1,
         "damaged": 1, "inbox": 1, "modes": 1, "flood": 1, "press-tokens": 200, "forged-floods": 12,
         "crafted": 200, "gm-files": 1, "values": 10}


# -- the checks: each returns a Counter with (some of) the COLUMNS, and details ------------------------------

def check_kill(trials: int, rng: random.Random) -> Counter:
    from tests.support.killing import kill_trials

    found = kill_trials(trials, seed=rng.randrange(2**32))
    row = Counter({"trials": found["trials"],
                   "faults injected": found["trials"] - found.get("landed in after", 0),
                   "orders lost": found.get("orders lost", 0) + found.get("acknowledgements lost", 0),
                   "reports lost": found.get("reports lost", 0) + found.get("status answers lost", 0),
                   "duplicate sends": found.get("duplicate sends", 0),
                   "leaks found": found.get("messages not for them", 0),
                   "crashes found": found.get("campaigns unreadable", 0) + found.get("reruns failed", 0)
                   + found.get("rounds resolved twice", 0) + found.get("trials with more than one duplicate", 0)
                   + found.get("mail left unread", 0)})
    row.details = {key: value for key, value in found.items() if value}
    return row


def check_force(trials: int, rng: random.Random) -> Counter:
    from tests.support.killing import force_trials

    found = force_trials(trials, seed=rng.randrange(2**32))
    row = Counter({"trials": found["trials"],
                   "faults injected": found["trials"] - found.get("landed in after", 0),
                   "reports lost": found.get("reports lost", 0),
                   "duplicate sends": found.get("duplicate sends", 0),
                   "crashes found": found.get("campaigns unreadable", 0) + found.get("reruns failed", 0)
                   + found.get("rounds resolved twice", 0)})
    row.details = {key: value for key, value in found.items() if value}
    return row


def check_disk(trials: int, rng: random.Random) -> Counter:
    row = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        calm = _campaign_with_orders(Path(tmp) / "calm")
        before = {p for p in calm.folder.rglob("*") if p.is_file()}
        run_process("resolve", calm.folder, "--force", now=NOW)
        written = sum(p.stat().st_size for p in calm.folder.rglob("*") if p.is_file() and p not in before)
        expected = {k: v for k, v in tree(calm.folder).items() if k != "log.txt"}
        for n in range(trials):
            camp = _campaign_with_orders(Path(tmp) / f"t{n}")
            budget = rng.randrange(0, written + 1)
            full = run_process("resolve", camp.folder, "--force", now=NOW, disk_bytes=budget)
            row["trials"] += 1
            row["faults injected"] += full.returncode != 0
            row["crashes found"] += "Traceback" in full.stderr or (full.returncode != 0
                                                                   and "No space left" not in full.stderr)
            run_process("tick", camp.folder, now=NOW)
            run_process("resolve", camp.folder, "--force", now=NOW)   # the GM saw an error and runs it again:
            # a round already in place is told and not resolved twice, a round not yet in place is resolved
            now = {k: v for k, v in tree(camp.folder).items() if k != "log.txt"}
            row["reports lost"] += sum(1 for k in expected
                                       if k.startswith(("outbox/r0001", "rounds/")) and k not in now)
            row["orders lost"] += Campaign.load(camp.folder).read_json(1, "inputs.json")["defaulted"] != ["cho"]
            row["crashes found"] += now != expected or run_process("verify", camp.folder).returncode != 0 \
                or len(Campaign.load(camp.folder).resolved_rounds()) != 2
    return row


def _campaign_with_orders(folder: Path) -> Campaign:
    camp = make_campaign(folder / "war")
    for player in ("ann", "bob"):
        order_file(camp.folder / "inbox", player, 1, ["Gifu", "auto"], token=TOKENS[player])
    assert run_process("inbox", camp.folder, now=NOW).returncode == 0
    return camp


def check_network(trials: int, rng: random.Random) -> Counter:
    from tests.support.faultproxy import FaultProxy
    from tests.support.mailplay import ADDRESSES, GM, PLAYERS, mail_campaign, orders_mail
    from tests.support.mailservers import MailServers

    row = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(trials):
            folder = Path(tmp) / f"t{n}"
            with MailServers(folder / "servers", ADDRESSES) as servers, \
                    FaultProxy(servers.imap_port) as imap, FaultProxy(servers.smtp_port) as smtp:
                camp = mail_campaign(folder / "war", servers)
                camp.mail["imap"].update(port=imap.port, timeout=2)
                camp.mail["smtp"].update(port=smtp.port, timeout=2)
                camp.save()
                for k in range(rng.randrange(3, 40)):
                    servers.deliver(orders_mail(PLAYERS[k % 3], message_id=f"<m{k}@example.org>"), [GM])
                proxy = rng.choice([imap, smtp])
                direction = rng.choice(["up", "down"])
                proxy.cut(direction, rng.randrange(0, 30_000))
                with clock.frozen_at(START):
                    first = run("tick", camp.folder)
                proxy.passing()
                for minutes in (2, 6, 15, 40):
                    with clock.frozen_at(START + timedelta(minutes=minutes)):
                        run("tick", camp.folder)
                row["trials"] += 1
                row["faults injected"] += first.code != 0
                row["crashes found"] += "internal error" in first.err
                camp = Campaign.load(camp.folder)
                row["orders lost"] += len(servers.messages(GM)) + len(camp.read_json(1, "inputs.json")["defaulted"])
                for player in PLAYERS:
                    messages = [message_from_bytes(raw, policy=policy.default)
                                for raw in servers.messages(f"{player}@example.org")]
                    ids = [m["Message-ID"] for m in messages]
                    row["duplicate sends"] += len(ids) - len(set(ids))
                    row["reports lost"] += sum(1 for m in messages if m["Subject"] == "[war] Round 1 report") != 1
                    row["leaks found"] += sum(m["To"].addresses[0].addr_spec != f"{player}@example.org"
                                              for m in messages)
                row["reports lost"] += len(list((camp.folder / "outbox").glob("*.eml")))
    return row


def check_clock(trials: int, rng: random.Random) -> Counter:
    row = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(trials):
            camp = make_campaign(Path(tmp) / f"t{n}", deadline_hours=48)
            hours, ticks = 0.0, 0
            for _ in range(rng.randrange(5, 30)):
                hours = max(-1000.0, hours + rng.choice([-1, 1]) * rng.expovariate(1 / 40))
                with clock.frozen_at(START + timedelta(hours=hours)):
                    result = run("tick", camp.folder)
                ticks += 1
                row["crashes found"] += result.code != 0
                row["faults injected"] += 1
            camp = Campaign.load(camp.folder)
            rounds = camp.resolved_rounds()
            row["trials"] += 1
            row["crashes found"] += rounds != list(range(len(rounds))) or run("verify", camp.folder).code != 0
            log = (camp.folder / "log.txt").read_text()
            row["crashes found"] += sum(log.count(f"tick: resolved round {r}\n") > 1 for r in rounds)
            for number in rounds[1:]:   # never early: each round resolved at or after its deadline
                deadline = camp.round_record(number - 1)["deadline"]
                if clock.parse(camp.round_record(number)["resolved_at"]) < clock.parse(deadline):
                    row["crashes found"] += 1
    return row


def check_fuzz(cases: int, rng: random.Random) -> Counter:
    from tests.support.fuzzing import fuzz

    row = Counter()
    row.details = {}
    for game in registered():
        found = fuzz(game, cases, seed=rng.randrange(2**32))
        row["trials"] += 1
        row["fuzz cases run"] += found["cases"]
        row["faults injected"] += found["rejected"]
        row["crashes found"] += len(found["crashes"]) + len(found["unclear"]) + len(found["roundtrip_failures"]) \
            + len(found["disk_changes"])   # reading an order file changed a campaign
        row["slow cases"] += found["slow_count"]
        row.details[game] = {k: (v if not isinstance(v, list) else v[:3]) for k, v in found.items()}
    return row


def check_hidden(draws: int, rng: random.Random) -> Counter:
    from tests.support.hidden import check_hidden as hidden

    row = Counter()
    row.details = {}
    for game in registered():
        found = hidden(game, draws, seed=rng.randrange(2**32))
        row["trials"] += found["draws"]
        row["faults injected"] += found["changes"]
        row["leaks found"] += len(found["leaks"]) + len(found["vacuous"])   # a check that compared nothing
        row.details[game] = {k: (v if not isinstance(v, list) else v[:3]) for k, v in found.items()}
    return row


def check_hostile(rounds: int, rng: random.Random) -> Counter:
    from tests.support.harness import table_for
    from tests.support.hostile import cases, orders_for, take_hostile

    row = Counter()
    problems = []
    from pbem import render

    render._compiled_templates()   # the compiled templates' cache, made once, outside the watched temp folder
    with tempfile.TemporaryDirectory() as tmp:
        before, tempfile.tempdir = tempfile.tempdir, str(Path(tmp) / "tmp")   # what a hostile name aims at,
        (Path(tmp) / "tmp").mkdir()                                          # the temp folder too, is watched
        try:
            for n in range(rounds):
                for game in registered():
                    seats = table_for(game)
                    orders = orders_for(make_campaign(Path(tmp) / f"{n}-{game}" / "war", players=seats, game=game))
                    for k, case in enumerate(cases(orders)):   # the game's own orders in every case
                        camp = make_campaign(Path(tmp) / f"{n}-{game}-{k}" / "war", players=seats, game=game)
                        began = time.perf_counter()
                        found = take_hostile(camp, case, Path(tmp))   # everything outside its campaign
                        row["slow cases"] += time.perf_counter() - began > 1
                        row["trials"] += 1
                        row["faults injected"] += 1
                        row["leaks found"] += sum(leaked(p) for p in found)
                        row["crashes found"] += sum(not leaked(p) for p in found)
                        problems += [f"{game}: {case.name}: {p}" for p in found]
        finally:
            tempfile.tempdir = before
    row.details = {"problems": problems[:10]}
    return row


def leaked(problem: str) -> bool:
    return "answered a stranger" in problem or "token" in problem or "outside" in problem


def _adversary(trials, games: list[str]) -> Counter:
    """One of tests/support/adversary.py's trial sets, over every game."""
    with tempfile.TemporaryDirectory() as tmp:
        found = trials(Path(tmp), games)
    row = Counter({key: value for key, value in found.items()})
    row.details = {"problems": found.details[:10]}
    return row


def check_damaged(size: int, rng: random.Random) -> Counter:
    from tests.support.adversary import damaged_trials

    return _adversary(damaged_trials, registered())


def check_inbox(size: int, rng: random.Random) -> Counter:
    from tests.support.adversary import inbox_trials

    return _adversary(inbox_trials, registered())


def check_modes(size: int, rng: random.Random) -> Counter:
    from tests.support.adversary import mode_trials

    return _adversary(mode_trials, registered())


def check_flood(size: int, rng: random.Random) -> Counter:
    from tests.support.adversary import flood_trials

    return _adversary(flood_trials, registered())


def check_press_tokens(size: int, rng: random.Random) -> Counter:
    from tests.support.forgery import press_token_trials

    return _adversary(lambda root, games: press_token_trials(root, size, rng), [])


def check_forged_floods(size: int, rng: random.Random) -> Counter:
    from tests.support.forgery import forged_flood_trials

    return _adversary(lambda root, games: forged_flood_trials(root, tuple(n for n in (3, 12, 40) if n <= size)), [])


def check_crafted(size: int, rng: random.Random) -> Counter:
    from tests.support.crafted_reports import crafted_trials

    with tempfile.TemporaryDirectory() as tmp:
        found = crafted_trials(Path(tmp), size, rng)
    row = Counter({key: value for key, value in found.items()})
    row.details = {"passed as well": found["passed as well"], "problems": found.details[:10]}
    return row


def check_gm_files(size: int, rng: random.Random) -> Counter:
    from tests.support.gm_files import gm_file_trials

    return _adversary(lambda root, games: gm_file_trials(root), [])


def check_values(size: int, rng: random.Random) -> Counter:
    from tests.support.damaged_values import value_trials

    return _adversary(lambda root, games: value_trials(root, size, rng.randrange(2**32)), [])


CHECKS = {"kill": check_kill, "force": check_force, "disk": check_disk, "network": check_network, "clock": check_clock,
          "fuzz": check_fuzz, "hidden": check_hidden, "hostile": check_hostile, "damaged": check_damaged,
          "inbox": check_inbox, "modes": check_modes, "flood": check_flood, "press-tokens": check_press_tokens,
          "forged-floods": check_forged_floods, "crafted": check_crafted, "gm-files": check_gm_files,
          "values": check_values}


def main(argv: list[str]) -> int:
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        return 0
    sizes = QUICK if "--quick" in argv else FULL
    wanted = [name for name in argv if not name.startswith("--")] or list(CHECKS)
    unknown = [name for name in wanted if name not in CHECKS]
    if unknown:
        print(f"unknown checks: {', '.join(unknown)}; the checks are {', '.join(CHECKS)}", file=sys.stderr)
        return 2
    from tests.support.mailservers import ensure_dovecot

    print(ensure_dovecot(), file=sys.stderr)
    rng = random.Random(20261130)
    rows = {}
    for name in wanted:
        began = time.perf_counter()
        print(f"{name}: running {sizes[name]} ...", file=sys.stderr, flush=True)
        rows[name] = CHECKS[name](sizes[name], rng)
        rows[name]["seconds"] = round(time.perf_counter() - began)
        print(f"{name}: done in {rows[name]['seconds']} s", file=sys.stderr, flush=True)
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    print(f"Reliability figures, {stamp}{' (quick)' if sizes is QUICK else ''}:\n")
    print("| check | " + " | ".join(COLUMNS) + " | seconds |")
    print("|---" * (len(COLUMNS) + 2) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(f"{row.get(col, 0):,}" for col in COLUMNS) + f" | {row['seconds']} |")
    for name, row in rows.items():
        details = getattr(row, "details", None)
        if details:
            print(f"\n{name}: {details}")
    bad = sum(row.get(col, 0) for row in rows.values()
              for col in ("orders lost", "reports lost", "leaks found", "crashes found", "damage missed"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
