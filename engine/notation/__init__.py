"""The one-line notation of a position (``docs/guide/notation.md``): writing it, reading it, checking it.

- :mod:`.text`: :func:`~.text.to_text` and :func:`~.text.from_text`, a position as one line and back;
- :mod:`.reader`: the line read into a position document, without judging the position;
- :mod:`.messages`: the validation's messages in the notation's words;
- :mod:`.check`: every problem of a line as data, for editors;
- :mod:`.drawn_cards`: which headline cards were drawn, when a line does not say.

The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.notation.check import check_text
>>> from pennypress.engine.notation.text import from_text, to_text
>>> s = new_game(2, seed=3)
>>> from_text(to_text(s)).columns == s.columns, check_text(to_text(s)).problems
(True, ())
"""
