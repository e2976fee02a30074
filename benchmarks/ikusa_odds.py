"""Speed figures for Ikusa's exact battle odds and its combat. Prints them; asserts nothing.

    .venv/bin/python benchmarks/ikusa_odds.py

Each odds figure is taken in a new interpreter, median of a few runs, in wall time and in CPU time
(time.process_time: the machine is shared, and wall time counts the others' work too). "cold" is
the first call in the process (the import timed apart); "warm" computes the same battle again with
the result cache emptied (the sides' casualty tracks and hit weights stay cached), "cached" is
the result cache. The largest battles:
- 29 v 38, the issue's case: a full army and its 14 ronin against a doubly-held province (an army
  and a provincial force, 20 regular units and 18 ronin), a fortress, by sea. It is not legal: the
  supply holds 30 ronin, and it takes 32.
- the worst legal case found by searching 1,728 legal forces (benchmarks/ikusa_odds.py --search):
  the 30 ronin split 14 + 16, and nine swordsmen and nine gunners defending, whose many different
  dice make the exact fractions longest (a common denominator of about 40,000 bits against 27,000).
"""
from __future__ import annotations

import itertools
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ARMY = {"daimyo": 1, "archer": 2, "swordsman": 2, "gunner": 2, "spearman": 8}  # a full army: 15 units
WORST_LEGAL = ({"daimyo": 1, "archer": 4, "gunner": 9, "spearman": 1, "ronin": 14},
               {"daimyo": 1, "swordsman": 9, "gunner": 9, "spearman": 1, "ronin": 16})
TARGET_MS = 200   # the largest legal battle, cold
CASES = [
    ("15 vs 15, castle (full armies)", ARMY, ARMY, {"fortification": "castle"}),
    ("15 vs 15 spearmen, castle", {"spearman": 15}, {"spearman": 15}, {"fortification": "castle"}),
    ("15 vs 15, fortress, naval", ARMY, ARMY, {"fortification": "fortress", "naval": True}),
    ("29 vs 38, fortress, naval (the issue's case: 32 ronin, two more than the supply)",
     dict(ARMY, ronin=14), {"daimyo": 1, "archer": 2, "swordsman": 2, "gunner": 4, "spearman": 11, "ronin": 18},
     {"fortification": "fortress", "naval": True}),
    ("29 vs 36, fortress, naval (the worst legal case found)", *WORST_LEGAL,
     {"fortification": "fortress", "naval": True}),
]

ODDS = """
import time
clocks = (time.perf_counter, time.process_time)
began = [c() for c in clocks]
from games.ikusa import odds as module
from games.ikusa.odds import battle_odds, percent
imported = [c() for c in clocks]
odds = battle_odds({attacker!r}, {defender!r}, **{options!r})
done = [c() for c in clocks]
battle_odds({attacker!r}, {defender!r}, **{options!r})
cached = [c() for c in clocks]
module._odds.cache_clear()
battle_odds({attacker!r}, {defender!r}, **{options!r})
warm = [c() for c in clocks]
print(*(b - a for a, b in zip(began, imported)), *(b - a for a, b in zip(imported, done)),
      *(b - a for a, b in zip(done, cached)), *(b - a for a, b in zip(cached, warm)),
      module._big_integer().__name__ if module._big_integer.cache_info().currsize else 'int',
      odds["attacker_wins"].denominator.bit_length(),
      " / ".join(percent(odds[k], 2) for k in ("attacker_wins", "defender_wins", "both_eliminated")))
"""


def cold_odds(attacker: dict, defender: dict, options: dict, runs: int = 3) -> list[dict]:
    results = []
    for _ in range(runs):
        script = ODDS.format(attacker=attacker, defender=defender, options=options)
        done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, cwd=ROOT)
        fields = done.stdout.split()
        times = [float(f) for f in fields[:8]]
        results.append({"import": times[0:2], "cold": times[2:4], "cached": times[4:6], "warm": times[6:8],
                        "integers": fields[8], "bits": int(fields[9]), "odds": " ".join(fields[10:])})
    return results


