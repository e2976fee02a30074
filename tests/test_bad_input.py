"""Bad input gets a clear error naming its place, changes nothing, and blocks nobody else."""
from __future__ import annotations

import pytest
from conftest import TOKENS, order_file, run, tree

from pbem.campaign import Campaign


def submit_text(campaign, tmp_path, text: str | bytes, player="ann"):
    path = tmp_path / "orders.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    before = tree(campaign.folder)
    result = run("orders", "submit", campaign.folder, player, path)
    assert tree(campaign.folder) == before, "a rejected order file changed the campaign"
    return result


@pytest.mark.parametrize("text, expected", [
    ("round = 1\ntargets = [Gifu]\n", "line 2, file: not valid TOML"),
    ("round = 1\nround = 2\n", "line 2, file: not valid TOML"),
    ("round = 1\ntargets = [\"Gifu\"\n", "not valid TOML: Unclosed array"),
    ("round = 1\ntargets = [\"Azuchy\"]\n", "line 2, targets[0]: "),
    ("round = 1\ntargets = [\"Azuchy\"]\n", "Azuchi"),
    ("round = 7\ntargets = [\"Gifu\"]\n", "line 1, round: these orders are for round 7, but round 1 is open"),
    ("targets = [\"Gifu\"]\n", "round: say which round"),
    ("round = 1\ntargets = [\"Gifu\"]\nbanzai = true\n", "line 3, banzai"),
    ("round = 1\ntargets = \"Gifu\"\n", "line 2, targets"),
    ("", "the file is empty"),
    ("   \n\n", "the file is empty"),
    ("round = 1\nplayer = \"bob\"\ntargets = [\"Gifu\"]\n", "signed by \"bob\", not \"ann\""),
    ("round = 1\nnonce = \"has space\"\ntargets = [\"Gifu\"]\n", "line 2, nonce"),
    ("game = \"ikusa\"\nround = 1\ntargets = [\"Gifu\"]\n", "line 1, game"),
])
def test_a_bad_order_file_is_rejected_with_its_place_named(campaign, tmp_path, text, expected):
    result = submit_text(campaign, tmp_path, text)
    assert result.code == 2
    assert expected in result.err
    assert "Traceback" not in result.err


def test_every_problem_is_listed_not_only_the_first(campaign, tmp_path):
    result = submit_text(campaign, tmp_path, 'round = 9\ntargets = ["Nowhere", "Edo", "Edo"]\nfoo = 1\n')
    assert result.code == 2
    for part in ("round:", "targets[0]", "targets[2]", "foo"):
        assert part in result.err


def test_a_ten_megabyte_file_is_refused_unread(campaign, tmp_path):
    result = submit_text(campaign, tmp_path, b"#" * (10 * 1024 * 1024))
    assert result.code == 2 and "at most 65,536" in result.err


def test_a_file_that_is_not_utf8_is_refused(campaign, tmp_path):
    result = submit_text(campaign, tmp_path, 'round = 1\ntargets = ["Gifu"]\n# caf\xe9\n'.encode("latin-1"))
    assert result.code == 2 and "not UTF-8" in result.err


@pytest.mark.slow
def test_orders_after_the_game_ended_are_refused(tmp_path):
    from pbem.demo import run_demo

    camp = run_demo("age-of-war", tmp_path / "over" / "demo", "3", 2)
    assert camp.is_over()
    path = order_file(tmp_path, "akiko", camp.open_round, ["Gifu"])
    result = run("orders", "submit", camp.folder, "akiko", path)
    assert result.code == 2 and "the game is over" in result.err
    assert run("resolve", camp.folder, "--force").code == 2


def test_an_unknown_player_or_campaign_is_a_clear_error(campaign, tmp_path):
    path = order_file(tmp_path, "ann", 1, ["Gifu"])
    assert "no player named 'zed'" in run("orders", "submit", campaign.folder, "zed", path).err
    missing = run("status", tmp_path / "nowhere")
    assert missing.code == 2 and "not a campaign folder" in missing.err


def test_a_wrong_token_in_the_inbox_blocks_nobody_else(campaign, tmp_path):
    inbox = campaign.folder / "inbox"
    order_file(inbox, "ann", 1, ["Gifu"], token="stolen")
    order_file(inbox, "bob", 1, ["Edo"], token=TOKENS["bob"])
    (inbox / "junk.toml").write_bytes(b"\x00\xff garbage")
    result = run("inbox", campaign.folder)
    assert result.code == 2
    assert sorted(Campaign.load(campaign.folder).pending_orders()) == ["bob"]
    assert "unknown player" in result.out


# Found by the fuzzer (tests/support/fuzzing.py); each once crashed, misled or stalled the intake.

def test_lists_nested_hundreds_deep_are_refused_not_a_crash(campaign, tmp_path):
    result = submit_text(campaign, tmp_path, "round = 1\ntargets = [\"auto\"]\nx = " + "[" * 500 + "]" * 500 + "\n")
    assert result.code == 2 and "nested more than 16 deep" in result.err


def test_a_nonce_with_quotes_and_backslashes_survives_its_normalised_text(campaign):
    from pbem.orders import normalised_text, read_orders

    text = b'round = 1\nplayer = "ann"\ntargets = ["auto"]\nnonce = "a\\"b\\\\c\\\\tz"\n'
    first = read_orders(campaign, text, "test")
    again = read_orders(campaign, normalised_text(campaign, first).encode(), "test")
    assert first.nonce == again.nonce == 'a"b\\c\\tz'
    assert normalised_text(campaign, again) == normalised_text(campaign, first)


