"""No module of engine/, games/ or pbem/ imports itself round a loop, at module level or inside a function (issue
28): a cycle hidden in a function-level import works only while the functions run in the right order.

There is none left. KNOWN is where one would be named, with why, so that the test fails both on a new cycle
and once a named one is gone.
"""
from __future__ import annotations

from tests.support import import_graph

KNOWN: set[frozenset[str]] = set()


def described(cycles: set[frozenset[str]], graph: import_graph.Graph) -> list[str]:
    return [" -> ".join(import_graph.loop_through(graph.edges, members)) for members in sorted(cycles, key=sorted)]


def test_no_module_imports_itself_round_a_loop():
    graph = import_graph.build()
    found = import_graph.cycles(graph.edges)
    assert len(graph.modules) >= 100, f"scanned only {len(graph.modules)} modules"
    assert graph.imports >= 1000, f"read only {graph.imports} imports"
    assert sum(len(targets) for targets in graph.edges.values()) >= 400, "found too few first-party imports"
    assert sum(graph.lazy.values()) >= 50, "found too few imports inside functions: are they read?"
    assert described(found - KNOWN, graph) == [], "new import cycles"
    assert sorted(sorted(members) for members in KNOWN - found) == [], "gone: take them out of KNOWN"


def write(root, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def test_a_cycle_through_a_function_level_relative_import_is_found(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import thing\n",
        "pkg/b.py": "def thing():\n    from . import a\n    return a\n",
        "pkg/c.py": "import pkg.a\n",
    })
    graph = import_graph.build(tmp_path, ("pkg",))
    assert import_graph.cycles(graph.edges) == {frozenset({"pkg.a", "pkg.b"})}
    assert import_graph.loop_through(graph.edges, frozenset({"pkg.a", "pkg.b"})) == ["pkg.a", "pkg.b", "pkg.a"]
    assert graph.lazy == {"pkg": 0, "pkg.a": 0, "pkg.b": 1, "pkg.c": 0}


def test_a_package_importing_its_own_submodule_that_imports_the_package_is_a_cycle(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "from .sub import helper\n\ndef shared():\n    return 1\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/helper.py": "from .. import shared\n",
        "pkg/other.py": "from pkg import sub\nfrom pkg.sub import helper as h\n",
    })
    graph = import_graph.build(tmp_path, ("pkg",))
    assert graph.edges["pkg"] == {"pkg.sub.helper"}
    assert graph.edges["pkg.other"] == {"pkg.sub", "pkg.sub.helper"}
    assert import_graph.cycles(graph.edges) == {frozenset({"pkg", "pkg.sub.helper"})}


def test_a_module_importing_itself_is_a_cycle_and_imports_from_outside_are_left_out(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "import json\nfrom collections import deque\n",
        "pkg/a.py": "import pkg.a\nimport pkg.missing\n",
    })
    graph = import_graph.build(tmp_path, ("pkg",))
    assert graph.edges == {"pkg": set(), "pkg.a": {"pkg", "pkg.a"}}
    assert import_graph.cycles(graph.edges) == {frozenset({"pkg.a"})}
