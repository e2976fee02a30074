"""Press and private messages: what players (and the GM) say to each other between rounds.

A player writes to the campaign's mailbox with the subject `[tag] press` (or `[tag] press anonymous`, where
the campaign allows it) to publish a text to every player, or `[tag] to NAME` to have it relayed to one
player alone (where the campaign allows private messages); the GM announces with `pbem press`. A player's
text must come from the player's registered address and carry the player's token on a line of its own,
`token = "..."`, as an order file does: a stranger's mail, or one with a wrong token, is never published; nor
is a text, the GM's too, that holds any player's token or the GM's anywhere else, in any shape (holds_a_token).

What is accepted is stored for the open round (press/), and recorded in the round's inputs when it is resolved
("press", "private_messages"), so that a replay tells it again; compute_round (pbem/rounds.py) makes it events
of the round, after the game's: "press" seen by all, "private_message" by its two ends alone, and the reports
tell them (templates/common/press.*.j2). A private message is also relayed at once, in a mail from the
campaign's address that names the sender's player and no address.

Campaign settings, in campaign.toml's [campaign]: `press = "signed" | "anonymous" | "off"` (default "signed":
every press is signed with the player's name; "anonymous": a player may also ask for it to go unsigned;
"off": no press from players, the GM's announcements still go out) and `private_messages = true | false`
(default false).
"""
from __future__ import annotations

import hashlib
import json
import re
import string
import unicodedata

from engine.events import ALL, event
from pbem import clock
from pbem.files import make_folder, read_record, write_atomic
from pbem.tokens import TOKEN_PLACEHOLDER, hash_token

PRESS_SETTINGS = ("signed", "anonymous", "off")
PRESS_FOLDER = "press"
MAX_CHARACTERS = 4000   # one text, after it is cleaned
MAX_LINES = 60
MAX_PER_ROUND = 10      # texts one player may have stored for one round, press and private messages together
TOKEN_LINE = re.compile(r'^\s*>?\s*token\s*=\s*["\u201c\u201d]([^"\u201c\u201d]*)["\u201c\u201d]\s*$',
                        re.IGNORECASE)
KINDS = ("press", "private_message")   # the shell's event kinds, common to every game
GM_SIGNATURE = "gm"


def request_of(subject_words: list[str]) -> tuple[str, str | None] | None:
    """The press request the subject's words make (tag and "Re:" taken away): ("press", None),
    ("press", "anonymous"), ("to", NAME) or ("to", None) when no name follows; None if it is none."""
    if not subject_words:
        return None
    first = subject_words[0].lower().strip(".:!?")
    if first == "press":
        rest = [word.lower().strip(".:!?") for word in subject_words[1:]]
        return ("press", "anonymous") if rest[:1] == ["anonymous"] else ("press", None)
    if first == "to":
        return ("to", subject_words[1].strip(".:!?,") if len(subject_words) > 1 else None)
    return None


