"""The record of a campaign: replaying it, verifying it, and rolling it back.

`replay` recomputes every round from its recorded inputs with the same function
that resolved it; `verify` checks what a player could check too (the hash
chain, the seed commitments, every recorded roll); `rollback` moves undone
rounds to the archive, never deleting them.
"""
from __future__ import annotations

import json
import os

from engine import canonical
from engine import seal as sealing
from engine.beacon import BeaconRound, round_after
from engine.beacon import verify as verify_beacon
from engine.dice import commitment, dice_key, hidden_seed, recheck, round_seed
from pbem import clock, press, roll
from pbem.attempts import attempt, rollback_records, undone_attempts
from pbem.campaign import Campaign
from pbem.errors import CampaignDamaged, UserError
from pbem.files import move_atomic, write_atomic
from pbem.record_end import missing_rounds
from pbem.records import read_record
from pbem.rounds import RERUN_FILE, announced_beacon, chain_link, compute_round, round_hash, settle
from pbem.schedule import next_deadline
from pbem.seal import SEAL_FILE


def replay(campaign: Campaign, progress=None) -> list[str]:
    """Differences between the archive and a fresh resolution of every round, first one first: the rounds in
    play, then every attempt a rollback undid, each from the state of the round it followed."""
    missing = missing_rounds(campaign)
    if missing:
        return missing
    secret = campaign.dice_secret()
    state = None
    previous = None
    folders = {}   # round hash -> folder: where each undone attempt's starting state is found
    rollbacks = rollback_records(campaign)
    for number in campaign.resolved_rounds():
        folder = campaign.round_dir(number)
        difference = _replayed(campaign, folder, f"round {number}", number, state, previous, secret)
        if difference:
            return [difference]
        state = read_record(folder / "state.json")
        previous = round_hash((folder / "round.json").read_bytes())
        folders[previous] = folder
        if progress:
            progress(number)
    for name, record in rollbacks:
        for undone in record["undone"]:
            folders[undone["hash"]] = campaign.folder / "archive" / name / "rounds" / f"{undone['round']:04d}"
    for name, record in rollbacks:
        for undone in record["undone"]:
            folder = folders[undone["hash"]]
            before = read_record(folder / "round.json")["previous"]
            if before not in folders:
                return [f"{name}, round {undone['round']}: the round it followed is in neither the campaign nor "
                        "the archive"]
            state = read_record(folders[before] / "state.json")
            difference = _replayed(campaign, folder, f"{name}, round {undone['round']}", undone["round"], state,
                                   before, secret)
            if difference:
                return [difference]
    return []


def _replayed(campaign: Campaign, folder, where: str, number: int, state, previous, secret) -> str | None:
    """How one round's folder differs from the round resolved again from its inputs, or None."""
    inputs = read_record(folder / "inputs.json")
    files = compute_round(campaign, number, inputs, state, previous, secret)
    on_disk = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    for name in sorted(set(files) | set(on_disk)):
        if name not in on_disk:
            return f"{where}: {name} is missing from the archive"
        if name not in files:
            return f"{where}: {name} is in the archive but the round does not produce it"
        if files[name] != on_disk[name]:
            return f"{where}: {name} differs {first_difference(on_disk[name], files[name])}"
    return None


def first_difference(recorded: bytes, replayed: bytes) -> str:
    old = recorded.decode("utf-8", "replace").splitlines()
    new = replayed.decode("utf-8", "replace").splitlines()
    for index, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return f"at line {index}: archived {a.strip()[:80]!r}, replayed {b.strip()[:80]!r}"
    return f"in length: archived {len(old)} lines, replayed {len(new)} lines"


