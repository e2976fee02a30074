"""Action 7, La Guerra, phases B and C: the warring side declares its first battles, then fights them in order.

War orders (the phase B and C part of a side's `war` table):

    battles = [
      { army = "red-1", target = "Tango", withdraw = { rule = "after_rounds", rounds = 2 },
        after_win = "advance", priority = ["spearman", "gunner"], garrison = { spearman = 2 } },
      { army = "red-1", target = "Tajima" },          # its second attack, if its level allows
      { province = "Yamato", target = "Kawachi" },    # the provincial force of Yamato attacks
    ]
    priority = ["spearman", "gunner", "swordsman", "ronin", "archer"]   # casualties, attack and defence
    defence_losses_first = "army"   # where an army stands on your provincial force: whose units die first
    recover = ["Omi"]      # where daimyos recovered on eliminating a player go (default: the largest forces)

Phase B declares the first attack of every force (public: the battle markers
go on the board); an experienced army's later attacks are not declared.
Phase C fights the entries in order; an entry that is no longer possible at
its moment is skipped and only its player is told why. An experienced army
fights all its battles before the next army begins, so an army's entries
end when another army's entry comes; its experience rises then, once, if one
of its battles was a success (the defending province left unoccupied).

Choices the rulebook gives the players are made from the orders, so that a batch
round needs nobody, each with a default: whose units a doubly-held province
loses first (`defence_losses_first`) and the garrison an advancing army leaves
(`garrison`, else the default, `garrison_not_as_ordered` when it cannot be
left). Both readings are told in docs/games/ikusa.md, "Readings of the rulebook".
"""
from __future__ import annotations

from engine import Problem, event, shown
from engine.canonical import copy_plain

from . import conquest
from .board import Board, board_of_state
from .combat import check_withdrawal, fight_battle
from .conquest import (
    _check_elimination,
    _conquer_province,
    _lose_army,
    _lose_province,
    _victory_now,
    merged,
    return_casualties,
)
from .names import ProvinceNameError, match_province
from .odds import battle_odds, percent
from .problems import Refused, problem, refused
from .ronin import hidden_ronin, reveal_ronin
from .state import (
    MAX_EXPERIENCE,
    PROVINCIAL_LIMIT,
    REGULAR_KINDS,
    active_sides,
    are_enemies,
    army_at,
    audience,
    colour_of,
    field_of,
    fortification_of,
    player_of,
    side_of_province,
    who,
)
from .units import (
    DAIMYO,
    REGULAR,
    RONIN,
    check_priority,
    compact,
    fortification_bonus,
    regular_units,
    ronin_limit,
    within_ronin_limit,
)

AFTER_WIN = ("stay", "advance", "advance_and_stop")
ENTRY_KEYS = ("army", "province", "target", "withdraw", "after_win", "priority", "garrison")
WAR_KEYS = ("moves", "battles", "priority", "defence_losses_first", "final_moves", "recover")
LOSSES_FIRST = ("force", "army")   # whose units a doubly-held province loses first; the first is the default
EXAMPLE = 'battles = [{ army = "red-1", target = "Tango" }, { province = "Yamato", target = "Kawachi" }]'


# --- reading the orders -----------------------------------------------------------------------------------

def battle_entries(war_orders) -> list:
    """The battles list of a side's war orders (none if there are no orders)."""
    if not isinstance(war_orders, dict):
        return []
    entries = war_orders.get("battles")
    return entries if isinstance(entries, list) else []


def _province_id(state: dict, board: Board, text) -> str | None:
    if isinstance(text, str) and text in state["provinces"]:
        return text
    try:
        return match_province(board, text)
    except ValueError:
        return None


