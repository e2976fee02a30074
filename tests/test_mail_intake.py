"""Taking one mail: orders stored and answered in thread, requests answered, the rest set aside quietly."""
from __future__ import annotations

import json
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from pbem import clock, mail_intake
from pbem.mail_intake import MAX_REPLIES, MAX_UNPROVEN_REPLIES, mail_key, take_raw
from tests.conftest import START, TOKENS, run
from tests.support.mails import answers, mail


def orders(player="ann", token=None, targets='["Gifu"]', round_number=1) -> str:
    token = TOKENS[player] if token is None else token
    return f'campaign = "war"\nround = {round_number}\nplayer = "{player}"\ntoken = "{token}"\ntargets = {targets}\n'


@pytest.fixture
def now():
    with clock.frozen_at(START):
        yield


def test_orders_in_a_reply_are_stored_and_answered_in_the_same_thread(campaign, now):
    raw = mail("My orders:\n\n" + orders(), References="<war.r0000@example.org>")
    outcome = take_raw(campaign, raw)
    assert (outcome.action, outcome.player) == ("accepted", "ann")
    assert campaign.pending_orders()["ann"]["orders"]["targets"] == ["Gifu"]
    [answer] = answers(campaign).values()
    assert answer["To"] == "ann <ann@example.org>"
    assert answer["In-Reply-To"] == "<a1@mail.example>"
    assert answer["References"] == "<war.welcome-ann@example.org> <war.r0000@example.org> <a1@mail.example>"
    text = answer.get_content()
    assert "were accepted" in text and 'targets = ["Gifu"]' in text and TOKENS["ann"] not in text
    assert (campaign.folder / "received" / f"mail-{outcome.key}.eml").read_bytes() == raw


def test_the_same_message_delivered_twice_is_taken_once(campaign, now):
    raw = mail(orders())
    first, second = take_raw(campaign, raw), take_raw(campaign, raw)
    assert first.action == "accepted" and second.action == "seen before"
    assert len(answers(campaign)) == 1
    assert json.loads((campaign.folder / "received" / f"mail-{first.key}.json").read_text())["action"] == "accepted"


def test_two_different_messages_have_different_keys_and_a_copy_has_the_same():
    one, other = mail(orders()), mail(orders(), message_id="<a2@mail.example>")
    assert mail_key(one) != mail_key(other)
    assert mail_key(one) == mail_key(one.replace(b"\r\n", b"\n"))
    without_id = mail(orders(), message_id=None)
    assert mail_key(without_id) != mail_key(mail("other", message_id=None))


def test_a_wrong_token_is_rejected_with_every_error_naming_its_line(campaign, now):
    outcome = take_raw(campaign, mail(orders(token="guess", targets='["Nowhere"]')))
    assert outcome.action == "rejected" and outcome.player == "ann"
    assert "ann" not in campaign.pending_orders()
    [answer] = answers(campaign).values()
    text = answer.get_content()
    assert "rejected" in text and "line 4, token: the token does not match" in text
    assert "line 5, targets" in text


def test_a_right_token_from_an_unregistered_address_is_refused_and_the_player_told(campaign, now):
    outcome = take_raw(campaign, mail(orders(), sender="ann@elsewhere.example"))
    assert outcome.action == "rejected" and "ann" not in campaign.pending_orders()
    [answer] = answers(campaign).values()
    assert answer["To"] == "ann <ann@example.org>"
    assert "not your registered one" in answer.get_content()
    assert "elsewhere" not in answer.as_string()


def test_a_campaign_may_accept_a_right_token_from_any_address_and_still_tells_the_player(campaign, now):
    campaign.mail["accept_unregistered"] = True
    outcome = take_raw(campaign, mail(orders(), sender="ann@elsewhere.example"))
    assert outcome.action == "accepted" and "ann" in campaign.pending_orders()
    [answer] = answers(campaign).values()
    assert answer["To"] == "ann <ann@example.org>"
    assert "not your registered one" in answer.get_content() and "The token matched" in answer.get_content()


