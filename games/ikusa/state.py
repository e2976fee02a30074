"""The Ikusa state: one plain dict, shared by everyone; hidden things live apart in "secret".

    {
      "game": "ikusa",
      "map": "<SHA-256 of the map file's text>",
      "round": 0,
      "phase": "placement" | "play",
      "players": [player, ...],                  # seat order
      "options": {
        "quick": bool,                           # the rulebook's quick-play rules
        "victory_check": "immediate" | "end_of_round",
        "victory_provinces": 35 | 50 | 30 | 40,  # provinces that win
        "most_provinces_on_first_elimination": bool,  # quick play's second way to win
        "least_experience": 1 | 2,               # a daimyo starts, and an assassinated one's successor comes
                                                 # back, at this level (a recovered daimyo at 1: conquest.py)
      },
      "colours": {player: [colour, ...]},        # two colours each in the two-player game
      "turn_order": [side, ...],
      "provinces": {pid: {"owner": player | None, "colour": colour | None,
                          "force": {kind: n},    # the provincial force: regular units, no zero counts
                          "castle": bool, "fortress": bool}},   # every province, in map order
      "armies": {army_id: {"player": player, "colour": colour, "province": pid | None,
                           "experience": 1..4, "units": {kind: n},
                           "status": "active" | "unplaced" | "lost"}},   # ids "red-1".."red-3"
      "koku": {side: n},
      "supply": {"castles": 10, "fortifications": 5, "ronin": 30,
                 "figures": {colour: {kind: n}}},   # what is left in each colour's tray
      "ninja": None,
      "secret": {},                              # ronin deployments, Koku allocations: never shown whole
      "eliminated": [], "over": False, "winners": [],
    }

A side is who plans, bids for turn order, collects Koku and makes war. With
three to five players a side is a player, and each player has one colour. In
the two-player game each player has two allied colours whose "actions are all
performed separately" (rulebook), so there a side is a colour: "turn_order"
and "koku" are keyed by colour. Player names may not be colour names, so a
side always says which it is.
"""
from __future__ import annotations

from engine import shown
from engine.canonical import copy_plain

from .board import Board, board_of_state
from .names import ProvinceNameError, match_province
from .problems import Refused

COLOURS = ("red", "blue", "orange", "green", "yellow")
KINDS = ("daimyo", "archer", "swordsman", "gunner", "spearman")  # combat sequence order
REGULAR_KINDS = ("archer", "swordsman", "gunner", "spearman")
SAMURAI = ("archer", "swordsman")
ASHIGARU = ("gunner", "spearman")
FIGURES_PER_COLOUR = {"spearman": 36, "gunner": 9, "swordsman": 9, "archer": 9, "daimyo": 3}
ARMIES_PER_COLOUR = 3
PROVINCIAL_LIMIT = 5  # regular units in one provincial force
ARMY_SAMURAI_LIMIT = 4
ARMY_ASHIGARU_LIMIT = 10
MAX_EXPERIENCE = 4
SUPPLY = {"castles": 10, "fortifications": 5, "ronin": 30}


def card_fits(units: dict) -> bool:
    """An army card holds one daimyo, four samurai and ten ashigaru: the one statement of its capacity, which
    moves, pick-ups, the levy and conquests ask."""
    return (units.get("daimyo", 0) <= 1
            and sum(units.get(k, 0) for k in SAMURAI) <= ARMY_SAMURAI_LIMIT
            and sum(units.get(k, 0) for k in ASHIGARU) <= ARMY_ASHIGARU_LIMIT)


def card_has_room(units: dict, kind: str) -> bool:
    """Whether one more samurai or ashigaru of that kind fits on the army card these units are on."""
    return kind in SAMURAI + ASHIGARU and card_fits({**units, kind: units.get(kind, 0) + 1})


def is_two_player(state: dict) -> bool:
    return len(state["players"]) == 2


def sides(state: dict) -> list[str]:
    """The sides in seat order: the players, or in the two-player game their colours."""
    if is_two_player(state):
        return [colour for player in state["players"] for colour in state["colours"][player]]
    return list(state["players"])


def player_of(state: dict, side: str) -> str:
    """The player a side belongs to."""
    if side in state["players"]:
        return side
    for player, colours in state["colours"].items():
        if side in colours:
            return player
    raise KeyError(f"no side {side!r}")


