"""The turn pipeline on disk: new, orders, inbox, resolve, reports, outbox."""
from __future__ import annotations

import email
import json
import os
import stat
from datetime import timedelta
from email import policy

from conftest import START, TOKENS, make_campaign, order_file, run, tree

from pbem import clock
from pbem.campaign import Campaign


def read_eml(path):
    return email.message_from_bytes(path.read_bytes(), policy=policy.default)


def test_a_new_campaign_has_its_layout_and_a_private_secrets_file(campaign):
    folder = campaign.folder
    for name in ("campaign.toml", "secrets.toml", "orders", "inbox", "outbox", "sent", "received", "rounds/0000"):
        assert (folder / name).exists(), name
    assert stat.S_IMODE((folder / "secrets.toml").stat().st_mode) == 0o600
    assert "dice_secret" not in (folder / "campaign.toml").read_text()


def test_each_player_gets_one_welcome_letter_with_their_token_and_no_other(campaign):
    letters = sorted((campaign.folder / "outbox").glob("welcome-*.eml"))
    assert [p.name for p in letters] == ["welcome-ann.eml", "welcome-bob.eml", "welcome-cho.eml"]
    ann = read_eml(letters[0])
    text, page = (ann.get_body((kind,)).get_content() for kind in ("plain", "html"))
    assert TOKENS["ann"] in text and TOKENS["ann"] in page
    assert TOKENS["bob"] not in text + page
    assert ann["To"].addresses[0].addr_spec == "ann@example.org"
    assert ann["Message-ID"]


def test_tokens_are_stored_only_as_hashes_and_never_in_a_report(campaign):
    for token in TOKENS.values():
        assert token not in (campaign.folder / "secrets.toml").read_text()
    for path in (campaign.folder / "rounds").rglob("*"):
        if path.is_file():
            assert not any(t.encode() in path.read_bytes() for t in TOKENS.values()), path   # the PNGs too


def test_the_secrets_file_must_not_be_readable_by_others(campaign):
    os.chmod(campaign.secrets_path, 0o644)
    result = run("resolve", campaign.folder, "--force")
    assert result.code == 2
    assert "chmod 600" in result.err


def test_status_names_who_has_orders_in_and_who_is_missing(campaign, tmp_path):
    run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    info = json.loads(run("status", campaign.folder, "--json").out)
    assert info["round"] == 1 and info["orders_in"] == ["ann"] and info["missing"] == ["bob", "cho"]
    assert "Missing:    bob, cho" in run("status", campaign.folder).out


def test_a_submission_is_echoed_normalised_and_a_later_one_replaces_it(campaign, tmp_path):
    first = run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["gifu", "AUTO"]))
    assert first.code == 0
    assert 'targets = ["Gifu", "auto"]' in first.out
    run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["Edo"]))
    assert Campaign.load(campaign.folder).pending_orders()["ann"]["orders"] == {"targets": ["Edo"]}


def test_check_never_stores(campaign, tmp_path):
    before = tree(campaign.folder)
    result = run("orders", "check", campaign.folder, order_file(tmp_path, "ann", 1, ["Gifu"]))
    assert result.code == 0 and "Gifu" in result.out
    assert tree(campaign.folder) == before


def test_the_order_template_is_valid_orders_once_the_player_is_known(campaign, tmp_path):
    form = run("orders", "template", campaign.folder, "bob").out
    assert "PUT-YOUR-TOKEN-HERE" in form
    path = tmp_path / "form.toml"
    path.write_text(form)
    assert run("orders", "check", campaign.folder, path).code == 0


def test_resolve_waits_for_every_player_unless_forced(campaign, tmp_path):
    run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))
    waiting = run("resolve", campaign.folder)
    assert waiting.code == 2 and "bob, cho" in waiting.err
    assert Campaign.load(campaign.folder).last_round == 0
    forced = run("resolve", campaign.folder, "--force")
    assert forced.code == 0
    camp = Campaign.load(campaign.folder)
    assert camp.last_round == 1
    inputs = camp.read_json(1, "inputs.json")
    assert inputs["defaulted"] == ["bob", "cho"]
    for player in camp.player_names:
        assert "no orders arrived from bob, cho" in run("report", camp.folder, player).out


