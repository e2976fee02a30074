"""Treasures in a player's own words, the treasure a failed raid keeps as an order, and each rule the check and the
carrying-out share told by one code."""
from __future__ import annotations

import re
from pathlib import Path

from games.ninjato import carry, names, orders, rounds
from games.ninjato.view import view
from tests.ninjato.table import guard, lay_house, new_game, only, treasure

GOLD, JADE, JADE2, VASE = treasure("gold", 3, 81), treasure("jade", 4, 60), treasure("jade", 4, 12), \
    treasure("vase", 3, 48)


def holding(*tokens) -> dict:
    state, _ = new_game()
    state["ninja"]["ann"]["treasures"] = [dict(t) for t in tokens]
    return state


def palace(*treasures) -> dict:
    return {"shuriken": [{"actions": [{"do": "palace", "envoy": "envoy-taira-1", "treasures": list(treasures)}]}]}


def given(checked) -> list[str]:
    return checked.orders["shuriken"][0]["actions"][0]["treasures"]


def problems(checked) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in checked.problems]


def test_a_treasure_named_as_the_report_names_it_is_read_as_its_id_the_lowest_of_those_alike():
    state = holding(GOLD, JADE, JADE2, VASE)
    checked = orders.check_orders(view(state, "ann"), "ann", palace("jade 4", "Gold 3"))
    assert checked.accepted, checked.problems
    assert given(checked) == ["treasure-12", "treasure-81"]


def test_kinds_are_read_in_spanish_without_regard_to_capitals_accents_or_the_side_copied_after_them():
    state = holding(GOLD, JADE, VASE)
    checked = orders.check_orders(view(state, "ann"), "ann", palace("JARRÓN 3", "jarron 3 (rojo)", "oro 3"))
    assert problems(checked) == [("shuriken[0].actions[0].treasures[1]", "treasure-not-held")]
    checked = orders.check_orders(view(state, "ann"), "ann", palace("Jarrón 3", "ORO 3", "Jade-4"))
    assert given(checked) == ["treasure-48", "treasure-81", "treasure-60"]


def test_the_spanish_kinds_read_are_those_the_spanish_catalogue_names_the_kinds_by():
    po = (Path(__file__).parents[2] / "templates" / "ninjato" / "es.po").read_text("utf-8")
    for kind in ("gold", "jade", "scroll", "vase"):
        spanish = re.search(rf'\nmsgid "{kind}"\nmsgstr "([^"]+)"', po).group(1)
        assert names.SPANISH[names.folded(spanish)] == kind


def test_an_id_keeps_its_own_treasure_and_a_name_takes_another_of_its_kind_and_value():
    state = holding(JADE, JADE2)
    checked = orders.check_orders(view(state, "ann"), "ann", palace("jade 4", "treasure-12"))
    assert given(checked) == ["treasure-60", "treasure-12"]


def test_naming_more_of_a_kind_and_value_than_are_held_is_a_problem_quoting_what_was_written():
    state = holding(JADE, GOLD)
    checked = orders.check_orders(view(state, "ann"), "ann", palace("Jade 4", "Jade 4", "scroll 2"))
    assert problems(checked) == [("shuriken[0].actions[0].treasures[1]", "treasure-not-held"),
                                 ("shuriken[0].actions[0].treasures[2]", "treasure-not-held")]
    assert checked.problems[0].message == 'You give 2 of "Jade 4" here, but hold 1.'
    assert checked.problems[1].values == {"written": '"scroll 2"', "named": 1, "held": 0}


def test_a_name_that_is_no_treasure_is_a_problem_quoting_it():
    state = holding(JADE)
    checked = orders.check_orders(view(state, "ann"), "ann", palace("jaed 4", "treasure-999"))
    assert problems(checked) == [("shuriken[0].actions[0].treasures[0]", "unknown-treasure"),
                                 ("shuriken[0].actions[0].treasures[1]", "unknown-treasure")]
    assert '"jaed 4"' in checked.problems[0].message and '""' not in checked.problems[0].message


def test_orders_stored_with_ids_by_earlier_versions_are_read_as_they_were():
    state = holding(JADE)
    body = palace("treasure-60", "treasure-5")   # treasure-5 not held yet: it may be won before the Palace
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert checked.accepted and checked.orders == body | {"shuriken": [{"banzai": "never", **body["shuriken"][0]}]}


# --- a failed raid's treasure to keep ---------------------------------------------------------------------

