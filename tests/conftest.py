"""Shared fixtures: campaigns made on a fixed clock, and the CLI run in-process."""
from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from pbem import clock
from pbem.campaign import Campaign, Player
from pbem.create import new_campaign

FULL = os.environ.get("PBEM_TIER") == "full"
"""The tiers of tests (docs/testing.md, "Tiers"). The default, the README's test command: everything but the
tests marked slow, servers or browser, each property test on a few examples. PBEM_TIER=full (.ci/run's second
command): the full counts of examples, and the marked tests run when selected (-m)."""

# Property tests run the same examples on every machine (a failure found in CI is found again at
# home), keep no example database in the repository, and never fail for taking their time.
settings.register_profile("pbem", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("pbem-quick", settings.get_profile("pbem"), max_examples=10)
settings.load_profile("pbem" if FULL else "pbem-quick")

TIERED = ("slow", "servers", "browser")
REAL_PARTS = {"dovecot": "servers", "chromium": "browser"}   # a session fixture that starts a real part: its tier


def examples(full: int) -> int:
    """How many examples a property test that sets its own count tries: `full` in the full tier, an eighth of it
    (at least 3) in the default one, which is there to run in minutes."""
    return full if FULL else max(3, full // 8)


def pytest_collection_modifyitems(config, items):
    """Mark each test that uses a real mail server or browser with its tier, and each property test as `property`;
    outside the full tier, leave out every test of a tier unless -m asks for it."""
    for item in items:
        for fixture, tier in REAL_PARTS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(tier)
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker("property")
    if FULL or config.getoption("markexpr"):
        return
    kept, left = [], []
    for item in items:
        (left if any(item.get_closest_marker(tier) for tier in TIERED) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
TOKENS = {"ann": "ann-token-1234", "bob": "bob-token-5678", "cho": "cho-token-9012"}


@dataclass
class Result:
    code: int
    out: str
    err: str


def run(*args) -> Result:
    """Run `pbem ARGS` in this process, as the console script would."""
    from pbem.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Result(code, out.getvalue(), err.getvalue())


def subcommands(group):
    """(name, command) for each subcommand of a click group, as `pbem GROUP --help` lists them (a group may load its
    commands only when asked, as `pbem odds` does)."""
    import click

    context = click.Context(group)
    return [(name, group.get_command(context, name)) for name in group.list_commands(context)]


def pbem_env(**settings) -> dict[str, str]:
    """This environment without any PBEM_ setting of its own, plus the given ones: now="...", crash_at="..."."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PBEM_")}
    env.update({f"PBEM_{name.upper()}": str(value) for name, value in settings.items()})
    return env


def run_process(*args, timeout: float = 120, **settings) -> subprocess.CompletedProcess:
    """Run `pbem ARGS` in a process of its own (for kills, a full disk, or another PYTHONHASHSEED)."""
    return subprocess.run([sys.executable, "-m", "pbem", *map(str, args)], cwd=ROOT, env=pbem_env(**settings),
                          capture_output=True, text=True, timeout=timeout)


def make_campaign(folder: Path, players=("ann", "bob", "cho"), secret_word="test", game="age-of-war",
                  start: datetime = START, **kwargs) -> Campaign:
    with clock.frozen_at(start):
        return new_campaign(folder, game_name=game, gm="gm@example.org",
                            players=[Player(p, f"{p}@example.org") for p in players],
                            secret=hashlib.sha256(secret_word.encode()).digest(),
                            tokens={p: TOKENS.get(p, f"{p}-token") for p in players}, **kwargs)


def order_file(folder: Path, player: str, round_number: int, targets, token: str | None = None,
               nonce: str = "") -> Path:
    lines = [f"round = {round_number}", f'player = "{player}"', f"targets = {list(targets)!r}".replace("'", '"')]
    if token:
        lines.insert(0, f'token = "{token}"')
    if nonce:
        lines.insert(0, f'nonce = "{nonce}"')
    tag = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:8]
    path = folder / f"{player}-r{round_number}-{tag}.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def tree(folder: Path) -> dict[str, str]:
    """Every file under a folder with the SHA-256 of its bytes (the lock file left out)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(Path(folder).rglob("*")) if p.is_file() and p.name != ".lock"}


@pytest.fixture
def campaign(tmp_path) -> Campaign:
    return make_campaign(tmp_path / "war")


@pytest.fixture(autouse=True)
def _no_fixed_clock_from_outside(monkeypatch):
    monkeypatch.delenv("PBEM_NOW", raising=False)
    yield


@pytest.fixture
def frozen():
    """Run the test at the campaign's start time."""
    with clock.frozen_at(START):
        yield START


def real_part(ensure, unavailable) -> None:
    """A real part the tests use (a mail server, a browser) installed where allowed: a skip where it cannot be,
    a failure under CI=true, which must test everything. The test processes (pytest -n) take turns: one
    installs, the next finds it installed (two apt-gets at once would fight over dpkg's lock)."""
    import fcntl
    import tempfile

    with open(Path(tempfile.gettempdir()) / f"pbem-tests-install-{os.getuid()}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            ensure()
            return
        except unavailable as exc:
            missing = str(exc)
    if os.environ.get("CI") == "true":
        pytest.fail(missing)
    pytest.skip(missing)


@pytest.fixture(scope="session")
def dovecot():
    """Dovecot installed (by apt-get where allowed)."""
    from tests.support.mailservers import ServersUnavailable, ensure_dovecot

    real_part(ensure_dovecot, ServersUnavailable)


@pytest.fixture(scope="session")
def chromium():
    """Headless Chromium installed (by apt-get where allowed)."""
    from tests.support.browser import BrowserUnavailable, ensure_chromium

    real_part(ensure_chromium, BrowserUnavailable)


@pytest.fixture(scope="session")
def demo_game(tmp_path_factory):
    """A demo game (`pbem demo GAME --seed SEED --players N`) played once for the whole run, whichever test asks
    first, and shared by every worker of pytest-xdist: demo_game(game, seed, players) is its folder, to be read
    only (copy it to change it). The same few demos served half a dozen files, each playing its own."""
    import fcntl

    from pbem.demo import run_demo

    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "demo-games"
    shared.mkdir(exist_ok=True)

    def played(game: str, seed: str, players: int) -> Path:
        place = shared / f"{game}-{seed}-{players}"
        with open(f"{place}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)   # another worker playing it: wait for it, then read its files
            if not (place / "played").exists():
                import shutil

                shutil.rmtree(place, ignore_errors=True)
                run_demo(game, place / "demo", seed, players)
                (place / "played").touch()
        return place / "demo"

    return played


@pytest.fixture(scope="session", autouse=True)
def _each_picture_drawn_once(tmp_path_factory):
    """Every map the run draws as a PNG drawn once for all its workers (tests/support/drawn_pictures.py)."""
    from unittest import mock

    from pbem import pictures, rounds
    from tests.support.drawn_pictures import drawn_once

    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "drawn-pictures"
    cached = drawn_once(shared, pictures.svg_to_png.__wrapped__)
    with mock.patch.object(pictures, "svg_to_png", cached), mock.patch.object(rounds, "svg_to_png", cached):
        yield


@pytest.fixture(scope="session")
def report_pages(tmp_path_factory):
    """A round of each pictured game played by the computer for ann, bob and cho, with battles (Ikusa) or rolls
    (Age of War) in it, its report mails in the outbox: {game: (campaign, round)}."""
    from tests.support.report_pages import played

    folder = tmp_path_factory.mktemp("pages")
    return {"ikusa": played(folder / "ikusa", "ikusa", ["ann", "bob", "cho"],
                            lambda events: sum(e["kind"] == "battle_started" for e in events) >= 2),
            "age-of-war": played(folder / "war", "age-of-war", ["ann", "bob", "cho"],
                                 lambda events: any(e["kind"] == "roll" for e in events)),
            "ninjato": played(folder / "ninjato", "ninjato", ["ann", "bob", "cho"], lambda events: True)}


@pytest.fixture
def servers(dovecot, tmp_path):
    """Dovecot and the SMTP relay on loopback, with mailboxes for the GM and the players of
    tests/support/mailplay.py."""
    from tests.support.mailplay import ADDRESSES
    from tests.support.mailservers import MailServers

    with MailServers(tmp_path / "servers", ADDRESSES) as running:
        yield running


@pytest.fixture
def coin_flip(monkeypatch):
    """The registry with coin flip (tests/coin_flip, a game of at most six rounds) in it, and its templates where
    the renderer looks."""
    import jinja2

    import games
    from pbem import render
    from tests.support import hidden

    monkeypatch.setitem(games.MODULES, "coin-flip", "tests.coin_flip")
    env = render._env()
    templates = Path(__file__).parent / "coin_flip" / "templates"
    overlay = env.overlay(loader=jinja2.ChoiceLoader([env.loader, jinja2.FileSystemLoader(templates)]))
    monkeypatch.setattr(render, "_env", lambda language="en": overlay)
    yield games.GAMES["coin-flip"]
    hidden._cached_trajectory.cache_clear()
    hidden._baselines.clear()
