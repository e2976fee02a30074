"""`pbem tick --shard K/N`: a stable split of the campaigns given, so that N ticks (on N hosts, or N jobs) share them.

A campaign's shard comes from the name of its folder, the last part of its absolute path with links and `..`
resolved: SHA-256 of the name's bytes, its first 8 bytes as a big-endian number, modulo N, plus 1. It depends on
nothing but the name and N (no `hash()`, so not on PYTHONHASHSEED; not on the order or the other campaigns
given, nor on where the shared volume is mounted), so every host that is given the same campaigns and the same N
computes the same split, and the N shards K = 1..N hold every campaign exactly once. Two campaigns in folders of
the same name (under two roots) fall into the same shard.
"""
from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

SHARD = re.compile(r"([0-9]+)/([0-9]+)")


def parse_shard(text: str) -> tuple[int, int]:
    """K/N as (K, N), K counted from 1 to N; anything else raises ValueError saying what is wanted."""
    found = SHARD.fullmatch(text)
    if not found:
        raise ValueError(f"{text!r} is not K/N (say 2/3 for the second of three shards)")
    number, count = int(found[1]), int(found[2])
    if count < 1:
        raise ValueError(f"{text!r}: N, the number of shards, must be at least 1")
    if not 1 <= number <= count:
        raise ValueError(f"{text!r}: K counts the shards from 1, so it is 1 to {count} here")
    return number, count


def shard_of(folder: Path | str, count: int) -> int:
    """The shard (1 to `count`) of the campaign in `folder`: by the name of the folder, resolved."""
    name = Path(os.path.abspath(folder)).resolve().name
    digest = hashlib.sha256(os.fsencode(name)).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def in_shard(folders, number: int, count: int) -> list:
    """The folders given that belong to shard `number` of `count`, in the order given."""
    return [folder for folder in folders if shard_of(folder, count) == number]
