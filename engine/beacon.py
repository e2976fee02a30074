"""A public randomness beacon's round, checked offline: nobody, the GM included, can know its value before it
is published, and anybody can check that a value is the beacon's.

The beacon is drand's League of Entropy mainnet (scheme pedersen-bls-chained): round R's signature is a
BLS12-381 signature (on G2, the group public key on G1) of SHA-256(previous round's signature || R as
8 big-endian bytes), and its randomness is SHA-256(signature). A value is trusted only once its signature
checks against the chain's public key, never because a server sent it. The signature library (py-ecc)
is loaded only when a round is checked, since only campaigns that use the beacon need it.
"""
from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

MAINNET = {
    "scheme": "pedersen-bls-chained",
    "public_key": "868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31",
    "period": 30,
    "genesis_time": 1595431050,
    "hash": "8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce",
}
"""drand's mainnet chain, as its /info endpoint gives it: the public key is what every round is checked against."""


@dataclass(frozen=True)
class BeaconRound:
    round: int
    signature: str            # hex
    previous_signature: str   # hex

    @property
    def randomness(self) -> str:
        return hashlib.sha256(bytes.fromhex(self.signature)).hexdigest()

    def record(self) -> dict:
        """The round as a campaign keeps it: enough to check it again offline."""
        return {"round": self.round, "signature": self.signature, "previous_signature": self.previous_signature,
                "randomness": self.randomness}

    @classmethod
    def from_record(cls, record: dict) -> BeaconRound:
        return cls(int(record["round"]), str(record["signature"]), str(record["previous_signature"]))


def signed_message(round_number: int, previous_signature: str) -> bytes:
    """What a chained round's signature signs."""
    return hashlib.sha256(bytes.fromhex(previous_signature) + round_number.to_bytes(8, "big")).digest()


def round_at(moment: int, chain: dict = MAINNET) -> int:
    """The first beacon round published at or after a moment (seconds since 1970): a round nobody can know
    the value of before that moment."""
    if moment <= chain["genesis_time"]:
        return 1
    elapsed = moment - chain["genesis_time"]
    return elapsed // chain["period"] + 1 + (1 if elapsed % chain["period"] else 0)


def published_at(round_number: int, chain: dict = MAINNET) -> int:
    """When a round is published (seconds since 1970): before that moment nobody knows its value."""
    return chain["genesis_time"] + (round_number - 1) * chain["period"]


def round_after(moment: int, chain: dict = MAINNET) -> int:
    """The first round published strictly after a moment: the beacon round of orders that close then."""
    return round_at(moment + 1, chain)


def verify(beacon: BeaconRound, chain: dict = MAINNET) -> bool:
    """Whether the round's signature is the beacon's: checked against the chain's public key, offline."""
    return _signature_checks(chain["public_key"], beacon.round, beacon.previous_signature, beacon.signature)


@functools.lru_cache(maxsize=256)   # a third of a second each, and a round is met again (resolve, verify, replay)
def _signature_checks(public_key: str, round_number: int, previous_signature: str, signature: str) -> bool:
    from eth_typing import BLSPubkey, BLSSignature  # py_ecc's own types of the key and signature bytes
    from py_ecc.bls import G2Basic

    try:
        message = signed_message(round_number, previous_signature)
        key, signed = BLSPubkey(bytes.fromhex(public_key)), BLSSignature(bytes.fromhex(signature))
        return bool(G2Basic.Verify(key, message, signed))
    except (ValueError, AssertionError):   # not a point on the curve, not hex: not the beacon's
        return False
