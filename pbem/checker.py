"""Check the dice and the record of a pbem campaign from your own reports alone.

    python3 checker.py [--nonce ROUND=WORD ...] [--notice FILE ...] REPORT.json ...   (or folders of them)

Give it the JSON reports your report mails carry (attached gzipped as CAMPAIGN-round-N-PLAYER.json.gz;
unpacked or not), as many as you have. It needs nothing but Python 3.9 or newer: this one file, no
packages. It checks

  - every revealed seed against the commitment published before it (in the report before, or in the
    rollback notice you received, --notice FILE, for a round played again);
  - every roll in your reports, recomputed from the seed and the nonces (pbem-dice-v1);
  - every die the game master rolled on demand (pbem roll), recomputed from the seed, and its result;
    a gap in their numbers (a roll left out) or a purpose rolled twice in a round (rolled again) is
    a problem;
  - in a game whose decks stay shuffled for the whole game (Ninjato), the hidden stream they are drawn
    from: its commitment is the same in every report, and when the game is over its revealed seed
    matches it and gives every one of its rolls;
  - the nonces you say you sent (--nonce 3=heron), present as you sent them;
  - the record chain: each report's link follows the one before, and no round was resolved twice
    unless a rollback said so; a round rewritten, deleted and resolved again, or an order changed
    after the fact, gives a report whose link does not follow yours;
  - where the campaign's dice mix in drand's public beacon: each beacon round's signature against
    drand mainnet's public key (this needs the py_ecc package: pip install py_ecc), that it is the
    first round after the round closed and the one the report before named, and its randomness in
    the dice;
  - where a round's orders were sealed before its beacon round (the sealed-orders notice each
    player is mailed when the round closes: --notice FILE, or a folder of your mails): that each
    player's orders resolved are the ones sealed in the notice you received (not changed once the
    dice could be known), that the notice reached you (its topmost Received header, written by
    your own mail provider) before the beacon round was published, that the beacon round is the
    first one after the seal and its margin, that your own report opens your seal with the orders
    its record chain links, and, in the report that ends the game, that every player's opening
    opens that player's seal of every round.

It prints what it checked, and each problem on a line of its own; the exit code is 0 when all is
well, 1 when something is wrong (a file that is not a report as pbem writes it too: one line names the file
and what is wrong with it), 2 when the checker cannot do its work (no reports given, py_ecc missing).
A file is read with bounds a forged one cannot stretch: at most 4 MiB, packed or unpacked, nested at most 64
deep, and every field the checker reads of the type pbem writes (a die of 1 to 2**64 sides).
"""
from __future__ import annotations

import argparse
import email
import email.policy
import functools
import hashlib
import hmac
import json
import re
import sys
import zlib
from pathlib import Path

ALGORITHM = "pbem-dice-v1"
SPAN = 1 << 64
# drand's League of Entropy mainnet, as its /info endpoint gives it
DRAND_MAINNET_KEY = ("868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a940"
                     "2801af31")
DRAND_GENESIS, DRAND_PERIOD = 1595431050, 30


class NeedsPackage(Exception):
    """The reports use the beacon and the signature library is not installed."""


def dice_key(seed: bytes, nonces: dict, beacon: str | None = None) -> bytes:
    lines = "".join(f"{name}={nonces[name]}\n" for name in sorted(nonces) if nonces[name])
    mixed = f"beacon {beacon}\n" if beacon else ""
    return hmac.new(seed, ("pbem dice key\n" + mixed + lines).encode("utf-8"), hashlib.sha256).digest()


@functools.lru_cache(maxsize=1024)   # a round met again (each player's reports, a seal's) is checked once: 1-2 s each
def beacon_signature_checks(public_key: str, round_number: int, previous: str, signature: str) -> bool:
    """drand's chained scheme: the round signs SHA-256(previous signature || round as 8 big-endian bytes)."""
    try:
        from eth_typing import BLSPubkey, BLSSignature  # py_ecc's own types of the key and signature bytes
        from py_ecc.bls import G2Basic
    except ImportError:
        raise NeedsPackage("the reports use drand's beacon; to check its signatures: pip install py_ecc") from None
    message = hashlib.sha256(bytes.fromhex(previous) + round_number.to_bytes(8, "big")).digest()
    try:
        return bool(G2Basic.Verify(BLSPubkey(bytes.fromhex(public_key)), message,
                                   BLSSignature(bytes.fromhex(signature))))
    except (ValueError, AssertionError):
        return False


def first_round_after(stamp: str, margin: int = 0) -> int:
    """The first drand round published strictly after a moment written as pbem records it (plus `margin`
    seconds: a seal's beacon round is the first after its time and margin)."""
    from datetime import datetime

    moment = int(datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()) + margin + 1
    elapsed = moment - DRAND_GENESIS
    return 1 if elapsed <= 0 else elapsed // DRAND_PERIOD + 1 + (1 if elapsed % DRAND_PERIOD else 0)


def published_at(round_number: int):
    """When drand mainnet publishes a round (a UTC datetime): before it nobody knows the round's value."""
    from datetime import datetime, timezone

    try:
        return datetime.fromtimestamp(DRAND_GENESIS + (round_number - 1) * DRAND_PERIOD, timezone.utc)
    except (OverflowError, ValueError, OSError):   # a round past the year 9999, as only a forged record names
        return datetime.max.replace(tzinfo=timezone.utc)