def read_entry(state: dict, board: Board, raw) -> tuple[dict | None, str | None]:
    """(entry, reason): one battle order as plain data, or why it cannot be read.

    The entry names the attacking force by `id` (an army id or a province id:
    they are unique together) and says which kind of force it is.
    """
    if not isinstance(raw, dict) or any(key not in ENTRY_KEYS for key in raw) or ("army" in raw) == ("province" in raw):
        return None, "not_understood"
    if "army" in raw:
        if not isinstance(raw["army"], str) or raw["army"] not in state["armies"]:
            return None, "unknown_army"
        force, key = "army", raw["army"]
    else:
        key = _province_id(state, board, raw["province"])
        if key is None:
            return None, "unknown_province"
        force = "province"
    target = _province_id(state, board, raw.get("target"))
    if target is None:
        return None, "unknown_target"
    try:
        withdraw = check_withdrawal(raw.get("withdraw"))
    except ValueError:
        return None, "bad_withdraw"
    after_win = raw.get("after_win", "stay")
    if after_win not in AFTER_WIN:
        return None, "bad_after_win"
    try:
        priority = check_priority(raw["priority"]) if raw.get("priority") is not None else None
    except ValueError:
        return None, "bad_priority"
    try:
        garrison = check_garrison(raw["garrison"]) if "garrison" in raw else None
    except ValueError:
        return None, "bad_garrison"
    if garrison is not None and force == "province":
        return None, "bad_garrison"
    return {"force": force, "id": key, "target": target, "withdraw": withdraw, "after_win": after_win,
            "priority": priority, "garrison": garrison}, None


def check_garrison(raw) -> dict:
    """The garrison an entry orders left behind, as plain data: regular units (never the daimyo, never a
    ronin, which cannot stand alone), at least one and at most what a provincial force holds.

    Raises Refused with the problem code that says what is wrong.
    """
    if not isinstance(raw, dict):
        raise Refused("bad-units")
    for kind, n in raw.items():
        if kind not in REGULAR_KINDS:
            raise Refused("kind-not-allowed")
        if type(n) is not int or n < 0:
            raise Refused("bad-units")
    units = compact(raw)
    if not units:
        raise Refused("bad-units")
    if regular_units(units) > PROVINCIAL_LIMIT:
        raise Refused("force-limit", place="")
    return units


def losses_first(war_orders) -> str:
    """Whose units a doubly-held province of this side loses first when it defends (the default if not said)."""
    chosen = war_orders.get("defence_losses_first") if isinstance(war_orders, dict) else None
    return chosen if chosen in LOSSES_FIRST else LOSSES_FIRST[0]


def _war_priority(war_orders) -> tuple[str, ...]:
    try:
        return check_priority(war_orders.get("priority") if isinstance(war_orders, dict) else None)
    except ValueError:
        return check_priority(None)


# --- what a force is and whether it can attack ---------------------------------------------------------------

def origin_of(state: dict, entry: dict) -> str | None:
    """The province a force attacks from: where the army stands, or the provincial force's own province."""
    if entry["force"] == "army":
        return state["armies"][entry["id"]]["province"]
    return entry["id"]


def _group(state: dict, entry: dict) -> dict:
    """The attacking units, as stored (the army's card or the province's force)."""
    if entry["force"] == "army":
        return state["armies"][entry["id"]]["units"]
    return state["provinces"][entry["id"]]["force"]


def defending_units(state: dict, pid: str) -> tuple[dict, str | None, dict]:
    """(units, army id, held back): every unit defending a province, army and provincial force together.

    An assassinated daimyo (its army frozen) does not fight: it is held back.
    """
    army_id = army_at(state, pid)
    army_units = dict(state["armies"][army_id]["units"]) if army_id else {}
    held = {}
    if army_id and state["armies"][army_id].get("frozen") and army_units.get(DAIMYO):
        held = {DAIMYO: army_units.pop(DAIMYO)}
    return merged(army_units, state["provinces"][pid]["force"]), army_id, held


def why_not(state: dict, side: str, entry: dict, board: Board) -> str | None:
    """Why this attack cannot be made now, or None: a typed reason for the player's private report."""
    if entry["force"] == "army":
        army = state["armies"][entry["id"]]
        if army["colour"] != colour_of(state, side):
            return "not_your_army"
        if army["status"] != "active" or army["province"] is None:
            return "army_lost"
        if army.get("frozen"):
            return "army_frozen"
    else:
        if side_of_province(state, entry["id"]) != side:
            return "province_not_yours"
        if regular_units(state["provinces"][entry["id"]]["force"]) == 0:
            return "no_provincial_force"
    origin, target = origin_of(state, entry), entry["target"]
    if target == origin or not board.is_adjacent(origin, target):
        return "target_not_adjacent"
    holder = side_of_province(state, target)
    if holder is not None and not are_enemies(state, side, holder):
        return "target_friendly"
    if state.get("round") == 1 and army_at(state, target) is not None:
        return "first_round_daimyo"
    if not defending_units(state, target)[0] and not _experienced(state, entry):
        return "unoccupied_needs_experience"
    return None


def _experienced(state: dict, entry: dict) -> bool:
    return entry["force"] == "army" and state["armies"][entry["id"]]["experience"] >= 2