def body_parts(text: str) -> tuple[list[str], str]:
    """(the tokens written on `token = "..."` lines, the text without them): the player's own lines, above any
    signature or quoted original."""
    from pbem.mailorders import ATTRIBUTION, QUOTE, _without_signature

    lines = _without_signature(text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff").split("\n"))
    tokens, kept = [], []
    for line in lines:
        match = TOKEN_LINE.match(line)
        if match:
            tokens.append(match.group(1).strip())
        elif not QUOTE.match(line) and not ATTRIBUTION.match(line):
            kept.append(line)
    return tokens, "\n".join(kept)


def cleaned(text: str) -> str:
    """The text as reports may tell it: no control or format characters (a line break and the joiner of emoji
    aside), tabs as spaces, no trailing spaces, at most one empty line in a row, none at either end."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    text = "".join(char for char in text if char in "\n\u200d" or unicodedata.category(char)[0] != "C")
    lines = [line.rstrip() for line in text.split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return text.strip("\n")


def refusal(campaign, kind: str, sender: str, value: str | None, tokens: list[str], text: str,
            key: str = "") -> str | None:
    """Why a player's text (`kind` "press" or "private_message"; `value` "anonymous" or None for press, the
    recipient for a private message) may not be stored, or None; common/press_answer.txt.j2 tells each."""
    if campaign.is_over():
        return "game over"
    if kind == "press" and campaign.press == "off":
        return "no press"
    if kind == "press" and value == "anonymous" and campaign.press != "anonymous":
        return "no anonymous press"
    if kind == "private_message" and not campaign.private_messages:
        return "no private messages"
    if kind == "private_message" and value not in campaign.player_names:
        return "no such player"
    if kind == "private_message" and value == sender:
        return "to yourself"
    if not tokens or tokens == [TOKEN_PLACEHOLDER]:
        return "no token"
    if not all(campaign.token_matches(sender, token) for token in tokens):
        return "wrong token"
    if not text:
        return "empty"
    if too_long(text):
        return "too long"
    if holds_a_token(campaign, text):   # after too_long, which bounds its work
        return "token in text"
    if stored_by(campaign, sender, key) >= MAX_PER_ROUND:
        return "too many"
    return None


TOKEN_ALPHABET = frozenset(string.ascii_letters + string.digits + "-_")   # secrets.token_urlsafe's: every token
SCANNED_LENGTHS = range(8, 33)   # the windows hashed; pbem makes tokens of 24 (pbem/create.py, players.py, cli.py)
FOLDED_MOST = 1   # a character NFKC makes longer ("\u3392" is "MHz") is none: the text's length bounds the work


def holds_a_token(campaign, text: str) -> bool:
    """Whether any player's token or the GM's is in the text, in any shape: such a text is never published.

    secrets.toml keeps only the tokens' hashes, so every candidate is hashed: the text is made its token
    characters alone (NFKC first, so that a full-width token is one; spaces, punctuation, line breaks and
    whatever else between taken out), and every window of SCANNED_LENGTHS over that is a candidate, as is every
    run of token characters, whatever its length. Each candidate is hashed as written, and all in lower and all
    in upper case; its hash is looked for among the tokens' (a token of one case, written in any case) and the
    lower-cased window's among the tokens' folded hashes (a mixed-case token written in any case: a reader could
    try the cases). The text is at most MAX_CHARACTERS long, which bounds the work."""
    hashes = campaign.token_hashes() | campaign.folded_token_hashes()
    return bool(hashes) and any(hash_token(candidate) in hashes for candidate in token_candidates(text))


def token_candidates(text: str):
    """What holds_a_token hashes: each word as it stands, each run of token characters, and each window of
    SCANNED_LENGTHS over the token characters run together, as written, in lower and in upper case."""
    yield from {word.strip("\"'.,;:!?()[]{}<>") for word in text.split()}
    characters = token_characters(text)
    yield from {run for run in characters.split("\0") if run}
    joined = characters.replace("\0", "")
    for variant in {joined, joined.lower(), joined.upper()}:
        for size in SCANNED_LENGTHS:
            for start in range(len(variant) - size + 1):
                yield variant[start:start + size]


def token_characters(text: str) -> str:
    """The text's token characters in their order, NFKC-folded, each run of other characters one NUL."""
    kept = []
    for char in text:
        folded = unicodedata.normalize("NFKC", char) if ord(char) > 127 else char
        if len(folded) <= FOLDED_MOST and all(c in TOKEN_ALPHABET for c in folded):
            kept.append(folded)
        elif not kept or kept[-1] != "\0":
            kept.append("\0")
    return "".join(kept)


def too_long(text: str) -> bool:
    return len(text) > MAX_CHARACTERS or text.count("\n") + 1 > MAX_LINES


# --- the texts stored for the open round -----------------------------------------------------------------

def folder(campaign):
    return campaign.folder / PRESS_FOLDER


