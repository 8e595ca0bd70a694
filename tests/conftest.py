"""Fixtures shared by every test folder.

``core``: the native core module (``pennypress_core``). Tests that need it --
the core's own tests, and tests whose expected answer rests on a named budget's
native playout cap -- take this fixture: without the core they are skipped with
the reason, except under CI (``CI=true``), where the core must be built and a
missing one fails them.

The suite's own plugin, :mod:`tests.durations_plugin`, records each test's duration
(``--record-durations PATH``), and the files run longest first by the committed record
(``benchmarks/results/suite/durations.json``): on pytest-xdist's workers the long files then start
early and the run ends on short tests, instead of one worker finishing a long file alone.

``--proof-count small|full`` and the ``proof_count`` fixture: a test that proves something on many seeded
inputs (games, positions, presses) runs by default the smallest share that still reaches every path it
asserts, and its full count under ``--proof-count full`` (``docs/developer/proofs.md`` lists them). The
option is the suite's, so any folder's tests may read it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

for _blas in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    # pytest-xdist already runs a worker per core: NumPy's and SciPy's BLAS splitting each small product over
    # every core as well would only make the workers wait on each other (set before NumPy is first imported)
    os.environ.setdefault(_blas, "1")

pytest_plugins = ["tests.durations_plugin"]

RECORD = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "suite" / "durations.json"


def pytest_addoption(parser):
    parser.addoption("--proof-count", choices=("small", "full"), default="small",
                     help="the seeded proofs (the core's, the solver's, the league's games) and the shares that "
                          "read it: a small count (default, as CI runs them) or the full count")


@pytest.fixture
def proof_count(request) -> str:
    """``"small"`` or ``"full"``: how many games, positions or presses each proof (and each seeded share
    that takes this fixture) runs (``--proof-count``)."""
    return request.config.getoption("--proof-count")


def file_seconds() -> dict[str, float]:
    """Each test file's seconds in the committed durations record (empty when there is none)."""
    try:
        return json.loads(RECORD.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError):
        return {}


def pytest_collection_modifyitems(session, config, items):
    """Order the files longest first by the record; a file's own tests keep their order (module fixtures are
    set up once), and files the record does not know come last in their collected order. The order depends only
    on committed files, so every xdist worker collects the same."""
    seconds = file_seconds()
    root = Path(str(config.rootpath))

    def weight(item) -> float:
        try:
            name = Path(str(item.path)).relative_to(root).as_posix()
        except ValueError:
            return 0.0
        return seconds.get(name, 0.0)

    items[:] = sorted(items, key=lambda item: -weight(item))  # a stable sort: ties keep the collected order


@pytest.fixture
def core():
    from pennypress.engine import native

    if native.available():
        return native.core_module()
    reason = "the native core (pennypress-core) is not installed: `python3 run.py test` builds it with a Rust toolchain"
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail(f"under CI the native core must be built: {reason}")
    pytest.skip(reason)
