"""The placement round that finishes the setup, and its order checks.

`place_reinforcements` carries out, in turn order, what each player decided in
their placement orders: the twelve extra spearmen two at a time, and the three
army markers one at a time (quick play: the six claims of unowned provinces
with their reinforcements, and the army cards, then the first Koku). An order
that is missing or no longer possible at its moment is replaced by a default
chosen without dice, and the player is told which and why.

Placement orders, one body per player:

    spearmen = ["Kozuke", ...]   # standard: up to 6 provinces, each given two spearmen
                                 # quick play: up to 12 provinces, one spearman each, two per claim
    armies = ["Echigo", ...]     # up to 3, for armies 1, 2 and 3
    claims = ["Sado", ...]       # quick play: up to 6 unowned provinces
    army_units = [{archer = 2, swordsman = 2, gunner = 2}, ...]   # quick play: 3 armies

In the two-player game each colour has its own section ([red], [blue]) with
these keys, and `split` lists the provinces of the player's first colour
(17 on the rulebook's board); the others go to the second colour.
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain
from engine.problems import NOT_UNDERSTOOD

from .board import Board, board_of_state
from .koku import collect_koku
from .names import ProvinceNameError, match_province
from .problems import problem, refused
from .setup import split_event
from .state import (
    ARMIES_PER_COLOUR,
    ARMY_ASHIGARU_LIMIT,
    ARMY_SAMURAI_LIMIT,
    ASHIGARU,
    PROVINCIAL_LIMIT,
    add_units,
    are_enemies,
    army_at,
    colour_of,
    is_two_player,
    player_of,
    provinces_of,
    provinces_of_side,
    regular_count,
    side_of_province,
    sides,
    sides_of,
    take_figures,
)
from .units import compact

EXTRA_SPEARMEN, AT_A_TIME = 12, 2
PAIRS = EXTRA_SPEARMEN // AT_A_TIME

QUICK_CLAIMS = 6
QUICK_REINFORCEMENTS = 2  # spearmen with each claim
QUICK_SPEARMAN_CAP = 3  # spearmen in one province while claiming
QUICK_TROOPS = {"archer": 5, "swordsman": 5, "gunner": 6}
QUICK_DEFAULT_ARMIES = ({"archer": 2, "swordsman": 2, "gunner": 2},
                        {"archer": 2, "swordsman": 2, "gunner": 2},
                        {"archer": 1, "swordsman": 1, "gunner": 2})

REPLACED = "placement_order_replaced"
NAME_REASONS = ("unknown_province", "ambiguous_province", "not_understood")


def place_reinforcements(state: dict, orders_by_player: dict, dice=None,
                         board: Board | None = None) -> tuple[dict, list[dict]]:
    """The placement round, in turn order; no dice are needed (defaults are chosen by rule)."""
    board = _board_for(state, board)
    if state["phase"] != "placement":
        raise ValueError("the placement round is over")
    new = copy_plain(state)
    events = _run_placement(new, board, orders_by_player or {}, sides(new))
    if new["options"]["quick"]:
        new, collected = collect_koku(new, new["turn_order"], note_minimum=False)
        events += collected
    new["phase"] = "play"
    events.append(event("placement_done", provinces={p: len(provinces_of(new, p)) for p in new["players"]}))
    return new, events


def _board_for(state: dict, board: Board | None) -> Board:
    board = board or board_of_state(state)
    if state.get("map") != board.digest:
        raise ValueError("this game was set up on another map: pass that map's board")
    return board


def _run_placement(state: dict, board: Board, orders_by_player: dict, acting: list[str],
                   checking: bool = False) -> list[dict]:
    """Every step of the placement round for the acting sides (all of them, or one player's when checking)."""
    sections = {side: _section(state, orders_by_player, side) for side in acting}
    order = [side for side in state["turn_order"] if side in acting]
    events: list[dict] = []
    if is_two_player(state):
        for player in state["players"]:
            if any(side in acting for side in state["colours"][player]):
                events += split_provinces(state, board, player, _body(orders_by_player, player).get("split"))
    if state["options"]["quick"]:
        for cycle in range(QUICK_CLAIMS):
            for side in order:
                events += claim_province(state, board, side, *_entry(sections[side], "claims", cycle), checking)
                for step in range(QUICK_REINFORCEMENTS):
                    index = cycle * QUICK_REINFORCEMENTS + step
                    events += reinforce_claims(state, board, side, *_entry(sections[side], "spearmen", index),
                                               checking)
        for side in order:
            events += form_armies(state, side, sections[side].get("army_units"), _field(state, side, "army_units"))
    else:
        for index in range(PAIRS):
            for side in order:
                events += place_spearmen(state, board, side, *_entry(sections[side], "spearmen", index), checking)
    for number in range(ARMIES_PER_COLOUR):
        for side in order:
            events += place_army(state, board, side, number, *_entry(sections[side], "armies", number), checking)
    if state["options"]["quick"]:
        for side in order:
            events += pick_up_spearmen(state, side, sections[side].get("pick_up"), _field(state, side, "pick_up"))
    return events


def pick_up_spearmen(state: dict, side: str, raw, field: str) -> list[dict]:
    """Quick play: each army takes the spearmen the player says from the province it stands on ("Los ejércitos
    pueden recoger lanceros de las provincias que ocupan"); none by default. A count the province or the
    army's limit of ashigaru cannot give is cut to what they can, and the player told."""
    if not isinstance(raw, list):
        return []
    events = []
    colour = colour_of(state, side)
    for number, wanted in enumerate(raw[:ARMIES_PER_COLOUR], start=1):
        army = state["armies"][f"{colour}-{number}"]
        if not wanted or army["province"] is None:
            continue
        force = state["provinces"][army["province"]]["force"]
        room = ARMY_ASHIGARU_LIMIT - sum(army["units"].get(kind, 0) for kind in ASHIGARU)
        taken = min(wanted, force.get("spearman", 0), room)
        if taken < wanted:
            events.append(_replaced(state, side, f"{field}[{number - 1}]", None, army["province"],
                                    "not_enough_spearmen" if taken == force.get("spearman", 0) else "army_limit"))
        if taken:
            force["spearman"] -= taken
            state["provinces"][army["province"]]["force"] = compact(force)
            army["units"] = add_units(army["units"], "spearman", taken)
            events.append(event("spearmen_picked_up", player=player_of(state, side), colour=colour,
                                army=f"{colour}-{number}", province=army["province"], count=taken))
    return events


def _body(orders_by_player: dict, player: str) -> dict:
    body = orders_by_player.get(player)
    return body if isinstance(body, dict) else {}


def _section(state: dict, orders_by_player: dict, side: str) -> dict:
    """The part of a player's orders that one side carries out."""
    body = _body(orders_by_player, player_of(state, side))
    if is_two_player(state):
        body = body.get(side)
        return body if isinstance(body, dict) else {}
    return body


def _field(state: dict, side: str, name: str) -> str:
    return f"{side}.{name}" if is_two_player(state) else name


def _entry(section: dict, key: str, index: int) -> tuple:
    """(raw entry or None, key, index, whether the list itself could be read)."""
    raw = section.get(key)
    readable = raw is None or isinstance(raw, list)
    value = raw[index] if isinstance(raw, list) and index < len(raw) else None
    return value, key, index, readable


def _replaced(state: dict, side: str, field: str, given, province: str | None, reason: str) -> dict:
    """Tell the player alone which order was replaced, by what, and why (a reason code)."""
    return event(REPLACED, player_of(state, side), player=player_of(state, side), colour=colour_of(state, side),
                 field=field, given=given if isinstance(given, str) else None, province=province, reason=reason)


def _choose(state: dict, board: Board, side: str, raw, key: str, index: int, readable: bool,
            candidates: list[str], why_not, default, checking: bool = False) -> tuple[str | None, list[dict]]:
    """The province an order names if it is allowed now, else the default and an event saying why (when
    `checking`, no default for a refused entry: see below)."""
    field = _field(state, side, f"{key}[{index}]")
    if not readable:
        reason = "not_understood"
    elif raw is None:
        reason = "missing"
    else:
        try:
            pid = match_province(board, raw)
        except ProvinceNameError as exc:
            reason = "ambiguous_province" if exc.ambiguous else "unknown_province"
        else:
            if pid in candidates:
                return pid, []
            reason = why_not(pid)
    if checking and reason != "missing":
        # a refused entry places nothing when checking, so that the entries after it are judged as the player
        # wrote them, not against a default that takes their province (an error that would go with this one)
        return None, [_replaced(state, side, field, raw, None, reason)]
    chosen = default(candidates) if candidates else None
    return chosen, [_replaced(state, side, field, raw, chosen, reason)]


def _best(board: Board, candidates: list[str], score) -> str:
    """The highest-scoring candidate, the first in map order among equals."""
    return max(candidates, key=lambda pid: (score(pid), -board.provinces[pid].order))


def enemy_neighbours(state: dict, board: Board, side: str, pid: str) -> int:
    return sum(are_enemies(state, side, side_of_province(state, other)) for other in board.neighbours(pid))


def exposure(state: dict, board: Board, side: str, pid: str) -> tuple[int, int]:
    """Where an army is wanted most: enemy provinces next to it, then the side's own units there.

    Only ownership and the side's own units count, not the enemy's units: in
    the standard setup neither changes with the others' placements, so a
    player's default orders worked out in advance are the ones carried out.
    """
    return enemy_neighbours(state, board, side, pid), regular_count(state["provinces"][pid]["force"])


def _not_yours_or(state: dict, side: str, pid: str, reason: str) -> str:
    return "not_yours" if side_of_province(state, pid) != side else reason


def _spearmen(state: dict, pid: str) -> int:
    return state["provinces"][pid]["force"].get("spearman", 0)


def pair_targets(state: dict, side: str) -> tuple[list[str], bool]:
    """Where two spearmen may go now: the side's provinces holding only one spearman.

    When none is left (not on the rulebook's board), any of its provinces with
    room for two more regular units. The flag says which rule applied.
    """
    own = provinces_of_side(state, side)
    single = [pid for pid in own if state["provinces"][pid]["force"] == {"spearman": 1}]
    if single:
        return single, True
    room = [pid for pid in own if regular_count(state["provinces"][pid]["force"]) + AT_A_TIME <= PROVINCIAL_LIMIT]
    return room, False


def place_spearmen(state: dict, board: Board, side: str, raw, key: str, index: int, readable: bool,
                   checking: bool = False) -> list[dict]:
    """Two spearmen on one province of the side that holds only one spearman."""
    candidates, single = pair_targets(state, side)
    pid, events = _choose(state, board, side, raw, key, index, readable, candidates,
                          lambda p: _not_yours_or(state, side, p, "not_single_spearman" if single else "full"),
                          lambda c: _best(board, c, lambda p: enemy_neighbours(state, board, side, p)), checking)
    if pid is None:
        return events
    return events + _add_spearmen(state, side, pid, AT_A_TIME)


def _add_spearmen(state: dict, side: str, pid: str, count: int) -> list[dict]:
    colour = colour_of(state, side)
    take_figures(state, colour, "spearman", count)
    province = state["provinces"][pid]
    province["force"] = add_units(province["force"], "spearman", count)
    return [event("spearmen_placed", player=player_of(state, side), colour=colour, province=pid, count=count)]


def claim_province(state: dict, board: Board, side: str, raw, key: str, index: int, readable: bool,
                   checking: bool = False) -> list[dict]:
    """Quick play: one spearman on an unowned province, which becomes the side's."""
    candidates = [pid for pid in board.ids() if state["provinces"][pid]["owner"] is None]
    pid, events = _choose(state, board, side, raw, key, index, readable, candidates,
                          lambda p: "claimed",
                          lambda c: _best(board, c, lambda p: (
                              sum(side_of_province(state, o) == side for o in board.neighbours(p)),
                              -enemy_neighbours(state, board, side, p))), checking)
    if pid is None:
        return events
    colour = colour_of(state, side)
    take_figures(state, colour, "spearman", 1)
    state["provinces"][pid].update(owner=player_of(state, side), colour=colour, force={"spearman": 1})
    return events + [event("province_claimed", player=player_of(state, side), colour=colour, province=pid)]


def reinforce_claims(state: dict, board: Board, side: str, raw, key: str, index: int, readable: bool,
                     checking: bool = False) -> list[dict]:
    """Quick play: one spearman on a province of the side holding fewer than three."""
    candidates = [pid for pid in provinces_of_side(state, side)
                  if _spearmen(state, pid) < QUICK_SPEARMAN_CAP
                  and regular_count(state["provinces"][pid]["force"]) < PROVINCIAL_LIMIT]
    pid, events = _choose(state, board, side, raw, key, index, readable, candidates,
                          lambda p: _not_yours_or(state, side, p, "full"),
                          lambda c: _best(board, c, lambda p: enemy_neighbours(state, board, side, p)), checking)
    if pid is None:
        return events
    return events + _add_spearmen(state, side, pid, 1)


def army_units_problem(raw) -> str | None:
    """Why a quick-play army card is not allowed, as a reason code, or None if it is."""
    if not isinstance(raw, list) or len(raw) != ARMIES_PER_COLOUR or not all(isinstance(a, dict) for a in raw):
        return "not_understood"
    for army in raw:
        if set(army) - set(QUICK_TROOPS):
            return "not_understood"
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in army.values()):
            return "not_understood"
    for kind, total in QUICK_TROOPS.items():
        if sum(army.get(kind, 0) for army in raw) != total:
            return "wrong_totals"
    for army in raw:
        if army.get("archer", 0) + army.get("swordsman", 0) > ARMY_SAMURAI_LIMIT:
            return "army_limit"
        if army.get("gunner", 0) > ARMY_ASHIGARU_LIMIT:
            return "army_limit"
    return None


