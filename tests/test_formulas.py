"""One place for each shared formula: the Wilson interval and the normal quantile (``Z95`` among its
values) are defined in :mod:`pennypress.stats` only; every other module imports them."""
from __future__ import annotations

import ast
from pathlib import Path

import tests.import_graph as G

ROOT = Path(__file__).resolve().parents[1]
HOME = "pennypress.stats"


def definitions(root: Path) -> list[str]:
    """Every module-level or nested definition of a Wilson interval (a function named ``wilson...``),
    of ``Z95`` (an assignment), or of a normal quantile (a call of ``NormalDist...inv_cdf``), as
    ``module: name`` lines."""
    found = []
    for module, path in G.modules(root).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.lower().startswith("wilson"):
                found.append(f"{module}: {node.name}")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [f"{module}: Z95" for t in targets if isinstance(t, ast.Name) and t.id == "Z95"]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "inv_cdf"):
                found.append(f"{module}: inv_cdf")
    return sorted(found)


def test_the_wilson_interval_and_z95_are_defined_once():
    assert definitions(ROOT) == [f"{HOME}: Z95", f"{HOME}: inv_cdf", f"{HOME}: wilson"]


def test_the_advisor_and_the_tournaments_use_that_definition():
    from pennypress import stats
    from pennypress.engine.advisor import stats as advisor_stats
    from pennypress.engine.arena import tournament

    assert advisor_stats.wilson is stats.wilson and advisor_stats.Z95 is stats.Z95
    assert tournament.wilson is stats.wilson


def test_a_second_definition_is_found(tmp_path):
    for folder in G.ROOMS:
        (tmp_path / folder).mkdir()
    (tmp_path / "pennypress" / "stats.py").write_text("Z95 = 1.96\ndef wilson(p, n):\n    return p, n\n")
    (tmp_path / "engine" / "tally.py").write_text("from statistics import NormalDist\n"
                                                  "def wilson_interval(k, n):\n    Z95 = 1.96\n    return k / n\n"
                                                  "def z(p):\n    return NormalDist().inv_cdf(p)\n")
    assert definitions(tmp_path) == ["pennypress.engine.tally: Z95", "pennypress.engine.tally: inv_cdf",
                                     "pennypress.engine.tally: wilson_interval", f"{HOME}: Z95", f"{HOME}: wilson"]
