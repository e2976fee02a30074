"""Players come and go: a position handed over gets a new token, and the old one stops working."""
import email
from email import policy

from conftest import TOKENS, order_file, run

from pbem import languages
from pbem.campaign import Campaign


def test_a_replaced_player_gets_a_new_token_and_the_old_one_stops_working(campaign, tmp_path):
    result = run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org")
    assert result.code == 0, result.err
    camp = Campaign.load(campaign.folder)
    assert camp.player("bob").email == "robert@example.org"
    assert not camp.token_matches("bob", TOKENS["bob"])
    letter = [p for p in (camp.folder / "outbox").glob("welcome-bob-r*.eml")]
    assert len(letter) == 1
    message = email.message_from_bytes(letter[0].read_bytes(), policy=policy.default)
    assert message["To"].addresses[0].addr_spec == "robert@example.org"
    token = message.get_body(("plain",)).get_content().split("Your secret token is:")[1].split()[0]
    assert camp.token_matches("bob", token)
    order_file(camp.folder / "inbox", "bob", 1, ["Gifu"], token=TOKENS["bob"])
    assert "token does not match" in run("inbox", camp.folder).out
    order_file(camp.folder / "inbox", "bob", 1, ["Gifu"], token=token)
    assert run("inbox", camp.folder).code == 0


def test_a_player_may_change_address_and_language_and_keep_the_token(campaign, monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}})   # its catalogues exist
    result = run("player", "set", campaign.folder, "ann", "--email", "ann@new.example.org", "--language", "es")
    assert result.code == 0, result.err
    camp = Campaign.load(campaign.folder)
    assert (camp.player("ann").email, camp.player("ann").language) == ("ann@new.example.org", "es")
    assert camp.token_matches("ann", TOKENS["ann"])


def test_a_language_the_campaign_cannot_write_in_is_refused(campaign, monkeypatch):
    monkeypatch.setattr(languages, "listed", lambda: {"es": {"name": "español"}, "xx": {"name": "none"}})
    for code in ("xx", "de", "es-ES", "../es"):
        result = run("player", "set", campaign.folder, "ann", "--language", code)
        assert result.code == 2 and "can be written in en, es" in result.err, (code, result.err)
    assert Campaign.load(campaign.folder).player("ann").language == "en"


def test_bad_player_changes_are_refused(campaign):
    assert run("player", "set", campaign.folder, "zed", "--email", "z@x.org").code == 2
    assert run("player", "set", campaign.folder, "ann", "--email", "not an address").code == 2
    assert run("player", "set", campaign.folder, "ann").code == 2
    assert run("player", "replace", campaign.folder, "ann", "--email", "bad").code == 2
    assert Campaign.load(campaign.folder).player("ann").email == "ann@example.org"


def outbox_to(campaign, prefix):
    found = {}
    for path in sorted((campaign.folder / "outbox").glob(f"{prefix}*.eml")):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        found[message["To"].addresses[0].addr_spec] = message.get_body(("plain",)).get_content()
    return found


def test_a_hand_over_is_announced_to_the_others_without_the_new_address_and_to_the_old_address(campaign):
    run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org")
    news = outbox_to(campaign, "news-")
    assert sorted(news) == ["ann@example.org", "cho@example.org"]
    assert all("bob's position" in text and "robert" not in text for text in news.values())
    left = outbox_to(campaign, "left-")
    assert list(left) == ["bob@example.org"] and "no longer works" in left["bob@example.org"]


def test_an_address_change_is_told_to_the_old_and_the_new_address(campaign):
    run("player", "set", campaign.folder, "ann", "--email", "ann@new.example.org")
    told = outbox_to(campaign, "address-")
    assert sorted(told) == ["ann@example.org", "ann@new.example.org"]
    assert all("from ann@example.org to ann@new.example.org" in " ".join(text.split()) for text in told.values())


def test_a_campaign_that_announces_nothing_sends_only_the_welcome_letter(campaign):
    camp = Campaign.load(campaign.folder)
    camp.announce_players = "none"
    camp.save()
    run("player", "replace", camp.folder, "bob", "--email", "robert@example.org")
    run("player", "set", camp.folder, "ann", "--email", "ann@new.example.org")
    assert not outbox_to(camp, "news-") and not outbox_to(camp, "left-") and not outbox_to(camp, "address-")
    assert outbox_to(camp, "welcome-bob-r")


def test_a_hand_over_drops_the_leavers_stored_orders_and_says_so(campaign, tmp_path):
    assert run("orders", "submit", campaign.folder, "bob", order_file(tmp_path, "bob", 1, ["Gifu"])).code == 0
    result = run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org")
    assert result.code == 0, result.err
    assert "bob's stored orders for round 1 were dropped" in result.out
    assert "bob" not in Campaign.load(campaign.folder).pending_orders()


def test_a_hand_over_with_keep_orders_keeps_them_and_says_so(campaign, tmp_path):
    assert run("orders", "submit", campaign.folder, "bob", order_file(tmp_path, "bob", 1, ["Gifu"])).code == 0
    result = run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org", "--keep-orders")
    assert result.code == 0, result.err
    assert "bob's stored orders for round 1 were kept" in result.out
    assert "bob" in Campaign.load(campaign.folder).pending_orders()


def test_a_hand_over_of_a_position_without_orders_says_there_were_none(campaign):
    result = run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org")
    assert "bob had no orders stored for round 1" in result.out


def test_the_leaver_is_told_that_the_game_master_handed_the_position_over(campaign):
    run("player", "replace", campaign.folder, "bob", "--email", "robert@example.org")
    (path,) = (campaign.folder / "outbox").glob("left-*.eml")
    message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
    assert message["Subject"].endswith("The game master handed your position to a new player")
    assert "You handed over" not in message.as_string()
