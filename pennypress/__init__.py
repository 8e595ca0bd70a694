"""pennypress: rules engine, optimal front-page solver and advisor for Penny Press.

The project's rooms are installed as sub-packages:

- :mod:`pennypress.solver` — the front page: vocabulary, press problems, CP-SAT model, checker.
- :mod:`pennypress.engine` — the game: definition, state, moves, positions, records.
- :mod:`pennypress.ui` — the Streamlit app and the ``pennypress`` command line.

Data flows one way: ui → engine → solver.
"""

__version__ = "0.1.0"
