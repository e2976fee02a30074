"""The computer player "auto-v2" (issue 15): it masses its armies and strikes as often as their experience allows.

Where the first player ("auto-v1", computer.py) attacks once from where each
army stands, this one plans each army's round, army by army (by id):

- Phase A: it weighs staying and every province its daimyo's experience lets
  it reach through the side's own provinces (the shortest way), picking up
  the provincial forces where it starts and on its way (one regular unit
  stays in each province), and goes where its battles are worth most; an army
  with nothing to attack anywhere goes to the border, against the strongest
  enemy army there (standing in the threat's way, massed for the next round).
- Phase B and C: an army makes as many attacks as its experience level, one
  after another from where it stands, each on the best enemy neighbour left
  (the likeliest win; an enemy army counts half as much again, its daimyo
  dies), the first at 60% or better (85% for a daimyo alone), each later one
  at 70% or better against the army as the earlier battles are expected to
  leave it (Lanchester's square law). Chances are playbook.win_chance's
  (exact odds for small battles). Provincial forces attack as computer.py's.
- Phase D: a unit of the provincial force where the army stands takes the
  first beaten province, the army drops one of its troops into each other;
  the rest as playbook.final_moves.
- The ninja: where assassinating the enemy daimyo that defends a target
  would make the battle good enough, or raise its chance by 10 points (the
  d12 kills on 8 or less), it keeps a Koku back from the levy, bids for the
  ninja and orders the assassination before its own war's phase B.
- Ronin join its attacks; the Koku left hire more for its armies that will
  stand next to an enemy (playbook.guard_ronin: hidden ronin defend too), and
  Koku that buy nothing else go to the ninja box, so no other side can use it.
- It builds a castle, or a fortress on a castle, with 6 Koku or more, on its
  province where the strongest enemy army stands next door (twice as much
  where its own army stands).
- The levy: one unit on each province it can (one a province), the armies'
  first, then the border, spearmen first (the most units the Koku buy); Koku
  left once every province has its unit make them better: an archer or a
  swordsman onto an army with room for samurai, else a gunner, and gunners
  on the provincial forces.
- Its orders are those the rules carry out for all it can know: attacks are
  judged by the battle's own rule (battles.why_not) on the board as its war
  will find it (no daimyo attacked in the first round, no unoccupied province
  attacked), and the body is run through check_orders, refused parts dropped
  (legal), so what it returns is always accepted.

It sees only its player's view. Deterministic: ties by army id and map order.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from . import playbook
from .battles import defending_units
from .board import Board
from .build import why_not_build
from .levy import _place, koku_needed, why_not_levy
from .movement import left_empty, move_armies
from .playbook import (
    Allocation,
    best_attack,
    borders_enemy,
    first_spared,
    last_standing,
    strength,
    targets,
    unit_counts,
    win_chance,
)
from .ronin import PER_KOKU
from .state import (
    ARMY_ASHIGARU_LIMIT,
    ARMY_SAMURAI_LIMIT,
    ASHIGARU,
    PROVINCIAL_LIMIT,
    SAMURAI,
    are_enemies,
    armies_on_board,
    army_at,
    card_has_room,
    colour_of,
    fortification_of,
    ordered_provinces,
    regular_count,
    side_of_province,
    trial_copy,
)
from .units import DAIMYO, DEFAULT_PRIORITY, RONIN, VALUE, compact, regular_units, ronin_limit, within_ronin_limit

LATER_ODDS = Fraction(70, 100)     # a later battle of its campaign, with what the earlier ones leave it
NINJA_SUCCESS = Fraction(8, 12)    # the ninja's d12 kills on 8 or less
NINJA_GAIN = Fraction(10, 100)     # the ninja is hired when it raises an attack's chance this much
ARMY_WORTH = Fraction(3, 2)        # a battle against an army is worth this much more: its daimyo dies
BUILD_FROM = 6                     # Koku from which a castle or fortress is worth two
TURN_ORDER_FROM = 7


# --- the entry point -------------------------------------------------------------------------------------

def computer_orders(view: dict, player: str) -> dict:
    """The player's order file for the next round, from the player's view (playbook.order_file)."""
    return playbook.order_file(view, player, side_orders, legal)


def legal(state: dict, player: str, body: dict) -> dict:
    """The body with refused war entries dropped until none is refused (dropping a move may refuse the
    attacks it led to), then as playbook.legal: without the war, or only turn order."""
    for _ in range(4):
        found = playbook.problems(state, player, body)
        if not found:
            return body
        if not any(".battles[" in p.field or ".moves[" in p.field or ".final_moves[" in p.field
                   or p.field.startswith(("battles", "moves", "final_moves")) for p in found):
            break
        body = playbook.without_refused_entries(state, player, body, found)
    return playbook.legal(state, player, body)


# --- one side's orders ---------------------------------------------------------------------------------

@dataclass
class Campaign:
    """One army's round: its phase A move (if any), its battles in order, and what they are worth."""

    army: str
    move: dict | None = None
    battles: list[dict] = field(default_factory=list)
    worth: Fraction = Fraction(0)
    ends_at: str | None = None      # where the army stands for its last battle
    last_fought: bool = False       # whether its last entry is a battle it does not advance from
    ronin: int = 0                  # ronin to hire onto it
    left: dict = field(default_factory=dict)   # the army as its battles are expected to leave it
    ninja: tuple[Fraction, str] | None = None   # (chance gained, enemy army) if an assassination helps most