def failing_raid(keep=None):
    """Ann raids house-1, wins a jade 4 and a gold 3 from guards she beats, then meets one she cannot beat, who
    guards a gold 5, and fails."""
    state, stream = new_game()
    state["ninja"]["ann"]["hand"] = [5, 5, 1]
    lay_house(state, "house-1", guard(1), [GOLD, JADE, treasure("gold", 5, 90)],
              guards=[guard(2, n=901), guard(5, n=902)])
    action = {"do": "raid", "house": "house-1", "approach": "strength", "cards": [5, 5]}
    if keep is not None:
        body = {"shuriken": [{"banzai": {"guards": 2}, "actions": [{**action, "keep": keep}]}]}
        checked = orders.check_orders(view(state, "ann"), "ann", body)
        assert checked.accepted, checked.problems
        action = checked.orders["shuriken"][0]["actions"][0]
    assert rounds.to_act(state) == "ann"
    state, events = carry.place_shuriken(state, "ann", {"banzai": {"guards": 2}, "actions": [action]}, 1, stream)
    return action, only(events, "failed")[0]


def test_a_failed_raid_keeps_the_treasure_the_order_names_not_the_most_valuable():
    _, failed = failing_raid()
    assert failed["kept"]["id"] == "treasure-81"   # the rules' own choice: gold counts highest
    action, failed = failing_raid(["Jade 4"])
    assert action["keep"] == ["treasure-60"]
    assert failed["kept"]["id"] == "treasure-60" and [t["id"] for t in failed["lost"]] == ["treasure-81"]


def test_a_treasure_to_keep_stands_for_its_kind_and_value_and_one_not_won_leaves_the_next_named():
    _, failed = failing_raid(["gold 5", "treasure-60"])   # the gold 5 is never won: the jade is kept
    assert failed["kept"]["id"] == "treasure-60"
    state = holding()
    seen = view(state, "ann")
    seen["ninja"]["bob"]["treasures"] = [dict(JADE2)]
    assert names.kept_on_failure(seen, ["treasure-12"], [GOLD, JADE]) == "treasure-60"


def test_a_treasure_to_keep_named_that_the_house_does_not_hold_is_a_problem_naming_the_house():
    state, _ = new_game()
    lay_house(state, "house-1", guard(1), [GOLD, JADE])
    body = {"shuriken": [{"actions": [{"do": "raid", "house": "house-1", "approach": "strength",
                                       "keep": ["jade 4", "vase 3", "jade 5"]}]}]}
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert problems(checked) == [("shuriken[0].actions[0].keep[1]", "treasure-not-in-house"),
                                 ("shuriken[0].actions[0].keep[2]", "treasure-not-in-house")]
    assert checked.problems[0].message.startswith('There is no "vase 3" in house-1 to keep')


# --- one rule, one code -----------------------------------------------------------------------------------

def test_an_envoy_taken_is_refused_by_the_check_and_falls_through_by_one_code():
    state, stream = new_game()
    envoy = state["palace"][0]
    state["palace"] = state["palace"][1:]
    state["ninja"]["bob"]["envoys"] = [envoy]
    body = {"shuriken": [{"actions": [{"do": "palace", "envoy": envoy["id"]}]}]}
    checked = orders.check_orders(view(state, "ann"), "ann", body)
    assert problems(checked) == [("shuriken[0].actions[0].envoy", "card-taken")]
    _, events = carry.place_shuriken(state, "ann", body["shuriken"][0], 1, stream)
    assert [e["code"] for e in only(events, "order_fell_through")] == ["card-taken"]
    state["ninja"]["bob"]["envoys"] = []   # not in the row, held by none: it may come, and the rule says why not now
    assert orders.check_orders(view(state, "ann"), "ann", body).accepted
    _, events = carry.place_shuriken(state, "ann", body["shuriken"][0], 1, stream)
    assert [e["code"] for e in only(events, "order_fell_through")] == ["card-taken"]


def test_a_skill_the_sensei_does_not_offer_is_refused_by_the_check_and_the_rule_by_one_code():
    state, stream = new_game()
    body = {"shuriken": [{"actions": [{"do": "sensei", "skill": "teleport"}]}]}
    assert problems(orders.check_orders(view(state, "ann"), "ann", body)) == [
        ("shuriken[0].actions[0].skill", "skill-not-offered")]
    _, events = carry.place_shuriken(state, "ann", body["shuriken"][0], 1, stream)
    assert [e["code"] for e in only(events, "order_fell_through")] == ["skill-not-offered"]


def test_the_problems_quote_what_was_written_once_never_in_doubled_quotes():
    state, _ = new_game()
    body = {"shuriken": [{"actions": [{"do": "raid", "house": "house-9", "approach": "stealth",
                                       "claim": {"clan": "tiara", "worth": 4}}, {"do": "fly"}], "colour": 1}],
            "speed": 1}
    found = orders.check_orders(view(state, "ann"), "ann", body).problems
    messages = {p.code: p.message for p in found}
    assert messages["unknown-house"].startswith('There is no house "house-9": ')
    assert messages["unknown-clan"].startswith('There is no clan "tiara": ')
    assert messages["unknown-action"].startswith('There is no action "fly": ')
    assert messages["unknown-key"].startswith('"colour" has no meaning here')
    assert messages["unknown-order"].startswith('"speed" is not a Ninjato order')
    assert not any('""' in p.message for p in found)
