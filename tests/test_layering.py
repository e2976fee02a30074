"""The layers stay apart: engine/ and pbem/ name no game except in help texts, engine/ imports no shell, and no
game imports the shell (its GM commands ask the shell's desk, engine.tools.Desk, for all that touches a campaign).

A help text is a docstring (module, class or function: click shows a
command's docstring as its help) or the string given as `help=` to an option.
Anywhere else (code, other strings, comments) a game's name, title or module
name means the shell or the engine knows that game; ask the Game instead.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from games import GAMES, MODULES

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engine", "pbem")


def spellings() -> set[str]:
    """Every registered game's name, module name and title: "age-of-war", "age_of_war", "Age of War", ..."""
    names = set()
    for name, module in MODULES.items():
        names |= {name, module.rsplit(".", 1)[-1], GAMES[name].title}
    return {name.lower() for name in names}


def help_spans(tree: ast.AST) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(start, end) of every docstring and every help= string, as (line, column in bytes)."""
    nodes = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value,
                                                                                                       str):
                nodes.append(first.value)
        if isinstance(node, ast.keyword) and node.arg == "help":
            nodes.append(node.value)
    return [((n.lineno, n.col_offset), (n.end_lineno, n.end_col_offset)) for n in nodes]


def mentions_outside_help(source: str, pattern: re.Pattern) -> list[tuple[int, str]]:
    """(line, text) of each name, string or comment that names a game outside a help text."""
    spans = help_spans(ast.parse(source))
    lines = source.splitlines()
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT) or not pattern.search(token.string):
            continue
        row, column = token.start
        at = (row, len(lines[row - 1][:column].encode("utf-8")))  # the AST counts columns in bytes
        if not any(start <= at < end for start, end in spans):
            found.append((row, token.string))
    return found


def layer_files() -> list[Path]:
    return sorted(path for layer in LAYERS for path in (ROOT / layer).rglob("*.py"))


def test_engine_and_shell_name_no_game_outside_help_texts():
    names = spellings()
    assert {"age-of-war", "age_of_war", "age of war", "ikusa"} <= names
    pattern = re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    files = layer_files()
    offending = {str(path.relative_to(ROOT)): mentions_outside_help(path.read_text("utf-8"), pattern)
                 for path in files}
    assert len(files) >= 20, f"scanned only {len(files)} files"
    assert {path: found for path, found in offending.items() if found} == {}


def test_the_rule_tells_a_help_text_from_code():
    pattern = re.compile("ikusa", re.IGNORECASE)
    source = ('"""Ikusa, in a docstring."""\n'
              '@option("--x", help="e.g. Ikusa")\n'
              'def f():\n'
              '    """pbem odds ikusa"""\n'
              '    return "ikusa"  # Ikusa\n'
              'ikusa_odds = 1\n')
    assert mentions_outside_help(source, pattern) == [(5, '"ikusa"'), (5, "# Ikusa"), (6, "ikusa_odds")]


def imports_of(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import in a source, at module level or inside a function or class, the modules a
    call of importlib.import_module or __import__ names with a literal among them (relative imports left out:
    they stay in the package)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.lineno, node.module))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (isinstance(node.func, ast.Name) and node.func.id == "__import__"
                   or isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")):
            found.append((node.lineno, node.args[0].value))
    return sorted(found)


def shell_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import of the shell, pbem or one of its modules, in a source."""
    return [(line, module) for line, module in imports_of(source) if module.split(".")[0] == "pbem"]


def test_no_game_imports_the_shell_at_module_level_or_inside_a_function():
    files = sorted((ROOT / "games").rglob("*.py"))
    offending = {str(path.relative_to(ROOT)): shell_imports(path.read_text("utf-8")) for path in files}
    assert len(files) >= 40, f"scanned only {len(files)} files of games/"
    assert sum(len(imports_of(path.read_text("utf-8"))) for path in files) >= 100   # the scan sees imports at all
    assert {path: found for path, found in offending.items() if found} == {}


def test_the_games_rule_catches_an_import_of_the_shell_wherever_it_is_written():
    source = ('"""Told with pbem.roll, in a docstring: not an import."""\n'
              'import pbem.campaign\n'
              'import pbemx, engine.tools\n'
              'from engine.tools import Refused\n'
              'from . import results\n'
              'def tool():\n'
              '    from pbem.errors import UserError\n'
              '    from pbem import roll\n'
              '    class Inner:\n'
              '        import pbem\n'
              '    return importlib.import_module("pbem.files"), __import__("pbem.gm_results"), "pbem.seal"\n')
    assert shell_imports(source) == [(2, "pbem.campaign"), (7, "pbem.errors"), (8, "pbem"), (10, "pbem"),
                                     (11, "pbem.files"), (11, "pbem.gm_results")]


def test_the_engine_imports_neither_the_games_nor_the_shell_nor_click():
    files = sorted((ROOT / "engine").rglob("*.py"))
    assert files
    imported = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            for module in modules:
                if module.split(".")[0] in ("games", "pbem", "click", "jinja2"):
                    imported.setdefault(str(path.relative_to(ROOT)), []).append(module)
    assert imported == {}
