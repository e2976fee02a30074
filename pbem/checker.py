"""Check the dice and the record of a pbem campaign from your own reports alone.

    python3 checker.py [--nonce ROUND=WORD ...] REPORT.json [REPORT.json ...]   (or a folder of them)

Give it the JSON reports your report mails carry (attached as CAMPAIGN-round-N-PLAYER.json), as many
as you have. It needs nothing but Python 3.9 or newer: this one file, no packages. It checks

  - every revealed seed against the commitment published before it (in the report before, or in the
    rollback notice for a round played again);
  - every roll in your reports, recomputed from the seed and the nonces (pbem-dice-v1);
  - the nonces you say you sent (--nonce 3=heron), present as you sent them;
  - the record chain: each report's link follows the one before, and no round was resolved twice
    unless a rollback said so; a round rewritten, deleted and resolved again, or an order changed
    after the fact, gives a report whose link does not follow yours.

It prints what it checked, and each problem on a line of its own; the exit code is 0 when all is
well, 1 when something is wrong, 2 when the files cannot be read.
"""
from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import sys
from pathlib import Path

ALGORITHM = "pbem-dice-v1"
SPAN = 1 << 64


def dice_key(seed: bytes, nonces: dict) -> bytes:
    lines = "".join(f"{name}={nonces[name]}\n" for name in sorted(nonces) if nonces[name])
    return hmac.new(seed, ("pbem dice key\n" + lines).encode("utf-8"), hashlib.sha256).digest()


def draw(key: bytes, seq: int, sides: int, purpose: str) -> int:
    bound = SPAN - (SPAN % sides)
    attempt = 0
    while True:
        block = hmac.new(key, f"{seq}:{sides}:{purpose}:{attempt}".encode(), hashlib.sha256).digest()
        x = int.from_bytes(block[:8], "big")
        if x < bound:
            return x % sides + 1
        attempt += 1


def read_reports(paths: list[str]) -> list[dict]:
    files = []
    for name in paths:
        path = Path(name)
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    reports = []
    for path in files:
        report = json.loads(path.read_text("utf-8"))
        if report.get("format") != "pbem-report-1" or "dice" not in report:
            raise ValueError(f"{path}: not a pbem JSON report")
        report["_file"] = str(path)
        reports.append(report)
    return reports


def check_dice(report: dict, problems: list[str]) -> int:
    """The seed against its own commitment, and every roll; returns how many rolls were recomputed."""
    where = f"round {report['round']}"
    dice = report["dice"]
    if dice.get("algorithm") != ALGORITHM:
        problems.append(f"{where}: dice algorithm {dice.get('algorithm')!r}, not {ALGORITHM}")
        return 0
    seed = bytes.fromhex(dice["seed"])
    if hashlib.sha256(seed).hexdigest() != dice["commitment"]:
        problems.append(f"{where}: the revealed seed does not match its commitment")
    key = dice_key(seed, dice.get("nonces", {}))
    for expected_seq, roll in enumerate(dice.get("rolls", [])):
        if roll["seq"] != expected_seq:
            problems.append(f"{where}: roll {expected_seq} is numbered {roll['seq']}: a roll is missing or repeated")
            return expected_seq
        if draw(key, roll["seq"], roll["sides"], roll["purpose"]) != roll["value"]:
            problems.append(f"{where}: roll {roll['seq']} ({roll['purpose']}) does not follow from the seed and the "
                            "nonces")
    return len(dice.get("rolls", []))