def check_beacon(report: dict, before: dict | None, key: str, problems: list[str]) -> tuple[str | None, int]:
    """The beacon round of a report's dice: the chain's, the first after the round closed, the one the
    report before named, its signature; returns its randomness (derived from the signature) and 1 if checked."""
    where = f"round {report['round']}"
    announced = (before or {}).get("dice", {}).get("next_beacon")
    beacon = report["dice"].get("beacon")
    if beacon is None:
        if announced:
            problems.append(f"{where}: resolved without the beacon round {announced['round']} that round "
                            f"{report['round'] - 1}'s report named")
        return None, 0
    if announced and (beacon["round"] < announced["round"] or beacon["closing"] < announced["closing"]):
        problems.append(f"{where}: the dice use beacon round {beacon['round']}, earlier than round "
                        f"{announced['round']} named in round {report['round'] - 1}'s report")
    if beacon.get("public_key") != key:
        problems.append(f"{where}: the beacon is not drand mainnet (its public key is {beacon.get('public_key')}); "
                        "if the campaign really uses another drand chain, give its key with --beacon-key")
    elif not beacon_signature_checks(key, beacon["round"], beacon["previous_signature"], beacon["signature"]):
        problems.append(f"{where}: beacon round {beacon['round']}'s signature does not check: it is not drand's")
    sealed = report["dice"].get("seal") is not None   # its beacon round follows the seal instead (check_seal)
    if key == DRAND_MAINNET_KEY and not sealed and beacon["round"] != first_round_after(beacon["closing"]):
        problems.append(f"{where}: beacon round {beacon['round']} is not the first one after the round closed at "
                        f"{beacon['closing']}")
    randomness = hashlib.sha256(bytes.fromhex(beacon["signature"])).hexdigest()
    if beacon.get("randomness") != randomness:
        problems.append(f"{where}: the beacon randomness shown is not the one its signature gives")
    return randomness, 1


def draw(key: bytes, seq: int, sides: int, purpose: str) -> int:
    if type(sides) is not int or not 1 <= sides <= SPAN:   # beyond 2**64 the rejection step would never end
        raise ValueError(f"a die of {sides!r} sides: pbem-dice-v1 rolls 1 to 2**64")
    bound = SPAN - (SPAN % sides)
    attempt = 0
    while True:
        block = hmac.new(key, f"{seq}:{sides}:{purpose}:{attempt}".encode(), hashlib.sha256).digest()
        x = int.from_bytes(block[:8], "big")
        if x < bound:
            return x % sides + 1
        attempt += 1


def roll_key(seed: bytes, number: int, beacon: str | None = None) -> bytes:
    """The key of a round's roll on demand `number`: a stream of its own, apart from the game's dice."""
    mixed = f"beacon {beacon}\n" if beacon else ""
    return hmac.new(seed, f"pbem roll {number}\n{mixed}".encode(), hashlib.sha256).digest()


EXPRESSION = re.compile(r"^([0-9]{1,3})d([0-9]{1,4})(?:([+-])([0-9]{1,4})|>=([0-9]{1,4}))?$")   # pbem roll's


def expected_roll(seed: bytes, roll: dict, randomness: str | None) -> tuple[int, list[int], int] | None:
    """(the sides, the dice, the result) that a roll on demand's expression and purpose give from the seed; None when
    the expression is not one pbem writes."""
    found = EXPRESSION.match(roll["expression"])
    if not found:
        return None
    count, sides = int(found.group(1)), int(found.group(2))
    if sides < 2 or count > 100:
        return None
    key = roll_key(seed, roll["seq"], randomness)
    dice = [draw(key, index, sides, roll["purpose"]) for index in range(count)]
    if found.group(5):
        return sides, dice, sum(1 for face in dice if face >= int(found.group(5)))
    modifier = int(found.group(4) or 0) * (-1 if found.group(3) == "-" else 1)
    return sides, dice, sum(dice) + modifier


def check_on_demand(report: dict, problems: list[str], beacon_key: str = "") -> int:
    """Every roll the game master made on demand in the round: its dice and result from the seed (and its own
    beacon round), its number next in the sequence, its purpose not rolled for before in the round; returns how
    many rolls on demand were recomputed."""
    where = f"round {report['round']}"
    dice = report["dice"]
    seed = bytes.fromhex(dice["seed"])
    seen: dict[str, int] = {}
    rolls = dice.get("on_demand", [])
    for index, roll in enumerate(rolls):
        if roll["seq"] != index:
            problems.append(f"{where}: roll on demand {index} is numbered {roll['seq']}: a roll on demand is missing "
                            "(rolled and left out) or repeated")
            return index
        randomness = None
        if roll.get("beacon"):
            beacon = roll["beacon"]
            randomness = hashlib.sha256(bytes.fromhex(beacon["signature"])).hexdigest()
            if beacon.get("public_key") != beacon_key:
                problems.append(f"{where}: roll on demand {index}'s beacon is not the campaign's chain (its public key "
                                f"is {beacon.get('public_key')})")
            elif not beacon_signature_checks(beacon_key, beacon["round"], beacon["previous_signature"],
                                             beacon["signature"]):
                problems.append(f"{where}: roll on demand {index}'s beacon round {beacon['round']}'s signature does "
                                "not check: it is not drand's")
            if beacon_key == DRAND_MAINNET_KEY and beacon["round"] != first_round_after(beacon["closing"]):
                problems.append(f"{where}: roll on demand {index}'s beacon round {beacon['round']} is not the first "
                                f"one after it was asked for at {beacon['closing']}")
            if beacon.get("closing") != roll["at"]:
                problems.append(f"{where}: roll on demand {index}'s beacon round is not the one after it was asked for")
        expected = expected_roll(seed, roll, randomness)
        if expected != (roll["sides"], roll["dice"], roll["result"]):
            problems.append(f"{where}: roll on demand {index} ({roll['expression']} for {roll['purpose']!r}) does not "
                            "follow from the seed: a die or its result was changed")
        if roll["purpose"]:
            if roll["purpose"] in seen:
                problems.append(f"{where}: rolls on demand {seen[roll['purpose']]} and {index} are both for "
                                f"{roll['purpose']!r}: the game master rolled again")
            seen.setdefault(roll["purpose"], index)
    return len(rolls)


MAX_BYTES = 4 << 20     # a report, packed or unpacked, and a notice: the largest pbem writes is far smaller
MAX_DEPTH = 64          # JSON nesting: pbem's reports nest about 10 deep


class Unfit(ValueError):
    """A file that is not what pbem writes: the message names the file and what is wrong with it."""


class DamagedSeal(Unfit):
    """A sealed-orders notice whose block is damaged: refused even in a folder, where other mails are skipped."""


