"""Every mistake at once, and only real ones: valid ranked lists of seeded games (the computer player's, the
order form's, and longer lists of castles still open, which the check accepts) take one to three independent
mistakes planted from a catalogue (a misspelt castle, a name like no castle, a list longer than the castles, an
entry or a list of the wrong type, a missing key, an unknown key, and the illegal choices: a secured castle, a
castle listed twice, an entry after "auto"); the one answer names exactly those mistakes, each at its field.

A mistake is independent when no other planting touches what it leans on: a castle listed twice copies an
entry nobody changes, an entry after "auto" follows an "auto" nobody changes. The whole list's mistakes (its
type, its length, its absence) take the list as their site, so they go with an unknown key only."""
from __future__ import annotations

import random
import tomllib
from collections import Counter
from functools import cache

from engine.dice import Dice
from games import get
from games.age_of_war.cards import CASTLES
from games.age_of_war.targets import AUTO

GAME = get("age-of-war")
GAMES = (("ann", "bob"), ("ann", "bob", "cho"), ("ann", "bob", "cho", "dan", "eve"))


@cache
def positions() -> tuple[tuple[dict, str, dict], ...]:
    """(state, player, a valid order body as the player's file reads) at the start of rounds of seeded games:
    the computer player's orders, the order form's, and a ranked list of open castles (now and then ending in
    "auto")."""
    found, rng = [], random.Random("age of war positions")
    for number, players in enumerate(GAMES):
        dice = Dice(f"planted {number}".encode())
        state, _ = GAME.setup(list(players), {}, dice)
        for _ in range(40):
            if state["over"]:
                break
            orders = {}
            for player in players:
                computer = GAME.computer_orders(GAME.view(state, player), player)
                open_castles = [name for name, card in state["castles"].items() if not card["secured"]]
                ranked = rng.sample(open_castles, rng.randint(1, min(6, len(open_castles))))
                form = tomllib.loads(GAME.order_form(GAME.view(state, player), player)["orders"])
                for orders_now in (computer, form, {"targets": ranked + ([AUTO] if rng.random() < 0.5 else [])}):
                    found.append((state, player, tomllib.loads(GAME.format_orders(orders_now))))
                orders[player] = computer
            state, _ = GAME.resolve(state, orders, dice)
    return tuple(found)


def misspelt(name: str, rng: random.Random) -> str:
    """The name with two neighbouring letters swapped, or one doubled: close to it, and no name at all."""
    i = rng.randrange(1, len(name) - 1)
    if name[i] != name[i + 1] and rng.random() < 0.5:
        return name[:i] + name[i + 1] + name[i] + name[i + 2:]
    return name[:i] + name[i] + name[i:]


# --- the catalogue: each plants a mistake at an entry site and says the code it must give, or None ------------

def misspelt_castle(state, player, targets, i, keep, rng):
    if targets[i] != AUTO:
        targets[i] = misspelt(targets[i], rng)
        return "misspelt-castle"


def misspelt_auto(state, player, targets, i, keep, rng):
    if targets[i] == AUTO:
        targets[i] = rng.choice(("atuo", "autoo", "aut0", "Auot"))
        return "misspelt-castle"


def unknown_castle(state, player, targets, i, keep, rng):
    targets[i] = rng.choice(("Osaka", "Qwxz", "", " ", "!!!", "Nagoya Station"))
    return "unknown-castle"


def entry_of_wrong_type(state, player, targets, i, keep, rng):
    targets[i] = rng.choice((3, 2.5, True, ["Gifu"], {"castle": "Gifu"}))
    return "target-not-a-name"


def secured_castle(state, player, targets, i, keep, rng):
    secured = [name for name, card in state["castles"].items() if card["secured"]]
    if secured:
        name = rng.choice(secured)
        targets[i] = name.upper() if rng.random() < 0.5 else name
        return "castle-secured-yours" if state["castles"][name]["holder"] == player else "castle-secured"


def listed_twice(state, player, targets, i, keep, rng):
    earlier = [j for j in range(i) if j in keep and targets[j] != AUTO]
    if earlier and targets[i] != AUTO:
        j = rng.choice(earlier)
        keep.discard(j)   # copied: nobody may change it now
        targets[i] = targets[j].lower()
        return "listed-twice"


ENTRY_MISTAKES = (misspelt_castle, misspelt_auto, unknown_castle, entry_of_wrong_type, secured_castle,
                  listed_twice)