def _skipped(state: dict, side: str, index: int, phase: str, reason: str, raw, board: Board) -> dict:
    """An order not carried out: told to its player alone, as unexecuted orders are secret. The force and
    the target are named by id where the order names them, as written where it cannot be read; "from" is
    where the force stood then (None when the order names no force on the board), so that the report can
    say which attack it was and, for a target not adjacent, next to what."""
    entry, _ = read_entry(state, board, raw)
    raw = raw if isinstance(raw, dict) else {}
    if entry is not None:
        named = {"army": entry["id"] if entry["force"] == "army" else None,
                 "province": entry["id"] if entry["force"] == "province" else None, "target": entry["target"]}
    else:
        named = {key: raw.get(key) if isinstance(raw.get(key), str) else None for key in ("army", "province", "target")}
    return event("order_skipped", audience(state, side), **who(state, side), side=side, phase=phase,
                 field=f"{field_of(state, side, 'war')}.battles[{index}]", index=index, reason=reason, **named,
                 **{"from": origin_of(state, entry) if entry else None})


# --- phase B ---------------------------------------------------------------------------------------------

def _declare(state: dict, side: str, war_orders, board: Board) -> tuple[dict, list[dict]]:
    """The first attack of each force, declared if it can be made now; the rest wait for phase C."""
    declared, skipped, seen, entries = [], {}, set(), {}
    events: list[dict] = []
    for index, raw in enumerate(battle_entries(war_orders)):
        entry, reason = read_entry(state, board, raw)
        if entry is None:
            skipped[index] = reason
            events.append(_skipped(state, side, index, "B", reason, raw, board))
            continue
        entries[index] = entry
        if entry["id"] in seen:
            continue
        seen.add(entry["id"])
        reason = why_not(state, side, entry, board)
        if reason:
            skipped[index] = reason
            events.append(_skipped(state, side, index, "B", reason, raw, board))
            continue
        declared.append(index)
        origin = origin_of(state, entry)
        events.append(event("battle_declared", **who(state, side), side=side, force=entry["force"],
                            army=entry["id"] if entry["force"] == "army" else None, **{"from": origin},
                            target=entry["target"], naval=board.is_sea_line(origin, entry["target"])))
    forces = {entries[i]["id"] for i in declared}
    return {"declared": declared, "forces": forces, "skipped": skipped, "entries": entries}, events


def declare_battles(state: dict, side: str, war_orders, board: Board | None = None) -> list[dict]:
    """Phase B: the battle markers of the side's first attacks, in order; the state does not change."""
    return _declare(state, side, war_orders, board or board_of_state(state))[1]


# --- phase C ---------------------------------------------------------------------------------------------

def attacks_left(runs: dict[str, dict], provinces_attacked: list[str], state: dict, entry: dict) -> str | None:
    """Why the force has no attack left in its side's phase C, or None: an army makes as many attacks as its
    daimyo's experience level, all one after another (`closed` once another army's entry comes), none after
    an advance_and_stop; a provincial force makes one. `runs` holds each army's run so far (the war's, or the
    check's as it foresees the war), made here at the army's first entry."""
    if entry["force"] == "province":
        return "no_attacks_left" if entry["id"] in provinces_attacked else None
    army = state["armies"][entry["id"]]
    run = runs.setdefault(entry["id"], {"level": army["experience"], "attacks": 0, "success": False,
                                        "stopped": False, "closed": False})
    if run["closed"]:
        return "battles_finished"
    if run["stopped"]:
        return "army_stopped"
    if run["attacks"] >= run["level"]:
        return "no_attacks_left"
    return None


