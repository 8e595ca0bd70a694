"""pennypress: rules engine, optimal front-page solver and advisor for Penny Press.

The project's rooms are installed as sub-packages:

- :mod:`pennypress.solver` — the front page: vocabulary, press problems, CP-SAT model, checker.
- :mod:`pennypress.engine` — the game: definition, state, moves, positions, records.
- :mod:`pennypress.ui` — the Streamlit app and the ``pennypress`` command line.

Data flows one way: ui → engine → solver.
"""

from importlib.metadata import PackageNotFoundError, version as _installed

try:
    __version__ = _installed("pennypress")
    """The installed version (core/Cargo.toml's, the one place it is written; both wheels carry it)."""
except PackageNotFoundError:  # pragma: no cover - run from a folder never installed
    __version__ = "unknown"