def side_orders(state: dict, side: str, board: Board) -> dict:
    """Planning, build, levy, ronin, ninja and war for one side, each part following from the one before."""
    koku = Allocation(state, side, turn_order_from=TURN_ORDER_FROM)
    site = build_site(state, side, board) if koku.total >= BUILD_FROM else None
    if site:
        koku.build(*site)
    ninja_ok = state["round"] + 1 > 1 and koku.left >= 1 and ninja_pays(state, side, board)
    levy = mixed_levy(state, side, board, koku.left - (1 if ninja_ok else 0))   # a Koku kept back for the ninja
    trial = koku.levy(state, side, levy)
    ninja_ok = ninja_ok and koku.left >= 1
    campaigns, moved = plan_campaigns(trial, side, board, PER_KOKU * (koku.left - (1 if ninja_ok else 0)), ninja_ok)
    hire = best_ninja(campaigns) if ninja_ok else None
    if hire:
        koku.spend("ninja", 1, ninja={"assassinate": {"daimyo": hire, "before": "B", "war_of": side}})
    deployed = [{"to": c.army, "count": c.ronin} for c in campaigns if c.ronin]
    spare = PER_KOKU * koku.left - sum(entry["count"] for entry in deployed)
    garrisoned = {c.army for c in campaigns if c.move and c.move.get("garrison")}
    deployed += [entry for entry in guard_ronin(trial, side, board, deployed, max(0, spare), moved)
                 if entry["to"] not in garrisoned]   # a garrison left on the way lowers the ronin limit
    koku.ronin(deployed)
    koku.spend("ninja", koku.left)   # Koku that buy nothing useful bid for the ninja: no other side can then use it

    taken = {entry["target"] for c in campaigns for entry in c.battles}
    busy = {moved["armies"][c.army]["province"] for c in campaigns if c.battles}
    forces = province_battles(moved, side, board, taken, busy)
    war: dict = {}
    moves = [c.move for c in campaigns if c.move]
    if moves:
        war["moves"] = moves
    war["battles"] = [entry for c in campaigns for entry in c.battles] + [entry for entry, _ in forces]
    war["final_moves"] = final_moves(moved, side, board, campaigns, forces)
    return koku.orders(war)


def guard_ronin(state: dict, side: str, board: Board, deployed: list[dict], count: int, moved: dict) -> list[dict]:
    """playbook.guard_ronin for where phase A takes the armies: the ronin the Koku left can still hire go onto
    the armies that will stand next to an enemy (hidden ronin defend too), within the limit before phase A."""
    entries = playbook.guard_ronin(state, side, board, deployed, count)
    return [entry for entry in entries if borders_enemy(moved, side, board, moved["armies"][entry["to"]]["province"])]


# --- build ---------------------------------------------------------------------------------------------

