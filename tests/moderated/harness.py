"""The moderated game's test adapter: what the generic checks need to know of it (see tests/support/harness.py).

Nothing of its state is hidden (the view shows it all); what a player may not learn is another player's
orders (read back to that player alone, and never carried out by the rules: the GM reads them) and another
player's private part of the GM's results. gm_file writes the GM's results of a round as a GM might; the
check of its own, "private", varies another player's private part and finds every player's mails the same.
"""
from __future__ import annotations

import random

from games.moderated.text import toml_text
from tests.support.harness import Golden, Harness
from tests.support.hidden import Position, Tally, _where, resolved_with

PLAYERS = ("ann", "bob", "cho")
WORDS = ("march", "hold", "Kyoto", "castle", "spy", "the", "ronin", "rice", "Oda", "fleet", "é", "日本", "'''",
         '"""', "\\", "# not a comment", "'")


def some_text(rng: random.Random, lines: int = 3) -> str:
    return "\n".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
                     for _ in range(rng.randint(1, lines)))


def varied_orders(state: dict, player: str, orders: dict, rng: random.Random) -> dict:
    return {"orders": rng.choice(["", some_text(rng, 6)])}


def unexecuted(pos: Position, other: str, rng: random.Random) -> tuple[dict, str]:
    """Any orders at all: the rules carry out none of them (the GM's results are the round's inputs)."""
    text = some_text(rng)
    return {"orders": text}, f"{other}'s orders replaced by {text!r}"


def gm_file(state: dict, orders: dict, number: int, rng: random.Random) -> str:
    """The GM's results as a GM might write them: a public text, each player's private text (now and then
    empty), and now and then the end of the game with a winner or none."""
    lines = [f"round = {number}"]
    if rng.random() < 0.03:
        winners = rng.sample(state["players"], rng.randint(0, 2))
        lines += ["over = true", f"winners = [{', '.join(toml_text(w) for w in winners)}]"]
    lines += ["[public]", f"text = {toml_text(some_text(rng))}"]
    for player in state["players"]:
        lines += [f"[private.{player}]", f"text = {toml_text(some_text(rng) if rng.random() < 0.7 else '')}"]
    return "\n".join(lines) + "\n"


def check_private(pos: Position, player: str, change: int, game=None) -> Tally:
    """Another player's private part of the GM's results changed, added or emptied: the player's mails stay the
    same."""
    results = pos.round.inputs.get("gm_results")
    others = [p for p in pos.players if p != player]
    if results is None or not others:
        return Tally()
    rng = random.Random(change)
    other = rng.choice(others)
    text = rng.choice(["", some_text(rng), results["private"].get(other, "") + " and more"])
    changed = {**results, "private": {**results["private"], other: text}}
    own = pos.round.inputs["orders"][other]
    return resolved_with(pos, player, game, (other, own, f"{other}'s private results replaced by {text!r}"),
                         _where("check_private", pos, player, change), results=changed)


HARNESS = Harness(
    player_counts=(2, 3, 4, 5, 6),
    draw_options=lambda count, rng: {},
    vary_orders=varied_orders,
    unexecuted=unexecuted,
    hides_state=False,
    checks={"private": check_private},
    rotation=("events", "orders", "private", "dice"),
    scenes=(("moderated round 1", PLAYERS, 0), ("moderated over", ("ann", "bob"), None)),
    vocabulary=lambda state: (WORDS, ("orders",)),
    seed_bodies=lambda state, player: [{"orders": "march on Kyoto"}, {"orders": "a\nb\n\n\nc"}, {"orders": ""}],
    gm_file=gm_file,
    goldens=(Golden("moderated", 3, 1, 4),),
    rare_events={kind: "A Most Dangerous Time's GM's tools' results (games/amdt/results.py): the schema is shared "
                       "with amdt, and a moderated game never has them"
                 for kind in ("amdt_regroup", "amdt_reinforcements", "amdt_sea_battle", "amdt_setup",
                              "amdt_victory")},
)
