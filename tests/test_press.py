"""Press and private messages: a player's `[tag] press` mail, token-checked, is published in the next reports of
every player, signed or anonymous as the campaign allows; `[tag] to NAME` is relayed to one player without an
address and told in the reports of the two ends alone; the GM announces with `pbem press`; all of it is an input
of the round, so that replay tells it again, and a text is shown as text, never markup."""
from __future__ import annotations

import json
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest
import tomlkit

from pbem import clock
from pbem.campaign import Campaign
from pbem.mail_intake import take_raw
from tests.conftest import START, TOKENS, examples, run
from tests.support.schemas import validator

PLAYERS = ("ann", "bob", "cho")


def mail(body: str, *, subject: str, sender="ann@example.org", message_id="<p1@mail.example>") -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "gm@example.org"
    message["Subject"] = subject
    message["Message-ID"] = message_id
    message.set_content(body)
    return message.as_bytes()


def said(text: str, player="ann", token=None) -> str:
    return f'Hello all,\n\ntoken = "{TOKENS[player] if token is None else token}"\n{text}\n\n-- \n{player}\n'


def configure(campaign: Campaign, **settings) -> Campaign:
    path = campaign.folder / "campaign.toml"
    document = tomlkit.parse(path.read_text("utf-8"))
    for key, value in settings.items():
        document["campaign"][key] = value
    path.write_text(tomlkit.dumps(document), "utf-8")
    return Campaign.load(campaign.folder)


def outbox(campaign: Campaign, prefix: str = "") -> dict[str, EmailMessage]:
    return {path.stem: message_from_bytes(path.read_bytes(), policy=policy.default)
            for path in sorted((campaign.folder / "outbox").glob(f"{prefix}*.eml"))}


def resolved(campaign: Campaign) -> int:
    assert run("resolve", campaign.folder, "--force").code == 0
    return campaign.last_round


def report(campaign: Campaign, player: str, suffix: str = "txt", number: int = 1) -> str:
    return (campaign.round_dir(number) / "reports" / f"{player}.{suffix}").read_text("utf-8")


@pytest.fixture
def now():
    with clock.frozen_at(START):
        yield


def test_a_press_mail_is_published_in_the_next_report_of_every_player_signed_with_the_players_name(campaign, now):
    outcome = take_raw(campaign, mail(said("The east is mine. Stay out of Gifu."), subject="[war] press"))
    assert (outcome.action, outcome.player) == ("press", "ann")
    [answer] = outbox(campaign, "mail-").values()
    assert answer["To"] == "ann <ann@example.org>" and "Your press is stored" in answer.get_content()
    assert TOKENS["ann"] not in answer.get_content()
    resolved(campaign)
    for player in PLAYERS:
        text = report(campaign, player)
        assert "Press from ann:" in text and "    | The east is mine. Stay out of Gifu." in text
        assert TOKENS["ann"] not in text and "Hello all" in text and "-- " not in text.split("Press from")[1][:80]
        events = json.loads(report(campaign, player, "json"))["events"]
        assert {"kind": "press", "signature": "player", "player": "ann",
                "text": "Hello all,\n\nThe east is mine. Stay out of Gifu."} in events
    inputs = json.loads((campaign.round_dir(1) / "inputs.json").read_text())
    assert inputs["press"] == [{"signature": "player", "player": "ann",
                                "text": "Hello all,\n\nThe east is mine. Stay out of Gifu."}]
    assert not list((campaign.folder / "press").glob("*.json"))   # recorded in the round, gone from the store
    assert "Press from" not in report(campaign, "bob").split("Press and messages")[0]


def test_a_press_is_in_the_report_of_the_round_it_was_sent_in_only(campaign, now):
    take_raw(campaign, mail(said("Round one news."), subject="[war] press"))
    resolved(campaign)
    resolved(campaign)
    assert "Round one news." in report(campaign, "cho", number=1)
    assert "Round one news." not in report(campaign, "cho", number=2) and "Press and messages" not in report(
        campaign, "cho", number=2)


