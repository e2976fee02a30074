"""The beacon's rounds are checked offline against drand mainnet's public key: two real published rounds pass,
and any change to a round, its signature, the round before or the key fails."""
from __future__ import annotations

import dataclasses

import pytest

from engine.beacon import MAINNET, round_at, verify
from tests.support.beacons import RECORDED


@pytest.mark.parametrize("beacon, randomness", RECORDED, ids=lambda v: str(getattr(v, "round", "")))
def test_a_published_beacon_round_checks_against_the_chains_public_key_and_gives_its_randomness(beacon, randomness):
    assert verify(beacon)
    assert beacon.randomness == randomness


def flipped(text: str, at: int = -1) -> str:
    data = bytearray.fromhex(text)
    data[at] ^= 1
    return data.hex()


@pytest.mark.parametrize("change", ["round", "signature", "previous", "key", "garbage"])
def test_a_round_changed_in_any_part_does_not_check(change):
    beacon = RECORDED[0][0]
    chain = MAINNET
    if change == "round":
        beacon = dataclasses.replace(beacon, round=beacon.round + 1)
    elif change == "signature":
        beacon = dataclasses.replace(beacon, signature=flipped(beacon.signature))
    elif change == "previous":
        beacon = dataclasses.replace(beacon, previous_signature=flipped(beacon.previous_signature, 5))
    elif change == "key":
        chain = {**MAINNET, "public_key": flipped(MAINNET["public_key"])}
    else:
        beacon = dataclasses.replace(beacon, signature="zz" + beacon.signature[2:])
    assert not verify(beacon, chain)


def test_the_beacon_round_of_a_moment_is_the_first_published_at_or_after_it():
    genesis, period = MAINNET["genesis_time"], MAINNET["period"]
    assert round_at(genesis) == 1
    assert round_at(genesis + 1) == 2
    assert round_at(genesis + period) == 2
    assert round_at(genesis + period + 1) == 3
    moment = genesis + 162809 * period   # when round 162810 was published
    assert round_at(moment) == 162810 and round_at(moment - 1) == 162810 and round_at(moment + 1) == 162811
