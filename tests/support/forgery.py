"""What a forger does with the mail intake, as trials that count what went wrong: tokens written into press and
private messages in generated shapes, and floods of forged mail in a player's or the GM's name before the real
one's own. Used by the tests (small) and by benchmarks/reliability.py ("press-tokens", "forged-floods").

Each trial function returns a Counter with the reliability table's columns it measures, and "details".
"""
from __future__ import annotations

import hashlib
import random
import time
import unicodedata
from collections import Counter
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from pbem import clock
from pbem.campaign import Campaign, Player
from tests.conftest import START, TOKENS, make_campaign

SLOW_SECONDS = 1.0
PLAYERS = ("ann", "bob", "cho")
URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
SEPARATORS = " \n\t.,;:!?()[]{}<>\"'=#*/\\|~@$%^&+\u00a0\u3000"
BEFORE = ("hello token=", "my token:", "(", 'token="', "T is <", "", "mine is\n", "Token: ", "tok ", "see ")
AFTER = ("!", "?", ")", '" # mine', ">, right?", "", "\nsee", ".", " ok", "...")
FILLER = "Gifu Owari the east is mine, stay out; 東海道 ñandú Ωmega 12 -- _ "


# --- tokens in press and private messages ------------------------------------------------------------------

def token_campaign(folder: Path, rng: random.Random) -> tuple[Campaign, dict[str, str]]:
    """A campaign whose tokens look as pbem makes them (24 characters of token_urlsafe's alphabet, both cases),
    but cho's, of one case as the demo's are (hexadecimal); the GM's as `pbem new` makes it. The tokens by
    owner, "gm" the GM's."""
    from pbem.create import new_campaign

    tokens = {name: "".join(rng.choice(URLSAFE) for _ in range(24)) for name in ("ann", "bob", "gm")}
    tokens["cho"] = "".join(rng.choice("0123456789abcdef") for _ in range(24))
    with clock.frozen_at(START):
        camp = new_campaign(folder, game_name="age-of-war", gm="gm@example.org",
                            players=[Player(p, f"{p}@example.org") for p in PLAYERS],
                            secret=hashlib.sha256(b"forgery").digest(), tokens={p: tokens[p] for p in PLAYERS},
                            settings={"press": "anonymous", "private_messages": True})
    camp.replace_gm_token(tokens["gm"])
    return camp, tokens


def shape(rng: random.Random, token: str) -> str:
    """The token written as a player might, or an adversary: cut into pieces joined by spacing and punctuation,
    in full width now and then, as written, in lower or in upper case, between words."""
    written = rng.choice((token, token.lower(), token.upper()))
    if rng.random() < 0.2:
        written = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in written)
    cuts = sorted(rng.sample(range(1, len(token)), rng.choice((0, 0, 1, 2, 3))))
    pieces = [written[a:b] for a, b in zip([0, *cuts], [*cuts, len(token)])]
    body = "".join(p + "".join(rng.choice(SEPARATORS) for _ in range(rng.randint(1, 2))) for p in pieces[:-1])
    return filler(rng) + rng.choice(BEFORE) + body + pieces[-1] + rng.choice(AFTER) + filler(rng)


def filler(rng: random.Random, most: int = 40) -> str:
    return "".join(rng.choice(FILLER) for _ in range(rng.randint(0, most)))


def holds(text: str, tokens: dict[str, str]) -> list[str]:
    """Whose tokens a text holds, found with the plain tokens (which pbem never has): the text's letters, digits,
    "-" and "_" alone, full width folded, compared without case."""
    kept = "".join(c for c in unicodedata.normalize("NFKC", text) if c.isascii() and (c.isalnum() or c in "-_"))
    return [owner for owner, token in tokens.items() if token.lower() in kept.lower()]


def press_mail(writer: str, token: str, subject: str, text: str, n: int) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"{writer}@example.org", "gm@example.org", subject
    message["Message-ID"] = f"<press-{n}@example.org>"
    message.set_content(f'token = "{token}"\n{text}\n')
    return message.as_bytes()


def press_token_trials(root: Path, trials: int, rng: random.Random) -> Counter:
    """`trials` press and private messages through the mail intake, four in five holding a token in a generated
    shape (the writer's own, another player's or the GM's), the fifth none; a new campaign each PER_CAMPAIGN.
    "leaks found": a text published or relayed that holds a token; "orders lost": a text without one that was
    refused; "fuzz cases run": the shapes tried; "slow cases": a mail that took more than a second (two in fifty
    are near as long as a text may be)."""
    total = Counter()
    total.details = []
    for first in range(0, trials, PER_CAMPAIGN):
        camp, tokens = token_campaign(root / f"tokens-{first}" / "war", rng)
        for n in range(first, min(trials, first + PER_CAMPAIGN)):
            press_trial(camp, tokens, n, rng, total)
        total.update(published_leaks(camp, tokens, total.details))
    return total