class _War:
    """One side's phase C: the castle and fortress bonus left per province, and each army's attacks so far."""

    def __init__(self, state: dict, side: str, war_orders, dice, board: Board, defence_priorities, recover,
                 defence_losses=None):
        self.state, self.side, self.dice, self.board = state, side, dice, board
        self.priority = _war_priority(war_orders)
        self.defence = defence_priorities or {}
        self.defence_losses = defence_losses or {}
        self.recover = dict(recover or {})
        if isinstance(war_orders, dict) and isinstance(war_orders.get("recover"), list):
            self.recover[side] = [_province_id(state, board, p) for p in war_orders["recover"]]
        self.bonus: dict[str, int] = {}
        self.armies: dict[str, dict] = {}  # army id -> {"level", "attacks", "success", "stopped", "closed"}
        self.provinces_attacked: list[str] = []
        self.battles = 0
        self.events: list[dict] = []

    # the run of one army ends when another army's entry comes
    def close(self, army_id: str) -> None:
        """The army has fought all its battles: one success moves its experience marker one hole right."""
        run = self.armies[army_id]
        if run["closed"]:
            return
        run["closed"] = True
        army = self.state["armies"][army_id]
        if run["success"] and army["status"] == "active" and army["experience"] < MAX_EXPERIENCE:
            army["experience"] += 1
            self.events.append(event("experience_raised", army=army_id, player=army["player"],
                                     colour=army["colour"], **{"from": army["experience"] - 1},
                                     to=army["experience"]))

    def close_all(self, keep: str | None = None) -> None:
        for army_id in list(self.armies):
            if army_id != keep:
                self.close(army_id)

    def skip(self, index: int, reason: str, raw) -> None:
        self.events.append(_skipped(self.state, self.side, index, "C", reason, raw, self.board))

    def run(self, plan: dict, raws: list) -> None:
        for index, raw in enumerate(raws):
            if self.state.get("over"):
                break
            if self.side not in active_sides(self.state):
                self.skip(index, "side_eliminated", raw)
                continue
            entry = plan["entries"].get(index)
            if entry is not None and entry["force"] == "army":
                self.close_all(keep=entry["id"])
            if index in plan["skipped"]:
                continue
            if entry["id"] not in plan["forces"]:
                self.skip(index, "not_declared", raw)
                continue
            reason = self.attacks_left(entry) or why_not(self.state, self.side, entry, self.board)
            if reason:
                self.skip(index, reason, raw)
                continue
            self.attack(index, entry, raw)
        if not self.state.get("over"):
            self.close_all()

    def attacks_left(self, entry: dict) -> str | None:
        return attacks_left(self.armies, self.provinces_attacked, self.state, entry)

    def attack(self, index: int, entry: dict, raw) -> None:
        state, target = self.state, entry["target"]
        origin = origin_of(state, entry)
        if not defending_units(state, target)[0]:
            self.take_unoccupied(index, entry, raw, origin)
            return
        if entry["force"] == "province":
            self.provinces_attacked.append(entry["id"])
        else:
            self.armies[entry["id"]]["attacks"] += 1
        self.fight(index, entry, raw, origin)

    def take_unoccupied(self, index: int, entry: dict, raw, origin: str) -> None:
        """An experienced army with an attack left moves into an undefended province and conquers it.

        It counts as an attack but not as a success.
        """
        army_id = entry["id"]
        garrison, reason = self.garrison(army_id, origin, entry)
        if reason:
            self.skip(index, reason, raw)
            return
        self.armies[army_id]["attacks"] += 1
        self.events += reveal_ronin(self.state, army_id)
        self.events.append(event("unoccupied_attacked", **who(self.state, self.side), side=self.side,
                                 army=army_id, **{"from": origin}, target=entry["target"]))
        self.advance(army_id, origin, entry["target"], garrison)
        if entry["after_win"] == "advance_and_stop":
            self.armies[army_id]["stopped"] = True
        self.events += _victory_now(self.state)

    def garrison(self, army_id: str, origin: str, entry: dict) -> tuple[dict | None, str | None]:
        """(units, reason): what an army leaves behind so its province stays held, or why it cannot advance.

        The garrison the entry orders, if it can be left now; otherwise the
        default (default_garrison), and its player is told why the order was
        not followed: an earlier event of the round (units lost in the battle,
        a provincial force that still holds the province) changed the board.
        """
        ordered = entry.get("garrison")
        needed = not regular_units(self.state["provinces"][origin]["force"])
        if ordered is None:
            return self.default_garrison(army_id, entry) if needed else (None, None)
        units = self.state["armies"][army_id]["units"]
        why = garrison_refused(units, ordered, needed)
        if why is None:
            return dict(ordered), None
        left, reason = self.default_garrison(army_id, entry) if needed else (None, None)
        self.events.append(event("garrison_not_as_ordered", audience(self.state, self.side),
                                 **who(self.state, self.side), army=army_id, province=origin,
                                 ordered=dict(ordered), reason=why, left=left))
        return left, reason

    def default_garrison(self, army_id: str, entry: dict) -> tuple[dict | None, str | None]:
        """One unit of the first regular kind in the casualty priority, never the daimyo or a ronin, and not one
        whose going would put the army over its ronin limit."""
        units = self.state["armies"][army_id]["units"]
        candidates = [k for k in (entry["priority"] or self.priority) if k in REGULAR and k != DAIMYO and units.get(k)]
        for kind in candidates:
            after = dict(units)
            after[kind] -= 1
            if within_ronin_limit(after):
                return {kind: 1}, None
        return None, ("no_garrison" if not candidates else "garrison_breaks_ronin_limit")

    def advance(self, army_id: str, origin: str, target: str, garrison: dict | None) -> None:
        state = self.state
        army = state["armies"][army_id]
        if garrison:
            army["units"] = compact({kind: n - garrison.get(kind, 0) for kind, n in army["units"].items()})
            state["provinces"][origin]["force"] = merged(state["provinces"][origin]["force"], garrison)
        army["province"] = target
        self.events.append(event("army_advanced", army=army_id, player=army["player"], colour=army["colour"],
                                 **{"from": origin}, to=target, garrison=garrison))
        self.events += _conquer_province(state, target, self.side, army_id)

    def fight(self, index: int, entry: dict, raw, origin: str) -> None:
        """One battle from its start to what it leaves behind on the board."""
        state, side, target = self.state, self.side, entry["target"]
        self.battles += 1
        number = self.battles
        defender_side = side_of_province(state, target)
        events = reveal_ronin(state, entry["id"])
        defender_army = army_at(state, target)
        if defender_army:
            events += reveal_ronin(state, defender_army)
        events += reveal_ronin(state, target)
        attacker = compact(_group(state, entry))
        defender, defender_army, held = defending_units(state, target)
        province = state["provinces"][target]
        fortification = fortification_of(province)
        naval = self.board.is_sea_line(origin, target)
        bonus = self.bonus.get(target) if fortification else None
        priority = entry["priority"] or self.priority
        defence_priority = _defence_priority(self.defence.get(defender_side))
        events.append(event("battle_started", battle=number, **who(state, side), side=side, force=entry["force"],
                            army=entry["id"] if entry["force"] == "army" else None, **{"from": origin},
                            target=target, defender_player=province["owner"], defender_colour=province["colour"],
                            defender_army=defender_army, naval=naval, fortification=fortification,
                            bonus=_bonus_shown(fortification, bonus), bonus_kind=_bonus_kind(fortification),
                            attacker_units=attacker, defender_units=defender))
        result = fight_battle(attacker, defender, self.dice, fortification=fortification, bonus=bonus, naval=naval,
                              attacker_priority=priority, defender_priority=defence_priority,
                              withdrawal=entry["withdraw"], purpose=f"war {side} battle {number}")
        for ev in result["events"]:
            # the castle's or fortress's losses are told as its own, apart from the defender's units
            told = {"fortification": fortification, "bonus_kind": _bonus_kind(fortification)} \
                if ev["kind"] in ("volley", "casualties") else {}
            events.append({**ev, "battle": number, **told})
        if fortification:
            self.bonus[target] = result["bonus"]
        # the attacker's survivors go back where they came from, the dead to the tray
        attacking_colour = colour_of(state, side)
        return_casualties(state, attacking_colour, _lost(attacker, result["attacker"]))
        if entry["force"] == "army":
            state["armies"][entry["id"]]["units"] = dict(result["attacker"])
        else:
            state["provinces"][entry["id"]]["force"] = dict(result["attacker"])
        # the defender's survivors: of each kind lost, whose units went first is the defender's choice
        return_casualties(state, province["colour"], _lost(defender, result["defender"]))
        army_units = state["armies"][defender_army]["units"] if defender_army else {}
        kept, rest = split_survivors(result["defender"], {k: n for k, n in army_units.items() if k not in held},
                                     province["force"], self.defence_losses.get(defender_side, LOSSES_FIRST[0]))
        if defender_army:
            state["armies"][defender_army]["units"] = merged(kept, held)
        province["force"] = rest
        self.events += events
        self.settle(index, raw, number, entry, origin, result, defender_side, defender_army, bool(held))

    def settle(self, index: int, raw, number: int, entry: dict, origin: str, result: dict,
               defender_side: str | None, defender_army: str | None, assassinated: bool) -> None:
        """Pérdida de la Provincia, the dead daimyos, the advance, and who is out."""
        state, side, target = self.state, self.side, entry["target"]
        outcome = result["outcome"]
        defender_gone = outcome in ("attacker_won", "both_eliminated")
        attacker_gone = outcome in ("defender_won", "both_eliminated")
        events: list[dict] = []
        lost = []
        if defender_gone:
            if defender_army:
                events += _lose_army(state, defender_army, side, "army_destroyed" if assassinated else "battle")
            state["provinces"][target]["force"] = {}
            events += _lose_province(state, target, "defeated")
            lost.append(target)
            if entry["force"] == "army":
                self.armies[entry["id"]]["success"] = True
        if attacker_gone:
            if entry["force"] == "army":
                events += _lose_army(state, entry["id"], defender_side, "battle")
            if not regular_units(state["provinces"][origin]["force"]) and army_at(state, origin) is None:
                state["provinces"][origin]["force"] = {}
                events += _lose_province(state, origin, "attackers_eliminated")
                lost.append(origin)
        ended = event("battle_ended", battle=number, outcome=outcome, rounds=result["rounds"],
                      attacker_survivors=result["attacker"], defender_survivors=result["defender"],
                      bonus_left=result["bonus"], provinces_lost=lost)
        self.events.append(ended)
        self.events += events
        if outcome == "attacker_won" and entry["force"] == "army" and entry["after_win"] != "stay":
            run = self.armies[entry["id"]]
            if run["attacks"] >= run["level"]:
                # only an army with an attack left moves in phase C
                garrison, reason = None, "no_attack_left_to_advance"
            else:
                garrison, reason = self.garrison(entry["id"], origin, entry)
            if reason:
                self.skip(index, reason, raw)
            else:
                self.advance(entry["id"], origin, target, garrison)
            if entry["after_win"] == "advance_and_stop":
                self.armies[entry["id"]]["stopped"] = True
        if defender_gone and defender_army and defender_side:
            self.events += _check_elimination(state, defender_side, side, self.recover.get(side))
        if attacker_gone and entry["force"] == "army" and defender_side:
            self.events += _check_elimination(state, side, defender_side, self.recover.get(defender_side))
        self.events += _victory_now(state)


