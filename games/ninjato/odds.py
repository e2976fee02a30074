"""The odds of a raid: which play beats a guard with the least waste, the chance of beating an unknown guard
with the cards left, and the chance of each way a raid as ordered ends (the acknowledgement's forecast).

Everything here is a function of what the raider may know (a view, games.ninjato.view): his hand and skills,
the guards in sight, and the box's lists (houses.unseen_guards). The carrying-out of the orders (carry.py)
decides with these same functions, so a forecast and a round tell the same rule.

- `choose_play` is the engine's choice of a fight: fewest cards, then fewest skills, then the smallest margin
  over the guard; a card the player fixed (and holds) is played as it is (kickers and the raid's skills are added only
  if it does not beat the guard alone).
- `beat_chance` is the exact chance (a Fraction) that the next guard, drawn from those still unseen, is
  beaten by the play `choose_play` would make.
- `raid_odds` follows a raid from its sentry to its end through every draw (exactly: the unseen guards are
  drawn without replacement), with the Banzai policy deciding each step. Readings: the odds count the
  unseen guards as the draw pile (a pile run out and shuffled again from its discards is not foreseen), and
  an alarm as one more plain treasure of which one turns red (the bag's own draws are not foreseen).
"""
from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from itertools import combinations

from .houses import KICKER_CARD, STEALTH, STRENGTH, beats, unseen_guards

MAX_KICKERS = 2
"""The engine adds at most this many 3s as kickers to a card (a third would never be the least waste)."""
NEVER = "never"


def _other(mode: str) -> str:
    return STEALTH if mode == STRENGTH else STRENGTH


def _with_skills(card: int, kickers: int, mode: str, tiles: list[dict], chosen: tuple[dict, ...]):
    """The total and mode of a card, its kickers and these skills, or None if a skill cannot serve."""
    mode_now = _other(mode) if any(t["effect"] == "switch" for t in chosen) else mode
    sign = 1 if mode_now == STRENGTH else -1
    total = card + sign * kickers
    uses = []
    for tile in chosen:
        if tile["effect"] == "kicker":
            total += sign
            uses.append({"skill": tile["id"], "kick": sign})
        elif tile["effect"] == "value":
            if tile["mode"] not in (mode_now, "either"):
                return None
            total += sign * tile["amount"]
            uses.append({"skill": tile["id"]})
        elif tile["effect"] == "switch":
            uses.append({"skill": tile["id"]})
        else:
            return None
    return total, mode_now, uses


def choose_play(hand: list[int], mode: str, guard: dict, tiles: list[dict], fixed: int | None = None):
    """The fight that beats `guard` with the least waste, as rounds.act takes it, and the raid's mode after it:
    (decision, mode), or None if nothing in hand (with these skill tiles, unused ones) beats it."""
    fighting = tuple((t["id"], t["effect"], t.get("mode"), t.get("amount")) for t in tiles
                     if t["effect"] in ("value", "kicker", "switch"))
    best = _best(tuple(sorted(hand)), mode, guard[STRENGTH], guard[STEALTH], fighting, fixed)
    if best is None:
        return None
    card, kickers, uses, mode_now = best
    return {"do": "fight", "card": card, "kickers": list(kickers), "skills": [dict(u) for u in uses]}, mode_now


@functools.lru_cache(maxsize=65536)
def _best(hand: tuple, mode: str, strength: int, stealth: int, fighting: tuple, fixed: int | None):
    tiles = [{"id": i, "effect": effect, "mode": tile_mode, "amount": amount}
             for i, effect, tile_mode, amount in fighting]
    guard = {STRENGTH: strength, STEALTH: stealth}
    cards = sorted(set(hand)) if fixed is None else ([fixed] if fixed in hand else [])
    best = None
    for card in cards:
        threes = list(hand)
        threes.remove(card)
        spare = min(threes.count(KICKER_CARD), MAX_KICKERS)
        for kickers in range(spare + 1):
            for size in range(len(tiles) + 1):
                for chosen in combinations(tiles, size):
                    made = _with_skills(card, kickers, mode, tiles, chosen)
                    if made is None:
                        continue
                    total, mode_now, uses = made
                    if not beats(guard, mode_now, total):
                        continue
                    margin = total - strength - 1 if mode_now == STRENGTH else stealth - 1 - total
                    key = (1 + kickers, size, margin, card, [u["skill"] for u in uses])
                    sign = 1 if mode_now == STRENGTH else -1
                    if best is None or key < best[0]:
                        best = (key, (card, (sign,) * kickers, tuple(uses), mode_now))
    return None if best is None else best[1]


