"""Solver tests: this folder's plain modules (``enumerator``, ``solver_helpers``, ``press_paths``) sit beside them.

``enumerator.py`` is the independent reference the solver is proved against;
it shares no code with ``pennypress.solver``. ``press_paths.py`` names the paths a press takes through the
fast solver, which the random presses' coverage test counts.
"""
from __future__ import annotations

import pytest

from pennypress.solver import clear_cache


@pytest.fixture
def fresh_cache():
    """An empty solver cache for the test, emptied again afterwards."""
    clear_cache()
    yield
    clear_cache()
