"""The Puzzles page's bookkeeping: which puzzles the filters leave, which comes next, the running rating.

No rule lives here: answers are judged by :func:`pennypress.engine.puzzles.check_answer`,
ratings moved by :func:`pennypress.engine.puzzles.rate_attempt` (openskill) and shown on the familiar
scale, 1500 at the start (:mod:`pennypress.ui.render.ratings`), in whole points. Only a
puzzle's first answer is rated, so trying again after reading the why cannot farm points.

>>> from pennypress.engine.puzzles import load_puzzles
>>> shipped = load_puzzles()
>>> counts = [len(chosen(shipped, k, ANY)) for k in KIND_CHOICES]
>>> counts[0] == len(shipped) == sum(counts[1:]), counts[1], counts[3]
(True, 160, 60)
>>> [p.difficulty for p in chosen(shipped, "best-move", 2)][:2]
[2, 2]
>>> {p.table for p in chosen(shipped, "press-or-wait", ANY, 2)}, table_words(2), table_words(ANY)
({2}, '2 players', 'Any table')
>>> ids = [p.id for p in chosen(shipped, "page", 5)]
>>> following(ids, ids[-1]) == ids[0], following(ids, "not-there") == ids[0], following(ids, ids[0], -1) == ids[-1]
(True, True, True)
>>> r = Rating.start()
>>> r.shown, r.sigma_shown, r.points
('1500', '491', 1500)
>>> hard = shipped.filter(kind="page", difficulty=5)[0]
>>> won = r.after(hard, solved=True)
>>> won.points > r.points, r.after(hard, solved=False).points < r.points
(True, True)
>>> solved_words({}), solved_words({"a": True, "b": False})
('none tried yet', '1 of 2')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pennypress.engine.puzzles import DIFFICULTY_NAMES, KINDS, Puzzle, PuzzleSet, puzzle_rating, rate_attempt
from pennypress.engine.puzzles import rating_model
from pennypress.engine.puzzles.store import TABLES
from pennypress.ui.render.puzzle_words import KIND_WORDS as PUZZLE_KINDS
from pennypress.ui.render.ratings import margin_points, rating_points

ANY = "any"
KIND_CHOICES: tuple[str, ...] = (ANY, *KINDS)
KIND_WORDS = {ANY: "All kinds", **PUZZLE_KINDS}
LEVEL_CHOICES: tuple = (ANY, *DIFFICULTY_NAMES)
TABLE_CHOICES: tuple = (ANY, *TABLES)


def level_words(level) -> str:
    """``'Any difficulty'``, or ``'2 · fair'``."""
    return "Any difficulty" if level == ANY else f"{level} · {DIFFICULTY_NAMES[level]}"


def chosen(puzzles: PuzzleSet, kind: str, level, table=ANY) -> list[Puzzle]:
    """The puzzles of ``kind``, difficulty ``level`` and ``table`` size (:data:`ANY` for every one), in set
    order."""
    return list(puzzles.filter(kind=None if kind == ANY else kind, difficulty=None if level == ANY else level,
                               table=None if table == ANY else table))


def table_words(table) -> str:
    """``'Any table'``, or ``'3 players'``."""
    return "Any table" if table == ANY else f"{table} players"


def following(ids: Sequence[str], current: str | None, step: int = 1) -> str | None:
    """The id ``step`` after ``current`` in ``ids`` (wrapping round); the first when ``current`` is not there."""
    if not ids:
        return None
    if current not in ids:
        return ids[0]
    return ids[(list(ids).index(current) + step) % len(ids)]


@dataclass(frozen=True)
class Rating:
    """The person's rating on openskill's model (``mu``, ``sigma``), kept as two numbers in the session."""

    mu: float
    sigma: float

    @classmethod
    def start(cls) -> "Rating":
        model = rating_model()
        return cls(model.mu, model.sigma)

    def after(self, puzzle: Puzzle, solved: bool) -> "Rating":
        """The rating after one attempt at ``puzzle`` (:func:`~pennypress.engine.puzzles.rate_attempt`)."""
        model = rating_model()
        me = model.rating(mu=self.mu, sigma=self.sigma)
        new, _ = rate_attempt(me, puzzle_rating(puzzle, model), solved, model)
        return Rating(new.mu, new.sigma)

    @property
    def points(self) -> int:
        """The rating on the familiar scale (1500 at the start), a whole number."""
        return rating_points(self.mu)

    @property
    def shown(self) -> str:
        """The rating as shown: a whole number."""
        return str(self.points)

    @property
    def sigma_shown(self) -> str:
        """How far the rating may be off (about 95%), in rating points."""
        return str(margin_points(self.sigma))


def solved_words(rated: dict) -> str:
    """How many puzzles were solved at the first answer, of those answered: ``'1 of 2'``; before the first
    answer, ``'none tried yet'`` (never "0 of 0")."""
    return f"{sum(rated.values())} of {len(rated)}" if rated else "none tried yet"
