"""Hidden information, as properties: what a player may not see never changes that player's report by one byte.

The positions and the changes come from tests/support/hidden.py (benchmarks/reliability.py
runs the same checks with many more draws), for every registered game, with
the game's own checks from its adapter. Hypothesis picks the game played
(among a few seeds, so that each is played once for all the tests), how many
rounds into it, the player and the change. Every property counts what it
compared over all its examples and fails when that is nothing: a check that
compared nothing proved nothing. The tests at the end plant a leak in a copy
of a game, or in the rendering, and show that each check catches it.
"""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import canonical
from engine.events import PUBLIC, visible_to
from games import get
from pbem import render
from tests.support import hidden
from tests.support.harness import harness_for, registered
from tests.support.hidden import checked, every_event, first_leak, position

pytestmark = pytest.mark.property   # each check runs over Hypothesis's examples

GAMES = registered()
OWN_CHECKS = [(game, name) for game in GAMES for name in harness_for(game).checks]
PICTURED = [game for game in GAMES if get(game).picture and harness_for(game).hides_state]   # maps that hide
EXAMPLES = examples(30)

COSTLY = {"ikusa"}   # its positions take seconds each to play and check


def planted(names) -> list:
    """The games a self-test of the checks runs on: in the default tier those whose positions are cheap (a planted
    leak is caught or not by the same code in every game), in the full tier every one of them."""
    return [pytest.param(name, marks=pytest.mark.slow) if name in COSTLY else name for name in names]


games_played = st.integers(0, 3)
rounds_in = st.integers(0, hidden.MAX_ROUNDS)
seats = st.integers(0, 5)
changes = st.integers(0, 2**31 - 1)


def checked_from(check, game_name: str, played: int, rounds: int, seat: int, change: int) -> hidden.Tally:
    """The check at the round drawn, or at the first later (then earlier) round where it finds something to
    compare: some moments are rare (ronin deployed by order, orders that are never carried out)."""
    tally = hidden.Tally()
    for later in [*range(rounds, hidden.MAX_ROUNDS + 1), *range(1, rounds)]:
        tally = checked(check, game_name, played, later, seat, change)
        if tally.changes or tally.leaks:
            break
    return tally


def assert_no_leak(tally: hidden.Tally) -> None:
    assert not tally.leaks, "\n".join(tally.leaks)


def compares_pictures(check, game_name: str) -> bool:
    """Whether the check compares what a player receives, pictures too: for a game with a picture, the checks of
    events and of orders never carried out, and the generic check of a game whose view hides something (of one
    that hides nothing it proves instead that every leaf of the state is in the view). The seed's swap compares
    the round's files, the games' own checks what they vary (a briefing, say)."""
    if get(game_name).picture is None:
        return False
    return check in (hidden.check_events, hidden.check_unexecuted_orders) or \
        (check is hidden.check_generic and harness_for(game_name).hides_state)


def holds_over_examples(check, game_name: str, rounds=rounds_in, examples: int = EXAMPLES, each=None,
                        seek: bool = False) -> hidden.Tally:
    """The check over hypothesis's examples: no leak in any, `each(tally)` of every one where given, and
    something compared in all of them together."""
    total = hidden.Tally()

    @settings(max_examples=examples)
    @given(played=games_played, rounds=rounds, seat=seats, change=changes)
    def example(played, rounds, seat, change):
        tally = (checked_from if seek else checked)(check, game_name, played, rounds, seat, change)
        assert_no_leak(tally)
        if each:
            each(tally)
        total.add(tally)

    example()
    assert total.changes > 0, f"{check.__name__} compared nothing in {examples} examples of {game_name}"
    if compares_pictures(check, game_name):
        assert total.pictures > 0, f"{check.__name__} compared no picture in {examples} examples of {game_name}"
    return total


@pytest.mark.parametrize("game_name", GAMES)
def test_a_change_anywhere_in_the_state_that_the_view_hides_never_changes_a_players_report(game_name):
    holds_over_examples(hidden.check_generic, game_name)


@pytest.mark.parametrize("game_name", GAMES)
def test_events_kept_from_a_player_never_change_that_players_report(game_name):
    def every_change_compared(tally):
        assert tally.changes == hidden.EVENT_CHANGES

    holds_over_examples(hidden.check_events, game_name, each=every_change_compared)


@pytest.mark.parametrize("game_name", GAMES)
def test_orders_that_are_never_carried_out_never_change_another_players_report(game_name):
    holds_over_examples(hidden.check_unexecuted_orders, game_name, rounds=st.integers(2, hidden.MAX_ROUNDS),
                        seek=True)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_seed_of_a_round_not_yet_revealed_never_reaches_a_report(game_name):
    def one_swap(tally):
        assert tally.changes == 1

    holds_over_examples(hidden.check_next_seed, game_name, examples=examples(12), each=one_swap)


