"""Determinism and the solver's cache.

Same input, same page: twice in a process, across processes, and whatever the
cache already holds. A cached answer is the same page as a fresh one and is
served for permutations of the press (mapped back to the caller's story
numbers). How fast a cached answer is, is measured by ``benchmarks/speed/solver.py``
(its "cached median" against the goal of 0.1 ms), not here.
"""
from __future__ import annotations

import json
import random

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, describe, press_doc, problem_of, rects_of
from pennypress.solver import ProposedPage, cache_info, check_page, clear_cache, solve
from tests.cli_helpers import run_process

DOCS = E.random_presses(424242, 150)
DOC12 = press_doc([("politics", "A"), ("crime", "B"), ("war", "D")], VALUES_12)


@pytest.mark.slow
def test_same_input_same_json_twice(fresh_cache):
    for doc in DOCS:
        a = solve(problem_of(doc), use_cache=False).to_json()
        b = solve(problem_of(doc), use_cache=False).to_json()
        assert a == b, describe(doc)


@pytest.mark.slow
def test_cached_answer_is_the_fresh_answer(fresh_cache):
    for doc in DOCS:
        fresh = solve(problem_of(doc), use_cache=False).to_json()
        first = solve(problem_of(doc)).to_json()  # miss: solved and stored
        again = solve(problem_of(doc)).to_json()  # hit
        assert fresh == first == again, describe(doc)


def _permuted(doc, rng):
    order = list(range(len(doc["stories"])))
    rng.shuffle(order)
    return {**doc, "stories": [doc["stories"][i] for i in order]}


def test_answer_does_not_depend_on_what_the_cache_holds(fresh_cache):
    """Solving a permutation first (which fills the shared cache entry) does not change the page."""
    rng = random.Random(5)
    for doc in DOCS[:80]:
        clear_cache()
        alone = solve(problem_of(doc)).to_json()
        clear_cache()
        solve(problem_of(_permuted(doc, rng)))
        after = solve(problem_of(doc)).to_json()
        assert alone == after, describe(doc)


def test_cache_hits_for_permutations_are_legal_and_optimal(fresh_cache):
    rng = random.Random(11)
    for doc in DOCS:
        clear_cache()
        solve(problem_of(doc))
        perm = _permuted(doc, rng)
        res = solve(problem_of(perm))
        assert cache_info().hits == 1, "a permutation of a solved press must be a cache hit"
        press = E.Press.from_doc(perm)
        opt = E.solve_exhaustive(press)
        rects = rects_of(res, len(press.stories))
        assert E.page_problems(press, rects, res.exclusive) == [], describe(perm)
        assert res.total == opt.total == E.score_assignment(press, rects, res.exclusive)
        assert (res.top_edge_required, res.top_rest_required) == (opt.edge_required, opt.rest_required)


def test_cache_hit_for_other_beats_with_the_same_values(fresh_cache):
    """War and Crime both at 3 under Politics 4: swapping their beats is the same question."""
    solve(problem_of(DOC12))
    other = press_doc([("politics", "A"), ("war", "B"), ("crime", "D")], VALUES_12)
    res = solve(problem_of(other))
    assert cache_info().hits == 1
    press = E.Press.from_doc(other)
    assert E.page_problems(press, rects_of(res, 3), res.exclusive) == []
    assert res.total == 12


def test_cache_info_counts(fresh_cache):
    assert cache_info().hits == 0 and cache_info().misses == 0 and cache_info().size == 0
    p = problem_of(DOC12)
    r1 = solve(p)
    assert (cache_info().hits, cache_info().misses, cache_info().size) == (0, 1, 1)
    r2 = solve(p)
    assert (cache_info().hits, cache_info().misses, cache_info().size) == (1, 1, 1)
    assert r1.to_json() == r2.to_json()
    check_page(p, ProposedPage(r1.placements))  # the checker reuses the cached optimum
    assert cache_info().misses == 1
    solve(p, use_cache=False)
    assert cache_info().size == 1 and cache_info().misses == 1
    clear_cache()
    assert cache_info().size == 0


@pytest.mark.slow
def test_same_output_across_processes(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(DOCS[:40]))
    a, b = run_process("layout", path, timeout=120), run_process("layout", path, timeout=120)
    assert a.returncode == b.returncode == 0, a.stderr
    assert a.stdout == b.stdout