def test_anonymous_press_is_published_unsigned_where_the_campaign_allows_it(campaign, now):
    campaign = configure(campaign, press="anonymous")
    outcome = take_raw(campaign, mail(said("Someone will betray you."), subject="Re: [war] press anonymous"))
    assert outcome.action == "press"
    resolved(campaign)
    for player in PLAYERS:
        text = report(campaign, player)
        assert "Anonymous press:" in text and "Someone will betray you." in text and "Press from ann" not in text
        [event] = [e for e in json.loads(report(campaign, player, "json"))["events"] if e["kind"] == "press"]
        assert event == {"kind": "press", "signature": "anonymous", "text": "Hello all,\n\nSomeone will betray you."}
    assert json.loads((campaign.round_dir(1) / "inputs.json").read_text())["press"][0]["player"] == "ann"


def test_anonymous_press_is_refused_where_the_campaign_signs_every_press_and_all_press_where_it_has_none(campaign,
                                                                                                        now):
    outcome = take_raw(campaign, mail(said("Unsigned?"), subject="[war] press anonymous"))
    assert (outcome.action, outcome.detail) == ("rejected", "press: no anonymous press")
    [answer] = outbox(campaign, "mail-").values()
    assert "not sent" in answer.get_content() and '"[war] press"' in answer.get_content()
    campaign = configure(campaign, press="off")
    outcome = take_raw(campaign, mail(said("Signed?"), subject="[war] press", message_id="<p2@mail.example>"))
    assert (outcome.action, outcome.detail) == ("rejected", "press: no press")
    resolved(campaign)
    assert "Press and messages" not in report(campaign, "bob") and "Unsigned?" not in report(campaign, "ann")


def test_a_strangers_press_or_one_with_a_wrong_or_missing_token_is_refused_and_never_published(campaign, now):
    stranger = take_raw(campaign, mail(said("Forged news."), subject="[war] press", sender="eve@example.net"))
    assert stranger.action == "set aside" and not outbox(campaign, "mail-")
    wrong = take_raw(campaign, mail(said("Bad token news.", token="guess"), subject="[war] press",
                                    message_id="<p2@mail.example>"))
    other = take_raw(campaign, mail(said("Bob's token news.", token=TOKENS["bob"]), subject="[war] press",
                                    message_id="<p3@mail.example>"))
    missing = take_raw(campaign, mail("No token news.", subject="[war] press", message_id="<p4@mail.example>"))
    leaked = take_raw(campaign, mail(said(f"My token is {TOKENS['ann']}."), subject="[war] press",
                                     message_id="<p5@mail.example>"))
    assert [o.detail for o in (wrong, other, missing, leaked)] == [
        "press: wrong token", "press: wrong token", "press: no token", "press: token in text"]
    assert all(answer["To"] == "ann <ann@example.org>" for answer in outbox(campaign, "mail-").values())
    assert not (campaign.folder / "press").exists()
    resolved(campaign)
    for player in PLAYERS:
        text = report(campaign, player) + report(campaign, player, "html") + report(campaign, player, "json")
        assert "news." not in text and "Press and messages" not in text
    assert "press" not in json.loads((campaign.round_dir(1) / "inputs.json").read_text())


def test_a_press_too_long_is_refused_and_control_characters_are_stripped(campaign, now):
    long = take_raw(campaign, mail(said("x" * 4001), subject="[war] press"))
    assert long.detail == "press: too long"
    take_raw(campaign, mail(said("Bell\x07 and \x1b[31mred\x1b[0m \u202eevil"), subject="[war] press",
                            message_id="<p2@mail.example>"))
    resolved(campaign)
    text = report(campaign, "bob")
    assert "Bell and [31mred[0m evil" in text and "\x1b" not in text and "\u202e" not in text


