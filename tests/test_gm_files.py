"""The GM's own files are read as order files are: whatever the GM names by mistake (/dev/zero, a FIFO, a
folder, a 60 MB file, a 60 KB dotted key, 100,000 nested lists), every command that reads it answers at once
with one line naming the file, exit 2, no traceback, in small memory (the files and the trials are
tests/support/gm_files.py)."""
from __future__ import annotations

import pytest

from tests.support.gm_files import (
    COMMANDS,
    HOSTILE,
    TEST_SLOW_SECONDS,
    campaigns,
    gm_file_trials,
    one_trial,
    pbem_limited,
    refused_in_one_line,
    usual_seconds,
)


@pytest.fixture(scope="module")
def camps(tmp_path_factory):
    return campaigns(tmp_path_factory.mktemp("gm-files"))


def test_a_components_file_that_is_dev_zero_is_refused_at_once_as_not_a_regular_file(camps):
    answer = pbem_limited(*COMMANDS["new --option components_file"](camps, "/dev/zero", 0))
    assert refused_in_one_line(answer, "/dev/zero") and "not a regular file" in answer.err, answer
    assert not (camps.root / "new-0").exists()


def test_a_fifo_given_as_components_file_or_order_file_does_not_hang_the_command(camps):
    for number, command in enumerate(("new --option components_file", "orders check", "press --file"), 1):
        answer, _ = one_trial(camps, command, "a FIFO", 100 + number)
        assert answer.code is not None, f"{command} waited on the FIFO until it was killed"
        assert refused_in_one_line(answer, "hostile-"), answer


def test_a_components_file_with_a_60_kb_dotted_key_is_refused_in_well_under_a_second(camps):
    answer, path = one_trial(camps, "new --option components_file", "a 60 KB dotted key", 200)
    assert refused_in_one_line(answer, str(path)) and "dotted key of 30,001 parts" in answer.err, answer
    assert answer.seconds - usual_seconds(camps, "new --option components_file") < TEST_SLOW_SECONDS


def test_a_components_file_of_100000_nested_lists_is_refused_without_a_recursion_error(camps):
    answer, path = one_trial(camps, "new --option components_file", "100,000 nested lists", 300)
    assert refused_in_one_line(answer, str(path)) and "nested deeper than 32" in answer.err, answer


def test_a_60_mb_results_file_is_refused_by_its_size_before_it_is_read(camps):
    for command in ("moderate check", "resolve"):
        answer, _ = one_trial(camps, command, "a 60 MB file", 400)
        assert refused_in_one_line(answer, "round-001.toml") and "62,914,560 bytes" in answer.err, answer
        assert answer.seconds - usual_seconds(camps, command) < TEST_SLOW_SECONDS


def test_a_results_file_that_is_a_link_or_fifo_is_refused_and_the_round_is_not_resolved(camps):
    for kind, said in (("/dev/zero", "a symbolic link"), ("a FIFO", "not a regular file (a FIFO)")):
        answer, _ = one_trial(camps, "resolve", kind, 500)
        assert refused_in_one_line(answer, "round-001.toml") and said in answer.err, answer   # not "no file"
    assert not (camps.feud / "rounds" / "0001").exists()


def test_a_huge_order_file_given_to_orders_submit_is_refused_unread_as_the_inbox_refuses_it(camps, tmp_path):
    path = tmp_path / "orders.toml"
    with open(path, "wb") as handle:
        handle.truncate(2 << 30)   # sparse: read whole, more than the command's address space
    answer = pbem_limited("orders", "submit", camps.war, "ann", path)
    assert refused_in_one_line(answer, str(path)) and "2,147,483,648 bytes" in answer.err, answer
    assert not list((camps.war / "orders").iterdir())


def test_the_gm_may_allow_a_larger_data_file_from_1_to_64_mib(camps, tmp_path):
    big = tmp_path / "box.toml"
    big.write_text("# " + "x" * (3 << 20) + "\n")
    args = COMMANDS["new --option components_file"](camps, big, 700)
    assert "at most 1,048,576" in pbem_limited(*args).err
    allowed = pbem_limited(*args, gm_file_mib=4)
    assert allowed.code == 2 and "no [[clans]] list" in allowed.err, allowed   # read, and then checked
    wrong = pbem_limited(*args, gm_file_mib=65)
    assert refused_in_one_line(wrong, "PBEM_GM_FILE_MIB"), wrong


@pytest.mark.slow
def test_every_hostile_gm_file_is_refused_by_every_command_that_reads_it_in_one_line(tmp_path):
    found = gm_file_trials(tmp_path, TEST_SLOW_SECONDS)
    assert found["trials"] == len(HOSTILE) * len(COMMANDS)
    assert found["crashes found"] == 0 and found["slow cases"] == 0, found.details
