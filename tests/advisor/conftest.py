"""Advisor tests: reuse the engine tests' hand-built positions (``engine_builders``)."""
from __future__ import annotations

import sys
from pathlib import Path

ENGINE_TESTS = Path(__file__).resolve().parent.parent / "engine"
if str(ENGINE_TESTS) not in sys.path:
    sys.path.insert(0, str(ENGINE_TESTS))
