"""Every mistake at once, and only real ones: a moderated game's orders are free text for the GM, but the file
still has a shape (the one key `orders`, a text, at most so many characters and lines). Into valid order files
of seeded games (the computer player's, and texts as players write them) one to three independent mistakes are
planted from a catalogue (a misspelt key, an unknown key, a text of the wrong type, a text out of range in its
characters, in its lines, or in both); the one answer names exactly those mistakes, each at its field.

A missing `orders` is no mistake here: a file without it, like an empty text, says the player has nothing to
order this round (games/moderated/orders.py reads it as ""), so the catalogue has no missing key."""
from __future__ import annotations

import random
import tomllib
from collections import Counter
from functools import cache

from engine.dice import Dice
from games import get
from games.moderated.orders import KEY, MAX_CHARACTERS, MAX_LINES
from tests.moderated.harness import some_text

GAME = get("moderated")
GAMES = (("ann", "bob"), ("ann", "bob", "cho"), tuple(f"p{n}" for n in range(7)))


@cache
def positions() -> tuple[tuple[dict, str, dict], ...]:
    """(state, player, a valid order body as the player's file reads) at the start of rounds of seeded games."""
    found, rng = [], random.Random("moderated positions")
    for number, players in enumerate(GAMES):
        dice = Dice(f"planted {number}".encode())
        state, _ = GAME.setup(list(players), {}, dice)
        for _ in range(4):
            orders = {}
            for player in players:
                computer = GAME.computer_orders(GAME.view(state, player), player)
                for orders_now in (computer, {KEY: some_text(rng, 6)}, {KEY: ""}):
                    found.append((state, player, tomllib.loads(GAME.format_orders(orders_now))))
                orders[player] = computer
            state, _ = GAME.resolve(state, orders, dice)
    return tuple(found)


# --- the catalogue: each plants a mistake and says the (field, code) of each problem it must give -----------

def misspelt_key(body, rng):
    key = rng.choice(("order", "ordres", "Orders", "orders ", "órdenes"))
    body[key] = body.pop(KEY)
    return [(key, "unknown-order")]


def unknown_key(body, rng):
    key = rng.choice(("targets", "press", "message", "round2"))
    body[key] = rng.choice(("march", ["Edo"], 3, {"to": "gm"}))
    return [(key, "unknown-order")]


def text_of_wrong_type(body, rng):
    body[KEY] = rng.choice((3, 2.5, True, ["march", "hold"], {"first": "march"}, []))
    return [(KEY, "orders-not-text")]


def too_long(body, rng):
    body[KEY] = "x" * rng.randint(MAX_CHARACTERS + 1, 2 * MAX_CHARACTERS)
    return [(KEY, "orders-too-long")]


def too_many_lines(body, rng):
    body[KEY] = "\n".join(rng.choice(("hold", "march", "日本")) for _ in range(rng.randint(MAX_LINES + 1, 300)))
    return [(KEY, "orders-too-many-lines")]


def too_long_and_too_many_lines(body, rng):
    body[KEY] = "\n".join("x" * 60 for _ in range(rng.randint(MAX_LINES + 1, 300)))
    return [(KEY, "orders-too-long"), (KEY, "orders-too-many-lines")]


TEXT_MISTAKES = (text_of_wrong_type, too_long, too_many_lines, too_long_and_too_many_lines)
CATALOGUE = {m.__name__ for m in TEXT_MISTAKES + (misspelt_key, unknown_key)}


def plant(body: dict, count: int, rng: random.Random) -> tuple[list, list[str]]:
    """Plant `count` mistakes into `body`, changed in place: the sorted (field, code) they must give, and the
    mistakes' names. The text takes one mistake, and only while it is under its key; other keys take any
    number."""
    expected, planted = [], []
    for _ in range(count):
        sites = ["key", "key"] + (["text", "text"] if KEY in body and not set(planted) & {m.__name__ for m in
                                                                                         TEXT_MISTAKES} else [])
        if rng.choice(sites) == "text":
            mistake = rng.choice(TEXT_MISTAKES)
        elif KEY in body and rng.random() < 0.5 and not planted:
            mistake = misspelt_key
        else:
            mistake = unknown_key
        found = mistake(body, rng)
        if any(field == key for field, _ in found for key, _ in expected):
            continue   # the same unknown key twice is one mistake
        expected += found
        planted.append(mistake.__name__)
    return sorted(expected), planted


def trial(rng: random.Random, tally: Counter) -> None:
    state, player, valid = rng.choice(positions())
    assert GAME.check_orders(state, player, valid).accepted, valid
    body = tomllib.loads(GAME.format_orders(valid))   # a copy
    expected, planted = plant(body, rng.randint(1, 3), rng)
    told = GAME.check_orders(state, player, body).problems
    assert sorted((p.field, p.code) for p in told) == expected, (planted, sorted(body),
                                                                 [p.message for p in told])
    tally["compared"] += len(expected)
    tally.update(planted)


def test_one_to_three_mistakes_planted_in_valid_free_orders_give_exactly_those_problems_at_their_fields():
    tally: Counter = Counter()
    rng = random.Random("moderated planted mistakes")
    for _ in range(600):
        trial(rng, tally)
    assert tally["compared"] > 600, tally
    assert set(tally) - {"compared"} == CATALOGUE, f"never planted: {CATALOGUE - set(tally)}"
    assert min(tally[name] for name in CATALOGUE) >= 20, tally


def test_a_file_without_orders_is_an_empty_text_and_no_mistake():
    state, player, _ = positions()[0]
    checked = GAME.check_orders(state, player, {})
    assert checked.accepted and checked.orders == {KEY: ""}