def form_armies(state: dict, side: str, raw, field: str) -> list[dict]:
    """Quick play: 5 archers, 5 swordsmen and 6 gunners shared among the three armies as the player says."""
    events = []
    cards = raw
    reason = "missing" if raw is None else army_units_problem(raw)
    if reason:
        cards = [dict(units) for units in QUICK_DEFAULT_ARMIES]
        events.append(_replaced(state, side, field, None, None, reason))
    colour = colour_of(state, side)
    for number, units in enumerate(cards, start=1):
        army_id = f"{colour}-{number}"
        army = state["armies"][army_id]
        for kind in ("archer", "swordsman", "gunner"):
            if units.get(kind):
                take_figures(state, colour, kind, units[kind])
                army["units"] = add_units(army["units"], kind, units[kind])
        events.append(event("army_formed", player=player_of(state, side), colour=colour, army=army_id,
                            units=dict(army["units"])))
    return events


def place_army(state: dict, board: Board, side: str, number: int, raw, key: str, index: int,
               readable: bool, checking: bool = False) -> list[dict]:
    """An army marker on a province of the side without one; the army is then in play."""
    candidates = [pid for pid in provinces_of_side(state, side) if army_at(state, pid) is None]
    pid, events = _choose(state, board, side, raw, key, index, readable, candidates,
                          lambda p: _not_yours_or(state, side, p, "army_there"),
                          lambda c: _best(board, c, lambda p: exposure(state, board, side, p)), checking)
    if pid is None:
        return events
    army_id = f"{colour_of(state, side)}-{number + 1}"
    state["armies"][army_id].update(province=pid, status="active")
    return events + [event("army_placed", player=player_of(state, side), colour=colour_of(state, side),
                           army=army_id, province=pid)]


