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

Where the game is decided (every chance to win about 0% or 100%, :func:`saturated`) a move is graded
by the expected lead over the best rival it gave away instead, in points (:data:`MARGIN_BANDS`):

>>> classify(0.3, 2, by="margin"), classify(1.5, 2, by="margin"), classify(6.0, 4, by="margin")
('excellent', 'inaccuracy', 'blunder')
>>> saturated(0.99, 1.0), saturated(0.0, 0.015), saturated(1.0, 0.0), saturated(0.97, 1.0)
(True, True, False, False)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

CLASSES = ("forced", "best", "within_noise", "excellent", "good", "inaccuracy", "mistake", "blunder")
"""Every class, from no choice at all to the worst. ``within_noise``: the estimated loss is not
significant at the budget used (its paired 95% interval contains 0), so the decision is not graded."""

GRADED = ("excellent", "good", "inaccuracy", "mistake", "blunder")
"""The classes given for a significant loss (by its size, :data:`BANDS`)."""

BANDS = (("excellent", 0.02), ("good", 0.05), ("inaccuracy", 0.10), ("mistake", 0.20))
"""Upper bounds (inclusive, two-player terms) of each class after ``best``; above the last: ``blunder``."""

MARGIN_RATE = 20.0
"""Points of expected lead over the best rival that weigh as much as the whole chance to win (1.0, two-player
terms) in a close game: there the advisor's chance to win moves by about 1/20 per point of lead, so a point of
lead is worth about five points of chance (``docs/concepts/audit.md``)."""

MARGIN_BANDS = tuple((name, bound * MARGIN_RATE) for name, bound in BANDS)
"""The same bands for a decision graded by margin, in points of expected lead lost (:data:`BANDS` x
:data:`MARGIN_RATE`: 0.4, 1, 2 and 4 points); above the last: ``blunder``. Not scaled by the number of players:
the lead is over the best rival whatever their number."""

SATURATION = 0.02
"""A chance to win within this of 0 or of 1 says nothing more: the game is decided in nearly every future."""

BY_WIN, BY_MARGIN = "win", "margin"
"""What a decision was graded by: the chance to win it gave away, or (:func:`saturated`) the expected lead."""

BAD = ("inaccuracy", "mistake", "blunder")
"""Classes the report lists with the better move."""


def scaled_loss(loss: float, n_players: int) -> float:
    """A win-probability loss in two-player terms: ``loss x N / 2`` (fair share 1/N against 1/2).

    >>> scaled_loss(0.1, 2), scaled_loss(0.1, 5)
    (0.1, 0.25)
    """
    return max(0.0, loss) * n_players / 2


def saturated(best_win: float | None, move_win: float | None) -> bool:
    """Whether the chance to win says nothing about a move: the best move's and this move's chances both
    within :data:`SATURATION` of 0, or both within it of 1 (a move that turns a sure win into a sure loss is
    graded by its chance, a blunder)."""
    if best_win is None or move_win is None:
        return False
    return (best_win <= SATURATION and move_win <= SATURATION) or \
        (best_win >= 1 - SATURATION and move_win >= 1 - SATURATION)


def classify(loss: float, n_players: int, forced: bool = False, is_best: bool = False,
             significant: bool = True, by: str = BY_WIN) -> str:
    """The class of a decision that lost ``loss`` win probability against the best move (``by="margin"``:
    ``loss`` points of expected lead, :data:`MARGIN_BANDS`, the same for any number of players).

    ``forced``: there was one legal move. ``is_best``: the move is the
    advisor's best (rank 1, or tied with it exactly), ``best`` whatever the
    sampled difference; only that move is ``best``. Any other move is
    ``within_noise`` when its loss is not ``significant`` at 95% (paired) -- as
    good as the best as far as the analysis can tell, but not called the best
    -- and else graded by the size of the loss as it is shown (:data:`BANDS`; a chance to the whole percent,
    a lead to the tenth of a point).

    >>> classify(0.0251, 3), classify(0.0349, 3)  # both shown as −3%: one mark
    ('good', 'good')
    """
    if forced:
        return "forced"
    if is_best:
        return "best"
    if not significant:
        return "within_noise"
    # graded as shown: a chance to the whole percent, a lead to the tenth of a point, so two moves that show
    # the same loss never get different marks
    x, bands = (round(max(0.0, loss), 1), MARGIN_BANDS) if by == BY_MARGIN else (
        scaled_loss(round(max(0.0, loss), 2), n_players), BANDS)
    for name, bound in bands:
        if x <= bound:
            return name
    return "blunder"


class Graded(Protocol):
    """What :func:`grade` reads of a ranked move (:class:`pennypress.engine.advisor.RankedMove`)."""

    rank: int
    win_probability: float | None
    loss: float | None
    loss_interval: tuple[float, float] | None
    expected_margin: float | None
    margin_loss_interval: tuple[float, float] | None
    equal_to_best: bool
    exact: bool


@dataclass(frozen=True)
class Grade:
    """A graded move: its class, what it was graded by and the loss that decided it."""

    klass: str
    by: str = BY_WIN
    """:data:`BY_WIN` (the chance to win given away) or :data:`BY_MARGIN` (the expected lead, in points)."""
    loss: float = 0.0
    """The loss graded: win probability (as measured, not scaled) or points of lead; 0 for the best."""
    interval: tuple[float, float] | None = None
    """That loss's paired 95% interval (``None``: forced, or too few futures to pair)."""
    significant: bool = False
    """The interval lies above 0: the move is told apart from the best (always false for best and forced)."""


