"""A moderated game's orders: one free text, read by the GM, who writes what comes of it."""
from __future__ import annotations

from engine import Checked, shown

from .problems import PROBLEMS
from .text import cleaned, lines_of, toml_text

MAX_CHARACTERS = 6000
MAX_LINES = 150
KEY = "orders"


def check_orders(state: dict, player: str, body: dict) -> Checked:
    if state["over"]:
        return Checked([PROBLEMS.problem("", "game-over")])
    problems = [PROBLEMS.problem(key, "unknown-order", key=key) for key in sorted(body) if key != KEY]
    written = body.get(KEY, "")
    if not isinstance(written, str):
        return Checked([*problems, PROBLEMS.problem(KEY, "orders-not-text", written=shown(written))])
    text = cleaned(written)
    if len(text) > MAX_CHARACTERS:
        problems.append(PROBLEMS.problem(KEY, "orders-too-long", count=len(text), most=MAX_CHARACTERS))
    if lines_of(text) > MAX_LINES:   # told too, so that shortening the text is not refused again for its lines
        problems.append(PROBLEMS.problem(KEY, "orders-too-many-lines", count=lines_of(text), most=MAX_LINES))
    return Checked(problems, None if problems else {KEY: text})


def format_orders(orders: dict) -> str:
    return f"{KEY} = {toml_text(orders[KEY])}\n"


def order_form(view: dict, player: str) -> dict:
    """The form as data: its words are in templates/<folder>/order_form.toml.j2."""
    return {"player": player}


def default_orders(state: dict, player: str) -> dict:
    return {KEY: ""}


def computer_orders(view: dict, player: str) -> dict:
    """What the computer player sends: a line the GM can adjudicate (for `pbem demo` and the tests)."""
    return {KEY: f"Round {view['round'] + 1}: {player} holds every position and waits."}
