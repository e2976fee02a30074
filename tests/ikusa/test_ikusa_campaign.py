"""Ikusa through the whole pipeline: a campaign of computer players, replayed and verified."""
import json
import shutil
from pathlib import Path

import pytest
from conftest import run

from pbem.campaign import Campaign


@pytest.fixture(scope="module")
def played(demo_game):
    return Campaign.load(demo_game("ikusa", "5", 5))   # the five-player game tests/test_mail_pages.py reads too


@pytest.mark.slow
def test_a_five_player_campaign_of_computers_replays_byte_for_byte(played):
    assert played.last_round >= 2
    assert run("replay", played.folder).code == 0
    assert run("verify", played.folder).code == 0


def test_the_order_form_passes_the_check_in_the_placement_round_and_in_play(tmp_path):
    folder = tmp_path / "feud"
    assert run("new", folder, "--game", "ikusa", "--player", "ann=a@x.org", "--player", "bob=b@x.org",
               "--player", "cho=c@x.org").code == 0
    for phase in ("placement", "play"):
        assert Campaign.load(folder).state()["phase"] == phase
        form = run("orders", "template", folder, "bob").out
        path = tmp_path / f"{phase}.toml"
        path.write_text(form)
        result = run("orders", "check", folder, path)
        assert result.code == 0, result.err
        assert run("orders", "submit", folder, "bob", path).code == 0
        assert run("resolve", folder, "--force").code == 0


def test_no_report_shows_another_players_secrets(played):
    camp = Campaign.load(played.folder)
    for number in camp.resolved_rounds():
        for player in camp.player_names:
            model = json.loads((camp.round_dir(number) / "reports" / f"{player}.json").read_text())
            assert set(model["view"]["secret"]) <= {"ronin", "ronin_hired"}
            private = [e for e in json.loads((camp.round_dir(number) / "events.json").read_text())
                       if isinstance(e["audience"], list) and player not in e["audience"]]
            shown = model["events"]
            for ev in private:
                assert {k: v for k, v in ev.items() if k != "audience"} not in shown


def test_a_game_option_is_taken_at_new_and_a_bad_one_refused(tmp_path):
    ok = run("new", tmp_path / "quick", "--game", "ikusa", "--option", "quick=true",
             "--player", "ann=a@x.org", "--player", "bob=b@x.org", "--player", "cho=c@x.org")
    assert ok.code == 0, ok.err
    assert Campaign.load(tmp_path / "quick").state()["options"]["quick"] is True
    bad = run("new", tmp_path / "bad", "--game", "ikusa", "--option", "banzai=1",
              "--player", "ann=a@x.org", "--player", "bob=b@x.org", "--player", "cho=c@x.org")
    assert bad.code == 2 and "banzai" in bad.err
    assert not (tmp_path / "bad").exists()


def test_a_campaign_may_let_the_computer_play_for_a_player_who_sent_nothing(tmp_path):
    folder = tmp_path / "stand-in"
    assert run("new", folder, "--game", "ikusa", "--missing-orders", "computer", "--player", "ann=a@x.org",
               "--player", "bob=b@x.org", "--player", "cho=c@x.org").code == 0
    assert run("resolve", folder, "--force").code == 0  # the placement round
    assert run("resolve", folder, "--force").code == 0
    camp = Campaign.load(folder)
    inputs = camp.read_json(2, "inputs.json")
    assert inputs["defaulted"] == ["ann", "bob", "cho"]
    assert all(orders.get("planning") for orders in inputs["orders"].values())


@pytest.fixture(scope="module")
def hired(tmp_path_factory):
    """A 3-player campaign in which ann hired the ninja in round 1: made once, copied by each test."""
    folder = tmp_path_factory.mktemp("hired") / "spies"
    assert run("new", folder, "--game", "ikusa", "--player", "ann=a@x.org", "--player", "bob=b@x.org",
               "--player", "cho=c@x.org").code == 0
    assert run("resolve", folder, "--force").code == 0  # placement
    koku = Campaign.load(folder).state()["koku"]["ann"]
    order = folder.parent / "ann.toml"
    order.write_text(f"round = {Campaign.load(folder).open_round}\n[planning]\nninja = {koku}\n")
    assert run("orders", "submit", folder, "ann", order).code == 0
    assert run("resolve", folder, "--force").code == 0  # round 1: ann hires the ninja
    assert Campaign.load(folder).state()["ninja"]["holder"] == "ann"
    return folder


def ninja_hired_by_ann(tmp_path, hired):
    """A copy of the campaign `hired`, and a way to submit orders by hand."""
    folder = tmp_path / "spies"
    shutil.copytree(hired, folder)

    def submit(player, text):
        camp = Campaign.load(folder)
        path = tmp_path / f"{player}-{camp.open_round}-{len(list(tmp_path.iterdir()))}.toml"
        path.write_text(f"round = {camp.open_round}\n{text}")
        return run("orders", "submit", folder, player, path)

    return folder, submit


def test_the_spy_sees_the_watched_allocation_by_mail_before_allocating_and_it_is_frozen(tmp_path, hired):
    folder, submit = ninja_hired_by_ann(tmp_path, hired)
    assert submit("ann", '[spy]\nwatch = "bob"\n').code == 0
    assert list((folder / "outbox").glob("brief-*")) == []
    bob_koku = Campaign.load(folder).state()["koku"]["bob"]
    assert submit("bob", f"[planning]\nturn_order = {bob_koku}\n").code == 0
    briefs = list((folder / "outbox").glob("brief-*"))
    assert len(briefs) == 1 and "-ann-spy-bob" in briefs[0].name
    assert f"turn_order  {bob_koku}" in briefs[0].read_text()
    changed = submit("bob", f"[planning]\nninja = {bob_koku}\n")
    assert changed.code == 2 and "spy has already seen" in changed.err
    assert f"(it stays turn_order = {bob_koku})" in changed.err   # as the player wrote it, not a Python dict
    assert run("resolve", folder, "--force").code == 0
    number = Campaign.load(folder).last_round
    reports = {p: json.loads((folder / f"rounds/{number:04d}/reports/{p}.json").read_text()) for p in ("ann", "bob")}
    assert [e["watched_player"] for e in reports["ann"]["events"] if e["kind"] == "spy_report"] == ["bob"]
    assert not [e for e in reports["bob"]["events"] if e["kind"] == "spy_report"]


