"""Solver tests: make this folder's plain modules (``enumerator``, ``solver_helpers``) importable.

``enumerator.py`` is the independent reference the solver is proved against;
it shares no code with ``pennypress.solver``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from pennypress.solver import clear_cache  # noqa: E402


@pytest.fixture
def fresh_cache():
    """An empty solver cache for the test, emptied again afterwards."""
    clear_cache()
    yield
    clear_cache()