def _bonus_shown(fortification: str | None, bonus: int | None) -> int:
    """The bonus units standing at a battle's start: none without castle or fortress, all at a first attack."""
    if fortification is None:
        return 0
    return fortification_bonus(fortification).units if bonus is None else bonus


def _bonus_kind(fortification: str | None) -> str | None:
    """The kind of the bonus units a castle or fortress fights with (None without one)."""
    return fortification_bonus(fortification).kind if fortification else None


def _defence_priority(priority) -> tuple[str, ...]:
    try:
        return check_priority(priority)
    except ValueError:
        return check_priority(None)


def _lost(before: dict, after: dict) -> dict:
    return compact({kind: n - after.get(kind, 0) for kind, n in before.items()})


def garrison_refused(units: dict, ordered: dict, needed: bool) -> str | None:
    """Why an army holding these units cannot leave the ordered garrison now, or None."""
    if not needed:
        return "not_needed"
    if any(units.get(kind, 0) < n for kind, n in ordered.items()):
        return "units_lost"
    if not within_ronin_limit({kind: n - ordered.get(kind, 0) for kind, n in units.items()}):
        return "breaks_ronin_limit"
    return None


def split_survivors(survivors: dict, army_units: dict, force_units: dict | None = None,
                    first: str = "force") -> tuple[dict, dict]:
    """(army, provincial force): a doubly-held province's survivors after it defended as one force.

    The casualties were chosen by kind from the whole force; `first` says
    whose units of a kind were the ones lost. "force" (the default): the army
    keeps its own units first; ronin stay with the army as far as its limit
    allows, then with the provincial force as far as its own allows; any left
    over stay with the army. "army": the provincial force keeps its own units
    (`force_units`) first, ronin as far as its limit allows, and the army
    the rest.
    """
    if first == "army" and army_units:
        return _force_keeps_first(survivors, force_units or {})
    army, rest = _own_regulars(army_units, survivors)
    ronin = rest.pop(RONIN, 0)
    to_army = min(ronin, army_units.get(RONIN, 0), ronin_limit(army))
    to_force = min(ronin - to_army, ronin_limit(rest))
    army[RONIN] = ronin - to_force
    rest[RONIN] = to_force
    if not army_units:
        army, rest = {}, merged(rest, {RONIN: ronin - to_force})
    return compact(army), compact(rest)