def verify(campaign: Campaign) -> list[str]:
    """Every break in the hash chain, the commitments or the rolls, as messages: of the rounds in play, and
    of every attempt a rollback undid (kept in the archive)."""
    problems = []
    secret = campaign.dice_secret()
    rollbacks = rollback_records(campaign)
    attempts_undone = undone_attempts(rollbacks)
    # a re-run's seed is promised by the rollback notice, not by the round before it
    promised_by_notice = {(r["to"] + 1, r["attempt"]): r["commitment"] for _, r in rollbacks if "commitment" in r}
    previous = None
    previous_links: dict = {}
    promised = None
    announced = None   # the beacon round the report before named for this round
    problems += missing_rounds(campaign)
    for number in campaign.resolved_rounds():
        folder = campaign.round_dir(number)
        raw = (folder / "round.json").read_bytes()
        try:
            record = read_record(folder / "round.json")
        except CampaignDamaged as exc:
            problems.append(f"round {number}: {exc}")
            previous = round_hash(raw)
            continue
        if record.get("previous") != previous:
            problems.append(f"round {number}: the hash chain is broken (previous round hash does not match)")
        try:
            found, tried = check_round_folder(folder, f"round {number}", number, secret, campaign.beacon)
            dice, inputs = read_record(folder / "dice.json"), read_record(folder / "inputs.json")
        except CampaignDamaged as exc:   # a file of the round is not even JSON: say which, and go on
            problems.append(f"round {number}: {exc}")
            previous = round_hash(raw)
            continue
        problems += found + check_hidden_stream(folder, f"round {number}", secret, campaign.game)
        problems += announced_beacon_kept(f"round {number}", announced, dice.get("beacon"))
        announced = dice.get("next_beacon")
        if "previous_links" in inputs and inputs["previous_links"] != previous_links:
            problems.append(f"round {number}: the record chain is broken (its links do not follow round "
                            f"{number - 1}'s)")
        previous_links = record.get("links", {})
        promised = promised_by_notice.get((number, tried), promised)
        if promised is not None and record.get("commitment") != promised:
            problems.append(f"round {number}: the seed is not the one committed to "
                            + ("in the rollback notice" if (number, tried) in promised_by_notice
                               else f"in round {number - 1}"))
        if tried != attempts_undone.get(number, 0):
            problems.append(f"round {number}: it says it is attempt {tried}, but the archive holds "
                            f"{attempts_undone.get(number, 0)} undone attempts of it")
        previous = round_hash(raw)
        promised = record.get("next_commitment")
    for name, record in rollbacks:
        for undone in record["undone"]:
            folder = campaign.folder / "archive" / name / "rounds" / f"{undone['round']:04d}"
            where = f"{name}, round {undone['round']}"
            if not (folder / "round.json").is_file():
                problems.append(f"{where}: the undone round is missing from the archive")
                continue
            if round_hash((folder / "round.json").read_bytes()) != undone["hash"]:
                problems.append(f"{where}: the undone round was changed after the rollback")
            problems += check_round_folder(folder, where, undone["round"], secret, campaign.beacon)[0]
            problems += check_hidden_stream(folder, where, secret, campaign.game)
    return problems


def check_hidden_stream(folder, where: str, secret: bytes, game) -> list[str]:
    """A game whose decks last the whole game (Game.hidden_stream): the commitment its reports carry is the
    campaign's, every roll the state keeps follows from the hidden seed, and the reveal at the end is that seed
    and those rolls."""
    if game.hidden_stream is None:
        return []
    try:
        hidden = read_record(folder / "dice.json").get("hidden") or {}
        rolls = game.hidden_stream(read_record(folder / "state.json"))
    except (CampaignDamaged, KeyError, TypeError) as exc:
        return [f"{where}: the hidden stream cannot be read: {exc}"]
    seed = hidden_seed(secret)
    problems = []
    if hidden.get("commitment") != commitment(seed):
        problems.append(f"{where}: the hidden stream's commitment is not the campaign's")
    bad = recheck(dice_key(seed, {}), rolls)
    if bad is not None:
        problems.append(f"{where}: hidden roll {bad} does not follow from the hidden stream's seed")
    if "seed" in hidden and (hidden["seed"] != seed.hex() or hidden.get("rolls") != rolls):
        problems.append(f"{where}: the hidden stream revealed is not the one the game drew from")
    return problems


def announced_beacon_kept(where: str, announced: dict | None, used: dict | None) -> list[str]:
    """A round whose opening report named a beacon round uses it, or a later one if its deadline was moved
    later; never none, never an earlier one (that would let the GM choose among known beacon rounds)."""
    if announced is None:
        return []
    if used is None:
        return [f"{where}: resolved without the beacon round {announced['round']} its opening report named"]
    if used["round"] < announced["round"] or used["closing"] < announced["closing"]:
        return [f"{where}: its dice use beacon round {used['round']}, earlier than the round {announced['round']} "
                "its opening report named"]
    return []


