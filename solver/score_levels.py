"""The scores a press can reach: how many pages tie for the best, and the next lower scores.

"Next best pages" in the k-best sense (:func:`~pennypress.solver.best_layouts`)
are often pages with the very same score as the optimum. A player asking
"what do I lose if I lay it out differently?" wants the next *distinct* scores
instead, one example page each, and separately how many distinct pages tie for
the best. Every page here meets the top-beat rule (the same T* and R* as the
optimum) and is scored with its best exclusive.

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                  {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> levels = score_levels(p, 3)
>>> levels.best.total, levels.ties, [r.total for r in levels.next_best]
(12, 12, [11, 3, 2])
"""
from __future__ import annotations

from dataclasses import dataclass

from .cuts import cap_score, exact_exclusive, fix_levels, forbid_page
from .model import PageModel
from .problem import PressProblem
from .result import PressResult
from .solve import _result, _time_limit, solve_model

TIE_CAP = 50
"""Counting pages that tie for the best stops here (the answer then says "at least")."""


@dataclass(frozen=True)
class ScoreLevels:
    """``best`` (an optimal page), ``ties`` distinct pages scoring its total (itself included;
    at least that many when ``ties_capped``), and one page for each of the next lower
    totals, best first (``next_best``; fewer when no legal page scores lower)."""

    best: PressResult
    ties: int
    ties_capped: bool
    next_best: tuple[PressResult, ...]


def score_levels(
    problem: PressProblem, k: int, time_limit: float | None = None, tie_cap: int = TIE_CAP
) -> ScoreLevels:
    """The optimum, how many distinct pages tie with it, and up to ``k`` next lower totals."""
    limit = _time_limit(time_limit)
    model = PageModel(problem)
    exact_exclusive(model)
    sol = solve_model(model, limit)
    best = _result(problem, sol)
    fix_levels(model, sol.edge_top, sol.placed_top)
    ties = 1
    capped = False
    next_best: list[PressResult] = []
    while True:
        forbid_page(model, sol.placements)
        sol = model.solve(limit)
        if sol is None or sol.objective_score < best.total:
            break
        ties += 1
        if ties >= tie_cap:
            capped = True
            cap_score(model, best.total - 1)
            sol = model.solve(limit)
            break
    while sol is not None and len(next_best) < k:
        result = _result(problem, sol)
        next_best.append(result)
        cap_score(model, result.total - 1)
        sol = model.solve(limit)
    return ScoreLevels(best, ties, capped, tuple(next_best))
