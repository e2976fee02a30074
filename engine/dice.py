"""Dice that anybody can recheck with a few lines of any language.

The algorithm (version 1), written out in docs/dice-and-trust.md with a test vector:

    round_seed = HMAC-SHA256(key=campaign_secret, msg="pbem round seed " + N)
                 (a round played again after a rollback, its attempt A = 1, 2, ...:
                  msg="pbem round seed " + N + " attempt " + A)
    commitment = hex(SHA-256(round_seed))
    dice_key   = HMAC-SHA256(key=round_seed,
                             msg="pbem dice key\n" +
                                 (in beacon mode: "beacon " + the beacon round's
                                  randomness in hex + "\n") + for each player with a
                                 nonce, in code-point order of the names:
                                 name + "=" + nonce + "\n")
    roll(seq, sides, purpose):
        for attempt = 0, 1, 2, ...:
            block = HMAC-SHA256(key=dice_key,
                                msg=seq + ":" + sides + ":" + purpose + ":" + attempt)
            x = first 8 bytes of block, big-endian unsigned
            if x < 2**64 - (2**64 mod sides): return x mod sides + 1

Numbers are written in decimal ASCII, text in UTF-8. The rejection step makes
every face exactly equally likely. Sequence numbers count the draws of one
stream from 0, so a re-roll, a skipped roll or a changed purpose shows.

Dice on demand (`pbem roll`), a stream of their own that never moves the game's:

    roll_key(N) = HMAC-SHA256(key=round_seed,
                              msg="pbem roll " + N + "\n" +
                                  (with a beacon: "beacon " + that roll's beacon
                                   round's randomness in hex + "\n"))
    die i (0, 1, ...) of on-demand roll N = roll(i, sides, purpose) keyed by roll_key(N)

The hidden stream of a game whose decks stay shuffled for the whole game (Game.hidden_stream), a stream of its
own too, whose seed is committed to in every report and revealed when the game is over:

    hidden_seed = HMAC-SHA256(key=campaign_secret, msg="pbem hidden stream")
    hidden_key  = dice_key(hidden_seed) with no nonces and no beacon
    its rolls are roll(seq, sides, purpose) keyed by hidden_key, seq counting from 0 at setup to the game's end
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field

ALGORITHM = "pbem-dice-v1"
_SPAN = 1 << 64


def round_seed(campaign_secret: bytes, round_number: int, attempt: int = 0) -> bytes:
    """The seed of one attempt at a round: the first (0), or a re-run after a rollback (1, 2, ...), whose seed
    nobody could know from the undone attempt's reveal."""
    message = f"pbem round seed {round_number}" + (f" attempt {attempt}" if attempt else "")
    return hmac.new(campaign_secret, message.encode(), hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def dice_key(seed: bytes, nonces: dict[str, str], beacon: str | None = None) -> bytes:
    """The key of a round's dice: its seed, the players' nonces and, in beacon mode, the randomness of a beacon
    round that nobody could know when the orders were sent (a line no player's name can make: names have no
    space)."""
    lines = "".join(f"{name}={nonces[name]}\n" for name in sorted(nonces) if nonces[name])
    mixed = f"beacon {beacon}\n" if beacon else ""
    return hmac.new(seed, ("pbem dice key\n" + mixed + lines).encode("utf-8"), hashlib.sha256).digest()


def draw(key: bytes, seq: int, sides: int, purpose: str) -> int:
    """One fair roll of a die with `sides` faces, 1..sides: from 1 to 2**64 sides (beyond, no 8-byte block is ever
    below the rejection bound, and the loop would never end)."""
    if not sides_drawable(sides):
        raise ValueError(f"a die has 1 to 2**64 sides, not {sides!r}"[:80])
    bound = _SPAN - (_SPAN % sides)
    attempt = 0
    while True:
        message = f"{seq}:{sides}:{purpose}:{attempt}".encode()
        block = hmac.digest(key, message, "sha256")   # HMAC-SHA256 in one call, as hmac.new would make it
        x = int.from_bytes(block[:8], "big")
        if x < bound:
            return x % sides + 1
        attempt += 1


def sides_drawable(sides) -> bool:
    """Whether the algorithm draws a die of so many sides: a whole number from 1 to 2**64."""
    return type(sides) is int and 1 <= sides <= _SPAN


@dataclass
class Dice:
    """A recorded stream of rolls. The record is what `pbem verify` rechecks."""

    key: bytes
    rolls: list[dict] = field(default_factory=list)

    @classmethod
    def for_round(cls, seed: bytes, nonces: dict[str, str] | None = None, beacon: str | None = None) -> Dice:
        return cls(dice_key(seed, nonces or {}, beacon))

    def roll(self, sides: int, purpose: str) -> int:
        seq = len(self.rolls)
        value = draw(self.key, seq, sides, purpose)
        self.rolls.append({"seq": seq, "sides": sides, "purpose": purpose, "value": value})
        return value

    def pick(self, items: list, purpose: str):
        """One item drawn fairly, as a roll of a die with len(items) sides."""
        return items[self.roll(len(items), purpose) - 1]

    def shuffle(self, items: list, purpose: str) -> list:
        return shuffle(self, items, purpose)


def shuffle(dice, items: list, purpose: str) -> list:
    """A fair permutation (Fisher-Yates from the end), every swap one roll of `dice` (anything with .roll)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = dice.roll(i + 1, purpose) - 1
        result[i], result[j] = result[j], result[i]
    return result


def roll_key(seed: bytes, number: int, beacon: str | None = None) -> bytes:
    """The key of the round's on-demand roll `number` (pbem roll): drawn from the round's seed on a stream of its
    own, so that rolls on demand never change the game's dice; with a beacon, that roll's own beacon round."""
    mixed = f"beacon {beacon}\n" if beacon else ""
    return hmac.new(seed, f"pbem roll {number}\n{mixed}".encode(), hashlib.sha256).digest()


def on_demand(seed: bytes, number: int, count: int, sides: int, purpose: str, beacon: str | None = None) -> list[int]:
    """The faces of on-demand roll `number`: `count` dice of `sides` faces, for `purpose`."""
    key = roll_key(seed, number, beacon)
    return [draw(key, index, sides, purpose) for index in range(count)]


def hidden_seed(campaign_secret: bytes) -> bytes:
    """The seed of the campaign's hidden stream: one for the whole game, as its decks are."""
    return hmac.new(campaign_secret, b"pbem hidden stream", hashlib.sha256).digest()


def hidden_stream(seed: bytes, rolls: Sequence[dict] = ()) -> Dice:
    """The hidden stream of a seed, going on after the rolls already made (a round's resolution is given the
    stream as the rounds before left it)."""
    return Dice(dice_key(seed, {}), [dict(roll) for roll in rolls])


def recheck(key: bytes, rolls: list[dict]) -> int | None:
    """The sequence number of the first recorded roll that the key does not give (a die the algorithm never draws
    included), or None."""
    for index, roll in enumerate(rolls):
        if not isinstance(roll, dict) or roll.get("seq") != index or not sides_drawable(roll.get("sides")) \
                or not isinstance(roll.get("purpose"), str) \
                or draw(key, index, roll["sides"], roll["purpose"]) != roll.get("value"):
            return index
    return None
