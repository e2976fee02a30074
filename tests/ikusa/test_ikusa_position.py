"""The report's "Your position": each province's neighbours, what each force may attack and why not, the income
the next collection gives, the exact odds of the computer's best attacks, and nothing from another's secrets."""
import copy
from functools import cache

from engine import Dice
from engine.canonical import dumps
from games import get
from games.ikusa.board import default_board
from games.ikusa.computer import computer_orders
from games.ikusa.koku import collect_koku
from games.ikusa.odds import battle_odds, percent
from games.ikusa.position import MAIN_ATTACKS
from games.ikusa.round import resolve_round
from games.ikusa.setup import setup
from games.ikusa.view import view
from pbem import door, render


@cache
def _opened(players=("ann", "bob", "cho"), key=b"position"):
    state, _ = setup(list(players), {}, Dice(key + b" setup"))
    return resolve_round(state, {}, Dice(key + b" placement"))[0]


def scene(experience=1, number=1):
    """ann's army red-1 (experience `experience`) and a force of 2 spearmen in Omi, 1 spearman in Iga; bob's
    Yamashiro behind a castle; cho's army in Mino; Echigo (ann) across the sea from Sado (bob); every other
    province empty and unowned. `number` is the round last played: the position is for the next."""
    state = copy.deepcopy(_opened())
    for province in state["provinces"].values():
        province.update(owner=None, colour=None, force={}, castle=False, fortress=False)
    for army in state["armies"].values():
        army.update(province=None, status="unplaced")

    def hold(pid, owner, colour, castle=False, **force):
        state["provinces"][pid].update(owner=owner, colour=colour, force=force, castle=castle)

    hold("omi", "ann", "red", spearman=2)
    hold("iga", "ann", "red", spearman=1)
    hold("echigo", "ann", "red", spearman=3)
    hold("yamashiro", "bob", "blue", castle=True, spearman=1)
    hold("sado", "bob", "blue", spearman=1)
    hold("mino", "cho", "orange")
    state["armies"]["red-1"].update(province="omi", status="active", experience=experience,
                                    units={"daimyo": 1, "archer": 2})
    state["armies"]["orange-1"].update(province="mino", status="active", units={"daimyo": 1, "spearman": 2})
    state["koku"] = {"ann": 5, "bob": 0, "cho": 0}
    state["round"] = number
    state["secret"] = {}
    return state


def side(state, player="ann"):
    return view(state, player)["position"]["sides"][0]


def army(state, army_id, player="ann"):
    return next(a for a in side(state, player)["armies"] if a["id"] == army_id)


def province(state, pid, player="ann"):
    return next(p for p in side(state, player)["provinces"] if p["id"] == pid)


def verdicts(targets):
    return {t["id"]: t["refused"] for t in targets}


def test_each_province_lists_its_neighbours_by_land_and_by_sea_line_in_map_order():
    state = scene()
    board = default_board()
    held = [pid for pid in board.ids() if pid in ("omi", "iga", "echigo")]
    assert [p["id"] for p in side(state)["provinces"]] == held
    for pid in ("omi", "iga", "echigo"):
        assert province(state, pid)["neighbours"] == list(board.neighbours(pid))
    assert "sado" in province(state, "echigo")["neighbours"]   # across the sea line


def test_an_army_may_attack_every_neighbour_not_its_own_with_what_defends_it():
    targets = army(scene(number=2), "red-1")["targets"]
    assert [t["id"] for t in targets] == ["yamashiro", "ise", "mino", "wakasa", "echizen", "tamba"]  # not Iga
    yamashiro = targets[0]
    assert (yamashiro["owner"], yamashiro["colour"], yamashiro["units"], yamashiro["fortification"]) == \
        ("bob", "blue", {"spearman": 1}, "castle")
    assert next(t for t in targets if t["id"] == "mino")["units"] == {"daimyo": 1, "spearman": 2}
    assert verdicts(targets)["yamashiro"] is None and verdicts(targets)["mino"] is None


