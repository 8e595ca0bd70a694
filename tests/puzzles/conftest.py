"""Puzzle tests: the solver tests' independent page enumerator (``enumerator``) is importable here."""
from __future__ import annotations

import sys
from pathlib import Path

SOLVER_TESTS = Path(__file__).resolve().parent.parent / "solver"
if str(SOLVER_TESTS) not in sys.path:
    sys.path.insert(0, str(SOLVER_TESTS))
