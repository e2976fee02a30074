"""What an Ikusa player reads when orders are refused: the sentences of a few problem codes, word for word."""
from games.ikusa import GAME
from games.ikusa.board import default_board
from games.ikusa.problems import PROBLEMS, Refused, problem
from games.ikusa.units import check_priority
from tests.ikusa.pieces import after_placement

BOARD = default_board()


def test_the_player_reads_each_refusal_as_one_plain_sentence():
    state = after_placement()
    koku = state["koku"]["ann"]
    planning = GAME.check_orders(state, "ann", {"planning": {"levy": koku + 2}}).problems
    assert [p.message for p in planning] == [f"You allocated {koku + 2} Koku, more than the {koku} you have: every "
                                             "Koku must go into a box (none is kept for later).",
                                             f"You put {koku + 2} Koku in the levy box: list the units to recruit "
                                             'and where each goes, for example: levy = { units = [{ unit = "archer", '
                                             'to = "Owari" }] }']
    planning = GAME.check_orders(state, "ann", {"planning": {"levy": koku, "bribe": 1}}).problems
    assert [p.message for p in planning][0] == \
        '"bribe" is not a planning box. The boxes are: turn_order, build, levy, ronin, ninja.'
    body = {"war": {"moves": [{"army": "red-7", "path": ["Wakassa"]}], "battles": [{"army": "red-1", "at": 1}]}}
    messages = {p.field: p.message for p in GAME.check_orders(state, "ann", body).problems}
    assert messages["war.moves[0].army"] == 'There is no army "red-7" (armies are named like red-1).'
    assert messages["war.battles[0].at"] == ('"at" is not part of a battle order; it takes army, province, target, '
                                             "withdraw, after_win, priority, garrison.")


def test_a_sentence_joins_its_lists_and_names_the_place_where_phase_a_fails():
    assert problem("war.moves[0].path[0]", "misspelt-province", written='"Wakassa"',
                   suggestions=["Wakasa", "Kazusa"]).message == \
        'There is no province called "Wakassa". Did you mean "Wakasa" or "Kazusa"?'
    assert problem("war.moves[0]", "garrison-needed", place="Omi").message == \
        "Leaving that province would leave it empty: leave a garrison of regular units (Omi)."
    assert problem("war.moves[0]", "garrison-needed", place="").message == \
        "Leaving that province would leave it empty: leave a garrison of regular units."
    assert problem("planning", "allocation-seen", allocation="turn_order = 3, levy = 2").message == \
        "A ninja spy has already seen this allocation; it cannot change this round (it stays turn_order = 3, levy = 2)."


def test_a_rule_that_refuses_a_value_says_why_with_a_code_as_a_value_error():
    try:
        check_priority(["spearmen"])
    except Refused as refusal:
        assert isinstance(refusal, ValueError)
        assert (refusal.code, refusal.values["suggestion"]) == ("priority-misspelt-kind", "spearman")
        assert str(refusal) == PROBLEMS.sentence(refusal.code, refusal.values)
        assert str(refusal).startswith('the casualty priority: unknown unit kind "spearmen" (did you mean spearman?)')
    else:
        raise AssertionError("a misspelt unit kind was accepted")


def test_a_file_with_several_mistakes_is_answered_with_all_of_them_at_once():
    """Koku over the budget used to hide every purchase and move: the Koku alone were told, then the name in a
    second mail, then the rest. Against a refused allocation the rest is checked with the amounts as written."""
    state = after_placement()
    koku = state["koku"]["ann"]
    home = state["armies"]["red-2"]["province"]
    mine = next(pid for pid in BOARD.neighbours(home) if state["provinces"][pid]["owner"] == "ann")
    body = {"planning": {"levy": koku + 2},
            "war": {"moves": [{"army": "red-1", "path": ["Shimma"]}],
                    "battles": [{"army": "red-2", "target": mine}]}}
    codes = [p.code for p in GAME.check_orders(state, "ann", body).problems]
    assert {"too-many-koku", "misspelt-province", "target-friendly"} <= set(codes), codes
