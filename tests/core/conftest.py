"""Tests of the native core (``core/``, module ``pennypress_core``) against the Python engine.

Tests that need the core take the ``core`` fixture (``tests/conftest.py``).
"""
from __future__ import annotations

import sys
from pathlib import Path


HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the harnesses (differential.py, decisions.py) beside the tests
for shared in ("engine", "advisor", "ui"):  # engine_builders.py, advisor_positions.py, ui_helpers.py (AppTest)
    if str(HERE.parent / shared) not in sys.path:
        sys.path.insert(0, str(HERE.parent / shared))
