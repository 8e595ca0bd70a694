"""The best legal page that publishes exactly a chosen set of the claimed stories.

The optimal page is the best over every set of stories. A player may still
prefer to print another set -- the stars of the stories published count for
the end-of-game beat bonuses -- so a search that weighs a press by what it
publishes asks for the best legal page of each set: the CP-SAT model with the
top-beat rule's counts (T*, R*) required and each story's placement fixed to
"on the page" or "off it".

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("city", "A"), ("city", "A"), ("war", "D")],
...                  {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1))
>>> best_page_publishing(p, {0, 1}).total        # the optimal page: the War D stays off
0
>>> best_page_publishing(p, {0, 1, 2}) is None   # no legal page prints all three (the ad is in the way)
True
>>> best_page_publishing(p, {2}) is None         # the top-beat stories must be placed
True
"""
from __future__ import annotations

from typing import Iterable

from .cuts import fix_levels
from .model import PageModel
from .problem import PressProblem
from .result import PressResult
from .solve import _result, _time_limit
from .top_rule import top_requirements


def best_page_publishing(problem: PressProblem, published: Iterable[int],
                         time_limit: float | None = None) -> PressResult | None:
    """The best legal page printing exactly the stories ``published`` (indices), or ``None`` if no
    legal page does. Raises :class:`RuntimeError` if the time limit cuts the proof short."""
    chosen = set(published)
    t_star, r_star, _ = top_requirements(problem)
    model = PageModel(problem)
    fix_levels(model, t_star, t_star + r_star)
    for i, placed in model.placed.items():
        model.model.add(placed == int(i in chosen))
    status, sol = model.search(_time_limit(time_limit))
    if status == "INFEASIBLE":
        return None
    if sol is None or not sol.proven_optimal:
        raise RuntimeError(f"the page model was not solved within the time limit ({status})")
    result = _result(problem, sol)
    return PressResult(problem, result.placements, result.breakdown, t_star, r_star, True, result.status)