def read_reports(paths: list[str]) -> list[dict]:
    files = []
    for name in paths:
        path = Path(name)
        files += sorted([*path.glob("*.json"), *path.glob("*.json.gz")]) if path.is_dir() else [path]
    reports = []
    for path in files:
        report = parsed(path, unpacked(path))
        problem = unfit(report, REPORT, "")
        if problem:
            raise Unfit(f"{path}: not a pbem JSON report: {problem}")
        report["_file"] = str(path)
        reports.append(report)
    return reports


def bounded_read(path: Path) -> bytes:
    """A regular file's bytes, at most MAX_BYTES of them (a FIFO or a device is never opened for reading)."""
    import os
    import stat

    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(descriptor, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise Unfit(f"{path}: not a regular file")
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Unfit(f"{path}: bigger than {MAX_BYTES >> 20} MiB, far more than any pbem file")
    return data


def unpacked(path: Path) -> bytes:
    """The file's bytes, gunzipped if it is a gzip file (as the report mails attach the JSON reports), never
    more than MAX_BYTES unpacked."""
    data = bounded_read(path)
    if data[:2] != b"\x1f\x8b":
        return data
    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        text = unpacker.decompress(data, MAX_BYTES + 1)
    except zlib.error as exc:
        raise Unfit(f"{path}: a damaged gzip file ({exc})") from None
    if len(text) > MAX_BYTES:
        raise Unfit(f"{path}: unpacks to more than {MAX_BYTES >> 20} MiB, far more than any pbem report")
    if not unpacker.eof or unpacker.unused_data:
        raise Unfit(f"{path}: a damaged gzip file (cut short, or more than the one report)")
    return text


def parsed(path: Path, data: bytes):
    """The JSON value of a file's bytes, its nesting measured before it is parsed."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unfit(f"{path}: not UTF-8 text (byte {exc.start})") from None
    depth = deepest(text)
    if depth > MAX_DEPTH:
        raise Unfit(f"{path}: JSON nested more than {MAX_DEPTH} deep: not a pbem report")
    try:
        value = json.loads(text)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Unfit(f"{path}: holds text that is not Unicode (a lone surrogate)") from None
    except ValueError as exc:
        raise Unfit(f"{path}: not JSON ({str(exc)[:100]})") from None
    return value


STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


def deepest(text: str) -> int:
    """How deep the brackets of a JSON text nest, strings left out, counted up to one past MAX_DEPTH (a text that
    is not JSON gets some number)."""
    depth = most = 0
    for bracket in re.finditer(r"[\[\]{}]", STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        most = max(most, depth)
        if most > MAX_DEPTH:
            break
    return most


# -- the shape of what the checker reads of a report ------------------------------------------------------------

HEX = re.compile(r"^(?:[0-9a-f]{2})*$")
STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$")
DIGEST = re.compile(r"[0-9a-f]{64}")                 # matched whole (fullmatch): no newline slips in
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")     # a campaign's or a player's name, as pbem allows them


def whole(low: int, high: int):
    return ("whole", low, high)


def optional(shape):
    return ("optional", shape)


def list_of(shape, most: int):
    return ("list", shape, most)


def names_of(shape, most: int):
    """An object keyed by player names (as a campaign names its players), each value of the shape."""
    return ("names", shape, most)


DIE = whole(1, SPAN)
ROUND = whole(0, 99_999)
ROLL = {"seq": whole(0, 10**7), "sides": DIE, "purpose": str, "value": DIE}
BEACON = {"round": whole(1, 10**12), "closing": "stamp", "public_key": "hex", "previous_signature": "hex",
          "signature": "hex", "randomness": optional("hex")}
ON_DEMAND = {"seq": whole(0, 10**7), "expression": str, "purpose": str, "at": "stamp", "sides": DIE,
             "dice": list_of(DIE, 100), "result": whole(-(10**9), 10**9), "beacon": optional(BEACON)}
ATTEMPT = whole(0, 9_999)
MARGIN = whole(0, 10**7)     # seconds: pbem's is minutes
ENTRY = {"orders": dict, "nonce": optional(str)}
OPENING = {"salt": "digest", "entry": ENTRY}
SEAL = {"algorithm": str, "at": "stamp", "margin": MARGIN, "attempt": ATTEMPT, "digests": names_of("digest", 10**4)}
OPENED = {"round": ROUND, "attempt": ATTEMPT, "players": names_of(OPENING, 10**4)}
DICE = {"algorithm": optional(str), "seed": "hex", "commitment": "hex", "next_commitment": optional("hex"),
        "nonces": optional(("map", str)), "rolls": optional(list_of(ROLL, 10**6)), "beacon": optional(BEACON),
        "next_beacon": optional({"round": whole(1, 10**12), "closing": "stamp", "published": optional("stamp"),
                                 "margin": optional(MARGIN)}),
        "on_demand": optional(list_of(ON_DEMAND, 100)),
        "hidden": optional({"commitment": "hex", "seed": optional("hex"), "rolls": optional(list_of(ROLL, 10**6))}),
        "seal": optional(SEAL), "openings": optional(list_of(OPENED, 10**5))}
CHAIN = {"previous": optional("hex"), "orders": optional("hex"), "report": optional("hex"), "link": optional("hex")}
REPORT = {"format": "pbem-report-1", "campaign": str, "player": str, "round": ROUND, "dice": DICE,
          "chain": optional(CHAIN), "rerun": optional({"commitment": optional("hex")}), "sealed": optional(OPENING)}


def unfit(value, shape, where: str) -> str | None:
    """What is wrong with a value against its declared shape (the first thing), or None."""
    if isinstance(shape, dict):
        return unfit_object(value, shape, where)
    if isinstance(shape, tuple):
        if shape[0] == "optional":
            return None if value is None else unfit(value, shape[1], where)
        if shape[0] == "list":
            return unfit_list(value, shape, where)
        if shape[0] == "names":
            return unfit_names(value, shape, where)
        if shape[0] == "map":
            fits = isinstance(value, dict) and all(isinstance(v, shape[1]) for v in value.values())
            return None if fits else f"{where} is {kind(value)}, not an object of texts"
        if type(value) is not int or not shape[1] <= value <= shape[2]:   # a whole number
            return f"{where} is {kind(value)}, not a whole number from {shape[1]} to {bound_text(shape[2])}" + (
                " (a die pbem rolls has 1 to 2**64 sides)" if shape is DIE and where.endswith("sides") else "")
        return None
    if shape is str:
        return None if isinstance(value, str) else f"{where} is {kind(value)}, not a text"
    if shape is dict:
        return None if isinstance(value, dict) else f"{where} is {kind(value)}, not an object"
    if shape == "digest":
        fits = isinstance(value, str) and bool(DIGEST.fullmatch(value))
        return None if fits else f"{where} is {kind(value)}, not a SHA-256 digest (64 hex digits)"
    if shape == "hex":
        return None if isinstance(value, str) and HEX.match(value) else f"{where} is {kind(value)}, not hex digits"
    if shape == "stamp":
        fits = isinstance(value, str) and bool(STAMP.match(value)) and moment(value) is not None
        return None if fits else f"{where} is {kind(value)}, not a moment"
    return None if value == shape else f"{where} is {kind(value)}, not {shape!r}"


def unfit_object(value, shape: dict, where: str) -> str | None:
    if not isinstance(value, dict):
        return f"{where or 'the file'} is {kind(value)}, not an object"
    for key, inner in shape.items():
        named = f"{where}.{key}" if where else key
        if key not in value:
            if not (isinstance(inner, tuple) and inner[0] == "optional"):
                return f"{named} is missing"
            continue
        problem = unfit(value[key], inner, named)
        if problem:
            return problem
    return None


def unfit_list(value, shape: tuple, where: str) -> str | None:
    if not isinstance(value, list) or len(value) > shape[2]:
        return f"{where} is {kind(value)}, not a list of at most {shape[2]}"
    for index, item in enumerate(value):
        problem = unfit(item, shape[1], f"{where}[{index}]")
        if problem:
            return problem
    return None


def unfit_names(value, shape: tuple, where: str) -> str | None:
    if not isinstance(value, dict) or len(value) > shape[2]:
        return f"{where} is {kind(value)}, not an object of at most {shape[2]} players"
    for name, item in value.items():
        if not NAME.fullmatch(name):
            return f"{where} names a player {kind(name)}, not a name pbem gives a player"
        problem = unfit(item, shape[1], f"{where}.{name}")
        if problem:
            return problem
    return None


def moment(stamp: str):
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None


def kind(value) -> str:
    """A value as a message shows it: short, whatever its size."""
    if isinstance(value, (dict, list)):
        return f"{'an object' if isinstance(value, dict) else 'a list'} of {len(value)}"
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**40 else f"a number of {len(str(value))} digits"
    return text if len(text) <= 40 else text[:37] + "..."


def bound_text(number: int) -> str:
    return "2**64" if number == SPAN else str(number)


def check_dice(report: dict, problems: list[str], beacon: str | None = None) -> int:
    """The seed against its own commitment, and every roll; returns how many rolls were recomputed."""
    where = f"round {report['round']}"
    dice = report["dice"]
    if dice.get("algorithm") != ALGORITHM:
        problems.append(f"{where}: dice algorithm {dice.get('algorithm')!r}, not {ALGORITHM}")
        return 0
    seed = bytes.fromhex(dice["seed"])
    if hashlib.sha256(seed).hexdigest() != dice["commitment"]:
        problems.append(f"{where}: the revealed seed does not match its commitment")
    key = dice_key(seed, dice.get("nonces", {}), beacon)
    return check_rolls(key, dice.get("rolls", []), problems, f"{where}: roll", "the seed and the nonces")


def check_rolls(key: bytes, rolls: list[dict], problems: list[str], named: str, source: str) -> int:
    """Every roll of a stream recomputed from its key, numbered from 0; returns how many were checked (up to the
    first one misnumbered)."""
    for expected_seq, roll in enumerate(rolls):
        if roll["seq"] != expected_seq:
            problems.append(f"{named} {expected_seq} is numbered {roll['seq']}: a roll is missing or repeated")
            return expected_seq
        if draw(key, roll["seq"], roll["sides"], roll["purpose"]) != roll["value"]:
            problems.append(f"{named} {roll['seq']} ({roll['purpose']}) does not follow from {source}")
    return len(rolls)


def check_hidden(reports: list[dict], problems: list[str]) -> int:
    """The hidden stream: one commitment throughout, and once revealed, its seed and every roll; returns how many
    of its rolls were recomputed."""
    committed = {report["dice"]["hidden"]["commitment"] for report in reports if "hidden" in report["dice"]}
    if not committed:
        return 0
    if len(committed) > 1:
        problems.append("the hidden stream's commitment changed during the game: the decks were shuffled again")
    if any("hidden" not in report["dice"] for report in reports):
        problems.append("some reports carry no commitment to the hidden stream of the decks")
    checked = 0
    for report in reports:
        hidden = report["dice"].get("hidden", {})
        if "seed" not in hidden:
            continue
        where = f"round {report['round']}"
        seed = bytes.fromhex(hidden["seed"])
        if hashlib.sha256(seed).hexdigest() != hidden["commitment"]:
            problems.append(f"{where}: the hidden stream's revealed seed does not match its commitment")
        checked += check_rolls(dice_key(seed, {}), hidden.get("rolls", []), problems, f"{where}: hidden roll",
                               "the revealed seed")
    return checked


def canonical_digest(value) -> str:
    """SHA-256 of a value's canonical JSON, as pbem writes it (sorted keys, compact, one line)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_link(report: dict, before: dict | None, problems: list[str]) -> int:
    """The report's own link (made from the report and its previous link), and that it follows the report
    before; returns how many links were checked."""
    chain = report.get("chain")
    where = f"round {report['round']}"
    if not chain:
        if before is not None and before.get("chain"):   # reports carry a link from the release that made them on
            problems.append(f"{where}: the report has no link, though round {before['round']}'s has: the link "
                            f"was taken out, so that a change to it would not show")
            return 1
        return 0
    model = {key: value for key, value in report.items() if key not in ("chain", "_file")}
    core = {"previous": chain.get("previous"), "orders": chain.get("orders"), "report": canonical_digest(model)}
    if chain.get("report") != core["report"] or chain.get("link") != canonical_digest(core):
        problems.append(f"{where}: the report does not match its own link: it was changed after it was sent")
    if before is not None and before.get("chain") and chain.get("previous") != before["chain"].get("link"):
        problems.append(f"{where}: the record chain is broken: this report's link does not follow round "
                        f"{report['round'] - 1}'s (a round was rewritten, or an order changed after the fact)")
    return 1


# the notice as common/rollback.txt.j2 words it, wrapped anywhere, in English or Spanish
NOTICE_ROUND = re.compile(r"round\s+(\d{1,5})\s+will\s+be\s+played\s+again|"
                          r"ronda\s+(\d{1,5})\s+se\s+jugará\s+de\s+nuevo", re.IGNORECASE)
NOTICE_COMMITMENT = re.compile(r"^\s+([0-9a-f]{64})\s*$", re.MULTILINE)


def notice_text(path: str) -> tuple[str, email.message.Message | None]:
    """A notice's text, and the mail it came in (None: its text, saved on its own)."""
    data = bounded_read(Path(path))
    mail = email.message_from_bytes(data, policy=email.policy.default)
    if mail.get("Subject") is None and mail.get("Received") is None:
        return data.decode("utf-8", errors="replace"), None
    part = mail.get_body(preferencelist=("plain",))
    try:
        return (part.get_content() if part is not None else ""), mail
    except (LookupError, ValueError, AttributeError) as exc:   # a charset or encoding no mail reader knows
        raise Unfit(f"{path}: a mail whose text cannot be read ({type(exc).__name__})") from None


def read_notice(path: str) -> tuple[int, str]:
    """(round, commitment) of a rollback notice, as the mail (or its text) the player received."""
    return rollback_of(path, notice_text(path)[0])


def rollback_of(path: str, text: str) -> tuple[int, str]:
    found_round, found_commitment = NOTICE_ROUND.search(text), NOTICE_COMMITMENT.search(text)
    if not found_round or not found_commitment:
        raise Unfit(f"{path}: not a pbem rollback notice (no round played again, or no commitment)")
    return int(found_round.group(1) or found_round.group(2)), found_commitment.group(1)


# the block of a sealed-orders notice, the same in every language, each of its lines indented 4 spaces
SEAL_ALGORITHM = "pbem-seal-v1"
SEAL_START = re.compile(r"^    pbem-seal-v1 .*$", re.MULTILINE)
SEAL_LINES = [("the heading", re.compile(r"pbem-seal-v1 campaign (\S+) round (\d{1,5}) attempt (\d{1,4})")),
              ("the sealed time", re.compile(r"sealed (\S+) margin (\d{1,8})")),
              ("the beacon round", re.compile(r"beacon (\d{1,13}) published (\S+)"))]
SEAL_DIGEST = re.compile(r"(\S+) ([0-9a-f]{64})")
MOST_SEALED = 10**4    # players in one notice


def read_any_notice(path: str) -> tuple[str, dict | tuple[int, str]]:
    """("seal", the sealed-orders notice) or ("rollback", (round, commitment)), told apart by the seal's block."""
    text, mail = notice_text(path)
    if SEAL_START.search(text):
        return "seal", {**seal_block(path, text), "file": str(path), **arrival(mail)}
    return "rollback", rollback_of(path, text)


def seal_block(path: str, text: str) -> dict:
    """What a sealed-orders notice's block says; a block damaged in any line is refused, naming the line."""
    start = SEAL_START.search(text)
    assert start is not None   # a notice without the block is a rollback notice (read_any_notice)
    lines = [line.rstrip() for line in text[start.start():].splitlines()[:MOST_SEALED + 5]]
    values: list[str] = []
    for index, (what, pattern) in enumerate(SEAL_LINES):
        found = pattern.fullmatch(lines[index][4:]) if index < len(lines) and lines[index][:4] == "    " else None
        if not found:
            raise damaged(path, f"{what} reads {kind(lines[index] if index < len(lines) else '')}")
        values += found.groups()
    campaign, number, attempt, at, margin, beacon, published = values
    for name, stamp in (("sealed", at), ("published", published)):
        if not (STAMP.match(stamp) and moment(stamp)):
            raise damaged(path, f"its {name} time {kind(stamp)} is not a moment")
    if not NAME.fullmatch(campaign):
        raise damaged(path, f"campaign {kind(campaign)}")
    return {"campaign": campaign, "round": int(number), "attempt": int(attempt), "at": at, "margin": int(margin),
            "beacon": int(beacon), "published": published, "digests": sealed_digests(path, lines[3:])}


def damaged(path: str, what: str) -> DamagedSeal:
    return DamagedSeal(f"{path}: a sealed-orders notice whose block is damaged: {what}")


def sealed_digests(path: str, lines: list[str]) -> dict[str, str]:
    """The block's player lines, up to its "end" line."""
    digests: dict[str, str] = {}
    for line in lines[:MOST_SEALED + 1]:
        if line == "    end":
            return digests
        found = SEAL_DIGEST.fullmatch(line[4:]) if line[:4] == "    " else None
        if not found or not NAME.fullmatch(found.group(1)) or found.group(1) in digests:
            raise damaged(path, f"a player's line reads {kind(line)}, not a name and a digest (nor the block's "
                                '"end")')
        digests[found.group(1)] = found.group(2)
    raise damaged(path, "it has no \"end\" line after its players")


def arrival(mail: email.message.Message | None) -> dict:
    """When the notice reached the player: the date of the mail's topmost Received header, which the player's own
    mail provider wrote; "unknown" says why it cannot be had."""
    from datetime import timezone
    from email.utils import parsedate_to_datetime

    if mail is None:
        return {"received": None, "unknown": "it is the notice's text alone"}
    try:
        headers = mail.get_all("Received") or []
        if not headers:
            return {"received": None, "unknown": "the mail has no Received header"}
        received = parsedate_to_datetime(str(headers[0]).rsplit(";", 1)[-1].strip())
    except (ValueError, TypeError, IndexError, AttributeError, LookupError):
        return {"received": None, "unknown": "the date of its topmost Received header cannot be read"}
    if received.tzinfo is None:     # "-0000": a date in UTC, its zone unsaid
        received = received.replace(tzinfo=timezone.utc)
    return {"received": received.astimezone(timezone.utc), "unknown": None}


def notice_files(names: list[str]) -> list[tuple[Path, bool]]:
    """The notice files given, a folder's (each *.eml and *.txt in it) marked as found in a folder."""
    files = []
    for name in names:
        path = Path(name)
        if path.is_dir():
            files += [(found, True) for found in sorted([*path.glob("*.eml"), *path.glob("*.txt")])]
        else:
            files.append((path, False))
    return files


def read_notices(names: list[str]) -> tuple[dict[int, list[str]], list[dict], list[str]]:
    """The rollback notices (round -> commitments), the sealed-orders notices, and a line for each file of a folder
    that is neither (skipped: a folder of mails holds other mails too). A file named on its own must be one."""
    rollbacks: dict[int, list[str]] = {}
    seals, skipped = [], []
    for path, in_folder in notice_files(names):
        try:
            _, notice = read_any_notice(str(path))
        except DamagedSeal:
            raise
        except Unfit as exc:
            if not in_folder:
                raise
            said = str(exc).replace("not a pbem rollback notice", "neither a rollback nor a sealed-orders notice")
            skipped.append(f"{said}: skipped")
            continue
        if isinstance(notice, dict):   # a sealed-orders notice; a rollback's is (round, commitment)
            seals.append(notice)
        else:
            number, commitment = notice
            rollbacks.setdefault(number, []).append(commitment)
    return rollbacks, seals, skipped


def check_commitment(report: dict, before: dict | None, problems: list[str],
                     notices: dict[int, list[str]] | None = None) -> int:
    """The seed is the one committed to before: for a re-run, in the rollback notice the player received (the
    report's own copy of it proves nothing, the GM wrote both), else in the report before."""
    where = f"round {report['round']}"
    rerun = report.get("rerun") or {}
    if rerun.get("commitment"):
        if rerun["commitment"] != report["dice"]["commitment"]:
            problems.append(f"{where}: the seed is not the one the rollback notice committed to")
        sent = (notices or {}).get(report["round"])
        if sent is None:
            problems.append(f"{where}: the round was played again after a rollback; give the rollback notice you "
                            "received (--notice FILE) to check its new seed against what you were sent")
        elif report["dice"]["commitment"] not in sent:
            problems.append(f"{where}: the seed is not the one committed to in the rollback notice you received")
        return 1
    if before is None:
        return 0
    if before["dice"].get("next_commitment") != report["dice"]["commitment"]:
        problems.append(f"{where}: the seed is not the one committed to in round {report['round'] - 1}'s report")
    return 1


def seal_digest(number: int, attempt: int, player: str, opening: dict) -> str:
    """The digest that seals a player's entry (orders and nonce) of a round's attempt: salted, so that it hides them."""
    return canonical_digest({"attempt": attempt, "entry": opening["entry"], "player": player, "round": number,
                             "salt": opening["salt"]})


def notices_by_round(seals: list[dict], problems: list[str]) -> dict[tuple[int, int], dict]:
    """The sealed-orders notices by (round, attempt); two that differ for one are a problem: sealed twice. Of copies
    of one notice (its mail and its text, or the mail sent again) the one that reached the player first counts."""
    found: dict[tuple[int, int], dict] = {}
    for notice in seals:
        key = (notice["round"], notice["attempt"])
        first = found.setdefault(key, notice)
        if sealed_the_same(first, notice):
            if notice["received"] and (first["received"] is None or notice["received"] < first["received"]):
                found[key] = notice
            continue
        problems.append(f"round {key[0]} (attempt {key[1]}): two different sealed-orders notices, {first['file']} and "
                        f"{notice['file']}: the orders were sealed twice")
    return found


def sealed_the_same(one: dict, other: dict) -> bool:
    return all(one[key] == other[key] for key in ("at", "margin", "beacon", "published", "digests"))


def check_seal(report: dict, notice: dict | None, key: str, problems: list[str]) -> int:
    """A sealed round: its beacon round follows the seal, the notice the player received seals the same orders and
    reached the player before that beacon round was out, and the player's own opening opens the seal; returns how
    many openings were checked."""
    where = f"round {report['round']}"
    seal = report["dice"]["seal"]
    if seal["algorithm"] != SEAL_ALGORITHM:
        problems.append(f"{where}: the orders are sealed with {seal['algorithm']!r}, not {SEAL_ALGORITHM}")
        return 0
    check_seal_timing(report, key, problems)
    if notice is not None:
        check_against_notice(report, notice, problems)
        check_arrival(report, notice, key, problems)
    return check_own_opening(report, problems)


def check_seal_timing(report: dict, key: str, problems: list[str]) -> None:
    """The seal is made once the round has closed, and its beacon round is the first one after the seal and its
    margin: nobody could know the dice when the orders were sealed."""
    where = f"round {report['round']}"
    seal, beacon = report["dice"]["seal"], report["dice"].get("beacon")
    if beacon is None:
        problems.append(f"{where}: the orders were sealed at {seal['at']}, but the dice mix in no beacon round")
        return
    if moment(seal["at"]) < moment(beacon["closing"]):
        problems.append(f"{where}: the orders were sealed at {seal['at']}, before the round closed at "
                        f"{beacon['closing']}: orders could still come in after the seal")
    due = first_round_after(seal["at"], seal["margin"])
    if key == DRAND_MAINNET_KEY and beacon["round"] != due:
        problems.append(f"{where}: beacon round {beacon['round']} is not the first one after the orders were sealed "
                        f"at {seal['at']} with a margin of {seal['margin']} seconds (that is round {due})")


def check_against_notice(report: dict, notice: dict, problems: list[str]) -> None:
    """The report's seal is the one the notice the player received gave: the same time, margin, beacon round and
    each player's digest."""
    where = f"round {report['round']}"
    seal, beacon = report["dice"]["seal"], report["dice"].get("beacon") or {}
    if (seal["at"], seal["margin"]) != (notice["at"], notice["margin"]):
        problems.append(f"{where}: the report says the orders were sealed at {seal['at']} with a margin of "
                        f"{seal['margin']} seconds, the notice you received at {notice['at']} with "
                        f"{notice['margin']}")
    if beacon.get("round") != notice["beacon"]:
        problems.append(f"{where}: the dice use beacon round {beacon.get('round')}, not round {notice['beacon']} that "
                        "the notice you received named")
    for player in sorted(set(seal["digests"]) | set(notice["digests"])):
        given, sent = seal["digests"].get(player), notice["digests"].get(player)
        if sent is None:
            problems.append(f"{where}: {player}'s orders are in the report's seal but were not sealed in the notice "
                            "you received: they were added after the round closed")
        elif given is None:
            problems.append(f"{where}: {player}'s orders were sealed in the notice you received but are missing from "
                            "the report's seal")
        elif given != sent:
            problems.append(f"{where}: {player}'s orders resolved are not the ones sealed in the notice you received: "
                            "they were changed after the round closed")


def check_arrival(report: dict, notice: dict, key: str, problems: list[str]) -> None:
    """The notice reached the player before its beacon round was published: a seal sent later could have been made
    knowing the dice. The arrival is the player's own provider's Received date, which the GM cannot write."""
    where = f"round {report['round']}"
    if notice["received"] is None:
        problems.append(f"{where}: when the sealed-orders notice {notice['file']} reached you cannot be checked "
                        f"({notice['unknown']}): give the mail as you received it (saved as .eml, with its headers)")
        return
    mainnet = key == DRAND_MAINNET_KEY
    if mainnet and moment(notice["published"]) != published_at(notice["beacon"]):
        problems.append(f"{where}: the notice you received says beacon round {notice['beacon']} is published at "
                        f"{notice['published']}, but drand mainnet publishes it at "
                        f"{shown(published_at(notice['beacon']))}")
    number = (report["dice"].get("beacon") or {}).get("round", notice["beacon"])   # the round the dice mix in
    published = published_at(number) if mainnet else moment(notice["published"])
    if notice["received"] >= published:
        when = "after" if notice["received"] > published else "the very second"
        problems.append(f"{where}: the notice reached you at {shown(notice['received'])}, {when} beacon round {number} "
                        f"was published at {shown(published)}: the orders could have been sealed knowing the dice (a "
                        "notice held back, or a clock set back)")


def shown(moment) -> str:
    """A UTC datetime as pbem writes a moment."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def check_own_opening(report: dict, problems: list[str]) -> int:
    """The player's own opening opens the player's digest in the seal, and its orders are the ones the record chain
    links; returns 1 if it was checked."""
    where = f"round {report['round']}"
    seal, player, opening = report["dice"]["seal"], report["player"], report.get("sealed")
    if opening is None:
        problems.append(f"{where}: the report carries no opening of your sealed orders, so it cannot be checked that "
                        "yours are the ones sealed")
        return 0
    digest = seal["digests"].get(player)
    if digest is None:
        problems.append(f"{where}: the seal has no digest of your orders ({player})")
    elif seal_digest(report["round"], seal["attempt"], player, opening) != digest:
        problems.append(f"{where}: your own opening does not open your digest in the seal: the orders resolved for "
                        "you are not the ones sealed")
    linked = (report.get("chain") or {}).get("orders")
    if report.get("chain") and linked != canonical_digest(opening["entry"]["orders"]):
        problems.append(f"{where}: the orders of your opening are not the ones the record chain links "
                        f"({kind(linked)}): the report opens other orders than it resolved")
    return 1


def check_openings(final: dict, latest: dict[int, dict], notices: dict[tuple[int, int], dict],
                   problems: list[str]) -> int:
    """The report that ended the game opens every seal of it: each player's opening of each round opens that round's
    digest, in its report and in the notice the player received (those given); returns how many openings were
    compared with a seal (in one source or both)."""
    where = f"round {final['round']}'s report (the game's end)"
    opened = {item["round"]: item for item in final["dice"]["openings"]}
    checked = 0
    for number in sorted(n for n, r in latest.items() if r["dice"].get("seal") and n not in opened):
        problems.append(f"round {number}: its sealed orders are not opened in {where}")
    for number, item in sorted(opened.items()):
        sealed = latest.get(number, {}).get("dice", {}).get("seal")
        if sealed and sealed["attempt"] != item["attempt"]:
            problems.append(f"round {number}: {where} opens attempt {item['attempt']}, but attempt "
                            f"{sealed['attempt']} was resolved")
            sealed = None
        sources = [("its report", (sealed or {}).get("digests")),
                   ("the notice you received", (notices.get((number, item["attempt"])) or {}).get("digests"))]
        given = [(source, digests) for source, digests in sources if digests is not None]
        for source, digests in given:
            check_opened(number, item, digests, source, where, problems)
        checked += len(item["players"]) if given else 0
    return checked


def check_opened(number: int, item: dict, digests: dict[str, str], source: str, where: str,
                 problems: list[str]) -> None:
    """Each player's opening of a round opens that player's digest in one source of the round's seal."""
    for player in sorted(set(digests) - set(item["players"])):
        problems.append(f"round {number}: {player}'s sealed orders are not opened in {where}")
    for player, opening in sorted(item["players"].items()):
        if digests.get(player) != seal_digest(number, item["attempt"], player, opening):
            problems.append(f"round {number}: {player}'s opening in {where} does not open {player}'s seal in "
                            f"{source}: the orders resolved are not the ones sealed")


def check_sealing_announced(report: dict, before: dict | None, problems: list[str]) -> None:
    """A round whose opening report said its orders would be sealed (a margin with its beacon round) is resolved
    with a seal."""
    announced = (before or {}).get("dice", {}).get("next_beacon") or {}
    if announced.get("margin") is not None and report["dice"].get("beacon") and not report["dice"].get("seal"):
        problems.append(f"round {report['round']}: resolved without sealing its orders, though round "
                        f"{report['round'] - 1}'s report said they would be")


def check_seal_kept(report: dict, notices: dict[tuple[int, int], dict], problems: list[str]) -> None:
    """A round the player was told was sealed keeps its seal in its report: a seal dropped is orders set free."""
    sealed = sorted(notice["file"] for (number, _), notice in notices.items() if number == report["round"])
    if sealed:
        problems.append(f"round {report['round']}: the notice you received ({sealed[0]}) sealed its orders, but its "
                        "report carries no seal: the orders resolved may not be the ones sealed")


def unnoticed_problem(rounds: list[int]) -> str:
    if len(rounds) == 1:
        return (f"round {rounds[0]} had its orders sealed: give the sealed-orders notice you received (--notice FILE "
                "or a folder of them) to check that the orders resolved are the ones sealed")
    return (f"rounds {', '.join(map(str, rounds))} had their orders sealed: give the sealed-orders notices you "
            "received (--notice FILE or a folder of them) to check that the orders resolved are the ones sealed")


def check(reports: list[dict], nonces: dict[int, str], beacon_key: str = DRAND_MAINNET_KEY,
          notices: dict[int, list[str]] | None = None, seals: list[dict] | None = None) -> tuple[list[str], dict]:
    """Every problem the reports show, and counts of what was checked."""
    problems: list[str] = []
    counts = {"reports": len(reports), "rolls": 0, "commitments": 0, "links": 0, "nonces": 0, "beacons": 0,
              "on_demand": 0, "hidden": 0, "seals": 0, "openings": 0}
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
        randomness, checked = check_beacon(report, latest.get(report["round"] - 1), beacon_key, problems)
        counts["beacons"] += checked
        counts["rolls"] += check_dice(report, problems, randomness)
        counts["on_demand"] += check_on_demand(report, problems, beacon_key)
    for number in sorted(latest):
        report, before = latest[number], latest.get(number - 1)
        counts["commitments"] += check_commitment(report, before, problems, notices)
        counts["links"] += check_link(report, before, problems)
        if number in nonces:
            counts["nonces"] += 1
            sent = report["dice"].get("nonces", {}).get(report["player"], "")
            if sent != nonces[number]:
                problems.append(f"round {number}: your nonce is {sent!r} in the report, not {nonces[number]!r} as "
                                "you sent it")
    counts["hidden"] = check_hidden([latest[number] for number in sorted(latest)], problems)
    check_seals(latest, seals or [], beacon_key, problems, counts)
    rounds = sorted(latest)
    missing = [n for n in range(rounds[0], rounds[-1] + 1) if n not in latest] if rounds else []
    if missing:
        problems.append(f"rounds {', '.join(map(str, missing))} are missing from the reports given: the links "
                        "across them cannot be checked")
    return problems, counts


def check_seals(latest: dict[int, dict], seals: list[dict], key: str, problems: list[str], counts: dict) -> None:
    """Every sealed round against the notice the player received, and the openings of the game's end."""
    campaigns = {report["campaign"] for report in latest.values()}
    notices = notices_by_round([notice for notice in seals if notice["campaign"] in campaigns], problems)
    unnoticed = []
    for number, report in sorted(latest.items()):
        if report["dice"].get("seal") is None:
            check_sealing_announced(report, latest.get(number - 1), problems)
            check_seal_kept(report, notices, problems)
            continue
        notice = notices.get((number, report["dice"]["seal"]["attempt"]))
        if notice is None:
            unnoticed.append(number)
        counts["seals"] += 1
        counts["openings"] += check_seal(report, notice, key, problems)
    if unnoticed:
        problems.append(unnoticed_problem(unnoticed))
    for report in latest.values():
        if report["dice"].get("openings") is not None:
            counts["openings"] += check_openings(report, latest, notices, problems)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="checker.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", help="JSON reports, or folders of them")
    parser.add_argument("--nonce", action="append", default=[], metavar="ROUND=WORD",
                        help="a nonce you sent with your orders for that round")
    parser.add_argument("--notice", action="append", default=[], metavar="FILE",
                        help="a rollback notice or a sealed-orders notice you received (the mail as saved, or "
                             "its text), or a folder of them (its *.eml and *.txt): a re-run's seed is checked "
                             "against the commitment a rollback notice gave, a sealed round's orders against the "
                             "seal")
    parser.add_argument("--beacon-key", default=DRAND_MAINNET_KEY, metavar="HEX",
                        help="the public key of the drand chain the campaign uses [default: drand mainnet's]")
    args = parser.parse_args(argv)
    try:
        nonces = {int(k): v for k, _, v in (item.partition("=") for item in args.nonce)}
    except ValueError:
        print(f"checker: --nonce {args.nonce}: give each as ROUND=WORD, the round a number", file=sys.stderr)
        return 2
    try:
        reports = read_reports(args.reports)
        notices, seals, skipped = read_notices(args.notice)
    except Unfit as exc:
        print(f"checker: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"checker: {exc}", file=sys.stderr)
        return 2
    if not reports:
        print("checker: no reports given", file=sys.stderr)
        return 2
    campaigns = {report["campaign"] for report in reports}
    skipped += [f"{notice['file']}: a sealed-orders notice of campaign {notice['campaign']}, not of these reports: "
                "skipped" for notice in seals if notice["campaign"] not in campaigns]
    for line in skipped:
        print(line)
    try:
        problems, counts = check(reports, nonces, args.beacon_key, notices, seals)
    except NeedsPackage as exc:
        print(f"checker: {exc}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        print(f"checker: a report is not as pbem writes it ({type(exc).__name__}: {str(exc)[:100]}); was it edited "
              "by hand?", file=sys.stderr)
        return 1
    print(f"checked {counts['reports']} reports: {counts['rolls']} rolls recomputed, {counts['commitments']} "
          f"commitments, {counts['links']} links of the record chain, {counts['nonces']} of your nonces"
          + (f", {counts['beacons']} beacon rounds" if counts["beacons"] else "")
          + (f", {counts['on_demand']} roll{'s' if counts['on_demand'] != 1 else ''} on demand"
             if counts["on_demand"] else "")
          + (f", {counts['hidden']} rolls of the decks' hidden stream" if counts["hidden"] else "")
          + (f", {counts['seals']} sealed round{'s' if counts['seals'] != 1 else ''} and {counts['openings']} "
             f"opening{'s' if counts['openings'] != 1 else ''} of sealed orders" if counts["seals"] else ""))
    for problem in problems:
        print(f"PROBLEM: {problem}")
    print("all is well" if not problems else f"{len(problems)} problem{'s' if len(problems) > 1 else ''} found")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