def test_a_passed_deadline_resolves_with_default_orders(tmp_path):
    camp = make_campaign(tmp_path / "late", deadline_hours=48)
    with clock.frozen_at(START + timedelta(hours=47)):
        assert run("resolve", camp.folder).code == 2
    with clock.frozen_at(START + timedelta(hours=48)):
        assert run("resolve", camp.folder).code == 0
    assert Campaign.load(camp.folder).round_record()["deadline"] == "2026-03-05T12:00:00Z"


def test_each_player_gets_one_report_message_per_round(campaign):
    run("resolve", campaign.folder, "--force")
    reports = sorted((campaign.folder / "outbox").glob("r0001-*.eml"))
    assert len(reports) == 3
    for path in reports:
        message = read_eml(path)
        player = message["To"].addresses[0].display_name
        assert message["Subject"] == "[war] Round 1 report"
        assert message.get_body(("plain",)).get_content().replace("\r\n", "\n") == run(
            "report", campaign.folder, player).out
        assert message["Message-ID"].startswith("<war.r0001-")


def test_a_report_has_an_html_alternative_that_escapes_what_players_wrote(campaign, tmp_path):
    import html
    import re

    hostile = "<script>alert(1)</script>"
    run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"], nonce=hostile))
    run("resolve", campaign.folder, "--force")
    [path] = (campaign.folder / "outbox").glob("r0001-*-ann.eml")
    message = read_eml(path)
    assert message.get_content_type() == "multipart/mixed"   # the text and its HTML with its PNG, then the JSON
    assert [part.get_content_type() for part in message.iter_parts()] == ["multipart/alternative", "application/gzip"]
    text = message.get_body(("plain",)).get_content().replace("\r\n", "\n")
    page = message.get_body(("html",)).get_content().replace("\r\n", "\n")
    assert hostile in text and hostile not in page and "&lt;script&gt;" in page
    assert page == (campaign.folder / "rounds/0001/reports/ann.html").read_text("utf-8")   # the round's own page
    nonces = re.search(r"<th>Nonces</th><td>(.*?)</td>", page).group(1)
    assert hostile in html.unescape(nonces)


def test_the_json_report_carries_the_events_the_text_shows(campaign):
    run("resolve", campaign.folder, "--force")
    model = json.loads(run("report", campaign.folder, "ann", "--format", "json").out)
    assert model["round"] == 1 and model["player"] == "ann"
    events = json.loads((campaign.folder / "rounds/0001/events.json").read_text())
    public = [e for e in events if e["audience"] == "all"]
    assert len([e for e in model["events"] if e["kind"] == "roll"]) == len([e for e in public if e["kind"] == "roll"])
    assert all("audience" not in e for e in model["events"])


def test_the_inbox_takes_orders_with_the_right_token_and_acknowledges_each(campaign, tmp_path):
    inbox = campaign.folder / "inbox"
    order_file(inbox, "ann", 1, ["Gifu"], token=TOKENS["ann"])
    order_file(inbox, "bob", 1, ["Edo"], token=TOKENS["ann"])
    result = run("inbox", campaign.folder)
    assert result.code == 2
    assert "accepted" in result.out and "rejected" in result.out
    assert list(inbox.iterdir()) == []
    camp = Campaign.load(campaign.folder)
    assert sorted(camp.pending_orders()) == ["ann"]
    acks = {read_eml(p)["To"].addresses[0].display_name: read_eml(p) for p in (camp.folder / "outbox").glob("ack-*")}
    assert "accepted" in acks["ann"]["Subject"] and 'targets = ["Gifu"]' in acks["ann"].get_content()
    assert "rejected" in acks["bob"]["Subject"] and "token does not match" in acks["bob"].get_content()
    assert len(list((camp.folder / "received").iterdir())) == 2
    assert TOKENS["ann"] not in acks["ann"].get_content()


def test_the_same_inbox_file_twice_is_acknowledged_once(campaign, tmp_path):
    path = order_file(tmp_path, "ann", 1, ["Gifu"], token=TOKENS["ann"])
    for _ in range(2):
        (campaign.folder / "inbox" / "ann.toml").write_bytes(path.read_bytes())
        run("inbox", campaign.folder)
    assert len(list((campaign.folder / "outbox").glob("ack-*"))) == 1