def colour_of(state: dict, side: str) -> str:
    """The colour a side plays: its own name in the two-player game, the player's one colour otherwise."""
    if side in state["players"]:
        return state["colours"][side][0]
    player_of(state, side)
    return side


def sides_of(state: dict, player: str) -> list[str]:
    """The sides a player acts for: itself, or its two colours."""
    return list(state["colours"][player]) if is_two_player(state) else [player]


def side_of_province(state: dict, pid: str) -> str | None:
    """The side holding a province, or None if it is unowned."""
    province = state["provinces"][pid]
    if province["owner"] is None:
        return None
    return province["colour"] if is_two_player(state) else province["owner"]


def are_enemies(state: dict, a: str | None, b: str | None) -> bool:
    """Sides of different players fight; a player's two colours are allies; nobody is at war with no one."""
    return a is not None and b is not None and player_of(state, a) != player_of(state, b)


def provinces_of(state: dict, player: str) -> list[str]:
    """The provinces a player owns (both colours in the two-player game), in map order."""
    return [pid for pid, province in state["provinces"].items() if province["owner"] == player]


def provinces_of_side(state: dict, side: str) -> list[str]:
    """The provinces of one side in the order the state holds them: map order in a new state, by id once
    read back from its file (ordered_provinces gives map order always)."""
    return [pid for pid in state["provinces"] if side_of_province(state, pid) == side]


def regular_count(force: dict) -> int:
    """Regular units in a force or army: what stacking limits count (no ronin, no castle bonus, no daimyo)."""
    return sum(n for kind, n in force.items() if kind in REGULAR_KINDS)


def fortification_of(province: dict) -> str | None:
    """"fortress", "castle" or None: what defends a province. A fortress is a base put under a castle that
    stands (build.py), so a fortified province has both flags, and it defends as a fortress."""
    return "fortress" if province["fortress"] else "castle" if province["castle"] else None


def army_at(state: dict, pid: str) -> str | None:
    """The army whose marker stands in a province, if any (at most one can)."""
    for army_id, army in state["armies"].items():
        if army["province"] == pid and army["status"] == "active":
            return army_id
    return None


def armies_of_side(state: dict, side: str) -> list[str]:
    """Every army of the side's colour, whatever its status, in the order the state holds them
    (armies_on_board gives only those on the board)."""
    colour = colour_of(state, side)
    return [army_id for army_id, army in state["armies"].items() if army["colour"] == colour]


def units_in(state: dict, pid: str) -> dict:
    """Every unit in a province: its provincial force plus the army there, by kind, no zero counts."""
    total = dict(state["provinces"][pid]["force"])
    army = army_at(state, pid)
    if army:
        for kind, n in state["armies"][army]["units"].items():
            total[kind] = total.get(kind, 0) + n
    return {kind: total[kind] for kind in KINDS if total.get(kind)}


def add_units(force: dict, kind: str, count: int) -> dict:
    """A force with `count` more (or fewer) units of a kind, zero counts dropped, kinds in fixed order."""
    total = dict(force)
    total[kind] = total.get(kind, 0) + count
    if total[kind] < 0:
        raise ValueError(f"cannot remove {-count} {kind} from {force}")
    return {k: total[k] for k in KINDS if total.get(k)}


def take_figures(state: dict, colour: str, kind: str, count: int) -> None:
    """Take figures out of a colour's tray; the tray holds only so many."""
    tray = state["supply"]["figures"][colour]
    if tray[kind] < count:
        raise ValueError(f"the {colour} tray has {tray[kind]} {kind}, not {count}")
    tray[kind] -= count


def koku_income(provinces: int, daimyos: int) -> int:
    """Recoger Koku: provinces divided by 3, remainder dropped; at least 3 while a daimyo lives."""
    if provinces < 9 and daimyos > 0:
        return 3
    return provinces // 3


def living_daimyos(state: dict, side: str) -> int:
    return sum(army["units"].get("daimyo", 0) for army_id, army in state["armies"].items()
               if army_id in armies_of_side(state, side) and army["status"] != "lost")


# --- shared by the actions --------------------------------------------------------------------------

def board_of(state: dict) -> Board | None:
    """The map the game is played on (a hand-built state without a map digest has none)."""
    return board_of_state(state) if state.get("map") else None