def test_a_file_of_thousands_of_unknown_keys_is_refused_at_once_with_the_first_fifty(campaign, tmp_path):
    import time

    text = "round = 1\ntargets = [\"auto\"]\n" + "".join(f"k{n} = 1\n" for n in range(6000))
    began = time.perf_counter()
    result = submit_text(campaign, tmp_path, text)
    assert time.perf_counter() - began < 10      # it took over a minute, one line scan per problem
    assert result.code == 2 and "and 5950 more problems" in result.err
    assert result.err.count("is not an Age of War order") == 50


def test_values_and_keys_are_quoted_as_written_with_control_characters_escaped(campaign, tmp_path):
    result = submit_text(campaign, tmp_path, 'round = 1\ncampaign = 2026-03-01\ntargets = ["auto"]\n'
                                             '"evil\\u001b[31m" = 1\n"" = 2\n')
    assert "campaign 2026-03-01, not \"war\"" in result.err and "datetime" not in result.err
    assert "\x1b" not in result.err and "\\u001b[31m" in result.err
    assert 'line 5, "": ' in result.err


@pytest.mark.parametrize("section", [
    "turn_order = 7\n",
    "[war]\npriority = [[]]\n",
    "[war]\nbattles = [{ army = \"red-1\", target = \"Omi\", withdraw = { rule = [] } }]\n",
    "[planning]\nronin = { a = 1 }\n[ronin]\nronin = [{ to = \"red-1\", count = 1 }]\n",
    "[planning]\nlevy = \"omi\"\n[levy]\nunits = [{ unit = \"archer\", to = \"red-1\" }]\n",
])
def test_ikusa_orders_of_the_wrong_shape_are_refused_not_a_crash(tmp_path, section):
    from pbem.orders import OrdersRejected, read_orders
    from pbem.rounds import resolve
    from tests.conftest import make_campaign

    camp = make_campaign(tmp_path / "feud", game="ikusa")
    resolve(camp, force=True)   # the placement round
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(camp, f'round = 2\nplayer = "ann"\n{section}'.encode(), "test")
    assert rejected.value.details and all("Error" not in line for line in rejected.value.details)


def test_a_token_written_where_a_name_goes_is_never_quoted_back_into_the_log_the_record_or_the_reply(campaign):
    from pbem.inbox import take_inbox

    secret = TOKENS["bob"]
    (campaign.folder / "inbox" / "wrong.toml").write_text(
        f'token = "{TOKENS["ann"]}"\nplayer = "{secret}"\nround = 1\ntargets = ["{secret}"]\n')
    taken = take_inbox(campaign)
    assert [t.accepted for t in taken] == [False]
    said = "\n".join(taken[0].problems) + (campaign.folder / "log.txt").read_text()
    said += "".join(p.read_text() for p in (campaign.folder / "outbox").glob("ack-*.eml"))
    assert taken[0].problems and "(a token)" in "\n".join(taken[0].problems)
    assert secret not in said


def test_a_nonce_equal_to_a_token_is_refused_since_every_report_prints_the_nonces(campaign):
    from pbem.inbox import take_inbox

    order_file(campaign.folder / "inbox", "ann", 1, ["Gifu"], token=TOKENS["ann"], nonce=TOKENS["ann"])
    taken = take_inbox(campaign)
    assert [t.accepted for t in taken] == [False]
    assert any("the nonce is a secret token" in p for p in taken[0].problems)
    assert TOKENS["ann"] not in "\n".join(taken[0].problems)


@pytest.mark.parametrize("text, code", [
    (".".join(["a"] * 31_000) + " = 1\n", "a dotted key has 31,000 parts"),
    ("[" + ".".join(["t"] * 40) + "]\n", "a dotted key has 40 parts"),
    ("x = {" + ".".join(["k"] * 40) + " = 1}\n", "a dotted key has 40 parts"),
    ("k" * 20_000 + " = 1\n", "longer than 4,096 characters"),
    ("x = " + "[" * 40 + "]" * 40 + "\n", "nested more than 16 deep"),
])
def test_an_order_file_that_would_cost_the_parser_dear_is_refused_before_it_is_parsed(campaign, text, code,
                                                                                        monkeypatch):
    import tomllib

    from pbem.orders import OrdersRejected, read_orders

    def never(*args, **kwargs):
        raise AssertionError("the parser was given the file")

    monkeypatch.setattr(tomllib, "loads", never)
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(campaign, text.encode(), "hostile.toml", require_token=True)
    assert any(code in line for line in rejected.value.details), rejected.value.details


def test_dots_and_brackets_inside_strings_and_comments_are_not_counted(campaign):
    from pbem.orders import read_orders

    dotted = ".".join(["a"] * 100)
    text = (f'# {dotted} [[[[[[[[[[[[[[[[[[[[\nround = 1\nplayer = "ann"\ntoken = "{TOKENS["ann"]}"\n'
            f'nonce = "{dotted[:120]}"\ntargets = ["Gifu"] # {dotted}\n')
    assert read_orders(campaign, text.encode(), "fine.toml", require_token=True).orders["targets"] == ["Gifu"]
