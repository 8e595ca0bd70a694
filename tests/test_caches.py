"""Every cache has a bound written in one place, docs/developer/caches.md lists each one, and the bounds hold:
a cache filled beyond its bound stays at it.

The source is read (as ``tests/test_layers.py`` reads imports): every ``functools.lru_cache`` must give a
whole-number ``maxsize`` (never ``None``), ``functools.cache`` is not used, and every ``st.cache_data`` /
``st.cache_resource`` gives ``max_entries``; every such function, and every cache kept by hand
(:data:`BY_HAND`), is named in the caches document.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pennypress", "engine", "solver", "ui")
DOC = ROOT / "docs" / "developer" / "caches.md"

BY_HAND = {
    "solver/solve.py": "_CACHE",
    "solver/page_profiles.py": "_BY_AD",
    "engine/advisor/playout.py": "_EXACT",
    "engine/advisor/value.py": "_CORE_MODELS",
    "engine/advisor/pool.py": "_POOLS",
    "ui/app/session_keys.py": "AB_LINE_MOST",
}
"""The caches kept by hand (a dict, an object's memo), by file: each is named in the document."""


def _name(node: ast.expr) -> str:
    """``lru_cache``, ``functools.lru_cache``, ``st.cache_data``: the dotted name of a decorator."""
    if isinstance(node, ast.Call):
        return _name(node.func)
    if isinstance(node, ast.Attribute):
        return f"{_name(node.value)}.{node.attr}"
    return node.id if isinstance(node, ast.Name) else ""


def memos() -> list[tuple[str, str, str, ast.expr | None]]:
    """``(file, function, decorator, bound)`` of every memoising decorator in the package's source; ``bound``
    is the ``maxsize``/``max_entries`` expression, ``None`` when there is none."""
    out = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for fn in ast.walk(tree):
                if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                for dec in fn.decorator_list:
                    name = _name(dec)
                    last = name.rsplit(".", 1)[-1]
                    if last not in ("lru_cache", "cache", "cache_data", "cache_resource"):
                        continue
                    keyword = "max_entries" if last.startswith("cache_") else "maxsize"
                    bound = None
                    if isinstance(dec, ast.Call):
                        bound = next((k.value for k in dec.keywords if k.arg == keyword), None)
                        if bound is None and dec.args and last == "lru_cache":
                            bound = dec.args[0]
                    out.append((str(path.relative_to(ROOT)), fn.name, last, bound))
    return out


def test_the_source_scan_finds_the_memos():
    found = {(f, fn) for f, fn, _, _ in memos()}
    assert ("solver/fast.py", "_answer") in found and ("ui/app/solving.py", "_solve") in found
    assert len(found) >= 15


def test_every_memo_has_an_explicit_bound():
    unbounded = [(f, fn, dec) for f, fn, dec, bound in memos()
                 if bound is None or (isinstance(bound, ast.Constant) and not isinstance(bound.value, int))]
    assert unbounded == []


@pytest.mark.slow
def test_every_cache_is_written_down():
    doc = DOC.read_text(encoding="utf-8")
    missing = [f"{f}: {fn}" for f, fn, _, _ in memos() if f"`{fn}`" not in doc]
    missing += [f"{f}: {name}" for f, name in BY_HAND.items() if f"`{name}`" not in doc]
    assert missing == []
    for f in {f for f, _, _, _ in memos()} | set(BY_HAND):
        assert f in doc, f


def test_the_live_bounds_are_the_written_ones():
    from pennypress.engine.game import cards
    from pennypress.engine.play import heuristic
    from pennypress.engine.puzzles import model
    from pennypress.solver import fast, greedy

    solve = importlib.import_module("pennypress.solver.solve")  # the module (the package's ``solve`` is its function)
    assert fast._answer.cache_parameters()["maxsize"] == fast.CACHE_SIZE == 1 << 18
    assert solve._CACHE.size == solve.CACHE_SIZE == 20_000
    assert greedy._scan.cache_parameters()["maxsize"] == greedy.SCAN_CACHE_SIZE
    assert cards.load_deck.cache_parameters()["maxsize"] == cards.DECK_CACHE_SIZE >= len(cards.DECK_NAMES)
    assert heuristic._valuer.cache_parameters()["maxsize"] == 1 << 12
    assert model._position.cache_parameters()["maxsize"] == 1024


def test_the_solver_cache_stays_at_its_bound_and_keeps_the_recent():
    _Cache = importlib.import_module("pennypress.solver.solve")._Cache

    c = _Cache(3)
    for k in range(3):
        c.put((k,), f"page {k}")
    assert c.get((0,)) == "page 0"  # used: now the most recent
    for k in range(3, 10):
        c.put((k,), f"page {k}")
        assert len(c.data) <= 3
    assert list(c.data) == [(7,), (8,), (9,)]
    c.put((10,), "page 10")
    assert c.get((7,)) is None and len(c.data) == 3


def test_an_lru_memo_filled_beyond_its_bound_stays_at_it():
    from pennypress.engine.game import cards

    deck = cards.load_deck()
    cards._index.cache_clear()
    for k in range(cards.DECK_CACHE_SIZE + 5):
        cards._index(dataclasses.replace(deck, name=f"copy {k}"))
        assert cards._index.cache_info().currsize <= cards.DECK_CACHE_SIZE
    assert cards._index.cache_info().currsize == cards.DECK_CACHE_SIZE
    cards._index.cache_clear()
    assert deck.card(deck.ids[0]).id == deck.ids[0]  # still answers after the clear


def test_the_core_value_models_stay_at_their_bound():
    from pennypress.engine import native
    from pennypress.engine.advisor import value

    if not native.available():
        pytest.skip("the native core is not installed")
    models = [copy.copy(value.MODEL) for _ in range(value.CORE_MODELS_KEPT + 4)]
    for m in models:
        value.Leaf(2, m).core()
        assert len(value._CORE_MODELS) <= value.CORE_MODELS_KEPT
    assert models[-1] is value._CORE_MODELS[id(models[-1])][0]  # the newest kept, the oldest gone
    assert id(models[0]) not in value._CORE_MODELS