def enemy_threat(state: dict, side: str, board: Board, pid: str) -> int:
    """The strength of the strongest enemy army next to a province (0 if none)."""
    threat = 0
    for other in board.neighbours(pid):
        army_id = army_at(state, other)
        if army_id and are_enemies(state, side, side_of_province(state, other)):
            threat = max(threat, strength(defending_units(state, other)[0]))
    return threat


def build_site(state: dict, side: str, board: Board) -> tuple[str, str] | None:
    """(kind, province): a castle, or a fortress where a castle stands, on the side's province that the
    strongest enemy army threatens (where one of its armies stands counts twice), if any is threatened."""
    mine = {state["armies"][a]["province"] for a in armies_on_board(state, side)}
    best, worst = None, 0
    for pid in ordered_provinces(state, side):
        kind = next((k for k in ("castle", "fortress") if why_not_build(state, side, k, pid) is None), None)
        if kind is None:
            continue
        threat = enemy_threat(state, side, board, pid) * (2 if pid in mine else 1)
        if threat > worst:
            best, worst = (kind, pid), threat
    return best


# --- the levy ------------------------------------------------------------------------------------------

def mixed_levy(state: dict, side: str, board: Board, koku: int) -> list[dict]:
    """One unit on each province it can (the rules allow one a province): the armies' provinces first, then the
    provinces that border an enemy (weakest first), then the rest; spearmen first, the most units the Koku buy
    (an army whose ashigaru are full takes a swordsman). Koku left once every province has its unit make them
    better, the armies' first: an archer or a swordsman while the army has room for samurai, else a gunner
    (who shoots before the melee); on a provincial force a gunner."""
    if koku <= 0:
        return []
    owned = ordered_provinces(state, side)
    order = {pid: i for i, pid in enumerate(owned)}
    armies = {state["armies"][a]["province"]: a for a in armies_on_board(state, side)}
    tray = dict(state["supply"]["figures"].get(colour_of(state, side), {}))
    ranked = sorted(owned, key=lambda pid: (pid not in armies, not borders_enemy(state, side, board, pid),
                                            regular_count(state["provinces"][pid]["force"]), order[pid]))
    chosen: list[dict] = []

    def fits(units: list[dict]) -> bool:
        counts = unit_counts(units)
        return koku_needed(counts) <= koku and all(tray.get(kind, 0) >= n for kind, n in counts.items())

    for pid in ranked:
        army = armies.get(pid)
        places = ([army] if army else []) + [pid]
        entry = next(({"unit": kind, "to": to} for to in places for kind in ("spearman", "swordsman", "gunner")
                      if _has_room(state, to, kind) and fits(chosen + [{"unit": kind, "to": to}])), None)
        if entry is None:
            break
        chosen.append(entry)
    for entry in chosen:   # Koku to spare: better units, the armies' first
        ladder = ("archer", "swordsman", "gunner") if entry["to"] in state["armies"] else ("gunner",)
        for kind in ladder:
            better = [dict(e, unit=kind) if e is entry else e for e in chosen]
            if VALUE[kind] >= VALUE[entry["unit"]] and _has_room(state, entry["to"], kind, entry["unit"]) \
                    and fits(better):
                entry["unit"] = kind
                break
    trial, placed = trial_copy(state), []
    for entry in chosen:   # the levy's own rule has the last word: what it refuses is left out
        if why_not_levy(trial, side, koku, placed, entry["unit"], entry["to"], len(owned)) is not None:
            return chosen[:len(placed)]
        placed.append({"unit": entry["unit"], "province": _place(trial, side, entry["unit"], entry["to"])})
    return chosen


def _has_room(state: dict, to: str, kind: str, instead: str | None = None) -> bool:
    """Whether an army card (or a provincial force) has room for one more unit of a kind (in place of `instead`)."""
    if to in state["armies"]:
        army = state["armies"][to]
        if instead is not None and (instead in SAMURAI) == (kind in SAMURAI):
            return True
        return card_has_room(army["units"], kind)
    return regular_count(state["provinces"][to]["force"]) < PROVINCIAL_LIMIT


# --- phase A and the battles: each army's campaign ----------------------------------------------------------

