"""Ninjato's order file: ranked actions per shuriken and a Banzai policy, every problem told at once at its
field, sizes capped, written back as TOML that reads as the same orders, and a random body never crashes it."""
from __future__ import annotations

import random
import tomllib
from pathlib import Path

from engine import NOT_ALLOWED, NOT_UNDERSTOOD
from games.ninjato import orders
from games.ninjato.view import view
from tests.ninjato.table import guard, lay_house, new_game, treasure

FILE = '''
[[shuriken]]
banzai = { chance = 60, guards = 2 }
actions = [
  { do = "raid", house = "House-2", approach = "Stealth", cards = [1], skills = ["kenjutsu"],
    claim = { clan = "minamoto", worth = 8 } },
  { do = "palace", envoy = "envoy-taira-1", treasures = ["treasure-12"] },
  { do = "dojo" },
]
[[shuriken]]
actions = [{ do = "sensei", skill = "hensojutsu", pay = 3 }, { do = "pavilion", rumor = "rumor-4" }]
[[shuriken]]
banzai = "never"
actions = [{ do = "dojo", take = [5, "deck"], discard = [3] }]
'''.replace("],\n    claim", "], claim")


def codes(checked) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in checked.problems]


def test_an_order_file_as_players_write_it_is_accepted_with_its_names_made_canonical():
    state, _ = new_game()
    state["ninja"]["ann"]["skills"].append({"id": "kenjutsu", "effect": "value", "mode": "strength", "amount": 2,
                                            "style": "tiger", "cost": 4, "used": False})
    checked = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(FILE))
    assert checked.accepted, checked.problems
    raid = checked.orders["shuriken"][0]["actions"][0]
    assert raid == {"do": "raid", "house": "house-2", "approach": "stealth", "cards": [1], "skills": ["kenjutsu"],
                    "claim": {"clan": "minamoto", "worth": 8}}
    assert checked.orders["shuriken"][1]["banzai"] == "never"


def test_formatted_orders_read_back_as_the_same_orders():
    state, _ = new_game()
    state["ninja"]["ann"]["skills"].append({"id": "kenjutsu", "effect": "value", "mode": "strength", "amount": 2,
                                            "style": "tiger", "cost": 4, "used": False})
    checked = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(FILE))
    again = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(orders.format_orders(checked.orders)))
    assert tomllib.loads(orders.format_orders(checked.orders)) == checked.orders
    assert again.orders == checked.orders


def test_every_problem_of_a_file_is_told_at_once_each_at_its_field():
    state, _ = new_game()
    body = {"shuriken": [{"actions": [{"do": "fly"}, {"do": "raid", "house": "house-9", "approach": "strength"},
                                      {"do": "raid", "house": "house-1"}], "banzai": 3},
                         {"actions": [{"do": "dojo", "take": [6]}], "colour": "red"}], "speed": 1}
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert not checked.accepted
    assert codes(checked) == [
        ("speed", "unknown-order"),
        ("shuriken[0].banzai", "bad-banzai"),
        ("shuriken[0].actions[0].do", "unknown-action"),
        ("shuriken[0].actions[1].house", "unknown-house"),
        ("shuriken[0].actions[2].approach", "missing-field"),
        ("shuriken[1].colour", "unknown-key"),
        ("shuriken[1].actions[0].take[0]", "bad-card"),
    ]
    assert {p.reason for p in checked.problems} == {NOT_UNDERSTOOD}


def test_a_raid_on_a_house_closed_for_the_round_is_not_allowed():
    state, _ = new_game()
    state["houses"]["house-3"]["closed"] = True
    body = {"shuriken": [{"actions": [{"do": "raid", "house": "house-3", "approach": "strength"}]}]}
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert codes(checked) == [("shuriken[0].actions[0].house", "house-closed")]
    assert checked.problems[0].reason == NOT_ALLOWED
    assert "house-3" in checked.problems[0].message


def test_a_claim_of_the_houses_own_clan_and_a_skill_never_to_be_had_are_not_allowed():
    state, _ = new_game()
    own = state["houses"]["house-1"]["clan"]
    body = {"shuriken": [{"actions": [
        {"do": "raid", "house": "house-1", "approach": "strength", "claim": {"clan": own, "worth": 8}},
        {"do": "raid", "house": "house-2", "approach": "strength", "skills": ["teleport"]},
        {"do": "sensei", "skill": "teleport"}]}]}
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert codes(checked) == [("shuriken[0].actions[0].claim", "claim-own-clan"),
                              ("shuriken[0].actions[1].skills[0]", "skill-not-available"),
                              ("shuriken[0].actions[2].skill", "skill-not-offered")]


