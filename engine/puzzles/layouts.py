"""Simple ways people lay out a page, to measure how hard a page puzzle is.

Each strategy orders the claimed stories by a rule of thumb and puts each one
in the first spot where it fits, reading the page as a book (top row first,
left to right; the story as printed before it is turned). None knows the
top-beat rule's counts or looks ahead, so a page where the rule, the ad, a
story better left off or the exclusive matters catches some of them out. The
exclusive is left to the checker (the best valid one), as a person would
declare their most valuable story on the top edge.

>>> from pennypress.solver import make_problem
>>> p = make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> [(s.story, s.x, s.y, s.w, s.h) for s in lay_out(p, "biggest-first")]
[(2, 0, 0, 2, 3), (1, 2, 0, 1, 3), (0, 3, 0, 1, 2)]
>>> list(STRATEGIES)
['biggest-first', 'most-valuable-first', 'top-beats-on-top', 'smallest-first']
"""
from __future__ import annotations

from typing import Callable

from pennypress.solver import Placement, PressProblem
from pennypress.solver.vocab import rectangles

Order = Callable[[PressProblem, int], tuple]


def _area(problem: PressProblem, i: int) -> int:
    return problem.stories[i].shape.area


STRATEGIES: dict[str, tuple[str, Order, bool]] = {
    "biggest-first": ("the biggest story first", lambda p, i: (-_area(p, i), -p.value(i), i), False),
    "most-valuable-first": ("the most valuable story first", lambda p, i: (-p.value(i), -_area(p, i), i), False),
    "top-beats-on-top": ("top-beat stories on the top edge first, then the biggest",
                         lambda p, i: (not p.is_top(i), -_area(p, i), -p.value(i), i), True),
    "smallest-first": ("the smallest story first (to fit them all)", lambda p, i: (_area(p, i), -p.value(i), i), False),
}
"""name -> (what it does in words, the order it takes the stories in, whether top-beat stories
look for a spot on the top edge before any other)."""


def _spots(problem: PressProblem, i: int, top_edge_only: bool) -> list[tuple[int, int, int, int]]:
    spots = [r for r in rectangles(problem.stories[i].shape, problem.ad) if not top_edge_only or r[1] == 0]
    orientation = {wh: k for k, wh in enumerate(problem.stories[i].shape.orientations)}
    return sorted(spots, key=lambda r: (r[1], r[0], orientation[(r[2], r[3])]))


def lay_out(problem: PressProblem, strategy: str) -> tuple[Placement, ...]:
    """The page ``strategy`` (a key of :data:`STRATEGIES`) lays out: each story in its order at
    the first free spot in reading order; a story with no free spot is left off."""
    _, order, tops_on_edge = STRATEGIES[strategy]
    used: set[tuple[int, int]] = set()
    placed = []
    for i in sorted(range(len(problem.stories)), key=lambda i: order(problem, i)):
        tries = [True, False] if tops_on_edge and problem.is_top(i) else [False]
        for edge_only in tries:
            spot = next((r for r in _spots(problem, i, edge_only)
                         if not used & _cells(*r)), None)
            if spot is not None:
                used |= _cells(*spot)
                placed.append(Placement(i, *spot))
                break
    return tuple(placed)


def _cells(x: int, y: int, w: int, h: int) -> set[tuple[int, int]]:
    return {(x + dx, y + dy) for dx in range(w) for dy in range(h)}