def canonical_digest(value) -> str:
    """SHA-256 of a value's canonical JSON, as pbem writes it (sorted keys, compact, one line)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_link(report: dict, before: dict | None, problems: list[str]) -> int:
    """The report's own link (made from the report and its previous link), and that it follows the report
    before; returns how many links were checked."""
    chain = report.get("chain")
    if not chain:
        return 0
    where = f"round {report['round']}"
    model = {key: value for key, value in report.items() if key not in ("chain", "_file")}
    core = {"previous": chain.get("previous"), "orders": chain.get("orders"), "report": canonical_digest(model)}
    if chain.get("report") != core["report"] or chain.get("link") != canonical_digest(core):
        problems.append(f"{where}: the report does not match its own link: it was changed after it was sent")
    if before is not None and before.get("chain") and chain.get("previous") != before["chain"].get("link"):
        problems.append(f"{where}: the record chain is broken: this report's link does not follow round "
                        f"{report['round'] - 1}'s (a round was rewritten, or an order changed after the fact)")
    return 1


def check_commitment(report: dict, before: dict | None, problems: list[str]) -> int:
    """The seed is the one committed to before: in the rollback notice for a re-run, else in the report before."""
    where = f"round {report['round']}"
    rerun = report.get("rerun") or {}
    if rerun.get("commitment"):
        if rerun["commitment"] != report["dice"]["commitment"]:
            problems.append(f"{where}: the seed is not the one the rollback notice committed to")
        return 1
    if before is None:
        return 0
    if before["dice"].get("next_commitment") != report["dice"]["commitment"]:
        problems.append(f"{where}: the seed is not the one committed to in round {report['round'] - 1}'s report")
    return 1


def check(reports: list[dict], nonces: dict[int, str]) -> tuple[list[str], dict]:
    """Every problem the reports show, and counts of what was checked."""
    problems: list[str] = []
    counts = {"reports": len(reports), "rolls": 0, "commitments": 0, "links": 0, "nonces": 0}
    who = {(r["campaign"], r["player"]) for r in reports}
    if len(who) > 1:
        return [f"the reports are of more than one campaign or player: {sorted(who)}"], counts
    by_round: dict[int, list[dict]] = {}
    for report in reports:
        by_round.setdefault(report["round"], []).append(report)
    for number, same in sorted(by_round.items()):
        differ = len({canonical_digest({k: v for k, v in r.items() if k != "_file"}) for r in same}) > 1
        if differ and not any(r.get("rerun") for r in same):
            problems.append(f"round {number}: two different reports, and neither says the round was played again: "
                            "the round was resolved a second time without a rollback")
    ordered = sorted(reports, key=lambda r: (r["round"], bool(r.get("rerun"))))
    latest = {report["round"]: report for report in ordered}   # a re-run's report replaces the undone one's
    for report in ordered:
        counts["rolls"] += check_dice(report, problems)
    for number in sorted(latest):
        report, before = latest[number], latest.get(number - 1)
        counts["commitments"] += check_commitment(report, before, problems)
        counts["links"] += check_link(report, before, problems)
        if number in nonces:
            counts["nonces"] += 1
            sent = report["dice"].get("nonces", {}).get(report["player"], "")
            if sent != nonces[number]:
                problems.append(f"round {number}: your nonce is {sent!r} in the report, not {nonces[number]!r} as "
                                "you sent it")
    rounds = sorted(latest)
    missing = [n for n in range(rounds[0], rounds[-1] + 1) if n not in latest] if rounds else []
    if missing:
        problems.append(f"rounds {', '.join(map(str, missing))} are missing from the reports given: the links "
                        "across them cannot be checked")
    return problems, counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="checker.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", help="JSON reports, or folders of them")
    parser.add_argument("--nonce", action="append", default=[], metavar="ROUND=WORD",
                        help="a nonce you sent with your orders for that round")
    args = parser.parse_args(argv)
    try:
        reports = read_reports(args.reports)
        nonces = {int(k): v for k, _, v in (item.partition("=") for item in args.nonce)}
    except (OSError, ValueError, KeyError) as exc:
        print(f"checker: {exc}", file=sys.stderr)
        return 2
    if not reports:
        print("checker: no reports given", file=sys.stderr)
        return 2
    try:
        problems, counts = check(reports, nonces)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        print(f"checker: a report is not as pbem writes it ({type(exc).__name__}: {exc}); was it edited by hand?",
              file=sys.stderr)
        return 2
    print(f"checked {counts['reports']} reports: {counts['rolls']} rolls recomputed, {counts['commitments']} "
          f"commitments, {counts['links']} links of the record chain, {counts['nonces']} of your nonces")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("all is well" if not problems else f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
