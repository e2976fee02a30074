"""Beacon mode: the dice of a round also mix in a drand round published only after the round's orders closed.

The GM holds the campaign secret and so knows every seed; a GM who also plays could try its own orders and
nonces against the dice before sending them. With a beacon, the round's dice key also holds the randomness of
the first beacon round published after the round closes (its deadline and grace), a round named in the report
that opens the round. Until then its value exists nowhere, so nobody, the GM included, can foresee the dice
when the orders go in. The round therefore resolves only after it closes, takes no orders after, and its
deadline cannot be moved once passed.

A fetched round is believed only when its signature checks against the chain's public key; a round that cannot
be had makes the round wait (BeaconUnavailable), never fall back to the dice without it.

campaign.toml:
    [beacon]
    urls = ["https://api.drand.sh", "https://drand.cloudflare.com"]   # tried in turn
    # public_key, period, genesis_time and hash: only for another chained drand network (default: mainnet)
"""
from __future__ import annotations

import json
import urllib.request
from datetime import datetime, timezone

from engine.beacon import MAINNET, BeaconRound, published_at, round_after, verify
from pbem import clock
from pbem.errors import BeaconNotYet, BeaconUnavailable, UserError

DEFAULT_URLS = ["https://api.drand.sh", "https://drand.cloudflare.com"]
CHAIN_KEYS = ("public_key", "period", "genesis_time", "hash")
MAX_ANSWER = 64 * 1024
TIMEOUT = 20


def require_signature_library() -> None:
    """Beacon rounds are checked with py-ecc, installed with the 'beacon' extra; say so rather than fail later."""
    try:
        import py_ecc.bls  # noqa: F401
    except ImportError:
        raise UserError("a campaign with a beacon checks its rounds' signatures with py-ecc, which is not "
                        "installed: pip install 'pbem[beacon]' (or pip install py-ecc)") from None


def chain(settings: dict) -> dict:
    """The chain the campaign's beacon rounds are checked against: drand mainnet unless the settings name another."""
    return {**MAINNET, **{key: settings[key] for key in CHAIN_KEYS if key in settings}}


def beacon_round(settings: dict, closing: datetime) -> int:
    """The beacon round of orders that close at `closing`: the first one published after it."""
    return round_after(int(closing.timestamp()), chain(settings))


def publication(settings: dict, number: int) -> str:
    """When beacon round `number` is published, as pbem records a moment."""
    return clock.stamp(datetime.fromtimestamp(published_at(number, chain(settings)), tz=timezone.utc))


def fetch(settings: dict, number: int) -> BeaconRound:
    """Beacon round `number`, from the first server that gives it with a signature that checks."""
    require_signature_library()
    used = chain(settings)
    due = publication(settings, number)
    if clock.now() < clock.parse(due):
        raise BeaconNotYet(number, due)
    failures = []
    for url in settings.get("urls", DEFAULT_URLS):
        address = f"{url.rstrip('/')}/{used['hash']}/public/{number}" if used.get("hash") else \
            f"{url.rstrip('/')}/public/{number}"
        try:
            with urllib.request.urlopen(address, timeout=TIMEOUT) as answer:
                data = json.loads(answer.read(MAX_ANSWER))
            found = BeaconRound(int(data["round"]), str(data["signature"]), str(data["previous_signature"]))
        except (OSError, ValueError, KeyError, TypeError) as exc:   # URLError is an OSError
            failures.append(f"{url}: {getattr(exc, 'reason', None) or exc}")
            continue
        if found.round != number:
            failures.append(f"{url}: gave round {found.round}, not {number}")
        elif not verify(found, used):
            failures.append(f"{url}: round {number}'s signature does not check against the chain's public key")
        else:
            return found
    raise BeaconUnavailable(f"beacon round {number} could not be had: " + "; ".join(failures))
