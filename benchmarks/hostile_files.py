"""The cost of reading the worst order files anybody can send (issue 11: every order file up to the size limit
is read in under 1 s and 200 MB, before and after its token is checked).

    .venv/bin/python benchmarks/hostile_files.py

Builds order files of just under the size limit, each shaped to cost one part of the reader dear (dotted keys
at and over the limit, long words, deep nesting, many keys, tables, inline tables, arrays, strings, escapes,
comments), reads each as the inbox does (`read_orders` with the token required) for both games, and prints the
time and the peak memory of each. Exits 1 when any file takes 1 s or more, or 200 MB or more.
"""
from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pbem.orders import MAX_BYTES, MAX_DEPTH, MAX_KEY_PARTS, OrdersRejected, read_orders  # noqa: E402
from tests.conftest import make_campaign  # noqa: E402

HEAD = 'round = 1\nplayer = "ann"\ntoken = "wrong"\n'


def filled(piece: str, head: str = HEAD, tail: str = "") -> str:
    """As many copies of a piece as fit in the size limit."""
    room = MAX_BYTES - len(head) - len(tail) - 1
    return head + piece * (room // len(piece)) + tail


def lines(generated) -> str:
    """As many whole lines as fit in the size limit."""
    text = HEAD
    for line in generated:
        if len(text) + len(line) + 1 > MAX_BYTES:
            break
        text += line + "\n"
    return text


def cases() -> dict[str, str]:
    dotted = ".".join(["a"] * (MAX_KEY_PARTS - 1))   # with its first part, at the limit
    return {
        "one dotted key of 32,000 parts": HEAD + ".".join(["a"] * 32_000)[: MAX_BYTES - 60] + " = 1\n",
        "dotted keys at the limit": filled("".join(f"k{i}.{dotted} = 1\n" for i in range(50))),
        "dotted table headers at the limit": filled("".join(f"[h{i}.{dotted}]\n" for i in range(50))),
        "one word of 64 KB": HEAD + "k" * (MAX_BYTES - 60) + " = 1\n",
        "nesting at the limit, many times": lines(f"x{i} = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
                                                  for i in range(10_000)),
        "nesting far over the limit": HEAD + "x = " + "[" * 30_000 + "]" * 30_000 + "\n",
        "many keys": lines(f"k{i} = {i}" for i in range(20_000)),
        "many tables": lines(f"[t{i}]" for i in range(20_000)),
        "many dotted keys into one table": lines(f"t.k{i} = {i}" for i in range(20_000)),
        "many inline tables": filled("{a = 1}, ", head=HEAD + "x = [", tail="]\n"),
        "many small arrays": filled("[1], ", head=HEAD + "x = [", tail="]\n"),
        "a string of 64 KB": filled("a", head=HEAD + 'x = "', tail='"\n'),
        "a string of escapes": filled("\\u00e9", head=HEAD + 'x = "', tail='"\n'),
        "many comments": filled("# a.b.c.d.e [[[[ \"\n"),
        "an unclosed string": HEAD + 'x = """' + "a.b" * 20_000,
        "targets with 10,000 castles": filled('"Gifu", ', head=HEAD + "targets = [", tail="]\n"),
    }


def read(campaign, data: bytes) -> str:
    try:
        read_orders(campaign, data, "hostile.toml", require_token=True)
        return "accepted"
    except OrdersRejected as rejected:
        return rejected.problems[0].code


def main() -> int:
    worst = 0.0, 0
    failed = []
    with tempfile.TemporaryDirectory() as root:
        campaigns = [make_campaign(Path(root) / game, game=game) for game in ("age-of-war", "ikusa")]
        print(f"{'order file':<36} {'game':<11} {'bytes':>7} {'seconds':>8} {'peak MB':>8}  outcome")
        for name, text in cases().items():
            data = text.encode()
            assert len(data) <= MAX_BYTES, name
            for campaign in campaigns:
                began = time.perf_counter()
                outcome = read(campaign, data)
                seconds = time.perf_counter() - began
                tracemalloc.start()   # a second reading for the memory: tracing slows it several times
                read(campaign, data)
                peak = tracemalloc.get_traced_memory()[1] / 2**20
                tracemalloc.stop()
                worst = max(worst[0], seconds), max(worst[1], peak)
                if seconds >= 1 or peak >= 200:
                    failed.append(f"{name} ({campaign.game_name})")
                print(f"{name:<36} {campaign.game_name:<11} {len(data):>7} {seconds:>8.3f} {peak:>8.1f}  {outcome}")
    print(f"\n{len(cases()) * 2} files read; slowest {worst[0]:.3f} s, most memory {worst[1]:.1f} MB "
          "(tracemalloc peak, the Python heap)")
    for name in failed:
        print(f"OVER THE LIMIT: {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