def store(campaign, kind: str, key: str, text: str, *, sender: str | None, recipient: str | None = None,
          anonymous: bool = False) -> dict:
    """Keep a text for the open round (once per key). `sender` None is the GM."""
    number = campaign.open_round
    record = {"round": number, "kind": kind, "key": key, "received": clock.stamp(clock.now()), "text": text,
              "signature": GM_SIGNATURE if sender is None else "anonymous" if anonymous else "player"}
    if sender is not None:
        record["player"] = sender
    if recipient is not None:
        record["to"] = recipient
    path = folder(campaign) / f"r{number:04d}-{key}.json"
    record["seq"] = len(pending(campaign, number))   # the order they came in, within one second too
    if not path.is_file():
        make_folder(path.parent)
        write_atomic(path, json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
    return record


def pending(campaign, number: int | None = None) -> list[dict]:
    """The texts stored for the open round (or round `number`), in the order they came."""
    where = folder(campaign)
    if not where.is_dir():
        return []
    number = campaign.open_round if number is None else number
    found = [read_record(path) for path in sorted(where.glob(f"r{number:04d}-*.json"))]
    return sorted((r for r in found if r.get("round") == number),
                  key=lambda r: (r["received"], r.get("seq", 0), r["key"]))


def stored_by(campaign, player: str, besides: str = "") -> int:
    """How many texts the player has stored for the open round, the one of key `besides` left out (a mail taken
    again after a crash)."""
    return sum(1 for record in pending(campaign) if record.get("player") == player and record["key"] != besides)


def forget_resolved(campaign, last: int) -> None:
    """Texts of rounds resolved already are in those rounds' inputs: their files go."""
    where = folder(campaign)
    for path in where.glob("r*.json") if where.is_dir() else ():
        if read_record(path).get("round", 0) <= last:
            path.unlink()


def restore(campaign, number: int, inputs: dict, archive) -> None:
    """After a rollback (pbem/history.py): the texts stored for rounds still to come go to the archive with the
    orders, and those recorded in round `number`, undone and to be played again, are stored for it anew: they
    were said, and the re-run's reports tell them (a private message is not relayed twice)."""
    from pbem.files import move_atomic

    where = folder(campaign)
    for path in sorted(where.glob("r*.json")) if where.is_dir() else ():
        move_atomic(path, archive / PRESS_FOLDER / path.name)
    said = [("press", r) for r in inputs.get("press", [])] + [("private_message", r)
                                                               for r in inputs.get("private_messages", [])]
    for seq, (kind, recorded) in enumerate(said):
        key = f"{archive.name}-{seq:03d}"
        record = {"round": number, "kind": kind, "key": key, "received": clock.stamp(clock.now()), "seq": seq,
                  **recorded}
        make_folder(where)
        write_atomic(where / f"r{number:04d}-{key}.json", json.dumps(record, sort_keys=True, ensure_ascii=False)
                     + "\n")


def inputs_of(records: list[dict]) -> dict:
    """The round's inputs for these texts: "press" and "private_messages", each left out when empty (rounds
    without any record what they always did)."""
    press = [_recorded(r) for r in records if r["kind"] == "press"]
    private = [_recorded(r) for r in records if r["kind"] == "private_message"]
    return {**({"press": press} if press else {}), **({"private_messages": private} if private else {})}


def _recorded(record: dict) -> dict:
    return {key: record[key] for key in ("signature", "player", "to", "text") if key in record}


def events_of(inputs: dict) -> list[dict]:
    """The round's press and private messages as events, as recorded in its inputs: press seen by all, signed
    (the player's name), anonymous (no name: the inputs alone, the GM's record, say whose) or the GM's; a
    private message by its two ends alone."""
    found = []
    for said in inputs.get("press", []):
        values = {"signature": said["signature"], "text": said["text"]}
        if said["signature"] == "player":
            values["player"] = said["player"]
        found.append(event("press", ALL, **values))
    for said in inputs.get("private_messages", []):
        found.append(event("private_message", [said["player"], said["to"]], player=said["player"], to=said["to"],
                           text=said["text"]))
    return found


def gm_key(text: str) -> str:
    return "gm-" + hashlib.sha256(f"{clock.stamp(clock.now())}\n{text}".encode()).hexdigest()[:20]
