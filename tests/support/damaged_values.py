"""Campaign files whose syntax is right and whose values are wrong: a deadline that says "tomorrow", a round
number that is negative or a list, a player nobody plays, a time zone on Mars. Every command run over each must
refuse in one line naming the file (or go on, when it does not read it), never end in a traceback. Used by
tests/test_damaged_values.py (a few cases) and benchmarks/reliability.py's `values` row (all of them).
"""
from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

from tests.support.adversary import every_command, played_campaign

# The JSON files of a played campaign (tests.support.adversary.played_campaign, with the files planted below).
JSON_FILES = ("deadline.json", "rerun.json", "forcing.json", "held.json", "pause.json", "away.json",
              "mail-left.json", "outbox/.retry.json", "orders/ann.json", "rounds/0002/inputs.json",
              "rounds/0002/round.json", "rounds/0002/dice.json", "rounds/0001/round.json")
# Wrong in type or range for about any field: a bad time, a negative, huge or fractional number, a stranger.
WRONG_JSON = ("tomorrow", "", -1, 10**30, 2.5, True, None, [], {}, "zed", [1, 2], {"round": 1})
# campaign.toml's settings, each given TOML values of the wrong type or range.
TOML_KEYS = ("name", "game", "gm", "created", "deadline_hours", "deadline_days", "deadline_weekdays",
             "deadline_at", "timezone", "grace_hours", "remind_hours", "require_final", "missing_orders",
             "outage_guard", "announce_players", "press", "private_messages", "language")
WRONG_TOML = ('"tomorrow"', '""', "-1", "9223372036854775807", "2.5", "true", "[]", "{}", '"Mars/Olympus"',
              '"../../../evil"', '"25:99"', "1979-05-27T07:32:00Z")


def plant(folder: Path) -> None:
    """The files a played campaign may also hold, as pbem writes them, so that each has values to get wrong."""
    (folder / "forcing.json").write_text('{"round": 3}\n')
    (folder / "held.json").write_text('{"message": "NOT resolved", "round": 3}\n')
    (folder / "pause.json").write_text('{"reason": "x", "resumed_at": "2026-12-01T00:00:00Z", "round": 3, '
                                       '"since": "2026-11-30T00:00:00Z"}\n')
    (folder / "away.json").write_text('{"bob": {"policy": "default", "until": "2026-12-01T00:00:00Z"}}\n')
    (folder / "mail-left.json").write_text('{"k1": {"asked": false, "first_seen": "2026-12-01T00:00:00Z", '
                                           '"subject": "s"}}\n')
    (folder / "outbox" / ".retry.json").write_text('{"k1": {"attempts": 1, "error": "e", '
                                                   '"next": "2026-12-01T00:00:00Z"}}\n')


def _paths(value, prefix=()):
    """Every place in a JSON value one wrong value may go: the whole, and each member two levels down."""
    yield prefix
    if len(prefix) < 3 and isinstance(value, dict):
        for key in sorted(value):
            yield from _paths(value[key], (*prefix, key))
    elif len(prefix) < 3 and isinstance(value, list):
        for index in range(min(len(value), 2)):
            yield from _paths(value[index], (*prefix, index))


def _replaced(value, path, wrong):
    if not path:
        return wrong
    copy = json.loads(json.dumps(value))
    inner = copy
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = wrong
    return copy


def cases(played: Path) -> list[tuple[str, str, bytes]]:
    """(file, what was put where, the file's new content) for every wrong value in every file, in a fixed order."""
    found = []
    for name in JSON_FILES:
        original = json.loads((played / name).read_bytes())
        for path in _paths(original):
            for wrong in WRONG_JSON:
                where = "/".join(str(step) for step in path) or "(whole)"
                found.append((name, f"{where} = {json.dumps(wrong)}",
                              json.dumps(_replaced(original, path, wrong)).encode()))
    lines = (played / "campaign.toml").read_text("utf-8").splitlines()
    for key in TOML_KEYS:
        index = next(i for i, line in enumerate(lines) if line.startswith(f"{key} = "))
        for wrong in WRONG_TOML:
            changed = [*lines[:index], f"{key} = {wrong}", *lines[index + 1:]]
            found.append(("campaign.toml", f"{key} = {wrong}", ("\n".join(changed) + "\n").encode()))
    return found


def value_trial(played: Path, folder: Path, name: str, what: str, content: bytes) -> Counter:
    """One file given one wrong value, every command run: none ends in a traceback, and one that refuses names
    the file."""
    shutil.copytree(played, folder, symlinks=True)
    (folder / name).write_bytes(content)
    found = Counter(trials=1)
    found.details = []
    refused = False
    for command, result, said in every_command(folder, found, f"{name} {what}", shown=300):
        if result.code != 0:
            refused = True
            found["faults injected"] += 1   # a command that met the wrong value and refused
            if not names_it(name, said):
                found["crashes found"] += 1   # refused, but without saying which file
                found.details.append(f"{name} {what}: pbem {' '.join(command)} does not name it: {said.strip()}")
    found["unnoticed"] += not refused   # a value no command minds (harmless, or read by none of them)
    return found


def names_it(name: str, said: str) -> bool:
    """The message names the file; a round's record may be named by its round, as `pbem verify` says what changed
    in a round since it was resolved (and a round's record changed breaks the chain of the round after it)."""
    if name.rsplit("/", 1)[-1] in said:
        return True
    number = int(name.split("/")[1]) if name.startswith("rounds/") else None
    return number is not None and any(f"round {n}:" in said for n in (number, number + 1))


def value_trials(root: Path, size: int | None = None, seed: int = 26) -> Counter:
    """`size` cases drawn with `seed` from every file's wrong values (all of them when None)."""
    played = played_campaign(root / "played" / "war")
    plant(played)
    every = cases(played)
    chosen = every if size is None or size >= len(every) else random.Random(seed).sample(every, size)
    total = Counter()
    total.details = []
    for number, (name, what, content) in enumerate(chosen):
        found = value_trial(played, root / f"case-{number}" / "war", name, what, content)
        total.update(found)
        total.details += found.details
        shutil.rmtree(root / f"case-{number}")
    return total
