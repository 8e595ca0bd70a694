"""The exact fast solver: a press's optimal page in microseconds, for bulk use.

The same answer as :func:`~pennypress.solver.solve.solve` (CP-SAT) -- the same
T*, R*, total and, under the tie-break of :mod:`~pennypress.solver.page_order`,
the same page and exclusive -- found by scoring the few candidate pages that
:mod:`~pennypress.solver.page_profiles` lists for the press's geometry (shapes
claimed and ad cell) and keeping the best, the first in tie-break order among
equals.

Hot path, no :class:`~pennypress.solver.problem.PressProblem`: a press is a
tuple of :class:`PressItem` -- ``(shape, value, top)``, ``shape`` a shape index
(A 0, B 1, C 2, D 3; a :class:`~pennypress.solver.vocab.Shape` works too, but
not mixed with indices in one press), ``value`` the story's beat value 0..6,
``top`` whether its beat is a top beat (plain 3-tuples are the same items);
``ad`` is an ``(x, y)`` tuple or ``None``.
Answers are memoised on the press's sorted items and the ad (an LRU of
``CACHE_SIZE`` presses), so a press seen before -- in any story order -- costs
a sort and a dictionary look-up; input is validated only the first time (and,
as Python counts ``True == 1`` and ``2.0 == 2``, a press equal to one seen
before is answered like it). Bad input raises :class:`~pennypress.errors.BadInput`.

Threads may share it (the tables are made once, under a lock; the memo is a
``functools.lru_cache``); each process of a pool reads its own tables from the
shipped data on first use (:mod:`~pennypress.solver.page_profiles`; the fast
solver's speed benchmark prints the time: ``benchmarks/README.md``).

>>> page_value((PressItem(0, 4, True), PressItem(1, 3, False), PressItem(3, 3, False)))  # Politics A, Crime B, War D
PageValue(total=12, gain=12, top_edge=1, top_rest=0)
>>> page = best_page(((3, 3, False), (0, 4, True), (1, 3, False)))
>>> [(p.story, p.x, p.y, p.w, p.h) for p in page.placements], page.exclusive
([(0, 2, 0, 2, 3), (1, 0, 0, 1, 2), (2, 1, 0, 1, 3)], 0)
>>> from pennypress.solver.problem import make_problem
>>> r = solve_fast(make_problem([("city", "A"), ("city", "A"), ("war", "D")],
...                             {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1)))
>>> r.unplaced, r.total, r.status
((2,), 0, 'OPTIMAL')
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from pennypress.errors import BadInput
from .page_order import SHAPE_INDEX
from .page_profiles import profiles
from .problem import PressProblem
from .result import PressResult
from .scoring import score_page
from .vocab import COLUMNS, MAX_BEAT_VALUE, MAX_CLAIMED_STORIES, MIN_BEAT_VALUE, ROWS, SHAPES, Cell, Placement

CACHE_SIZE = 1 << 18

# One number per candidate page ranks it by the rules: the top-beat levels
# outweigh any score difference (scores span less than W_TOP).
W_TOP = 256
W_EDGE = W_TOP * (MAX_CLAIMED_STORIES + 1)
assert 2 * MAX_CLAIMED_STORIES * MAX_BEAT_VALUE + MAX_BEAT_VALUE + 2 * COLUMNS * ROWS < W_TOP



class PressItem(NamedTuple):
    """One claimed story as the fast solver sees it: the solver's whole input per story."""

    shape: int
    """The shape's index: A 0, B 1, C 2, D 3 (:data:`~pennypress.solver.page_order.SHAPE_INDEX`)."""
    value: int
    """Its beat's value, 0..6."""
    top: bool
    """Whether its beat is a top beat."""


_SHAPE_CODE: dict[Any, int] = {**{k: k for k in range(len(SHAPES))}, **SHAPE_INDEX}

_ITEMS: dict[tuple[int, bool], tuple[PressItem, ...]] = {
    (value, top): tuple(PressItem(shape, value, top) for shape in range(len(SHAPES)))
    for value in range(MIN_BEAT_VALUE, MAX_BEAT_VALUE + 1) for top in (False, True)
}


def beat_items(value: int, top: bool) -> tuple[PressItem, ...]:
    """The items of the stories of a beat with this value and top flag, one per shape index
    (made once: a hot path picks them instead of building tuples).

    >>> beat_items(4, True)[3]
    PressItem(shape=3, value=4, top=True)
    """
    return _ITEMS[value, top]


class PageValue(NamedTuple):
    """What a press is worth: the optimal total, the circulation gain, T* and R*."""

    total: int
    gain: int
    top_edge: int  # T*
    top_rest: int  # R*


class FastPage(NamedTuple):
    """The optimal page in the caller's story indices (placements sorted by story)."""

    placements: tuple[Placement, ...]
    exclusive: int | None
    top_edge: int
    top_rest: int
    total: int
    gain: int


class _Answer(NamedTuple):
    value: PageValue
    witness: tuple[tuple[int, int, int, int, int], ...]  # (slot, x, y, w, h)


def _slot_key(item: tuple[int, int, bool]) -> tuple[int, bool, int]:
    """Canonical story order (page_order): shape, top-beat first, higher value first."""
    return (item[0], not item[2], -item[1])