def test_a_crash_after_the_round_is_written_is_finished_by_the_next_command(campaign, tmp_path, monkeypatch):
    import pbem.rounds as rounds

    run("orders", "submit", campaign.folder, "ann", order_file(tmp_path, "ann", 1, ["Gifu"]))

    def die(*args, **kwargs):
        raise KeyboardInterrupt("killed")

    real_settle = rounds.settle
    calls = []

    def settle_then_die(camp, files=None):
        calls.append(1)
        if len(calls) == 2:  # the settle right after the commit
            die()
        real_settle(camp, files)

    monkeypatch.setattr(rounds, "settle", settle_then_die)
    try:
        rounds.resolve(Campaign.load(campaign.folder), force=True)
    except KeyboardInterrupt:
        pass
    monkeypatch.setattr(rounds, "settle", real_settle)
    assert list((campaign.folder / "outbox").glob("r0001-*")) == []
    assert run("status", campaign.folder).code == 0
    assert run("resolve", campaign.folder, "--force").code == 0  # resolves round 2, settles round 1 first
    assert len(list((campaign.folder / "outbox").glob("r0001-*"))) == 3
    assert len(list((campaign.folder / "outbox").glob("r0002-*"))) == 3
    assert not (campaign.folder / "orders" / "ann.json").exists()


def test_a_half_written_round_folder_is_ignored_and_cleared(campaign):
    partial = campaign.folder / "rounds" / ".0001.partial-999"
    partial.mkdir()
    (partial / "state.json").write_text("{")
    assert Campaign.load(campaign.folder).open_round == 1
    assert run("resolve", campaign.folder, "--force").code == 0
    assert not partial.exists()


def test_a_second_process_is_locked_out(campaign):
    import subprocess
    import sys

    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(campaign.folder / '.lock')!r}, os.O_RDWR | os.O_CREAT)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(30)\n")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        result = run("resolve", campaign.folder, "--force")
        assert result.code == 1 and "another pbem process" in result.err
        assert Campaign.load(campaign.folder).last_round == 0
    finally:
        holder.kill()
        holder.wait()
    assert run("resolve", campaign.folder, "--force").code == 0


def test_a_message_with_non_ascii_text_travels_as_quoted_printable_and_reads_back(campaign):
    from pbem.outbox import compose

    body = "Daimyō line filled — banzai!\n" + "x" * 1200 + "\n"
    data = compose(campaign, "ann", "Test", body, key="t1", moment=START)
    message = email.message_from_bytes(data, policy=policy.default)
    assert message["Content-Transfer-Encoding"] == "quoted-printable"
    assert message.get_content().replace("\r\n", "\n") == body
    assert all(len(line) <= 78 for line in data.split(b"\r\n"))


def test_a_header_with_a_line_break_is_refused(campaign):
    import pytest

    from pbem.outbox import compose

    with pytest.raises(ValueError):
        compose(campaign, "ann", "Round 1\r\nBcc: victim@example.org", "x", key="t2", moment=START)


def test_a_forced_resolve_killed_after_its_round_was_in_place_and_run_again_resolves_no_second_round(campaign):
    from conftest import run_process

    killed = run_process("resolve", campaign.folder, "--force", crash_at="round-committed")
    assert killed.returncode == -9
    again = run_process("resolve", campaign.folder, "--force")
    assert again.returncode == 0, again.stderr
    assert "Round 1 was already resolved (by the `pbem resolve` that was interrupted)" in again.stdout
    assert "Round 2 is open" in again.stdout
    camp = Campaign.load(campaign.folder)
    assert camp.resolved_rounds() == [0, 1]
    assert len(list((campaign.folder / "outbox").glob("r0001-*.eml"))) == 3   # each report once
    third = run_process("resolve", campaign.folder, "--force")   # now asked for: round 2 is forced
    assert third.returncode == 0 and "Round 2 resolved" in third.stdout
    assert Campaign.load(campaign.folder).resolved_rounds() == [0, 1, 2]


def test_resolve_with_round_n_resolves_that_round_only_and_does_nothing_once_it_is_resolved(campaign):
    from conftest import run

    assert run("resolve", campaign.folder, "--force", "--round", "1").code == 0
    again = run("resolve", campaign.folder, "--force", "--round", "1")
    assert again.code == 0 and "Round 1 was already resolved; nothing more was done" in again.out
    ahead = run("resolve", campaign.folder, "--force", "--round", "5")
    assert ahead.code == 2 and "round 2 is the open round" in ahead.err
    assert Campaign.load(campaign.folder).resolved_rounds() == [0, 1]