def test_an_auto_reply_is_set_aside_without_an_answer(campaign, now):
    outcome = take_raw(campaign, mail("I am on holiday.\n" + orders(), Auto_Submitted="auto-replied"))
    assert outcome.action == "set aside" and not answers(campaign)
    assert "ann" not in campaign.pending_orders()


def test_mail_from_a_stranger_without_orders_gets_no_answer(campaign, now):
    outcome = take_raw(campaign, mail("Cheap watches!", sender="spam@example.net", subject="Offer"))
    assert outcome.action == "set aside" and not answers(campaign)


def test_a_player_writing_without_orders_gets_the_help_once(campaign, now):
    outcome = take_raw(campaign, mail("What do I do now?"))
    assert outcome.action == "help"
    [answer] = answers(campaign).values()
    assert "No orders were found" in answer.get_content() and "[war] report" in answer.get_content()


@pytest.mark.parametrize("request_word, expect", [
    ("report", "Round 0 report (sent again)"),
    ("form", "Round 1 order form"),
    ("status", "Status"),
])
def test_a_player_may_ask_by_mail_for_the_report_the_form_or_the_status(campaign, now, request_word, expect):
    outcome = take_raw(campaign, mail("", subject=f"[war] {request_word}"))
    assert outcome.action == "request"
    [answer] = answers(campaign).values()
    assert answer["Subject"] == f"[war] {expect}"
    text = answer.get_content().replace("\r\n", "\n")
    if request_word == "report":
        assert text == (campaign.round_dir(0) / "reports" / "ann.txt").read_text()
    elif request_word == "form":
        assert 'player = "ann"' in text and "round = 1" in text
    else:
        assert "Round 1 is open" in text and "Outbox" not in text   # the welcome letters wait there


def test_a_stranger_asking_for_a_report_gets_nothing(campaign, now):
    outcome = take_raw(campaign, mail("", subject="[war] report", sender="eve@example.net"))
    assert outcome.action == "set aside" and not answers(campaign)


def test_mail_tagged_for_another_campaign_is_left_alone_and_not_kept(campaign, now):
    unnamed = orders().replace('campaign = "war"\n', "")   # the subject alone says which campaign
    outcome = take_raw(campaign, mail(unnamed, subject="Re: [feud] Round 3 report"))
    assert outcome.action == "other campaign" and not outcome.taken
    assert not (campaign.folder / "received").exists() or not list((campaign.folder / "received").iterdir())


def test_answers_to_one_player_stop_after_the_limit_of_a_round(campaign, now):
    for n in range(MAX_REPLIES + 3):
        assert take_raw(campaign, mail("hello?", message_id=f"<loop{n}@mail.example>")).action == "help"
    assert len(answers(campaign)) == MAX_REPLIES


def test_a_mail_that_breaks_the_intake_is_kept_and_set_aside_and_the_next_is_taken(campaign, now, monkeypatch):
    real = mail_intake.take_mail

    def broken(campaign, found, key):
        if "boom" in found.subject:
            raise RuntimeError("boom")
        return real(campaign, found, key)

    monkeypatch.setattr(mail_intake, "take_mail", broken)
    bad = take_raw(campaign, mail(orders(), subject="[war] boom"))
    good = take_raw(campaign, mail(orders(), message_id="<a2@mail.example>"))
    assert bad.action == "set aside" and "RuntimeError" in bad.detail
    assert (campaign.folder / "received" / f"mail-{bad.key}.eml").is_file()
    assert good.action == "accepted"


def test_a_hostile_message_id_is_not_echoed_into_the_answer(campaign, now):
    raw = mail(orders()).replace(b"Message-ID: <a1@mail.example>", b"Message-ID: <x@y>\r\n Bcc: eve@example.net")
    outcome = take_raw(campaign, raw)
    assert outcome.action == "accepted"
    [answer] = answers(campaign).values()
    assert answer["In-Reply-To"] is None and answer["Bcc"] is None


def test_accepted_orders_are_always_answered_even_past_the_limit(campaign, now):
    for n in range(MAX_REPLIES):
        take_raw(campaign, mail("hello?", message_id=f"<loop{n}@mail.example>"))
    outcome = take_raw(campaign, mail(orders(), message_id="<final@mail.example>"))
    assert outcome.action == "accepted"
    assert len(answers(campaign)) == MAX_REPLIES + 1


