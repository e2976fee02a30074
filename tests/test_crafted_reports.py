"""A forged report cannot stall or crash the player's checker, nor `pbem verify`: a die of absurd sides, a file
that is not a report's shape, JSON nested without end, a gzip bomb, each gives one line naming the file and what
is wrong, exit code 1, within a second; and the checker run over mutated real reports never lets an exception out
(tests/support/crafted_reports.py, the reliability row `crafted` runs it large)."""
from __future__ import annotations

import gzip
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

import pytest
from conftest import examples, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import draw
from pbem import checker
from tests.support.crafted_reports import crafted_trials, gzip_bomb

CHECKER = Path(checker.__file__)


@pytest.fixture(scope="module")
def demo(demo_game) -> Path:
    return demo_game("age-of-war", "5", 3)


@pytest.fixture
def kept(demo, tmp_path) -> Path:
    """A player's JSON reports, as the player kept them."""
    saved = tmp_path / "kept"
    saved.mkdir()
    for path in sorted(demo.glob("rounds/*/reports/akiko.json")):
        shutil.copy(path, saved / f"{path.parent.parent.name}.json")
    return saved


def checked(*paths: Path, options: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """The checker run alone on the files, as a player runs it; a stall over 10 s fails the test."""
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-I", str(CHECKER), *options, *map(str, paths)], capture_output=True,
                          text=True, timeout=10)
    done.seconds = time.perf_counter() - began
    return done


def refused(done: subprocess.CompletedProcess, name: str, *words: str) -> bool:
    lines = done.stderr.splitlines()
    return (done.returncode == 1 and len(lines) == 1 and name in lines[0] and all(w in lines[0] for w in words)
            and "Traceback" not in done.stdout + done.stderr and done.seconds < 2)


def with_roll_sides(kept: Path, sides) -> Path:
    path = next(p for p in sorted(kept.glob("*.json")) if json.loads(p.read_text())["dice"]["rolls"])
    report = json.loads(path.read_text())
    report["dice"]["rolls"][0]["sides"] = sides
    path.write_text(json.dumps(report))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("sides", [2**200, 2**64 + 1, 0, -6, "6", 6.0, True, None])
def test_a_roll_of_a_die_pbem_never_rolls_is_named_with_its_file_not_a_stall_or_a_traceback(kept, sides):
    path = with_roll_sides(kept, sides)
    done = checked(kept)
    assert refused(done, path.name, "sides"), (done.returncode, done.stdout, done.stderr)


@pytest.mark.parametrize("text", ["[]", '"a report"', "17", "null", '{"format": "pbem-report-1", "dice": []}',
                                  '{"format": "pbem-report-1", "dice": {"seed": 5}}'])
def test_a_file_that_is_not_a_reports_shape_is_named_with_its_file(tmp_path, text):
    (tmp_path / "odd.json").write_text(text)
    done = checked(tmp_path / "odd.json")
    assert refused(done, "odd.json"), (done.returncode, done.stdout, done.stderr)


def test_json_nested_a_hundred_thousand_deep_is_refused_before_it_is_parsed(tmp_path):
    (tmp_path / "deep.json").write_text('{"format": "pbem-report-1", "dice": ' + "[" * 100_000 + "]" * 100_000 + "}")
    done = checked(tmp_path / "deep.json")
    assert refused(done, "deep.json", "nested"), (done.returncode, done.stdout, done.stderr)


def test_a_gzip_bomb_is_refused_before_it_is_unpacked_whole(tmp_path):
    (tmp_path / "bomb.json.gz").write_bytes(gzip_bomb(1 << 28))   # 64 times the most a report may unpack to
    done = checked(tmp_path / "bomb.json.gz")
    assert refused(done, "bomb.json.gz", "unpacks to more than"), (done.returncode, done.stdout, done.stderr)


def test_a_file_too_big_to_be_a_report_is_refused_unread(tmp_path):
    (tmp_path / "big.json").write_text('{"format": "pbem-report-1", "pad": "' + "x" * (5 << 20) + '"}')
    done = checked(tmp_path / "big.json")
    assert refused(done, "big.json", "bigger than"), (done.returncode, done.stdout, done.stderr)


