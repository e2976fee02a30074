"""Speed and size of Ikusa's maps (issue 13): every player's map of a busy 5-player round, as SVG and PNG.

    .venv/bin/python benchmarks/ikusa_maps.py [--games N]

Plays 5-player games of computer players in memory (as pbem resolves them) and, for each round with 20 or
more battles, draws the five players' maps from the views and events their reports are made of: the model,
the SVG from the template, the PNG from the SVG. Prints the median time of the five maps together (wall time
and process time: the machine is shared) against the target, as pbem draws them (a PNG already drawn for the
same SVG is not drawn again) and with every PNG drawn afresh, how many distinct SVGs a round has, the
sizes, and the size of each player's report mail as pbem makes it (the text, the page with the map inline,
the JSON gzipped, the PNG), whole and part by part. Asserts nothing.
"""
from __future__ import annotations

import hashlib
import json
import re
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import dice as dice_module  # noqa: E402
from engine.dice import Dice  # noqa: E402
from engine.events import for_player  # noqa: E402
from engine.game import players_to_order  # noqa: E402
from games import get  # noqa: E402
from games.ikusa.picture import map_model  # noqa: E402
from pbem import pictures, render  # noqa: E402
from pbem.campaign import Player  # noqa: E402
from pbem.rounds import compute_round, report_mail  # noqa: E402

NAMES = ["p1", "p2", "p3", "p4", "p5"]
TARGET_MS = 250
TARGET_KB = 300   # a 5-player report mail with its map and JSON
BUSY = 20   # battles in a round
ROUND = 5   # the title's round: any, the figures do not depend on it


@dataclass(frozen=True)
class Bench:
    """The little of a campaign that compute_round and the report mail read."""

    name: str = "bench"
    game: object = get("ikusa")
    player_names: tuple = tuple(NAMES)
    gm: str = "gm@bench.invalid"

    def player(self, name: str) -> Player:
        return Player(name, f"{name}@bench.invalid")


def busy_rounds(seed: int, rounds: int = 40):
    """(state, events, mail sizes) after each round of a computer game with at least BUSY battles: each player's
    report mail made as pbem makes it (text, page with the map inline, JSON gzipped, PNG)."""
    game = get("ikusa")
    secret = hashlib.sha256(f"maps {seed}".encode()).digest()
    state, _ = game.setup(NAMES, {}, Dice.for_round(dice_module.round_seed(secret, 0), {}))
    for number in range(1, rounds + 1):
        if game.is_over(state):
            return
        orders = {p: game.computer_orders(game.view(state, p), p) for p in players_to_order(game, state, NAMES)}
        before = state
        state, events = game.resolve(state, orders, Dice.for_round(dice_module.round_seed(secret, number), {}))
        if sum(1 for ev in events if ev["kind"] == "battle_started") >= BUSY:
            yield state, events, mail_sizes(number, orders, before, secret)


def mail_sizes(number: int, orders: dict, before: dict, secret: bytes) -> list[dict]:
    """Each player's report mail of the round, in bytes, whole and part by part as it goes (encoded)."""
    inputs = {"round": number, "orders": orders, "defaulted": [], "nonces": {}, "resolved_at": "2026-01-01T00:00:00Z",
              "deadline": "2026-01-03T00:00:00Z", "rerun": None}
    files = compute_round(Bench(), number, inputs, before, "0" * 64, secret)
    record = json.loads(files["round.json"])
    sizes = []
    for player in NAMES:
        reports = {suffix: files[f"reports/{player}.{suffix}"] for suffix in ("txt", "json", "html", "png")}
        _, mail = report_mail(Bench(), player, number, record, reports["txt"], reports["json"], reports["html"],
                              png=reports["png"])
        sizes.append({"mail": len(mail), **{f"{kind} as sent": n for kind, n in sent_parts(mail).items()},
                      **{suffix: len(data) for suffix, data in reports.items()}})
    return sizes


