"""A Most Dangerous Time's test adapter: the moderated game's (tests/moderated/harness.py), for its two players.

The game is the moderated game under another name (games.moderated.moderated_game): the same orders, GM's
results, reports and hidden information, so the same adapter, drawn at two players, with its own scenes and
golden; its GM's results add now and then the GM's tools' results (games/amdt/results.py) as the tools write
them, their dice drawn from the adapter's random numbers, so that the battery and the hidden-information checks
see every kind of them.
"""
from __future__ import annotations

import random
from dataclasses import replace

from games.amdt import results as tools
from games.amdt.sea import fight_sea_battle
from tests.moderated.harness import HARNESS as MODERATED
from tests.support.harness import Golden

AREAS = ("gifu", "kyoto", "azuchi", "nagashima", "ishiyama", "odani")


class DrawnDice:
    """Dice drawn from the adapter's random numbers, numbered as rolls on demand are (`made`, each a "seq")."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.made = rng, []

    def roll(self, sides: int, purpose: str) -> int:
        return self.roll_dice(1, sides, purpose)[0]

    def roll_dice(self, count: int, sides: int, purpose: str, at_least: int | None = None) -> list[int]:
        self.made.append({"seq": len(self.made)})
        return [self.rng.randint(1, sides) for _ in range(count)]


def tool_entry(state: dict, rng: random.Random) -> dict:
    """One tool's result, as the tool would write it in this state."""
    kind = rng.choice(tools.KINDS)
    dice = DrawnDice(rng)
    track = tools.track_from_state(state.get("track", tools.initial_track()))
    if kind == "sea-battle":
        attacker, defender = rng.randint(1, 6), rng.randint(1, 6)
        murakami, iron_ship = rng.choice([None, "attacker", "defender"]), rng.choice([None, "defender"])
        battle = fight_sea_battle(attacker, defender, dice, murakami=murakami, iron_ship=iron_ship, purpose="bay")
        return tools.sea_battle_entry(rng.choice(["Osaka Bay", "Ise Bay", "la bahía"]), attacker, defender,
                                      murakami, iron_ship, battle, dice.made)
    if kind == "reinforcements" and track:
        turn = rng.randint(1, min(arrival.turn for arrival in track.values()))
        how = rng.choice(["none", "accelerate", "exile", "card"])
        return tools.play_reinforcements(track, turn, dice, accelerate=rng.choice(sorted(track)) if how ==
                                         "accelerate" else None, exile=how in ("exile", "card"),
                                         by_event_card=how == "card", ikko_ikki_in_box=rng.randint(0, 14),
                                         purpose=rng.choice(["", "an event"]))[0]
    if kind == "victory":
        scenario = rng.choice(["quick", "standard", "campaign"])
        if scenario == "quick":
            castles = {area: rng.randint(1, 3) for area in rng.sample(AREAS, rng.randint(0, 6))}
            good_fortune, needed = rng.random() < 0.5, rng.randint(1, 6)
            counted = tools.victory_rules.quick_game_castles(list(castles.items()), good_fortune)
            winner = tools.victory_rules.quick_game_winner(list(castles.items()), good_fortune, needed)
            return {"kind": "victory", "scenario": "quick", "castles": castles, "good_fortune": good_fortune,
                    "needed": needed, "counted": counted, "winner": winner}
        if scenario == "standard":
            kyoto = rng.choice(["oda", "anti-oda", "neutral"])
            return {"kind": "victory", "scenario": "standard", "kyoto": kyoto,
                    "winner": "none" if kyoto == "neutral" else kyoto}
        died, dead = rng.choice([None, "battle", "illness"]), rng.random() < 0.2
        areas = {area: rng.choice(["oda", "anti-oda", "neutral"]) for area in rng.sample(AREAS, rng.randint(0, 3))}
        held = {area: None if side == "neutral" else side for area, side in areas.items()}
        winner = (tools.victory_rules.campaign_winner(held, died, dead) if areas
                  else tools.victory_rules.campaign_sudden_death(died, dead))
        return {"kind": "victory", "scenario": "campaign", **({"nobunaga_died": died} if died else {}),
                "nobutada_dead": dead, **({"areas": areas} if areas else {}), "winner": winner or "none"}
    if kind == "setup":
        return {"kind": "setup"}
    areas, box, on_map = rng.randint(0, 40), rng.randint(0, 15), rng.randint(0, 80)
    found = tools.regroup_rules.regroup(areas, box, on_map)
    return {"kind": "regroup", "clan": rng.choice(["takeda", "uesugi", "mori"]), "areas": areas, "box": box,
            "on_map": on_map, **{key: found[key] for key in ("rating", "cap", "may_return")}}


def gm_file(state: dict, orders: dict, number: int, rng: random.Random) -> str:
    """The moderated game's GM's results, and now and then a tool's result or two after them."""
    text = MODERATED.gm_file(state, orders, number, rng)
    entries, kept = [], state
    for _ in range(rng.choice([0, 0, 1, 2])):
        entries.append(tool_entry(kept, rng))
        kept = {**kept, "track": tools.track_after(kept.get("track", tools.initial_track()), entries[-1:])}
    return text + "".join("\n" + tools.entry_text(entry, "a test's") for entry in entries)


HARNESS = replace(
    MODERATED,
    player_counts=(2,),
    scenes=(("amdt round 1", ("ann", "bob"), 0), ("amdt over", ("ann", "bob"), None)),
    goldens=(Golden("amdt", 2, 1, 4),),
    gm_file=gm_file,
    rare_events={},
)
