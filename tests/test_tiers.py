"""The tiers of tests: the default one (the README's test command) leaves out the slow tests and those of real
servers and browsers, and CI runs every one of them after it, property tests with their full counts."""
from __future__ import annotations

import re
import subprocess
import sys

from conftest import ROOT, TIERED


def collected(*args: str, tier: str = "") -> int:
    """How many tests pytest would run with these arguments, in a process of its own (its own PBEM_TIER)."""
    env = {"PATH": "/usr/bin:/bin", "PBEM_TIER": tier}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-qq", "-p", "no:cacheprovider", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    counts = re.findall(r"^\S+\.py: (\d+)$", done.stdout, re.MULTILINE)
    assert counts or done.returncode == 5, done.stdout + done.stderr   # 5: pytest collected nothing
    return sum(map(int, counts))


def test_ci_runs_every_tier_the_default_leaves_out_with_the_full_counts_of_examples():
    script = (ROOT / ".ci/run").read_text()
    [line] = [line for line in script.splitlines() if "PBEM_TIER=full" in line and not line.startswith("#")]
    selected = re.search(r'-m "([^"]+)"', line).group(1).split(" or ")
    assert sorted(selected) == sorted([*TIERED, "property"])


def test_the_default_tier_leaves_out_a_real_mail_servers_tests_and_a_slow_test_and_the_tier_runs_them():
    assert collected("tests/test_mail_e2e.py") == 0 and collected("tests/test_gm_who_plays.py") == 0
    assert collected("tests/test_mail_e2e.py", "-m", "servers") >= 5
    assert collected("tests/test_gm_who_plays.py", tier="full") == 3
    assert collected("tests/test_tiers.py") == 2   # and the default tier runs the rest
