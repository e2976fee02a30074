"""Resolving a round: recorded inputs in, a hash-chained round folder out, reports into the outbox.

A round folder is computed whole in memory by `compute_round`, a pure function of
the recorded inputs, the previous state and the campaign secret; `replay` calls the
same function. It is written under a temporary name and renamed into place, so a
round is either resolved completely or not at all. Everything after that rename
(`settle`) is idempotent and is simply run again after a crash.
"""
from __future__ import annotations

import json
import os
import shutil
import struct
import zlib

from engine import canonical
from engine import seal as sealing
from engine.beacon import BeaconRound
from engine.dice import Dice, commitment, hidden_seed, hidden_stream, round_seed
from engine.game import players_to_order, resolve_round, setup_game
from pbem import clock, door, gm_results, press, render, roll, seal
from pbem.attempts import attempt, attempts
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.faults import charge_disk, crash_point
from pbem.files import (
    make_folder,
    matching,
    sync_filesystem,
    write_atomic,
    write_batch_atomic,
    write_private,
)
from pbem.languages import ENGLISH
from pbem.outbox import compose, post, posted
from pbem.pictures import svg_to_png
from pbem.records import ORDERS, read_record
from pbem.schedule import deadline_passed, next_deadline

RERUN_FILE = "rerun.json"
FORCING_FILE = "forcing.json"   # the round a `pbem resolve --force` forces, until the GM has been told


def round_hash(data: bytes) -> str:
    return canonical.sha256_hex(data)


