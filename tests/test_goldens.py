"""The golden playthroughs: every one replayed through pbem's shell and compared byte for byte.

A difference fails with a diff of the first lines that changed. If the change is meant (a rule, a
template, a message), regenerate in the same commit: python -m tests.goldens --update, and say why.
The text a player reads lies in the golden's folder as files, the rest in its playthrough.xz, and
MANIFEST.txt lists both: a commit that leaves some of them out fails here.
"""
from __future__ import annotations

import shutil

import pytest

from tests import goldens
from tests.support.harness import registered

GOLDENS = goldens.every_golden()


def replays():
    """Every golden, those of each game but its smallest (fewest players times rounds) in the slow tier: the
    default tier replays one game of each, the full tier all of them (a whole game of Age of War takes 10 s)."""
    smallest = {}
    for golden in sorted(GOLDENS.values(), key=lambda g: (g.players * g.rounds, g.name)):
        smallest.setdefault(golden.game, golden)
    return [pytest.param(golden, id=golden.name, marks=() if smallest[golden.game] is golden else pytest.mark.slow)
            for golden in GOLDENS.values()]


@pytest.mark.parametrize("golden", replays())
def test_a_golden_game_replays_to_the_same_reports_forms_and_mail_byte_for_byte(tmp_path, golden):
    files = goldens.play(golden, tmp_path)
    found = goldens.layout_problems(golden.name) + goldens.differences(goldens.stored(golden.name), files)
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
            assert {f"{prefix}/{player}.txt", f"{prefix}/{player}.json", f"{prefix}/{player}.form.toml",
                    f"{prefix}/{player}.{'welcome' if number == 0 else 'ack'}.txt"} <= files
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


@pytest.fixture
def copied_goldens(tmp_path, monkeypatch):
    """The goldens' folder copied, for a test to damage: (the copy, the original folder)."""
    original = goldens.FOLDER
    monkeypatch.setattr(goldens, "FOLDER", tmp_path / "goldens")
    shutil.copytree(original, goldens.FOLDER, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return goldens.FOLDER, original


@pytest.mark.parametrize("golden", GOLDENS.values(), ids=lambda g: g.name)
def test_a_golden_keeps_what_players_read_as_plain_files_and_the_rest_packed_all_in_its_manifest(golden):
    folder, text, packed = goldens.FOLDER / golden.name, goldens.text_files(golden.name), goldens.packed(golden.name)
    assert goldens.layout_problems(golden.name) == []
    assert text and packed and not set(text) & set(packed)
    assert all(path.endswith((".txt", ".form.toml")) for path in text)
    assert all(path.endswith((".json", ".eml")) for path in packed)
    assert set(goldens.listed(golden.name)) == set(text) | set(packed)
    assert (folder / "r01" / "ann.txt").read_bytes() == text["r01/ann.txt"]


def test_a_text_file_left_out_of_a_commit_is_named_before_and_by_the_replay(copied_goldens):
    folder, original = copied_goldens
    name = "amdt-2p-seed1"
    whole = goldens.stored(name)
    (folder / name / "r02" / "bob.txt").write_bytes(whole["r02/bob.txt"].replace(b"\n", b"\nan older line\n", 1))
    (folder / name / "r03" / "ann.form.toml").unlink()
    (folder / name / "r03" / "ann.old.txt").write_bytes(b"a file an earlier update made\n")
    found = goldens.layout_problems(name)
    assert len(found) == 3, found
    assert "r02/bob.txt in the folder is not the file MANIFEST.txt lists" in found[0]
    assert found[1].startswith("r03/ann.form.toml is listed in MANIFEST.txt but missing from the folder")
    assert found[2].startswith("r03/ann.old.txt is in the folder but not listed in MANIFEST.txt")
    differ = goldens.differences(goldens.stored(name), whole)
    assert len(differ) == 3, differ
    assert "-an older line" in differ[0] and "golden/r02/bob.txt" in differ[0]
    assert differ[1] == "r03/ann.form.toml: made but not in the golden (new, or left out of a commit)"
    assert differ[2] == "r03/ann.old.txt: in the golden but no longer made"


def test_a_packed_file_out_of_step_with_the_manifest_is_named(copied_goldens):
    folder, _ = copied_goldens
    name = "moderated-3p-seed1"
    files = goldens.packed(name)
    path = sorted(p for p in files if p.endswith(".json"))[0]
    files[path] += b" "
    (folder / name / "playthrough.xz").write_bytes(goldens.lzma.compress(goldens.pack(files)))
    found = goldens.layout_problems(name)
    assert len(found) == 1 and found[0].startswith(f"{path} in playthrough.xz is not the file MANIFEST.txt lists")


def test_storing_a_golden_writes_its_text_as_files_and_deletes_the_text_no_longer_made(copied_goldens):
    folder, _ = copied_goldens
    files = {"r00/ann.txt": b"round 0\n", "r00/ann.json": b"{}", "r01/ann.txt": b"round 1\n",
             "r01/mail/ack-1-ann.eml": b"mail", "r01/ann.ack.txt": b"Subject: s\n\nbody\n"}
    goldens.store("tiny", files)
    assert goldens.stored("tiny") == files and goldens.layout_problems("tiny") == []
    assert sorted(goldens.text_files("tiny")) == ["r00/ann.txt", "r01/ann.ack.txt", "r01/ann.txt"]
    assert sorted(goldens.packed("tiny")) == ["r00/ann.json", "r01/mail/ack-1-ann.eml"]
    fewer = {p: data for p, data in files.items() if p.startswith("r00/")}
    goldens.store("tiny", fewer)
    assert goldens.stored("tiny") == fewer and goldens.layout_problems("tiny") == []
    assert not (folder / "tiny" / "r01").exists()


def test_an_acknowledgement_and_a_welcome_letter_are_kept_as_the_text_the_player_reads():
    files = goldens.stored("ikusa-2p-seed1")
    ack = files["r01/ann.ack.txt"].decode()
    assert ack.startswith("Subject: [golden] Round 1 orders accepted\n\nYour orders for round 1 were accepted.\n")
    assert 'player = "ann"' in ack and "Content-Type" not in ack
    welcome = files["r00/ann.welcome.txt"].decode()
    assert welcome.startswith("Subject: [golden] Welcome\n\nWelcome to Ikusa")
    assert 'token = "..."' in welcome and "Ōmi" in welcome and "=\n" not in welcome and "=3D" not in welcome


def test_a_second_acknowledgement_of_a_round_is_kept_beside_the_first():
    mail = goldens.stored("ikusa-2p-seed1")["r01/mail/ack-1a12214d15f14a0b-ann.eml"]
    files = goldens.with_mails_as_text({"r01/mail/ack-1-ann.eml": mail, "r01/mail/ack-2-ann.eml": mail,
                                        "r01/mail/r0001-9-ann.eml": mail})
    assert sorted(files) == ["r01/ann.ack-2.txt", "r01/ann.ack.txt", "r01/mail/ack-1-ann.eml",
                             "r01/mail/ack-2-ann.eml", "r01/mail/r0001-9-ann.eml"]
