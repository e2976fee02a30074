"""The campaign's public site (pbem site): an index, and a page and a public record per round, written where the GM
says, readable by all; only what anyone may know (tests/test_hidden_properties.py proves it byte by byte, here the
secrets a campaign holds are looked for by name); its records pass the players' checker; it is the same bytes in
any process; it replaces its own files and nothing else."""
from __future__ import annotations

import hashlib
import html
import json
import re
import stat
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import START, TOKENS, pbem_env, run, tree

from engine.dice import round_seed
from engine.game import players_to_order
from pbem import checker, clock
from pbem.campaign import Player
from pbem.create import new_campaign
from pbem.history import rollback
from pbem.orders import Submission, store
from pbem.rounds import resolve
from tests.support.spanish import english_in

SECRET = hashlib.sha256(b"site").digest()
NONCE = "heron<b>"


def played(folder: Path, game_name: str, rounds: int):
    """A campaign of ann, bob and cho played by the computer for `rounds` rounds after the setup, with a deadline
    every day; ann sends a nonce."""
    names = list(TOKENS)
    with clock.frozen_at(START):
        campaign = new_campaign(folder, game_name=game_name, gm="gm@site.invalid", deadline_hours=24,
                                players=[Player(n, f"{n}@site.invalid") for n in names], secret=SECRET, tokens=TOKENS)
    for number in range(1, rounds + 1):
        if campaign.is_over():
            break
        with clock.frozen_at(START + timedelta(hours=20 * number)):
            state = campaign.state()
            for name in players_to_order(campaign.game, state, names):
                orders = campaign.game.computer_orders(campaign.game.view(state, name), name)
                store(campaign, Submission(name, number, orders, nonce=NONCE if name == "ann" else ""), "test")
            resolve(campaign, force=True)
    return campaign


@pytest.fixture(scope="module")
def ikusa(tmp_path_factory):
    return played(tmp_path_factory.mktemp("site") / "war", "ikusa", 3)


def site_of(campaign, outdir: Path, *options: str):
    result = run("site", str(campaign.folder), str(outdir), *options)
    assert result.code == 0, result.out + result.err
    return result