def test_a_damaged_gzip_and_text_that_is_not_json_are_named_with_their_file(kept, tmp_path):
    packed = gzip.compress(next(kept.glob("*.json")).read_bytes())
    (tmp_path / "cut.json.gz").write_bytes(packed[:-20])
    (tmp_path / "text.json").write_bytes(b"\xff\xfe not json")
    (tmp_path / "lone.json").write_text('{"format": "pbem-report-1", "player": "\\ud800"}')
    for name in ("cut.json.gz", "text.json", "lone.json"):
        assert refused(checked(tmp_path / name), name), name


def test_a_rollback_notice_too_big_to_be_one_is_refused_unread(kept, tmp_path):
    (tmp_path / "notice.eml").write_text("Subject: x\n\n" + "round 2 will be played again\n" * 400_000)
    done = checked(kept, options=("--notice", str(tmp_path / "notice.eml")))
    assert refused(done, "notice.eml", "bigger than"), (done.returncode, done.stdout, done.stderr)


@pytest.mark.parametrize("sides", [0, -1, 2**64 + 1, 2**70])
def test_the_dice_refuse_a_die_beyond_what_the_algorithm_draws_fairly(sides):
    with pytest.raises(ValueError):
        draw(b"k" * 32, 0, sides, "x")


def test_the_dice_still_draw_the_largest_die_the_algorithm_allows():
    assert 1 <= draw(b"k" * 32, 0, 2**64, "x") <= 2**64 and draw(b"k" * 32, 0, 1, "x") == 1


def test_verify_names_a_recorded_roll_of_two_to_the_seventy_sides_in_one_line_instead_of_hanging(demo, tmp_path):
    folder = tmp_path / "demo"
    shutil.copytree(demo, folder)
    path = next(p for p in sorted(folder.glob("rounds/*/dice.json")) if json.loads(p.read_text())["rolls"])
    dice = json.loads(path.read_text())
    dice["rolls"][0]["sides"] = 2**70
    path.write_text(json.dumps(dice, sort_keys=True, separators=(",", ":")))
    done = subprocess.run([sys.executable, "-m", "pbem", "verify", str(folder)], capture_output=True, text=True,
                          timeout=20, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    said = done.stdout + done.stderr
    assert "dice.json: damaged, rolls[0].sides is 1180591620717411303424, not a die of 1 to 2**64" in said, said
    assert run("verify", folder).code != 0


def test_the_checker_over_mutated_real_reports_lets_no_exception_out_and_is_never_slow(demo, tmp_path):
    found = crafted_trials(tmp_path, 120, random.Random(26), demo)
    assert found["trials"] == 120 and found["fuzz cases run"] > 100, found
    assert found["crashes found"] == 0 and found["slow cases"] == 0, found.details


@settings(max_examples=examples(40), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rng=st.randoms(use_true_random=False))
def test_any_mutation_hypothesis_draws_of_a_real_report_gives_exit_0_or_1_quickly(demo, rng):
    with tempfile.TemporaryDirectory() as tmp:
        found = crafted_trials(Path(tmp), 1, rng, demo)
    assert found["fuzz cases run"] == 1 and found["crashes found"] == 0 and found["slow cases"] == 0, found.details


def test_the_gzip_bomb_is_what_it_claims_to_be():
    packed = gzip_bomb(1 << 24)
    assert len(zlib.decompress(packed, 31)) > 1 << 24 > 100 * len(packed)


def test_a_report_whose_link_was_taken_out_is_told_when_the_round_before_has_one(kept):
    """Taking the chain out of a report would hide a change to it from the link check: the report before it has
    one, so its absence is itself the finding."""
    last = sorted(kept.glob("*.json"))[-1]
    report = json.loads(last.read_text())
    report["chain"] = None
    last.write_text(json.dumps(report))
    done = checked(*sorted(kept.glob("*.json")))
    assert done.returncode == 1 and "has no link" in done.stdout + done.stderr, done.stdout + done.stderr
    assert checked(*sorted(kept.glob("*.json"))[:-1]).returncode == 0
