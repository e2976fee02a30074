"""What players read names what players can do: the mail requests, never a GM's `pbem` command; and an order file
that still carries the form's token placeholder is told so, in the player's language."""
from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy

import pytest
from conftest import START, TOKENS, make_campaign, run, subcommands

from pbem import catalogues, clock, languages
from pbem.campaign import Player
from pbem.cli import cli
from pbem.create import new_campaign
from pbem.inbox import take_inbox
from pbem.mail_intake import take_raw
from pbem.orders import OrdersRejected, describe, read_orders
from pbem.rounds import resolve
from pbem.tokens import TOKEN_PLACEHOLDER
from tests.support.mails import mail
from tests.support.spanish import play

COMMANDS = "|".join(re.escape(name) for name, _ in subcommands(cli))   # pbem's own: new, orders, report, odds, ...
GM_COMMAND = re.compile(rf"\bpbem\s+({COMMANDS})\b")
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


def gm_commands_in(texts: dict[str, str]) -> list[tuple[str, str]]:
    return [(name, match.group(0)) for name, text in texts.items() for match in GM_COMMAND.finditer(text)]


def test_the_pattern_finds_a_gm_command_and_not_the_checker_players_may_run():
    assert gm_commands_in({"a": "run pbem orders check CAMPAIGN FILE", "b": "(`pbem report` gives it again)",
                           "c": "python3 checker.py *.json.gz (pbem/checker.py in pbem's source)"}) == [
        ("a", "pbem orders"), ("b", "pbem report")]


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_mail_of_a_played_campaign_tells_a_player_to_run_a_pbem_command(tmp_path, spanish, language):
    camp = play(tmp_path / "war", language)
    with clock.frozen_at(START + timedelta(hours=31)):
        take_raw(camp, mail("", subject="[war] form", message_id="<form@x>"))
        take_raw(camp, mail("", subject="[war] help", message_id="<help2@x>"))
        take_raw(camp, mail('round = 1\nplayer = "ann"\ntoken = ""\n', subject="[war] orders",
                            message_id="<empty@x>"))
    texts = texts_of(camp.folder)
    told = "\n".join(texts.values())
    assert len(texts) >= 20 and "[war] form" in told and "[war] help" in told
    assert ("token = " in told) and ("La respuesta dice exactamente" in told) == (language == "es")
    assert gm_commands_in(texts) == []


def test_no_mail_of_an_ikusa_campaign_in_two_languages_tells_a_player_to_run_a_pbem_command(tmp_path):
    with clock.frozen_at(START):
        camp = new_campaign(tmp_path / "feud", game_name="ikusa", gm="gm@example.org",
                            players=[Player(name, f"{name}@example.org", language)
                                     for name, language in (("ann", "es"), ("bob", "en"), ("cho", "en"))],
                            secret=b"player texts" * 3)
    for number in (1, 2):
        with clock.frozen_at(START + timedelta(days=number)):
            resolve(camp, force=True)
    texts = texts_of(camp.folder)
    told = "\n".join(texts.values())
    assert len(texts) >= 9 and "The answer to your orders shows" in told and "La respuesta a tus órdenes" in told
    assert gm_commands_in(texts) == []


def test_no_message_of_any_catalogue_names_a_gm_command_in_english_or_its_translation():
    said = {}
    for folder in catalogues.folders():
        for message in catalogues.read(folder, "es"):
            if not message.id:
                continue
            for n, text in enumerate((*message.id, *message.string) if isinstance(message.id, tuple)
                                     else (message.id, message.string)):
                said[f"{folder}: {message.id!r} [{n}]"] = text
    assert len(said) > 1000
    assert gm_commands_in(said) == []


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
