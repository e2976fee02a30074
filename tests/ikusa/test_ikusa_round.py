"""A whole Ikusa round from the players' order files: the nine actions in the rulebook's order."""
from engine import Dice
from engine.canonical import check_plain, dumps
from games.ikusa.orders import check_orders
from games.ikusa.round import resolve_round
from games.ikusa.setup import setup


def new_game(players=("ann", "bob", "cho"), key=b"round"):
    state, _ = setup(list(players), {}, Dice(key + b" setup"))
    state, _ = resolve_round(state, {}, Dice(key + b" placement"))
    return state


def test_the_placement_round_comes_first_and_opens_the_play():
    state, _ = setup(["ann", "bob", "cho"], {}, Dice(b"k"))
    assert state["phase"] == "placement"
    placed, events = resolve_round(state, {}, Dice(b"k2"))
    assert placed["phase"] == "play"
    assert sum(1 for e in events if e["kind"] == "army_placed") == 9


# each of the nine actions, by an event it tells when it acts
NINE_ACTIONS = (("planning", "allocations_revealed"), ("turn order", "turn_order_determined"),
                ("build", "castle_built"), ("levy", "levy_done"), ("ronin", "ronin_hired"),
                ("ninja", "ninja_hired"), ("war", "battle_started"), ("removing the ronin", "ronin_removed"),
                ("collecting Koku", "koku_collected"))


def orders_that_make_every_action_act(state: dict) -> dict:
    """Ann builds a castle, levies three archers, hires and deploys ronin, hires the ninja and attacks."""
    from games.ikusa.board import default_board
    from games.ikusa.state import regular_count

    board = default_board()
    armies_at = {a["province"] for a in state["armies"].values()}
    mine = sorted(pid for pid, p in state["provinces"].items() if p["owner"] == "ann")
    attack = next((pid, target) for pid in mine if state["provinces"][pid]["force"]
                  for target in board.neighbours(pid)
                  if state["provinces"][target]["owner"] not in (None, "ann") and target not in armies_at)
    quiet = [pid for pid in mine if pid != attack[0] and pid not in armies_at and not state["provinces"][pid]["castle"]]
    strong = next(pid for pid in quiet if regular_count(state["provinces"][pid]["force"]) >= 3)
    return {"ann": {"planning": {"build": 2, "levy": 3, "ronin": 1, "ninja": 1},
                    "build": {"kind": "castle", "province": quiet[0]},
                    "levy": {"units": [{"unit": "archer", "to": pid} for pid in quiet[1:4]]},
                    "ronin": [{"to": strong, "count": 2}],
                    "war": {"battles": [{"province": attack[0], "target": attack[1]}]}}}


def test_a_round_runs_every_one_of_the_nine_actions_each_finished_before_the_next():
    state = new_game()
    orders = orders_that_make_every_action_act(state)
    assert check_orders(state, "ann", orders["ann"]).problems == []
    after, events = resolve_round(state, orders, Dice(b"round 1"))
    kinds = [e["kind"] for e in events]
    told = {action: [i for i, kind in enumerate(kinds) if kind == marker] for action, marker in NINE_ACTIONS}
    assert [action for action, at in told.items() if not at] == []
    spans = [(min(at), max(at)) for at in told.values()]
    assert all(one[1] < two[0] for one, two in zip(spans, spans[1:])), list(zip(told, spans))
    assert after["round"] == state["round"] + 1 == 1
    assert "secret" not in after or not any(s.get("ronin") for s in after["secret"].values())
    check_plain(after)
    check_plain(events)


def test_a_round_of_default_orders_plans_collects_and_keeps_no_ronin():
    state = new_game()
    after, events = resolve_round(state, {}, Dice(b"round 1"))
    kinds = [e["kind"] for e in events]
    assert kinds.index("allocations_revealed") < kinds.index("turn_order_determined") < kinds.index("levy_done")
    assert kinds[-1] == "koku_collected"
    assert after["round"] == 1 and not any(s.get("ronin") for s in after.get("secret", {}).values())


def test_rounds_are_the_same_for_the_same_dice():
    state = new_game(key=b"same")
    one = resolve_round(state, {}, Dice(b"r1"))
    two = resolve_round(state, {}, Dice(b"r1"))
    assert dumps(one[0]) == dumps(two[0]) and dumps(one[1]) == dumps(two[1])


