"""`pbem resolve --dry-run`: what resolving now would give, for the GM's eyes, writing nothing, with throwaway dice."""
from __future__ import annotations

from datetime import timedelta

from conftest import START, make_campaign, order_file, run, tree

from engine.dice import commitment, round_seed
from pbem import clock
from pbem.campaign import Campaign
from pbem.files import campaign_lock

LATER = START + timedelta(hours=2)


def with_ann_in(folder, tmp_path):
    """A campaign at its first round with ann's orders in and bob's and cho's missing."""
    camp = make_campaign(folder)
    with clock.frozen_at(START + timedelta(hours=1)):
        assert run("orders", "submit", camp.folder, "ann", order_file(tmp_path, "ann", 1, ["Kiyosu"])).code == 0
    return Campaign.load(camp.folder)


def real_secrets(camp: Campaign) -> list[str]:
    """The open round's real seed and its commitment, and the next round's commitment: none is for the dry run."""
    secret = camp.dice_secret()
    seed = round_seed(secret, 1, 0)
    return [seed.hex(), commitment(seed), commitment(round_seed(secret, 2, 0))]


def test_a_dry_run_writes_nothing_in_the_campaign(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    before = tree(camp.folder)
    with clock.frozen_at(LATER):
        summary = run("resolve", camp.folder, "--dry-run")
        shown = run("resolve", camp.folder, "--dry-run", "--show", "bob")
    assert summary.code == 0 and shown.code == 0
    assert tree(camp.folder) == before
    assert Campaign.load(camp.folder).last_round == 0


def test_a_dry_run_says_its_dice_are_throwaway_and_not_the_rounds_real_dice(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    with clock.frozen_at(LATER):
        summary = run("resolve", camp.folder, "--dry-run")
        shown = run("resolve", camp.folder, "--dry-run", "--show", "cho")
    for result in (summary, shown):
        assert "THROWAWAY DICE" in result.out and "NOT from the round's real dice" in result.out
        assert "nothing was written" in result.out
    assert "Orders in: ann" in summary.out and "Would get default orders: bob, cho" in summary.out
    assert "Standings if resolved now:" in summary.out
    assert "report on round 1, for cho" in shown.out


def test_a_dry_run_never_shows_the_real_seed_or_its_commitments(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    with clock.frozen_at(LATER):
        outputs = [run("resolve", camp.folder, "--dry-run").out]
        outputs += [run("resolve", camp.folder, "--dry-run", "--show", p).out for p in camp.player_names]
    for secret in real_secrets(camp):
        assert all(secret not in out for out in outputs)
    assert "Round 2 commitment" in outputs[1]   # the report's dice section is there, with throwaway values


def test_two_dry_runs_roll_different_throwaway_dice(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    with clock.frozen_at(LATER):
        first, second = (run("resolve", camp.folder, "--dry-run", "--show", "ann").out for _ in range(2))
    assert first != second


def test_a_real_resolution_after_a_dry_run_is_the_same_as_without_it(tmp_path):
    tried = with_ann_in(tmp_path / "a" / "war", tmp_path / "a")
    twin = with_ann_in(tmp_path / "b" / "war", tmp_path / "b")
    with clock.frozen_at(LATER):
        assert run("resolve", tried.folder, "--dry-run").code == 0
        assert run("resolve", tried.folder, "--dry-run", "--show", "ann").code == 0
    with clock.frozen_at(LATER + timedelta(minutes=5)):
        assert run("resolve", tried.folder, "--force").code == 0
        assert run("resolve", twin.folder, "--force").code == 0
    resolved = tree(tried.round_dir(1))
    assert resolved and resolved == tree(twin.round_dir(1))
    assert tree(tried.folder) == tree(twin.folder)


def test_a_dry_run_is_refused_while_another_pbem_process_holds_the_campaign(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    with campaign_lock(camp.folder), clock.frozen_at(LATER):
        held = run("resolve", camp.folder, "--dry-run")
    assert held.code == 1 and "another pbem process" in held.err and "DRY RUN" not in held.out


def test_show_without_dry_run_and_an_unknown_player_are_refused_with_exit_2(tmp_path):
    camp = with_ann_in(tmp_path / "war", tmp_path)
    before = tree(camp.folder)
    with clock.frozen_at(LATER):
        alone = run("resolve", camp.folder, "--show", "ann")
        unknown = run("resolve", camp.folder, "--dry-run", "--show", "zed")
    assert alone.code == 2 and "--dry-run" in alone.err
    assert unknown.code == 2 and "zed" in unknown.err
    assert tree(camp.folder) == before


def test_in_beacon_mode_a_dry_run_before_the_round_closes_asks_no_beacon_and_says_so(tmp_path):
    camp = make_campaign(tmp_path / "war", deadline_hours=48, beacon={"urls": ["http://127.0.0.1:9"]})
    with clock.frozen_at(LATER):   # long before the round closes: a real resolution is refused
        assert run("resolve", camp.folder, "--force").code == 2
        before = tree(camp.folder)
        result = run("resolve", camp.folder, "--dry-run")
    assert result.code == 0, result.err
    assert "no beacon round was asked for" in result.out and "THROWAWAY DICE" in result.out
    assert tree(camp.folder) == before

