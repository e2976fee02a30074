"""Orders: a ranked list of castles to attack, checked, echoed with odds, formatted and pre-filled.

An order file body holds one key, `targets`: castle names best first, and
optionally "auto" (the expected-gain rule) as the last entry.
"""
from __future__ import annotations

import difflib
import json
import unicodedata

from engine import Checked, Problem, shown

from .cards import CASTLES, castle, clan_of
from .problems import problem
from .scoring import gain
from .solver import percent
from .targets import AUTO, attack_odds, auto_target, why_unavailable

EXAMPLE = 'targets = ["Gifu", "auto"]'


def _fold(text: str) -> str:
    """A name as compared: no case, accents, spaces or punctuation."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch)).casefold()


_BY_FOLD = {_fold(name): name for name in CASTLES}


def canonical_entry(text: str) -> str | None:
    """The castle name or "auto" a player meant, or None if nothing matches exactly."""
    folded = _fold(text)
    if folded == AUTO:
        return AUTO
    return _BY_FOLD.get(folded)


def suggest(text: str, auto: bool = False) -> list[str]:
    """Castle names close to a misspelt one; with `auto`, "auto" too, where an entry of the list may be it."""
    names = {**_BY_FOLD, AUTO: AUTO} if auto else _BY_FOLD
    return [names[f] for f in difflib.get_close_matches(_fold(text), list(names), n=3, cutoff=0.5)]


def check_orders(state: dict, player: str, body: dict) -> Checked:
    """Every problem with the orders, or their normalised form and a forecast per entry."""
    problems: list[Problem] = []
    if state["over"]:
        problems.append(problem("game", "game-over"))
    if player not in state["players"]:
        problems.append(problem("player", "not-a-player", player=player))
    for key in body:
        if key != "targets":
            problems.append(problem(key, "unknown-order", key=key, example=EXAMPLE))
    raw = body.get("targets")
    if raw is None:
        problems.append(problem("targets", "no-targets", example=EXAMPLE))
        return Checked(problems)
    if not isinstance(raw, list) or not raw:
        problems.append(problem("targets", "targets-not-a-list", example=EXAMPLE))
        return Checked(problems)
    if len(raw) > len(CASTLES) + 1:   # each castle once, and auto: a longer list is wrong however it is read
        problems.append(problem("targets", "too-many-targets", count=len(raw), castles=len(CASTLES)))
        return Checked(problems)
    targets = []
    for i, text in enumerate(raw):
        found, entry = _check_entry(state, player, text, f"targets[{i}]", targets)
        if found:
            problems.append(found)
        targets.append(entry)
    if problems:
        return Checked(problems)
    orders = {"targets": targets}
    return Checked([], orders, forecast(state, player, orders))


def _check_entry(state: dict, player: str, text, field: str, earlier: list) -> tuple[Problem | None, str | None]:
    if not isinstance(text, str):   # told at its place, so that the other entries are still checked
        return problem(field, "target-not-a-name", written=shown(text), example=EXAMPLE), None
    entry = canonical_entry(text)
    if entry is None:
        close = suggest(text, auto=True)
        if close:
            return problem(field, "misspelt-castle", written=text, suggestions=close), None
        return problem(field, "unknown-castle", written=text, castles=list(CASTLES)), None
    if AUTO in earlier:
        return problem(field, "after-auto", written=text), entry
    if entry in earlier:
        return problem(field, "listed-twice", castle=entry, place=earlier.index(entry) + 1), entry
    if entry != AUTO and state["castles"][entry]["secured"]:
        holder = state["castles"][entry]["holder"]
        if holder == player:
            return problem(field, "castle-secured-yours", castle=entry, clan=clan_of(entry).name), entry
        return problem(field, "castle-secured", castle=entry, holder=holder, clan=clan_of(entry).name), entry
    return None, entry


def castle_forecast(state: dict, player: str, name: str) -> dict:
    """What attacking this castle would mean for this player if their turn began now."""
    holder = state["castles"][name]["holder"]
    return {
        "castle": name,
        "clan": castle(name).clan,
        "holder": holder,
        "steal": holder is not None,
        "points": castle(name).points,
        "gain": gain(state, player, name),
        "lines": list(castle(name).lines),
        "chance": percent(attack_odds(state, player, name)),
    }


def forecast(state: dict, player: str, orders: dict) -> list[dict]:
    """One line per entry: its odds now, and which entry would be played if the turn began now."""
    rows, playing = [], False
    for entry in orders["targets"]:
        if entry == AUTO:
            pick = auto_target(state, player)
            row = {"target": AUTO, **(castle_forecast(state, player, pick) if pick else {"castle": None})}
            row["would_play"] = not playing
        else:
            row = {"target": entry, **castle_forecast(state, player, entry)}
            row.pop("castle")
            row["would_play"] = not playing and why_unavailable(state, player, entry) is None
            if state["castles"][entry]["holder"] == player:
                row["note"] = (f"You hold {entry} now, so this entry is skipped unless an opponent takes it "
                               "from you before your turn (you would then need the extra daimyo line).")
        playing = playing or row["would_play"]
        rows.append(row)
    return rows


def format_orders(orders: dict) -> str:
    """The TOML body of normalised orders."""
    return f"targets = [{', '.join(json.dumps(t, ensure_ascii=False) for t in orders['targets'])}]\n"


def default_orders(state: dict, player: str) -> dict:
    """A player who sends nothing attacks by the expected-gain rule."""
    return {"targets": [AUTO]}


def computer_orders(state: dict, player: str) -> dict:
    """The computer player is the expected-gain rule, applied when its turn comes."""
    return {"targets": [AUTO]}


def suggested_orders(state: dict, player: str) -> dict:
    """What the order form offers: the castle the rule would pick now, then "auto"."""
    pick = auto_target(state, player)
    return {"targets": [pick, AUTO] if pick else [AUTO]}


def order_form(view: dict, player: str) -> dict:
    """What the order form shows, as data: its words (comments, the table's headings) are the template's,
    templates/age_of_war/order_form.toml.j2, in the player's language; the orders it suggests are TOML."""
    columns = ("castle", "clan", "points", "gain", "holder", "chance", "lines", "steal")
    return {
        "player": player,
        "rows": [{key: row[key] for key in columns} for row in view["available"]],
        "yours": [name for name, card in view["castles"].items() if card["holder"] == player and not card["secured"]],
        "secured": [name for name, card in view["castles"].items() if card["secured"]],
        "example": EXAMPLE,
        "orders": format_orders(suggested_orders(view, player)),
    }
