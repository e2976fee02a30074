"""The tests' own layout holds: what test files share lives in tests/support/ (or a game's folder beside its
adapter), so no test file imports another test file, whose tests would then run wherever it is imported."""
from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_test_modules(source: str) -> list[str]:
    """The modules named test_* that the source imports, at any depth."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        found += [name for name in names if name.rsplit(".", 1)[-1].startswith("test_")]
    return found


def test_no_test_file_imports_another_test_file():
    files = sorted(TESTS.rglob("*.py"))
    assert len([path for path in files if path.name.startswith("test_")]) > 50
    offenders = {str(path.relative_to(TESTS)): found for path in files
                 if (found := imported_test_modules(path.read_text("utf-8")))}
    assert offenders == {}


def test_the_scan_sees_a_test_file_imported_from_a_package_or_by_name():
    assert imported_test_modules("from tests.test_mail_intake import mail\nimport tests.ikusa.test_x\n"
                                 "from tests import test_y\nfrom tests.support.mails import mail\n") == [
        "tests.test_mail_intake", "tests.ikusa.test_x", "tests.test_y"]