def check_round_folder(folder, where: str, number: int, secret: bytes,
                       beacon_settings: dict | None = None) -> tuple[list[str], int]:
    """(problems, attempt) of one round's folder on its own: every file as its record hashes it, the seed
    revealed against its commitment and derived from the campaign secret for its attempt, the beacon round,
    every roll."""
    record = read_record(folder / "round.json")
    problems = files_unlike_record(folder, where, record.get("files", {}))
    dice = read_record(folder / "dice.json")
    tried = record.get("attempt", 0)
    seed = bytes.fromhex(dice["seed"])
    if commitment(seed) != dice["commitment"] or dice["commitment"] != record.get("commitment"):
        problems.append(f"{where}: the revealed seed does not match its commitment")
    if seed != round_seed(secret, number, tried):
        problems.append(f"{where}: the seed is not derived from the campaign secret"
                        + (f" for attempt {tried}" if tried else ""))
    beacon = dice.get("beacon")
    if beacon:
        problems += check_beacon(where, beacon, beacon_settings or {}, dice.get("seal"))
    if dice.get("seal") and (folder / "inputs.json").is_file():
        problems += check_seal(where, number, tried, dice["seal"], read_record(folder / "inputs.json"), secret)
    randomness = BeaconRound.from_record(beacon).randomness if beacon else None
    bad = recheck(dice_key(seed, dice.get("nonces", {}), randomness), dice.get("rolls", []))
    if bad is not None:
        problems.append(f"{where}: roll {bad} does not follow from the seed and the nonces")
    asked = dice.get("on_demand", [])
    for made in asked:
        if made.get("beacon"):
            problems += check_beacon(f"{where}, roll on demand {made.get('seq')}", made["beacon"],
                                     beacon_settings or {})
    problems += roll.problems(seed, asked, where)
    if "links" in record and (folder / "inputs.json").is_file():
        inputs = read_record(folder / "inputs.json")
        for player, link in sorted(record["links"].items()):
            path = folder / "reports" / f"{player}.json"
            model = read_record(path) if path.is_file() else {}
            chain = model.pop("chain", None)
            expected = chain_link(model, canonical.digest((inputs.get("orders") or {}).get(player)),
                                  (inputs.get("previous_links") or {}).get(player))
            if chain != expected or link != expected["link"]:
                problems.append(f"{where}: {player}'s link in the record chain does not match the report and orders")
    return problems, tried


def files_unlike_record(folder, where: str, listed: dict) -> list[str]:
    """Every file of a round's folder that is not as the round's record hashes it, or not in it."""
    problems = []
    present = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()} - {"round.json"}
    for name in sorted(present - set(listed)):
        problems.append(f"{where}: {name} is not in the round's record")
    for name, expected in sorted(listed.items()):
        path = folder / name
        if path.is_symlink():   # the same bytes, maybe, but no longer the file the round wrote
            problems.append(f"{where}: {name} is a link to {os.readlink(path)}, not the file the round wrote")
        elif not path.is_file():
            problems.append(f"{where}: {name} is missing")
        elif canonical.sha256_hex(path.read_bytes()) != expected:
            problems.append(f"{where}: {name} was changed after the round was resolved")
    return problems


def check_seal(where: str, number: int, tried: int, found: dict, inputs: dict, secret: bytes) -> list[str]:
    """The seals a round's reports carry are those of the orders it resolved, made after the round closed."""
    entries = sealing.entries(inputs.get("orders") or {}, inputs.get("nonces", {}))
    problems = []
    if found.get("digests") != sealing.digests(secret, number, tried, entries):
        problems.append(f"{where}: the seals in its reports are not those of the orders it resolved")
    if found.get("at") != (inputs.get("seal") or {}).get("at"):
        problems.append(f"{where}: its reports say the orders were sealed at {found.get('at')}, its inputs otherwise")
    return problems


def check_beacon(where: str, beacon: dict, settings: dict, sealed: dict | None = None) -> list[str]:
    """The beacon round a round's dice mixed in: the campaign's chain, the first round after the round closed
    (after the orders were sealed and the margin, when they were), and its signature checked offline against the
    chain's public key."""
    from pbem.beacon import chain, require_signature_library

    require_signature_library()
    used = chain(settings)
    if beacon.get("public_key") != used["public_key"]:
        return [f"{where}: the dice use a beacon of another chain than the campaign's (public key "
                f"{str(beacon.get('public_key'))[:16]}...)"]
    problems = []
    if sealed:
        after = int(clock.parse(sealed["at"]).timestamp()) + sealed["margin"]
        if beacon["round"] != round_after(after, used):
            problems.append(f"{where}: beacon round {beacon['round']} is not the first one published more than "
                            f"{sealed['margin']} seconds after the orders were sealed at {sealed['at']}")
        if sealed["at"] < beacon["closing"]:
            problems.append(f"{where}: its orders were sealed at {sealed['at']}, before the round closed at "
                            f"{beacon['closing']}")
    elif beacon["round"] != round_after(int(clock.parse(beacon["closing"]).timestamp()), used):
        problems.append(f"{where}: beacon round {beacon['round']} is not the first one after the round closed at "
                        f"{beacon['closing']}")
    if not verify_beacon(BeaconRound.from_record(beacon), used):
        problems.append(f"{where}: beacon round {beacon['round']}'s signature does not check against the chain's "
                        "public key")
    return problems


