"""The core's embedded data is exported from the Python tables, never typed twice: it must not be stale."""
from __future__ import annotations

import importlib.util
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"


def _generator():
    spec = importlib.util.spec_from_file_location("generate_tables", CORE / "generate_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_rust_data_matches_the_python_tables_now():
    stale = _generator().stale()
    assert stale == [], f"core/src/generated/{stale} is stale: run `python3 run.py core-tables`"


def test_the_generator_exports_every_geometry_and_both_decks():
    from pennypress.engine.game.cards import DECK_NAMES, load_deck
    from pennypress.solver.page_profiles import table

    gen = _generator()
    pages, game = gen.page_tables(), gen.game_data()
    assert pages.count("Geometry::new(") == len(table())
    assert pages.count("Profile::new(") == sum(len(c) for c in table().values())
    for name in DECK_NAMES:
        assert f"    // {name}" in game
    assert game.count("CardData {") == sum(len(load_deck(n)) for n in DECK_NAMES)


def test_a_change_in_the_python_tables_makes_the_generated_data_stale(monkeypatch):
    gen = _generator()
    monkeypatch.setattr(gen.tables, "BONUS_MAX", gen.tables.BONUS_MAX + 1)
    assert gen.stale() == ["game_data.rs"]