def test_an_attack_the_battle_rule_refuses_is_marked_with_its_reason():
    first = scene(number=0)   # the coming round is the first: no daimyo may be attacked
    assert verdicts(army(first, "red-1")["targets"])["mino"] == "first_round_daimyo"
    assert verdicts(province(first, "omi")["targets"])["mino"] == "first_round_daimyo"
    assert verdicts(army(first, "red-1")["targets"])["yamashiro"] is None
    later = scene(number=1)
    assert verdicts(army(later, "red-1")["targets"])["wakasa"] == "unoccupied_needs_experience"
    assert verdicts(province(later, "omi")["targets"])["wakasa"] == "unoccupied_needs_experience"
    assert verdicts(army(scene(experience=2), "red-1")["targets"])["wakasa"] is None
    frozen = scene()
    frozen["armies"]["red-1"]["frozen"] = True
    assert set(verdicts(army(frozen, "red-1")["targets"]).values()) == {"army_frozen"}


def test_an_attack_across_a_sea_line_is_marked_naval():
    targets = {t["id"]: t for t in province(scene(), "echigo")["targets"]}
    assert targets["sado"]["naval"] is True and targets["sado"]["refused"] is None
    assert all(not t["naval"] for t in army(scene(), "red-1")["targets"])


def test_the_income_is_what_the_next_koku_collection_gives():
    few = scene()   # three provinces and a daimyo: the minimum of three
    big = _played(5, b"income")
    for state in (few, big):
        collected, _ = collect_koku(state)
        for player in state["players"]:
            here = view(state, player)["position"]
            if here is None:
                continue
            for entry in here["sides"]:
                assert entry["income"] == collected["koku"][entry["side"]] - state["koku"][entry["side"]]
                assert entry["koku"] == state["koku"][entry["side"]]
    assert side(few)["income"] == 3 and side(few)["income_minimum"] is True


@cache
def _played(rounds, key):
    players = ["ann", "bob", "cho", "dan", "eve"]
    state, _ = setup(players, {}, Dice(key + b" setup"))
    for number in range(rounds + 1):
        state, _ = resolve_round(state, {p: computer_orders(state, p) for p in players}, Dice(key + b" %d" % number))
    return state


def test_the_main_attacks_carry_the_exact_odds_of_battle_odds_for_the_same_forces():
    state = scene()
    state["secret"] = {"ann": {"ronin": {"red-1": 1}}}   # ann's own hidden ronin fight with the army
    assert army(state, "red-1")["ronin"] == 1
    attacks = side(state)["main_attacks"]
    checked = 0
    for other in (state, _played(4, b"odds")):
        for player in other["players"]:
            for entry in (view(other, player)["position"] or {"sides": []})["sides"]:
                for attack in entry["main_attacks"]:
                    if attack["odds"] is None:
                        continue
                    exact = battle_odds(attack["attacker"], attack["defender"],
                                        fortification=attack["fortification"], naval=attack["naval"])
                    assert attack["odds"] == {outcome: percent(chance) for outcome, chance in exact.items()}
                    checked += 1
    assert checked >= 5
    red = next(a for a in attacks if a["id"] == "red-1")
    assert red["attacker"] == {"daimyo": 1, "archer": 2, "ronin": 1}


def test_the_main_attacks_are_a_few_one_per_target_best_first():
    state = _played(4, b"odds")
    for player in state["players"]:
        for entry in (view(state, player)["position"] or {"sides": []})["sides"]:
            attacks = entry["main_attacks"]
            assert len(attacks) <= MAIN_ATTACKS
            assert len({a["target"] for a in attacks}) == len(attacks)
            wins = [float(a["odds"]["attacker_wins"]) for a in attacks if a["odds"]]
            assert wins == sorted(wins, reverse=True)


