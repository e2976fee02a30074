"""A GM who also plays holds the campaign secret, so it knows every round's seed, and it reads the other players'
nonces before it sends its own orders. Here it grinds, as the attack in issue 10 did: for each round it tries
its orders and a batch of nonces against the dice it can compute, and sends the best. The round is then
resolved by the pipeline's own compute_round.

Without a beacon this works, the known limit that the trust model states (docs/dice-and-trust.md): the GM foresees every
round's dice and gains from it. With the beacon, the dice also hold a beacon round that is published only after
the orders closed; the GM's best guess is the last beacon round it could see, and its foresight and its gain
fall to chance. Each figure counts the rounds compared and fails on none."""
from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest
from conftest import make_campaign

from engine.dice import Dice, round_seed
from games import get
from games.age_of_war.scoring import score
from pbem.rounds import compute_round
from tests.support.beacons import GRIND_ROUNDS, GRIND_START, closing_rounds, own_chain, own_round

pytestmark = pytest.mark.slow   # a hundred rounds ground twice: over half a minute

ROUNDS = GRIND_ROUNDS - 1   # each round's guess is the beacon round of the round before
NONCES = 12
GAME = get("age-of-war")


def margin(state: dict) -> int:
    """What the GM plays for: its points ahead of bob."""
    return score(state, "gm") - score(state, "bob")


def candidates(state: dict) -> list[dict]:
    """The orders the GM weighs: its computer player's, and an attack on each castle it could take."""
    view = GAME.view(state, "gm")
    castles = [c["castle"] for c in sorted(view["available"], key=lambda c: -float(c["chance"]))][:3]
    return [GAME.computer_orders(view, "gm"), *({"targets": [name]} for name in castles)]


def resolve_with(state: dict, orders: dict, nonces: dict, seed: bytes, beacon: str | None):
    dice = Dice.for_round(seed, nonces, beacon)
    new, _ = GAME.resolve(state, orders, dice)
    return margin(new) - margin(state), [roll["value"] for roll in dice.rolls]


def play(tmp_path, with_beacon: bool) -> dict:
    """ROUNDS rounds of a two-player Age of War whose GM grinds; what it foresaw and what it gained."""
    secret = hashlib.sha256(b"the gm's own campaign").digest()
    chain = own_chain()
    campaign = make_campaign(tmp_path / f"beacon-{with_beacon}", players=("gm", "bob"), deadline_hours=48,
                             secret_word="the gm's own campaign",
                             **({"beacon": {"urls": [], "public_key": chain["public_key"], "hash": chain["hash"]}}
                                if with_beacon else {}))
    assert campaign.dice_secret() == secret
    beacon_rounds = closing_rounds(GRIND_START, 48, GRIND_ROUNDS)
    state = campaign.state(0)
    figures = {"rounds": 0, "dice_foreseen": 0, "first_roll_foreseen": 0, "ground_gain": 0, "honest_gain": 0}
    for number in range(1, ROUNDS + 1):
        if GAME.is_over(state):   # a new game on the same table: the seeds go on
            state, _ = GAME.setup(["gm", "bob"], {}, Dice.for_round(round_seed(secret, 1000 + number)))
        seed = round_seed(secret, number)
        bob = GAME.computer_orders(GAME.view(state, "bob"), "bob")
        nonces = {"bob": f"bob-{number}"}
        truth = own_round(beacon_rounds[number]) if with_beacon else None
        guess = own_round(beacon_rounds[number - 1]).randomness if with_beacon else None
        # sending its orders, the GM tries each candidate with each nonce and keeps the best it foresees
        tried = [(resolve_with(state, {"gm": orders, "bob": bob}, {**nonces, "gm": f"g{n}"}, seed, guess), orders,
                  f"g{n}") for orders in candidates(state) for n in range(NONCES)]
        (foreseen, foreseen_rolls), orders, nonce = max(tried, key=lambda t: t[0][0])
        inputs = {"round": number, "orders": {"gm": orders, "bob": bob}, "defaulted": [],
                  "nonces": {**nonces, "gm": nonce}, "resolved_at": "2026-03-01T12:00:00Z", "deadline": None,
                  "rerun": None}
        if truth:
            closing = GRIND_START + timedelta(hours=48 * number)
            inputs["beacon"] = {**truth.record(), "public_key": chain["public_key"],
                                "closing": closing.strftime("%Y-%m-%dT%H:%M:%SZ")}
        files = compute_round(campaign, number, inputs, state, None, secret)
        resolved = json.loads(files["state.json"])
        rolls = [roll["value"] for roll in json.loads(files["dice.json"])["rolls"]]
        honest, _ = resolve_with(state, {"gm": candidates(state)[0], "bob": bob}, nonces, seed,
                                 truth.randomness if truth else None)
        figures["rounds"] += 1
        figures["dice_foreseen"] += rolls == foreseen_rolls
        figures["first_roll_foreseen"] += bool(rolls) and rolls[:1] == foreseen_rolls[:1]
        figures["ground_gain"] += margin(resolved) - margin(state)
        figures["honest_gain"] += honest
        state = resolved
    return figures


@pytest.fixture(scope="module")
def without_beacon(tmp_path_factory):
    return play(tmp_path_factory.mktemp("grind"), with_beacon=False)


@pytest.fixture(scope="module")
def with_beacon(tmp_path_factory):
    return play(tmp_path_factory.mktemp("grind"), with_beacon=True)


def test_without_a_beacon_a_gm_who_plays_foresees_every_rounds_dice_and_gains_the_known_limit(without_beacon):
    figures = without_beacon
    assert figures["rounds"] == ROUNDS >= 100
    assert figures["dice_foreseen"] == ROUNDS
    assert figures["ground_gain"] - figures["honest_gain"] >= ROUNDS   # about a point a round, or more


def test_with_the_beacon_a_gm_who_plays_foresees_the_dice_no_better_than_chance(with_beacon):
    figures = with_beacon
    assert figures["rounds"] == ROUNDS >= 100
    # the whole round's dice: 7 to 30 dice, never foreseen by chance
    assert figures["dice_foreseen"] <= 1
    # the first die of the round, a d6: by chance about 1 in 6; 30 of 100 would happen by chance once in a thousand
    assert figures["first_roll_foreseen"] <= 30


def test_with_the_beacon_grinding_gains_a_gm_who_plays_nothing_over_playing_honestly(with_beacon, without_beacon):
    edge = with_beacon["ground_gain"] - with_beacon["honest_gain"]
    known = without_beacon["ground_gain"] - without_beacon["honest_gain"]
    assert with_beacon["rounds"] == without_beacon["rounds"] == ROUNDS
    assert edge < known / 4, (edge, known)
