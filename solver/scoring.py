"""Scoring a front page: pure functions, the one place the page's arithmetic lives.

A page is a press problem plus placements plus (at most) one exclusive. These
functions do not judge legality (see :mod:`pennypress.solver.checker`); they
count points for the cells and stories as given.

>>> from pennypress.solver.problem import make_problem
>>> from pennypress.solver.vocab import Placement
>>> p = make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> page = [Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 3), Placement(2, 2, 0, 2, 3)]
>>> b = score_page(p, page, best_exclusive(p, page))
>>> b.total, b.exclusive, [c for c in b.empty_cells]
(12, 1, [(0, 2)])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .problem import PressProblem
from .vocab import CELLS, ROWS, Cell, Placement, cell_penalty


@dataclass(frozen=True)
class StoryScore:
    """What one claimed story contributes: ``+value`` published, ``-value`` not."""

    story: int
    value: int
    published: bool
    top: bool
    exclusive: bool

    @property
    def points(self) -> int:
        """Points including the exclusive's second helping."""
        base = self.value if self.published else -self.value
        return base + (self.value if self.exclusive else 0)


@dataclass(frozen=True)
class Breakdown:
    """A page's score by component; :attr:`total` is their sum."""

    stories: tuple[StoryScore, ...]
    exclusive: int | None
    empty_cells: tuple[Cell, ...]

    @property
    def published_points(self) -> int:
        return sum(s.value for s in self.stories if s.published)

    @property
    def exclusive_bonus(self) -> int:
        return self.stories[self.exclusive].value if self.exclusive is not None else 0

    @property
    def unpublished_points(self) -> int:
        return -sum(s.value for s in self.stories if not s.published)

    @property
    def empty_points(self) -> int:
        return sum(cell_penalty(x, y) for x, y in self.empty_cells)

    def empty_by_row(self) -> list[tuple[int, int, int]]:
        """``(row, empty cells, points)`` for each row."""
        rows = []
        for r in range(ROWS):
            cells = [c for c in self.empty_cells if c[1] == r]
            rows.append((r, len(cells), sum(cell_penalty(x, y) for x, y in cells)))
        return rows

    @property
    def total(self) -> int:
        return self.published_points + self.exclusive_bonus + self.unpublished_points + self.empty_points

    @property
    def gain(self) -> int:
        """Circulation gained: the track never moves backwards."""
        return max(0, self.total)

    def to_json(self) -> dict:
        return {
            "stories": [
                {
                    "story": s.story,
                    "value": s.value,
                    "top_beat": s.top,
                    "published": s.published,
                    "exclusive": s.exclusive,
                    "points": s.points,
                }
                for s in self.stories
            ],
            "published": self.published_points,
            "exclusive_bonus": self.exclusive_bonus,
            "empty_cells": [
                {"row": r, "count": n, "points": pts} for r, n, pts in self.empty_by_row()
            ],
            "empty": self.empty_points,
            "unpublished": self.unpublished_points,
            "total": self.total,
        }


def page_key(problem: PressProblem, placements: Iterable[Placement]) -> frozenset:
    """What a page looks like: each placed rectangle with its story's beat and shape.

    Two pages with the same key differ only by swapping stories of the same
    beat and shape, which a reader of the page cannot tell apart.
    """
    return frozenset(
        (problem.stories[p.story].beat, problem.stories[p.story].shape, p.x, p.y, p.w, p.h)
        for p in placements
    )


def covered_cells(placements: Iterable[Placement]) -> set[Cell]:
    return {c for p in placements for c in p.cells()}


def exclusive_candidates(problem: PressProblem, placements: Sequence[Placement]) -> list[int]:
    """Stories that may be declared exclusive: not from a top beat, touching the top edge."""
    return sorted({p.story for p in placements if p.touches_top and not problem.is_top(p.story)})


def best_exclusive(problem: PressProblem, placements: Sequence[Placement]) -> int | None:
    """The candidate worth most (lowest index among equals), or ``None`` if there is none."""
    candidates = exclusive_candidates(problem, placements)
    if not candidates:
        return None
    return max(candidates, key=lambda i: (problem.value(i), -i))


def score_page(
    problem: PressProblem, placements: Sequence[Placement], exclusive: int | None
) -> Breakdown:
    """Score placements as given. ``exclusive`` must be a placed story index or ``None``."""
    placed = {p.story for p in placements}
    if exclusive is not None and exclusive not in placed:
        raise ValueError(f"exclusive story {exclusive} is not on the page")
    covered = covered_cells(placements)
    empty = tuple(c for c in CELLS if c not in covered and c != problem.ad)
    return Breakdown(
        stories=tuple(
            StoryScore(
                story=i,
                value=problem.value(i),
                published=i in placed,
                top=problem.is_top(i),
                exclusive=i == exclusive,
            )
            for i in range(len(problem.stories))
        ),
        exclusive=exclusive,
        empty_cells=empty,
    )
