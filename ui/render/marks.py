"""The marks and colours of a graded move, shared by the analysis board, the review and the coach.

A class (:mod:`pennypress.engine.audit.grading`) is said in words by
:func:`~pennypress.ui.render.audit_words.class_words`; here it gets the mark a
chess player knows (Lichess / chess.com: ``??`` blunder, ``?`` mistake, ``?!``
inaccuracy) and one colour per class, so a table, a chart and the board mark a
move the same way.

>>> mark("blunder"), mark("best"), mark("within_noise")
('??', '★', '=')
>>> colour("blunder"), colour("best")
('#c0392b', '#2e7d32')
>>> 'mistake ?' in badge_html("mistake")
True
>>> marked_words("blunder"), marked_words("within_noise"), marked_words("best")
('?? blunder', '= as good as the best', '★ best')
"""
from __future__ import annotations

from html import escape

from .audit_words import class_words

MARKS = {"forced": "□", "best": "★", "within_noise": "=", "excellent": "!", "good": "✓",
         "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The sign shown beside a move of each class (``=``: as good as the best as far as the analysis can tell)."""

COLOURS = {"forced": "#757575", "best": "#2e7d32", "within_noise": "#558b2f", "excellent": "#689f38",
           "good": "#9e9d24", "inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c0392b"}
"""One colour per class, green (best) through amber to red (blunder); readable on white and as a fill."""


PLAYED_INK = "#d500f9"
"""The move played, outlined on the board: magenta, a colour no beat has (red war, orange crime, blue
politics, green city, brown human condition), so it shows on every story."""

BEST_INK = "#111111"
"""The best move, outlined on the board: black, which shows on every beat's colour (a class's green would
vanish on the city's stories)."""

BOTH_INK = "#00b8d4"
"""A story both the move played and the best move touch (cyan)."""


def mark(klass: str) -> str:
    """The sign of a class: ``'??'`` for a blunder."""
    return MARKS[klass]


def colour(klass: str) -> str:
    """The colour of a class (a CSS hex colour)."""
    return COLOURS[klass]


def badge_html(klass: str, short: bool = True, marked: bool = False) -> str:
    """A class as a small coloured badge: its words (with the chess mark) on the class's colour; ``marked``:
    the mark first, for a column scanned by eye (:func:`marked_words`)."""
    return (f'<span class="pp-mark pp-mark-{klass}" style="background:{colour(klass)};color:#fff;'
            f'border-radius:0.6em;padding:0 0.5em;font-weight:600;white-space:nowrap">'
            f'{escape(marked_words(klass) if marked else class_words(klass, short=short))}</span>')


def marked_words(klass: str) -> str:
    """A class with its mark first, for a list scanned by eye (the decision picker): ``'?? blunder'``."""
    words = class_words(klass, short=True)
    return f"{mark(klass)} {words.removesuffix(' ' + mark(klass))}"


def swatch_html(colour_: str, words: str) -> str:
    """A line of colour and its meaning, for a drawing's legend."""
    return f'<span style="color:{colour_};font-weight:900" aria-hidden="true">━━</span> {escape(words)}'