def compute_round(campaign: Campaign, number: int, inputs: dict, previous_state: dict | None,
                  previous_hash: str | None, secret: bytes) -> dict[str, bytes]:
    """Every file of round `number`, as bytes, from its recorded inputs. After a rollback the inputs say
    which attempt at the round this is, and at the next one, since each attempt has a seed of its own."""
    game = campaign.game
    attempt = inputs.get("attempt", 0)
    seed = round_seed(secret, number, attempt)
    nonces = inputs.get("nonces", {})
    beacon = beacon_record(inputs.get("beacon"))
    dice = Dice.for_round(seed, nonces, beacon["randomness"] if beacon else None)
    hidden = hidden_seed(secret) if game.hidden_stream is not None else None
    stream = None
    if hidden is not None:   # the decks' own stream, going on from the rolls the state keeps
        stream = hidden_stream(hidden, game.hidden_stream(previous_state) if number else [])
    if number == 0:
        state, events = setup_game(game, inputs["players"], inputs["options"], dice, stream)
    else:
        assert previous_state is not None   # every round after the setup follows one
        state, events = resolve_round(game, previous_state, inputs["orders"], dice, inputs.get(gm_results.INPUT),
                                      stream)
    if "press" in inputs or "private_messages" in inputs:   # what players and the GM said, after the game's events
        events = [*events, *press.events_of(inputs)]
    canonical.check_plain(state)
    canonical.check_plain(events)
    over = game.is_over(state)
    next_commitment = None if over else commitment(round_seed(secret, number + 1, inputs.get("next_attempt", 0)))
    dice_record = {"seed": seed.hex(), "commitment": commitment(seed), "nonces": nonces, "rolls": dice.rolls}
    if attempt:
        dice_record["attempt"] = attempt
    if beacon:
        dice_record["beacon"] = beacon
    if inputs.get("next_beacon") and not over:
        dice_record["next_beacon"] = inputs["next_beacon"]
    if inputs.get("on_demand"):   # the GM's rolls on demand (pbem/roll.py), drawn again from the seed
        dice_record["on_demand"] = roll.drawn(seed, inputs["on_demand"])
    sealed = sealing.entries(inputs["orders"], nonces) if inputs.get("seal") else None
    if sealed is not None:   # the orders were sealed when the round closed (pbem/seal.py)
        dice_record.update(seal_record(secret, number, attempt, inputs, sealed, over))
    if hidden is not None:
        dice_record["hidden"] = hidden_record(game, secret, state)
    files = {
        "inputs.json": canonical.dump_bytes(inputs),
        "state.json": canonical.dump_bytes(state),
        "events.json": canonical.dump_bytes(events),
        "dice.json": canonical.dump_bytes(dice_record),
    }
    chained = inputs.get("previous_links")   # None: a round from before the record chain
    links = {}
    drawn: dict[str, bytes] = {}   # SVG -> its PNG: players who know the same get the same picture, drawn once
    shared = render.RoundReports(campaign.player_names, events, number, dice_record, next_commitment)
    languages = inputs.get("languages", {})   # the players who read another language than English
    for player in campaign.player_names:
        language = languages.get(player, ENGLISH)
        model = door.report_model(
            campaign=campaign.name, game=game, round_number=number, player=player, state=state,
            events=events, dice=dice_record, next_commitment=next_commitment,
            deadline=inputs.get("deadline"), defaulted=inputs.get("defaulted", []), rerun=inputs.get("rerun"),
            away=inputs.get("away", []), shared=shared, language=language, timezone=inputs.get("timezone", "UTC"))
        if sealed is not None:   # the player's own seal opened: the orders sealed are the ones the player sent
            model["sealed"] = sealing.opening(secret, number, attempt, player, sealed[player])
        parts = shared.texts.parts(model)   # the JSON text of each part, the shared ones made once a round
        if chained is not None:
            own_orders = (inputs.get("orders") or {}).get(player)
            model["chain"] = chain_link(model, canonical.digest(own_orders), chained.get(player),
                                        report=canonical.sha256_hex(shared.texts.join(parts)))
            parts["chain"] = canonical.dumps(model["chain"])[:-1]
            links[player] = model["chain"]["link"]
        svg = render.render_picture(model)
        files[f"reports/{player}.txt"] = render.render_text(model, shared.sentences_in(language)).encode("utf-8")
        files[f"reports/{player}.html"] = render.render_mail_html(model, shared.sentences_in(language),
                                                                  svg).encode("utf-8")
        files[f"reports/{player}.json"] = shared.texts.join(parts).encode("utf-8")
        if svg is not None:
            files[f"reports/{player}.svg"] = svg.encode("utf-8")
            if svg not in drawn:
                drawn[svg] = svg_to_png(svg)   # for mail clients that show no SVG
            files[f"reports/{player}.png"] = drawn[svg]
    record = {
        "round": number,
        "campaign": campaign.name,
        "game": game.name,
        "previous": previous_hash,
        "commitment": dice_record["commitment"],
        "next_commitment": next_commitment,
        "deadline": inputs.get("deadline"),
        "resolved_at": inputs["resolved_at"],
        "rerun": inputs.get("rerun") is not None,
        **({"attempt": attempt} if attempt else {}),
        **({"links": links} if chained is not None else {}),
        "over": over,
        "files": {name: canonical.sha256_hex(data) for name, data in sorted(files.items())},
    }
    files["round.json"] = canonical.dump_bytes(record)
    return files


def seal_record(secret: bytes, number: int, attempt: int, inputs: dict, sealed: dict[str, dict], over: bool) -> dict:
    """The dice record's part for sealed orders: every player's seal; once the game is over, every seal of it
    opened, for every player to check."""
    found: dict = {"seal": {"algorithm": sealing.ALGORITHM, **inputs["seal"], "attempt": attempt,
                            "digests": sealing.digests(secret, number, attempt, sealed)}}
    if over:
        found["openings"] = [opened(secret, item["round"], item["attempt"], item["entries"])
                             for item in [*inputs.get("openings", []),
                                          {"round": number, "attempt": attempt, "entries": sealed}]]
    return found


def opened(secret: bytes, number: int, attempt: int, entries: dict[str, dict]) -> dict:
    """Every player's seal of one attempt at a round, opened."""
    return {"round": number, "attempt": attempt,
            "players": {player: sealing.opening(secret, number, attempt, player, entries[player])
                        for player in sorted(entries)}}


def hidden_record(game, secret: bytes, state: dict) -> dict:
    """The dice record's part for a game's hidden stream (Game.hidden_stream): the commitment to its seed, in every
    report; once the game is over, the seed and every roll too."""
    seed = hidden_seed(secret)
    record = {"commitment": commitment(seed)}
    if game.is_over(state):
        record.update(seed=seed.hex(), rolls=game.hidden_stream(state))
    return record