def test_a_private_message_reaches_its_recipient_alone_without_an_address_and_is_in_the_two_ends_reports_alone(
        campaign, now):
    refused = take_raw(campaign, mail(said("Psst, bob."), subject="[war] to bob"))
    assert refused.detail == "private_message: no private messages"
    campaign = configure(campaign, private_messages=True)
    outcome = take_raw(campaign, mail(said("Psst, bob: let us share Gifu."), subject="[war] to bob",
                                      message_id="<p2@mail.example>"))
    assert (outcome.action, outcome.player) == ("press", "ann")
    [relay] = outbox(campaign, "relay-").values()
    assert relay["To"] == "bob <bob@example.org>" and relay["From"] == "pbem war <gm@example.org>"
    assert "ann@example.org" not in relay.as_string() and TOKENS["ann"] not in relay.as_string()
    assert "ann sends you this message" in relay.get_content() and "let us share Gifu." in relay.get_content()
    assert "[war] to ann" in relay.get_content()
    resolved(campaign)
    assert "You wrote to bob alone:" in report(campaign, "ann") and "let us share Gifu." in report(campaign, "ann")
    assert "ann wrote to you alone:" in report(campaign, "bob") and "let us share Gifu." in report(campaign, "bob")
    for suffix in ("txt", "html", "json"):
        assert "share Gifu" not in report(campaign, "cho", suffix)
    events = json.loads((campaign.round_dir(1) / "events.json").read_text())
    assert {"kind": "private_message", "audience": ["ann", "bob"], "player": "ann", "to": "bob",
            "text": "Hello all,\n\nPsst, bob: let us share Gifu."} in events
    assert run("site", campaign.folder, campaign.folder.parent / "site").code == 0
    assert not any("share Gifu" in page.read_text("utf-8") for page in (campaign.folder.parent / "site").rglob("*")
                   if page.is_file() and page.suffix in (".html", ".json"))


def test_a_private_message_to_no_other_player_is_refused(campaign, now):
    campaign = configure(campaign, private_messages=True)
    nobody = take_raw(campaign, mail(said("Hi."), subject="[war] to zed"))
    yourself = take_raw(campaign, mail(said("Hi."), subject="[war] to ann", message_id="<p2@mail.example>"))
    assert [nobody.detail, yourself.detail] == ["private_message: no such player", "private_message: to yourself"]
    assert not outbox(campaign, "relay-")


def test_the_game_masters_announcement_is_in_every_report_signed_the_game_master(campaign, tmp_path, now):
    assert run("press", campaign.folder).code == 2
    result = run("press", campaign.folder, "--text", "The deadline stays on Friday.")
    assert result.code == 0 and "round 1" in result.out
    news = tmp_path / "news.txt"
    news.write_text("Second line of news.\n", "utf-8")
    assert run("press", campaign.folder, "--file", news).code == 0
    resolved(campaign)
    for player in PLAYERS:
        text = report(campaign, player)
        assert "The game master announces:" in text and "The deadline stays on Friday." in text
        assert text.index("The deadline stays") < text.index("Second line of news.")
        assert "The game master announces:" in report(campaign, player, "html")
    site = campaign.folder.parent / "site"
    assert run("site", campaign.folder, site).code == 0   # press is public: the public site tells it too
    assert "The deadline stays on Friday." in (site / "round-001.html").read_text("utf-8")


def test_replay_tells_the_press_and_private_messages_again_byte_for_byte(campaign, now):
    campaign = configure(campaign, private_messages=True)
    take_raw(campaign, mail(said("Public words."), subject="[war] press"))
    take_raw(campaign, mail(said("Private words.", player="bob"), subject="[war] to cho", sender="bob@example.org",
                            message_id="<p2@mail.example>"))
    run("press", campaign.folder, "--text", "GM words.")
    resolved(campaign)
    replayed = run("replay", campaign.folder)
    assert replayed.code == 0, replayed.out + replayed.err
    assert run("verify", campaign.folder).code == 0
    assert "Private words." in report(campaign, "cho") and "Public words." in report(campaign, "cho")


def test_html_in_a_press_text_is_escaped_in_the_page(campaign, now):
    take_raw(campaign, mail(said('<script>alert("x")</script><b onclick=1>bold</b>'), subject="[war] press"))
    resolved(campaign)
    page = report(campaign, "bob", "html")
    assert "<script>alert" not in page and "<b onclick" not in page
    assert '&lt;script&gt;alert("x")&lt;/script&gt;&lt;b onclick=1&gt;bold&lt;/b&gt;' in page   # as a browser writes it


def test_a_report_with_press_and_private_messages_follows_the_games_json_schema(campaign, now):
    campaign = configure(campaign, private_messages=True, press="anonymous")
    take_raw(campaign, mail(said("Signed."), subject="[war] press"))
    take_raw(campaign, mail(said("Unsigned."), subject="[war] press anonymous", message_id="<p2@mail.example>"))
    take_raw(campaign, mail(said("Between us."), subject="[war] to bob", message_id="<p3@mail.example>"))
    run("press", campaign.folder, "--text", "From the GM.")
    resolved(campaign)
    document = json.loads(report(campaign, "bob", "json"))
    assert [e["kind"] for e in document["events"]][-4:] == ["press", "press", "press", "private_message"]
    assert list(validator("age-of-war").iter_errors(document)) == []
    document["events"][-1]["audience"] = ["ann", "bob"]
    assert list(validator("age-of-war").iter_errors(document)) != []