def plan_campaigns(state: dict, side: str, board: Board, ronin: int, ninja: bool = False
                   ) -> tuple[list[Campaign], dict]:
    """Each army's campaign, by army id, and the board after their phase A moves. `state` is after the side's
    levy, with "round" already the round being ordered; `ronin` can be hired; `ninja`: whether the side can
    hire the ninja (one campaign may count on it)."""
    work = trial_copy(state)
    campaigns: list[Campaign] = []
    taken: set[str] = set()
    for army_id in armies_on_board(work, side):
        army = work["armies"][army_id]
        if army.get("frozen") or not regular_units(army["units"]):
            continue
        best = None
        for move, dest, units in destinations(work, side, board, army_id):
            campaign = campaign_from(work, side, board, army_id, dest, units, taken, ronin, ninja)
            campaign.move = move
            rank = (campaign.worth, massing(work, side, board, dest, units), move is None)
            if best is None or rank > best[0]:
                best = (rank, campaign)
        campaign = best[1]
        if campaign.move is not None:
            after, told = move_armies(work, side, {"moves": [campaign.move]}, board, trial=True)
            if any(ev["kind"] == "order_skipped" for ev in told):   # not expected: then it stays where it is
                campaign = campaign_from(work, side, board, army_id, army["province"], army["units"], taken, ronin,
                                         ninja)
            else:
                work = after
        ronin -= campaign.ronin
        ninja = ninja and campaign.ninja is None
        taken |= {entry["target"] for entry in campaign.battles}
        campaigns.append(campaign)
    return campaigns, work


def massing(state: dict, side: str, board: Board, dest: str, units: dict) -> tuple[int, int]:
    """What a province is worth to an army with nothing to attack: standing on the border against the strongest
    enemy army there, then the units it gathers on the way."""
    return enemy_threat(state, side, board, dest) if borders_enemy(state, side, board, dest) else -1, \
        regular_units(units)


def destinations(state: dict, side: str, board: Board, army_id: str) -> list[tuple[dict | None, str, dict]]:
    """(phase A order or None, where the army ends, its units then) for staying put (picking up the force there)
    and for each province its daimyo's experience lets it reach through the side's own provinces (the shortest
    way, in map order), picking up the provincial forces on the way but one regular unit in each."""
    army = state["armies"][army_id]
    start = army["province"]
    found = [_route(state, side, army_id, [start])]
    paths = {start: [start]}
    frontier = [start]
    for _ in range(army["experience"]):
        nxt = []
        for here in frontier:
            for there in board.neighbours(here):
                if there in paths or side_of_province(state, there) != side:
                    continue
                if not regular_count(state["provinces"][there]["force"]):
                    continue   # held by an army alone: passing it would need more care than it is worth
                paths[there] = paths[here] + [there]
                nxt.append(there)
                if army_at(state, there) is None:
                    found.append(_route(state, side, army_id, paths[there]))
        frontier = nxt
    return [entry for entry in found if entry is not None]


def _route(state: dict, side: str, army_id: str, route: list[str]) -> tuple[dict | None, str, dict] | None:
    """The order that takes the army along `route`, picking up what the card holds, and its units at the end."""
    army = state["armies"][army_id]
    units = dict(army["units"])
    pick_up: dict[str, dict] = {}
    for pid in route:
        spare = dict(state["provinces"][pid]["force"])
        spare.pop(RONIN, None)
        keep = first_spared(spare)
        if keep is None:
            continue
        spare[keep] -= 1    # one unit holds the province
        taken = {}
        for kinds, limit in ((SAMURAI, ARMY_SAMURAI_LIMIT), (ASHIGARU, ARMY_ASHIGARU_LIMIT)):
            room = limit - sum(units.get(k, 0) for k in kinds)
            for kind in sorted(kinds, key=lambda k: -VALUE[k]):
                n = min(room, spare.get(kind, 0))
                if n > 0:
                    taken[kind] = n
                    room -= n
        if taken:
            pick_up[pid] = taken
            units = compact({k: units.get(k, 0) + taken.get(k, 0) for k in set(units) | set(taken)})
    order: dict = {"army": army_id, "path": route[1:]}
    if len(route) > 1 and left_empty(state, side, route[0], leaving=army_id):
        kind = first_spared({k: n for k, n in units.items() if k != DAIMYO})
        if kind is None or regular_units(units) - units.get(DAIMYO, 0) < 2:
            return None
        order["garrison"] = {route[0]: {kind: 1}}
        units = compact({**units, kind: units[kind] - 1})
    if pick_up:
        order["pick_up"] = pick_up
    if not pick_up and len(route) == 1:
        return None, route[0], units
    return order, route[-1], units


