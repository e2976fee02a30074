"""Problem codes: each table's codes are kebab-case, used, and their sentences quote exactly their values.

Every registered game keeps its table in games/<game>/problems.py; the
shell's (the envelope of an order file) is pbem/problems.py.
"""
from __future__ import annotations

import importlib
import re
import string

import pytest
from conftest import ROOT, TOKENS, make_campaign

from engine import NOT_ALLOWED, NOT_UNDERSTOOD, ProblemTable
from engine.problems import template_fields
from games import GAMES, MODULES
from pbem.orders import OrdersRejected, describe, read_orders

PACKAGES = {"pbem": "pbem", **{name: module for name, module in sorted(MODULES.items()) if not GAMES[name].based_on}}


def table_of(package: str) -> ProblemTable:
    return importlib.import_module(f"{package}.problems").PROBLEMS


def sources_of(package: str) -> str:
    """The package's code, its problem table left out (a code only listed there is used nowhere)."""
    folder = ROOT / package.replace(".", "/")
    return "\n".join(path.read_text() for path in sorted(folder.glob("*.py")) if path.name != "problems.py")


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_registered_game_and_the_shell_keep_a_problem_table(name):
    assert isinstance(table_of(PACKAGES[name]), ProblemTable)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_code_is_kebab_case_with_a_reason_of_the_two(name):
    for code, (reason, _) in table_of(PACKAGES[name]).table.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code), code
        assert reason in (NOT_UNDERSTOOD, NOT_ALLOWED), code


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_code_in_a_table_is_used_by_its_package(name):
    source = sources_of(PACKAGES[name])
    # a rule's reason ("not_owned") is its code too (games/ikusa/problems.reason_problem)
    unused = [code for code in table_of(PACKAGES[name]).table
              if f'"{code}"' not in source and f'"{code.replace("-", "_")}"' not in source]
    assert unused == []


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_template_formats_with_exactly_its_named_values(name):
    table = table_of(PACKAGES[name])
    for code, (_, template) in table.table.items():
        specs = {field: spec for _, field, spec, _ in string.Formatter().parse(template) if field is not None}
        assert all(re.fullmatch(r"[a-z_]+", field) for field in specs), (code, specs)  # named, never {0} or {}
        assert set(specs) == template_fields(template), code
        values = {field: dummy(field, spec) for field, spec in specs.items()}
        sentence = table.sentence(code, values)
        for field, spec in specs.items():
            shown = "1,234,567" if spec == "," else f"<{field}-2>" if spec in ("or", "and", "list") else f"<{field}>"
            assert shown in sentence, (code, field)
            with pytest.raises(ValueError, match="quotes"):
                table.sentence(code, {k: v for k, v in values.items() if k != field})
        with pytest.raises(ValueError, match="quotes"):
            table.sentence(code, {**values, "surplus": "x"})


def dummy(field: str, spec: str):
    """A value each field shows recognisably: "<key>", a list ["<keys-1>", "<keys-2>"], 1234567."""
    if spec in ("or", "and", "list"):
        return [f"<{field}-1>", f"<{field}-2>"]
    return 1234567 if spec == "," else f"<{field}>"


def test_a_game_built_on_another_keeps_the_other_s_problem_table():
    built = [name for name in MODULES if GAMES[name].based_on]
    assert built
    for name in built:
        assert GAMES[name].problems is GAMES[GAMES[name].based_on].problems


def test_a_problem_of_an_unknown_code_fails_loudly():
    table = ProblemTable({"known": (NOT_ALLOWED, "known {what}")})
    with pytest.raises(ValueError, match="unknown problem code 'unknwon'"):
        table.problem("field", "unknwon", what="x")


def test_a_table_refuses_a_code_that_is_not_kebab_case_or_a_reason_of_neither_kind():
    with pytest.raises(ValueError, match="kebab-case"):
        ProblemTable({"not_adjacent": (NOT_ALLOWED, "x")})
    with pytest.raises(ValueError, match="reason"):
        ProblemTable({"not-adjacent": ("refused", "x")})


def test_a_value_that_is_not_plain_data_is_refused():
    table = ProblemTable({"stays": (NOT_ALLOWED, "it stays {allocation}")})
    with pytest.raises(TypeError, match="plain"):
        table.problem("planning", "stays", allocation={"levy": 3})


def test_a_problem_carries_its_code_values_reason_and_sentence():
    table = ProblemTable({"misspelt": (NOT_UNDERSTOOD, "No {written}. Did you mean {names:or}?"),
                          "split": (NOT_ALLOWED, "use {colours:and}, not {kinds:list}{place:paren}; {size:,}")})
    problem = table.problem("to", "misspelt", written="Omi", names=("Oumi", "Owari", "Mino"))
    assert (problem.reason, problem.field, problem.code, problem.values) == (
        NOT_UNDERSTOOD, "to", "misspelt", {"written": "Omi", "names": ["Oumi", "Owari", "Mino"]})
    assert problem.message == 'No Omi. Did you mean "Oumi", "Owari" or "Mino"?'
    assert table.problem("x", "split", colours=["red", "blue"], kinds=["a", "b"], place="", size=65536).message == \
        "use red and blue, not a, b; 65,536"
    assert table.sentence("split", {"colours": ["red"], "kinds": [], "place": "Omi", "size": 1}) == \
        "use red, not  (Omi); 1"


# --- the envelope ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def war(tmp_path_factory):
    return make_campaign(tmp_path_factory.mktemp("problems") / "war")


