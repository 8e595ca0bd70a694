"""Tests of the native core (``core/``, module ``pennypress_core``) against the Python engine.

Tests that need the core take the ``core`` fixture (``tests/conftest.py``). The harnesses they share
(``differential.py``, ``decisions.py``, ...) sit beside them.

The core's proofs (``test_core_proofs.py``, marked ``slow``) run a small count by default, so the suite
stays quick; ``--proof-count full`` (the suite's option and its ``proof_count`` fixture, ``tests/conftest.py``)
runs each at the count ``benchmarks/README.md`` quotes:

    .venv/bin/python -m pytest tests/core/test_core_proofs.py --proof-count full -s

The seeded shares beside them that take the ``proof_count`` fixture (their docstrings say so) run their
larger count with the same option: ``.venv/bin/python -m pytest tests/core --proof-count full``.
"""
