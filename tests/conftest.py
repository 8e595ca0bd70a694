"""Fixtures shared by every test folder.

``core``: the native core module (``pennypress_core``). Tests that need it --
the core's own tests, and tests whose expected answer rests on a named budget's
native playout cap -- take this fixture: without the core they are skipped with
the reason, except under CI (``CI=true``), where the core must be built and a
missing one fails them.

The suite's own plugin, :mod:`tests.durations_plugin`, records each test's duration
(``--record-durations PATH``).
"""
from __future__ import annotations

import os

import pytest

pytest_plugins = ["tests.durations_plugin"]


@pytest.fixture
def core():
    from pennypress.engine import native

    if native.available():
        return native.core_module()
    reason = "the native core (pennypress-core) is not installed: `python3 run.py test` builds it with a Rust toolchain"
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail(f"under CI the native core must be built: {reason}")
    pytest.skip(reason)
