"""The campaign's public site (`pbem site`): what anyone may know, as static pages a GM can publish as they are.

Each round's public record is a report model for PUBLIC, no player: the game's view for nobody, the events
whose audience is everyone, and the round's dice (the seed revealed, the next one committed to). The pages are
made from those records alone, so no secret can reach them: none is handed to them. The records carry a chain
of their own, each link holding the round's record and the link before, which checker.py checks as it checks a
player's reports (a player's own links hash that player's report, secrets and all, so they stay in the mails).
Everything is a pure function of the archive: the same campaign and language give the same bytes.

    index.html        the campaign: where it stands, the public map, every round with its commitment and link
    round-NNN.html    a round as anyone may see it: its events, the map, its dice
    round-NNN.json    the round's public record, for checker.py
    .pbem-site        the manifest: every file this run wrote, with its SHA-256, signed with a key drawn from
                      the campaign's dice secret, so that the next run removes a file of an undone round only if
                      pbem wrote it and it is still as written (whoever can write the folder cannot forge one)
"""
from __future__ import annotations

import hashlib
import hmac
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from engine import canonical
from engine.events import PUBLIC
from pbem import door, render
from pbem.campaign import Campaign
from pbem.errors import UserError
from pbem.files import PUBLISHED_FILE, PUBLISHED_FOLDER, make_folder, read_gm_bytes, write_atomic
from pbem.languages import ENGLISH
from pbem.rounds import chain_link

MARK = ".pbem-site"   # the files the last `pbem site` wrote there, so that it may replace them and nothing else
INDEX = "index.html"
MANIFEST_BYTES = 1 << 20   # three files a round, about 100 bytes each: room for 3,000 rounds
MANIFEST_KEY = b"pbem site manifest"   # what the dice secret is mixed with: the key signs manifests, nothing else


@dataclass(frozen=True)
class EarlierSite:
    """What `pbem site` knows of the site already in the folder: the files a manifest it can prove lists (name:
    SHA-256 as written), and how many names a manifest it cannot prove listed (none of them is removed)."""

    files: dict[str, str] = field(default_factory=dict)
    unproven: int = 0
    note: str | None = None


@dataclass(frozen=True)
class ArchivedRound:
    """One resolved round as the campaign's archive holds it: what its public record is made from."""

    number: int
    state: dict
    events: list[dict]
    dice: dict
    record: dict   # round.json
    inputs: dict


def archived_rounds(campaign: Campaign) -> list[ArchivedRound]:
    """The rounds in play (not those a rollback undid), oldest first."""
    return [ArchivedRound(number, *(campaign.read_json(number, name) for name in
                                    ("state.json", "events.json", "dice.json", "round.json", "inputs.json")))
            for number in campaign.resolved_rounds()]


def page_name(number: int) -> str:
    return f"round-{number:03d}.html"


def record_name(number: int) -> str:
    return f"round-{number:03d}.json"


def public_record(campaign_name: str, game, archived: ArchivedRound, previous_link: str | None,
                  language: str = ENGLISH) -> dict:
    """The round as anyone may know it: the report model of no player, and its link in the public chain."""
    inputs = archived.inputs
    model = door.report_model(
        campaign=campaign_name, game=game, round_number=archived.number, player=PUBLIC, state=archived.state,
        events=archived.events, dice=archived.dice, next_commitment=archived.record.get("next_commitment"),
        deadline=inputs.get("deadline"), defaulted=inputs.get("defaulted", []), rerun=inputs.get("rerun"),
        away=inputs.get("away", []), language=language, timezone=inputs.get("timezone", "UTC"))
    model["chain"] = chain_link(model, canonical.digest(None), previous_link)   # the public record has no orders
    return model


def site_files(campaign_name: str, game, rounds: list[ArchivedRound], language: str = ENGLISH,
               progress=None) -> dict[str, bytes]:
    """Every file of the site, by name, from the rounds in play: only their public records reach a page."""
    records, link = [], None
    for archived in rounds:
        records.append(public_record(campaign_name, game, archived, link, language))
        link = records[-1]["chain"]["link"]
    files: dict[str, bytes] = {}
    numbers = [model["round"] for model in records]
    pictures = {}
    for at, model in enumerate(records):
        number = model["round"]
        nav = [("index", INDEX)] + ([("previous", page_name(numbers[at - 1]))] if at else []) \
            + ([("next", page_name(numbers[at + 1]))] if at + 1 < len(numbers) else []) \
            + [("record", record_name(number))]
        pictures[number] = render.render_picture(model)
        files[page_name(number)] = render.render_html(model, picture_svg=pictures[number], nav=nav).encode("utf-8")
        files[record_name(number)] = render.render_json(model).encode("utf-8")
        if progress:
            progress(number)
    if records:
        files[INDEX] = index_page(records, pictures[numbers[-1]]).encode("utf-8")
    return files


def index_page(records: list[dict], picture_svg: str | None) -> str:
    """The campaign's front page: the latest round's standings and map, and a line for every round."""
    latest = records[-1]
    rounds = [{"round": model["round"], "page": page_name(model["round"]), "record": record_name(model["round"]),
               "commitment": model["dice"]["commitment"], "link": model["chain"]["link"],
               "rerun": bool(model["rerun"])} for model in records]
    return render.in_ascii(render.render(
        "common/site.html.j2", latest["language"], r=latest, rounds=rounds,
        standing_template=render.standing_template(latest["game"]),
        picture_svg=None if picture_svg is None else render.inline(picture_svg)))


