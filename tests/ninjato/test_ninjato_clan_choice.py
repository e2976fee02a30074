"""The clan-scoring choice in the orders: the first ninja in a clan takes honour or a Rumor as his orders say,
the second the other; a choice that is not one of the two is refused at its line."""
from __future__ import annotations

import tomllib

from engine.dice import Dice
from games.ninjato import GAME, orders
from games.ninjato.view import view
from tests.ninjato.table import new_game

BODY = '''
[[shuriken]]
actions = [{ do = "dojo" }]

[clan_scoring]
Taira = "Rumor"
go-shirakawa = "honour"
'''


def test_a_clan_scoring_choice_is_read_canonical_and_written_back_the_same():
    state, _ = new_game()
    checked = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(BODY))
    assert checked.accepted, checked.problems
    assert checked.orders["clan_scoring"] == {"go-shirakawa": "honour", "taira": "rumor"}
    again = orders.check_orders(view(state, "ann"), "ann", tomllib.loads(orders.format_orders(checked.orders)))
    assert again.orders == checked.orders


def test_a_reward_that_is_neither_honour_nor_rumor_and_an_unknown_clan_are_both_refused_at_their_fields():
    state, _ = new_game()
    body = tomllib.loads(BODY.replace('"Rumor"', '"gold"') + 'hojo = "honour"\n')
    found = [(p.field, p.code) for p in orders.check_orders(view(state, "ann"), "ann", body).problems]
    assert found == [("clan_scoring.Taira", "bad-reward"), ("clan_scoring.hojo", "unknown-clan")]


def _third_round(state: dict) -> dict:
    state = {**state, "round": 3}
    for house in state["houses"].values():
        house["clan"] = "taira"
    state["ninja"]["ann"]["envoys"] = [{"id": f"envoy-taira-{n}", "clan": "taira", "age": n, "requires": ["any"]}
                                       for n in (8, 9)]   # two Envoys: ann is first in Taira, bob second
    return state


def _rewards(events: list[dict]) -> list[tuple[str, str]]:
    """Who took what at Taira's scoring: a Rumor (clan_reward) or honour (an honour event from the clan)."""
    return [(e["player"], "rumor" if e["kind"] == "clan_reward" else "honour") for e in events
            if e.get("clan") == "taira" and (e["kind"] == "clan_reward" or e.get("source") == "clan")]


def test_the_first_in_a_clan_takes_a_rumor_when_his_orders_choose_it_and_the_second_takes_the_honour():
    state, stream = new_game()
    state = _third_round(state)
    state["ninja"]["bob"]["envoys"] = [{"id": "envoy-taira-1", "clan": "taira", "age": 1, "requires": ["any"]}]
    chosen = {"ann": {"shuriken": [{"banzai": "never", "actions": [{"do": "dojo"}]}] * 3,
                      "clan_scoring": {"taira": "rumor"}}}
    after, events = GAME.resolve(state, chosen, Dice(b"round dice"), stream=stream)
    assert _rewards(events) == [("ann", "rumor"), ("bob", "honour")]
    plain, plain_stream = new_game()
    plain = _third_round(plain)
    plain["ninja"]["bob"]["envoys"] = [{"id": "envoy-taira-1", "clan": "taira", "age": 1, "requires": ["any"]}]
    _, events = GAME.resolve(plain, {}, Dice(b"round dice"), stream=plain_stream)
    assert _rewards(events) == [("ann", "honour"), ("bob", "rumor")]
