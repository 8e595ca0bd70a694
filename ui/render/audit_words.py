"""An audited game in words, for the "Audit a game" page and ``pennypress audit --text`` alike.

Moves are said by :mod:`pennypress.engine.game.words`, newspapers by name,
percentages whole (a decimal of a win probability estimated from a few
hundred playouts means nothing), expected points with one decimal.

>>> from pennypress.engine.audit import PlayerSummary
>>> s = PlayerSummary(0, 91.24, {"best": 3, "mistake": 1}, 4, 0, 0.0, 2, 1, 0.1)
>>> accuracy_words(s), classes_words(s)
('91', '3 best, 1 mistake ?')
>>> accuracy_words(PlayerSummary(1, None, {"forced": 2}, 2, 0, 0.0, 0, 0, 0.0))
'no graded decision'
>>> grades_words(s), grades_words(PlayerSummary(1, None, {"forced": 2}, 2, 0, 0.0, 0, 0, 0.0))
('accuracy 91; 3 best, 1 mistake ?', 'no graded decision (2 forced)')
>>> class_words("mistake"), class_words("within_noise"), class_words("within_noise", short=True)
('mistake ?', 'as good as the best, as far as the analysis can tell', 'as good as the best')
>>> pct(0.375), signed_pct(-0.12), luck_words((0.05, -0.05))
('38%', '−12%', 'The Times +5%, The Sun −5%')
"""
from __future__ import annotations

from typing import Sequence

from pennypress.engine.audit import Decision, PlayerSummary
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import card_words, move_words

NO_GRADE = "no graded decision"
"""What stands for the accuracy of a newspaper whose every move was forced (or not audited)."""


CLASS_WORDS = {"forced": "forced", "best": "best", "excellent": "excellent", "good": "good",
               "inaccuracy": "inaccuracy ?!", "mistake": "mistake ?", "blunder": "blunder ??"}
"""Each class as a player reads it, the chess marks beside the three bad ones."""

WITHIN_NOISE = "as good as the best, as far as the analysis can tell"
"""A move other than the best whose loss the analysis cannot tell from nothing."""

WITHIN_NOISE_SHORT = "as good as the best"
"""The same in a table cell or a short list."""


def class_words(klass: str, short: bool = False) -> str:
    """A decision's class in words with its mark: ``'mistake ?'``; never the raw code."""
    if klass == "within_noise":
        return WITHIN_NOISE_SHORT if short else WITHIN_NOISE
    return CLASS_WORDS[klass]


def pct(x: float) -> str:
    """A probability as a whole percentage: ``'38%'``."""
    return f"{x:.0%}"


def signed_pct(x: float) -> str:
    """A change of probability with its sign (a true minus): ``'+5%'``, ``'−12%'``."""
    return f"{x:+.0%}".replace("-", "−")


def accuracy_words(s: PlayerSummary) -> str:
    """The accuracy as a whole number out of 100, or :data:`NO_GRADE`."""
    return NO_GRADE if s.accuracy is None else f"{s.accuracy:.0f}"


def classes_words(s: PlayerSummary) -> str:
    """The decisions counted by class, the empty classes left out: ``'3 best, 1 mistake'``."""
    return ", ".join(f"{n} {class_words(c, short=True)}" for c, n in s.classes.items() if n) or "no decisions"


def grades_words(s: PlayerSummary) -> str:
    """A newspaper's grades in one phrase: its accuracy and classes, or why there is no accuracy."""
    if not s.decisions:
        return "no decisions audited"
    if s.accuracy is None:
        return f"{NO_GRADE} ({classes_words(s)})"
    return f"accuracy {accuracy_words(s)}; {classes_words(s)}"


def luck_words(luck: Sequence[float]) -> str:
    """What a card draw did to each newspaper's chance to win: ``'The Times +5%, The Sun −5%'``."""
    return ", ".join(f"{newspaper(p)} {signed_pct(x)}" for p, x in enumerate(luck))


def card_text(card: int, deck: Deck | None) -> str:
    """A drawn headline card in words (its number when the deck is not known)."""
    return f"headline card {card}" if deck is None else f"headline card {card_words(deck.card(card))}"


def decision_words(d: Decision) -> str:
    """``'move 12, The Sun: went to press — mistake ?'`` (the class in words: :func:`class_words`)."""
    return f"move {d.ply}, {newspaper(d.player)}: {move_words(d.played, past=True)} — {class_words(d.klass)}"


def loss_words(d: Decision) -> str:
    """What a graded decision cost: ``'38% win probability and 4.5 points'`` (empty for a forced move)."""
    if d.klass == "forced":
        return ""
    return f"{pct(d.loss)} win probability and {d.points_loss:.1f} points"