PER_CAMPAIGN = 100


def press_trial(camp: Campaign, tokens: dict[str, str], n: int, rng: random.Random, total: Counter) -> None:
    from pbem import press
    from pbem.mail_intake import take_raw
    from pbem.rounds import resolve

    writer = rng.choice(PLAYERS)
    with clock.frozen_at(START):
        if press.stored_by(camp, writer) >= press.MAX_PER_ROUND - 1:
            resolve(camp, force=True)   # room for more texts in the next round
        subject = rng.choice(("[war] press", "[war] press anonymous",
                              f"[war] to {rng.choice([p for p in PLAYERS if p != writer])}"))
        clean = n % 5 == 4
        text = (filler(rng, 3000) if n % 50 in (23, 49) else "") + (
            filler(rng) + "Nothing secret here." if clean else shape(rng, tokens[rng.choice(list(tokens))]))
        began = time.perf_counter()
        outcome = take_raw(camp, press_mail(writer, tokens[writer], subject, text, n))
        total["slow cases"] += time.perf_counter() - began > SLOW_SECONDS
    total.update({"trials": 1, "fuzz cases run": 0 if clean else 1, "faults injected": 0 if clean else 1})
    judge_press(camp, outcome, tokens, clean, total)


def judge_press(camp: Campaign, outcome, tokens: dict[str, str], clean: bool, total: Counter) -> None:
    """One press mail's outcome: stored texts are read back and searched for the plain tokens."""
    from pbem import press

    if "could not be taken" in outcome.detail:
        total["crashes found"] += 1
        total.details.append(outcome.detail[:200])
    stored = [r["text"] for r in press.pending(camp) if r["key"] == outcome.key]
    if stored and holds(stored[0], tokens):
        total["leaks found"] += 1
        total.details.append(f"published {holds(stored[0], tokens)}'s token: {stored[0][-120:]!r}")
    elif clean and outcome.action != "press":
        total["orders lost"] += 1
        total.details.append(f"a text without a token refused: {outcome.detail}")


def published_leaks(camp: Campaign, tokens: dict[str, str], details: list[str]) -> Counter:
    """The round resolved, then every report, relayed message and answer searched for a plain token."""
    from pbem.rounds import resolve

    with clock.frozen_at(START):
        resolve(camp, force=True)
    found = Counter()
    for path in sorted((camp.folder / "rounds").rglob("*")) + sorted((camp.folder / "outbox").glob("*.eml")):
        if path.is_file() and not path.name.startswith("welcome-") and path.suffix != ".gz":
            text = path.read_text("utf-8", "replace")
            if any(token in text for token in tokens.values()):
                found["leaks found"] += 1
                details.append(f"a token in {path.relative_to(camp.folder)}")
    return found


# --- floods of forged mail before the real sender's own ---------------------------------------------------------

def orders_text(player: str, token: str) -> str:
    return f'campaign = "war"\nround = 1\nplayer = "{player}"\ntoken = "{token}"\ntargets = ["Gifu"]\n'


# kind: (From, the n-th forged mail's subject and body). Each is in bob's name but the last, in the GM's.
FLOODS = {
    "orders, wrong token": ("bob@example.org", lambda n: ("[war] orders", orders_text("bob", f"guess-{n}"))),
    "orders, no token": ("bob@example.org", lambda n: ("[war] orders", orders_text("bob", ""))),
    "press, wrong token": ("bob@example.org", lambda n: ("[war] press", f'token = "guess-{n}"\nLies.\n')),
    "private message, wrong token": ("bob@example.org", lambda n: ("[war] to ann", f'token = "guess-{n}"\nHi.\n')),
    "roll from a player's address": ("bob@example.org", lambda n: ("[war] roll 1d6 for evil.example", "")),
    "plain requests": ("bob@example.org", lambda n: (("[war] report", "[war] help", "[war] status", "[war] form",
                                                      "hello?")[n % 5], "")),
    "orders, wrong token, other addresses": (None, lambda n: ("[war] orders", orders_text("bob", f"guess-{n}"))),
    "roll from the GM's address, no GM token": ("gm@example.org", lambda n: (
        f"[war] roll 1d6 for CLICK https://evil.example/{n}", "Roll it.\n")),
}
GM_TOKEN = "gm-word-for-rolls-77"


