"""Every mistake at once, and only real ones: the computer's valid orders over seeded games, with one to three
independent mistakes planted from a catalogue (a misspelt name, an unknown value, a number out of range, a wrong
type, a missing key, an illegal target), are refused with exactly those problems, each at its field, in one
answer."""
from __future__ import annotations

import random
import tomllib
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from engine.dice import Dice
from games.ninjato import resolve
from games.ninjato.computer import computer_orders
from games.ninjato.orders import check_orders, format_orders
from games.ninjato.view import view
from tests.ninjato.table import new_game

SPANISH = {"gold": "Oro", "jade": "Jade", "scroll": "Pergamino", "vase": "Jarrón"}


@cache
def positions() -> tuple[tuple[dict, str, dict], ...]:
    """(view, player, the computer's orders as a player's file reads) at the start of the rounds of seeded games."""
    found = []
    for number, players in enumerate((("ann", "bob"), ("ann", "bob", "cho"), ("ann", "bob", "cho", "dan"))):
        state, stream = new_game(players, key=f"planted {number}".encode())
        for _ in range(4):
            orders = {}
            for player in players:
                seen = view(state, player)
                body = tomllib.loads(format_orders(computer_orders(seen, player)))
                found.append((seen, player, body))
                orders[player] = check_orders(seen, player, body).orders
            state, _ = resolve(state, orders, Dice(b"planted dice"), stream)
    return tuple(found)


# --- the catalogue: each plants one mistake at a site of the body and says the problem it must give -------------

def _action_at(body, site):
    return body["shuriken"][site[1]]["actions"][site[2]]


def misspelt_house(seen, player, action, where, rng):
    if action["do"] == "raid":
        action["house"] = action["house"].replace("house", "huose")
        return f"{where}.house", "unknown-house"


def misspelt_approach(seen, player, action, where, rng):
    if action["do"] == "raid":
        action["approach"] = "stelth"
        return f"{where}.approach", "unknown-approach"


def misspelt_action(seen, player, action, where, rng):
    action["do"] = action["do"][:2] + action["do"][1:]
    return f"{where}.do", "unknown-action"


def unknown_skill_to_learn(seen, player, action, where, rng):
    if action["do"] == "sensei":
        action["skill"] = "teleport"
        return f"{where}.skill", "skill-not-offered"


def unknown_skill_in_a_raid(seen, player, action, where, rng):
    if action["do"] == "raid":
        action.setdefault("skills", []).append("teleport")
        return f"{where}.skills[{len(action['skills']) - 1}]", "skill-not-available"


def unknown_treasure(seen, player, action, where, rng):
    if action["do"] in ("palace", "pavilion"):
        action["treasures"] = ["jaed 4"]
        return f"{where}.treasures[0]", "unknown-treasure"


def card_out_of_range(seen, player, action, where, rng):
    if action["do"] == "raid":
        action["cards"] = [rng.choice((0, 6, 7, 12))]
        return f"{where}.cards[0]", "bad-card"
    if action["do"] == "dojo":
        action["take"] = [rng.choice((0, 6, 9))]
        return f"{where}.take[0]", "bad-card"


def worth_out_of_range(seen, player, action, where, rng):
    if action["do"] == "raid" and action["house"] in seen["houses"]:
        other = next(c for c in ("taira", "minamoto", "go-shirakawa") if c != seen["houses"][action["house"]]["clan"])
        action["claim"] = {"clan": other, "worth": rng.choice((0, 11, 99))}
        return f"{where}.claim.worth", "bad-worth"


def cards_of_wrong_type(seen, player, action, where, rng):
    if action["do"] == "raid":
        action["cards"] = "four"
        return f"{where}.cards", "wrong-type"
    if action["do"] == "sensei":
        action["pay"] = "3"
        return f"{where}.pay", "bad-card"


def missing_key(seen, player, action, where, rng):
    required = {"raid": "approach", "sensei": "skill", "palace": "envoy", "pavilion": "rumor"}
    if action["do"] in required:
        del action[required[action["do"]]]
        return f"{where}.{required[action['do']]}", "missing-field"
    del action["do"]
    return where, "missing-do"


def claim_of_own_clan(seen, player, action, where, rng):
    if action["do"] == "raid" and action["house"] in seen["houses"]:
        action["claim"] = {"clan": seen["houses"][action["house"]]["clan"], "worth": 8}
        return f"{where}.claim", "claim-own-clan"


