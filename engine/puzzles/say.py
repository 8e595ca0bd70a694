"""Puzzles in players' words: exact outcomes and signed numbers.

Moves are said by the engine's one wording, :func:`~pennypress.engine.game.words.move_words`;
this module says only what belongs to puzzles: the exact outcome of a line of play.

>>> outcome_words((1.0, 3, 45)), outcome_words((0.5, 0, 40)), outcome_words((0.0, -4, 38))
('win by 3', 'share the win', 'lose by 4')
>>> signed(3), signed(-4), signed(0)
('+3', '−4', '0')
"""
from __future__ import annotations

from typing import Sequence

from ..game.words import plural
from ..game.words import signed as words_signed

__all__ = ["num", "outcome_words", "plural", "signed"]


def signed(n: float) -> str:
    """A number with its sign in its shortest form (:func:`~pennypress.engine.game.words.signed`)."""
    return words_signed(n, None)


def num(n: int) -> str:
    """A whole number with a true minus sign: ``num(-3) == '−3'``."""
    return str(n).replace("-", "−")


def outcome_words(value: Sequence[float]) -> str:
    """A player's exact outcome ``(win share, margin to the best opponent, circulation)`` in words."""
    share, margin = value[0], int(value[1])
    if share == 1:
        return f"win by {margin}" if margin > 0 else "win on the tie-break"
    if share > 0:
        return "share the win"
    return f"lose by {-margin}" if margin < 0 else "lose on the tie-break"