def test_a_mail_carrying_an_order_file_is_taken_as_orders_whatever_its_subject_says(campaign, now):
    campaign = configure(campaign, private_messages=True)
    orders = f'round = 1\nplayer = "ann"\ntoken = "{TOKENS["ann"]}"\ntargets = ["Gifu"]\n'
    outcome = take_raw(campaign, mail(orders, subject="[war] to the GM: my orders"))
    assert outcome.action == "accepted" and campaign.pending_orders()["ann"]["orders"]["targets"] == ["Gifu"]
    assert not (campaign.folder / "press").exists() and not outbox(campaign, "relay-")


def reports_of(campaign: Campaign, player: str) -> dict[str, bytes]:
    folder = campaign.round_dir(1) / "reports"
    return {path.name: path.read_bytes() for path in sorted(folder.glob(f"{player}.*"))}


def test_a_private_message_and_who_wrote_an_anonymous_press_change_nothing_a_third_player_receives(tmp_path, now):
    from tests.conftest import make_campaign

    told = {}
    for name, writer in (("one", "ann"), ("two", "bob")):
        campaign = configure(make_campaign(tmp_path / name / "war"), private_messages=True, press="anonymous")
        take_raw(campaign, mail(said("Who am I?", player=writer), subject="[war] press anonymous",
                                sender=f"{writer}@example.org"))
        if name == "one":
            take_raw(campaign, mail(said("Psst, bob."), subject="[war] to bob", message_id="<p2@mail.example>"))
        resolved(campaign)
        told[name] = reports_of(campaign, "cho")
        assert "Who am I?" in told[name]["cho.txt"].decode()
    assert told["one"] == told["two"] and len(told["one"]) >= 3


def test_press_is_told_in_an_ikusa_report_too(tmp_path, now):
    from tests.conftest import make_campaign

    campaign = make_campaign(tmp_path / "war", game="ikusa")
    assert run("press", campaign.folder, "--text", "Winter comes early.").code == 0
    resolved(campaign)
    for suffix in ("txt", "html"):
        text = report(campaign, "bob", suffix)
        assert "The game master announces:" in text and "Winter comes early." in text
    document = json.loads(report(campaign, "bob", "json"))
    assert document["events"][-1] == {"kind": "press", "signature": "gm", "text": "Winter comes early."}
    assert list(validator("ikusa").iter_errors(document)) == []


