"""What a search cut short by its time limit returns: the best *legal* page at hand, never claimed optimal.

A CP-SAT incumbent need not meet the top-beat rule (the rule is part of the
objective), so the rule's exact counts come from
:func:`~pennypress.solver.top_rule.top_requirements`, whose arrangement, filled
greedily (:func:`~pennypress.solver.greedy.greedy_page`), is always a legal
page; the incumbent is kept only if it meets the same counts and scores more.

>>> from pennypress.solver.problem import make_problem
>>> p = make_problem([("crime", "B"), ("crime", "C"), ("crime", "C")],
...                  {"war": 2, "crime": 6, "politics": 3, "city": 1, "human": 0})
>>> s = time_cut_solution(p, None); s.status, s.proven_optimal, (s.edge_top, s.placed_top)
('FEASIBLE', False, (2, 3))
"""
from __future__ import annotations

from .greedy import greedy_page
from .model import Solution
from .problem import PressProblem
from .scoring import best_exclusive, score_page
from .top_rule import top_requirements
from .vocab import Placement


def page_solution(problem: PressProblem, placements: tuple[Placement, ...], status: str) -> Solution:
    """A page as an unproven :class:`~pennypress.solver.model.Solution` (its best exclusive, its counts, its score)."""
    exclusive = best_exclusive(problem, placements)
    top = [p for p in placements if problem.is_top(p.story)]
    return Solution(
        placements=placements,
        exclusive=exclusive,
        edge_top=sum(p.touches_top for p in top),
        placed_top=len(top),
        objective_score=score_page(problem, placements, exclusive).total,
        proven_optimal=False,
        status=status,
    )


def time_cut_solution(problem: PressProblem, found: Solution | None) -> Solution:
    """The page to return when the search stopped before proving ``found`` (``None``: it found nothing)."""
    t_star, r_star, top_page = top_requirements(problem)
    best = page_solution(problem, greedy_page(problem, top_page), "FEASIBLE")
    if found is not None and (found.edge_top, found.placed_top) == (t_star, t_star + r_star) and (
        found.objective_score > best.objective_score
    ):
        best = found
    return best
