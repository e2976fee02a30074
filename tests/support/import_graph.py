"""The import graph of the first-party packages, read from the source with `ast`, and its cycles (issue 28).

Every import counts, wherever it stands: at module level, inside a function, under `if TYPE_CHECKING:`.
A relative import is resolved against the importing module's package; `from pkg import name` imports the
submodule `pkg.name` when there is one, and `pkg` itself (its `__init__`) otherwise; `import a.b.c` imports
`a.b.c`. Only modules found under the scanned folders are nodes; every other import is left out.

    .venv/bin/python tests/support/import_graph.py [ROOT]

prints each cycle (a strongly connected component of more than one module, or a module importing itself)
with one shortest loop through it, and the count of imports made inside functions, per package.
"""
from __future__ import annotations

import ast
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "games", "pbem")
Statement = tuple[list[str | None], bool]   # (the module each name imports, or None; inside a function)


@dataclass
class Graph:
    """Modules (dotted names), the first-party modules each imports, and what the scan went through."""
    edges: dict[str, set[str]] = field(default_factory=dict)
    imports: int = 0        # import statements read, first-party or not
    lazy: dict[str, int] = field(default_factory=dict)   # per module: import statements inside a function

    @property
    def modules(self) -> set[str]:
        return set(self.edges)


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(tree: ast.Module, name: str, is_package: bool, known: set[str]) -> list[Statement]:
    """For each import statement, in order: (the first-party module it imports, or None, for each name it
    imports; whether it stands inside a function)."""
    found: list[Statement] = []
    package = name if is_package else name.rpartition(".")[0]

    def target(dotted: str) -> str | None:
        """The module itself, or else its longest first-party prefix (`import pkg.missing` still runs pkg)."""
        while dotted:
            if dotted in known:
                return dotted
            dotted = dotted.rpartition(".")[0]
        return None

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                found.append(([target(alias.name) for alias in child.names], inside))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".") if package else []
                    base = base[:len(base) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                subs = [f"{source}.{alias.name}" for alias in child.names]
                found.append(([sub if sub in known else target(source) for sub in subs], inside))
            visit(child, inside)

    visit(tree, False)
    return found


def build(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    paths = {module_name(path, root): path for package in packages for path in sorted((root / package).rglob("*.py"))}
    known = set(paths)
    graph = Graph()
    for name, path in paths.items():
        tree = ast.parse(path.read_text("utf-8"), filename=str(path))
        found = imported_names(tree, name, path.name == "__init__.py", known)
        graph.imports += len(found)
        graph.lazy[name] = sum(1 for _, inside in found if inside)
        graph.edges[name] = {target for targets, _ in found for target in targets if target is not None}
    return graph


def components(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit on deep chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in edges:
                    continue
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(edges[succ]))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                found.append(component)
    return found


def cycles(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """Each set of modules that import one another round a loop (a self-import is a cycle of one)."""
    return {frozenset(c) for c in components(edges) if len(c) > 1 or next(iter(c)) in edges[next(iter(c))]}


def loop_through(edges: dict[str, set[str]], members: frozenset[str]) -> list[str]:
    """One shortest loop inside the component, from its first module (by name) back to it."""
    start = min(members)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for succ in sorted(edges[node] & members):
            if succ == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if succ not in came_from:
                came_from[succ] = node
                queue.append(succ)
    raise ValueError(f"no loop through {sorted(members)}")


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve() if argv else ROOT
    graph = build(root)
    found = sorted(cycles(graph.edges), key=sorted)
    print(f"{len(graph.modules)} modules, {graph.imports} imports, "
          f"{sum(len(e) for e in graph.edges.values())} first-party edges")
    for package in PACKAGES:
        lazy = sum(n for name, n in graph.lazy.items() if name.split(".")[0] == package)
        print(f"imports inside functions in {package}/: {lazy}")
    print(f"{len(found)} cycle(s)")
    for members in found:
        print(f"  {len(members)} modules: {', '.join(sorted(members))}")
        print(f"    e.g. {' -> '.join(loop_through(graph.edges, members))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