def test_sizes_are_capped_however_long_the_lists():
    state, _ = new_game()
    seen = view(state, "ann")
    many = {"shuriken": [{"actions": [{"do": "dojo"}]}] * 4}
    assert codes(orders.check_orders(seen, "ann", many)) == [("shuriken", "too-many-shuriken")]
    long_list = {"shuriken": [{"actions": [{"do": "dojo"}] * 9}]}
    assert codes(orders.check_orders(seen, "ann", long_list)) == [("shuriken[0].actions", "too-many-actions")]
    cards = {"shuriken": [{"actions": [{"do": "raid", "house": "house-1", "approach": "stealth",
                                        "cards": [1] * 100_000}]}]}
    assert codes(orders.check_orders(seen, "ann", cards)) == [("shuriken[0].actions[0].cards", "too-long")]


def test_a_player_not_in_the_game_and_a_game_over_are_refused():
    state, _ = new_game()
    state["over"] = True
    body = orders.default_orders(state, "ann")
    found = orders.check_orders(view(state, "zed"), "zed", body).problems
    assert [p.code for p in found] == ["game-over", "not-a-player"]


def test_the_forecast_gives_each_raid_ordered_its_chances_which_add_up_to_a_whole():
    state, _ = new_game()
    state["ninja"]["ann"]["hand"] = [1, 4, 5]
    lay_house(state, "house-1", guard(3), [treasure("scroll", 2, 1), treasure("vase", 3, 2)])
    lay_house(state, "house-2", guard(5), [treasure("scroll", 2, 3)])
    body = {"shuriken": [{"banzai": {"chance": 50}, "actions": [
        {"do": "raid", "house": "house-1", "approach": "strength"},
        {"do": "raid", "house": "house-2", "approach": "strength"}, {"do": "dojo"}]}]}
    rows = orders.check_orders(view(state, "ann"), "ann", body).forecast
    assert [(row["house"], row["rank"], row["beats_sentry"]) for row in rows] == [("house-1", 1, True),
                                                                                ("house-2", 2, False)]
    first = rows[0]
    assert abs(sum(float(first[name]) for name in ("claim", "leave", "fail")) - 100) < 0.2
    assert rows[1]["fail"] == "100.0"


def _random_value(rng: random.Random, depth: int = 0):
    choices = [lambda: rng.randint(-3, 12), lambda: rng.choice(["dojo", "raid", "house-1", "strength", "deck",
                                                                  "never", "", "x" * 60, "sensei", "gold"]),
               lambda: rng.random(), lambda: rng.choice([True, False])]
    if depth < 3:
        choices += [lambda: [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))],
                    lambda: {rng.choice(list(KEYS)): _random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))}]
    return rng.choice(choices)()


KEYS = ("shuriken", "actions", "banzai", "do", "house", "approach", "cards", "skills", "claim", "clan", "worth",
        "chance", "guards", "take", "discard", "skill", "pay", "envoy", "rumor", "treasures", "other")


def test_a_random_body_never_crashes_the_check_and_is_either_accepted_or_refused_with_problems():
    state, _ = new_game()
    rng = random.Random(16)
    accepted = 0
    for _ in range(3000):
        body = {"shuriken": [{"actions": [{key: _random_value(rng) for key in rng.sample(KEYS, rng.randint(1, 4))}
                                          for _ in range(rng.randint(0, 3))],
                              "banzai": _random_value(rng)} for _ in range(rng.randint(0, 3))]}
        if rng.random() < 0.3:
            body = _random_value(rng) if rng.random() < 0.5 else {"shuriken": _random_value(rng)}
            body = body if isinstance(body, dict) else {"shuriken": body}
        checked = orders.check_orders(view(state, "ann"), "ann", body)
        assert checked.accepted != bool(checked.problems)
        accepted += checked.accepted
        for found in checked.problems:
            assert found.message and found.reason in (NOT_UNDERSTOOD, NOT_ALLOWED)
    assert accepted < 3000


def test_the_docs_example_order_file_is_accepted():
    text = (Path(__file__).parents[2] / "docs" / "games" / "ninjato.md").read_text()
    section = text[text.index("The order file (`games/ninjato/orders.py`)"):]
    example = section[section.index("```toml\n") + 8:section.index("```\n", section.index("```toml\n") + 8)]
    state, _ = new_game()
    state["ninja"]["ann"]["skills"].append({"id": "kenjutsu", "effect": "value", "mode": "strength", "amount": 2,
                                            "style": "tiger", "cost": 4, "used": False})
    checked = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(example))
    assert checked.accepted, checked.problems
    assert checked.orders["shuriken"][0]["banzai"] == {"chance": 60, "guards": 2}


def test_a_problem_is_found_at_its_line_of_the_file():
    from pbem.orders import locate_problem

    text = FILE.replace('house = "House-2"', 'house = "House-9"').replace('rumor = "rumor-4"', 'rumor = "Rumor 4"')
    checked = orders.check_orders(view(new_game()[0], "ann"), "ann", tomllib.loads(text))
    lines = text.splitlines()
    found = {p.code: lines[locate_problem(p, text).line - 1] for p in checked.problems}
    assert set(found) == {"unknown-house", "bad-id"}
    assert "House-9" in found["unknown-house"] and "Rumor 4" in found["bad-id"]
