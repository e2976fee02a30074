"""Same campaign, same orders, same seed: byte-identical files in any process."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import tree

from games import GAMES
from tests.support.harness import registered


def play(folder, hashseed: str, game: str = "age-of-war", players: str = "5"):
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    env.pop("PBEM_NOW", None)
    done = subprocess.run([sys.executable, "-m", "pbem", "demo", game, "--dir", str(folder), "--seed", "11",
                           "--players", players], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("game", registered())
def test_the_same_game_played_in_two_processes_gives_byte_identical_files(tmp_path, game):
    players = str(min(max(GAMES[game].min_players, 4), GAMES[game].max_players))
    out_a = play(tmp_path / "a" / "demo", "1", game, players)
    out_b = play(tmp_path / "b" / "demo", "4242", game, players)
    files_a, files_b = tree(tmp_path / "a" / "demo"), tree(tmp_path / "b" / "demo")
    files_a.pop("log.txt"), files_b.pop("log.txt")  # the log records the wall-clock time of each run
    assert files_a == files_b
    assert out_a == out_b
    assert len([f for f in files_a if f.startswith("rounds/")]) > 20


@pytest.mark.slow
def test_another_seed_gives_another_game(tmp_path):
    from pbem.demo import run_demo

    a = run_demo("age-of-war", tmp_path / "a" / "demo", "1", 3)
    b = run_demo("age-of-war", tmp_path / "b" / "demo", "2", 3)
    assert (a.round_dir(1) / "events.json").read_bytes() != (b.round_dir(1) / "events.json").read_bytes()