def test_another_players_hidden_ronin_leave_the_position_byte_for_byte_the_same():
    state = copy.deepcopy(_played(4, b"secrets"))
    players = [p for p in state["players"] if view(state, p)["position"]]
    compared = 0
    for player in players:
        before = dumps(view(state, player)["position"])
        for other in players:
            if other == player:
                continue
            for army_id in sorted(a for a, unit in state["armies"].items()
                                  if unit["player"] == other and unit["status"] == "active"):
                for count in (1, 4):
                    changed = copy.deepcopy(state)
                    changed.setdefault("secret", {})[other] = {"ronin": {army_id: count},
                                                               "ronin_hired": {other: count}}
                    assert dumps(view(changed, player)["position"]) == before, (player, other, army_id)
                    compared += 1
    assert compared >= 2 * len(players) * (len(players) - 1)
    own = copy.deepcopy(state)
    mine = next(a for a, unit in state["armies"].items() if unit["player"] == players[0] and unit["status"] == "active")
    own.setdefault("secret", {})[players[0]] = {"ronin": {mine: 1}}
    assert dumps(view(own, players[0])["position"]) != dumps(view(state, players[0])["position"])


def test_before_the_placement_round_no_force_has_a_target():
    state, _ = setup(["ann", "bob", "cho"], {}, Dice(b"position placement"))
    entry = side(state)
    assert entry["main_attacks"] == [] and entry["provinces"]
    assert all(p["targets"] == [] for p in entry["provinces"]) and all(a["targets"] == [] for a in entry["armies"])


def test_a_player_out_of_the_game_or_a_game_over_has_no_position():
    state = scene()
    state["eliminated"] = ["bob"]
    assert view(state, "bob")["position"] is None and view(state, "ann")["position"] is not None
    state["over"] = True
    assert view(state, "ann")["position"] is None
    assert "Your position" not in report_text(state, "ann")


def test_in_the_two_player_game_each_colour_has_its_position_and_the_ally_is_not_a_target():
    state = copy.deepcopy(_opened(("ann", "bob"), b"two"))
    state["round"] = 1
    here = view(state, "ann")["position"]
    assert [entry["side"] for entry in here["sides"]] == state["colours"]["ann"]
    for entry in here["sides"]:
        for held in entry["provinces"]:
            assert all(state["provinces"][t["id"]]["owner"] != "ann" for t in held["targets"])


def report_text(state, player):
    game = get("ikusa")
    model = door.report_model(campaign="war", game=game, round_number=state["round"], player=player, state=state,
                              events=[], dice={"seed": "00", "commitment": "00", "nonces": {}, "rolls": []},
                              next_commitment=None, deadline=None, defaulted=[], rerun=None)
    return render.render_text(model)


def test_the_report_tells_the_position_in_words_with_the_printed_names():
    text = report_text(scene(), "ann")
    section = text[text.index("Your position"):text.index("Provinces (owner: provincial force)")]
    assert "Koku: 5 in hand. The next collection would bring 3 for the 3 provinces" in " ".join(section.split())
    assert "Ōmi: 2 spearmen; army red-1 stands here" in section
    assert "red-1 at Ōmi, experience 1: a daimyo and 2 archers" in section
    assert "Yamashiro (bob, blue): 1 spearman, castle; its force may attack" in section   # Omi's own force
    assert "Sado (bob, blue): 1 spearman; a naval invasion; its force may attack" in section
    assert "Ise (nobody's): unoccupied; only an army of experience 2 or more may attack it" in section
    army_line = " ".join(section[section.index("red-1 at"):].split())
    assert army_line.startswith("red-1 at Ōmi, experience 1: a daimyo and 2 archers may attack Yamashiro (bob, blue: "
                                "1 spearman, castle), Mino (cho, orange: a daimyo and 2 spearmen) not Ise, Wakasa, "
                                "Echizen or Tamba: only an army of experience 2 or more")


def test_a_neighbour_held_by_an_army_alone_is_shown_with_the_army_not_as_unoccupied():
    """Found reading a report: a province without a provincial force listed a neighbour that only an enemy
    army held (cho's in Mino) as "unoccupied"."""
    state = scene()
    state["provinces"]["omi"]["force"] = {}          # red-1 alone holds Omi: its force attacks nothing
    entry = province(state, "omi")
    assert entry["targets"] == [] and entry["defended"]["mino"] == {"daimyo": 1, "spearman": 2}
    line = next(line for line in report_text(state, "ann").splitlines() if line.strip().startswith("Mino ("))
    assert "unoccupied" not in line and "a daimyo and 2 spearmen" in line, line
