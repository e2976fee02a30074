"""A player's token as the shell stores and looks for it: the order form's placeholder and the token's hashes.

A leaf module (it imports nothing of pbem), so that the campaign, the press check and the reports all use it
without importing one another.
"""
from __future__ import annotations

import hashlib

TOKEN_PLACEHOLDER = "PUT-YOUR-TOKEN-HERE"   # the order form's token (common/order_form.toml.j2), till the player's


def hash_token(token: str) -> str:
    return "sha256:" + hashlib.sha256(token.encode("utf-8")).hexdigest()


def hash_folded(token: str) -> str:
    """The token's hash in lower case: a token is case-sensitive (so it is checked by hash_token), but a text
    that holds it in any case still gives it away to a reader who tries the cases (pbem/press.py)."""
    return hash_token(token.lower())