def rollback(campaign: Campaign, to: int, reason: str, decks_revealed: bool = False) -> dict:
    """Undo the rounds after `to`; they go to archive/rollback-K/, and their orders come back. A game whose hidden
    stream the last round revealed (its end) is undone only when the GM says so (`decks_revealed`): every player
    now knows the order of the decks the re-run draws from."""
    settle(campaign)
    reason = reason.strip()
    if not reason:
        raise UserError("--reason is required: say why the rounds are undone (players will read it)")
    last = campaign.last_round
    if not 0 <= to < last:
        raise UserError(f"--to {to}: choose a round from 0 to {last - 1} (round {last} is the last resolved)")
    if "seed" in (read_record(campaign.round_dir(last) / "dice.json").get("hidden") or {}) and not decks_revealed:
        raise UserError(f"round {last}'s reports revealed the hidden stream the decks are drawn from: every player "
                        "can now work out the cards still to come, so a re-run would be played with open decks",
                        ["roll back anyway with --decks-revealed, if the players agree"])
    archive_root = campaign.folder / "archive"
    index = 1 + sum(1 for p in archive_root.glob("rollback-*")) if archive_root.is_dir() else 1
    archive = archive_root / f"rollback-{index:02d}"
    undone = [{"round": n, "hash": round_hash((campaign.round_dir(n) / "round.json").read_bytes())}
              for n in range(to + 1, last + 1)]
    restored = read_record(campaign.round_dir(to + 1) / "inputs.json")
    again = attempt(campaign, to + 1) + 1   # this rollback undoes that attempt too
    promise = commitment(round_seed(campaign.dice_secret(), to + 1, again))
    record = {"to": to, "reason": reason, "at": clock.stamp(clock.now()), "undone": undone,
              "attempt": again, "commitment": promise}
    write_atomic(archive / "rollback.json", canonical.dumps(record))
    for path in sorted((campaign.folder / "outbox").glob("r*.eml")):
        if path.name[1:5].isdigit() and int(path.name[1:5]) > to:
            move_atomic(path, archive / "outbox" / path.name)
    for path in sorted(campaign.orders_dir.glob("*.json")):
        move_atomic(path, archive / "orders" / path.name)
    for number in range(last, to, -1):
        move_atomic(campaign.round_dir(number), archive / "rounds" / campaign.round_dir(number).name)
    if (campaign.folder / SEAL_FILE).is_file():   # the open round's seal: that attempt is undone too
        move_atomic(campaign.folder / SEAL_FILE, archive / SEAL_FILE)
    rerun = {"round": to + 1, "reason": reason, "undone": [u["hash"] for u in undone],
             "rounds": [u["round"] for u in undone], "commitment": promise, "rollback": archive.name,
             "at": record["at"]}   # the notices' moment: a notice made again after a crash is the same mail
    if campaign.beacon:
        # the undone round's beacon round is known now: the re-run closes afresh and names a beacon round to come
        deadline = next_deadline(campaign, clock.now())
        assert deadline is not None   # a campaign with a beacon has a deadline (Campaign.check_beacon_settings)
        write_atomic(campaign.folder / "deadline.json", canonical.dumps({"round": to + 1, "deadline": deadline}))
        rerun |= {"deadline": deadline, "beacon": announced_beacon(campaign, deadline)}
    write_atomic(campaign.folder / RERUN_FILE, canonical.dumps(rerun))
    now = clock.stamp(clock.now())
    for player, orders in sorted(restored["orders"].items()):
        if player in restored.get("defaulted", []) or player in restored.get("away", []):
            continue   # stand-in orders, not the player's
        # the nonce stays behind: it was sent knowing the undone round, so only a nonce sent after the notice counts
        entry = {"round": to + 1, "player": player, "orders": orders, "nonce": "",
                 "received_at": now, "source": f"restored by rollback-{index:02d}"}
        write_atomic(campaign.orders_dir / f"{player}.json", json.dumps(entry, sort_keys=True, indent=1) + "\n")
    press.restore(campaign, to + 1, restored, archive)
    roll.archive(campaign, archive)
    campaign.log(f"rolled back to round {to} ({reason}); undone rounds in {archive.name}")
    settle(campaign)   # posts the notice with the new seed's commitment to every player
    return {"archive": str(archive), "undone": [u["round"] for u in undone], "commitment": promise}
