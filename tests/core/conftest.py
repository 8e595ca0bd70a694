"""Tests of the native core (``core/``, module ``pennypress_core``) against the Python engine.

Tests that need the core take the ``core`` fixture (``tests/conftest.py``). The harnesses they share
(``differential.py``, ``decisions.py``, ...) sit beside them.

The core's proofs (``test_core_proofs.py``, marked ``slow``) run a small count by default, so the suite
stays quick; ``--proof-count full`` runs each at the count ``benchmarks/README.md`` quotes:

    .venv/bin/python -m pytest tests/core/test_core_proofs.py --proof-count full -s

The seeded shares beside them that take the ``proof_count`` fixture (their docstrings say so) run their
larger count with the same option: ``.venv/bin/python -m pytest tests/core --proof-count full``.
"""
from __future__ import annotations

import pytest


def pytest_addoption(parser):
    parser.addoption("--proof-count", choices=("small", "full"), default="small",
                     help="the core's proofs (tests/core/test_core_proofs.py) and the seeded shares that "
                          "read it: a small count (default, as CI runs them) or the full count")


@pytest.fixture
def proof_count(request) -> str:
    """``"small"`` or ``"full"``: how many games, positions or presses each proof (and each seeded share
    that takes this fixture) runs (``--proof-count``)."""
    return request.config.getoption("--proof-count")
