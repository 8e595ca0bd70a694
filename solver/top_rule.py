"""The top-beat rule's requirements, exactly and without a time limit.

T* (most top-beat stories touching the top edge) and R* (most further
top-beat stories placed, given T*) involve only the top-beat stories -- at
most five -- so a depth-first search over their rectangles settles them in
milliseconds. The CP-SAT model finds them as part of its optimum; this module
is what a time-cut search falls back on, so that even an unproven page obeys
the rule.

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("crime", "B"), ("crime", "C"), ("crime", "C")],
...                  {"war": 2, "crime": 6, "politics": 3, "city": 1, "human": 0})
>>> t, r, page = top_requirements(p)
>>> (t, r, len(page))
(2, 1, 3)
"""
from __future__ import annotations

from .problem import PressProblem
from .vocab import COLUMNS, Placement, rectangles


def _mask(x: int, y: int, w: int, h: int) -> int:
    bits = 0
    for dy in range(h):
        for dx in range(w):
            bits |= 1 << ((y + dy) * COLUMNS + x + dx)
    return bits


def top_requirements(problem: PressProblem) -> tuple[int, int, tuple[Placement, ...]]:
    """``(T*, R*, placements)``: the rule's counts and one arrangement of top-beat stories meeting them."""
    top = [i for i in range(len(problem.stories)) if problem.is_top(i)]
    options = [
        [(Placement(i, x, y, w, h), _mask(x, y, w, h)) for x, y, w, h in rectangles(problem.stories[i].shape, problem.ad)]
        for i in top
    ]
    for opts in options:  # edge placements first: good arrangements are found early
        opts.sort(key=lambda o: (not o[0].touches_top, o[0].y, o[0].x))
    n = len(top)
    best = [(-1, -1), ()]

    def dfs(k: int, used: int, edge: int, placed: int, chosen: tuple[Placement, ...]) -> bool:
        left = n - k
        if (edge + left, placed + left) <= best[0]:
            return False  # cannot beat the best arrangement found
        if k == n:
            best[0], best[1] = (edge, placed), chosen
            return (edge, placed) == (n, n)  # nothing can beat every story on the edge
        for p, bits in options[k]:
            if not bits & used and dfs(k + 1, used | bits, edge + p.touches_top, placed + 1, chosen + (p,)):
                return True
        return dfs(k + 1, used, edge, placed, chosen)

    dfs(0, 0, 0, 0, ())
    (edge, placed), page = best[0], best[1]
    return edge, placed - edge, tuple(sorted(page))
