"""The ui room: what people see and type. It reads and shows; it holds no game rule
and no scoring arithmetic (it asks :mod:`pennypress.engine` and :mod:`pennypress.solver`).

Parts:

- :mod:`pennypress.ui.cli` — the ``pennypress`` command line: the program
  (:mod:`~pennypress.ui.cli.run`), press commands, game commands, the app launcher.
- :mod:`pennypress.ui.app` — the Streamlit app: the entry script, its pages
  (``app/app_pages/``), the session-state keys and the shared press, widgets.
- :mod:`pennypress.ui.render` — drawings (SVG of the page, board, mats, bonus
  track; the page as terminal text) and the words and tables that explain them.
- :mod:`pennypress.ui.io` — JSON text, the example files, loading positions.
"""