def text_of(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_pbem_site_writes_an_index_and_for_every_round_a_page_and_a_public_record_readable_by_all(ikusa, tmp_path):
    outdir = tmp_path / "public" / "war"
    result = site_of(ikusa, outdir)
    rounds = ikusa.resolved_rounds()
    expected = {"index.html", ".pbem-site"} | {f"round-{n:03d}.{ext}" for n in rounds for ext in ("html", "json")}
    assert {p.name for p in outdir.iterdir()} == expected
    assert f"site: {len(rounds)} rounds in {outdir}: {len(expected) - 1} files written" in result.out + result.err
    assert stat.S_IMODE(outdir.stat().st_mode) == 0o755
    assert {stat.S_IMODE(p.stat().st_mode) for p in outdir.iterdir()} == {0o644}
    index = (outdir / "index.html").read_text("ascii")
    for n in rounds:
        assert f'href="round-{n:03d}.html"' in index and f'href="round-{n:03d}.json"' in index
    links, ids = set(), set()
    for page in sorted(outdir.glob("*.html")):
        text = page.read_text()
        links |= {(page.name, href) for href in re.findall(r'href="([^"]+)"', text)}
        ids |= {(page.name, f"#{found}") for found in re.findall(r' id="([^"]+)"', text)}
    # no link goes nowhere: a file of the site, or an element of its own page (the map's inset draws its regions)
    assert links and all((outdir / href).is_file() or (page, href) in ids for page, href in links), sorted(links)
    last = json.loads((outdir / f"round-{rounds[-1]:03d}.json").read_bytes())
    assert last["player"] == "" and last["order_form"] is None
    assert last["chain"]["link"] in index   # the head of the public chain, on the front page
    assert [s["player"] for s in last["standings"]] == [row.split(". ")[1].split(" ")[0] for row in
                                                        re.findall(r"<li>([^<]+)</li>", index)]


def test_the_sites_records_pass_the_players_checker_and_a_record_changed_or_missing_is_caught(ikusa, tmp_path):
    site_of(ikusa, tmp_path / "site")
    records = checker.read_reports([str(tmp_path / "site")])
    problems, counts = checker.check(records, {})
    assert problems == [] and counts["rolls"] > 100
    assert counts["links"] == counts["reports"] == len(ikusa.resolved_rounds())
    assert counts["commitments"] == counts["reports"] - 1
    changed = json.loads(json.dumps(records))
    changed[1]["standings"][0]["provinces"] += 1
    assert any("changed after it was sent" in p for p in checker.check(changed, {})[0])
    rolled = json.loads(json.dumps(records))
    rolled[2]["dice"]["rolls"][0]["value"] += 1
    assert any("does not follow from the seed" in p for p in checker.check(rolled, {})[0])
    assert any("missing" in p for p in checker.check(records[:1] + records[2:], {})[0])


def test_no_token_or_unrevealed_seed_of_the_campaign_reaches_the_site_and_a_revealed_nonce_is_escaped(ikusa, tmp_path):
    site_of(ikusa, tmp_path / "site")
    everything = b"".join(p.read_bytes() for p in sorted((tmp_path / "site").iterdir()))
    secrets = [*TOKENS.values(), SECRET.hex(), round_seed(SECRET, ikusa.open_round).hex(),
               *(hashlib.sha256(t.encode()).hexdigest() for t in TOKENS.values())]
    assert [s for s in secrets if s.encode() in everything] == []
    assert html.escape(NONCE).encode() in everything   # a nonce is revealed with the dice, escaped
    assert NONCE.encode() not in (tmp_path / "site" / "index.html").read_bytes()


def test_running_it_again_writes_nothing_and_after_a_rollback_the_undone_rounds_files_go(tmp_path):
    campaign = played(tmp_path / "war", "age-of-war", 4)
    outdir = tmp_path / "site"
    site_of(campaign, outdir)
    before = tree(outdir)
    stamps = {p.name: p.stat().st_mtime_ns for p in outdir.iterdir()}
    again = site_of(campaign, outdir)
    assert "0 files written" in again.out and tree(outdir) == before
    assert {p.name: p.stat().st_mtime_ns for p in outdir.iterdir() if p.name != ".pbem-site"} == \
        {k: v for k, v in stamps.items() if k != ".pbem-site"}
    (outdir / "notes.txt").write_text("the GM's own")   # not the site's: left alone
    with clock.frozen_at(START + timedelta(days=9)):
        rollback(campaign, 2, "misread orders")
    after = site_of(campaign, outdir)
    assert "4 removed" in after.out
    assert not (outdir / "round-003.html").exists() and not (outdir / "round-004.json").exists()
    assert (outdir / "notes.txt").read_text() == "the GM's own"
    assert 'href="round-003.html"' not in (outdir / "index.html").read_text()


def test_pbem_site_refuses_a_folder_in_or_around_the_campaign_one_of_other_files_and_a_language_not_offered(ikusa,
                                                                                                        tmp_path):
    inside = run("site", str(ikusa.folder), str(ikusa.folder / "public"))
    assert inside.code != 0 and "inside the campaign folder" in inside.err
    assert not (ikusa.folder / "public").exists()
    same = run("site", str(ikusa.folder), str(ikusa.folder))
    assert same.code != 0 and "inside the campaign folder" in same.err
    (ikusa.folder.parent / ".pbem-site").write_text('{"files": []}')   # even a folder that looks like a site
    holding = run("site", str(ikusa.folder), str(ikusa.folder.parent))
    (ikusa.folder.parent / ".pbem-site").unlink()
    assert holding.code != 0 and "would publish the campaign's secrets" in holding.err
    assert not (ikusa.folder.parent / "index.html").exists()
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / "index.html").write_text("<p>my own page</p>")
    occupied = run("site", str(ikusa.folder), str(tmp_path / "www"))
    assert occupied.code != 0 and "did not write" in occupied.err
    assert (tmp_path / "www" / "index.html").read_text() == "<p>my own page</p>"
    unknown = run("site", str(ikusa.folder), str(tmp_path / "x"), "--language", "xx")
    assert unknown.code != 0 and "en, es" in unknown.err and not (tmp_path / "x").exists()


