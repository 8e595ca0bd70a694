"""The tie-break among equally good pages (solver/page_order.py).

The order itself: placement ranks cover every rectangle in reading order, the
integer encoding CP-SAT minimises orders pages exactly as the tuple key does,
the canonical story order ignores everything but shape, value, top flag and
(for interchangeable stories) the caller's order. And its use: worked
examples, and the page both solvers return does not depend on the order the
stories are listed in beyond that. (That both solvers return the enumerator's
first optimal page in this order is proved in test_cross_check.py and
test_fast_solver.py.)
"""
from __future__ import annotations

import random

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, describe, press_doc, problem_of, rects_of
from pennypress.solver import Placement, PressProblem, Shape, solve, solve_fast
from pennypress.solver.page_order import (
    MAX_PAGE_ORDER_NUMBER,
    RANK_BASE,
    canonical_story_order,
    page_order_key,
    page_order_number,
    placement_rank,
    ranked_rectangles,
)
from pennypress.solver.vocab import rectangles


@pytest.mark.parametrize("shape", list(Shape), ids=str)
def test_ranks_cover_every_rectangle_in_reading_order(shape):
    ranked = ranked_rectangles(shape)
    assert sorted(ranked) == sorted(rectangles(shape))
    assert len(set(ranked)) == len(ranked) < RANK_BASE + 1
    printed = (shape.width, shape.height)
    keys = [(y, x, (w, h) != printed) for x, y, w, h in ranked]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert [placement_rank(shape, *r) for r in ranked] == list(range(len(ranked)))


def test_rank_counts():
    assert {s.value: len(ranked_rectangles(s)) for s in Shape} == {"A": 17, "B": 10, "C": 6, "D": 7}
    assert RANK_BASE == 17


def _all_placements(doc):
    press = E.Press.from_doc(doc)
    return [
        tuple(Placement(i, *r) for i, r in enumerate(page.rects) if r is not None) for page in E.iter_pages(press)
    ]


ORDER_DOCS = [d for d in E.random_presses(3141, 200) if len(d["stories"]) <= 3][:40] + [
    d for d in E.random_presses(2718, 40) if len(d["stories"]) == 4
][:4]


@pytest.mark.parametrize("k", range(len(ORDER_DOCS)))
def test_order_number_orders_pages_as_the_key_does(k):
    """On every page of the press (legal or not), the integer and the tuple give one and the same order."""
    doc = ORDER_DOCS[k]
    problem = problem_of(doc)
    pages = _all_placements(doc)
    assert len(pages) > 1
    by_key = sorted(pages, key=lambda p: page_order_key(problem, p))
    by_number = sorted(pages, key=lambda p: page_order_number(problem, p))
    assert by_key == by_number, describe(doc)
    numbers = [page_order_number(problem, p) for p in pages]
    assert len(set(numbers)) == len(pages), "different pages, different numbers"
    assert 0 <= min(numbers) and max(numbers) < MAX_PAGE_ORDER_NUMBER


def test_canonical_story_order():
    """Shape first, then top-beat, then value; equal stories keep their order whatever their beat."""
    p = problem_of(press_doc(
        [("war", "D"), ("crime", "A"), ("city", "A"), ("war", "A"), ("politics", "B")],
        {"war": 2, "crime": 2, "politics": 6, "city": 6, "human": 0},
    ))
    # A stories: city (top) first, then crime and war (both 2: caller's order), then the B, the D.
    assert canonical_story_order(p) == [2, 1, 3, 4, 0]


def test_twelve_point_page_worked_by_hand():
    """Rulebook p. 9: Politics A (top, 4), Crime B (3), War D (3); many pages score 12.

    Canonical order: the A, the B, the D. Every optimal page publishes all three
    with the A on row 0. The A takes rank 0 (upright in the corner); the B then
    cannot lie along row 0 from the corner (rank 1, taken), so it stands at
    column 1 (rank 2); the D stands at columns 2-3 (rank 4). Crime is the
    exclusive: 4 + 3 + 3 + 3 - 1 (cell (0, 2)) = 12.
    """
    doc = press_doc([("politics", "A"), ("crime", "B"), ("war", "D")], VALUES_12)
    want = (Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 3), Placement(2, 2, 0, 2, 3))
    for solver in (solve, solve_fast):
        r = solver(problem_of(doc))
        assert (r.placements, r.exclusive, r.total) == (want, 1, 12)
    assert page_order_key(problem_of(doc), want) == ((0, 0, 0), (0, 2, 4))


