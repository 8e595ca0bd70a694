"""Solving a press: the optimal page (cached), and the k best distinct pages.

The cache is keyed on what decides the answer -- each story's shape, beat
value and top-beat flag, and the ad cell -- in a canonical order, so the
advisor's many repeats of the same question (and permutations of it) are
solved once.

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> r = solve(p)
>>> r.total, r.top_edge_required, r.top_rest_required, r.proven_optimal
(12, 1, 0, True)
>>> [x.total for x in best_layouts(p, 3)]
[12, 12, 12]
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from .cuts import fix_levels, forbid_page
from .greedy import greedy_page
from .model import DEFAULT_TIME_LIMIT, PageModel, Solution
from pennypress.errors import BadInput
from .problem import PressProblem
from .result import PressResult
from .scoring import best_exclusive, score_page
from .time_cut import time_cut_solution

CACHE_SIZE = 20_000
"""Proven pages kept (LRU), about 1.1 kB each: at most about 22 MB (docs/developer/caches.md)."""


@dataclass(frozen=True)
class CacheInfo:
    hits: int
    misses: int
    size: int


class _Cache:
    """A bounded LRU map from canonical press keys to proven-optimal solutions."""

    def __init__(self, size: int):
        self.size = size
        self.data: OrderedDict[tuple, Solution] = OrderedDict()
        self.hits = self.misses = 0
        self.lock = threading.Lock()

    def get(self, key: tuple) -> Solution | None:
        with self.lock:
            sol = self.data.get(key)
            if sol is None:
                self.misses += 1
            else:
                self.hits += 1
                self.data.move_to_end(key)
            return sol

    def put(self, key: tuple, sol: Solution) -> None:
        with self.lock:
            self.data[key] = sol
            if len(self.data) > self.size:
                self.data.popitem(last=False)


_CACHE = _Cache(CACHE_SIZE)


def cache_info() -> CacheInfo:
    return CacheInfo(_CACHE.hits, _CACHE.misses, len(_CACHE.data))


def clear_cache() -> None:
    with _CACHE.lock:
        _CACHE.data.clear()
        _CACHE.hits = _CACHE.misses = 0


def _canonical(problem: PressProblem) -> tuple[tuple, list[int]]:
    """The cache key and the story order it describes (canonical position -> original index)."""
    facts = [
        (problem.is_top(i), problem.value(i), s.shape.value) for i, s in enumerate(problem.stories)
    ]
    order = sorted(range(len(facts)), key=lambda i: facts[i])
    return (tuple(facts[i] for i in order), problem.ad), order


def _result(problem: PressProblem, sol: Solution) -> PressResult:
    exclusive = best_exclusive(problem, sol.placements)
    breakdown = score_page(problem, sol.placements, exclusive)
    if breakdown.total != sol.objective_score:
        raise AssertionError(
            f"model objective {sol.objective_score} disagrees with page score {breakdown.total}"
        )
    return PressResult(
        problem=problem,
        placements=sol.placements,
        breakdown=breakdown,
        top_edge_required=sol.edge_top,
        top_rest_required=sol.placed_top - sol.edge_top,
        proven_optimal=sol.proven_optimal,
        status=sol.status,
    )


def solve_model(model: PageModel, time_limit: float) -> Solution:
    """The model's optimum, searched from the greedy page; if the time limit cuts the search short,
    the best legal page at hand (:mod:`.time_cut`), never claimed optimal."""
    model.hint(greedy_page(model.problem))
    sol = model.solve(time_limit)
    if sol is not None and sol.proven_optimal:
        return sol
    return time_cut_solution(model.problem, sol)


def _time_limit(time_limit: float | None) -> float:
    if time_limit is None:
        return DEFAULT_TIME_LIMIT
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not (
        math.isfinite(time_limit) and time_limit > 0
    ):
        raise BadInput(f"time limit: expected a positive number of seconds, got {time_limit!r}")
    return float(time_limit)


def solve(problem: PressProblem, time_limit: float | None = None, use_cache: bool = True) -> PressResult:
    """The best legal front page for ``problem``.

    ``time_limit`` (seconds, default 10) bounds the search; if it cuts the
    search short the result says so (``proven_optimal`` False) and is not
    cached. Deterministic: the same problem always gives the same page.
    """
    limit = _time_limit(time_limit)
    key, order = _canonical(problem)
    sol = _CACHE.get(key) if use_cache else None
    if sol is None:
        canonical = PressProblem(
            tuple(problem.stories[i] for i in order), problem.beat_values, problem.ad
        )
        sol = solve_model(PageModel(canonical), limit)
        if use_cache and sol.proven_optimal:
            _CACHE.put(key, sol)
    placements = tuple(sorted(replace(p, story=order[p.story]) for p in sol.placements))
    return _result(problem, replace(sol, placements=placements))


def best_layouts(problem: PressProblem, k: int, time_limit: float | None = None) -> list[PressResult]:
    """Up to ``k`` legal pages, best first, distinct as pages.

    Two pages are the same if they differ only by swapping stories of the
    same beat and shape. Every page meets the top-beat rule (T* and R*); the
    first is :func:`solve`'s page (the first optimal page in the tie-break
    order of :mod:`~pennypress.solver.page_order`); each later one is the best
    page left once the earlier ones are cut off.
    """
    if k < 1:
        return []
    limit = _time_limit(time_limit)
    first = solve(problem, limit)
    results = [first]
    model = PageModel(problem)
    fix_levels(model, first.top_edge_required, first.top_edge_required + first.top_rest_required)
    placements = first.placements
    while len(results) < k:
        forbid_page(model, placements)
        sol = model.solve(limit)  # the levels are fixed, so any page found is legal
        if sol is None:
            break
        results.append(_result(problem, sol))
        placements = sol.placements
    return results