def test_the_site_is_the_same_bytes_in_any_process_under_any_hash_seed(tmp_path):
    campaign = played(tmp_path / "war", "age-of-war", 3)
    made = []
    for seed in ("0", "4242"):
        result = subprocess.run([sys.executable, "-m", "pbem", "site", campaign.folder, tmp_path / f"site-{seed}"],
                                env={**pbem_env(), "PYTHONHASHSEED": seed}, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, result.stderr
        made.append(tree(tmp_path / f"site-{seed}"))
    assert made[0] == made[1] and len(made[0]) == 2 * len(campaign.resolved_rounds()) + 2


def test_a_spanish_site_says_it_all_in_spanish(ikusa, tmp_path):
    site_of(ikusa, tmp_path / "es", "--language", "es")
    pages = sorted((tmp_path / "es").glob("*.html"))
    assert len(pages) == len(ikusa.resolved_rounds()) + 1
    for page in pages:
        text = text_of(page.read_text("ascii"))
        assert english_in(text) == [], (page.name, english_in(text))
    assert "la página pública" in text_of((tmp_path / "es" / "index.html").read_text())


def forged_manifests(outdir: Path, victim: str) -> dict[str, bytes]:
    """Manifests someone who can write the site's folder might leave there, each listing `victim`: an earlier
    pbem's list of names, a signed manifest with the victim added, one with a made-up signature, garbage."""
    genuine = json.loads((outdir / MARK).read_bytes())
    digest = hashlib.sha256((outdir / victim).read_bytes()).hexdigest()
    added = {**genuine, "files": {**genuine["files"], victim: digest}}
    return {"an earlier pbem's": json.dumps({"campaign": genuine["campaign"],
                                             "files": sorted([*genuine["files"], victim])}).encode(),
            "the victim added": json.dumps(added).encode(),
            "a made-up signature": json.dumps({**added, "signature": "0" * 64}).encode(),
            "garbage": b"\xff{not json"}


MARK = ".pbem-site"


def test_a_forged_manifest_does_not_make_pbem_site_delete_a_file_it_did_not_write(ikusa, tmp_path):
    outdir = tmp_path / "site"
    site_of(ikusa, outdir)
    (outdir / "victim.txt").write_text("the GM's own notes")
    for kind, forged in forged_manifests(outdir, "victim.txt").items():
        (outdir / MARK).write_bytes(forged)
        again = site_of(ikusa, outdir)
        assert (outdir / "victim.txt").read_text() == "the GM's own notes", kind
        assert "0 removed" in again.out and "not a manifest this campaign's pbem signed" in again.out, kind
        assert json.loads((outdir / MARK).read_bytes())["signature"], kind   # signed again, by pbem


def test_a_file_of_an_undone_round_changed_since_or_made_a_link_is_left_and_nothing_outside_is_touched(tmp_path):
    campaign = played(tmp_path / "war", "age-of-war", 4)
    outdir = tmp_path / "site"
    site_of(campaign, outdir)
    outside = tmp_path / "outside.html"
    outside.write_bytes((outdir / "round-003.html").read_bytes())   # what the link leads to is the very page
    (outdir / "round-003.html").unlink()
    (outdir / "round-003.html").symlink_to(outside)
    (outdir / "round-004.json").write_text("{}")                      # changed since pbem wrote it
    with clock.frozen_at(START + timedelta(days=9)):
        rollback(campaign, 2, "misread orders")
    after = site_of(campaign, outdir)
    assert "2 removed" in after.out and "2 files of the earlier site were left" in after.out
    assert not (outdir / "round-003.json").exists() and not (outdir / "round-004.html").exists()
    assert (outdir / "round-003.html").is_symlink() and outside.exists() and (outdir / "round-004.json").exists()


def test_the_manifest_lists_each_file_with_its_sha256_and_a_signature_the_folders_writer_cannot_make(ikusa, tmp_path):
    outdir = tmp_path / "site"
    site_of(ikusa, outdir)
    manifest = json.loads((outdir / MARK).read_bytes())
    assert manifest["files"] == {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                                 for p in sorted(outdir.iterdir()) if p.name != MARK}
    assert re.fullmatch(r"[0-9a-f]{64}", manifest["signature"])
    assert SECRET.hex() not in (outdir / MARK).read_text()