@pytest.mark.parametrize("game_name, check", OWN_CHECKS)
def test_what_a_games_own_hidden_checks_vary_never_changes_a_players_report(game_name, check):
    """A check that finds something to compare in every draw (hidden.in_every_draw) needs fewer examples, and
    no search for a round where it does."""
    varies = harness_for(game_name).checks[check]
    every = getattr(varies, "in_every_draw", False)
    holds_over_examples(varies, game_name, rounds=st.integers(1, hidden.MAX_ROUNDS),
                        examples=EXAMPLES // 3 if every else EXAMPLES, seek=not every)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_draws_reach_the_situations_that_hide_something(game_name):
    """The checks above are only as good as the positions: some must hold events kept from a player,
    and unexecuted orders to vary, in every game."""
    pos = position(game_name, 0, 8)
    private = [ev for ev in pos.round.events if not visible_to(ev, pos.players[0])]
    assert private
    assert any(hidden.unexecuted_variant(position(game_name, 0, n), pos.players[0], random.Random(n))
               for n in range(2, pos.number + 1))


@pytest.mark.parametrize("game_name", planted(GAMES))
def test_check_hidden_runs_every_kind_of_its_rotation_and_finds_no_leak(game_name):
    rotation = harness_for(game_name).rotation
    result = hidden.check_hidden(game_name, len(rotation), seed=1)
    assert result["game"] == game_name and result["draws"] == len(rotation)
    assert set(result["by_kind"]) == {"generic", *rotation}
    assert result["changes"] > 0 and result["leaks"] == [] and result["vacuous"] == []
    assert set(result["compared_in"]) == set(result["by_kind"])
    assert result["pictures"] > 0 if get(game_name).picture else result["pictures"] == 0


def test_a_draw_where_a_check_that_promises_to_compare_compares_nothing_is_a_fault_of_check_hidden(monkeypatch):
    """benchmarks/reliability.py counts it among the leaks found: a check that compared nothing proved nothing."""
    game_name = GAMES[0]   # any game: the rotation's first kind made a check that never compares
    kind = harness_for(game_name).rotation[0]
    owner = hidden.CHECKS if kind in hidden.CHECKS else harness_for(game_name).checks
    monkeypatch.setitem(owner, kind, hidden.in_every_draw(lambda pos, player, change: hidden.Tally()))
    found = hidden.check_hidden(game_name, 1, seed=1)
    assert found["compared_in"][kind] == (0, 1)
    assert len(found["vacuous"]) == 1 and found["vacuous"][0].endswith("compared nothing"), found["vacuous"]


# --- each check catches a planted leak ---------------------------------------------------------------

@pytest.mark.parametrize("game_name", planted(GAMES))
def test_a_report_part_made_from_a_part_of_the_state_the_view_hides_is_caught(game_name):
    pos = position(game_name, 0, 3)
    shown = get(game_name).view(pos.round.state, pos.players[0])
    key = next(k for k in sorted(pos.round.state) if k in shown)
    with hidden.report_peeking(key):
        assert first_leak(hidden.check_generic, game_name, game=hidden.hiding(get(game_name), key))


@pytest.mark.parametrize("game_name", planted(PICTURED))
def test_a_picture_made_from_a_part_of_the_state_the_view_hides_is_caught_in_the_svg_png_and_mail(game_name):
    pos = position(game_name, 0, 3)
    shown = get(game_name).view(pos.round.state, pos.players[0])
    key = next(k for k in sorted(pos.round.state) if k in shown)
    with hidden.picture_peeking(key):
        leak = first_leak(hidden.check_generic, game_name, game=hidden.hiding(get(game_name), key))
    # the mail's page names the PNG by its Content-ID: the picture changes the SVG, the PNG and the mail, not the page
    assert leak and leak.endswith(": SVG picture and PNG picture and mail changed"), leak


def forecast_peeking(game, key: str):
    """The game whose order checks also forecast a digest of state[key], which its view kept aside from the
    whole state (the door hands check_orders the view alone: a game can leak only by cheating so): an
    acknowledgement that tells the sender what the view hides."""
    real_view, real_check, aside = game.view, game.check_orders, {}

    def view(state, player):
        aside["peek"] = canonical.digest(state.get(key))
        return real_view(state, player)

    def check_orders(seen, player, body):
        checked = real_check(seen, player, body)
        if checked.forecast:
            checked.forecast[0] = {**checked.forecast[0], "peek": aside.get("peek")}
        return checked

    return dataclasses.replace(game, view=view, check_orders=check_orders)


@pytest.mark.parametrize("game_name", GAMES)
def test_the_order_check_is_handed_the_players_view_not_the_state(game_name):
    """The door's half of the acknowledgement's safety: whatever the view hides never reaches check_orders."""
    pos = position(game_name, 0, 3)
    shown = get(game_name).view(pos.round.state, pos.players[0])
    key = next(k for k in sorted(pos.round.state) if k in shown)
    game, handed = hidden.hiding(get(game_name), key), []
    real = game.check_orders
    watched = dataclasses.replace(game, check_orders=lambda seen, player, body: handed.append(seen) or real(
        seen, player, body))
    hidden.acknowledgement(watched, pos.round.state, pos.players[0])
    assert handed and all(key not in seen for seen in handed)


@pytest.mark.parametrize("game_name", planted(GAMES))
def test_an_acknowledgement_made_from_a_part_of_the_state_the_view_hides_is_caught(game_name, monkeypatch):
    pos = position(game_name, 0, 3)
    shown = get(game_name).view(pos.round.state, pos.players[0])
    key = next(k for k in sorted(pos.round.state) if k in shown)
    monkeypatch.setattr(hidden, "forecast_text", lambda name, forecast: json.dumps(forecast, sort_keys=True))
    assert first_leak(hidden.check_generic, game_name, game=forecast_peeking(hidden.hiding(get(game_name), key), key))


@pytest.mark.parametrize("game_name", GAMES)
def test_a_report_with_every_event_of_the_round_is_caught(game_name, monkeypatch):
    monkeypatch.setattr(render, "for_player", every_event)
    assert first_leak(hidden.check_events, game_name)


@pytest.mark.parametrize("game_name", GAMES)
def test_orders_told_to_everyone_are_caught(game_name):
    assert first_leak(hidden.check_unexecuted_orders, game_name, game=hidden.announcing_orders(get(game_name)))


@pytest.mark.parametrize("game_name", GAMES)
def test_a_next_commitment_that_follows_the_swapped_seed_is_caught(game_name):
    assert first_leak(hidden.check_next_seed, game_name, keep_commitment=False)


def test_a_game_whose_adapter_says_its_view_hides_nothing_is_caught_when_it_hides_something():
    claims = next(game for game in GAMES if not harness_for(game).hides_state)
    pos = position(claims, 0, 2)
    key = sorted(pos.round.state)[0]
    found = hidden.check_generic(pos, pos.players[0], 1, game=hidden.hiding(get(claims), key))
    assert found.leaks and key in found.leaks[0]


# --- the public site: what is hidden from everyone ------------------------------------------------------

SITE_POSITIONS = [(played, rounds) for played in range(2) for rounds in (0, 2, 5, 9)] + [(2, 4)]
# (2, 4): an Ikusa round with a ronin deployment at quiet places, which the computer player of issue 15 seldom makes


@pytest.mark.slow
@pytest.mark.parametrize("game_name, kind", [(game, kind) for game in GAMES for kind in hidden.checks_of(game)])
def test_a_change_hidden_from_every_player_leaves_every_byte_of_the_public_site_unchanged(game_name, kind):
    """The site's page, record, index and picture of a round, as `pbem site` makes them, under each hidden
    change a check makes for PUBLIC, no player: the view for nobody and the events for everyone stay the same."""
    check, total = hidden.checks_of(game_name)[kind], hidden.Tally()
    for played, rounds in SITE_POSITIONS:
        tally = check(position(game_name, played, rounds), PUBLIC, 11 * rounds + played)
        assert_no_leak(tally)
        total.add(tally)
    assert total.changes > 0, f"{kind} compared nothing for the public site of {game_name}"
    if compares_pictures(check, game_name):
        assert total.pictures > 0, f"{kind} compared no public picture of {game_name}"


@pytest.mark.parametrize("game_name", GAMES)
def test_a_public_page_made_from_a_part_of_the_state_the_view_hides_is_caught(game_name):
    pos = position(game_name, 0, 3)
    shown = get(game_name).view(pos.round.state, PUBLIC)
    key = next(k for k in sorted(pos.round.state) if k in shown)
    found = hidden.Tally()
    with hidden.report_peeking(key):
        for rounds in (1, 3, 6):
            found.add(hidden.check_generic(position(game_name, 0, rounds), PUBLIC, rounds,
                                           game=hidden.hiding(get(game_name), key)))
    assert found.leaks
    if harness_for(game_name).hides_state:   # else the check proves every leaf of the state is in the view
        assert "public page and public record and site index changed" in found.leaks[0], found.leaks[:1]


@pytest.mark.parametrize("game_name", GAMES)
def test_a_site_that_tells_every_event_of_the_round_is_caught(game_name, monkeypatch):
    monkeypatch.setattr(render, "for_player", every_event)
    found = hidden.Tally()
    for rounds in (1, 3, 6):
        found.add(hidden.check_events(position(game_name, 0, rounds), PUBLIC, rounds))
    assert found.leaks
