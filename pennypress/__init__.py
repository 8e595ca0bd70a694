"""pennypress: rules engine, optimal front-page solver and advisor for Penny Press.

The project's rooms are installed as sub-packages:

- :mod:`pennypress.solver` — the front page: vocabulary, press problems, CP-SAT model, checker.
- :mod:`pennypress.engine` — the game: definition, state, moves, positions, records.
- :mod:`pennypress.ui` — the Streamlit app and the ``pennypress`` command line.

Data flows one way: ui → engine → solver.

``pennypress.__version__`` is the installed version (core/Cargo.toml's, the one place it is written; both
wheels carry it), ``"unknown"`` when run from a folder never installed. It is read from the installed
metadata the first time it is asked for, not on import: ``importlib.metadata`` is slow to import, and most
commands never need the version.
"""


def __getattr__(name: str) -> str:
    """``__version__``, read the first time it is asked for (see the module docstring)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version  # here: see the module docstring

    try:
        found = version("pennypress")
    except PackageNotFoundError:  # pragma: no cover - run from a folder never installed
        found = "unknown"
    globals()["__version__"] = found
    return found