def median_ms(runs: list[dict], key: str) -> str:
    wall, cpu = (statistics.median(r[key][i] for r in runs) * 1000 for i in (0, 1))
    return f"{wall:.0f} ms ({cpu:.0f} ms CPU)"


def search() -> None:
    """The legal forces whose exact odds cost most, by a count of the big products times their length."""
    from math import lcm

    from games.ikusa import odds as module
    from games.ikusa.units import check_priority

    default = check_priority(None, "priority")

    def cost(attacker: dict, defender: dict) -> tuple[int, int, int]:
        a = module._side_points(tuple(module.check_force(attacker, "a").values()), 0, None, default)
        d = module._side_points(tuple(module.check_force(defender, "d").values()), 5, "ronin", default)
        end_a, end_d = len(a) - 1, len(d) - 1
        levels: dict[int, set[int]] = {}
        for i, j in itertools.product(range(end_a), range(end_d)):
            dice = a[i].round_dice + d[j].round_dice
            levels.setdefault(dice, set()).add(12 ** dice - a[i].round_misses * d[j].round_misses)
        bits = sum(lcm(*level).bit_length() for level in levels.values())
        products = 0
        for phase in (0, 1):
            for i, j in itertools.product(range(end_a), range(end_d)):
                products += 2 * (max(0, min(len(d[j].weights[phase]), end_a - i) - 1)
                                 + max(0, min(len(a[i].weights[phase]), end_d - j) - 1))
            for i in range(end_a - 1):
                if module._lost_dice(a[i].groups[phase], a[i + 1].groups[phase]) != (1,):
                    products += 3 * (end_a - i - 1) * (end_d + 1)
        return bits * products, bits, products

    def army(archers, gunners, ronin):
        return {"daimyo": 1, "archer": archers, "swordsman": 4 - archers, "gunner": gunners,
                "spearman": 10 - gunners, "ronin": ronin}

    provinces = [{"spearman": 5}, {"swordsman": 5}, {"archer": 5}, {"gunner": 5}, {"swordsman": 2, "spearman": 3},
                 {"archer": 1, "swordsman": 2, "gunner": 1, "spearman": 1}]
    found = []
    for archers, gunners, ronin in itertools.product((0, 2, 4), (0, 2, 5, 9), (14, 13, 12)):
        for d_archers, d_gunners, province in itertools.product((0, 2, 4), (0, 4, 9), provinces):
            defender = army(d_archers, d_gunners, min(18, 30 - ronin))
            for kind, count in province.items():
                defender[kind] += count
            if max(defender["archer"], defender["swordsman"], defender["gunner"]) <= 9:   # 9 figures a colour
                found.append((cost(army(archers, gunners, ronin), defender), army(archers, gunners, ronin), defender))
    found.sort(key=lambda item: -item[0][0])
    print(f"{len(found)} legal battles (an army with its ronin against an army and a provincial force, "
          "30 ronin in all, a fortress, by sea); the costliest by products x bits:")
    for (_, bits, products), attacker, defender in found[:5]:
        print(f"  {bits} bits x {products} products: {attacker} against {defender}")


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
    if "--search" in sys.argv:
        search()
        return
    for label, attacker, defender, options in CASES:
        runs = cold_odds(attacker, defender, options)
        target = f"   target <= {TARGET_MS} ms" if "legal" in label else ""
        print(f"{label}:\n    cold: {median_ms(runs, 'cold')}{target}\n"
              f"    warm (result cache emptied): {median_ms(runs, 'warm')}; cached: "
              f"{statistics.median(r['cached'][0] for r in runs) * 1e6:.0f} us; import {median_ms(runs, 'import')}\n"
              f"    attacker / defender / both gone: {runs[0]['odds']} %   (denominator {runs[0]['bits']} bits, "
              f"{'GMP' if runs[0]['integers'] == 'mpz' else 'Python'} integers)")
    times = battles()
    print(f"one 15-vs-15 castle battle fought with keyed dice: median {statistics.median(times) * 1000:.2f} ms "
          f"(max {max(times) * 1000:.2f} ms over {len(times)})")


if __name__ == "__main__":
    main()