def beacon_record(recorded: dict | None) -> dict | None:
    """The beacon round as the dice use it, its randomness derived again from its signature (never taken as
    recorded), and the chain it is checked against."""
    if not recorded:
        return None
    return {**BeaconRound.from_record(recorded).record(), "public_key": recorded["public_key"],
            "closing": recorded["closing"]}


def chain_link(model: dict, orders_digest: str, previous: str | None, report: str | None = None) -> dict:
    """A player's link in the record chain, which that player's report carries: the hash of the report itself
    (without its link), of the player's own orders and of the player's previous link. It is made from what
    the player may know alone, so that it tells nothing of others' secrets; and as each link holds the one
    before, a player's reports alone show a round rewritten, deleted or an order changed after the fact.
    (A report cannot carry the hash of round.json, which hashes the reports.) `report` is the model's digest
    when the caller has it already."""
    core = {"previous": previous, "orders": orders_digest, "report": report or canonical.digest(model)}
    return {**core, "link": canonical.digest(core)}


def commit_round(campaign: Campaign, number: int, files: dict[str, bytes]) -> None:
    """Write the round under a temporary name, make it durable, then rename it into place."""
    target = campaign.round_dir(number)
    if target.exists():
        raise UserError(f"round {number} is already resolved")
    partial = campaign.rounds_dir / f".{target.name}.partial-{os.getpid()}"
    if partial.exists():
        shutil.rmtree(partial)
    for name, data in files.items():
        path = partial / name
        make_folder(path.parent)
        charge_disk(path, len(data))
        write_private(path, data)
    sync_filesystem(partial, [partial / name for name in files])  # all of it on disk before the rename
    os.rename(partial, target)
    sync_filesystem(campaign.rounds_dir, [target])


def resolve(campaign: Campaign, *, force: bool = False) -> dict:
    """Resolve the open round; returns a summary. Refuses while orders are missing, unless forced or late."""
    settle(campaign)
    number, state = _open_round(campaign)
    now = clock.now()
    sealed = seal_at_close(campaign, number, state, now) if campaign.beacon else None
    beacon = beacon_for_round(campaign, number, now, sealed)
    if sealed is not None:
        missing, absent = sealed.get("defaulted", []), sealed.get("away", [])
    else:
        missing, absent = players_unsent(campaign, state, now)
    late = deadline_passed(campaign, now) and (campaign.missing_orders != "wait" or not missing)
    if (missing or absent) and not (force or late or sealed):
        waiting = [p for p in campaign.player_names if p in missing or p in absent]
        raise UserError(f"round {number} is waiting for orders from {', '.join(waiting)}",
                        ["resolve with --force to give them their default orders, or wait for the deadline"])
    files = compute_open_round(campaign, number, state, now, missing, absent, beacon, campaign.dice_secret(),
                               sealed)
    commit_round(campaign, number, files)
    crash_point("round-committed")
    campaign.log(f"resolved round {number}" + (f" (default orders for {', '.join(missing)})" if missing else "")
                 + (f" (away, orders played for them: {', '.join(absent)})" if absent else ""))
    settle(campaign, files)
    return {"round": number, "defaulted": missing, "away": absent, "over": json.loads(files["round.json"])["over"]}


def dry_run(campaign: Campaign) -> dict:
    """What resolving the open round now would give, as `resolve --force` would (the orders in, the campaign's
    stand-in orders for the missing), computed by the same code as a real resolution but WRITING NOTHING: no
    settle, no round folder, no log line, no mail. Its dice come from a throwaway secret drawn here and
    forgotten, never from the campaign's: the seed of the open round is still committed to and stays unknown,
    so the dice are not the round's real dice, and nothing it shows tells anything of them. In beacon mode the
    beacon is not asked (the round may not have closed): the throwaway dice stand in for it too; once the round
    is sealed, its orders are the seal's.
    Returns the round, who would get stand-in orders, and the round's files, in memory."""
    import secrets

    number, state = _open_round(campaign)
    now = clock.now()
    sealed = seal.current(campaign, number, attempt(campaign, number)) if campaign.beacon else None
    if sealed is not None:   # once sealed, the orders resolved are the seal's, not the order files'
        missing, absent = sealed.get("defaulted", []), sealed.get("away", [])
    else:
        missing, absent = players_unsent(campaign, state, now)
    files = compute_open_round(campaign, number, state, now, missing, absent, None, secrets.token_bytes(32), sealed)
    return {"round": number, "defaulted": missing, "away": absent, "orders_in": sorted(campaign.pending_orders()),
            "files": files}