def split_provinces(state: dict, board: Board, player: str, raw) -> list[dict]:
    """Two-player game: the player's provinces shared between the two colours as the player says."""
    if raw is None:
        return []
    first, second = state["colours"][player]
    owned = provinces_of(state, player)
    size = len(provinces_of_side(state, first))
    chosen = _split_list(board, raw)
    if chosen is None or len(chosen) != size or any(pid not in owned for pid in chosen):
        return [_replaced(state, first, "split", None, None, "bad_split")]
    for pid in owned:
        colour = first if pid in chosen else second
        province = state["provinces"][pid]
        if province["colour"] != colour:
            count = province["force"].get("spearman", 0)
            state["supply"]["figures"][province["colour"]]["spearman"] += count
            take_figures(state, colour, "spearman", count)
            province["colour"] = colour
    return [split_event(state, player)]


def _split_list(board: Board, raw) -> list[str] | None:
    if not isinstance(raw, list):
        return None
    chosen = []
    for text in raw:
        try:
            pid = match_province(board, text)
        except ProvinceNameError:
            return None
        if pid in chosen:
            return None
        chosen.append(pid)
    return chosen


# --- checking and defaults -----------------------------------------------------------------------

def _keys(state: dict) -> tuple[str, ...]:
    return ("spearmen", "armies", "claims", "army_units", "pick_up") if state["options"]["quick"] else \
        ("spearmen", "armies")