def test_lone_story_goes_top_left():
    """One A and nothing else: lying along row 0 covers two -2 cells; of the three such places, the leftmost."""
    doc = press_doc([("war", "A")], {"war": 1, "crime": 0, "politics": 0, "city": 0, "human": 0})
    for solver in (solve, solve_fast):
        assert solver(problem_of(doc)).placements == (Placement(0, 0, 0, 2, 1),)
    doc["ad"] = [0, 0]
    for solver in (solve, solve_fast):
        assert solver(problem_of(doc)).placements == (Placement(0, 1, 0, 2, 1),)


def _geometry(result: object, problem: PressProblem) -> set:
    """The page as (shape, value, top flag, rectangle): what the tie-break may look at besides indices."""
    return {
        (problem.stories[p.story].shape, problem.value(p.story), problem.is_top(p.story), p.x, p.y, p.w, p.h)
        for p in result.placements
    }


PERM_DOCS = E.random_presses(8080, 120)


@pytest.mark.parametrize("solver", [solve, solve_fast], ids=["cp-sat", "fast"])
def test_listing_order_does_not_change_the_page(solver):
    """Any permutation gives the same page up to interchangeable stories; one that keeps
    interchangeable stories in order gives exactly the same placements, renumbered."""
    rng = random.Random(99)
    for doc in PERM_DOCS:
        n = len(doc["stories"])
        problem = problem_of(doc)
        base = solver(problem)
        perm = list(range(n))
        rng.shuffle(perm)  # new position k holds old story perm[k]
        shuffled = problem_of({**doc, "stories": [doc["stories"][i] for i in perm]})
        res = solver(shuffled)
        assert _geometry(res, shuffled) == _geometry(base, problem), describe(doc)
        assert res.total == base.total

        # Now a listing that keeps interchangeable stories (same shape, value, top flag) in their order.
        facts = lambda i: (doc["stories"][i]["shape"], problem.value(i), problem.is_top(i))  # noqa: E731
        order = list(perm)
        groups: dict = {}
        for k, i in enumerate(order):
            groups.setdefault(facts(i), []).append(k)
        for positions in groups.values():
            for k, old in zip(positions, sorted(order[k] for k in positions)):
                order[k] = old
        tidy = problem_of({**doc, "stories": [doc["stories"][i] for i in order]})
        res = solver(tidy)
        renumbered = tuple(sorted(Placement(order[p.story], p.x, p.y, p.w, p.h) for p in res.placements))
        assert renumbered == base.placements, describe(doc)
        # The exclusive is the lowest-numbered of the best candidates: the same story or one worth as much.
        worth = lambda r, prob: None if r.exclusive is None else prob.value(r.exclusive)  # noqa: E731
        assert worth(res, tidy) == worth(base, problem)


def test_interchangeable_stories_follow_the_callers_order():
    """Two top-beat city A stories lie along row 0, both as good as each other: the first listed takes the left place."""
    doc = press_doc([("city", "A"), ("city", "A")], {"war": 0, "crime": 0, "politics": 0, "city": 5, "human": 0})
    for solver in (solve, solve_fast):
        r = solver(problem_of(doc))
        p0, p1 = r.placements
        assert p0.story == 0 and p1.story == 1
        assert placement_rank(Shape.A, p0.x, p0.y, p0.w, p0.h) < placement_rank(Shape.A, p1.x, p1.y, p1.w, p1.h)
        assert rects_of(r, 2) == [(0, 0, 2, 1), (2, 0, 2, 1)]
