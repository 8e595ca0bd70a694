"""No function or method in the Python packages is longer than :data:`LIMIT` lines.

A function that long does several things; split by what they do, each part can be read, named and
tested on its own. A function's length runs from its ``def`` line to its last line (its decorators
do not count; its docstring and any function nested in it do). Nested functions are measured too.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "solver", "ui")
LIMIT = 80


def long_functions(root: Path = ROOT, limit: int = LIMIT) -> list[str]:
    """Every function or method under ``root``'s packages longer than ``limit`` lines, as
    ``path:line name (N lines)``, in path and line order."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > limit:
                        found.append((path.relative_to(root).as_posix(), node.lineno, node.name, lines))
    return [f"{path}:{line} {name} ({lines} lines)" for path, line, name, lines in sorted(found)]


def test_no_function_is_longer_than_the_limit():
    too_long = long_functions()
    assert not too_long, f"functions over {LIMIT} lines (split them by what they do):\n" + "\n".join(too_long)


def test_the_length_runs_from_the_def_to_the_last_line_without_decorators(tmp_path):
    """The measure itself: a decorated method of exactly ``LIMIT`` lines passes, one line more is named."""
    body = "\n".join(f"        x{i} = {i}" for i in range(LIMIT - 1))
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "m.py").write_text(
        f"class C:\n    @staticmethod\n    @property\n    def fits():\n{body}\n\n"
        f"    def over():\n{body}\n        x = 0\n", encoding="utf-8")
    assert long_functions(tmp_path) == [f"engine/m.py:{LIMIT + 5} over ({LIMIT + 1} lines)"]
