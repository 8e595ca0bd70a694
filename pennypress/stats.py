"""The two formulas the advisor and the tournaments share: the normal quantile and the Wilson interval.

Defined once, here at the bottom of the layers, so that every room may import
them without importing each other: the advisor's analysis
(:mod:`pennypress.engine.advisor.stats`), the tournaments' win shares
(:mod:`pennypress.engine.arena.tournament`) and the benchmarks.

The Wilson score interval of a proportion ``p`` seen over ``n`` trials, for a
normal quantile ``z`` (95% by default), is ``(centre - half, centre + half)``
clipped to [0, 1], with ``centre = (p + z²/2n) / (1 + z²/n)`` and
``half = z * sqrt(p(1 - p)/n + z²/4n²) / (1 + z²/n)`` (Wilson, 1927). Unlike
``p ± z * sqrt(p(1 - p)/n)`` it keeps a width when every trial went one way.

>>> round(Z95, 6)
1.959964
>>> tuple(round(x, 4) for x in wilson(81 / 263, 263))  # Newcombe (1998), Table II, method 3
(0.2553, 0.3662)
>>> tuple(round(x, 3) for x in wilson(1.0, 10))
(0.722, 1.0)
"""
from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["Z95", "normal_quantile", "wilson"]


def normal_quantile(p: float) -> float:
    """The standard normal distribution's ``p`` quantile: the ``z`` with ``P(Z <= z) = p``.

    >>> round(normal_quantile(0.5), 9), round(normal_quantile(0.995), 4)
    (0.0, 2.5758)
    """
    return NormalDist().inv_cdf(p)


Z95 = normal_quantile(0.975)
"""The two-sided 95% normal quantile (1.95996...)."""


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` seen over ``n`` trials (``(0, 1)`` when n = 0).

    >>> wilson(0.3, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
