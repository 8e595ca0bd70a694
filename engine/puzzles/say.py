"""Puzzles in players' words: moves and exact outcomes.

:func:`move_in_words` is the one place the puzzles turn a move into a
sentence. Today it asks the advisor's :func:`~pennypress.engine.advisor.reasons.describe`
(the engine's only wording of moves so far) and says itself only the two moves
a puzzle's answer needs said otherwise: declining the last press, and a press
on a page of the player's own. The engine's one wording module
(``engine/game/words.py``, ``move_words``) is on its way to main; when it
lands, this function's body becomes ``return move_words(move)`` (which says
those two moves the same way) and nothing else in the puzzles changes.

>>> from pennypress.engine import parse_move
>>> move_in_words(parse_move("assign 1 war:D:3")), move_in_words(parse_move("decline"))
('Send 1 reporter to War D ★★★', 'Decline the last press')
>>> outcome_words((1.0, 3, 45)), outcome_words((0.5, 0, 40)), outcome_words((0.0, -4, 38))
('win by 3', 'share the win', 'lose by 4')
>>> signed(3), signed(-4), signed(0)
('+3', '−4', '0')
"""
from __future__ import annotations

from typing import Sequence

from ..advisor.reasons import describe, plural
from ..game.moves import Decline, GoToPress, Move

__all__ = ["move_in_words", "num", "outcome_words", "plural", "signed"]


def move_in_words(move: Move) -> str:
    """``move`` as a player would say it (a press on a page of the player's own is said so).

    The swap point for ``engine/game/words.move_words`` (see the module's docstring)."""
    if isinstance(move, Decline):
        return "Decline the last press"
    if isinstance(move, GoToPress) and move.page is not None:
        return f"Press now with the page {move.page}"
    return describe(move)


def signed(n: float) -> str:
    """A number with its sign, a true minus sign for negatives."""
    return (f"{n:+g}" if n else "0").replace("-", "−")


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