TRIED_IN_PLACE = ("supply", "secret")   # besides the provinces and armies: what a tried action changes in place


def trial_copy(state: dict) -> dict:
    """A copy to try one levy, march or shift on, then keep or throw away whole; about three times faster
    than copy_plain, and the war tries every order on one.

    Those actions change in place only the provinces (their forces), the armies
    (their units), the supply and the secrets: these are copied, each province and
    army a level deep (a force or a card is a flat table of counts). Every other
    part is shared with `state`: an action only ever replaces it ("over", "winners").
    Results handed out of a module are made from a copy_plain of its input, so
    nothing a caller keeps shares a table with what it passed in.
    """
    trial = {**state,
             "provinces": {pid: {**province, "force": dict(province["force"])}
                           for pid, province in state["provinces"].items()},
             "armies": {army_id: {**army, "units": dict(army["units"])} for army_id, army in state["armies"].items()}}
    for key in TRIED_IN_PLACE:
        if key in state:
            trial[key] = copy_plain(state[key])
    return trial


def province_order(state: dict) -> list[str]:
    """Province ids in the map order when the map is known, else sorted: the same in every process
    whatever order the state's keys were stored in."""
    board = board_of(state)
    if board is not None:
        return [pid for pid in board.ids() if pid in state["provinces"]]
    return sorted(state["provinces"])


def active_sides(state: dict) -> list[str]:
    """The sides still in the game, in seat order (a side is out if it or its player is eliminated)."""
    out = state.get("eliminated", [])
    return [s for s in sides(state) if s not in out and player_of(state, s) not in out]


def province_counts(state: dict) -> dict[str, int]:
    """Provinces owned by each player still in the game (both colours together in the two-player game): the
    standings' measure, here beside the state's other queries so that `pbem status` need not load the war."""
    out = state.get("eliminated", [])
    counts = {player: 0 for player in state["players"] if player not in out}
    for province in state["provinces"].values():
        if province["owner"] in counts:
            counts[province["owner"]] += 1
    return counts


def players_left(state: dict) -> list[str]:
    """Players with a side still in the game, in seat order."""
    active = active_sides(state)
    return [player for player in state["players"] if any(s in active for s in sides_of(state, player))]


def ordered_provinces(state: dict, side: str) -> list[str]:
    """The side's provinces in province order, which the computer player's choices and the defaults
    rely on (provinces_of_side keeps the state's own order).

    Asked thousands of times a round, so it reads the owner fields the way
    side_of_province does instead of calling it for every province.
    """
    provinces = state["provinces"]
    if side is None:  # side_of_province says None for an unowned province
        return [pid for pid in province_order(state) if provinces[pid]["owner"] is None]
    key = "colour" if is_two_player(state) else "owner"
    return [pid for pid in province_order(state)
            if provinces[pid]["owner"] is not None and provinces[pid][key] == side]


def armies_on_board(state: dict, side: str) -> list[str]:
    """The side's armies whose marker is on the board, by id (armies_of_side gives every army)."""
    colour = colour_of(state, side)
    return sorted(a_id for a_id, army in state["armies"].items()
                  if army["colour"] == colour and army["status"] == "active" and army["province"] is not None)


def who(state: dict, side: str) -> dict:
    """The fields that name a side in an event: its player and its colour."""
    return {"player": player_of(state, side), "colour": colour_of(state, side)}


def audience(state: dict, side: str) -> list[str]:
    """The one player who may see a side's secrets."""
    return [player_of(state, side)]


def field_of(state: dict, side: str, name: str) -> str:
    """A field as the side's orders spell it: in the two-player game under the colour's section."""
    return f"{side}.{name}" if is_two_player(state) else name


def place_id(state: dict, text) -> tuple[str | None, Refused | None]:
    """(id, refusal): the army id or province id an order names (a province may be named as players
    write it when the map is known), or why it names nothing."""
    if not isinstance(text, str):
        return None, Refused("place-not-a-name", written=shown(text))
    if text in state["armies"] or text in state["provinces"]:
        return text, None
    board = board_of(state)
    if board is None:
        return None, Refused("no-such-place", name=text)
    try:
        return match_province(board, text), None
    except ProvinceNameError as exc:
        return None, exc


def is_count(value) -> bool:
    return type(value) is int  # bool is an int subclass, but True Koku means nothing
