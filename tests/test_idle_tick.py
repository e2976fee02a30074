"""An idle tick (nothing due, no mail) reads each campaign's state once and writes nothing; the folder listing it
uses in place of Path.glob finds what glob finds."""
from __future__ import annotations

from datetime import timedelta

from conftest import START, make_campaign, run

from pbem import clock, files


def snapshot(folder):
    return {str(path.relative_to(folder)): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in sorted(folder.rglob("*"))}


def test_an_idle_tick_of_a_campaign_writes_nothing_but_its_lock_file(tmp_path):
    camp = make_campaign(tmp_path / "war", game="ikusa", deadline_hours=24 * 365)
    before = snapshot(camp.folder)
    with clock.frozen_at(START + timedelta(hours=1)):
        result = run("tick", camp.folder)
    assert result.code == 0 and result.out == "" and result.err == ""
    after = snapshot(camp.folder)
    assert set(after) - set(before) == {".lock"}
    assert {name: after[name] for name in before} == before


def test_an_idle_tick_reads_the_open_rounds_state_once(tmp_path, monkeypatch):
    camp = make_campaign(tmp_path / "war", game="ikusa", deadline_hours=24 * 365, settings={"remind_hours": 12})
    read = []
    real = files.read_record
    monkeypatch.setattr("pbem.campaign.read_record", lambda path: read.append(path.name) or real(path))
    with clock.frozen_at(START + timedelta(hours=1)):
        assert run("tick", camp.folder).out == ""
    assert read.count("state.json") == 1


def test_the_folder_listing_matches_what_path_glob_matches(tmp_path):
    for name in (".a.tmp", "..tmp", ".tmp", "b.tmp", ".c.TMP", "d.json", ".e.json", ".round.partial-1"):
        (tmp_path / name).write_text("")
    (tmp_path / ".f.tmp").mkdir()
    for pattern in (".*.tmp", "*.json", ".*.partial-*", "*.eml"):
        assert sorted(files.matching(tmp_path, pattern)) == sorted(tmp_path.glob(pattern))
    assert files.matching(tmp_path / "missing", "*.json") == [] == list((tmp_path / "missing").glob("*.json"))
