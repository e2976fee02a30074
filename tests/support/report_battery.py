"""A battery of seeded games of every registered game, with every JSON report pbem wrote of them.

The schema tests (tests/test_report_schema.py) validate every report here: the goldens as stored, and
more seeded games played in memory as tests/support/hidden.py plays them (the computer player's orders, now and
then varied as the game's adapter varies them, now and then a player silent), each round made into its
files by pbem's own `compute_round`, the record chain included. For each report the battery keeps the
model the text report was rendered from, so a test can hold the JSON against it.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from unittest import mock

from games import get
from pbem import render, rounds
from pbem.rounds import compute_round
from tests import goldens
from tests.support.harness import registered
from tests.support.hidden import CAMPAIGN, ShellCampaign, new_trajectory, play_round

# (game, trajectory seeds, rounds at most): whole games of Age of War; Ikusa games of 2 to 5 players,
# long enough for eliminations and a winner in some of them
PLAYED = {
    "age-of-war": (range(3), 40),
    "ikusa": (range(6), 12),
    "moderated": (range(4), 15),
    "amdt": (range(4), 15),       # a moderated game of 2 players: more seeds for as many reports
    "ninjato": (range(5), 7),     # whole games of 2 to 4 ninja
}


def unpainted(svg: str) -> bytes:
    """Stands in for the PNG of a picture: the battery reads the JSON reports, and drawing the PNGs took most of
    its time (tests/test_report_pictures.py checks the real ones)."""
    return b"\x89PNG unpainted " + hashlib.sha256(svg.encode("utf-8")).digest()


@dataclass(frozen=True)
class Report:
    """One player's JSON report of one round, as written, and (for the games played here) the model its text
    report was rendered from."""

    game: str
    where: str
    data: bytes
    model: dict | None = None

    @property
    def document(self) -> dict:
        return json.loads(self.data)


@dataclass(frozen=True)
class Battery:
    reports: tuple[Report, ...]
    events: dict          # game -> every event the played games emitted (whoever may see it), in order


def golden_reports() -> list[Report]:
    """Every player's JSON report of every round of every stored golden."""
    found = []
    for name, golden in sorted(goldens.every_golden().items()):
        files = goldens.stored(name) or {}
        for path in sorted(files):
            if path.endswith(".json") and not path.endswith("round.json"):
                found.append(Report(golden.game, f"golden {name} {path}", files[path]))
    return found


def played(game_name: str, seed: int, most: int) -> tuple[list[Report], list[dict]]:
    """A seeded game played to its end or `most` rounds: every report of every round, with the model each
    text report was made from, and every event of every round."""
    game = get(game_name)
    trajectory = new_trajectory(game_name, seed)
    while len(trajectory.rounds) <= most and not game.is_over(trajectory.rounds[-1].state):
        play_round(trajectory)
    campaign = ShellCampaign(CAMPAIGN, game, list(trajectory.players))
    reports, events, links, previous = [], [], {}, None
    for number, played_round in enumerate(trajectory.rounds):
        inputs = {**played_round.inputs, "previous_links": links}
        models: list[dict] = []
        real_render = render.render_text

        def keep_model(model, sentences=None, real=real_render, kept=models):
            kept.append(model)
            return real(model, sentences)

        with mock.patch.object(render, "render_text", keep_model), \
                mock.patch.object(rounds, "svg_to_png", unpainted):
            files = compute_round(campaign, number, inputs, previous, None if number == 0 else "0" * 64,
                                  trajectory.secret)
        by_player = {model["player"]: model for model in models}
        for player in trajectory.players:
            reports.append(Report(game_name, f"played {game_name} seed {seed} round {number} {player}",
                                  files[f"reports/{player}.json"], by_player[player]))
        events += json.loads(files["events.json"])
        links = json.loads(files["round.json"]).get("links", {})
        previous = played_round.state
    return reports, events


SIZES = ("sample", "full")
"""The battery's sizes: "full" plays every seed of PLAYED (the slow tier's), "sample" only each game's first
(the default tier's: the same kinds of report, in a fifth of the time)."""


@lru_cache(maxsize=len(SIZES))
def battery(size: str = "full") -> Battery:
    """The goldens and the played games of every registered game (a game without an entry in PLAYED is
    played with two seeds of 20 rounds), all of PLAYED's seeds or, for the "sample", the first of each."""
    assert size in SIZES, size
    reports, events = golden_reports(), {}
    for name in registered():
        seeds, most = PLAYED.get(name, (range(2), 20))
        seeds = seeds if size == "full" else seeds[:1]
        events[name] = []
        for seed in seeds:
            found, emitted = played(name, seed, most)
            reports += found
            events[name] += emitted
    return Battery(tuple(reports), events)