def _limits(state: dict) -> dict:
    if state["options"]["quick"]:
        return {"spearmen": QUICK_CLAIMS * QUICK_REINFORCEMENTS, "armies": ARMIES_PER_COLOUR, "claims": QUICK_CLAIMS}
    return {"spearmen": PAIRS, "armies": ARMIES_PER_COLOUR}


_NOT_A_LIST = {"spearmen": "spearmen-not-a-list", "armies": "armies-not-a-list", "claims": "claims-not-a-list"}


def check_placement_orders(state: dict, player: str, body: dict, board: Board | None = None) -> list[Problem]:
    """Every problem with a player's placement orders, each naming its field ("spearmen[3]")."""
    board = _board_for(state, board)
    problems: list[Problem] = []
    if state["phase"] != "placement":
        problems.append(problem("phase", "placement-over"))
    if player not in state["players"]:
        return problems + [problem("player", "not-a-player", player=player)]
    if not isinstance(body, dict):
        return problems + [problem("orders", "placement-not-a-table")]
    if is_two_player(state):
        colours = state["colours"][player]
        for key in body:
            if key != "split" and key not in colours:
                problems.append(problem(key, "unknown-placement-section", key=key, colours=colours))
        problems += _check_split(state, board, player, body.get("split"))
        for colour in colours:
            section = body.get(colour, {})
            if not isinstance(section, dict):
                problems.append(problem(colour, "placement-colour-not-a-section", colour=colour))
                continue
            problems += _check_section(state, board, colour, section)
    else:
        problems += _check_section(state, board, player, body)
    # every entry that reads well is also tried as its turn would come, beside the ones refused above (the round
    # reads past an entry it cannot use), so that one answer tells all; a field already told is not told twice
    if state["phase"] != "placement":
        return problems
    told = {p.field for p in problems}
    trial = copy_plain(state)
    events = _run_placement(trial, board, {player: _readable(state, player, body, problems)}, sides_of(state, player),
                            checking=True)
    for ev in events:
        if ev["kind"] == REPLACED and ev["reason"] not in ("missing", *NAME_REASONS) and ev["field"] not in told:
            problems.append(_replaced_problem(trial, board, ev))
    return problems