def test_several_rounds_of_default_orders_keep_the_state_sound():
    state = new_game(key=b"several")
    for number in range(1, 4):
        state, _ = resolve_round(state, {}, Dice(f"several {number}".encode()))
        assert len(state["provinces"]) == 68
        for province in state["provinces"].values():
            owner = province["owner"]
            assert (owner is None and province["colour"] is None) or province["colour"] in state["colours"][owner]
        for army in state["armies"].values():
            assert army["status"] != "active" or army["province"] in state["provinces"]
    assert state["round"] == 3


def test_an_order_file_is_checked_whole_and_every_problem_named():
    state = new_game(key=b"check")
    koku = state["koku"]["ann"]
    good = {"planning": {"levy": koku}}
    checked = check_orders(state, "ann", good)
    levy_problem = [p for p in checked.problems if p.field.startswith("levy")]
    assert levy_problem, "Koku in the levy box with no levy orders is refused"
    bad = check_orders(state, "ann", {"planning": {"levy": koku + 5}, "banzai": True})
    fields = {p.field for p in bad.problems}
    assert "banzai" in fields and any(f.startswith("planning") for f in fields)


def test_a_battle_ordered_in_the_file_is_fought_in_the_war():
    from games.ikusa.board import default_board

    state = new_game(key=b"battle")
    board = default_board()
    armies_at = {a["province"] for a in state["armies"].values()}
    attack = next((pid, target) for pid, p in state["provinces"].items() if p["owner"] == "ann" and p["force"]
                  for target in board.neighbours(pid)
                  if state["provinces"][target]["owner"] not in (None, "ann") and target not in armies_at)
    orders = {"ann": {"war": {"battles": [{"province": attack[0], "target": attack[1]}]}}}
    after, events = resolve_round(state, orders, Dice(b"battle round"))
    started = [e for e in events if e["kind"] == "battle_started"]
    assert [(e["from"], e["target"]) for e in started] == [attack]
    # with these dice Ann's spearmen beat Kawachi's defenders; a provincial force does not move in
    ended = [e for e in events if e["kind"] == "battle_ended"][0]
    assert (ended["outcome"], ended["provinces_lost"]) == ("attacker_won", [attack[1]])
    assert after["provinces"][attack[1]]["owner"] is None and after["provinces"][attack[1]]["force"] == {}


def test_a_ninja_hired_in_the_round_strikes_at_the_ordered_moment():
    state = new_game(key=b"ninja")
    state, _ = resolve_round(state, {}, Dice(b"ninja round 1"))
    target = next(a_id for a_id, a in sorted(state["armies"].items()) if a["player"] == "bob")
    orders = {"ann": {"planning": {"ninja": state["koku"]["ann"]},
                      "ninja": {"assassinate": {"daimyo": target, "before": "B", "war_of": "bob"}}}}
    assert check_orders(state, "ann", orders["ann"]).problems == []
    after, events = resolve_round(state, orders, Dice(b"ninja round 2"))
    hired = [e for e in events if e["kind"] == "ninja_hired"]
    attempts = [e for e in events if e["kind"] == "assassination_attempted"]
    assert [e["player"] for e in hired] == ["ann"]
    assert [(e["target"], e["before"], e["war_of"]) for e in attempts] == [(target, "B", "bob")]
    kinds = [e["kind"] for e in events]
    assert kinds.index("assassination_attempted") > kinds.index("ninja_hired")


def test_a_state_read_back_from_its_file_resolves_exactly_like_the_one_in_memory():
    import json

    from games import get

    game = get("ikusa")
    state, _ = game.setup(["ann", "bob", "cho", "dan"], {}, Dice(b"memory"))
    for number in range(4):
        orders = {p: game.computer_orders(game.view(state, p), p) for p in state["players"]}
        in_memory = game.resolve(state, orders, Dice(f"memory {number}".encode()))
        from_disk = game.resolve(json.loads(dumps(state)), orders, Dice(f"memory {number}".encode()))
        assert dumps(in_memory[0]) == dumps(from_disk[0]) and dumps(in_memory[1]) == dumps(from_disk[1])
        state = in_memory[0]
