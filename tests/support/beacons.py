"""Beacon rounds for tests: real drand mainnet rounds as published, a chain of our own for many rounds, and a
drand-like HTTP server on loopback that serves them (pbem fetches from it exactly as from drand)."""
from __future__ import annotations

import functools
import hashlib
import json
import re
import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from engine.beacon import MAINNET, BeaconRound, round_after

# Published drand mainnet rounds (from drand's public API, as quoted in public documentation), with the
# randomness the API gave for each.
RECORDED = [
    (BeaconRound(3311596,
                 "a696b9409ababce45749c3a4ec369074453dd4a79967734e1390d969c8ad8d98897d217b9121e92c8ddebbddda8d92f9"
                 "00e3bd6bf9deb166863b1a19390d743f82774001487594c5c09e581db7365f02b70a2c8cc41ce32446ef08e4890c4754",
                 "8ed588f2a7716fb1349e2d9803da5db0005e98a83783c353d4a08f183236a9ad91d70ddb01266f4b7c576983db464b43"
                 "0e65680b9e0098552758afd6c1e6afcb77e3f62fe1b93d42d1cb63abbb2205512fe12fbf74ea9c5ac3b8f5c1e283a1d8"),
     "647c07b2abbf7ff2afb4d670214f565e5cd9f9c91bfdcecb59a21f3c78d73920"),
    (BeaconRound(162810,
                 "8aee2fb6c79704f54c164ee9fcab89a16e83f843e8d483ba7002c3aee222812263a2e9225ad2e32b80acefe1f066d3db"
                 "17ebc4cd2a25e5f7975575c94316851113e674056b0eecb515a01ca62f7a370a5d6d26828dd02243041cab8d33ad4796",
                 "ac27db9e31f65fed65130667dcb323ad2745fa5901f6f8b82f39e3707cd13150d9c25c412f02f32cc9561466d7abbec8"
                 "08a31899d4768d2429c3a83d21d41928399b9a6e1e74873069990210ee57c0bc049af5dc1ef0b1b394caade1d77f4c0d"),
     "646c742faded02ebeb15fcb1c34314ed566381df59b90b28ba5af8b12b959c2d"),
]

OWN_SECRET_KEY = int.from_bytes(hashlib.sha256(b"pbem test beacon chain").digest(), "big") % (1 << 250)


@functools.cache
def own_chain() -> dict:
    """A chain of our own, timed as drand mainnet, whose rounds the tests can sign (mainnet's are few here)."""
    from py_ecc.bls import G2Basic

    return {**MAINNET, "public_key": G2Basic.SkToPk(OWN_SECRET_KEY).hex(), "hash": "pbem-test-chain"}


SIGNED = Path(__file__).parent.parent / "data" / "own_chain.json"
"""Signatures of the own chain's rounds that the long tests use, made once by `python tests/support/beacons.py`
(signing costs 0.3 s a round)."""


@functools.cache
def _signed() -> dict[str, str]:
    return json.loads(SIGNED.read_text("utf-8")) if SIGNED.is_file() else {}


def previous_of(number: int) -> str:
    return hashlib.sha256(f"round before {number}".encode()).hexdigest() * 3   # 96 bytes, as a signature is


@functools.cache
def own_round(number: int) -> BeaconRound:
    """Round `number` of the own chain, signed as drand signs a chained round (the round before it is made up:
    checking a round needs only its bytes)."""
    signature = _signed().get(str(number))
    if signature is None:
        from py_ecc.bls import G2Basic

        from engine.beacon import signed_message

        signature = G2Basic.Sign(OWN_SECRET_KEY, signed_message(number, previous_of(number))).hex()
    return BeaconRound(number, signature, previous_of(number))


def closing_rounds(start: datetime, hours: int, count: int) -> list[int]:
    """The beacon rounds of `count` rounds closing every `hours` hours from `start` (the first at `start`)."""
    return [round_after(int((start + timedelta(hours=hours * k)).timestamp()), MAINNET) for k in range(count)]


GRIND_START = datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc)
GRIND_ROUNDS = 101


if __name__ == "__main__":   # write the signatures the long tests use
    rounds = closing_rounds(GRIND_START, 48, GRIND_ROUNDS)
    SIGNED.parent.mkdir(exist_ok=True)
    SIGNED.write_text(json.dumps({str(n): own_round(n).signature for n in rounds}, indent=0, sort_keys=True) + "\n")
    print(f"{SIGNED}: {len(rounds)} rounds")


def kept_notices(campaign_folder: Path, player: str, folder: Path) -> list[dict]:
    """The sealed-orders notices a player was mailed, as the player keeps them (with the Received line the
    player's provider adds, a minute after the seal), read by the checker as `--notice FOLDER` reads them."""
    from email.utils import format_datetime

    from pbem import checker

    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted([*campaign_folder.glob(f"outbox/r*-sealed-*-{player}.eml"),
                        *campaign_folder.glob(f"sent/r*-sealed-*-{player}.eml")]):
        sealed = re.search(rb"sealed (\S+Z) margin", path.read_bytes()).group(1).decode()
        arrived = datetime.fromisoformat(sealed.replace("Z", "+00:00")) + timedelta(minutes=1)
        received = f"Received: from mx.example.org by mail.example.org; {format_datetime(arrived)}\r\n"
        (folder / path.name).write_bytes(received.encode() + path.read_bytes())
    return checker.read_notices([str(folder)])[1]


class BeaconServer:
    """drand's HTTP API on loopback: GET /CHAIN-HASH/public/ROUND (and /public/ROUND) from `rounds`, a function
    of the round number (None: not found). `down` answers 503; `forged` serves a signature not the chain's."""

    def __init__(self, rounds):
        self.rounds = rounds
        self.down = False
        self.forged = False
        self.asked: list[int] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                number = self.path.rstrip("/").rsplit("/", 1)[-1]
                found = server.rounds(int(number)) if number.isdigit() and not server.down else None
                if number.isdigit():
                    server.asked.append(int(number))
                if found is None:
                    self.send_response(503 if server.down else 404)
                    self.end_headers()
                    return
                signature = found.signature
                if server.forged:
                    signature = own_round(found.round + 1).signature
                body = json.dumps({"round": found.round, "randomness": found.randomness, "signature": signature,
                                   "previous_signature": found.previous_signature}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