def _readable(state: dict, player: str, body: dict, problems: list[Problem]) -> dict:
    """The orders without the parts that cannot be read at all (a list that is not one, a pick-up or army card
    not understood): what the check then tries entry by entry, as the round would."""
    unread = {p.field for p in problems if p.reason == NOT_UNDERSTOOD}
    readable = {key: value for key, value in body.items() if key not in unread}   # one player's, or the split
    if is_two_player(state):
        for colour in state["colours"][player]:
            if isinstance(body.get(colour), dict):
                readable[colour] = {key: value for key, value in body[colour].items()
                                    if _field(state, colour, key) not in unread}
    return readable


def _check_section(state: dict, board: Board, side: str, section: dict) -> list[Problem]:
    problems = []
    keys, limits = _keys(state), _limits(state)
    for key in section:
        if key not in keys:
            problems.append(problem(_field(state, side, key), "unknown-placement-key", key=key, keys=keys))
    for key, limit in limits.items():
        raw = section.get(key)
        field = _field(state, side, key)
        if raw is None:
            continue
        if not isinstance(raw, list):
            problems.append(problem(field, _NOT_A_LIST[key]))
            continue
        if len(raw) > limit:
            if key == "spearmen" and limit == PAIRS:
                problems.append(problem(field, "too-many-spearman-pairs", count=len(raw), limit=limit))
            else:
                problems.append(problem(field, "too-many-placements", key=key, count=len(raw), limit=limit))
        for index, text in enumerate(raw):
            if not isinstance(text, str):
                problems.append(problem(f"{field}[{index}]", "placement-not-a-name", written=shown(text)))
                continue
            try:
                match_province(board, text)
            except ProvinceNameError as exc:
                problems.append(refused(f"{field}[{index}]", exc))
    if "army_units" in keys:
        problems += _check_army_cards(state, side, section)
    return problems


