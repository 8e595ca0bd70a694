"""What the speed benchmarks share in their reports: the nearest-rank percentile, the summary of a list of
timings (median, a high percentile, max and, where asked, mean and count, in one unit), and the lines the
solver benchmarks print (the timing table, the ratios, whether two solvers agree).

The recorded outputs (``benchmarks/results/speed/``) are these lines as printed, and ``benchmarks/results.py``
reads them: a change here changes every benchmark that prints them, and their records with it.
"""
from __future__ import annotations

import json
import math
import statistics
from typing import Iterable

SCALE = {"s": 1.0, "ms": 1e3, "us": 1e6}
"""Seconds to the unit named in a summary's keys."""


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 1): the smallest value with at least ``q`` of them at or below it."""
    s = sorted(values)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def upper_percentile(values: list[float], q: float) -> float:
    """The value at index ``int(q * n)`` of the sorted values (the largest past the end): one rank above
    :func:`percentile` where ``q * n`` is whole, the same elsewhere. The engine, notation and tournament
    benchmarks have recorded their p99 so."""
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def summary(seconds: list[float], unit: str = "ms", tail: float = 0.99, mean: bool = True, count: bool = False,
            scale: float | None = None) -> dict:
    """``median_UNIT``, ``pNN_UNIT`` (the ``tail`` percentile), ``max_UNIT``, then ``mean_UNIT`` (with ``mean``)
    and ``n`` (with ``count``), in that order: timings in seconds shown in ``unit`` (``s``, ``ms`` or ``us``), or
    multiplied by ``scale`` when given (1 for timings already in the unit)."""
    k = SCALE[unit] if scale is None else scale
    out = {f"median_{unit}": statistics.median(seconds) * k,
           f"p{round(tail * 100)}_{unit}": percentile(seconds, tail) * k,
           f"max_{unit}": max(seconds) * k}
    if mean:
        out[f"mean_{unit}"] = statistics.fmean(seconds) * k
    if count:
        out["n"] = len(seconds)
    return out


def print_table(rows: Iterable[tuple[str, dict]], unit: str, width: int, digits: int) -> None:
    """A header and one line a row of :func:`summary` figures (median, p99, max, mean), ``width`` characters
    for the names, ``digits`` after the point."""
    print(f"{'':{width}}{'median ' + unit:>11}{'p99 ' + unit:>10}{'max ' + unit:>10}{'mean ' + unit:>10}")
    for name, s in rows:
        print(f"{name:{width}}{s[f'median_{unit}']:11.{digits}f}{s[f'p99_{unit}']:10.{digits}f}"
              f"{s[f'max_{unit}']:10.{digits}f}{s[f'mean_{unit}']:10.{digits}f}")


def print_ratios(ratios: dict[str, float], digits: int) -> None:
    print("ratios:")
    for name, v in ratios.items():
        print(f"  {name:30}{v:10.{digits}f}")


def print_agreement(disagreements: list[dict], between: str, agree: str) -> None:
    """``BETWEEN: AGREE``, or how many disagreements there are and the first five of them."""
    print(f"{between}: {agree if not disagreements else f'{len(disagreements)} DISAGREEMENTS'}")
    for item in disagreements[:5]:
        print("  ", json.dumps(item))
