"""Where the record ends: the last resolved round as every independent witness the campaign keeps tells it.

A round folder removed leaves no break in the hash chain when it is the last one, so verify and replay also ask
the witnesses outside rounds/ which rounds were resolved: the log ("resolved round N", "rolled back to round T"),
the report mails in outbox/ and sent/ (r0028-HASH-PLAYER, HASH of the report in rounds/0028), the other mail
naming the round that was open (a reminder for round 29 was sent after round 28), and the open round's files
(orders, press, rolls, deadline, pause, rerun, forcing: each says which round is open). A round they hold that
rounds/ lacks, or a gap in the numbered rounds, is damage. A rollback removes later rounds rightly: its record in
archive/ says which, and their mail is matched against the archived rounds, so those are never called missing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine import canonical
from pbem.attempts import rollback_records
from pbem.campaign import Campaign
from pbem.errors import CampaignDamaged
from pbem.files import matching
from pbem.records import read_record
from pbem.rounds import FORCING_FILE, RERUN_FILE

RESOLVED_LINE = re.compile(r"^\S+ resolved round (\d+)\b")
ROLLED_BACK_LINE = re.compile(r"^\S+ rolled back to round (\d+) \(.*\); undone rounds in (rollback-\d+)$")
REPORT_MAIL = re.compile(r"^r(\d{4})-([0-9a-f]{8})-([A-Za-z][A-Za-z0-9_-]{0,31})$")          # pbem.rounds.report_key
OPEN_ROUND_MAIL = re.compile(r"^(?:remind|deadline|brief|relay|gm|paused|resumed)-r(\d{4})-")   # the open round's
HANDOVER_MAIL = re.compile(r"^welcome-.+-r(\d{4})-[0-9a-f]{8}$")     # pbem.players: names the last resolved round
OPEN_ROUND_FILES = ("deadline.json", "pause.json", RERUN_FILE, FORCING_FILE)
OPEN_ROUND_FOLDERS = ("orders", "press", "rolls")


@dataclass
class Witness:
    """What one witness says: the last round it holds resolved, and what it found on its own (strays)."""

    name: str
    last: int = -1
    plural: bool = False   # its name takes "hold", not "holds"
    strays: list[str] = field(default_factory=list)   # findings of their own: a report no round holds


def missing_rounds(campaign: Campaign) -> list[str]:
    """One line per round the record lacks: a round a witness holds resolved (or one before it) whose folder is
    not in rounds/, and a report mailed for a round that neither its folder nor the archive holds."""
    rounds = set(campaign.resolved_rounds())
    rollbacks = rollback_records(campaign)
    undone = {item["round"] for _, record in rollbacks for item in record.get("undone", [])}
    witnesses = [log_witness(campaign, rollbacks), *mail_witnesses(campaign, rounds, undone),
                 open_round_witness(campaign, undone)]
    if rounds:
        witnesses.append(Witness("the rounds after it", max(rounds), plural=True))
    problems = []
    for number in range(max(w.last for w in witnesses) + 1):
        if number in rounds:
            continue
        holding = [w for w in witnesses if w.last >= number]
        verb = "hold" if len(holding) > 1 or holding[0].plural else "holds"
        problems.append(f"round {number}: {_joined([w.name for w in holding])} {verb} it but "
                        f"rounds/{number:04d} is missing")
    for witness in witnesses:
        problems += witness.strays
    return problems


def log_witness(campaign: Campaign, rollbacks: list[tuple[str, dict]]) -> Witness:
    """The log read in order: each resolution adds its round, each rollback takes the undone rounds away. A
    rollback whose line is missing (killed before it wrote it) is taken where a round resolved again needs it,
    or at the end. A round resolved twice with no rollback between was removed and resolved anew."""
    witness = Witness("the log")
    path = campaign.folder / "log.txt"
    if not path.is_file():
        return witness
    records = dict(rollbacks)
    unseen = [name for name, _ in rollbacks]
    held: set[int] = set()
    for line in path.read_bytes().decode("utf-8", "replace").splitlines():
        if found := ROLLED_BACK_LINE.match(line):
            held = {n for n in held if n <= int(found[1])}
            if found[2] in unseen:
                unseen.remove(found[2])
        elif found := RESOLVED_LINE.match(line):
            number = int(found[1])
            if number in held:
                explaining = [name for name in unseen
                              if number in {u["round"] for u in records[name].get("undone", [])}]
                if explaining:
                    unseen.remove(explaining[0])
                    held = {n for n in held if n <= records[explaining[0]].get("to", -1)}
                else:
                    witness.strays.append(f"round {number}: the log says it was resolved again with no rollback "
                                          f"between: rounds/{number:04d} was removed and the round played anew")
            held.add(number)
    for name in unseen:
        held = {n for n in held if n <= records[name].get("to", -1)}
    witness.last = max(held, default=-1)
    return witness


def mail_witnesses(campaign: Campaign, rounds: set[int], undone: set[int]) -> list[Witness]:
    """The outbox and sent mail: a report mail holds its round when the round's report (in rounds/ or in an
    undone round the archive keeps) is the one it was made from; other mail names the round that was open."""
    found = []
    for folder, name in (("outbox", "the outbox"), ("sent", "sent mail")):
        witness = Witness(name)
        for path in sorted(matching(campaign.folder / folder, "*.eml")):
            key = path.name[: -len(".eml")]
            if report := REPORT_MAIL.match(key):
                number, digest, player = int(report[1]), report[2], report[3]
                current, archived = _report_digests(campaign, number, player)
                if digest in archived and digest not in current:
                    continue   # a report of an undone round
                if number in rounds and not current:
                    witness.strays.append(f"round {number}: {folder}/{path.name} is a report to {player}, but "
                                          f"rounds/{number:04d}/reports/{player}.json is missing")
                elif number in rounds and digest not in current:
                    witness.strays.append(f"round {number}: {folder}/{path.name} is a report to {player} that "
                                          f"neither rounds/{number:04d} nor the archive holds (the round was "
                                          "resolved again?)")
                witness.last = max(witness.last, number)
            elif (opened := OPEN_ROUND_MAIL.match(key)) and int(opened[1]) - 1 not in undone:
                witness.last = max(witness.last, int(opened[1]) - 1)
            elif (handover := HANDOVER_MAIL.match(key)) and int(handover[1]) not in undone:
                witness.last = max(witness.last, int(handover[1]))
        found.append(witness)
    return found


def open_round_witness(campaign: Campaign, undone: set[int]) -> Witness:
    """The open round's files each name the open round: the round before it was resolved. A file left from a
    round a rollback undid names that round, and says nothing. A file that cannot be read says nothing either
    (the command that needs it says so)."""
    witness = Witness("the open round's files", plural=True)
    paths = [campaign.folder / name for name in OPEN_ROUND_FILES]
    paths += [path for name in OPEN_ROUND_FOLDERS for path in sorted(matching(campaign.folder / name, "*.json"))]
    for path in paths:
        try:
            record = read_record(path) if path.is_file() else None
        except (CampaignDamaged, OSError):
            continue
        number = record.get("round") if isinstance(record, dict) else None
        if isinstance(number, int) and not isinstance(number, bool) and number - 1 not in undone:
            witness.last = max(witness.last, number - 1)
    return witness


def _report_digests(campaign: Campaign, number: int, player: str) -> tuple[set[str], set[str]]:
    """The short hashes report mails are named by: of the player's report in rounds/, and in the archive."""
    current = campaign.round_dir(number) / "reports" / f"{player}.json"
    archived = sorted((campaign.folder / "archive").glob(f"rollback-*/rounds/{number:04d}/reports/{player}.json"))
    return _digests([current]), _digests(archived)


def _digests(paths) -> set[str]:
    found = set()
    for path in paths:
        try:
            found.add(canonical.sha256_hex(path.read_bytes())[:8])
        except OSError:
            continue
    return found


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
