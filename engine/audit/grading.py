"""Grading one decision: the class bands and the accuracy of a win-probability loss. Pure functions.

The bands follow chess.com's "expected points" classification: a move is
judged by how much win probability it gave away against the best move.
Penny Press has 2-5 players and a fair share of ``1/N``, so a loss is first
scaled to its two-player equivalent (``loss x N / 2``): throwing away 0.10 of
a 0.25 fair share (4 players) is as bad as throwing away 0.20 of a 0.50 share.
``docs/concepts/audit.md`` gives the reasons.

>>> classify(0.0, 3, is_best=True), classify(0.01, 2), classify(0.04, 2), classify(0.09, 2), classify(0.15, 2), classify(0.3, 2)
('best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> classify(0.09, 4)  # 0.18 in two-player terms
'mistake'
>>> classify(0.5, 3, forced=True), classify(0.03, 2, is_best=True), classify(0.004, 2)
('forced', 'best', 'excellent')
>>> classify(0.004, 2, significant=False)  # another move the analysis cannot tell from the best
'within_noise'
>>> classify(0.3, 2, significant=False)  # a coin flip at this budget is never a blunder
'within_noise'
>>> accuracy(0.3, 2, significant=False)
100.0
>>> round(accuracy(0.0), 1), round(accuracy(0.1, 2), 1)
(100.0, 63.6)
"""
from __future__ import annotations

import math
from typing import Protocol

CLASSES = ("forced", "best", "within_noise", "excellent", "good", "inaccuracy", "mistake", "blunder")
"""Every class, from no choice at all to the worst. ``within_noise``: the estimated loss is not
significant at the budget used (its paired 95% interval contains 0), so the decision is not graded."""

GRADED = ("excellent", "good", "inaccuracy", "mistake", "blunder")
"""The classes given for a significant loss (by its size, :data:`BANDS`)."""

BANDS = (("excellent", 0.02), ("good", 0.05), ("inaccuracy", 0.10), ("mistake", 0.20))
"""Upper bounds (inclusive, two-player terms) of each class after ``best``; above the last: ``blunder``."""

BAD = ("inaccuracy", "mistake", "blunder")
"""Classes the report lists with the better move."""


def scaled_loss(loss: float, n_players: int) -> float:
    """A win-probability loss in two-player terms: ``loss x N / 2`` (fair share 1/N against 1/2).

    >>> scaled_loss(0.1, 2), scaled_loss(0.1, 5)
    (0.1, 0.25)
    """
    return max(0.0, loss) * n_players / 2


def classify(loss: float, n_players: int, forced: bool = False, is_best: bool = False,
             significant: bool = True) -> str:
    """The class of a decision that lost ``loss`` win probability against the best move.

    ``forced``: there was one legal move. ``is_best``: the move is the
    advisor's best (rank 1, or tied with it exactly), ``best`` whatever the
    sampled difference; only that move is ``best``. Any other move is
    ``within_noise`` when its loss is not ``significant`` at 95% (paired) -- as
    good as the best as far as the analysis can tell, but not called the best
    -- and else graded by the size of the loss (:data:`BANDS`).
    """
    if forced:
        return "forced"
    if is_best:
        return "best"
    if not significant:
        return "within_noise"
    x = scaled_loss(loss, n_players)
    for name, bound in BANDS:
        if x <= bound:
            return name
    return "blunder"


class Graded(Protocol):
    """What :func:`grade` reads of a ranked move (:class:`pennypress.engine.advisor.RankedMove`)."""

    rank: int
    loss: float | None
    equal_to_best: bool
    exact: bool


def grade(move: Graded, n_players: int, forced: bool = False) -> str:
    """The class of a ranked move of an analysis -- the one place the analysis board, the review and the
    coach grade a move: ``best`` for rank 1 (or an exact tie with it), ``within_noise`` for a loss the
    analysis cannot tell from nothing, else by the loss's size (:func:`classify`).

    >>> from types import SimpleNamespace as M
    >>> grade(M(rank=1, loss=0.0, equal_to_best=True, exact=False), 3)
    'best'
    >>> grade(M(rank=2, loss=0.01, equal_to_best=True, exact=False), 3), grade(M(rank=2, loss=0.0, equal_to_best=True, exact=True), 3)
    ('within_noise', 'best')
    >>> grade(M(rank=4, loss=0.2, equal_to_best=False, exact=False), 3)
    'blunder'
    """
    is_best = move.rank == 1 or (move.exact and move.equal_to_best)
    return classify(move.loss or 0.0, n_players, forced=forced, is_best=is_best,
                    significant=not is_best and not move.equal_to_best)


def accuracy(loss: float, n_players: int = 2, significant: bool = True) -> float:
    """One move's accuracy, 0-100, from its win-probability loss (Lichess's formula, two-player terms).

    ``103.1668 x exp(-0.04354 x loss%) - 3.1669``, clamped to 0..100; ``loss%``
    is the scaled loss in percentage points. A loss that is not ``significant``
    costs nothing (no grade without a significant loss).
    """
    if not significant:
        return 100.0
    pct = 100 * scaled_loss(loss, n_players)
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * pct) - 3.1669))