def campaign_from(state: dict, side: str, board: Board, army_id: str, start: str, units: dict, taken: set,
                  ronin: int, ninja: bool = False) -> Campaign:
    """The army's battles from `start` with `units`: as many as its experience allows, one after another, each the
    likeliest win among its neighbours (a later one judged with what the earlier ones are expected to leave it,
    at LATER_ODDS); it stays where it stands, and takes the beaten provinces in phase D."""
    level = state["armies"][army_id]["experience"]
    lone = regular_units(units) - units.get(DAIMYO, 0) == 0
    before = state["armies"][army_id]["units"]   # ronin are deployed before phase A: the limit holds then too
    room = min(ronin, ronin_limit(units), ronin_limit(before))
    force = {**units, RONIN: room} if room else dict(units)
    campaign = Campaign(army_id, ends_at=start)
    reach, seen = Fraction(1), set(taken) | {start}
    for attack in range(1 if lone else level):
        needed = (playbook.LONE_DAIMYO_ODDS if lone else playbook.ARMY_ODDS) if attack == 0 else LATER_ODDS
        choice = best_battle(state, side, board, start, force, seen, needed, ninja and campaign.ninja is None)
        if choice is None:
            break
        target, chance, hired = choice
        campaign.battles.append({"army": army_id, "target": target, "withdraw": dict(playbook.WITHDRAW)})
        campaign.worth += reach * chance * (ARMY_WORTH if army_at(state, target) else 1)
        if hired:
            campaign.ninja = hired
        reach *= chance
        seen.add(target)
        force = survivors(force, defending_units(state, target)[0], fortification_of(state["provinces"][target]))
        if regular_units(force) - force.get(DAIMYO, 0) - force.get(RONIN, 0) < 2:
            break
    campaign.ronin = room if campaign.battles else 0
    campaign.left = force
    return campaign


def best_battle(state: dict, side: str, board: Board, here: str, force: dict, seen: set, needed: Fraction,
                ninja: bool = False) -> tuple[str, Fraction, tuple[Fraction, str] | None] | None:
    """(target, chance, (chance the ninja adds, enemy army) or None): the best win of `force` from `here` on
    an enemy neighbour with defenders (not one `seen`), if its chance reaches `needed`: the likeliest, where
    an enemy army counts ARMY_WORTH (its daimyo dies), ties by map order. With `ninja`, an enemy daimyo's
    assassination counts for its chance (NINJA_SUCCESS) of taking the daimyo out of the battle, where it
    makes the battle good enough or raises its chance by NINJA_GAIN."""
    best = None
    for pid in targets(state, side, board, here):
        if pid in seen:
            continue
        defenders, defending_army, _ = defending_units(state, pid)
        fort, naval = fortification_of(state["provinces"][pid]), board.is_sea_line(here, pid)
        chance = win_chance(force, defenders, fort, naval)
        hired = None
        if ninja and defending_army and defenders.get(DAIMYO):
            rest = compact({**defenders, DAIMYO: 0})
            without = win_chance(force, rest, fort, naval) if regular_units(rest) else Fraction(1)
            gain = NINJA_SUCCESS * (without - chance)
            if gain >= NINJA_GAIN or (chance < needed <= chance + gain):
                chance, hired = chance + gain, (gain, defending_army)
        worth = chance * (ARMY_WORTH if defending_army else 1)
        if chance >= needed and (best is None or worth > best[0]):
            best = (worth, (pid, chance, hired))
    return best[1] if best else None


def survivors(force: dict, defenders: dict, fortification: str | None) -> dict:
    """The attacker as a won battle is expected to leave it: the strength it loses by Lanchester's square law
    (sqrt(A^2 - D^2) of A is left), its units lost in the default casualty order, the daimyo last."""
    ours = strength(force)
    theirs = strength(defenders) + (16 if fortification == "castle" else 25 if fortification == "fortress" else 0)
    if ours <= theirs:
        return {DAIMYO: force[DAIMYO]} if force.get(DAIMYO) else {}
    lost = ours - math.sqrt(ours * ours - theirs * theirs)
    left = dict(force)
    for kind in DEFAULT_PRIORITY + (DAIMYO,):
        while left.get(kind) and lost >= VALUE[kind] / 2 and (kind != DAIMYO):
            left[kind] -= 1
            lost -= VALUE[kind]
    return compact(left)


