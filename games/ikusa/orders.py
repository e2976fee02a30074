"""One player's order file for a round of Ikusa: every decision of the round, checked at once.

The body (with three to five players; in the two-player game one such section
per colour, [red] and [blue]):

    [planning]                     # action 1: every Koku into the five boxes
    turn_order = 1
    build = 2                      # 0 or 2
    levy = 2
    ronin = 1
    ninja = 0
    [turn_order]
    preferences = [1, 2]           # the markers you want, best first
    [build]
    kind = "castle"                # or "fortress"
    province = "Omi"
    [levy]
    units = [{ unit = "archer", to = "red-1" }, { unit = "spearman", to = "Owari" }]
    [ronin]
    ronin = [{ to = "red-1", count = 2 }]
    [war]                          # phases A to D (see movement.py, move_checks.py and battles.py)
    priority = ["spearman", "gunner", "swordsman", "ronin", "archer"]
    defence_losses_first = "force"   # or "army": whose units a doubly-held province loses first
    moves = [...]
    battles = [...]
    final_moves = [...]
    recover = [...]                # where recovered daimyos go if you eliminate a player
    [ninja]                        # if you hire the ninja this round (see assassination.py)
    assassinate = { daimyo = "blue-2", before = "B", war_of = "bob" }
    [revenge]                      # standing orders: whom your revenge strikes,
    target = "blue-1"
    [successors]                   # and who succeeds an assassinated daimyo
    red-1 = "swordsman"

The placement round that finishes the setup takes the placement orders of
setup.py instead.
"""
from __future__ import annotations

from engine import Checked, Problem, shown

from . import assassination, battles, move_checks
from .battle_checks import check_reach
from .board import board_of_state
from .build import check_build
from .foresight import foresee_war
from .levy import after_levy, check_levy
from .placement import check_placement_orders
from .planning import allocation_as_written, check_allocation
from .problems import problem
from .ronin import check_ronin
from .state import active_sides, is_two_player, sides_of
from .turn_order import check_preferences
from .words import in_rulebook_terms

SECTIONS = ("planning", "turn_order", "build", "levy", "ronin", "war", "ninja", "revenge", "successors", "spy")


def check_orders(state: dict, player: str, body: dict, *, forecast_battles: bool = True) -> Checked:
    """Every problem in the file, or the orders as they will be carried out and the odds of each battle
    (unless `forecast_battles` is false: the computer player checks its orders for problems alone). The
    orders are read in the rules' words first (words.py: "lancero" is a spearman), and kept so."""
    body = in_rulebook_terms(body) if isinstance(body, dict) else body
    if state["phase"] == "placement":
        problems = check_placement_orders(state, player, body)
        return Checked(problems, None if problems else body)
    problems: list[Problem] = []
    forecast: list[dict] = []
    board = board_of_state(state)
    sections = _sections(state, player, body, problems)
    for side, section, prefix in sections:
        for key in section:
            if key not in SECTIONS:
                problems.append(problem(prefix + key, "unknown-section", written=shown(key), sections=SECTIONS))
            elif not _is_section(key, section[key]):
                problems.append(problem(prefix + key, "section-not-a-table", key=key, written=shown(section[key])))
        section = {key: value for key, value in section.items() if key in SECTIONS and _is_section(key, value)}
        allocation = section.get("planning")
        allocation_problems = check_allocation(state, side, allocation) if allocation is not None else []
        problems += allocation_problems
        problems += check_preferences(state, side, section.get("turn_order", {}).get("preferences"))
        war = section.get("war", {})
        # what is bought depends on the Koku paid: against a refused allocation, the amounts as written
        paid = allocation_as_written(allocation) if allocation_problems else allocation or {}
        problems += check_build(state, side, paid, section.get("build"))
        problems += check_levy(state, side, paid, section.get("levy"))
        problems += check_ronin(state, side, paid, section.get("ronin"), section.get("levy"))
        # the side's own levy comes before its war: its armies attack with what it adds, a refused entry left
        # out (as the round skips it), so that what follows from the other entries is judged with them
        levy = section.get("levy")
        levied = after_levy(state, side, paid, levy) if levy is None or isinstance(levy, dict) else state
        seen = foresee_war(levied, side, war, board) if isinstance(war, dict) else None
        problems += move_checks.check_moves(state, side, war, board, paid, section.get("levy"), seen=seen)
        problems += battles.check_battles(state, side, war, board)
        problems += check_reach(state, side, war, board, seen=seen)
        problems += assassination.check_ninja(state, side, section)
        if not problems and seen is not None and forecast_battles:
            # each army attacks from where phase A (or an advance) takes it
            origins = {index: origin for index, _entry, _reason, origin in seen.attacks}
            forecast += [_named(board, {"side": side, **battles.battle_forecast(seen.moved, side, entry, board,
                                                                                 origins.get(i))})
                         for i, entry in enumerate(war.get("battles", []))]
    return Checked(problems, None if problems else body, forecast)


def _named(board, forecast: dict) -> dict:
    """The forecast with its provinces' printed names, for the acknowledgement to read them as players do."""
    named = {key: board.name(forecast[key]) if forecast.get(key) in board.provinces else None
             for key in ("from", "target")}
    return {**forecast, "from_name": named["from"], "target_name": named["target"]}


def _is_section(key: str, value) -> bool:
    """Every part is a table; the ronin may also be written as a bare list (ronin = [...])."""
    return isinstance(value, dict) or (key == "ronin" and isinstance(value, list))


def _sections(state: dict, player: str, body: dict, problems: list[Problem]) -> list[tuple[str, dict, str]]:
    if not is_two_player(state):
        return [(player, body, "")]
    result = []
    active = active_sides(state)
    colours = [colour for colour in sides_of(state, player) if colour in active]
    for key in body:
        if key not in colours:
            problems.append(problem(key, "unknown-colour-section", sections=[f"[{colour}]" for colour in colours]))
    for colour in colours:
        section = body.get(colour, {})
        if isinstance(section, dict):
            result.append((colour, section, f"{colour}."))
        else:
            problems.append(problem(colour, "colour-not-a-section", colour=colour))
    return result