def test_ikusa_orders_by_mail_are_answered_with_the_odds_of_every_declared_battle(tmp_path, now):
    from pbem.rounds import resolve
    from tests.conftest import make_campaign

    camp = make_campaign(tmp_path / "war", game="ikusa", missing_orders="computer")
    game = camp.game
    for _ in range(12):   # the computers play until one of them would declare a battle
        state = camp.state()
        declared = {}
        for player in camp.player_names:
            orders = game.computer_orders(game.view(state, player), player)
            checked = game.check_orders(state, player, orders)
            if checked.forecast:
                declared[player] = checked
        if declared:
            break
        resolve(camp, force=True)
    assert declared, "no computer player declared a battle in twelve rounds"
    player, checked = sorted(declared.items())[0]
    text = (f'campaign = "war"\nround = {camp.open_round}\nplayer = "{player}"\ntoken = "{TOKENS[player]}"\n'
            + game.format_orders(checked.orders))
    outcome = take_raw(camp, mail(text, sender=f"{player}@example.org", message_id="<war-orders@x.example>"))
    assert outcome.action == "accepted", outcome
    [answer] = [m for m in answers(camp).values() if "orders accepted" in m["Subject"]]
    text = answer.get_content()
    assert "Battle odds" in text
    assert sum(text.count(told) for told in ("the attacker wins", "no battle to forecast")) == len(checked.forecast)


def test_a_mail_too_large_to_read_is_set_aside_and_only_a_player_is_told(campaign, now):
    photo = "x" * (mail_intake.MAX_MESSAGE_BYTES + 1)
    from_ann = take_raw(campaign, mail(orders() + photo))
    from_stranger = take_raw(campaign, mail(photo, sender="eve@example.net", message_id="<big2@x.example>"))
    assert from_ann.action == from_stranger.action == "set aside"
    assert "ann" not in campaign.pending_orders()
    [answer] = answers(campaign).values()
    assert answer["To"] == "ann <ann@example.org>" and "not read" in answer.get_content()
    assert not list((campaign.folder / "received").glob("*.eml"))


def test_a_stranger_flooding_in_a_players_name_never_uses_up_the_answers_the_player_gets(campaign, now):
    for n in range(12):
        take_raw(campaign, mail(orders(player="bob", token=f"guess-{n}"), sender="mallory@evil.example",
                                message_id=f"<flood{n}@evil.example>"))
    to_bob = [name for name in answers(campaign) if "-bob-" in name]
    assert len(to_bob) == MAX_UNPROVEN_REPLIES   # the strangers' share, and no more
    own = take_raw(campaign, mail(orders(player="bob", token="mistyped"), sender="bob@example.org",
                                  message_id="<bob-own@example.org>"))
    assert own.action == "rejected"
    mine = [m for name, m in answers(campaign).items() if "-bob-" in name and name not in to_bob]
    assert len(mine) == 1 and "the token does not match" in mine[0].get_content()


def test_orders_sent_in_another_players_name_do_not_tell_that_player_the_senders_address(campaign, now):
    take_raw(campaign, mail(orders(player="bob", token="guess"), sender="ann@example.org"))
    [answer] = answers(campaign).values()
    assert answer["To"] == "bob <bob@example.org>" and "ann@example.org" not in answer.as_string()
    assert "not your registered one" in answer.get_content()


def test_a_mailed_rejection_counts_lines_from_the_top_of_what_the_player_sent(campaign, now):
    body = ("Hello GM,\n\nhere are my orders.\n\n" + f'campaign = "war"\nround = 1\nplayer = "ann"\n'
            f'token = "{TOKENS["ann"]}"\ntargets = ["Nowhere"]\n\nAnn\n')
    take_raw(campaign, mail(body))
    [answer] = answers(campaign).values()
    assert "line 9, targets" in answer.get_content()   # "targets" is the body's 9th line


def test_a_byte_order_mark_at_the_start_of_the_body_keeps_the_first_line(campaign, now):
    outcome = take_raw(campaign, mail("\ufeff" + orders()))
    assert outcome.action == "accepted" and "ann" in campaign.pending_orders()


