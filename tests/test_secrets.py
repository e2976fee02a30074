"""The dice secret, the seed of a round not yet played, and the players' and the GM's tokens never appear in any
report, log, acknowledgement, answer, press, relayed message or page of the public site that a campaign produces,
nor in anything a command prints: not even where a player or the GM writes a token into a text to publish."""
from __future__ import annotations

import hashlib
import os
import stat
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest

from engine.dice import round_seed
from pbem import clock
from pbem.campaign import Campaign
from pbem.gm_results import write_stand_in
from pbem.mail_intake import take_raw
from pbem.rounds import attempt
from tests.conftest import START, TOKENS, make_campaign, order_file, run
from tests.support.harness import registered, table_for

# Files that hold a secret by design: the secrets file itself, the players' own mail and order files as they
# came in (with their tokens), and the welcome letters, which are how a player gets the token.
BY_DESIGN = ("secrets.toml", "received/", "outbox/welcome-", "sent/welcome-", "inbox/")
GM_TOKEN = "gm-word-for-rolls-77"
# (writer, subject, text) of the press and private messages sent: {ann}, {bob}, {gm} the tokens. Those holding
# a token, in one shape or another, must be refused; the others are published, or relayed, and told.
PRESS = [("ann", "[war] press", "The east is mine."), ("bob", "[war] press anonymous", "Someone here lies."),
         ("ann", "[war] to bob", "Psst, bob: Gifu."), ("bob", "[war] to ann", "Psst, ann: no."),
         ("ann", "[war] press", "hello token={ann}"), ("bob", "[war] press", "ann's is token={ann}"),
         ("ann", "[war] to bob", "mine: ({ann})"), ("bob", "[war] press anonymous", 'token="{bob}" # mine'),
         ("ann", "[war] press", "The GM's is {gm}!"), ("bob", "[war] to ann", "{BOB}?")]


def secrets_of(camp: Campaign, new_tokens: list[str], gm_token: str | None = None) -> dict[str, str]:
    secret = camp.dice_secret()
    found = {f"token of {name}": token for name, token in TOKENS.items() if name in camp.player_names}
    found.update({"GM token": gm_token} if gm_token else {})
    found.update({f"new token {n}": token for n, token in enumerate(new_tokens)})
    found["dice secret"] = secret.hex()
    found["token hash of ann"] = hashlib.sha256(TOKENS["ann"].encode()).hexdigest()
    found["seed of the open round"] = round_seed(secret, camp.open_round, attempt(camp, camp.open_round)).hex()
    return found


def scan(folder: Path, printed: list[str], secrets: dict[str, str]) -> list[str]:
    leaks = []
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if not path.is_file() or name.startswith(BY_DESIGN):
            continue
        data = path.read_bytes()
        leaks += [f"{what} in {name}" for what, value in secrets.items() if value.encode() in data]
    for n, text in enumerate(printed):
        leaks += [f"{what} printed by command {n}" for what, value in secrets.items() if value in text]
    return leaks


def mail(player: str, body: str, subject="Re: [war] report", token_of: str | None = None, n: int = 0) -> bytes:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = f"{player}@example.org", "gm@example.org", subject
    message["Message-ID"] = f"<{player}-{n}@example.org>"
    message.set_content(body)
    return message.as_bytes()


