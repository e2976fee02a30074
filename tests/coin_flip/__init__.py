"""Coin flip: a tiny game that no player will ever play, registered by tests to prove that the generic checks
pick up any game of the registry, and that a game without a test adapter fails them loudly.

Each round every player calls heads or tails, and a coin is tossed for each; a right call scores a point.
The first to three points wins, or whoever leads after six rounds. A player's call is that player's own:
the state keeps it, the view shows only one's own, and the event that records it goes to its caller alone.
"""
from __future__ import annotations

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, Checked, Game, ProblemTable, event, shown
from engine.canonical import copy_plain

FACES = ("heads", "tails")
WINNING_POINTS = 3
LAST_ROUND = 6
PROBLEMS = ProblemTable({
    "unknown-order": (NOT_UNDERSTOOD, '"{key}" is not a coin flip order; the one order is call.'),
    "not-a-face": (NOT_ALLOWED, "Call heads or tails, not {written}."),
})


def setup(players: list[str], options: dict, dice) -> tuple[dict, list[dict]]:
    if options:
        raise ValueError("coin flip has no options")
    state = {"players": list(players), "round": 0, "points": dict.fromkeys(players, 0),
             "calls": dict.fromkeys(players), "over": False}
    return state, [event("setup", players=list(players))]


def check_orders(state: dict, player: str, body: dict) -> Checked:
    problems = [PROBLEMS.problem(key, "unknown-order", key=key) for key in sorted(body) if key != "call"]
    call = body.get("call", "heads")
    if call not in FACES:
        problems.append(PROBLEMS.problem("call", "not-a-face", written=shown(call)))
    return Checked(problems, None if problems else {"call": call})


def format_orders(orders: dict) -> str:
    return f'call = "{orders["call"]}"\n'


def order_form(view: dict, player: str) -> str:
    return "# heads or tails\n" + format_orders(computer_orders(view, player))


def default_orders(state: dict, player: str) -> dict:
    return {"call": "heads"}


def computer_orders(view: dict, player: str) -> dict:
    return {"call": FACES[(view["round"] + view["points"][player]) % 2]}


def resolve(state: dict, orders: dict[str, dict], dice) -> tuple[dict, list[dict]]:
    new = copy_plain(state)
    events = []
    for player in new["players"]:
        call = (orders.get(player) or default_orders(state, player))["call"]
        face = FACES[dice.roll(2, f"{player} coin") - 1]
        new["calls"][player] = call
        new["points"][player] += call == face
        events += [event("called", player, player=player, call=call),
                   event("tossed", player=player, face=face, scored=call == face)]
    new["round"] += 1
    new["over"] = max(new["points"].values()) >= WINNING_POINTS or new["round"] >= LAST_ROUND
    return new, events


def view(state: dict, player: str) -> dict:
    seen = {key: copy_plain(value) for key, value in state.items() if key != "calls"}
    seen["your_call"] = state["calls"].get(player)   # nobody's for PUBLIC (the public site)
    return seen


def standings(state: dict) -> list[dict]:
    ranked = sorted(state["players"], key=lambda p: (-state["points"][p], p))
    return [{"player": p, "rank": 1 + sum(state["points"][q] > state["points"][p] for q in ranked),
             "points": state["points"][p]} for p in ranked]


GAME = Game(name="coin-flip", title="Coin Flip", min_players=2, max_players=4, setup=setup,
            check_orders=check_orders, format_orders=format_orders, order_form=order_form,
            default_orders=default_orders, computer_orders=computer_orders, resolve=resolve, view=view,
            is_over=lambda state: state["over"], standings=standings)
