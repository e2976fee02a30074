"""14.3 Victory conditions of the three scenarios; the map is not in the fragment, so the caller says who holds what.

Sides are "oda" and "anti-oda". A function returns the winner, or None when
the condition names none (the game goes on, or the fragment gives no winner).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from .setup import SETUP

SIDES = ("oda", "anti-oda")
QUICK = SETUP["scenario"]["quick"]
STANDARD = SETUP["scenario"]["standard"]


def _side(side, what: str):
    if side is not None and side not in SIDES:
        raise ValueError(f"{what}: {side!r} is not a side (oda, anti-oda, or nobody)")
    return side


def quick_game_castles(oda_castles: Iterable[tuple[str, int]], oda_holds_good_fortune: bool) -> int:
    """14.3 Quick game: Oda's castles and temples of level 2 or 3 (never Azuchi), plus 1 for holding Good Fortune."""
    counted = 0
    for area, level in oda_castles:
        if level not in (1, 2, 3):
            raise ValueError(f"{area}: castle level {level!r} is not 1, 2 or 3")
        counted += level in QUICK["castle_levels"] and area not in QUICK["never_counts"]
    return counted + (QUICK["good_fortune_counts"] if oda_holds_good_fortune else 0)


def quick_game_winner(oda_castles: Iterable[tuple[str, int]], oda_holds_good_fortune: bool,
                      needed: int = QUICK["castles_needed"]) -> str:
    """14.3 Quick game, at the end of turn 10: Oda wins with `needed` (6, or a bid below it) counted castles."""
    if isinstance(needed, bool) or not isinstance(needed, int) or not 1 <= needed <= QUICK["castles_needed"]:
        raise ValueError(f"needed {needed!r}: a bid is 1 to {QUICK['castles_needed']} castles")
    return "oda" if quick_game_castles(oda_castles, oda_holds_good_fortune) >= needed else "anti-oda"


def standard_game_winner(kyoto_held_by: str | None) -> str | None:
    """14.3 Standard game, at the end of turn 30: the side holding Kyoto (None: neither does, no winner given)."""
    return _side(kyoto_held_by, "kyoto held by")


NOBUNAGA_DEATHS = (None, "battle", "illness")


def campaign_sudden_death(nobunaga_died: str | None = None, nobutada_dead: bool = False) -> str | None:
    """14.3 Campaign: Anti-Oda wins at once if Nobunaga dies in battle (not of illness) or Nobutada dies."""
    if nobunaga_died not in NOBUNAGA_DEATHS:
        raise ValueError(f"nobunaga_died {nobunaga_died!r} is not one of {NOBUNAGA_DEATHS}")
    return "anti-oda" if nobunaga_died == "battle" or nobutada_dead else None


def campaign_winner(playable_areas: Mapping[str, str | None], nobunaga_died: str | None = None,
                    nobutada_dead: bool = False) -> str | None:
    """14.3 Campaign: a sudden death first; otherwise the side holding every playable area (area -> holder,
    None for neutral), or None while neither does."""
    if (winner := campaign_sudden_death(nobunaga_died, nobutada_dead)) is not None:
        return winner
    if not playable_areas:
        raise ValueError("the playable areas are the map's, which the caller gives: none were given")
    holders = {_side(holder, area) for area, holder in playable_areas.items()}
    return holders.pop() if len(holders) == 1 and None not in holders else None


def scenario_over(scenario: str, turn: int) -> bool:
    """14.3: the quick game ends after turn 10, the standard after turn 30; the campaign has no last turn."""
    if scenario not in SETUP["scenario"]:
        raise ValueError(f"scenario {scenario!r} is not one of {sorted(SETUP['scenario'])}")
    last = SETUP["scenario"][scenario].get("last_turn")
    return last is not None and turn >= last
