"""The fast solver's hot-path API: items, memo, encodings, bad input, process pools.

(That its answers are right is test_fast_solver.py's business.)
"""
from __future__ import annotations

import concurrent.futures
import multiprocessing
import random

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import problem_of
from pennypress.solver import (
    BadInput,
    Placement,
    Shape,
    best_page,
    clear_fast_cache,
    fast_cache_info,
    page_value,
    solve_fast,
)
from pennypress.solver.fast import items_of

DOCS = E.uniform_presses(515, 300)


@pytest.fixture
def fresh_fast_cache():
    clear_fast_cache()
    yield
    clear_fast_cache()


def test_page_value_best_page_and_solve_fast_agree():
    for doc in DOCS:
        problem = problem_of(doc)
        items, ad = items_of(problem), problem.ad
        value, page, res = page_value(items, ad), best_page(items, ad), solve_fast(problem)
        assert (value.total, value.gain, value.top_edge, value.top_rest) == (
            res.total, res.gain, res.top_edge_required, res.top_rest_required)
        assert (page.total, page.gain, page.top_edge, page.top_rest) == tuple(value)
        assert page.placements == res.placements and page.exclusive == res.exclusive
        assert value.gain == max(0, value.total)


def test_memo_serves_permutations_and_repeats(fresh_fast_cache):
    rng = random.Random(3)
    for doc in DOCS[:100]:
        problem = problem_of(doc)
        items = items_of(problem)
        clear_fast_cache()
        first = page_value(items, problem.ad)
        shuffled = list(items)
        rng.shuffle(shuffled)
        assert page_value(tuple(shuffled), problem.ad) == first
        assert page_value(items, problem.ad) == first
        info = fast_cache_info()
        assert (info.misses, info.hits, info.currsize) == (1, 2, 1)


def test_best_page_of_a_permutation_is_the_same_page_renumbered():
    """Items listed in another order (interchangeable ones kept in order): the same rectangles, renumbered."""
    rng = random.Random(8)
    for doc in DOCS:
        items = items_of(problem_of(doc))
        n = len(items)
        perm = list(range(n))
        rng.shuffle(perm)  # new position k holds item perm[k]
        groups: dict = {}
        for k, i in enumerate(perm):
            groups.setdefault(items[i], []).append(k)
        for positions in groups.values():  # equal items back in their order
            for k, i in zip(positions, sorted(perm[k] for k in positions)):
                perm[k] = i
        page = best_page(items)
        moved = best_page(tuple(items[i] for i in perm))
        renumbered = tuple(sorted(Placement(perm[p.story], p.x, p.y, p.w, p.h) for p in moved.placements))
        assert renumbered == page.placements
        assert moved.total == page.total


def test_shapes_as_enum_or_index_give_the_same_answers():
    for doc in DOCS[:100]:
        problem = problem_of(doc)
        items = items_of(problem)
        by_enum = tuple((list(Shape)[s], v, t) for s, v, t in items)
        assert best_page(by_enum, problem.ad) == best_page(items, problem.ad)
        assert page_value(by_enum, problem.ad) == page_value(items, problem.ad)


BAD = [
    ((), None, "1 to 5 stories"),
    (((0, 1, False),) * 6, None, "1 to 5 stories"),
    (((4, 1, False),), None, "unknown shape 4"),
    ((("E", 1, False),), None, "unknown shape 'E'"),
    (((True, 1, False),), None, "unknown shape True"),
    (((1.0, 1, False),), None, "unknown shape 1.0"),
    (((0, 7, False),), None, "value 7"),
    (((0, -1, False),), None, "value -1"),
    (((0, 2.0, False),), None, "value 2.0"),
    (((0, True, False),), None, "value True"),
    (((0, 1, 1),), None, "is_top must be True or False"),
    (((0, 1),), None, "expected (shape, value, is_top)"),
    (([0, 1, False],), None, "(shape, value, is_top) tuples"),
    (((0, 1, False),), (4, 0), "ad"),
    (((0, 1, False),), (0, 3), "ad"),
    (((0, 1, False),), (0, 0, 0), "ad"),
    (((0, 1, False),), "A1", "ad"),
    (((0, 1, False),), [0, 0], "ad"),
    (((0, 1, False), (Shape.A, 1, False)), None, "shapes all indices or all Shape"),
    (None, None, "expected a tuple of (shape, value, is_top) tuples"),
]


@pytest.mark.parametrize("items, ad, words", BAD, ids=[w for *_, w in BAD])
@pytest.mark.parametrize("fn", [page_value, best_page], ids=["page_value", "best_page"])
def test_bad_input_is_one_line_naming_the_problem(fn, items, ad, words, fresh_fast_cache):
    """Checked the first time a press is seen. (Python counts True == 1 and 2.0 == 2, so once the
    memo holds the press with 1 or 2 it answers the press with True or 2.0 the same way.)"""
    with pytest.raises(BadInput) as exc:
        fn(items, ad)
    message = str(exc.value)
    assert words in message and "\n" not in message


def _values_in_a_fresh_process(presses):
    from pennypress.solver import page_value as pv

    return [tuple(pv(items, ad)) for items, ad in presses]


def test_a_process_pool_gives_the_same_answers():
    """Each worker (spawned: nothing inherited) builds its own tables and memo."""
    presses = [(items_of(problem_of(d)), problem_of(d).ad) for d in DOCS[:60]]
    here = [tuple(page_value(items, ad)) for items, ad in presses]
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=ctx) as pool:
        parts = list(pool.map(_values_in_a_fresh_process, [presses[:30], presses[30:]]))
    assert parts[0] + parts[1] == here
