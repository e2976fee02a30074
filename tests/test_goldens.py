"""The golden playthroughs: every one replayed through pbem's shell and compared byte for byte.

A difference fails with a diff of the first lines that changed. If the change is meant (a rule, a
template, a message), regenerate in the same commit: python -m tests.goldens --update, and say why.
"""
from __future__ import annotations

import pytest

from tests import goldens
from tests.harness import registered

GOLDENS = goldens.every_golden()


@pytest.mark.parametrize("golden", GOLDENS.values(), ids=lambda g: g.name)
def test_a_golden_game_replays_to_the_same_reports_forms_and_mail_byte_for_byte(tmp_path, golden):
    files = goldens.play(golden, tmp_path)
    found = goldens.differences(goldens.stored(golden.name), files)
    assert not found, (f"{golden.name}: {len(found)} files differ from the golden; if this is meant, run "
                       f"python -m tests.goldens --update {golden.name}\n\n" + "\n\n".join(found[:5]))
    assert any(path.endswith(".eml") for path in files) and any(path.endswith(".form.toml") for path in files)


def test_the_goldens_hold_every_kind_of_file_for_every_player_in_every_round():
    golden = GOLDENS["age-of-war-6p-seed1"]
    files = set(goldens.stored(golden.name))
    rounds = sorted({path.split("/")[0] for path in files})
    assert rounds == [f"r{n:02d}" for n in range(golden.rounds + 1)]
    for number, prefix in enumerate(rounds):
        for player in goldens.NAMES[:golden.players]:
            assert {f"{prefix}/{player}.txt", f"{prefix}/{player}.json", f"{prefix}/{player}.form.toml"} <= files
            mail = [p.rsplit("/", 1)[1] for p in files
                    if p.startswith(f"{prefix}/mail/") and p.endswith(f"-{player}.eml")]
            kinds = sorted({name.split("-")[0] for name in mail})
            assert kinds == (["welcome"] if number == 0 else ["ack", f"r{number:04d}"]), (prefix, player, mail)


def test_a_changed_byte_in_a_golden_report_is_found_and_named():
    golden = GOLDENS["age-of-war-2p-seed1"]
    files = goldens.stored(golden.name)
    changed = dict(files)
    path = sorted(p for p in files if p.endswith(".txt"))[3]
    changed[path] = files[path].replace(b"\n", b"\n ", 1)
    found = goldens.differences(files, changed)
    assert len(found) == 1 and path in found[0] and "+ " in found[0]


def test_the_packed_form_of_a_golden_reads_back_exactly():
    files = {"a/b.txt": b"x\n=== y 3\n", "c.eml": b"", "d.json": bytes(range(256))}
    assert goldens.unpack(goldens.pack(files)) == files


def test_every_stored_golden_belongs_to_a_registered_games_adapter():
    stored = sorted(p.name for p in goldens.FOLDER.iterdir() if (p / "playthrough.xz").exists())
    assert stored == sorted(GOLDENS)
    assert {g.game for g in GOLDENS.values()} == set(registered())
