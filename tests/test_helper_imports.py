"""Tests and benchmarks import each other's helpers by package name (``tests.ui.ui_helpers``), never by a bare
module name that only resolves because pytest put the test's folder on the path, and nothing edits
``sys.path``: one module object for each helper, whichever way the suite or a benchmark is started."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("tests", "benchmarks", "pennypress", "engine", "solver", "ui")


def _sources() -> list[Path]:
    return [ROOT / "run.py", *(p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py")))]


def bare_imports(source: str, local: set[str]) -> list[str]:
    """The modules ``source`` imports by a bare name that is one of the repository's own helper files."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in local]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in local:
                found.append(node.module)
    return found


def path_edits(source: str) -> list[int]:
    """The lines of ``source`` that change ``sys.path`` (an assignment, ``insert``, ``append``, ``extend``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("insert", "append", "extend"):
                target = node.func.value
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
        if isinstance(target, ast.Attribute) and target.attr == "path" and getattr(target.value, "id", None) == "sys":
            lines.append(node.lineno)
    return lines


def _local_names() -> set[str]:
    """Module names that exist only as files under tests/ (not importable except by folder insertion)."""
    return {p.stem for p in (ROOT / "tests").rglob("*.py") if p.stem not in ("conftest", "__init__")}


def test_helpers_are_imported_by_package_name():
    local = _local_names()
    found = {str(p.relative_to(ROOT)): bare for p in _sources()
             if (bare := bare_imports(p.read_text(encoding="utf-8"), local))}
    assert not found, f"import these by package name (tests.<folder>.<module>): {found}"


def test_nothing_edits_sys_path():
    found = {str(p.relative_to(ROOT)): lines for p in _sources()
             if (lines := path_edits(p.read_text(encoding="utf-8")))}
    assert not found, f"sys.path edited at {found}"


def test_the_checks_see_what_they_look_for():
    local = {"ui_helpers", "test_ui_words"}
    assert bare_imports("from test_ui_words import assert_plain\nimport ui_helpers\n", local) == [
        "test_ui_words", "ui_helpers"]
    assert bare_imports("from tests.ui.ui_helpers import MIDGAME\nfrom . import x\nimport json\n", local) == []
    assert path_edits("import sys\nsys.path.insert(0, 'x')\n") == [2]
    assert path_edits("import sys\nsys.path = ['x']\nsys.path += ['y']\n") == [2, 3]
    assert path_edits("import sys\nprint(sys.path)\nparts.append(1)\n") == []
