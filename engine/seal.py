"""Sealed orders: a hiding commitment to each player's orders, published before the dice can be known.

In beacon mode a round's dice hold a beacon round nobody knows until it is published. The GM holds the
campaign's files, so a GM who also plays could still change the stored orders after that moment. When the
round closes, every player is therefore sent each player's digest of the orders as they will be carried out,
and the beacon round is the first one published after that notice (and a margin): once the dice can be known,
the orders resolved are fixed, and the reports show it.

A digest is SHA-256 of the orders together with a salt of 32 bytes derived from the campaign secret, which the
players do not know. Without the salt nobody can try the few orders a player is likely to send against it: it
tells nothing of them. Each report opens its own player's seal (the salt and the entry, so the player sees that
the seal holds the orders sent), and the report of the round that ends the game opens every seal of the game.
"""
from __future__ import annotations

import hashlib
import hmac

from engine import canonical

ALGORITHM = "pbem-seal-v1"


def salt(campaign_secret: bytes, round_number: int, attempt: int, player: str) -> str:
    """The salt of a player's seal of one attempt at a round, as hex: secret until the seal is opened."""
    message = f"pbem seal salt\n{round_number}\n{attempt}\n{player}"
    return hmac.new(campaign_secret, message.encode("utf-8"), hashlib.sha256).hexdigest()


def entry(orders, nonce: str = "") -> dict:
    """What is sealed of a player: the orders as they will be carried out, and the nonce sent with them."""
    return {"orders": orders, **({"nonce": nonce} if nonce else {})}


def digest(round_number: int, attempt: int, player: str, salt_hex: str, sealed: dict) -> str:
    """A player's seal: the hash of the entry with its salt, the round, the attempt and the player's name (so a
    seal cannot be moved to another round or player)."""
    return canonical.digest({"attempt": attempt, "entry": sealed, "player": player, "round": round_number,
                             "salt": salt_hex})


def entries(orders: dict, nonces: dict) -> dict[str, dict]:
    """Every player's sealed entry, from a round's orders and nonces as its inputs record them."""
    return {player: entry(orders[player], nonces.get(player, "")) for player in sorted(orders)}


def digests(campaign_secret: bytes, round_number: int, attempt: int, sealed: dict[str, dict]) -> dict[str, str]:
    """Every player's seal of one attempt at a round."""
    return {player: digest(round_number, attempt, player, salt(campaign_secret, round_number, attempt, player),
                           sealed[player]) for player in sorted(sealed)}


def opening(campaign_secret: bytes, round_number: int, attempt: int, player: str, sealed: dict) -> dict:
    """What opens a player's seal: its salt and its entry; with them anybody recomputes the digest."""
    return {"salt": salt(campaign_secret, round_number, attempt, player), "entry": sealed}