def _checked(items: tuple, ad: Any) -> tuple[tuple[tuple[int, int, bool], ...], Cell | None]:
    """The press with shape indices, or :class:`BadInput` naming the first problem."""
    if not 1 <= len(items) <= MAX_CLAIMED_STORIES:
        raise BadInput(f"items: a press claims 1 to {MAX_CLAIMED_STORIES} stories, got {len(items)}")
    out = []
    for k, item in enumerate(items):
        if not isinstance(item, tuple) or len(item) != 3:
            raise BadInput(f"items[{k}]: expected (shape, value, is_top), got {item!r}")
        shape, value, top = item
        if not (type(shape) is int or isinstance(shape, str)) or shape not in _SHAPE_CODE:
            raise BadInput(f"items[{k}]: unknown shape {shape!r} (expected 0-3 or A, B, C, D)")
        if isinstance(value, bool) or not isinstance(value, int) or not MIN_BEAT_VALUE <= value <= MAX_BEAT_VALUE:
            raise BadInput(f"items[{k}]: value {value!r} is not a whole number from {MIN_BEAT_VALUE} to {MAX_BEAT_VALUE}")
        if not isinstance(top, bool):
            raise BadInput(f"items[{k}]: is_top must be True or False, got {top!r}")
        out.append((_SHAPE_CODE[shape], value, top))
    if ad is not None:
        if not (isinstance(ad, tuple) and len(ad) == 2 and all(type(c) is int for c in ad)
                and 0 <= ad[0] < COLUMNS and 0 <= ad[1] < ROWS):
            raise BadInput(f"ad: expected None or an (x, y) cell of the {COLUMNS}x{ROWS} page, got {ad!r}")
    return tuple(out), ad


@lru_cache(maxsize=CACHE_SIZE)
def _answer(canonical: tuple, ad: Cell | None) -> _Answer:
    """Solve a press given as its sorted items (the memo key); uncached work happens here."""
    items, ad = _checked(canonical, ad)
    slots = sorted(items, key=_slot_key)
    candidates = profiles(tuple(s for s, _, _ in slots), ad)
    w_placed = [W_TOP * t + 2 * v for _, v, t in slots]
    w_edge = [W_EDGE * t for _, _, t in slots]
    excl = [0 if t else v for _, v, t in slots]
    best = None
    best_obj = -1 << 30
    for cand in candidates:  # in tie-break order: a later page must score strictly more
        obj = cand.penalty
        for i in cand.placed:
            obj += w_placed[i]
        ex = 0
        for i in cand.edge:
            obj += w_edge[i]
            if excl[i] > ex:
                ex = excl[i]
        obj += ex
        if obj > best_obj:
            best_obj, best = obj, cand
    top_edge = sum(slots[i][2] for i in best.edge)
    top_placed = sum(slots[i][2] for i in best.placed)
    total = best_obj - W_EDGE * top_edge - W_TOP * top_placed - sum(v for _, v, _ in slots)
    value = PageValue(total, total if total > 0 else 0, top_edge, top_placed - top_edge)
    return _Answer(value, best.witness)


def _type_problem(items: Any, ad: Any) -> BadInput:
    """The one-line complaint for input that cannot even be sorted or hashed."""
    try:
        hash(ad)
    except TypeError:
        return BadInput(f"ad: expected None or an (x, y) cell of the {COLUMNS}x{ROWS} page, got {ad!r}")
    return BadInput("items: expected a tuple of (shape, value, is_top) tuples, shapes all indices or all Shape")


def page_value(items: tuple[PressItem, ...], ad: Cell | None = None) -> PageValue:
    """The optimal total, gain, T* and R* of a press (memoised)."""
    try:
        return _answer(tuple(sorted(items)), ad).value
    except TypeError:
        raise _type_problem(items, ad) from None


def best_page(items: tuple[PressItem, ...], ad: Cell | None = None) -> FastPage:
    """The optimal page under the tie-break, in the caller's story indices (memoised but for the relabelling)."""
    try:
        answer = _answer(tuple(sorted(items)), ad)
    except TypeError:
        raise _type_problem(items, ad) from None
    order = sorted(range(len(items)), key=lambda i: _slot_key((_SHAPE_CODE[items[i][0]], items[i][1], items[i][2])))
    placements = tuple(sorted(Placement(order[slot], x, y, w, h) for slot, x, y, w, h in answer.witness))
    exclusive, best = None, -1
    for p in placements:  # the best non-top story on row 0, lowest index among equals
        _, value, top = items[p.story]
        if p.y == 0 and not top and value > best:
            exclusive, best = p.story, value
    v = answer.value
    return FastPage(placements, exclusive, v.top_edge, v.top_rest, v.total, v.gain)


def items_of(problem: PressProblem) -> tuple[PressItem, ...]:
    """A press problem as the hot path's items."""
    return tuple(beat_items(problem.value(i), problem.is_top(i))[SHAPE_INDEX[s.shape]] for i, s in enumerate(problem.stories))


def solve_fast(problem: PressProblem) -> PressResult:
    """:func:`~pennypress.solver.solve.solve`'s answer -- the same page -- from the fast solver."""
    page = best_page(items_of(problem), problem.ad)
    breakdown = score_page(problem, page.placements, page.exclusive)
    if breakdown.total != page.total:
        raise AssertionError(f"fast solver total {page.total} disagrees with the page's score {breakdown.total}")
    return PressResult(
        problem=problem,
        placements=page.placements,
        breakdown=breakdown,
        top_edge_required=page.top_edge,
        top_rest_required=page.top_rest,
        proven_optimal=True,
        status="OPTIMAL",
    )


def fast_cache_info():
    """Hits, misses and size of the fast solver's memo (``functools`` cache info)."""
    return _answer.cache_info()


def clear_fast_cache() -> None:
    """Forget every memoised press (the geometry tables stay)."""
    _answer.cache_clear()
