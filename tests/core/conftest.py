"""Tests of the native core (``core/``, module ``pennypress_core``) against the Python engine.

Tests that need the core take the ``core`` fixture: without the core they are
skipped with the reason -- except under CI (``CI=true``), where the core must
be built and a missing one fails them.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the harness (differential.py) beside the tests


@pytest.fixture
def core():
    from pennypress.engine import native

    if native.available():
        return native.core_module()
    reason = "the native core (pennypress-core) is not installed: `python3 run.py test` builds it with a Rust toolchain"
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail(f"under CI the native core must be built: {reason}")
    pytest.skip(reason)