def after_auto(state, player, body, targets, keep, rng):
    """An open castle not listed, after the list's last entry "auto" (which nobody may change now)."""
    last = len(targets) - 1
    listed = {t for t in targets if isinstance(t, str)}
    open_castles = [name for name, card in state["castles"].items() if not card["secured"] and name not in listed]
    if targets[last] == AUTO and last in keep and open_castles:
        keep.discard(last)
        targets.append(rng.choice(open_castles))
        return f"targets[{last + 1}]", "after-auto"


def unknown_key(state, player, body, targets, keep, rng):
    key = rng.choice(("attack", "target", "castles", "auto"))
    body[key] = rng.choice((["Gifu"], "Edo", 3))
    return key, "unknown-order"


def targets_missing(state, player, body, targets, keep, rng):
    del body["targets"]
    return "targets", "no-targets"


def targets_of_wrong_type(state, player, body, targets, keep, rng):
    body["targets"] = rng.choice((targets[0], [], {"first": "Gifu"}, 7))
    return "targets", "targets-not-a-list"


def too_many_targets(state, player, body, targets, keep, rng):
    body["targets"] = (list(CASTLES) + [AUTO]) * rng.randint(1, 3) + targets
    return "targets", "too-many-targets"


WHOLE_LIST_MISTAKES = (targets_missing, targets_of_wrong_type, too_many_targets)
CATALOGUE = {m.__name__ for m in ENTRY_MISTAKES + WHOLE_LIST_MISTAKES + (after_auto, unknown_key)}


def plant(state: dict, player: str, body: dict, count: int, rng: random.Random) -> tuple[list, list[str]]:
    """Plant `count` mistakes (fewer if the body has fewer sites that take one) into `body`, changed in place:
    the sorted (field, code) each must give, and the mistakes' names."""
    targets = body["targets"]
    keep = set(range(len(targets)))   # entries nothing has changed or leant on
    expected, planted = [], []
    sites = [("entry", i) for i in range(len(targets))] + [("after auto",), ("key",), ("list",)]
    rng.shuffle(sites)
    list_taken = False
    for site in sites:
        if len(planted) == count:
            break
        if site[0] == "entry":
            i = site[1]
            if i not in keep or list_taken:
                continue
            keep.discard(i)
            for mistake in rng.sample(ENTRY_MISTAKES, len(ENTRY_MISTAKES)):
                code = mistake(state, player, targets, i, keep, rng)
                if code:
                    expected.append((f"targets[{i}]", code))
                    planted.append(mistake.__name__)
                    break
            continue
        if site[0] == "list":
            if keep != set(range(len(targets))) or planted and planted != ["unknown_key"]:
                continue   # the whole list's mistake would hide those planted in it
            mistake = rng.choice(WHOLE_LIST_MISTAKES)
            list_taken = True
        elif site[0] == "after auto":
            if list_taken:
                continue
            mistake = after_auto
        else:
            mistake = unknown_key
        found = mistake(state, player, body, targets, keep, rng)
        if found:
            expected.append(found)
            planted.append(mistake.__name__)
    return sorted(expected), planted


def trial(rng: random.Random, tally: Counter) -> None:
    state, player, valid = rng.choice(positions())
    assert GAME.check_orders(state, player, valid).accepted, valid
    body = tomllib.loads(GAME.format_orders(valid))   # a copy
    expected, planted = plant(state, player, body, rng.randint(1, 3), rng)
    told = GAME.check_orders(state, player, body).problems
    assert sorted((p.field, p.code) for p in told) == expected, (planted, body, [p.message for p in told])
    tally["compared"] += len(expected)
    tally.update(planted)


def test_one_to_three_mistakes_planted_in_valid_ranked_lists_give_exactly_those_problems_at_their_fields():
    tally: Counter = Counter()
    rng = random.Random("age of war planted mistakes")
    for _ in range(1500):
        trial(rng, tally)
    assert tally["compared"] > 1500, tally
    assert set(tally) - {"compared"} == CATALOGUE, f"never planted: {CATALOGUE - set(tally)}"
    assert min(tally[name] for name in CATALOGUE) >= 20, tally


def test_the_seeded_games_reach_secured_castles_of_the_player_and_of_others():
    yours = others = 0
    for state, player, _body in positions():
        secured = [card["holder"] for card in state["castles"].values() if card["secured"]]
        yours += player in secured
        others += any(holder != player for holder in secured)
    assert yours > 10 and others > 10, (yours, others)
