"""A quick page with legal geometry: the CP-SAT search's starting hint and, built on the top-beat
rule's own arrangement, the page a time-cut search falls back on (:mod:`.time_cut`).

Never claimed optimal: it keeps the given placements, then places the other
stories -- top-beat and most valuable first -- each in the first free
rectangle scanning from the top row.

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> [(q.story, q.x, q.y, q.w, q.h) for q in greedy_page(p)]
[(0, 0, 0, 1, 2), (1, 1, 0, 1, 3), (2, 2, 0, 2, 3)]
"""
from __future__ import annotations

from functools import lru_cache

from .problem import PressProblem
from .vocab import Cell, Placement, Shape, rectangles


SCAN_CACHE_SIZE = 64
"""Rectangle scans kept: one per shape and ad cell, 4 shapes x 13 ad places (none or a cell) = 52."""


@lru_cache(maxsize=SCAN_CACHE_SIZE)
def _scan(shape: Shape, ad: Cell | None) -> tuple[tuple[tuple[int, int, int, int], frozenset[Cell]], ...]:
    """Every rectangle of ``shape`` off the ad, with its cells, in scanning order: top row first, then left
    to right, the narrower first."""
    rects = sorted(rectangles(shape, ad), key=lambda r: (r[1], r[0], r[2]))
    return tuple((r, frozenset(Placement(0, *r).cells())) for r in rects)


def greedy_page(problem: PressProblem, start: tuple[Placement, ...] = ()) -> tuple[Placement, ...]:
    """``start`` kept, then every other story in the first free rectangle (top-beat, then most valuable first)."""
    n = len(problem.stories)
    done = {p.story for p in start}
    order = sorted((i for i in range(n) if i not in done), key=lambda i: (not problem.is_top(i), -problem.value(i), i))
    taken = {c for p in start for c in p.cells()}
    page = list(start)
    for i in order:
        for rect, cells in _scan(problem.stories[i].shape, problem.ad):
            if not cells & taken:
                taken |= cells
                page.append(Placement(i, *rect))
                break
    return tuple(sorted(page))
