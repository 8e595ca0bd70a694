"""Ratings on the scale players know: openskill's ``mu``/``sigma`` said as an Elo-like whole number.

The tournament and the puzzle trainer rate on openskill's Plackett-Luce model
(``mu`` starts at 25, ``sigma`` at 25/3, ``beta`` = 25/6). Players know chess
ratings instead: a start of 1500, and a gap of 400 points meaning the stronger
player wins ten games to one. The one mapping, used by every page and ``--text``
report::

    rating = 1500 + (mu - 25) * 400 / (ln 10 * sqrt(2) * beta)      (about 29.5 points a unit of mu)

Why this factor: between two players whose ratings are known, the Plackett-Luce
model gives the first the chance ``1 / (1 + exp(-(mu1 - mu2) / c))`` with
``c = sqrt(2) * beta``, and Elo gives ``1 / (1 + 10 ** (-(r1 - r2) / 400))``: the
factor makes the two the same curve, so a gap reads exactly as it would in chess.
The uncertainty is scaled alike (:func:`margin_points`: twice ``sigma``, about 95%).
Ratings are whole numbers; a change is the difference of the two whole numbers
shown, so the changes add up to what is on screen.

>>> rating_points(25.0), rating_points(25 + 25 / 6), margin_points(25 / 3)
(1500, 1623, 491)
>>> POINTS_PER_MU > 29 and rating_points(24.9) < rating_points(25.1)
True
>>> change_words(1500, 1512), change_words(1512, 1500), change_words(1500, 1500)
('+12', '−12', '±0')
"""
from __future__ import annotations

import math

START = 1500
"""The rating every player, bot and newcomer starts at (openskill's default ``mu``)."""
MU0 = 25.0
"""openskill's default ``mu`` (the model the tournament and the puzzles use)."""
BETA = 25 / 6
"""openskill's default ``beta``: the spread of one game's performance."""
POINTS_PER_MU = 400 / (math.log(10) * math.sqrt(2) * BETA)
"""Rating points per unit of ``mu``: a 400-point gap is ten-to-one odds, as in Elo."""


def rating_points(mu: float) -> int:
    """openskill's ``mu`` on the familiar scale, a whole number (1500 at the start)."""
    return int(round(START + (mu - MU0) * POINTS_PER_MU))


def margin_points(sigma: float) -> int:
    """The rating's uncertainty on the same scale: twice ``sigma`` (about 95%), a whole number."""
    return int(round(2 * sigma * POINTS_PER_MU))


def change_words(before: int, after: int) -> str:
    """A rating's change as shown: ``'+12'``, ``'−12'`` (a true minus sign), ``'±0'``."""
    d = after - before
    return "±0" if d == 0 else f"{d:+d}".replace("-", "−")
