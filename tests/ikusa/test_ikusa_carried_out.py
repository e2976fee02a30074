"""One rule, one predicate, played: every order the check accepts is carried out, or the report names the
earlier event of the round that stopped it.

Seeded games are played with the computer's orders plus random attacks and final moves, each file cut down
until the check accepts it (a refused entry is dropped, as a player would mend it). Then the round is
resolved, and every order skip must carry a cause: an earlier event of the same round, which its player may
see, about the same army or province.
"""
from __future__ import annotations

import random
import re

import pytest

from engine import Dice
from engine.events import visible_to
from games.ikusa import GAME
from games.ikusa.board import board_of_state
from games.ikusa.causes import _subjects, _touched
from games.ikusa.state import is_two_player, sides_of

FIELD = re.compile(r"^(?:(?P<side>[a-z]+)\.)?war\.(?P<list>battles|moves|final_moves)\[(?P<index>\d+)\]")


def wild_orders(state: dict, player: str, rng: random.Random) -> dict:
    """The computer's orders with a few more attacks and final moves thrown in, sensible or not."""
    body = GAME.computer_orders(state, player)
    board = board_of_state(state)
    for side in sides_of(state, player):
        section = body.setdefault(side, {}) if is_two_player(state) else body
        war = section.setdefault("war", {})
        battles, finals = war.setdefault("battles", []), war.setdefault("final_moves", [])
        colour = state["colours"][player][0] if not is_two_player(state) else side
        for army_id, army in sorted(state["armies"].items()):
            if army["colour"] != colour or army["status"] != "active" or not army["province"]:
                continue
            around = list(board.neighbours(army["province"]))
            for _ in range(rng.randint(0, army["experience"])):
                battles.append({"army": army_id, "target": board.name(rng.choice(around)),
                                "after_win": rng.choice(["stay", "advance"])})
            if rng.random() < 0.5:
                finals.append({"army": army_id, "path": [board.name(rng.choice(around))]})
        mine = [pid for pid, p in sorted(state["provinces"].items()) if p["colour"] == colour and p["force"]]
        for pid in rng.sample(mine, min(2, len(mine))):
            battles.append({"province": board.name(pid), "target": board.name(rng.choice(board.neighbours(pid)))})
    return body


def accepted(state: dict, player: str, body: dict) -> dict:
    """The file mended as a player would: each refused war entry dropped, each other refused part left out."""
    for _ in range(40):
        problems = GAME.check_orders(state, player, body).problems
        if not problems:
            return body
        drop: dict[tuple, set[int]] = {}
        for p in problems:
            found = FIELD.match(p.field)
            if found:
                drop.setdefault((found["side"], found["list"]), set()).add(int(found["index"]))
            else:
                head = p.field.split(".")
                section = body.get(head[0], {}) if is_two_player(state) and len(head) > 1 else body
                section.pop(head[1] if is_two_player(state) and len(head) > 1 else head[0], None)
        for (side, name), indices in drop.items():
            war = (body[side] if side else body)["war"]
            war[name] = [e for i, e in enumerate(war[name]) if i not in indices]
    raise AssertionError(f"{player}'s orders never checked: {problems}")


def play(players: list[str], options: dict, seed: bytes, rounds: int) -> tuple[int, int, list[str]]:
    """(orders skipped, of them with a cause, what went wrong)."""
    rng = random.Random(seed)
    state, _ = GAME.setup(players, options, Dice(seed))
    skipped = named = 0
    wrong = []
    for number in range(rounds):
        if GAME.is_over(state):
            break
        bodies = {p: accepted(state, p, wild_orders(state, p, rng)) if state["phase"] != "placement"
                  else GAME.default_orders(state, p) for p in state["players"]}
        state, events = GAME.resolve(state, bodies, Dice(seed + bytes([number])))
        board = board_of_state(state)
        touched = _touched(events, board)
        for index, ev in enumerate(events):
            if ev["kind"] != "order_skipped":
                continue
            skipped += 1
            cause = ev.get("cause")
            if cause is None:
                wrong.append(f"round {number}: {ev['player']}'s {ev.get('field') or ev.get('order')} skipped "
                             f"({ev['reason']}) with no earlier event named")
                continue
            earlier = [i for i in range(index)
                       if {k: v for k, v in events[i].items() if k not in ("audience", "cause")} == cause]
            subjects = set().union(*_subjects(ev, board))
            if not earlier or not touched[earlier[-1]] & subjects:
                wrong.append(f"round {number}: the cause of {ev} is not an earlier event about its order")
            elif not all(visible_to(events[earlier[-1]], reader) for reader in ev["audience"]):
                wrong.append(f"round {number}: the cause of {ev} is hidden from its player")
            else:
                named += 1
    return skipped, named, wrong


@pytest.mark.parametrize("players, options, seed", [
    (["ann", "bob", "cho"], {}, b"carried out three"),
    (["ann", "bob", "cho", "dai", "eri"], {}, b"carried out five"),
    (["ann", "bob"], {}, b"carried out two"),
    (["ann", "bob", "cho", "dai"], {"quick": True}, b"carried out quick"),
    (["ann", "bob", "cho", "dai"], {}, b"four b"),    # a defending army's losses stop its own phase D order
    (["ann", "bob", "cho"], {}, b"three b"),
])
def test_every_accepted_order_is_carried_out_or_skipped_for_an_earlier_event_of_the_round(players, options, seed):
    skipped, named, wrong = play(players, options, seed, rounds=8)
    assert not wrong, "\n".join(wrong[:10])
    assert skipped == named and named >= 50, f"only {named} skips compared"