def forged(sender: str, subject: str, body: str, message_id: str) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, "gm@example.org", subject
    message["Message-ID"] = message_id
    message.set_content(body)
    return message.as_bytes()


def outbox(camp: Campaign) -> list[EmailMessage]:
    return [message_from_bytes(p.read_bytes(), policy=policy.default)
            for p in sorted((camp.folder / "outbox").glob("*.eml")) if not p.name.startswith("welcome-")]


def forged_flood_trials(root: Path, sizes=(3, 12, 40)) -> Counter:
    """Each kind of forged mail, `size` of it, then the real sender's own: bob's mistyped orders (with his
    token, too mistyped to read), then his good orders; or the GM's roll with the GM token. "reports lost": the
    real mail's answer never came; "orders lost": its orders not taken, or its roll not rolled; "duplicate
    sends": answers to forged mail past its share (one a round to mail whose token fails and to the GM, ten to
    requests); "leaks found": an answer to anyone but the registered address, or one to
    the GM that quotes the forged mail."""
    total = Counter()
    total.details = []
    for kind, (sender, make) in FLOODS.items():
        for size in sizes:
            camp = make_campaign(root / f"{kind.replace(' ', '_').replace(',', '')}-{size}" / "war")
            camp.replace_gm_token(GM_TOKEN)
            with clock.frozen_at(START):
                for n in range(size):
                    subject, body = make(n)
                    _take(camp, forged(sender or f"mallory{n % 3}@evil.example", subject, body, f"<forged-{n}@x>"),
                          total)
                real_mail(camp, sender == "gm@example.org", total)
            total.update({"trials": 1, "faults injected": size})
            judge_flood(camp, kind, size, total)
    return total


def _take(camp: Campaign, raw: bytes, total: Counter):
    from pbem.mail_intake import take_raw

    began = time.perf_counter()
    outcome = take_raw(camp, raw)
    total["slow cases"] += time.perf_counter() - began > SLOW_SECONDS
    if "could not be taken" in outcome.detail:
        total["crashes found"] += 1
        total.details.append(outcome.detail[:200])
    return outcome


def real_mail(camp: Campaign, gm: bool, total: Counter) -> None:
    """The real sender's own mail after the flood."""
    if gm:
        _take(camp, forged("gm@example.org", "[war] roll 2d6 for the siege", f'token = "{GM_TOKEN}"\n',
                           "<real-1@x>"), total)
        return
    mistyped = orders_text("bob", TOKENS["bob"]).replace('targets = ["Gifu"]', 'targets = [ = ["Gifu"')
    _take(camp, forged("bob@example.org", "[war] orders", mistyped, "<real-1@x>"), total)
    _take(camp, forged("bob@example.org", "[war] orders", orders_text("bob", TOKENS["bob"]), "<real-2@x>"), total)


def judge_flood(camp: Campaign, kind: str, size: int, total: Counter) -> None:
    from pbem import roll
    from pbem.mail_intake import MAX_REPLIES

    gm = kind.startswith("roll from the GM")
    sent = outbox(camp)
    answered = {m["In-Reply-To"] for m in sent}
    for wanted in ("<real-1@x>",) if gm else ("<real-1@x>", "<real-2@x>"):
        if wanted not in answered:
            total["reports lost"] += 1
            total.details.append(f"{kind}, {size}: the real {wanted} got no answer")
    if (not roll.pending(camp)) if gm else ("bob" not in camp.pending_orders()):
        total["orders lost"] += 1
        total.details.append(f"{kind}, {size}: the real mail's {'roll' if gm else 'orders'} not taken")
    to_forged = [m for m in sent if m["In-Reply-To"] not in ("<real-1@x>", "<real-2@x>")
                 and not m["Subject"].startswith("[war] Round")]
    share = MAX_REPLIES if kind == "plain requests" else 1   # the requests' own share; one a round to the rest
    total["duplicate sends"] += max(0, len(to_forged) - share)
    registered = {"gm@example.org", *(f"{p}@example.org" for p in PLAYERS)}
    for message in sent:
        to = message["To"].addresses[0].addr_spec
        if to not in registered or (to == "gm@example.org" and "evil" in message.as_string()):
            total["leaks found"] += 1
            total.details.append(f"{kind}, {size}: {message['Subject']} to {to}")
