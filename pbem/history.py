"""The record of a campaign: replaying it, verifying it, and rolling it back.

`replay` recomputes every round from its recorded inputs with the same function
that resolved it; `verify` checks what a player could check too (the hash
chain, the seed commitments, every recorded roll); `rollback` moves undone
rounds to the archive, never deleting them.
"""
from __future__ import annotations

import json

from engine import canonical
from engine.dice import commitment, dice_key, recheck, round_seed
from pbem import clock
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import move_atomic, write_atomic
from pbem.rounds import RERUN_FILE, compute_round, round_hash, settle


def replay(campaign: Campaign, progress=None) -> list[str]:
    """Differences between the archive and a fresh resolution of every round, first one first."""
    secret = campaign.dice_secret()
    state = None
    previous = None
    for number in campaign.resolved_rounds():
        folder = campaign.round_dir(number)
        inputs = json.loads((folder / "inputs.json").read_text("utf-8"))
        files = compute_round(campaign, number, inputs, state, previous, secret)
        on_disk = {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
        for name in sorted(set(files) | set(on_disk)):
            if name not in on_disk:
                return [f"round {number}: {name} is missing from the archive"]
            if name not in files:
                return [f"round {number}: {name} is in the archive but the round does not produce it"]
            if files[name] != on_disk[name]:
                return [f"round {number}: {name} differs {first_difference(on_disk[name], files[name])}"]
        state = json.loads(files["state.json"])
        previous = round_hash(files["round.json"])
        if progress:
            progress(number)
    return []


def first_difference(recorded: bytes, replayed: bytes) -> str:
    old = recorded.decode("utf-8", "replace").splitlines()
    new = replayed.decode("utf-8", "replace").splitlines()
    for index, (a, b) in enumerate(zip(old, new), start=1):
        if a != b:
            return f"at line {index}: archived {a.strip()[:80]!r}, replayed {b.strip()[:80]!r}"
    return f"in length: archived {len(old)} lines, replayed {len(new)} lines"


def verify(campaign: Campaign) -> list[str]:
    """Every break in the hash chain, the commitments or the rolls, as messages."""
    problems = []
    secret = campaign.dice_secret()
    previous = None
    promised = None
    rounds = campaign.resolved_rounds()
    if rounds != list(range(len(rounds))):
        problems.append(f"rounds are not numbered 0 to {len(rounds) - 1}: {rounds}")
    for number in rounds:
        folder = campaign.round_dir(number)
        raw = (folder / "round.json").read_bytes()
        record = json.loads(raw)
        if record.get("previous") != previous:
            problems.append(f"round {number}: the hash chain is broken (previous round hash does not match)")
        listed = record.get("files", {})
        present = {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()} - {"round.json"}
        for name in sorted(present - set(listed)):
            problems.append(f"round {number}: {name} is not in the round's record")
        for name, expected in sorted(listed.items()):
            path = folder / name
            if not path.is_file():
                problems.append(f"round {number}: {name} is missing")
            elif canonical.sha256_hex(path.read_bytes()) != expected:
                problems.append(f"round {number}: {name} was changed after the round was resolved")
        dice = json.loads((folder / "dice.json").read_text("utf-8"))
        seed = bytes.fromhex(dice["seed"])
        if commitment(seed) != dice["commitment"] or dice["commitment"] != record.get("commitment"):
            problems.append(f"round {number}: the revealed seed does not match its commitment")
        if promised is not None and record.get("commitment") != promised:
            problems.append(f"round {number}: the seed is not the one committed to in round {number - 1}")
        if seed != round_seed(secret, number):
            problems.append(f"round {number}: the seed is not derived from the campaign secret")
        bad = recheck(dice_key(seed, dice.get("nonces", {})), dice.get("rolls", []))
        if bad is not None:
            problems.append(f"round {number}: roll {bad} does not follow from the seed and the nonces")
        previous = round_hash(raw)
        promised = record.get("next_commitment")
    return problems


def rollback(campaign: Campaign, to: int, reason: str) -> dict:
    """Undo the rounds after `to`; they go to archive/rollback-K/, and their orders come back."""
    settle(campaign)
    reason = reason.strip()
    if not reason:
        raise UserError("--reason is required: say why the rounds are undone (players will read it)")
    last = campaign.last_round
    if not 0 <= to < last:
        raise UserError(f"--to {to}: choose a round from 0 to {last - 1} (round {last} is the last resolved)")
    archive_root = campaign.folder / "archive"
    index = 1 + sum(1 for p in archive_root.glob("rollback-*")) if archive_root.is_dir() else 1
    archive = archive_root / f"rollback-{index:02d}"
    undone = [{"round": n, "hash": round_hash((campaign.round_dir(n) / "round.json").read_bytes())}
              for n in range(to + 1, last + 1)]
    restored = json.loads((campaign.round_dir(to + 1) / "inputs.json").read_text("utf-8"))
    record = {"to": to, "reason": reason, "at": clock.stamp(clock.now()), "undone": undone}
    write_atomic(archive / "rollback.json", canonical.dumps(record))
    for path in sorted((campaign.folder / "outbox").glob("r*.eml")):
        if path.name[1:5].isdigit() and int(path.name[1:5]) > to:
            move_atomic(path, archive / "outbox" / path.name)
    for path in sorted(campaign.orders_dir.glob("*.json")):
        move_atomic(path, archive / "orders" / path.name)
    for number in range(last, to, -1):
        move_atomic(campaign.round_dir(number), archive / "rounds" / campaign.round_dir(number).name)
    write_atomic(campaign.folder / RERUN_FILE,
                 canonical.dumps({"round": to + 1, "reason": reason, "undone": [u["hash"] for u in undone]}))
    now = clock.stamp(clock.now())
    for player, orders in sorted(restored["orders"].items()):
        if player in restored.get("defaulted", []):
            continue
        entry = {"round": to + 1, "player": player, "orders": orders, "nonce": restored["nonces"].get(player, ""),
                 "received_at": now, "source": f"restored by rollback-{index:02d}"}
        write_atomic(campaign.orders_dir / f"{player}.json", json.dumps(entry, sort_keys=True, indent=1) + "\n")
    campaign.log(f"rolled back to round {to} ({reason}); undone rounds in {archive.name}")
    return {"archive": str(archive), "undone": [u["round"] for u in undone]}