def _less_one(force: dict) -> dict:
    """The force less the one unit an advance leaves as garrison (the first regular kind of the casualty order)."""
    kind = next((k for k in DEFAULT_PRIORITY if k not in (RONIN, DAIMYO) and force.get(k)), None)
    return compact({**force, kind: force[kind] - 1}) if kind else force


def ninja_pays(state: dict, side: str, board: Board) -> bool:
    """Whether the campaigns the side could plan before its levy would have the ninja hired."""
    before = {**trial_copy(state), "round": state["round"] + 1}
    return best_ninja(plan_campaigns(before, side, board, 0, ninja=True)[0]) is not None


def best_ninja(campaigns: list[Campaign]) -> str | None:
    """The enemy army whose daimyo the one campaign that counts on the ninja has assassinated, if one does."""
    return next((c.ninja[1] for c in campaigns if c.ninja), None)


# --- provincial forces and phase D -------------------------------------------------------------------------

def province_battles(state: dict, side: str, board: Board, taken: set, busy: set) -> list[tuple[dict, str]]:
    """([(battle entry, origin)]): each provincial force of two or more regular units (after phase A's pick-ups)
    against its likeliest win among the targets left, at playbook.FORCE_ODDS or better."""
    battles = []
    taken = set(taken)
    for pid in ordered_provinces(state, side):
        force = state["provinces"][pid]["force"]
        if regular_units(force) < 2 or pid in busy:   # a fighting army's force takes its beaten provinces
            continue
        choice = best_attack(state, side, board, pid, force, taken, playbook.FORCE_ODDS)
        if choice is not None:
            taken.add(choice[0])
            battles.append(({"province": pid, "target": choice[0]}, pid))
    return battles


def final_moves(state: dict, side: str, board: Board, campaigns: list[Campaign],
                forces: list[tuple[dict, str]]) -> list[dict]:
    """Each army that fought takes the provinces it beat: a unit of the provincial force where it stands goes
    into the first (one unit stays), the army drops one of its own into each of the others (its troops as the
    battles are expected to leave them, one kept); the rest as playbook.final_moves, for the armies that did not
    fight and the provincial forces, from where phase A leaves them."""
    orders = []
    fought = {c.army for c in campaigns if c.battles}
    for c in campaigns:
        if not c.battles:
            continue
        here = state["armies"][c.army]["province"]
        targets = [entry["target"] for entry in c.battles]
        force = state["provinces"][here]["force"]
        if regular_count(force) >= 2:
            orders.append({"province": here, "to": targets.pop(0), "units": {last_standing(force): 1}})
        troops = {k: n for k, n in c.left.items() if k not in (DAIMYO, RONIN)}
        ronin = c.left.get(RONIN, 0)   # the ronin limit holds after the drops: ronin at most the regulars less one
        drops = {}
        for target in targets:
            kind = first_spared(troops)
            if kind is None or regular_units(troops) < 2 or not within_ronin_limit(
                    {**troops, kind: troops[kind] - 1, DAIMYO: c.left.get(DAIMYO, 0), RONIN: ronin}):
                break   # a drop that would break the ronin limit is not made
            drops[target] = {kind: 1}
            troops = compact({**troops, kind: troops[kind] - 1})
        if drops:
            orders.append({"army": c.army, "path": [], "drop": drops})
    rest = {**state,
            "armies": {a: ({**army, "status": "lost"} if a in fought else army) for a, army in state["armies"].items()}}
    others = playbook.final_moves(rest, side, board, forces)
    taken = {entry["target"] for c in campaigns for entry in c.battles}
    busy = {state["armies"][a]["province"] for a in fought}
    return orders + [o for o in others if o.get("to") not in taken and o.get("province") not in busy
                     and not set(o.get("drop", {})) & taken]