def test_a_spy_who_has_seen_one_allocation_cannot_turn_to_another_side_and_the_seen_one_stays_locked(tmp_path, hired):
    folder, submit = ninja_hired_by_ann(tmp_path, hired)
    state = Campaign.load(folder).state()
    assert submit("ann", '[spy]\nwatch = "bob"\n').code == 0
    assert submit("bob", f"[planning]\nturn_order = {state['koku']['bob']}\n").code == 0
    assert submit("cho", f"[planning]\nturn_order = {state['koku']['cho']}\n").code == 0
    another_side = '[spy]\nwatch = "cho"\n'
    no_watch = f"[planning]\nturn_order = {state['koku']['ann']}\n"
    for text in (another_side, no_watch):
        turned = submit("ann", text)
        assert turned.code == 2 and "watches one side a round" in turned.err, turned.err
    briefs = sorted(p.name for p in (folder / "outbox").glob("brief-*"))
    assert len(briefs) == 1 and briefs[0].endswith("-ann-spy-bob.eml")   # cho's allocation was never shown
    changed = submit("bob", f"[planning]\nninja = {state['koku']['bob']}\n")
    assert changed.code == 2 and "spy has already seen" in changed.err
    assert submit("cho", f"[planning]\nninja = {state['koku']['cho']}\n").code == 0   # never watched: free


def test_a_campaign_may_play_on_its_own_map_file_and_a_broken_one_is_refused(tmp_path):
    from games.ikusa.board import default_board

    source = (Path(__file__).resolve().parents[2] / "games/ikusa/map.toml").read_text()
    own = tmp_path / "own-map.toml"
    own.write_text(source + "\n# our printed board\n")
    folder = tmp_path / "own"
    assert run("new", folder, "--game", "ikusa", "--option", f"map_file={own}", "--player", "ann=a@x.org",
               "--player", "bob=b@x.org", "--player", "cho=c@x.org").code == 0
    assert run("resolve", folder, "--force").code == 0
    state = Campaign.load(folder).state()
    assert state["map"] != default_board().digest and state["map_text"] == own.read_text()
    assert run("replay", folder).code == 0

    broken = tmp_path / "broken-map.toml"
    broken.write_text(source.replace('["aki", "bingo"]', '["aki", "atlantis"]'))
    refused = run("new", tmp_path / "nowhere", "--game", "ikusa", "--option", f"map_file={broken}",
                  "--player", "ann=a@x.org", "--player", "bob=b@x.org", "--player", "cho=c@x.org")
    assert refused.code == 2 and "atlantis" in refused.err
    assert not (tmp_path / "nowhere").exists()


def test_a_seen_allocation_changed_in_a_file_with_other_mistakes_is_named_with_them_in_one_answer(tmp_path, hired):
    folder, submit = ninja_hired_by_ann(tmp_path, hired)
    bob_koku = Campaign.load(folder).state()["koku"]["bob"]
    assert submit("ann", '[spy]\nwatch = "bob"\n').code == 0
    assert submit("bob", f"[planning]\nturn_order = {bob_koku}\n").code == 0
    changed = submit("bob", f'[planning]\nninja = {bob_koku}\n\n[build]\ncastle = "Shimma"\n')
    assert changed.code == 2
    assert "spy has already seen" in changed.err and "Building needs" in changed.err, changed.err


def test_a_spy_turning_to_another_side_in_a_file_with_other_mistakes_hears_of_both(tmp_path, hired):
    folder, submit = ninja_hired_by_ann(tmp_path, hired)
    state = Campaign.load(folder).state()
    assert submit("ann", '[spy]\nwatch = "bob"\n').code == 0
    assert submit("bob", f"[planning]\nturn_order = {state['koku']['bob']}\n").code == 0
    turned = submit("ann", f'[spy]\nwatch = "cho"\n\n[planning]\nturn_order = {state["koku"]["ann"] + 7}\n')
    assert turned.code == 2
    assert "watches one side a round" in turned.err and "Koku" in turned.err, turned.err


@pytest.mark.parametrize("text", [
    'planning = [1, 2]\n', 'planning = "all"\n', 'spy = "bob"\n', '[spy]\nwatch = ["cho", "bob"]\n',
    '[spy]\nwatch = { side = "cho" }\n', '[planning]\nturn_order = "seven"\n', 'war = 5\n[spy]\nwatch = 3\n',
])
def test_a_file_of_any_shape_from_the_watched_or_the_spy_is_refused_in_words_while_the_lock_holds(
        tmp_path, hired, text):
    """The spy's lock is judged on the file as written when the rest of it is refused: whatever its shape,
    the answer is a refusal the player can read, never an internal error."""
    folder, submit = ninja_hired_by_ann(tmp_path, hired)
    bob_koku = Campaign.load(folder).state()["koku"]["bob"]
    assert submit("ann", '[spy]\nwatch = "bob"\n').code == 0
    assert submit("bob", f"[planning]\nturn_order = {bob_koku}\n").code == 0
    for player in ("bob", "ann"):
        answer = submit(player, text)
        assert answer.code == 2 and "orders rejected" in answer.err and "internal error" not in answer.err, answer
