"""What a finished game is worth to one player: win share, final circulation, margin. Pure functions.

The order in which a player prefers outcomes (the tie rule of the exact
search, and the order of the ranking) is :func:`preference`: own win share
first, then own margin to the best opponent, then own circulation.

>>> share([1, 2], 1), share([1, 2], 0), margin([30, 25, 33], 2), margin([30, 25, 33], 0)
(0.5, 0.0, 3, -3)
>>> preference((0.5, -1, 40)) > preference((0.0, 5, 60))
True
"""
from __future__ import annotations

from typing import Sequence

from ..io.state import State

Value = tuple[float, int, int]
"""``(win share, margin to the best opponent, final circulation)`` of one player."""


def share(winners: Sequence[int], player: int) -> float:
    """``player``'s share of the win: 1/k if among the ``k`` winners (a shared victory), else 0."""
    return 1.0 / len(winners) if player in winners else 0.0


def margin(scores: Sequence[int], player: int) -> int:
    """``player``'s circulation minus the best opponent's (negative when behind)."""
    return scores[player] - max(s for i, s in enumerate(scores) if i != player)


def final_values(state: State) -> tuple[Value, ...]:
    """Every player's :data:`Value` in a finished game (``state.is_over``)."""
    scores = [p.circulation for p in state.players]
    winners = state.winners
    return tuple((share(winners, i), margin(scores, i), scores[i]) for i in range(len(scores)))


def preference(value: Value) -> Value:
    """The key a player maximises: win share, then margin, then circulation (the stated tie rule)."""
    return value