def build_site(campaign: Campaign, language: str = ENGLISH, progress=None) -> dict[str, bytes]:
    return site_files(campaign.name, campaign.game, archived_rounds(campaign), language, progress)


def site_folder(campaign: Campaign, outdir: Path) -> EarlierSite:
    """Check that `outdir` may take the site, before anything is made: neither inside the campaign's folder nor
    holding it (its files are the GM's alone), and new, empty or a site pbem wrote. Returns what is known of that
    earlier site."""
    outdir = Path(outdir)
    inside, home = outdir.resolve(), campaign.folder.resolve()
    if inside == home or home in inside.parents:
        raise UserError(f"{outdir}: that is inside the campaign folder, whose files are the GM's alone; give a "
                        "folder elsewhere for the public site")
    if inside in home.parents:
        raise UserError(f"{outdir}: the campaign folder is inside it, and publishing it would publish the "
                        "campaign's secrets; give a folder outside the campaign's for the public site")
    if not outdir.exists():
        return EarlierSite()
    if not outdir.is_dir():
        raise UserError(f"{outdir}: not a folder")
    if os.path.lexists(outdir / MARK):
        return earlier_site(campaign, outdir)
    if any(outdir.iterdir()):
        raise UserError(f"{outdir}: the folder holds files that pbem did not write; give an empty or new folder "
                        "for the site, so that nothing there is overwritten")
    return EarlierSite()


def manifest_key(campaign: Campaign) -> bytes:
    return hmac.new(campaign.dice_secret(), MANIFEST_KEY, hashlib.sha256).digest()


def signature(key: bytes, body: dict) -> str:
    return hmac.new(key, canonical.dump_bytes(body), hashlib.sha256).hexdigest()


def manifest(campaign: Campaign, files: dict[str, bytes]) -> bytes:
    """The manifest of a site: its files' names and SHA-256, signed."""
    body = {"campaign": campaign.name, "files": {name: canonical.sha256_hex(files[name]) for name in sorted(files)}}
    return canonical.dump_bytes({**body, "signature": signature(manifest_key(campaign), body)})


def earlier_site(campaign: Campaign, outdir: Path) -> EarlierSite:
    """The files the folder's manifest proves pbem wrote for this campaign. A manifest that is not signed (an
    earlier pbem's list of names), damaged, not a regular file or signed with another key proves nothing: the
    site is written over it all the same, and none of the files it lists is removed."""
    import json

    unproven = EarlierSite(note=f"{outdir / MARK}: not a manifest this campaign's pbem signed (an earlier pbem's, "
                                "or not pbem's); no file it lists was removed: remove by hand any that are not wanted")
    try:
        document = json.loads(read_gm_bytes(outdir / MARK, MANIFEST_BYTES, "site manifest", follow_links=False))
    except (UserError, UnicodeDecodeError, ValueError, RecursionError):
        return unproven
    listed = document.get("files") if isinstance(document, dict) else None
    if isinstance(listed, list):
        return EarlierSite(unproven=len(listed), note=unproven.note)
    if not isinstance(listed, dict) or not all(isinstance(v, str) for v in listed.values()):
        return unproven
    body = {"campaign": document.get("campaign"), "files": listed}
    given = document.get("signature")
    if not isinstance(given, str) or not hmac.compare_digest(given, signature(manifest_key(campaign), body)):
        return EarlierSite(unproven=len(listed), note=unproven.note)
    return EarlierSite(files=dict(listed))


def _plain_file(path: Path, size: int | None = None) -> bytes | None:
    """The bytes of a regular file there (never through a link), if it is one (of `size` bytes, if given)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or (size is not None and info.st_size != size):
        return None
    try:
        return read_gm_bytes(path, info.st_size if size is None else size, "site file", follow_links=False)
    except UserError:
        return None


def own_file_name(name: str) -> bool:
    """A name the site may have written: a plain file of the folder itself, not hidden."""
    return bool(name) and os.path.basename(name) == name and not name.startswith(".") and "\\" not in name \
        and "\0" not in name


def publish(campaign: Campaign, outdir: Path, files: dict[str, bytes], before: EarlierSite) -> dict:
    """Write the site into `outdir` (checked by site_folder, which gave `before`), readable by all, as it is
    meant to be published: each file atomically, the index last, then the files of the earlier site that this
    one no longer has (a round undone), each only if the earlier manifest proves pbem wrote it and it is still as
    written, and never through a link. Returns what it did: {"written", "unchanged", "removed", "left"}."""
    outdir = Path(outdir)
    make_folder(outdir, PUBLISHED_FOLDER)
    done = {"written": 0, "unchanged": 0, "removed": 0, "left": before.unproven}
    for name in sorted(files, key=lambda n: n == INDEX):   # the index last: it links to the others
        path = outdir / name
        if _plain_file(path, len(files[name])) == files[name]:
            done["unchanged"] += 1   # kept as it is, modification time and all (rsync sends nothing)
            continue
        write_atomic(path, files[name], mode=PUBLISHED_FILE)
        done["written"] += 1
    for name in sorted(set(before.files) - set(files)):
        if not own_file_name(name):
            done["left"] += 1
            continue
        path = outdir / name
        data = _plain_file(path)
        if data is not None and hmac.compare_digest(canonical.sha256_hex(data), before.files[name]):
            path.unlink(missing_ok=True)
            done["removed"] += 1
        elif os.path.lexists(path):
            done["left"] += 1   # changed since, or a link: not the file pbem wrote
    write_atomic(outdir / MARK, manifest(campaign, files), mode=PUBLISHED_FILE)
    return done
