"""The project imports one way: no import cycle, and every module imports only its own layer or those below.

The layers (``docs/developer/architecture.md``), bottom first. The engine's layers are
its folders (``engine/native/`` is the seam to the native core, with its
search); ``pennypress.engine`` itself (its ``__init__``) gathers names for
callers and sits above them all. Every import statement counts, wherever
it is (inside a function, under ``if TYPE_CHECKING``): a lazy import is still
a dependency.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import tests.import_graph as G

ROOT = Path(__file__).resolve().parents[1]
E = "pennypress.engine"

LAYERS: list[tuple[str, ...]] = [
    ("pennypress.errors", "pennypress.json_text", "pennypress.stats"),
    ("pennypress.solver",),
    (f"{E}.game",),
    (f"{E}.position",),
    (f"{E}.rules",),
    (f"{E}.io",),
    (f"{E}.notation",),
    (f"{E}.native",),
    (f"{E}.play",),
    (f"{E}.advisor",),
    (f"{E}.audit",),
    (f"{E}.arena",),
    (f"{E}.strategy",),
    (f"{E}.puzzles",),
    (E,),
    ("pennypress.ui", "pennypress.__main__"),
]
ENGINE_LAYERS = [prefix for (prefix,) in LAYERS[2:-2]]


def problems(root: Path) -> dict[str, list[str]]:
    """Everything that breaks the rule in the tree at ``root`` (also run on older commits: it names
    cycles and upward imports there too)."""
    graph = G.imports(root)
    in_engine = graph.subgraph(m for m in graph if m.startswith(E))
    return {
        "cycles in engine/": [" <-> ".join(c) for c in G.cycles(in_engine)],
        "cycles anywhere": [" <-> ".join(c) for c in G.cycles(graph)],
        "upward imports": G.upward(graph, LAYERS),
        "engine modules outside a layer folder": sorted(
            m for m in graph if m.startswith(E + ".") and not any(m == p or m.startswith(p + ".") for p in ENGINE_LAYERS)),
        "modules in no layer": sorted(m for m in graph if G.layer_of(m, LAYERS) is None and m != "pennypress"),
    }


def test_the_engine_has_no_import_cycle():
    assert problems(ROOT)["cycles in engine/"] == []


def test_no_import_cycle_anywhere():
    assert problems(ROOT)["cycles anywhere"] == []


def test_every_module_imports_only_its_layer_or_those_below():
    assert problems(ROOT)["upward imports"] == []


def test_every_engine_module_is_in_a_layer_folder_and_every_module_in_a_layer():
    found = problems(ROOT)
    assert found["engine modules outside a layer folder"] == []
    assert found["modules in no layer"] == []


def test_the_graph_sees_imports_inside_functions_and_type_checking_blocks(tmp_path):
    """The checks cannot pass by hiding an import in a function: a cycle made that way is found."""
    for folder in G.ROOMS:
        (tmp_path / folder).mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "game").mkdir()
    (tmp_path / "engine" / "game" / "__init__.py").write_text("")
    (tmp_path / "engine" / "game" / "a.py").write_text("def f():\n    from ..rules import b\n")
    (tmp_path / "engine" / "rules").mkdir()
    (tmp_path / "engine" / "rules" / "__init__.py").write_text("")
    (tmp_path / "engine" / "rules" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pennypress.engine.game.a import f\n")
    found = problems(tmp_path)
    assert found["cycles in engine/"] == ["pennypress.engine.game.a <-> pennypress.engine.rules.b"]
    assert found["upward imports"] == [
        "pennypress.engine.game.a (pennypress.engine.game) -> pennypress.engine.rules.b (pennypress.engine.rules)"]


LEAGUE = f"{E}.play.league"
NOT_FOR_THE_LEAGUE = (f"{E}.play.heuristic", f"{E}.play.bots", f"{E}.advisor")
"""The league's opponents are written apart from the project's bots and the advisor's playouts and
priors (``docs/concepts/league.md``): none of its modules may reach these, directly or through another module."""


def league_problems(root: Path) -> list[str]:
    """Every league module that reaches a module it may not, as ``league module -> module`` lines."""
    graph = G.imports(root)
    return sorted(f"{m} -> {t}" for m in graph if m == LEAGUE or m.startswith(LEAGUE + ".")
                  for t in G.reached(graph, m) if any(t == p or t.startswith(p + ".") for p in NOT_FOR_THE_LEAGUE))


@pytest.mark.slow
def test_the_league_reaches_neither_the_project_bots_nor_the_advisor():
    graph = G.imports(ROOT)
    assert {f"{LEAGUE}.evaluator", f"{LEAGUE}.timer", f"{LEAGUE}.mcts"} <= set(graph)
    assert league_problems(ROOT) == []


def test_the_league_guard_finds_a_borrowed_bot_through_another_module(tmp_path):
    for folder in G.ROOMS:
        (tmp_path / folder).mkdir()
    league = tmp_path / "engine" / "play" / "league"
    league.mkdir(parents=True)
    for package in (tmp_path / "engine", tmp_path / "engine" / "play", league):
        (package / "__init__.py").write_text("")
    (tmp_path / "engine" / "play" / "heuristic.py").write_text("")
    (tmp_path / "engine" / "play" / "helper.py").write_text("from . import heuristic\n")
    (league / "bot.py").write_text("def f():\n    from .. import helper\n")
    assert league_problems(tmp_path) == [f"{LEAGUE}.bot -> {E}.play.heuristic"]