def _check_army_cards(state: dict, side: str, section: dict) -> list[Problem]:
    """Quick play: the troops on the army cards, and the spearmen each army picks up."""
    problems = []
    raw = section.get("pick_up")
    if raw is not None and not (isinstance(raw, list) and len(raw) <= ARMIES_PER_COLOUR
                                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in raw)):
        problems.append(problem(_field(state, side, "pick_up"), "pick-up-not-understood", armies=ARMIES_PER_COLOUR))
    if section.get("army_units") is None:
        return problems
    reason = army_units_problem(section["army_units"])
    field = _field(state, side, "army_units")
    if reason == "not_understood":
        problems.append(problem(field, "army-units-not-understood",
                                example="[{archer = 2, swordsman = 2, gunner = 2}, ...]"))
    elif reason == "wrong_totals":
        problems.append(problem(field, "army-units-wrong-totals"))
    elif reason == "army_limit":
        problems.append(problem(field, "army-units-over-limit", samurai=ARMY_SAMURAI_LIMIT,
                                ashigaru=ARMY_ASHIGARU_LIMIT))
    return problems


def _check_split(state: dict, board: Board, player: str, raw) -> list[Problem]:
    if raw is None:
        return []
    first = state["colours"][player][0]
    size = len(provinces_of_side(state, first))
    if not isinstance(raw, list):
        return [problem("split", "split-not-a-list", size=size, colour=first)]
    problems, seen = [], []
    owned = provinces_of(state, player)
    for index, text in enumerate(raw):
        try:
            pid = match_province(board, text)
        except ProvinceNameError as exc:
            problems.append(refused(f"split[{index}]", exc))
            continue
        if pid not in owned:
            problems.append(problem(f"split[{index}]", "split-not-yours", province=board.name(pid)))
        elif pid in seen:
            problems.append(problem(f"split[{index}]", "split-listed-twice", province=board.name(pid)))
        seen.append(pid)
    if len(raw) != size:
        problems.append(problem("split", "split-size", count=len(raw), first=first, size=size,
                                second=state["colours"][player][1]))
    return problems


def _replaced_problem(state: dict, board: Board, ev: dict) -> Problem:
    """Why an order that reads well would be replaced when its placement comes."""
    field = ev["field"]
    name = board.name(match_province(board, ev["given"])) if ev["given"] else "?"
    reason = ev["reason"]
    if reason == "not_yours" and is_two_player(state):
        return problem(field, "placement-not-colours", province=name, colour=ev["colour"])
    if reason == "not_yours":
        return problem(field, "placement-not-yours", province=name)
    if reason == "not_single_spearman":
        return problem(field, "not-single-spearman", province=name)
    if reason == "full":
        cap = QUICK_SPEARMAN_CAP if state["options"]["quick"] else PROVINCIAL_LIMIT
        return problem(field, "placement-full", province=name, cap=cap)
    if reason == "army_there":
        return problem(field, "army-there", province=name)
    if reason == "claimed":
        return problem(field, "claimed", province=name)
    if reason in ("not_enough_spearmen", "army_limit"):
        return problem(field, "pick-up-too-many", province=board.name(ev["province"]),
                       limit=ARMY_ASHIGARU_LIMIT)
    return problem(field, "placement-refused", province=name, reason=reason)


def default_placement_orders(state: dict, player: str, board: Board | None = None) -> dict:
    """What a player who sends nothing places, by the default rules, as orders that can be edited.

    Worked out as if the others did nothing: the placements of the others never
    change what a player may do in the standard setup; in quick play another
    player may claim a province first, and the default is then chosen again.
    """
    board = _board_for(state, board)
    trial = copy_plain(state)
    events = _run_placement(trial, board, {}, sides_of(state, player))
    sections: dict[str, dict] = {}
    for side in sides_of(state, player):
        colour = colour_of(state, side)
        section: dict = {key: [] for key in _limits(state)}
        for ev in events:
            if ev.get("colour") != colour:
                continue
            if ev["kind"] == "spearmen_placed":
                section["spearmen"].append(ev["province"])
            elif ev["kind"] == "army_placed":
                section["armies"].append(ev["province"])
            elif ev["kind"] == "province_claimed":
                section["claims"].append(ev["province"])
        if state["options"]["quick"]:
            section["army_units"] = [dict(units) for units in QUICK_DEFAULT_ARMIES]
            section["pick_up"] = [0] * ARMIES_PER_COLOUR
        sections[side] = section
    if is_two_player(state):
        return {"split": provinces_of_side(state, state["colours"][player][0]), **sections}
    return sections[player]
