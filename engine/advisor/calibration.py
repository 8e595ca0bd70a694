"""From playout win share to a calibrated win probability.

A playout's win share is the chance of a move followed by the playout bot's
play against playout-bot opponents (down to the value model's leaf). A player
who keeps taking the advice plays better than the playout bot, so the raw
share misstates the chance of winning (``benchmarks/strength/calibration.py`` measures it).
The advisor shows the share through a **monotone map** fitted on games where
the advised seat keeps taking the advice against a mix of opponents (Platt
scaling: ``logit q = slope * logit p + intercept``). Being monotone, the map
changes no ranking, no "equal to the best" and no move the advisor plays: only
the numbers a person reads.

The map's data file (``calibration.json``) is written by
``python -m benchmarks.training.fit_calibration`` from a training seed and says how it
was obtained; ``benchmarks/strength/calibration.py`` measures the map on held-out games.

>>> c = Calibration(slope=1.0, intercept=0.0)
>>> round(c(0.25), 6), c(0.0), c(1.0)
(0.25, 0.0, 1.0)
>>> c = Calibration(slope=0.5, intercept=1.0)
>>> 0.5 < c(0.5) < 1.0, c.loss(0.5, 0.0), c.loss(0.5, 0.2) > 0
(True, 0.0, True)
>>> [round(x, 3) for x in c.everyone((0.5, 0.3, 0.2), 0)]
[0.731, 0.161, 0.108]
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

DATA = Path(__file__).with_name("calibration.json")
CLIP = 1e-3
"""When fitting, shares are clipped to ``[CLIP, 1 - CLIP]`` (a share of 0 or 1 has no logit); the map
itself keeps 0 and 1 and is strictly increasing in between."""


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


@dataclass(frozen=True)
class Calibration:
    """``q = sigmoid(slope * logit(p) + intercept)``, 0 and 1 kept (a certain outcome stays certain)."""

    slope: float = 1.0
    intercept: float = 0.0
    fitted_on: dict = field(default_factory=dict, compare=False)
    """How the map was obtained (command, seed, games, samples)."""

    def __call__(self, p: float) -> float:
        if p <= 0.0 or p >= 1.0:
            return 0.0 if p <= 0.0 else 1.0
        return _sigmoid(self.slope * _logit(p) + self.intercept)

    def interval(self, low: float, high: float) -> tuple[float, float]:
        return self(low), self(high)

    def loss(self, best: float, loss: float) -> float:
        """A paired loss ``loss`` below the best move's share ``best``, on the calibrated scale (same sign)."""
        return self(best) - self(min(1.0, max(0.0, best - loss)))

    def everyone(self, shares: Sequence[float], player: int) -> tuple[float, ...]:
        """Every player's share with ``player``'s calibrated and the others' scaled to share the rest."""
        return _rescaled(shares, player, self)

    def raw(self, p: float) -> float:
        """The raw win share that shows as ``p`` (the inverse of the mapping)."""
        if p <= 0.0 or p >= 1.0:
            return 0.0 if p <= 0.0 else 1.0
        return _sigmoid((_logit(p) - self.intercept) / self.slope)

    def raw_everyone(self, shown: Sequence[float], player: int) -> tuple[float, ...]:
        """The raw shares behind :meth:`everyone`'s ``shown``: ``player``'s mapped back, the others scaled to share
        the rest."""
        return _rescaled(shown, player, self.raw)

    def to_json(self) -> dict:
        return {"slope": self.slope, "intercept": self.intercept, "fitted_on": self.fitted_on}


def _rescaled(shares: Sequence[float], player: int, mapped) -> tuple[float, ...]:
    """``shares`` with ``player``'s through ``mapped`` and the others scaled to share the rest (not ``1 - mine``
    over their sum's complement: rounding)."""
    if not shares:
        return tuple(shares)
    mine = mapped(shares[player])
    rest = sum(s for i, s in enumerate(shares) if i != player)
    scale = (1.0 - mine) / rest if rest > 0 else 0.0
    return tuple(mine if i == player else s * scale for i, s in enumerate(shares))


IDENTITY = Calibration()


def fit(samples: Iterable[tuple[float, float]], fitted_on: dict | None = None) -> Calibration:
    """The Platt map that best predicts outcomes ``y`` (1 won, ``1/k`` a k-way tie, 0 lost) from shares
    ``p``: maximum likelihood (cross-entropy), by Newton's method on two parameters.

    >>> data = [(0.2, 0.0), (0.2, 1.0), (0.2, 0.0), (0.6, 1.0), (0.6, 1.0), (0.6, 0.0)]
    >>> c = fit(data); round(c(0.2), 3), round(c(0.6), 3)
    (0.333, 0.667)
    """
    xs, ys = [], []
    for p, y in samples:
        xs.append(_logit(min(1 - CLIP, max(CLIP, p))))
        ys.append(float(y))
    if len(xs) < 2:
        raise ValueError("fitting a calibration needs at least two samples")
    a, b = 1.0, 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            q = _sigmoid(a * x + b)
            r = q - y
            w = q * (1 - q)
            ga += r * x
            gb += r
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 1e-12:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-10:
            break
    return Calibration(a, b, dict(fitted_on or {}))


def load(path: Path = DATA) -> Calibration:
    """The map in ``path`` (the shipped one by default); a missing file is an installation fault, said so."""
    if not path.exists():
        raise RuntimeError(f"the advisor's calibration map {path} is missing: reinstall pennypress, or make it with "
                           "python -m benchmarks.training.fit_calibration")
    doc = json.loads(path.read_text())
    return Calibration(float(doc["slope"]), float(doc["intercept"]), doc.get("fitted_on", {}))


CALIBRATION = load()
"""The map the advisor shows its sampled win probabilities through (exact answers are not mapped)."""