def attached(data: bytes, charset: str | None = None) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.org", "gm@example.org", "[war] orders"
    message["Message-ID"] = "<att@example.org>"
    message.set_content("My orders are attached.\n")
    message.add_attachment(data, maintype="text", subtype="plain", filename="orders.toml")
    if charset is None:
        del message.get_payload()[1]["Content-Type"]
        message.get_payload()[1]["Content-Type"] = 'text/plain; name="orders.toml"'
    return message.as_bytes()


def test_an_attachment_without_a_charset_is_read_as_utf8(campaign, now):
    text = orders(targets='["Gifu"]').replace('round = 1', 'round = 1\n# Órdenes de Ann, año 1')
    outcome = take_raw(campaign, attached(text.encode("utf-8")))
    assert outcome.action == "accepted", outcome


def test_a_utf16_file_is_told_to_be_saved_as_utf8(campaign, now):
    outcome = take_raw(campaign, attached(orders().encode("utf-16")))
    assert outcome.action == "rejected"
    [answer] = answers(campaign).values()
    assert "saved as UTF-16; save it as UTF-8" in answer.get_content()


def test_a_no_break_space_is_named_where_toml_needs_a_plain_space(campaign, now):
    outcome = take_raw(campaign, mail(orders().replace("targets = ", "targets\u00a0= ")))
    assert outcome.action == "rejected"
    [answer] = answers(campaign).values()
    assert "a no-break space (U+00A0)" in answer.get_content() and "line 5" in answer.get_content()


@pytest.mark.parametrize("subject", ["[orders] round 1", "[EXTERNAL] my orders", "[WAR] orders", "Re: [War] x"])
def test_a_bracketed_word_that_is_not_another_campaign_does_not_hide_orders_that_name_this_one(campaign, now,
                                                                                                subject):
    outcome = take_raw(campaign, mail(orders(), subject=subject))
    assert outcome.action == "accepted", outcome


def test_tags_are_compared_without_case_and_an_order_file_naming_another_campaign_is_left_for_it(campaign, now):
    assert take_raw(campaign, mail("", subject="[WAR] status", message_id="<s@x>")).action == "request"
    feud = orders().replace('campaign = "war"', 'campaign = "feud"')
    assert take_raw(campaign, mail(feud, subject="Re: [war] Round 0 report", message_id="<f@x>")).action == \
        "other campaign"


def test_mail_no_campaign_takes_is_counted_in_status_and_its_sender_asked_once_which_campaign(campaign):
    raw = mail("what is the status?", subject="[EXTERNAL] status", message_id="<lost@x>")
    with clock.frozen_at(START):
        assert take_raw(campaign, raw).action == "other campaign"
    assert "1 message left there for other campaigns" in run("status", campaign.folder).out
    with clock.frozen_at(START + timedelta(hours=13)):
        take_raw(campaign, raw)
        take_raw(campaign, raw)   # the next fetch: asked once only
    [answer] = answers(campaign).values()
    assert answer["To"] == "ann <ann@example.org>" and "no campaign took it" in " ".join(answer.get_content().split())


def test_a_stranger_flooding_a_shared_mailbox_with_others_tags_cannot_grow_the_note_of_what_was_left(campaign, now,
                                                                                                      monkeypatch):
    monkeypatch.setattr(mail_intake, "MAX_LEFT_NOTED", 5)
    for n in range(12):
        outcome = take_raw(campaign, mail("x", subject=f"[spam{n}] hi", sender="eve@example.net",
                                          message_id=f"<left{n}@example.net>"))
        assert outcome.action == "other campaign"
    assert len(json.loads((campaign.folder / mail_intake.LEFT_FILE).read_text())) == 5