@pytest.mark.parametrize("game", registered())
def test_no_secret_appears_in_anything_a_campaign_produces_or_a_command_prints(tmp_path, game):
    camp = make_campaign(tmp_path / "war", game=game, missing_orders="computer", deadline_hours=48,
                         settings={"remind_hours": 24, "press": "anonymous", "private_messages": True},
                         players=table_for(game))   # cho, if not seated, a stranger
    camp.replace_gm_token(GM_TOKEN)
    printed = []

    def pbem(*args):
        result = run(*args)
        printed.append(result.out + result.err)
        return result

    with clock.frozen_at(START):
        for n, (player, token) in enumerate([("ann", "wrong-token"), ("bob", TOKENS["ann"]), ("cho", "")]):
            take_raw(camp, mail(player, f'round = 1\nplayer = "{player}"\ntoken = "{token}"\n', n=n))
        for n, request in enumerate(["report", "form", "status", "help"]):
            take_raw(camp, mail("ann", "", subject=f"[war] {request}", n=10 + n))
        order_file(camp.folder / "inbox", "bob", 1, [], token="not-bobs-token")
        for n, (player, subject, text) in enumerate(PRESS):
            text = text.format(ann=TOKENS["ann"], bob=TOKENS["bob"], BOB=TOKENS["bob"].upper(), gm=GM_TOKEN)
            take_raw(camp, mail(player, f'token = "{TOKENS[player]}"\n{text}\n', subject=subject, n=20 + n))
        pbem("press", camp.folder, "--text", "The GM speaks.")
        pbem("press", camp.folder, "--text", f"Ann, yours is {TOKENS['ann']}; bob's, ({TOKENS['bob']}).")
        pbem("press", camp.folder, "--text", f"Mine: token = {GM_TOKEN}")
    pbem("inbox", camp.folder)
    pbem("orders", "check", camp.folder, order_file(tmp_path, "ann", 1, ["Gifu"], token=TOKENS["bob"]))
    for hours in (30, 50):   # a reminder, then the deadline
        with clock.frozen_at(START + timedelta(hours=hours)):
            write_stand_in(Campaign.load(camp.folder))   # a game its GM adjudicates: the GM's results
            pbem("tick", camp.folder)
    with clock.frozen_at(START + timedelta(hours=51)):
        write_stand_in(Campaign.load(camp.folder))
        pbem("resolve", camp.folder, "--force")
        replaced = pbem("player", "replace", camp.folder, "bob", "--email", "robert@example.org")
        pbem("rollback", camp.folder, "--to", "1", "--reason", "testing")
        write_stand_in(Campaign.load(camp.folder))
        pbem("resolve", camp.folder, "--force")
    for command in (["status", camp.folder], ["status", camp.folder, "--json"], ["verify", camp.folder],
                    ["replay", camp.folder], ["report", camp.folder, "ann"],
                    ["report", camp.folder, "cho", "--format", "json"], ["orders", "template", camp.folder, "ann"]):
        pbem(*command)
    new_token = next((camp.folder / "outbox").glob("welcome-bob-r*.eml")).read_text().split("token is:")[1].split()[0]
    assert replaced.code == 0 and Campaign.load(camp.folder).token_matches("bob", new_token)
    site = pbem("site", camp.folder, tmp_path / "site")
    camp = Campaign.load(camp.folder)
    assert camp.last_round >= 2 and any((camp.folder / "outbox").glob("mail-*.eml")) and site.code == 0
    found = secrets_of(camp, [new_token], GM_TOKEN)
    assert scan(camp.folder, printed, found) + scan(tmp_path / "site", [], found) == []
    pages = "".join(page.read_text("utf-8") for page in (tmp_path / "site").rglob("*.html"))   # what was scanned
    assert all(said in pages for said in ("The east is mine.", "Someone here lies.", "The GM speaks."))
    assert len(list((camp.folder / "outbox").glob("relay-*.eml"))) == 2   # the private messages without a token


def test_the_scan_finds_a_secret_where_one_is_written(campaign):
    secrets = secrets_of(campaign, [])
    (campaign.folder / "log.txt").write_text(f"oops {TOKENS['cho']}\n")
    assert scan(campaign.folder, [f"seed {secrets['seed of the open round']}"], secrets) == [
        "token of cho in log.txt", "seed of the open round printed by command 0"]


def test_secret_files_are_private_and_pbem_refuses_one_that_others_can_read(campaign):
    path = campaign.folder / "secrets.toml"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o644)
    result = run("status", campaign.folder)
    assert result.code == 2 and f"chmod 600 {path}" in result.err
