"""`pbem tick --shard K/N`: a stable split of the campaigns given, each campaign in exactly one shard."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta

import pytest
from conftest import ROOT, START, TOKENS, make_campaign, order_file, pbem_env, run, tree

from pbem import clock
from pbem.shard import in_shard, parse_shard, shard_of

NAMES = [f"campaign-{n}" for n in range(60)] + ["war", "feud", "duel", "kanto", "sengoku", "ñoño", "戦"]


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8])
def test_the_n_shards_hold_every_campaign_exactly_once(count):
    folders = [f"/srv/pbem/{name}" for name in NAMES]
    shards = [in_shard(folders, number, count) for number in range(1, count + 1)]
    assert sorted(sum(shards, [])) == sorted(folders)
    if count > 1:
        assert all(shards), "with this many campaigns every shard gets some"


def test_a_campaigns_shard_is_the_same_on_every_run_and_machine():
    """Pinned values: SHA-256 of the folder's name, so no run, no Python and no host can compute another."""
    assert [shard_of(f"/srv/pbem/{name}", 4) for name in ("war", "feud", "duel", "kanto", "sengoku")] == [
        2, 3, 1, 2, 4]


def test_the_shard_goes_by_the_folders_name_wherever_the_volume_is_mounted(tmp_path):
    (tmp_path / "mnt" / "war").mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "mnt")
    for count in (2, 3, 7):
        expected = shard_of("/srv/pbem/war", count)
        assert shard_of(tmp_path / "mnt" / "war", count) == expected
        assert shard_of(f"{tmp_path}/mnt/war/", count) == expected
        assert shard_of(tmp_path / "mnt" / "x" / ".." / "war", count) == expected
        assert shard_of(link / "war", count) == expected


def test_the_split_does_not_change_with_pythonhashseed():
    folders = [f"/srv/pbem/{name}" for name in NAMES]
    here = [shard_of(folder, 5) for folder in folders]
    program = ("import json, sys; from pbem.shard import shard_of; "
               "print(json.dumps([shard_of(f, 5) for f in json.loads(sys.argv[1])]))")
    for seed in ("0", "1", "4242"):
        done = subprocess.run([sys.executable, "-c", program, json.dumps(folders)], cwd=ROOT, capture_output=True,
                              text=True, env={**pbem_env(), "PYTHONHASHSEED": seed}, check=True)
        assert json.loads(done.stdout) == here


@pytest.mark.parametrize("text", ["0/3", "4/3", "1/0", "0/0", "-1/3", "a/b", "1", "1/3/4", "1 /3", "١/٣", ""])
def test_a_bad_shard_is_refused_with_exit_2_and_ticks_nothing(tmp_path, text):
    camp = make_campaign(tmp_path / "war")
    order_file(camp.folder / "inbox", "ann", 1, ["Gifu"], token=TOKENS["ann"])
    before = tree(camp.folder)
    with pytest.raises(ValueError):
        parse_shard(text)
    with clock.frozen_at(START + timedelta(hours=1)):
        result = run("tick", "--shard", text, camp.folder)
    assert result.code == 2 and "--shard" in result.err
    assert tree(camp.folder) == before


def test_shards_count_from_1_to_n():
    assert parse_shard("1/1") == (1, 1) and parse_shard("3/3") == (3, 3) and parse_shard("2/10") == (2, 10)


def test_a_tick_per_shard_ticks_each_campaign_once_and_only_in_its_shard(tmp_path):
    folders = []
    for name in ("war", "feud", "duel", "kanto", "sengoku", "tokai"):
        camp = make_campaign(tmp_path / name)
        order_file(camp.folder / "inbox", "ann", 1, ["Gifu"], token=TOKENS["ann"])
        folders.append(camp.folder)
    ticked = {}
    with clock.frozen_at(START + timedelta(hours=1)):
        for number in (1, 2, 3):
            result = run("tick", "--shard", f"{number}/3", *folders)
            assert result.code == 0, result.err
            ticked[number] = {line.split(": ", 1)[0] for line in result.out.splitlines()}
    for number in (1, 2, 3):
        assert ticked[number] == {str(f) for f in folders if shard_of(f, 3) == number}
    assert sorted(set().union(*ticked.values())) == sorted(map(str, folders))
    assert sum(map(len, ticked.values())) == len(folders)
    assert all(not any((f / "inbox").glob("*.toml")) for f in folders)   # every inbox taken, by its own shard