# Mail anyone can write in bob's name from bob's address: each kind, flooded, spends none of what bob's own
# token-bearing mail gets. (subject, body) of the n-th forged mail.
FLOODS = {
    "orders with a wrong token": lambda n: ("[war] orders", orders(player="bob", token=f"guess-{n}")),
    "orders without a token": lambda n: ("[war] orders", orders(player="bob").replace(TOKENS["bob"], "")),
    "press with a wrong token": lambda n: ("[war] press", f'token = "guess-{n}"\nBob betrays you all.\n'),
    "a private message with a wrong token": lambda n: ("[war] to ann", f'token = "guess-{n}"\nMeet me.\n'),
    "rolls from the player's address": lambda n: ("[war] roll 1d6 for visit evil.example now", ""),
    "plain requests": lambda n: (("[war] report", "[war] help", "[war] status", "hello?")[n % 4], ""),
}
FLOODED = MAX_REPLIES + 2   # more than any share a forger could reach


def mistyped(player: str) -> str:
    """The player's own orders, with the right token, too mistyped to be read as TOML."""
    return orders(player=player, targets='["Gifu", "Nowhere"').replace("targets", "targets = [")


@pytest.mark.parametrize("kind", FLOODS)
def test_a_flood_of_forged_mail_from_a_players_address_never_silences_the_players_own_mail(campaign, now, kind):
    for n in range(FLOODED):
        subject, body = FLOODS[kind](n)
        take_raw(campaign, mail(body, sender="bob@example.org", subject=subject, message_id=f"<forged{n}@evil>"))
    own = take_raw(campaign, mail(mistyped("bob"), sender="bob@example.org", message_id="<bob-own@example.org>"))
    assert own.action == "rejected"
    [answer] = [m for m in answers(campaign).values() if m["In-Reply-To"] == "<bob-own@example.org>"]
    assert answer["To"] == "bob <bob@example.org>" and "rejected" in answer.get_content()
    forged = [m for m in answers(campaign).values() if m["In-Reply-To"].startswith("<forged")]
    assert len(forged) == (mail_intake.MAX_REQUEST_REPLIES if kind == "plain requests" else MAX_UNPROVEN_REPLIES)
    right = take_raw(campaign, mail(orders(player="bob"), sender="bob@example.org", message_id="<bob-2@example.org>"))
    assert right.action == "accepted"
    assert any(m["In-Reply-To"] == "<bob-2@example.org>" for m in answers(campaign).values())


def test_a_token_that_proves_the_player_is_read_from_its_line_even_in_orders_too_mistyped_to_read(campaign):
    assert mail_intake.carries_token_of(campaign, "bob", mistyped("bob").encode())
    assert mail_intake.carries_token_of(campaign, "bob", f"  token='{TOKENS['bob']}'  # mine\n")
    assert not mail_intake.carries_token_of(campaign, "bob", mistyped("ann"))
    assert not mail_intake.carries_token_of(campaign, "bob", f'# token = "{TOKENS["bob"]}"\n')


def test_a_roll_flood_in_the_gms_name_tells_the_gm_once_a_round_quoting_nothing_of_it(campaign, now):
    campaign.replace_gm_token("gm-word-for-rolls")
    for n in range(FLOODED):
        outcome = take_raw(campaign, mail("Roll it.", sender="gm@example.org", message_id=f"<forged{n}@evil>",
                                          subject=f"[war] roll 1d6 for CLICK https://evil.example/{n}"))
        assert outcome.action == "rejected"
    told = answers_to_gm(campaign)
    assert len(told) == 1
    [(name, refused)] = told.items()
    assert "evil" not in refused.as_string() and "CLICK" not in refused.as_string()
    assert refused["In-Reply-To"] is None and "needs your GM token" in refused.get_content()
    log = (campaign.folder / "log.txt").read_text()
    assert log.count("not answered, the GM was told once this round") == FLOODED - 1
    real = take_raw(campaign, mail('token = "gm-word-for-rolls"\n', sender="gm@example.org",
                                   subject="[war] roll 2d6 for the siege", message_id="<gm-own@example.org>"))
    assert real.action == "roll"
    assert any(m["In-Reply-To"] == "<gm-own@example.org>" for m in answers_to_gm(campaign).values())


def answers_to_gm(campaign) -> dict[str, EmailMessage]:
    return {path.stem: message_from_bytes(path.read_bytes(), policy=policy.default)
            for path in sorted((campaign.folder / "outbox").glob("gm-*.eml"))}