def _open_round(campaign: Campaign) -> tuple[int, dict]:
    """The open round and the state it starts from; refused once the game is over."""
    number = campaign.open_round
    state = campaign.state()
    if campaign.game.is_over(state):
        raise UserError(f"the game is over (after round {number - 1}); there is nothing to resolve")
    return number, state


def players_unsent(campaign: Campaign, state: dict, now) -> tuple[list[str], list[str]]:
    """(missing, away): the players to order this round who have no orders in, and apart those of them who are
    away (an away player's missing orders are no missed deadline)."""
    pending, away = campaign.pending_orders(), campaign.away(now)
    unsent = [p for p in players_to_order(campaign.game, state, campaign.player_names) if p not in pending]
    return [p for p in unsent if p not in away], [p for p in unsent if p in away]


def round_orders(campaign: Campaign, state: dict, now, missing: list[str], absent: list[str]) -> dict:
    """The orders of the open round as its inputs record them: the players' own, and stand-in orders for the
    missing and the away; with the nonces sent."""
    pending, away = campaign.pending_orders(), campaign.away(now)
    return {
        "orders": {p: pending[p]["orders"] if p in pending else stand_in_orders(campaign, state, p, away)
                   for p in campaign.player_names},
        "defaulted": missing,
        **({"away": absent} if absent else {}),   # played by the stand-in orders chosen for the absence
        "nonces": {p: pending[p]["nonce"] for p in sorted(pending) if pending[p].get("nonce")},
    }


def compute_open_round(campaign: Campaign, number: int, state: dict, now, missing: list[str], absent: list[str],
                       beacon: dict | None, secret: bytes, sealed: dict | None = None) -> dict[str, bytes]:
    """Every file of the open round resolved at `now`, the missing and the away players given stand-in orders:
    the inputs recorded from the campaign as it stands (or, `sealed`, from the seal made when the round closed),
    then compute_round. Reads the campaign, writes nothing."""
    inputs = {
        "round": number,
        **(seal.sealed_orders(campaign, sealed) if sealed else round_orders(campaign, state, now, missing, absent)),
        **({"seal": {"at": sealed["at"], "margin": sealed["margin"]}} if sealed else {}),
        "resolved_at": clock.stamp(now),
        "deadline": next_deadline(campaign, now),
        "rerun": pending_rerun(campaign, number),
        **attempts(campaign, number),
        **({"languages": languages} if (languages := campaign.languages()) else {}),
        **({"timezone": campaign.timezone} if campaign.timezone != "UTC" else {}),   # the footer's deadline
        **({"beacon": beacon} if beacon else {}),
        **press.inputs_of(press.pending(campaign, number)),
        **roll.inputs_of(roll.pending(campaign, number)),
    }
    if gm_results.needed(campaign):   # the GM's results of the round, refused with their lines when wrong
        inputs[gm_results.INPUT] = gm_results.read(campaign, state, number)
    if campaign.beacon and inputs["deadline"]:
        inputs["next_beacon"] = announced_beacon(campaign, inputs["deadline"])
    before = (campaign.round_dir(number - 1) / "round.json").read_bytes()   # the round this one follows
    inputs["previous_links"] = campaign.round_record(number - 1).get("links", {})
    files = compute_round(campaign, number, inputs, state, round_hash(before), secret)
    if sealed and json.loads(files["round.json"])["over"] and (earlier := earlier_seals(campaign, number)):
        inputs["openings"] = earlier   # the game is over: its report opens the earlier rounds' seals too
        files = compute_round(campaign, number, inputs, state, round_hash(before), secret)
    return files


def earlier_seals(campaign: Campaign, number: int) -> list[dict]:
    """The sealed entries of every round before `number` whose orders were sealed, as their inputs hold them."""
    found = []
    for earlier in range(1, number):
        inputs = campaign.read_json(earlier, "inputs.json")
        if inputs.get("seal"):
            found.append({"round": earlier, "attempt": inputs.get("attempt", 0),
                          "entries": sealing.entries(inputs["orders"], inputs.get("nonces", {}))})
    return found