def fixed_card(cards: list[int], beaten: int, hand: list[int]) -> int | None:
    """The card the order fixes for the next fight (after `beaten` guards beaten): its entry of `cards`, if
    there is one and it is in hand; else None, and the engine picks."""
    card = cards[beaten] if beaten < len(cards) else None
    return card if card in hand else None


def beat_chance(candidates: list[dict], hand: list[int], mode: str, tiles: list[dict],
                fixed: int | None = None) -> Fraction | None:
    """The chance that a guard drawn at random from `candidates` is beaten (None: there is none to draw)."""
    if not candidates:
        return None
    kinds = Counter((guard[STRENGTH], guard[STEALTH]) for guard in candidates)
    won = sum(count for (strength, stealth), count in kinds.items()
              if choose_play(hand, mode, {STRENGTH: strength, STEALTH: stealth}, tiles, fixed) is not None)
    return Fraction(won, len(candidates))


def wants_banzai(policy, chance: Fraction | None, faced: int) -> bool:
    """Whether the policy presses on: `faced` guards already faced after the sentry, `chance` the chance of
    beating the next (None: no guard is left to draw). A policy is "never", or a table of "chance" (at
    least this many percent) and/or "guards" (at most this many after the sentry)."""
    if policy == NEVER or chance is None:
        return False
    if "guards" in policy and faced >= policy["guards"]:
        return False
    return "chance" not in policy or chance * 100 >= policy["chance"]


def banzai_deck(seen: dict, house: dict) -> str:
    """The deck Banzai draws from, as the table shows it: Guards while a plain treasure is in the house, else
    Elite Guards; the other if that one and its discards are empty."""
    wanted = "guards" if any(t["side"] == "plain" for t in house["treasures"]) else "elites"
    deck = seen["decks"][wanted]
    if deck["left"] or deck["discard"]:
        return wanted
    return "elites" if wanted == "guards" else "guards"


def banzai_candidates(seen: dict, house: dict) -> list[dict]:
    """The guards Banzai may reveal, as far as the raider can tell."""
    name = banzai_deck(seen, house)
    if not seen["decks"][name]["left"]:
        return list(seen["decks"][name]["discard"])
    return unseen_guards(seen, name)


def raid_tiles(seen: dict, player: str, skills: list[str]) -> list[dict]:
    """The raider's tiles the order lets the engine use: known, ready, and named in the order's skills."""
    return [t for t in seen["ninja"][player]["skills"] if t["id"] in skills and not t["used"]]


def percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal, rounded half up: "61.2"."""
    tenths = (chance * 1000 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def _kind(guard: dict) -> tuple:
    return guard["strength"], guard["stealth"], guard["alarm"]


def _guard(kind: tuple) -> dict:
    return {"id": "unseen", "strength": kind[0], "stealth": kind[1], "alarm": kind[2]}


def raid_odds(seen: dict, player: str, action: dict, policy) -> dict:
    """How a raid as ordered ends if it began now: the chances (Fractions) of beating the house ("claim"),
    leaving ("leave") and failing ("fail"), and the treasures expected to be kept. A sentry not beaten is a
    failure at once (the carrying-out falls through to the next action then)."""
    house = seen["houses"][action["house"]]
    tiles = {t["id"]: t for t in raid_tiles(seen, player, action.get("skills", []))}
    fixed = list(action.get("cards", []))
    guards = Counter(_kind(g) for g in unseen_guards(seen, "guards"))
    elites = Counter(_kind(g) for g in unseen_guards(seen, "elites"))
    plain_count = sum(1 for t in house["treasures"] if t["side"] == "plain")
    red_count = len(house["treasures"]) - plain_count

    def ready(used: frozenset, effect: str) -> str | None:
        return next((i for i, t in sorted(tiles.items()) if t["effect"] == effect and i not in used), None)

    @functools.cache
    def fight(hand: tuple, mode: str, used: frozenset, beaten: int, plain: int, red: int, left_g: tuple,
              left_e: tuple, guard: tuple) -> tuple:
        ready_tiles = [t for i, t in sorted(tiles.items()) if i not in used]
        play = choose_play(list(hand), mode, _guard(guard), ready_tiles, fixed_card(fixed, beaten, hand))
        if play is None:
            return (Fraction(0), Fraction(0), Fraction(1), Fraction(min(beaten, 1)))
        decision, mode_now = play
        rest = list(hand)
        for value in [decision["card"]] + [KICKER_CARD] * len(decision["kickers"]):
            rest.remove(value)
        used = used | {u["skill"] for u in decision["skills"]}
        plain, red = (plain - 1, red) if plain else (plain, red - 1)
        if not plain + red:
            return (Fraction(1), Fraction(0), Fraction(0), Fraction(beaten + 1))
        return decide(tuple(rest), mode_now, used, beaten + 1, plain, red, left_g, left_e)

    @functools.cache
    def decide(hand: tuple, mode: str, used: frozenset, beaten: int, plain: int, red: int, left_g: tuple,
               left_e: tuple) -> tuple:
        leave = (Fraction(0), Fraction(1), Fraction(0), Fraction(beaten))
        pool_g, pool_e = Counter(dict(left_g)), Counter(dict(left_e))
        from_guards = bool(plain > 0 and pool_g) or not pool_e
        pool = pool_g if from_guards else pool_e
        total = sum(pool.values())
        ready_tiles = [t for i, t in sorted(tiles.items()) if i not in used]
        next_fixed = fixed_card(fixed, beaten, hand)
        beatable = {kind: choose_play(list(hand), mode, _guard(kind), ready_tiles, next_fixed) is not None
                    for kind in pool}
        chance = Fraction(sum(c for kind, c in pool.items() if beatable[kind]), total) if total else None
        peek = ready(used, "peek") if policy != NEVER else None
        if peek is None and not wants_banzai(policy, chance, beaten - 1):
            return leave
        if peek is not None and not wants_banzai({k: v for k, v in policy.items() if k != "chance"}, chance,
                                                 beaten - 1):
            return leave
        used_now = used | ({peek} if peek else set())
        result = [Fraction(0)] * 4
        for kind, count in sorted(pool.items()):
            weight = Fraction(count, total)
            if peek is not None and not beatable[kind]:
                outcome = leave
            else:
                after = Counter(pool)
                after[kind] -= 1
                after = tuple(sorted((k, c) for k, c in after.items() if c))
                silencer = ready(used_now, "ignore_alarm")
                now_used, now_red = used_now, red
                if kind[2] and silencer:
                    now_used = used_now | {silencer}
                elif kind[2]:
                    now_red = red + 1
                if not from_guards:
                    outcome = fight(hand, mode, frozenset(now_used), beaten, plain, now_red, left_g, after, kind)
                else:
                    outcome = fight(hand, mode, frozenset(now_used), beaten, plain, now_red, after, left_e, kind)
            result = [r + weight * o for r, o in zip(result, outcome)]
        return tuple(result)

    hand = tuple(sorted(seen["ninja"][player]["hand"]))
    as_items = tuple(sorted(guards.items())), tuple(sorted(elites.items()))
    claim, left, failed, kept = fight(hand, action["approach"], frozenset(), 0, plain_count, red_count,
                                      *as_items, _kind(house["sentry"]))
    return {"claim": claim, "leave": left, "fail": failed, "treasures": kept}
