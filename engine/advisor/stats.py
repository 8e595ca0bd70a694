"""The statistics of an analysis: intervals of a win rate, paired intervals of a difference.

The Wilson interval and the normal quantile are the project's one definition
(:mod:`pennypress.stats`, shared with the tournaments); this module adds
Student's ``t``, the interval of a mean and the paired difference.

Playout ``k`` of every move shares its future (the same card draws and bots:
common random numbers), so the difference between two moves is measured
playout by playout: ``d_k = x_k(best) - x_k(other)`` over the playouts both had,
and its 95% interval is ``mean(d) ± t * sd(d) / sqrt(n)`` with Student's ``t``
for ``n - 1`` degrees of freedom. The pairing removes the luck the two moves
share, so the interval of a difference is far narrower than the two moves'
own intervals would suggest.

>>> tuple(round(x, 3) for x in wilson(0.5, 100))
(0.404, 0.596)
>>> d = paired([1, 1, 0, 1, 0, 1], [0, 1, 0, 0, 0, 1]); (round(d.mean, 3), d.n, d.contains_zero)
(0.333, 6, True)
>>> paired([1] * 30, [0] * 30).low
1.0
>>> paired([1], [0]).interval  # one playout cannot tell: the whole range of a difference of win shares
(-1.0, 1.0)
>>> round(t95(9), 3), round(t95(1000), 3)
(2.262, 1.962)

A stricter level serves the analysis's stopping rule (95% for the whole family
of comparisons, :func:`paired` with ``alpha``):

>>> round(t_quantile(200, 0.05), 3), round(t_quantile(200, 0.001), 2)
(1.972, 3.34)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import fmean
from typing import Sequence

from pennypress.stats import Z95, normal_quantile, wilson

__all__ = ["Paired", "Z95", "mean_interval", "normal_quantile", "paired", "t95", "t_quantile", "wilson"]

_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}
"""Student's t, two-sided 95%, for the smallest degrees of freedom (published tables)."""


def t95(df: int) -> float:
    """Student's two-sided 95% quantile for ``df`` degrees of freedom: the table up to 10, then the
    Cornish-Fisher expansion in ``1/df`` (Abramowitz & Stegun 26.7.5; within 0.001 from 10 on)."""
    if df < 1:
        return math.inf
    if df in _T95:
        return _T95[df]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def t_quantile(df: int, alpha: float) -> float:
    """Student's two-sided ``1 - alpha`` quantile for ``df`` degrees of freedom: the printed table at 95% up
    to 10 degrees, else the Cornish-Fisher expansion around the normal quantile (within 0.01 of the
    exact value from 10 degrees of freedom for ``alpha`` down to 1e-4; infinite below 10 at other levels,
    where a test needs more playouts)."""
    if alpha == 0.05:
        return t95(df)
    if df < 10:
        return math.inf
    z = normal_quantile(1 - alpha / 2)
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of ``values`` in [0, 1] (win shares, or the value model's chances):
    Student's ``t`` interval, clipped to [0, 1]; the Wilson interval of the mean when the values do
    not vary (every playout won, or lost: the ``t`` interval would have no width) or number fewer
    than two.

    >>> mean_interval([1.0, 1.0, 1.0]) == wilson(1.0, 3)
    True
    >>> tuple(round(x, 3) for x in mean_interval([0.2, 0.4, 0.3, 0.5]))
    (0.145, 0.555)
    """
    n = len(values)
    if n == 0:
        return (0.0, 1.0)
    m = fmean(values)
    if n < 2:
        return wilson(m, n)
    sd = math.sqrt(sum([(x - m) ** 2 for x in values]) / (n - 1))
    if sd == 0:
        return wilson(m, n)
    half = t95(n - 1) * sd / math.sqrt(n)
    return (max(0.0, m - half), min(1.0, m + half))


@dataclass(frozen=True)
class Paired:
    """The mean difference ``best - other`` over ``n`` shared playouts and its 95% interval."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def interval(self) -> tuple[float, float]:
        return (self.low, self.high)

    @property
    def contains_zero(self) -> bool:
        """Not significant at 95%: the two moves cannot be told apart on these playouts."""
        return self.low <= 0 <= self.high

    @property
    def significant(self) -> bool:
        """``best`` is better than ``other`` at 95%."""
        return self.low > 0


def paired(best: Sequence[float], other: Sequence[float], span: float = 1.0, alpha: float = 0.05) -> Paired:
    """The paired difference of two moves' results on the playouts both had (the first ``min`` of each,
    playout ``k`` against playout ``k``), with its two-sided ``1 - alpha`` interval (95% by default). With
    fewer than two the interval is the whole range ``±span`` (nothing can be told)."""
    n = min(len(best), len(other))
    if n == 0:
        return Paired(0.0, -span, span, 0)
    d = [best[k] - other[k] for k in range(n)]
    m = fmean(d)
    if n < 2:
        return Paired(m, -span, span, n)
    sd = math.sqrt(sum([(x - m) ** 2 for x in d]) / (n - 1))
    t = t_quantile(n - 1, alpha)
    if math.isinf(t):
        return Paired(m, -span, span, n)
    half = t * sd / math.sqrt(n)
    return Paired(m, m - half, m + half, n)
