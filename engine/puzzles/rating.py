"""Puzzle ratings for a trainer, on openskill's Plackett-Luce model (the tournament's rating model).

A puzzle starts at the model's default uncertainty with a mean set by its
difficulty: difficulty 3 at the model's default mean, each step
:data:`STEP` above or below. An attempt is a two-player match, the
person against the puzzle: solving it is a win. :func:`rate_attempt` returns
both new ratings, so a trainer can keep the person's rating and, if it likes,
let the puzzles' ratings learn from everyone's attempts.

>>> model = rating_model()
>>> easy, hard = puzzle_rating(1, model), puzzle_rating(5, model)
>>> round(easy.mu, 2), round(hard.mu, 2), round(hard.sigma, 3) == round(model.sigma, 3)
(16.67, 33.33, True)
>>> me = model.rating()
>>> after, _ = rate_attempt(me, hard, solved=True, model=model)
>>> after.mu > me.mu
True
>>> after_easy, _ = rate_attempt(me, easy, solved=True, model=model)
>>> after.mu - me.mu > after_easy.mu - me.mu       # solving a hard puzzle counts for more
True
"""
from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from .model import DIFFICULTIES, Puzzle

STEP = 25 / 6
"""Rating points between two neighbouring difficulties (half the model's default sigma)."""


def rating_model() -> PlackettLuce:
    """The rating model (openskill's Plackett-Luce with its defaults: mu 25, sigma 25/3)."""
    return PlackettLuce()


def puzzle_rating(puzzle: Puzzle | int, model: PlackettLuce | None = None) -> Any:
    """The initial rating of ``puzzle`` (or of a difficulty 1..5), as an openskill rating."""
    model = model or rating_model()
    difficulty = puzzle if isinstance(puzzle, int) else puzzle.difficulty
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty: expected one of {DIFFICULTIES}, got {difficulty!r}")
    middle = DIFFICULTIES[len(DIFFICULTIES) // 2]
    name = None if isinstance(puzzle, int) else puzzle.id
    return model.rating(mu=model.mu + (difficulty - middle) * STEP, sigma=model.sigma, name=name)


def rate_attempt(player: Any, puzzle: Any, solved: bool, model: PlackettLuce | None = None) -> tuple[Any, Any]:
    """The person's and the puzzle's ratings after one attempt (a win for whoever succeeded)."""
    model = model or rating_model()
    ranks = [1, 2] if solved else [2, 1]
    (new_player,), (new_puzzle,) = model.rate([[player], [puzzle]], ranks=ranks)
    return new_player, new_puzzle