def _own_regulars(own: dict, survivors: dict) -> tuple[dict, dict]:
    """(kept, rest): of the survivors, as many of each regular kind as the group `own` brought."""
    kept, rest = {}, dict(survivors)
    for kind, n in own.items():
        if kind != RONIN:
            kept[kind] = min(n, rest.get(kind, 0))
            rest[kind] = rest.get(kind, 0) - kept[kind]
    return kept, rest


def _force_keeps_first(survivors: dict, force_units: dict) -> tuple[dict, dict]:
    """(army, provincial force): the survivors when the army's units were lost first.

    The force keeps its own regular units, then its own ronin within its
    limit; the army takes the rest, its ronin within its own limit, the force
    any its limit still allows, and the army what is left over.
    """
    force, rest = _own_regulars(force_units, survivors)
    ronin = rest.pop(RONIN, 0)
    room = ronin_limit(force)
    to_force = min(ronin, force_units.get(RONIN, 0), room)
    to_army = min(ronin - to_force, ronin_limit(rest))
    to_force += min(ronin - to_force - to_army, room - to_force)
    force[RONIN] = to_force
    rest[RONIN] = ronin - to_force
    return compact(rest), compact(force)


def check_victory(state: dict) -> list[str]:
    """The players who have won now (conquest.check_victory), for the round's end-of-round check."""
    return conquest.check_victory(state)