def sent_parts(mail: bytes) -> dict[str, int]:
    """The bytes each leaf part of a mail takes as sent (its head and its encoded body), by content type."""
    sizes = {}
    for part in re.split(rb"\r\n--pbem-[0-9a-f]{32}(?:--)?\r\n", mail)[1:]:
        kind = re.match(rb"Content-Type: ([\w/.+-]+)", part)
        if kind and not kind.group(1).startswith(b"multipart/"):
            sizes[kind.group(1).decode()] = len(part)
    return sizes


def draw_all(seen: dict, fresh: bool) -> tuple[list[str], list[bytes]]:
    """Every player's map from (view, events) as the report has them already."""
    svgs, pngs = [], []
    if fresh:
        pictures.svg_to_png.cache_clear()
    for player in NAMES:
        model = map_model(*seen[player], player)
        svg = render.render("ikusa/picture.svg.j2", picture=model, round=ROUND)
        svgs.append(svg)
        pngs.append(pictures.svg_to_png.__wrapped__(svg) if fresh else pictures.svg_to_png(svg))
    return svgs, pngs


def timed(seen: dict, fresh: bool) -> tuple[float, float, list[str], list[bytes]]:
    began, cpu = time.perf_counter(), time.process_time()
    svgs, pngs = draw_all(seen, fresh)
    return time.perf_counter() - began, time.process_time() - cpu, svgs, pngs


def main() -> None:
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 2
    game = get("ikusa")
    played = [(state, events, mails) for seed in range(games) for state, events, mails in busy_rounds(seed)]
    rounds = [{p: (game.view(state, p), for_player(events, p)) for p in NAMES} for state, events, _ in played]
    mails = [mail for _, _, sizes in played for mail in sizes]
    if not rounds:
        print("no round with", BUSY, "or more battles")
        return
    draw_all(rounds[0], fresh=True)   # templates compiled, shapes and fonts loaded
    fresh, cached, distinct, svg_sizes, png_sizes, svg_times = [], [], [], [], [], []
    for seen in rounds:
        wall, cpu, svgs, pngs = timed(seen, fresh=True)
        fresh.append((wall, cpu))
        pictures.svg_to_png.cache_clear()
        wall, cpu, svgs, pngs = timed(seen, fresh=False)
        cached.append((wall, cpu))
        distinct.append(len(set(svgs)))
        svg_sizes += [len(s.encode("utf-8")) for s in svgs]
        png_sizes += [len(p) for p in pngs]
        cpu = time.process_time()
        for player in NAMES:
            render.render("ikusa/picture.svg.j2", picture=map_model(*seen[player], player), round=ROUND)
        svg_times.append(time.process_time() - cpu)
    ms = lambda values: statistics.median(values) * 1000  # noqa: E731
    print(f"{len(rounds)} rounds with {BUSY} or more battles, 5 players, from {games} computer games")
    print(f"five maps (SVG and PNG), as pbem draws them: median {ms(w for w, _ in cached):.0f} ms "
          f"(process time {ms(c for _, c in cached):.0f} ms; target {TARGET_MS} ms); "
          f"distinct SVGs a round: median {statistics.median(distinct):.0f}, max {max(distinct)}")
    print(f"five maps with every PNG drawn afresh: median {ms(w for w, _ in fresh):.0f} ms "
          f"(process time {ms(c for _, c in fresh):.0f} ms)")
    print(f"the five SVGs alone (model and template): median {ms(svg_times):.0f} ms process time")
    print(f"SVG: median {statistics.median(svg_sizes) / 1000:.1f} KB, max {max(svg_sizes) / 1000:.1f} KB; "
          f"PNG: median {statistics.median(png_sizes) / 1000:.1f} KB, max {max(png_sizes) / 1000:.1f} KB")
    kb = lambda key: (f"median {statistics.median(m.get(key, 0) for m in mails) / 1000:.0f} KB, "  # noqa: E731
                      f"max {max(m.get(key, 0) for m in mails) / 1000:.0f} KB")
    print(f"report mail with the map and the JSON ({len(mails)} mails): {kb('mail')} (target {TARGET_KB} KB); "
          f"as sent: text {kb('text/plain as sent')}, page with the map inline {kb('text/html as sent')}, "
          f"JSON gzipped {kb('application/gzip as sent')} (unpacked {kb('json')}), PNG {kb('image/png as sent')}")


if __name__ == "__main__":
    main()