def assess(move: Graded, n_players: int, forced: bool = False, same_as_best: bool | None = None,
           best_win: float | None = None, best_margin: float | None = None) -> Grade:
    """A ranked move graded -- the one place the analysis board, the review and the coach grade a move.

    ``best`` for the best move itself -- rank 1 (``same_as_best``, when the caller knows better: the
    review's move played, an extra move ranked among the others by its chance, is the best when it is the
    move ranked first or leaves the very position it leaves) -- or an exact tie with it. Any other move is
    graded by its chance to win lost, or -- where both its chance and the best move's are about 0% or 100% (:func:`saturated`; ``best_win`` is the best move's chance, by default the
    move's chance plus its loss) -- by the expected lead over the best rival it lost (``best_margin`` the
    best move's expected margin, by default the middle of the move's ``margin_loss_interval``). Either
    way only a significant loss is graded by its size (its paired 95% interval lies above 0); any other is
    ``within_noise``. In the final edition (exact) a move exactly as likely to win as the best, but not
    tied with it, differs only in its lead: it is graded by margin too.

    >>> from types import SimpleNamespace as M
    >>> def m(rank=2, win=0.5, loss=0.0, li=(0.0, 0.0), margin=0.0, mli=(0.0, 0.0), eq=False, exact=False):
    ...     return M(rank=rank, win_probability=win, loss=loss, loss_interval=li, expected_margin=margin,
    ...              margin_loss_interval=mli, equal_to_best=eq, exact=exact)
    >>> grade(m(rank=1), 3), grade(m(loss=0.01, li=(-0.01, 0.03), eq=True), 3), grade(m(eq=True, exact=True), 3)
    ('best', 'within_noise', 'best')
    >>> grade(m(rank=4, win=0.3, loss=0.2, li=(0.15, 0.25)), 3)
    'blunder'
    >>> g = assess(m(win=1.0, margin=3.0, mli=(2.5, 3.5), eq=True), 2, best_win=1.0, best_margin=6.0)
    >>> g.klass, g.by, g.loss, g.significant
    ('mistake', 'margin', 3.0, True)
    >>> assess(m(win=0.0, margin=-9.0, mli=(-0.5, 2.5), eq=True), 2, best_win=0.01, best_margin=-8.0).klass
    'within_noise'
    >>> assess(m(win=0.9, loss=0.01, li=(-0.02, 0.04), eq=True), 2, same_as_best=True).klass
    'best'
    >>> assess(m(rank=1, win=0.9, loss=0.0, li=(-0.02, 0.04), eq=True), 2, same_as_best=False).klass
    'within_noise'
    >>> assess(m(rank=3, win=0.84, loss=0.0, li=(-0.02, -0.01)), 3).klass  # better at first sight, ranked below
    'within_noise'
    """
    if forced:
        return Grade("forced")
    first = move.rank == 1 if same_as_best is None else same_as_best
    if first or (move.exact and move.equal_to_best):
        return Grade("best", interval=(0.0, 0.0))
    if move.win_probability is None or move.loss is None:  # never played out (the analysis stopped first)
        return Grade("within_noise")
    top = move.win_probability + move.loss if best_win is None else best_win
    if saturated(top, move.win_probability) or (move.exact and move.loss == 0):
        interval = move.margin_loss_interval
        if best_margin is not None and move.expected_margin is not None:
            loss = best_margin - move.expected_margin
        else:
            loss = 0.0 if interval is None else (interval[0] + interval[1]) / 2
        loss = max(0.0, loss)
        significant = interval is not None and interval[0] > 0 and loss > 0
        return Grade(classify(loss, n_players, significant=significant, by=BY_MARGIN), BY_MARGIN, loss,
                     interval, significant)
    interval = move.loss_interval
    # a significant loss: not equal to the best, and worse -- a move a second ply ranked below the best though the
    # analysis alone preferred it (its interval below 0) has lost nothing to grade
    significant = not move.equal_to_best and (interval is None or interval[0] > 0)
    return Grade(classify(move.loss, n_players, significant=significant), BY_WIN, max(0.0, move.loss), interval,
                 significant)


def grade(move: Graded, n_players: int, forced: bool = False, same_as_best: bool | None = None,
          best_win: float | None = None, best_margin: float | None = None) -> str:
    """The class of a ranked move of an analysis (:func:`assess`, which says what graded it, and how)."""
    return assess(move, n_players, forced, same_as_best, best_win, best_margin).klass


def accuracy(loss: float, n_players: int = 2, significant: bool = True, by: str = BY_WIN) -> float:
    """One move's accuracy, 0-100, from its win-probability loss (Lichess's formula, two-player terms).

    ``103.1668 x exp(-0.04354 x loss%) - 3.1669``, clamped to 0..100; ``loss%``
    is the scaled loss in percentage points. A loss that is not ``significant``
    costs nothing (no grade without a significant loss). A loss of lead (``by="margin"``, points) counts as
    the win probability it weighs in a close game (over :data:`MARGIN_RATE`, already in two-player terms).
    """
    if not significant:
        return 100.0
    pct = 100 * (max(0.0, loss) / MARGIN_RATE if by == BY_MARGIN else scaled_loss(loss, n_players))
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * pct) - 3.1669))