def seal_at_close(campaign: Campaign, number: int, state: dict, now) -> dict:
    """The seal of the open round (pbem/seal.py), made now if the round has closed and is not sealed yet; a round
    still taking orders is refused."""
    tried = attempt(campaign, number)
    found = seal.current(campaign, number, tried)
    if found is not None:
        return found
    closing = campaign.closing()
    if closing is None or now < closing:
        raise UserError(f"round {number} takes orders until {clock.stamp(closing) if closing else 'its deadline'}: "
                        "with a beacon a round resolves only after it has closed, never early",
                        ["its orders are sealed then, and its dice mix in the first beacon round published after "
                         "the sealed-orders notice; wait for it"])
    return seal.seal_round(campaign, number, tried, now, round_orders(campaign, state, now,
                                                                     *players_unsent(campaign, state, now)))


def beacon_for_round(campaign: Campaign, number: int, now, sealed: dict | None) -> dict | None:
    """In beacon mode, the checked beacon round that the open round's dice mix in: the one its seal names, the
    first published more than the margin after the orders were sealed, once it is out (BeaconUnavailable before)."""
    if not campaign.beacon:
        return None
    from pbem.beacon import chain, fetch

    closing = campaign.closing()
    # in beacon mode a round resolves once sealed, and it is sealed when it has closed (seal_at_close)
    assert sealed is not None and closing is not None
    found = fetch(campaign.beacon, sealed["beacon"]["round"])
    return {**found.record(), "public_key": chain(campaign.beacon)["public_key"], "closing": clock.stamp(closing)}


def announced_beacon(campaign: Campaign, deadline: str) -> dict:
    """The earliest beacon round of the round that opens with this deadline, told in the report that opens it:
    the first one published more than the margin after the round closes (its orders are sealed then, or later if
    no command runs at that moment)."""
    from datetime import timedelta

    from pbem.beacon import beacon_round, publication

    closing = campaign.closing_of(deadline)
    seconds = seal.margin(campaign)
    number = beacon_round(campaign.beacon, closing + timedelta(seconds=seconds))
    return {"round": number, "closing": clock.stamp(closing), "published": publication(campaign.beacon, number),
            "margin": seconds}


def resolve_by_hand(campaign: Campaign, *, force: bool = False, round_number: int | None = None) -> dict:
    """The GM's `pbem resolve [--force] [--round N]`, safe to run again: a forced resolution says in
    FORCING_FILE which round it forces before it starts, and the file goes only once the GM has been told
    (forcing_told), so that the same command run again after it was killed (its round already in place, no
    "resolved" line seen) resolves no round nobody asked for; and --round N resolves round N only, doing
    nothing when N is already resolved."""
    settle(campaign)
    path = campaign.folder / FORCING_FILE
    interrupted = read_record(path).get("round") if path.is_file() else None
    open_round = campaign.open_round
    if interrupted is not None and interrupted < open_round:
        path.unlink()
        if round_number is None or round_number == interrupted:
            return {"round": interrupted, "already": True, "interrupted": True}
    if round_number is not None and round_number < open_round:
        return {"round": round_number, "already": True, "interrupted": False}
    if round_number is not None and round_number > open_round:
        raise UserError(f"--round {round_number}: round {open_round} is the open round")
    paused = campaign.pause()
    if paused and not force:
        raise UserError(f"the campaign is paused since {paused['since']}"
                        + (f" ({paused['reason']})" if paused.get("reason") else ""),
                        ["pbem resume it first, or resolve with --force (the pause goes on after it)"])
    if force:
        write_atomic(path, canonical.dumps({"round": open_round}))
    return resolve(campaign, force=force)


def forcing_told(campaign: Campaign) -> None:
    """The GM has been told the forced round is resolved: the next `pbem resolve --force` is a new request."""
    (campaign.folder / FORCING_FILE).unlink(missing_ok=True)