def more_treasures_than_held(seen, player, action, where, rng):
    held = seen["ninja"][player]["treasures"]
    if action["do"] in ("palace", "pavilion") and held:
        token = rng.choice(held)
        count = sum(1 for t in held if (t["kind"], t["value"]) == (token["kind"], token["value"]))
        kind = SPANISH[token["kind"]] if rng.random() < 0.5 else token["kind"].upper()
        action["treasures"] = [f"{kind} {token['value']}"] * (count + 1)
        return f"{where}.treasures[{count}]", "treasure-not-held"


def envoy_taken(seen, player, action, where, rng):
    taken = [card["id"] for ninja in seen["ninja"].values() for card in ninja["envoys"]]
    if action["do"] == "palace" and taken:
        action["envoy"] = rng.choice(taken)
        return f"{where}.envoy", "card-taken"


ACTION_MISTAKES = (misspelt_house, misspelt_approach, misspelt_action, unknown_skill_to_learn,
                   unknown_skill_in_a_raid, unknown_treasure, card_out_of_range, worth_out_of_range,
                   cards_of_wrong_type, missing_key, claim_of_own_clan, more_treasures_than_held, envoy_taken)


def chance_out_of_range(placement, where, rng):
    placement["banzai"] = {"chance": rng.choice((101, 150, -1))}
    return f"{where}.banzai.chance", "bad-chance"


def banzai_of_wrong_type(placement, where, rng):
    placement["banzai"] = rng.choice(("sometimes", 3, ["never"]))
    return f"{where}.banzai", "bad-banzai"


def misspelt_clan(body, rng):
    body.setdefault("clan_scoring", {})["tiara"] = "rumor"
    return "clan_scoring.tiara", "unknown-clan"


def unknown_reward(body, rng):
    body.setdefault("clan_scoring", {})["minamoto"] = "money"
    return "clan_scoring.minamoto", "bad-reward"


def unknown_order(body, rng):
    body["shurikens"] = []
    return "shurikens", "unknown-order"


PLACEMENT_MISTAKES = (chance_out_of_range, banzai_of_wrong_type)
FILE_MISTAKES = (misspelt_clan, unknown_reward, unknown_order)
CATALOGUE = {m.__name__ for m in ACTION_MISTAKES + PLACEMENT_MISTAKES + FILE_MISTAKES}


def plant(seen: dict, player: str, body: dict, count: int, rng: random.Random) -> tuple[set, list[str]]:
    """Plant `count` mistakes at distinct sites of `body` (changed in place): the (field, code) each must give,
    and the mistakes' names. Fewer when the body has fewer sites that take one."""
    sites = [("action", i, k) for i, p in enumerate(body["shuriken"]) for k in range(len(p["actions"]))]
    sites += [("placement", i) for i in range(len(body["shuriken"]))] + [("file", "clan"), ("file", "reward"),
                                                                       ("file", "order")]
    rng.shuffle(sites)
    expected, planted = set(), []
    for site in sites:
        if len(planted) == count:
            break
        if site[0] == "action":
            where = f"shuriken[{site[1]}].actions[{site[2]}]"
            for mistake in rng.sample(ACTION_MISTAKES, len(ACTION_MISTAKES)):
                found = mistake(seen, player, _action_at(body, site), where, rng)
                if found:
                    break
        elif site[0] == "placement":
            mistake = rng.choice(PLACEMENT_MISTAKES)
            found = mistake(body["shuriken"][site[1]], f"shuriken[{site[1]}]", rng)
        else:
            mistake = {"clan": misspelt_clan, "reward": unknown_reward, "order": unknown_order}[site[1]]
            found = mistake(body, rng)
        if found:
            expected.add(found)
            planted.append(mistake.__name__)
    return expected, planted


def trial(rng: random.Random, tally: dict) -> None:
    seen, player, valid = rng.choice(positions())
    assert check_orders(seen, player, valid).accepted
    body = tomllib.loads(format_orders(valid))   # a copy
    expected, planted = plant(seen, player, body, rng.randint(1, 3), rng)
    found = check_orders(seen, player, body).problems
    assert sorted((p.field, p.code) for p in found) == sorted(expected), (planted, body)
    tally["compared"] += len(expected)
    for name in planted:
        tally[name] = tally.get(name, 0) + 1


def test_one_to_three_mistakes_planted_in_valid_orders_give_exactly_those_problems_at_their_fields():
    tally = {"compared": 0}
    rng = random.Random(30)
    for _ in range(400):
        trial(rng, tally)
    assert tally["compared"] > 400, tally
    assert set(tally) - {"compared"} == CATALOGUE, f"never planted: {CATALOGUE - set(tally)}"


@given(rng=st.randoms(use_true_random=False))
def test_any_mistakes_hypothesis_plants_are_told_exactly_and_at_once(rng):
    tally = {"compared": 0}
    trial(rng, tally)
    assert tally["compared"] > 0
