"""Speed figures for Ikusa's exact battle odds and its combat. Prints them; asserts nothing.

    .venv/bin/python benchmarks/ikusa_odds.py

Each odds figure is taken in a new interpreter (nothing cached), median of a few runs:
the import of the package and the computation are timed apart.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ARMY = {"daimyo": 1, "archer": 2, "swordsman": 2, "gunner": 2, "spearman": 8}  # a full army: 15 units
CASES = [
    ("15 vs 15, castle (full armies)", ARMY, ARMY, {"fortification": "castle"}),
    ("15 vs 15 spearmen, castle", {"spearman": 15}, {"spearman": 15}, {"fortification": "castle"}),
    ("15 vs 15, fortress, naval", ARMY, ARMY, {"fortification": "fortress", "naval": True}),
    ("29 vs 38, fortress, naval (ronin to the limit, doubly held)",
     dict(ARMY, ronin=14), {"daimyo": 1, "archer": 2, "swordsman": 2, "gunner": 4, "spearman": 11, "ronin": 18},
     {"fortification": "fortress", "naval": True}),
]

ODDS = """
import time
began = time.perf_counter()
from games.ikusa.odds import battle_odds, percent
imported = time.perf_counter()
odds = battle_odds({attacker!r}, {defender!r}, **{options!r})
done = time.perf_counter()
again = battle_odds({attacker!r}, {defender!r}, **{options!r})
cached = time.perf_counter() - done
print(imported - began, done - imported, cached,
      " / ".join(percent(odds[k], 2) for k in ("attacker_wins", "defender_wins", "both_eliminated")),
      odds["attacker_wins"].denominator.bit_length())
"""


def cold_odds(attacker: dict, defender: dict, options: dict, runs: int = 3):
    results = []
    for _ in range(runs):
        script = ODDS.format(attacker=attacker, defender=defender, options=options)
        done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd=ROOT)
        fields = done.stdout.split()
        results.append((float(fields[0]), float(fields[1]), float(fields[2]), " ".join(fields[3:-1]), int(fields[-1])))
    return results


def battles(count: int = 200) -> list[float]:
    """Full 15-vs-15 castle battles with the engine's keyed dice, timed one by one."""
    from engine import Dice
    from games.ikusa.combat import fight_battle

    times = []
    for n in range(count):
        dice = Dice(bytes([n % 256]) * 32)
        began = time.perf_counter()
        fight_battle(ARMY, ARMY, dice, fortification="castle", purpose=f"battle {n}")
        times.append(time.perf_counter() - began)
    return times


def main() -> None:
    for label, attacker, defender, options in CASES:
        runs = cold_odds(attacker, defender, options)
        imports = statistics.median(r[0] for r in runs)
        compute = statistics.median(r[1] for r in runs)
        cached = statistics.median(r[2] for r in runs)
        print(f"{label}:\n    exact odds in a new process: median {compute * 1000:.0f} ms "
              f"(import {imports * 1000:.0f} ms, again from the cache {cached * 1e6:.0f} us)\n"
              f"    attacker / defender / both gone: {runs[0][3]} %   (denominator {runs[0][4]} bits)")
    times = battles()
    print(f"one 15-vs-15 castle battle fought with keyed dice: median {statistics.median(times) * 1000:.2f} ms "
          f"(max {max(times) * 1000:.2f} ms over {len(times)})")


if __name__ == "__main__":
    main()
