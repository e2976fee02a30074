"""An order file that still carries the form's token placeholder is told that it left the placeholder, in the
player's language, not that the token does not match."""
from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from conftest import START, TOKENS, make_campaign, run

from pbem import clock, languages
from pbem.campaign import TOKEN_PLACEHOLDER, Player
from pbem.create import new_campaign
from pbem.inbox import take_inbox
from pbem.mail_intake import take_raw
from pbem.orders import OrdersRejected, describe, read_orders
from tests.test_mail_intake import mail

PLACEHOLDER_EN = "you left the form's placeholder"
PLACEHOLDER_ES = "has dejado el texto provisional del formulario"


@pytest.fixture
def spanish(monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})   # its catalogues exist


def texts_of(folder) -> dict[str, str]:
    """Every mail of the outbox as one text: its subject, its plain and HTML bodies and its text attachments."""
    found = {}
    for path in sorted((folder / "outbox").glob("*.eml")):
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        parts = [str(message["Subject"])]
        for part in message.walk():
            if part.get_content_maintype() == "text":
                parts.append(part.get_content())
        found[path.name] = "\n".join(parts)
    return found


def test_an_order_file_with_the_forms_placeholder_is_told_it_left_the_placeholder(tmp_path):
    war = make_campaign(tmp_path / "war")
    form = run("orders", "template", war.folder, "ann").out
    assert f'token = "{TOKEN_PLACEHOLDER}"' in form
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(war, form.encode(), "test", require_token=True)
    assert [(p.field, p.code, p.values) for p in rejected.value.problems] == [("token", "token-placeholder", {})]
    told = describe(rejected.value.problems[0])
    assert PLACEHOLDER_EN in told and "welcome message" in told and "does not match" not in told
    assert PLACEHOLDER_ES in describe(rejected.value.problems[0], "es", war.game)
    lowered = form.replace(TOKEN_PLACEHOLDER, f" {TOKEN_PLACEHOLDER.lower()} ")
    with pytest.raises(OrdersRejected) as again:
        read_orders(war, lowered.encode(), "test", require_token=True)
    assert [p.code for p in again.value.problems] == ["token-placeholder"]


def test_a_token_that_is_neither_the_placeholder_nor_the_players_still_does_not_match(tmp_path):
    war = make_campaign(tmp_path / "war")
    form = run("orders", "template", war.folder, "ann").out.replace(TOKEN_PLACEHOLDER, TOKENS["bob"])
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(war, form.encode(), "test", require_token=True)
    assert [p.code for p in rejected.value.problems] == ["wrong-token"]


@pytest.mark.parametrize(("language", "told", "not_told"), [
    ("en", PLACEHOLDER_EN, "the token does not match"),
    ("es", PLACEHOLDER_ES, "la clave no corresponde"),
])
def test_the_form_mailed_back_with_its_placeholder_is_answered_in_the_players_language(
        tmp_path, spanish, language, told, not_told):
    with clock.frozen_at(START):
        camp = new_campaign(tmp_path / "war", game_name="age-of-war", gm="gm@example.org",
                            players=[Player("ann", "ann@example.org", language), Player("bob", "bob@example.org")],
                            secret=b"placeholder" * 3, tokens=dict(TOKENS))
        form = run("orders", "template", camp.folder, "ann").out
        outcome = take_raw(camp, mail(form, subject="Re: [war] Round 0 report", message_id="<kept@x>"))
        (camp.folder / "inbox" / "ann.toml").write_text(form)
        take_inbox(camp)
    assert outcome.action == "rejected" and camp.pending_orders() == {}
    answers = [text for name, text in texts_of(camp.folder).items() if name.startswith(("mail-", "ack-"))]
    assert len(answers) >= 2
    for text in answers:
        flat = " ".join(text.split())
        assert told in flat and not_told not in flat, flat
