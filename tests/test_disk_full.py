"""The disk fills up in the middle of a resolution: the round is not half-written, the next run completes it.

pbem runs in its own process with PBEM_DISK_BYTES set (pbem.faults): after that
many bytes every write fails with "No space left on device", wherever it is.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import TOKENS, make_campaign, order_file, run_process, tree


def pbem(*args, disk_bytes: int | None = None) -> subprocess.CompletedProcess:
    if disk_bytes is None:
        return run_process(*args, now="2026-03-01T13:00:00Z")
    return run_process(*args, now="2026-03-01T13:00:00Z", disk_bytes=disk_bytes)


def campaign_with_orders(folder: Path):
    camp = make_campaign(folder)
    for player in ("ann", "bob"):
        order_file(camp.folder / "inbox", player, 1, ["Gifu", "auto"], token=TOKENS[player])
    assert pbem("inbox", camp.folder).returncode == 0
    return camp


def without_log(files: dict[str, str]) -> dict[str, str]:
    return {name: digest for name, digest in files.items() if name != "log.txt"}


@pytest.fixture(scope="module")
def undisturbed(tmp_path_factory):
    """The campaign after round 1 resolved on a roomy disk, and how many bytes the resolution wrote."""
    camp = campaign_with_orders(tmp_path_factory.mktemp("calm") / "war")
    before = {p: p.stat().st_size for p in camp.folder.rglob("*") if p.is_file()}
    assert pbem("resolve", camp.folder, "--force").returncode == 0
    written = sum(p.stat().st_size for p in camp.folder.rglob("*") if p.is_file() and p not in before)
    return without_log(tree(camp.folder)), written


@pytest.mark.slow
@pytest.mark.parametrize("share", [0, 0.01, 0.05, 0.2, 0.5, 0.8, 0.95, 0.99])
def test_a_disk_full_during_resolution_leaves_no_half_round_and_the_next_run_completes_it(
        tmp_path, undisturbed, share):
    files_after, written = undisturbed
    camp = campaign_with_orders(tmp_path / "war")
    full = pbem("resolve", camp.folder, "--force", disk_bytes=int(share * written))
    assert full.returncode == 1, full
    assert "No space left on device" in full.stderr and "nothing was half-written" in full.stderr
    assert "Traceback" not in full.stderr
    rounds = sorted(p.name for p in (camp.folder / "rounds").iterdir() if not p.name.startswith("."))
    assert rounds in (["0000"], ["0000", "0001"])
    if rounds == ["0000", "0001"]:    # the round got in whole before the disk filled: it must check out
        assert pbem("verify", camp.folder).returncode == 0
    again = pbem("tick", camp.folder)   # the cron job, with room again
    assert again.returncode == 0, again.stderr
    told = pbem("resolve", camp.folder, "--force")   # the GM saw an error, not "resolved": runs it again
    assert told.returncode == 0
    if rounds == ["0000", "0001"]:   # the round was in place: the rerun resolves no second one
        assert "Round 1 was already resolved" in told.stdout
    assert without_log(tree(camp.folder)) == files_after
    assert pbem("verify", camp.folder).returncode == 0
