"""A campaign of two Spanish and two English players: each gets every mail in his own language, from the welcome
letter to the reports, their pages and pictures and the order forms in them."""
from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy

from conftest import START

from pbem import clock, languages
from pbem.campaign import Player
from pbem.create import new_campaign
from pbem.rounds import resolve

KEY_VALUE = re.compile(r"\b[a-z_]+ =( \S+)?")
PLAYERS = {"ann": "es", "bob": "en", "cho": "es", "dan": "en"}
ENGLISH = (" the ", " and ", " your ", " orders ", " round ", " report ")
SPANISH = (" la ", " los ", " tus ", " órdenes ", " ronda ", " informe ")


def words(text: str) -> str:
    """The text's words, the order file's `key = value` aside (TOML keys are the format, in any language)."""
    return " " + " ".join(KEY_VALUE.sub(" ", text).lower().split()) + " "


def test_a_campaign_of_two_spanish_and_two_english_players_sends_each_his_own_language(tmp_path):
    assert "es" in languages.offered("ikusa")
    with clock.frozen_at(START):
        camp = new_campaign(tmp_path / "feud", game_name="ikusa", gm="gm@example.org",
                            players=[Player(name, f"{name}@example.org", language)
                                     for name, language in PLAYERS.items()], secret=b"two languages" * 3)
    for number in (1, 2, 3):
        with clock.frozen_at(START + timedelta(days=number)):
            resolve(camp, force=True)
    compared = pictures = 0
    for path in sorted((camp.folder / "outbox").glob("*.eml")):
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        name = message["To"].addresses[0].addr_spec.split("@")[0]
        spoken, other = (SPANISH, ENGLISH) if PLAYERS[name] == "es" else (ENGLISH, SPANISH)
        text = message.get_body(("plain",)).get_content()
        page = message.get_body(("html",))
        told = words(str(message["Subject"]) + " " + text.split("# ---", 1)[0])   # the order form's TOML aside
        assert sum(word in told for word in spoken) >= 2, (path.name, told[:400])
        assert [word for word in other if word in told] == [], (path.name, told[:400])
        if page is not None:
            html = page.get_content()
            assert f'lang="{PLAYERS[name]}"' in html or PLAYERS[name] == "en", path.name
            pictures += 'src="cid:picture.' in html and 'alt="' in html
        compared += 1
    assert compared >= 4 * 4 and pictures >= 4 * 3, (compared, pictures)
