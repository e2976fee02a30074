"""English found in a text meant to be Spanish, and a campaign whose Spanish player gets every common mail the
shell writes."""
from __future__ import annotations

import hashlib
import re
from datetime import timedelta

from conftest import START, TOKENS

from pbem import catalogues, clock
from pbem.campaign import Campaign, Player
from pbem.create import new_campaign
from pbem.history import rollback
from pbem.inbox import take_inbox
from pbem.mail_intake import MAX_MESSAGE_BYTES, take_raw
from pbem.players import set_player
from pbem.rounds import resolve
from pbem.tick import extend_deadline, remind
from tests.support.mails import mail

ENGLISH_WORDS = (" the ", " and ", " of ", " your ", " you ", " orders ", " round ", " was ", " is ")


FIELDS = re.compile(r"%\(\w+\)s|\{[^}]*\}")


def english_fragments() -> list[str]:
    """The English of the common catalogue that Spanish says otherwise, cut at its values: each piece of three
    words or more must not be found in a Spanish mail."""
    pieces = set()
    catalogue = catalogues.read("common", "es")
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            for piece in FIELDS.split(english):
                piece = " ".join(piece.split())
                if len(piece.split()) >= 3 and not any(piece in s for s in strings):
                    pieces.add(piece)
    return sorted(pieces)


def english_in(text: str) -> list[str]:
    flat = " " + " ".join(text.split()) + " "
    return [piece for piece in english_fragments() if piece in flat] + [w for w in ENGLISH_WORDS if w in flat]


def play(folder, ann_language: str) -> Campaign:
    """A campaign in which ann (reading `ann_language`) gets every common mail the shell writes, and bob and cho
    the same events in English."""
    with clock.frozen_at(START):
        camp = new_campaign(folder, game_name="age-of-war", gm="gm@example.org",
                            players=[Player("ann", "ann@example.org", ann_language),
                                     Player("bob", "bob@example.org"), Player("cho", "cho@example.org")],
                            secret=hashlib.sha256(b"spanish").digest(), tokens=dict(TOKENS), deadline_hours=48,
                            settings={"timezone": "Europe/Madrid", "remind_hours": 24})
        (folder / "inbox" / "bad.toml").write_text(   # every problem the shell's own (its envelope)
            f'token = "{TOKENS["ann"]}"\nplayer = "ann"\nround = 7\nfinal = "yes"\nnonce = "a b"\n'
            'targets = ["auto"]\n')
        take_inbox(camp)
        take_raw(camp, mail("hello", subject="[war] hello", message_id="<help@x>"))
        take_raw(camp, mail("", subject="[war] json", message_id="<json@x>"))
        take_raw(camp, mail("", subject="[war] status", message_id="<status@x>"))
        big = mail("x" * (MAX_MESSAGE_BYTES + 10), subject="[war] orders", message_id="<big@x>")
        take_raw(camp, big)
        take_raw(camp, mail("where?", subject="[feud] status", message_id="<lost@x>"))
    with clock.frozen_at(START + timedelta(hours=13)):
        take_raw(camp, mail("where?", subject="[feud] status", message_id="<lost@x>"))
    with clock.frozen_at(START + timedelta(hours=25)):
        remind(camp)
        (folder / "inbox" / "good.toml").write_text(
            f'token = "{TOKENS["ann"]}"\nplayer = "ann"\nround = 1\ntargets = ["auto"]\n')
        take_inbox(camp)
        extend_deadline(camp, 24)
        set_player(camp, "ann", email="ann@new.example.org")
    with clock.frozen_at(START + timedelta(hours=30)):
        resolve(camp, force=True)
        rollback(camp, 0, "el correo perdió las órdenes de bob")   # the GM's words, as written
    return camp