def stand_in_orders(campaign: Campaign, state: dict, player: str, away: dict[str, dict] | None = None) -> dict:
    """Orders for a player who sent none: the game's default, or its computer player seeing only that player's view
    (for a player `away`, as chosen for the absence)."""
    game = campaign.game
    if campaign.stand_in_policy(player, away) == "computer":
        return door.computer_orders(door.seat_of(game, state, player, campaign=campaign.name,
                                                 round_number=campaign.open_round))
    return game.default_orders(state, player)


def pending_rerun(campaign: Campaign, number: int) -> dict | None:
    path = campaign.folder / RERUN_FILE
    if not path.is_file():
        return None
    rerun = read_record(path)
    if rerun.get("round") != number:
        return None
    return {"reason": rerun["reason"], "undone": rerun["undone"],
            **({"commitment": rerun["commitment"]} if "commitment" in rerun else {})}


def settle(campaign: Campaign, files: dict[str, bytes] | None = None) -> None:
    """Finish what a resolved round leaves to do; safe to run any number of times.

    `files` are the last round's files when the caller has them in memory already.
    """
    for leftover in matching(campaign.rounds_dir, ".*.partial-*"):
        shutil.rmtree(leftover)
    for folder in (campaign.folder, *(campaign.folder / name for name in ("outbox", "orders", "received", "sent"))):
        for leftover in matching(folder, ".*.tmp"):   # a write killed before its rename
            leftover.unlink(missing_ok=True)
    last = campaign.last_round
    for path in matching(campaign.orders_dir, "*.json"):
        if read_record(path, ORDERS)["round"] <= last:
            path.unlink()
    press.forget_resolved(campaign, last)
    roll.forget_resolved(campaign, last)
    seal.forget_resolved(campaign, last)
    sealed = seal.current(campaign, last + 1, attempt(campaign, last + 1)) if campaign.beacon else None
    if sealed is not None:   # notices a command killed after the seal did not post
        seal.post_notices(campaign, sealed)
    rerun = campaign.folder / RERUN_FILE
    if rerun.is_file() and read_record(rerun)["round"] <= last:
        rerun.unlink()
    if rerun.is_file():
        post_rollback_notices(campaign, read_record(rerun))
    if last > 0:
        post_reports(campaign, last, files)


def post_rollback_notices(campaign: Campaign, rerun: dict) -> None:
    """Tell every player, once, that a round will be played again, with the commitment to its new seed
    (before any order for the re-run can be in: a rollback is finished by the first command after it)."""
    if "commitment" not in rerun:
        return
    for player in campaign.player_names:
        key = f"{rerun['rollback']}-{player}"
        if posted(campaign, key):
            continue
        language = campaign.language_of(player)
        body = render.render("common/rollback.txt.j2", language, campaign=campaign.name, round=rerun["round"],
                             undone=rerun["rounds"], reason=rerun["reason"], commitment=rerun["commitment"],
                             deadline=rerun.get("deadline"), beacon=rerun.get("beacon"))
        post(campaign, key, compose(campaign, player, render.subject("rerun", language, round=rerun["round"]), body,
                                    key=key, moment=clock.parse(rerun["at"]) if "at" in rerun else clock.now()))


def post_reports(campaign: Campaign, number: int, files: dict[str, bytes] | None = None) -> list[str]:
    """Put every player's report of a round in the outbox, once."""
    folder = campaign.round_dir(number)

    def read(name: str) -> bytes:
        return files[name] if files else (folder / name).read_bytes()

    record = json.loads(files["round.json"]) if files else read_record(folder / "round.json")
    inputs = json.loads(files["inputs.json"]) if files else read_record(folder / "inputs.json")
    languages = inputs.get("languages", {})   # the languages the round's reports are written in, if not English
    messages = {}
    for player in campaign.player_names:
        data = read(f"reports/{player}.json")
        if not posted(campaign, report_key(number, player, data)):
            html, png = (read(name) if (name in files if files else (folder / name).is_file()) else None
                         for name in (f"reports/{player}.html", f"reports/{player}.png"))   # none in older rounds
            key, message = report_mail(campaign, player, number, record, read(f"reports/{player}.txt"), data, html,
                                       languages.get(player, ENGLISH), png)
            messages[f"{key}.eml"] = message
    if messages:
        write_batch_atomic(campaign.folder / "outbox", messages)
    return [name[: -len(".eml")] for name in messages]


