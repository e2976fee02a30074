"""Configuración: the rulebook's setup, what needs no decision.

`setup` prepares the army cards, deals the province cards, puts one spearman
on every province owned, draws the turn markers and hands out the first Koku.
The placement round that finishes it (placement.py) carries out what each
player decided.
"""
from __future__ import annotations

from engine import event
from engine.canonical import copy_plain

from .board import Board, default_board, load_map
from .koku import collect_koku
from .state import ARMIES_PER_COLOUR, COLOURS, FIGURES_PER_COLOUR, SUPPLY, provinces_of_side, sides, take_figures

MIN_PLAYERS, MAX_PLAYERS = 2, 5
OPTIONS = ("quick", "victory_check", "map")
VICTORY_CHECKS = ("immediate", "end_of_round")

VICTORY_PROVINCES = 35
TWO_PLAYER_VICTORY_PROVINCES = 50
QUICK_CARDS = {5: 7, 4: 11, 3: 16}
QUICK_VICTORY_PROVINCES = {5: 30, 4: 35, 3: 40}

STARTING_ARMY = {"daimyo": 1, "archer": 1, "swordsman": 1, "gunner": 2}


def game_options(player_count: int, options: dict) -> dict:
    """The campaign's options, checked, with what they imply written out for later rounds to read."""
    if not isinstance(options, dict):
        raise ValueError("options must be a table")
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Ikusa option(s): {', '.join(unknown)}; the options are {', '.join(OPTIONS)}")
    quick = options.get("quick", False)
    if not isinstance(quick, bool):
        raise ValueError("option quick is true or false")
    two = player_count == 2
    if quick and two:
        raise ValueError("the quick-play rules are for three to five players: they give no deal for two")
    check = options.get("victory_check", "end_of_round" if two else "immediate")
    if check not in VICTORY_CHECKS:
        raise ValueError(f"option victory_check is one of {', '.join(VICTORY_CHECKS)}, not {check!r}")
    if two and check != "end_of_round":
        raise ValueError("the two-player game is won only at the end of a round (victory_check = end_of_round)")
    if "map" in options and not (isinstance(options["map"], str) and options["map"].strip()):
        raise ValueError("option map is the text of a map file (the campaign names it with map_file)")
    if quick:
        provinces = QUICK_VICTORY_PROVINCES[player_count]
    else:
        provinces = TWO_PLAYER_VICTORY_PROVINCES if two else VICTORY_PROVINCES
    chosen = {"quick": quick, "victory_check": check, "victory_provinces": provinces,
              "most_provinces_on_first_elimination": quick, "least_experience": 2 if quick else 1}
    if "map" in options:
        chosen["map"] = options["map"]
    return chosen


def _check_players(players: list[str]) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Ikusa is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("players need distinct non-empty names")
    clashes = [p for p in players if p in COLOURS]
    if clashes:
        raise ValueError(f"a player may not be named after a colour ({', '.join(COLOURS)}): {', '.join(clashes)}")


def _colours(players: list[str]) -> dict[str, list[str]]:
    """Colours in seat order from the fixed list; two each in the two-player game."""
    per = 2 if len(players) == 2 else 1
    return {player: list(COLOURS[i * per:(i + 1) * per]) for i, player in enumerate(players)}


def setup(players: list[str], options: dict, dice, board: Board | None = None) -> tuple[dict, list[dict]]:
    """The rulebook's setup up to the placement of reinforcements, every draw from the dice."""
    players = list(players)
    _check_players(players)
    opts = game_options(len(players), options)
    map_text = opts.pop("map", None)
    board = board or (load_map(map_text) if map_text else default_board())
    colours = _colours(players)
    state = {
        "game": "ikusa",
        "map": board.digest,
        "round": 0,
        "phase": "placement",
        "players": players,
        "options": opts,
        "colours": colours,
        "turn_order": [],
        "provinces": {pid: {"owner": None, "colour": None, "force": {}, "castle": False, "fortress": False}
                      for pid in board.ids()},
        "armies": {},
        "koku": {},
        "supply": {**SUPPLY, "figures": {c: dict(FIGURES_PER_COLOUR) for p in players for c in colours[p]}},
        "ninja": None,
        "secret": {},
        "eliminated": [],
        "over": False,
        "winners": [],
    }
    if map_text:
        state["map_text"] = map_text  # the campaign's own map travels with the game
    events = [event("setup", players=players, colours=copy_plain(colours), options=dict(opts), map=board.digest)]
    prepare_army_cards(state)
    events += deal_provinces(state, board, dice)
    events += draw_turn_markers(state, dice)
    if not opts["quick"]:
        state, collected = collect_koku(state, state["turn_order"], note_minimum=False)
        events += collected
    else:
        state["koku"] = {side: 0 for side in sides(state)}
    return state, events


def prepare_army_cards(state: dict) -> None:
    """Three armies per colour, a daimyo each at the lowest experience; in quick play the troops come later."""
    quick = state["options"]["quick"]
    for player in state["players"]:
        for colour in state["colours"][player]:
            for number in range(1, ARMIES_PER_COLOUR + 1):
                units = {"daimyo": 1} if quick else dict(STARTING_ARMY)
                for kind, n in units.items():
                    take_figures(state, colour, kind, n)
                state["armies"][f"{colour}-{number}"] = {
                    "player": player, "colour": colour, "province": None,
                    "experience": state["options"]["least_experience"], "units": units, "status": "unplaced"}


def deal_provinces(state: dict, board: Board, dice) -> list[dict]:
    """Shuffle the province cards and deal them one at a time in seat order, as many as go round evenly.

    The rest stay unowned. Quick play deals 7, 11 or 16 each. In the two-player
    game each player's first half of cards goes to the first colour until the
    player splits them otherwise in the placement orders.
    """
    players = state["players"]
    count = len(players)
    each = QUICK_CARDS[count] if state["options"]["quick"] else len(board) // count
    if each * count > len(board):
        raise ValueError(f"the map has {len(board)} provinces, too few to deal {each} to each of {count} players")
    deck = dice.shuffle(board.ids(), "province cards")
    hands: dict[str, list[str]] = {player: [] for player in players}
    for index in range(each * count):
        hands[players[index % count]].append(deck[index])
    events = [event("provinces_dealt", dealt={p: list(h) for p, h in hands.items()},
                    unowned=[pid for pid in board.ids() if not any(pid in h for h in hands.values())])]
    for player, hand in hands.items():
        colours = state["colours"][player]
        first = (len(hand) + 1) // 2 if len(colours) == 2 else len(hand)
        for index, pid in enumerate(hand):
            colour = colours[0] if index < first else colours[-1]
            state["provinces"][pid].update(owner=player, colour=colour, force={"spearman": 1})
            take_figures(state, colour, "spearman", 1)
        if len(colours) == 2:
            events.append(split_event(state, player))
    return events


def split_event(state: dict, player: str) -> dict:
    return event("provinces_split", player=player,
                 colours={c: provinces_of_side(state, c) for c in state["colours"][player]})


def draw_turn_markers(state: dict, dice) -> list[dict]:
    """Each side draws a turn marker at random: the order for the rest of the setup."""
    state["turn_order"] = dice.shuffle(sides(state), "turn markers")
    return [event("turn_order", order=list(state["turn_order"]))]