def conduct_combat(state: dict, side: str, war_orders, dice, board: Board | None = None, *,
                   defence_priorities: dict | None = None, recover: dict | None = None,
                   defence_losses: dict | None = None) -> tuple[dict, list[dict]]:
    """Phases B and C of one side's war: declare, then fight the battles in order, on a copy of the state.

    `defence_priorities` holds the other sides' casualty priorities (their
    war orders' `priority`), `defence_losses` whose units their doubly-held
    provinces lose first (losses_first of their war orders; "force" where
    not given), `recover` the other sides' `recover` lists, for when a
    defender eliminates the attacker.
    """
    board = board or board_of_state(state)
    new = copy_plain(state)
    plan, events = _declare(new, side, war_orders, board)
    war = _War(new, side, war_orders, dice, board, defence_priorities, recover, defence_losses)
    war.run(plan, battle_entries(war_orders))
    return new, events + war.events


# --- before the round: checks and forecasts ---------------------------------------------------------------

def check_battles(state: dict, side: str, war_orders, board: Board | None = None) -> list[Problem]:
    """What can be known wrong with the battle orders before the round.

    Where a force will stand after phase A is not known yet, so adjacency is
    checked only for provincial forces, which do not move before they attack.
    """
    board = board or board_of_state(state)
    at = field_of(state, side, "war")
    if war_orders is None:
        return []
    if not isinstance(war_orders, dict):
        return [problem(at, "war-not-a-table", example=EXAMPLE)]
    problems: list[Problem] = []
    for key in war_orders:
        if key not in WAR_KEYS:
            problems.append(problem(f"{at}.{key}", "unknown-war-key", key=key, keys=WAR_KEYS))
    try:
        check_priority(war_orders.get("priority"))
    except Refused as exc:
        problems.append(refused(f"{at}.priority", exc))
    if war_orders.get("defence_losses_first", LOSSES_FIRST[0]) not in LOSSES_FIRST:
        problems.append(problem(f"{at}.defence_losses_first", "bad-defence-losses-first", choices=LOSSES_FIRST))
    recover = war_orders.get("recover", [])
    if not isinstance(recover, list):
        problems.append(problem(f"{at}.recover", "recover-not-a-list"))
    else:
        for i, name in enumerate(recover):
            if _province_id(state, board, name) is None:
                problems.append(_name_problem(board, f"{at}.recover[{i}]", name))
    raws = war_orders.get("battles", [])
    if not isinstance(raws, list):
        return problems + [problem(f"{at}.battles", "battles-not-a-list", example=EXAMPLE)]
    for index, raw in enumerate(raws):
        problems += _check_entry(state, side, board, f"{at}.battles[{index}]", raw)
    return problems


def _name_problem(board: Board, field: str, text) -> Problem:
    """Why a name names no province of this game: not a province name, or one not in play."""
    try:
        match_province(board, text)
    except ProvinceNameError as exc:
        return refused(field, exc)
    return problem(field, "province-not-in-game", written=shown(text))