def report_mail(campaign: Campaign, player: str, number: int, record: dict, text: bytes,
                data: bytes, html: bytes | None = None, language: str = ENGLISH,
                png: bytes | None = None) -> tuple[str, bytes]:
    """(key, message) of a player's report mail: made from that player's report alone and the round's public
    facts (when it was resolved, whether it ended the game or played a round again). Its name, Message-ID and
    MIME boundaries come from the player's own report, never from the round's record, which covers others'
    secrets; a re-run's report differs, so it is a new message. The text comes first, the page (`html`, the
    round's reports/PLAYER.html) after it as its alternative: a mail reader shows the last it can. `language`:
    the one the report is written in, as the round's inputs say. The JSON report is attached (gzipped).
    `png`, the round's reports/PLAYER.png, is the picture: a part beside the page that the page shows by its
    Content-ID (multipart/related), or, in a round written before pages named it, a file attached after the
    JSON, for mail clients that block the SVG those pages hold."""
    subject = render.subject("report", language, round=number, over=record["over"], rerun=record["rerun"])
    key = report_key(number, player, data)
    page = None if html is None else html.decode("utf-8")
    related, attached = picture_parts(campaign, player, number, page, png)
    return key, compose(campaign, player, subject, text.decode("utf-8"), key=key,
                        moment=clock.parse(record["resolved_at"]), headers={"X-Pbem-Round": str(number)},
                        html=page, related=related,
                        attachments=[json_attachment(campaign, player, number, data, packed=True)] + attached)


def picture_parts(campaign: Campaign, player: str, number: int, page: str | None,
                  png: bytes | None) -> tuple[list[tuple[str, str, str, bytes]], list[tuple[str, str, bytes]]]:
    """(related, attached): the player's picture of that round as the part its page shows by Content-ID, or,
    where the page names none (a round written before pages named it), as a file attached."""
    if png is None:
        return [], []
    picture = picture_attachment(campaign, player, number, png)
    cid = render.picture_cid(campaign.name, number, player)
    if page is not None and f'src="cid:{cid}"' in page:
        return [(cid, *picture)], []
    return [], [picture]


def report_key(number: int, player: str, data: bytes) -> str:
    return f"r{number:04d}-{canonical.sha256_hex(data)[:8]}-{player}"


def json_attachment(campaign: Campaign, player: str, number: int, data: bytes,
                    packed: bool = False) -> tuple[str, str, bytes]:
    """A player's JSON report as a mail attachment: the seed, the nonces and every roll, for checking alone.
    `packed` (a report mail's): gzipped, which unpacks to the very bytes of reports/PLAYER.json. A busy Ikusa
    round's JSON is 150 KB, the round told once more as data, and gzip makes it 14 KB: with it the mail, its
    page and its picture twice (SVG in the page, PNG attached) stays under 300 KB."""
    name = f"{campaign.name}-round-{number}-{player}.json"
    return (name + ".gz", "application/gzip", gzipped(data)) if packed else (name, "application/json", data)


def gzipped(data: bytes) -> bytes:
    """The bytes as a gzip file (RFC 1952) with nothing of the moment or the machine in its header: no time, no
    file name, the system "unknown"; the same bytes always make the same file."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return GZIP_HEAD + packer.compress(data) + packer.flush() + struct.pack("<II", zlib.crc32(data),
                                                                            len(data) & 0xFFFFFFFF)


GZIP_HEAD = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"   # deflate, no flags, time 0, default level, system unknown


def picture_attachment(campaign: Campaign, player: str, number: int, png: bytes) -> tuple[str, str, bytes]:
    """A player's picture of the board as PNG, named like the JSON report beside it."""
    return f"{campaign.name}-round-{number}-{player}.png", "image/png", png


def report_text(campaign: Campaign, player: str, number: int | None, fmt: str) -> str:
    campaign.player(player)
    number = campaign.last_round if number is None else number
    if number not in campaign.resolved_rounds():
        raise UserError(f"round {number} is not resolved (resolved rounds: 0 to {campaign.last_round})")
    suffix = "json" if fmt == "json" else "txt"
    return (campaign.round_dir(number) / "reports" / f"{player}.{suffix}").read_text("utf-8")
