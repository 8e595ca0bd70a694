"""The ``pennypress`` command line.

- :mod:`~pennypress.ui.cli.run` — the program: parser, :func:`main`, exit statuses
- :mod:`~pennypress.ui.cli.json_io` — reading JSON files / stdin, writing JSON to stdout
- :mod:`~pennypress.ui.cli.progress` — the progress bar of long commands
- :mod:`~pennypress.ui.cli.press_commands` — ``layout``, ``check``, ``demo`` (the front-page solver)
- :mod:`~pennypress.ui.cli.game_commands` — ``position``, ``selfplay``, ``replay`` (the rules engine)
- :mod:`~pennypress.ui.cli.app_launcher` — ``ui`` (the Streamlit app)
- :mod:`~pennypress.ui.cli.tournament_command` — ``tournament`` (bots against bots, with statistics)
- :mod:`~pennypress.ui.cli.strategy_command` — ``strategy`` (a strategy guide measured from self-play)
- :mod:`~pennypress.ui.cli.table_options` — the table and executor options ``tournament`` and ``strategy`` share
- :mod:`~pennypress.ui.cli.advise_command` — ``advise`` (the advisor)
- :mod:`~pennypress.ui.cli.puzzle_command` — ``puzzle`` (list, show, check, generate: pages and the final edition proven, timing settled by full games)
"""
from .run import main

__all__ = ["main"]