def _check_entry(state: dict, side: str, board: Board, field: str, raw) -> list[Problem]:  # noqa: C901
    # (restates the executor's why_not; issue 12 makes the check and the battle one predicate)
    if not isinstance(raw, dict):
        return [problem(field, "battle-not-understood", example=EXAMPLE)]
    problems = [problem(f"{field}.{key}", "unknown-battle-key", key=key, keys=ENTRY_KEYS)
                for key in raw if key not in ENTRY_KEYS]
    if ("army" in raw) == ("province" in raw):
        return problems + [problem(field, "battle-not-understood", example=EXAMPLE)]
    try:
        check_withdrawal(raw.get("withdraw"))
    except Refused as exc:
        problems.append(refused(f"{field}.withdraw", exc))
    if raw.get("after_win", "stay") not in AFTER_WIN:
        problems.append(problem(f"{field}.after_win", "bad-after-win", choices=AFTER_WIN))
    if raw.get("priority") is not None:
        try:
            check_priority(raw["priority"])
        except Refused as exc:
            problems.append(refused(f"{field}.priority", exc))
    target = _province_id(state, board, raw.get("target"))
    if target is None:
        problems.append(_name_problem(board, f"{field}.target", raw.get("target")))
    if "garrison" in raw:
        problems += _check_garrison_order(state, f"{field}.garrison", raw, target)
    if "army" in raw:
        army_id = raw["army"]
        army = state["armies"].get(army_id) if isinstance(army_id, str) else None
        if army is None:
            return problems + [problem(f"{field}.army", "unknown-battle-army")]
        if army["colour"] != colour_of(state, side):
            return problems + [problem(f"{field}.army", "not-your-army")]
        return problems
    pid = _province_id(state, board, raw["province"])
    if pid is None:
        return problems + [_name_problem(board, f"{field}.province", raw["province"])]
    if raw.get("after_win", "stay") != "stay":
        problems.append(problem(f"{field}.after_win", "force-moves-in-phase-c"))
    return problems


def _check_garrison_order(state: dict, field: str, raw: dict, target: str | None) -> list[Problem]:
    """What is wrong with a battle's garrison whatever happens first: its units, or a battle that does not advance.

    An army ordered to stay after its battle moves only into a province left
    unoccupied, so against one that is defended now its garrison is never left.
    """
    if "province" in raw:
        return [problem(field, "garrison-on-force-attack")]
    try:
        check_garrison(raw["garrison"])
    except Refused as exc:
        return [refused(field, exc)]
    if raw.get("after_win", "stay") == "stay" and target is not None and defending_units(state, target)[0]:
        return [problem(field, "garrison-without-advance")]
    return []


def battle_forecast(state: dict, side: str, entry_raw, board: Board | None = None, origin: str | None = None) -> dict:
    """The odds of one battle order against what the side can see now (enemy hidden ronin unknown).

    The attacker counts its own hidden ronin; the castle or fortress bonus is
    full; the odds are for a battle fought to the end (no withdrawal). They
    are computed exactly (odds.battle_odds) and given as percentages rounded
    half up, strings like "7.4", so that the forecast stays plain data. "odds"
    is None when there is nothing to fight (an unoccupied target, an order
    naming no force on the board). `origin` is where the force attacks from
    when an earlier advance of the round takes it away from where it stands.
    """
    board = board or board_of_state(state)
    entry, reason = read_entry(state, board, entry_raw)
    target = entry_raw.get("target") if isinstance(entry_raw, dict) else None
    if entry is None or origin_of(state, entry) is None:
        return {"from": None, "target": target, "naval": False, "odds": None, "reason": reason or "army_lost"}
    origin = origin or origin_of(state, entry)
    attacker = merged(_group(state, entry), {RONIN: hidden_ronin(state, player_of(state, side)).get(entry["id"], 0)})
    defender, _, _ = defending_units(state, entry["target"])
    province = state["provinces"][entry["target"]]
    naval = board.is_adjacent(origin, entry["target"]) and board.is_sea_line(origin, entry["target"])
    forecast = {"from": origin, "target": entry["target"], "naval": naval, "attacker": attacker,
                "defender": defender, "fortification": fortification_of(province)}
    if not defender or not regular_units(attacker):
        return {**forecast, "odds": None, "reason": "unoccupied" if not defender else "no_regular_unit"}
    chances = battle_odds(attacker, defender, fortification=forecast["fortification"], naval=naval,
                          attacker_priority=entry["priority"], defender_priority=None)
    return {**forecast, "odds": {outcome: percent(chance) for outcome, chance in chances.items()}, "reason": None}