def test_a_rollback_tells_the_undone_rounds_press_again_in_the_re_run_and_keeps_none_for_a_later_round(campaign,
                                                                                                        now):
    campaign = configure(campaign, private_messages=True)
    take_raw(campaign, mail(said("Said in round one."), subject="[war] press"))
    take_raw(campaign, mail(said("Between us, round one."), subject="[war] to bob", message_id="<p2@mail.example>"))
    resolved(campaign)
    run("press", campaign.folder, "--text", "Said for round two.")
    result = run("rollback", campaign.folder, "--to", 0, "--reason", "lost mail")
    assert result.code == 0, result.err
    assert len(outbox(campaign, "relay-")) == 1
    resolved(campaign)
    assert "Said in round one." in report(campaign, "cho") and "Between us, round one." in report(campaign, "bob")
    assert "Between us" not in report(campaign, "cho") and "Said for round two." not in report(campaign, "cho")
    resolved(campaign)
    assert "Said for round two." not in report(campaign, "cho", number=2)
    assert list((campaign.folder / "archive").glob("rollback-01/press/r0002-*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("game_name, seed", [("age-of-war", 3), ("ikusa", 4)])
def test_the_hidden_information_checks_cover_press_and_private_messages_as_any_event_with_an_audience(
        game_name, seed, monkeypatch):
    import dataclasses

    from engine.events import visible_to
    from pbem import press, render
    from tests.support import hidden

    found = hidden.position(game_name, seed, 2)
    one, two, third = found.players[:3]
    said = press.events_of({"press": [{"signature": "anonymous", "player": one, "text": "Beware."}],
                            "private_messages": [{"player": one, "to": two, "text": "Psst <b>x</b>."}]})
    rounds = list(found.trajectory.rounds)
    rounds[found.number] = dataclasses.replace(rounds[found.number], events=[*rounds[found.number].events, *said])
    pos = hidden.Position(dataclasses.replace(found.trajectory, rounds=rounds), found.number)
    assert "Psst &lt;b&gt;x&lt;/b&gt;." in hidden.report(pos, two)[2].decode()
    assert "Psst" not in b"".join(hidden.report(pos, third)[:3]).decode()
    assert "Beware." in hidden.report(pos, third)[0].decode()
    tally = hidden.Tally()
    for player in (one, two, third):
        for change in range(4):
            tally.add(hidden.check_events(pos, player, change))
    assert tally.changes == 12 * hidden.EVENT_CHANGES and tally.leaks == []

    def leaky(events, player):   # a report that shows every private message: the checks must see it
        return [{k: v for k, v in ev.items() if k != "audience"} for ev in events
                if visible_to(ev, player) or ev["kind"] == "private_message"]

    monkeypatch.setattr(render, "for_player", leaky)
    leaked = hidden.Tally()
    for change in range(8):
        leaked.add(hidden.check_events(pos, third, change))
    assert leaked.leaks   # the rule leaks private messages alone: any leak found is one of theirs


GM_TOKEN = "gm-word-for-rolls-77"
# The shapes the issue found published (T the token), and more: each is refused, whoever's token it is.
SHAPES = ("hello token={T}", "my token:{T}", "{T}!", "{T}?", "({T})", 'token="{T}" # mine', "mine is\n{T}\nsee",
          "{spaced}", "{upper}", "{wide}", "T is <{T}>, right?")


def shaped(shape: str, token: str) -> str:
    wide = "".join(chr(ord(c) + 0xFEE0) if c.isalnum() else c for c in token)   # full-width letters and digits
    return shape.format(T=token, spaced=" ".join(token[i:i + 3] for i in range(0, len(token), 3)),
                        upper=token.upper(), wide=wide)


@pytest.mark.parametrize("shape, owner", [(shape, ("ann", "bob", "gm")[n % 3]) for n, shape in enumerate(SHAPES)])
def test_a_token_in_any_shape_in_a_press_or_a_private_message_is_refused_and_never_published(campaign, now, shape,
                                                                                             owner):
    campaign = configure(campaign, private_messages=True)
    campaign.replace_gm_token(GM_TOKEN)
    token = GM_TOKEN if owner == "gm" else TOKENS[owner]
    text = shaped(shape, token)
    public = take_raw(campaign, mail(said(text), subject="[war] press"))
    private = take_raw(campaign, mail(said(text), subject="[war] to cho", message_id="<p2@mail.example>"))
    assert [public.detail, private.detail] == ["press: token in text", "private_message: token in text"]
    assert not (campaign.folder / "press").exists() and not outbox(campaign, "relay-")
    told = outbox(campaign, "mail-").values()
    assert len(told) == 2 and all("holds a secret token" in " ".join(m.get_content().split()) for m in told)
    assert not any(token in m.as_string() or token in m.get_content() for m in told)


def test_the_game_masters_announcement_holding_a_token_is_refused_without_quoting_it(campaign, now):
    campaign.replace_gm_token(GM_TOKEN)
    for token in (TOKENS["bob"], GM_TOKEN):
        result = run("press", campaign.folder, "--text", f"Bob, your token is ({token}).")
        assert result.code == 2 and "holds a token" in result.err and token not in result.out + result.err
    assert not (campaign.folder / "press").exists()
    assert run("press", campaign.folder, "--text", "No token here.").code == 0


class Hashes:
    """A campaign as holds_a_token sees one: the tokens' hashes alone, as secrets.toml keeps them."""

    def __init__(self, *tokens: str):
        from pbem.tokens import hash_folded, hash_token

        self.hashes = {hash_token(token) for token in tokens}
        self.folded = {hash_folded(token) for token in tokens}

    def token_hashes(self) -> set[str]:
        return self.hashes

    def folded_token_hashes(self) -> set[str]:
        return self.folded


URLSAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@pytest.mark.property
def test_a_token_embedded_in_generated_text_is_found_in_every_shape_and_a_near_miss_is_not():
    """Tokens as pbem makes them (24 characters of secrets.token_urlsafe's alphabet, both cases) and of one case
    (the demo's hexadecimal, a test's lower-case words), cut into pieces joined by spacing and punctuation,
    between generated text, each written as is, in lower or in upper case. The same text with one of the
    token's characters changed is no token. Counts the shapes it compared."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from pbem.press import cleaned, holds_a_token, token_characters

    compared = {"found": 0, "near misses": 0}
    separators = st.text(alphabet=" \n\t.,;:!?()[]{}<>\"'=#*/\\|~`@$%^&+\u00a0\u3000", max_size=3)
    tokens = st.one_of(st.text(alphabet=URLSAFE, min_size=24, max_size=24),
                       st.text(alphabet="0123456789abcdef", min_size=24, max_size=24),
                       st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=8, max_size=32))

    tried = examples(300)

    @settings(max_examples=tried)
    @given(token=tokens, cuts=st.lists(st.integers(1, 31), max_size=4), joints=st.lists(separators, min_size=4,
           max_size=4), before=st.text(max_size=30), after=st.text(max_size=30),
           case=st.sampled_from(["as is", "lower", "upper"]), at=st.integers(0, 31))
    def check(token, cuts, joints, before, after, case, at):
        written = {"as is": token, "lower": token.lower(), "upper": token.upper()}[case]
        pieces, start = [], 0
        for cut in sorted({c for c in cuts if c < len(token)}):
            pieces.append(written[start:cut])
            start = cut
        pieces.append(written[start:])
        body = "".join(p + (joints[i] if i < len(pieces) - 1 else "") for i, p in enumerate(pieces))
        text = cleaned(f"{before} {body} {after}")
        assert holds_a_token(Hashes(token), text), text
        compared["found"] += 1
        spot = at % len(token)
        other = next(c for c in URLSAFE if c.lower() != token[spot].lower())
        near = token[:spot] + other + token[spot + 1:]
        if near.lower() in token_characters(text).replace("\0", "").lower():
            return   # the generated text around it spells the near miss itself (before = "A", a token of 0s)
        assert not holds_a_token(Hashes(near), text), text
        compared["near misses"] += 1

    check()
    assert compared["found"] >= tried * 5 // 6 and compared["near misses"] >= compared["found"] - tried // 10


def test_the_press_tokens_trials_publish_no_token_and_would_see_one_published(tmp_path, monkeypatch):
    import random

    from pbem import press
    from tests.support.forgery import press_token_trials

    found = press_token_trials(tmp_path / "held", 10, random.Random(26))
    assert (found["faults injected"], found["leaks found"], found["orders lost"]) == (8, 0, 0), found.details
    monkeypatch.setattr(press, "holds_a_token", lambda campaign, text: False)   # the check gone: it must show
    assert press_token_trials(tmp_path / "open", 10, random.Random(26))["leaks found"] >= 8


def test_a_mixed_case_token_written_in_another_case_is_found_and_a_campaign_from_before_still_finds_it_as_written(
        tmp_path):
    """secrets.toml keeps each token's hash and its folded hash; a campaign made before it kept folded hashes
    has none, and finds a token as written (and in one case), until the token is replaced."""
    from pbem.campaign import Campaign, Player
    from pbem.create import new_campaign
    from pbem.press import holds_a_token

    token = "Ab3dEf6hIj9lMn2pQr5tUv8x"
    with clock.frozen_at(START):
        camp = new_campaign(tmp_path / "new", game_name="age-of-war", gm="gm@example.org",
                            players=[Player(p, f"{p}@example.org") for p in ("ann", "bob")], secret=b"s" * 32,
                            tokens={"ann": token, "bob": "bob-token-1"})
    assert holds_a_token(camp, f"mine is {token.lower()}") and holds_a_token(camp, f"{token.upper()}!")
    assert holds_a_token(camp, token.swapcase()[:12] + " " + token.swapcase()[12:])
    assert not holds_a_token(camp, f"mine is {token[:-1].lower()}z")

    secrets = tomlkit.parse(camp.secrets_path.read_text())
    del secrets["folded_tokens"]
    camp.secrets_path.write_text(tomlkit.dumps(secrets))
    before = Campaign.load(camp.folder)
    assert holds_a_token(before, f"mine is {token}") and not holds_a_token(before, f"mine is {token.lower()}")
    before.replace_token("ann", token)
    assert holds_a_token(Campaign.load(camp.folder), f"mine is {token.lower()}")