@pytest.mark.parametrize("text, field, code, values", [
    (b"round = 1\ntargets = [Gifu]\n", "file", "toml-syntax", None),
    (b"\xff\xff", "file", "not-utf8", {"byte": 0}),
    ('round = 1\ntargets = ["Gifu"]\n'.encode("utf-16"), "file", "utf-16", {}),
    (b'round = 1\ntargets\xc2\xa0= ["Gifu"]\n', "file", "odd-space", {"character": "a no-break space (U+00A0)"}),
    (b"  \n", "file", "empty-file", {}),
    (b"x = " + b"[" * 40 + b"]" * 40 + b"\n", "file", "too-deep", {"depth": 16}),
    (b'round = 1\ngame = "ikusa"\ntargets = ["Gifu"]\n', "game", "wrong-game",
     {"written": '"ikusa"', "campaign": '"war"', "game": '"age-of-war"'}),
    (b'round = 1\ncampaign = "peace"\ntargets = ["Gifu"]\n', "campaign", "wrong-campaign",
     {"written": '"peace"', "campaign": '"war"'}),
    (b'round = 1\nplayer = 3\ntargets = ["Gifu"]\n', "player", "player-not-a-name", {}),
    (b'round = 1\nplayer = "bob"\ntargets = ["Gifu"]\n', "player", "signed-by-another",
     {"written": '"bob"', "player": '"ann"'}),
    (b'round = 1\nnonce = "a b"\ntargets = ["Gifu"]\n', "nonce", "bad-nonce", {}),
    (b'round = 1\nfinal = "yes"\ntargets = ["Gifu"]\n', "final", "bad-final", {}),
    (b'targets = ["Gifu"]\n', "round", "no-round", {"round": 1}),
    (b'round = 4\ntargets = ["Gifu"]\n', "round", "wrong-round", {"given": 4, "open": 1}),
])
def test_an_envelope_problem_names_its_code_and_values(war, text, field, code, values):
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(war, text, "test", player="ann")
    problem = rejected.value.problems[0]
    assert (problem.field, problem.code) == (field, code)
    if values is not None:
        assert problem.values == values


def test_a_file_too_big_and_a_player_unknown_or_without_a_token_name_their_codes(war):
    with pytest.raises(OrdersRejected) as big:
        read_orders(war, b"#" * 70000, "test", player="ann")
    assert [(p.code, p.values) for p in big.value.problems] == [("too-big", {"size": 70000, "limit": 65536})]
    with pytest.raises(OrdersRejected) as nobody:
        read_orders(war, b'round = 1\ntargets = ["Gifu"]\n', "test")
    assert [p.code for p in nobody.value.problems] == ["no-player"]
    with pytest.raises(OrdersRejected) as stranger:
        read_orders(war, b'round = 1\ntargets = ["Gifu"]\n', "test", player="zed")
    assert [(p.code, p.values) for p in stranger.value.problems] == [
        ("unknown-player", {"written": '"zed"', "players": ["ann", "bob", "cho"]})]
    with pytest.raises(OrdersRejected) as tokenless:
        read_orders(war, b'round = 1\ntargets = ["Gifu"]\n', "test", player="ann", require_token=True)
    assert [p.code for p in tokenless.value.problems] == ["no-token"]
    wrong = f'round = 1\ntoken = "{TOKENS["bob"]}"\ntargets = ["Gifu"]\n'.encode()
    with pytest.raises(OrdersRejected) as forged:
        read_orders(war, wrong, "test", player="ann", require_token=True)
    assert [(p.code, p.values) for p in forged.value.problems] == [("wrong-token", {"player": '"ann"'})]


def test_past_fifty_problems_one_more_says_how_many_were_left_out(war):
    text = "round = 1\ntargets = [\"Gifu\"]\n" + "".join(f"k{i} = 1\n" for i in range(60))
    with pytest.raises(OrdersRejected) as rejected:
        read_orders(war, text.encode(), "test", player="ann")
    last = rejected.value.problems[-1]
    assert (last.code, last.values, last.reason) == ("more-problems", {"count": 10}, NOT_UNDERSTOOD)
    assert describe(last) == "file: and 10 more problems"



def test_a_sentence_is_told_through_a_catalogue_keeping_its_values_and_choosing_its_own_specs():
    table = ProblemTable({"far": (NOT_ALLOWED, "{names:or} are not next to {home:and}; {size:,} bytes")})
    spanish = {"{names:or} are not next to {home:and}; {size:,} bytes": "{names:o} no lindan con {home:y}; {size:dots}"}
    values = {"names": ["Omi", "Owari", "Oki"], "home": ["Mino", "Iga"], "size": 65536}
    assert table.sentence("far", values) == '"Omi", "Owari" or "Oki" are not next to Mino and Iga; 65,536 bytes'
    assert table.sentence("far", values, lambda m: spanish.get(m, m)) == \
        '"Omi", "Owari" u "Oki" no lindan con Mino e Iga; 65.536'
    broken = {"{names:or} are not next to {home:and}; {size:,} bytes": "{nombres:o} no lindan"}
    assert table.sentence("far", values, lambda m: broken.get(m, m)).startswith('"Omi", "Owari" or')


def test_a_problem_is_told_from_its_own_table_where_the_shell_and_the_game_share_a_code():
    from games import get
    from pbem.orders import describe, problem_table
    from pbem.problems import PROBLEMS
    from pbem.problems import problem as shell_problem

    game = get("age-of-war")
    ours, theirs = shell_problem("round", "game-over", round=4), game.problems.problem("game", "game-over")
    assert problem_table(ours, game) is PROBLEMS and problem_table(theirs, game) is game.problems
    assert describe(ours, "es", game) == "round: la partida ha terminado (tras la ronda 4); no se aceptan más órdenes"
    assert describe(ours) == "round: the game is over (after round 4); no more orders are taken"
