"""The tie-break among equally good pages: one order on pages, used by every solver.

A press often has several optimal pages (same T*, R* and total). Every solver
(CP-SAT in :mod:`~pennypress.solver.solve`, the fast solver in
:mod:`~pennypress.solver.fast`) returns the **first** optimal page in this order:

1. **Canonical story order.** Stories are taken by shape (A, B, C, D), then
   top-beat stories before the others, then higher beat value first, then lower
   story index. Stories with the same shape, value and top flag are
   interchangeable; among them the caller's order decides.
2. **Published stories.** Going through the stories in canonical order, the first
   story that one page publishes and the other leaves off decides: the page that
   publishes it comes first.
3. **Placements.** Between pages publishing the same stories, the first story (in
   canonical order) placed differently decides: the page where it has the lower
   **placement rank** comes first. A shape's placements are ranked by their
   top-left cell in reading order (row 0 first, left to right), the printed
   orientation before the turned one (:func:`ranked_rectangles`).

The exclusive is then the best candidate, lowest story index among equal values
(:func:`~pennypress.solver.scoring.best_exclusive`).

:func:`page_order_key` is the order as a tuple; :func:`page_order_weights` turns
it into integer weights (for the CP-SAT second stage) whose weighted sum
:func:`page_order_number` orders pages exactly as the tuple does.

>>> from pennypress.solver.problem import make_problem
>>> from pennypress.solver.vocab import Placement, Shape
>>> ranked_rectangles(Shape.A)[:5]
((0, 0, 1, 2), (0, 0, 2, 1), (1, 0, 1, 2), (1, 0, 2, 1), (2, 0, 1, 2))
>>> p = make_problem([("war", "D"), ("city", "A"), ("crime", "A")],
...                  {"war": 3, "crime": 2, "politics": 0, "city": 5, "human": 0})
>>> canonical_story_order(p)  # the top-beat city A, the crime A, the war D
[1, 2, 0]
>>> page_order_key(p, [Placement(1, 0, 0, 1, 2), Placement(0, 2, 0, 2, 3)])
((0, 1, 0), (0, 0, 4))
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .problem import PressProblem
from .vocab import COLUMNS, MAX_CLAIMED_STORIES, ROWS, SHAPES, Placement, Shape

SHAPE_INDEX: dict[Shape, int] = {s: k for k, s in enumerate(SHAPES)}
"""A shape's place in the canonical order (A 0, B 1, C 2, D 3)."""


def ranked_rectangles(shape: Shape) -> tuple[tuple[int, int, int, int], ...]:
    """Every ``(x, y, w, h)`` of ``shape`` on the empty page, in placement-rank order."""
    keyed = []
    for turn, (w, h) in enumerate(shape.orientations):
        for y in range(ROWS - h + 1):
            for x in range(COLUMNS - w + 1):
                keyed.append(((y, x, turn), (x, y, w, h)))
    return tuple(r for _, r in sorted(keyed))


_RANK: dict[tuple[Shape, int, int, int, int], int] = {
    (s, *r): k for s in SHAPES for k, r in enumerate(ranked_rectangles(s))
}
RANK_BASE = max(len(ranked_rectangles(s)) for s in SHAPES)
"""More than the highest placement rank of any shape (17 places for an A)."""


def placement_rank(shape: Shape, x: int, y: int, w: int, h: int) -> int:
    """Where the rectangle ``(x, y, w, h)`` of ``shape`` stands in the placement order (0 first)."""
    return _RANK[(shape, x, y, w, h)]


def story_order_key(shape: Shape | int, value: int, top: bool) -> tuple[int, bool, int]:
    """Sort key of one story in the canonical order (a stable sort keeps the index order of equals)."""
    return (shape if isinstance(shape, int) else SHAPE_INDEX[shape], not top, -value)


def canonical_story_order(problem: PressProblem) -> list[int]:
    """Story indices in the canonical order."""
    n = len(problem.stories)
    return sorted(
        range(n),
        key=lambda i: story_order_key(problem.stories[i].shape, problem.value(i), problem.is_top(i)),
    )


def page_order_key(problem: PressProblem, placements: Iterable[Placement]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The page's place in the tie-break order; smaller comes first.

    ``(published, ranks)``, each listed in canonical story order: ``published``
    holds 0 for a published story and 1 for one left off; ``ranks`` the
    placement rank of each published story (0 for one left off).
    """
    where = {p.story: p for p in placements}
    order = canonical_story_order(problem)
    published = tuple(0 if i in where else 1 for i in order)
    ranks = tuple(
        placement_rank(problem.stories[i].shape, where[i].x, where[i].y, where[i].w, where[i].h)
        if i in where
        else 0
        for i in order
    )
    return published, ranks


def page_order_weights(problem: PressProblem) -> tuple[list[int], list[int]]:
    """``(unplaced, rank)`` weights per story index such that

    ``sum(unplaced[i] for stories left off) + sum(rank[i] * placement rank of story i)``
    orders the pages of ``problem`` exactly as :func:`page_order_key` does.
    The story at canonical position ``q`` of ``n`` weighs ``RANK_BASE ** (n-1-q)``
    per rank step and ``2 ** (n-1-q) * RANK_BASE ** n`` when left off: every
    story outweighs all later ones, and publishing outweighs every placement.
    """
    n = len(problem.stories)
    unplaced, rank = [0] * n, [0] * n
    for q, i in enumerate(canonical_story_order(problem)):
        rank[i] = RANK_BASE ** (n - 1 - q)
        unplaced[i] = 2 ** (n - 1 - q) * RANK_BASE**n
    return unplaced, rank


MAX_PAGE_ORDER_NUMBER = (2**MAX_CLAIMED_STORIES) * RANK_BASE**MAX_CLAIMED_STORIES
"""An upper bound of :func:`page_order_number` over all presses."""


def page_order_number(problem: PressProblem, placements: Sequence[Placement]) -> int:
    """:func:`page_order_key` as one integer (see :func:`page_order_weights`)."""
    unplaced, rank = page_order_weights(problem)
    placed = {p.story: p for p in placements}
    total = 0
    for i, story in enumerate(problem.stories):
        p = placed.get(i)
        if p is None:
            total += unplaced[i]
        else:
            total += rank[i] * placement_rank(story.shape, p.x, p.y, p.w, p.h)
    return total
