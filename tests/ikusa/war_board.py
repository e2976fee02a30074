"""A three-player Ikusa board for the war's rule tests (ann blue, oda orange, cid red): the real map, every
province but those a test names unowned and empty, the trays holding what is not on the board, and dice
results that always hit or always miss."""
from __future__ import annotations

from games.ikusa.board import default_board
from games.ikusa.state import FIGURES_PER_COLOUR
from tests.ikusa.pieces import pieces

HIT, MISS = 1, 12
COLOURS = {"ann": "blue", "oda": "orange", "cid": "red"}
province, army = pieces(COLOURS)
BOARD = default_board()


def base_state(provinces: dict, armies: dict, round_number=2, **options) -> dict:
    """Every other province of the real board unowned and empty; trays hold what is not on the board."""
    all_provinces = {pid: province() for pid in BOARD.ids()}
    all_provinces.update(provinces)
    state = {"game": "ikusa", "map": BOARD.digest, "round": round_number, "phase": "play",
             "players": ["ann", "oda", "cid"],
             "options": {"quick": False, "victory_check": "immediate", "victory_provinces": 35,
                         "most_provinces_on_first_elimination": False, "least_experience": 1, **options},
             "colours": {p: [c] for p, c in COLOURS.items()}, "turn_order": ["ann", "oda", "cid"],
             "provinces": all_provinces, "armies": armies, "koku": {"ann": 0, "oda": 0, "cid": 0},
             "supply": {"castles": 10, "fortifications": 5, "ronin": 30, "figures": {}},
             "ninja": None, "secret": {}, "eliminated": [], "over": False, "winners": []}
    for colour in COLOURS.values():
        tray = dict(FIGURES_PER_COLOUR)
        for p in all_provinces.values():
            if p["colour"] == colour:
                for kind, n in p["force"].items():
                    if kind != "ronin":
                        tray[kind] -= n
        for a in armies.values():
            if a["colour"] == colour:
                for kind, n in a["units"].items():
                    if kind != "ronin":
                        tray[kind] -= n
        state["supply"]["figures"][colour] = tray
    return state


def figures(state: dict, colour: str) -> dict:
    """A colour's figures counted everywhere: the tray, the provinces and the army cards (ronin aside)."""
    total = dict(state["supply"]["figures"][colour])
    places = [p["force"] for p in state["provinces"].values() if p["colour"] == colour]
    places += [a["units"] for a in state["armies"].values() if a["colour"] == colour]
    for force in places:
        for kind, n in force.items():
            if kind != "ronin":
                total[kind] += n
    return total


def only(events, *kinds):
    return [ev for ev in events if ev["kind"] in kinds]


def kinds(events):
    return [ev["kind"] for ev in events]


def small_state(**blue) -> dict:
    """Blue's army in Omi; orange holds Wakasa and Mino with a spearman each, Iga unowned; red far away."""
    provinces = {"omi": province("ann", spearman=1), "yamashiro": province("ann", spearman=1),
                 "wakasa": province("oda", spearman=1), "mino": province("oda", spearman=1),
                 "echizen": province("oda", spearman=1), "harima": province("oda", spearman=1),
                 "mutsu": province("cid", spearman=1)}
    armies = {"blue-1": army("ann", "omi", **{"archer": 1, "spearman": 2, **blue}),
              "orange-1": army("oda", "harima"), "red-1": army("cid", "mutsu")}
    return base_state(provinces, armies)


