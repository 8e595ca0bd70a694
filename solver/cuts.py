"""The constraints k-best search adds to a :class:`~pennypress.solver.model.PageModel`.

After the optimum, :func:`~pennypress.solver.solve.best_layouts` and
:func:`~pennypress.solver.score_levels.score_levels` fix the top-beat rule's
counts, cut off each page found (and the pages a reader cannot tell from it)
and cap the score, then search again.

>>> from pennypress.solver.model import PageModel
>>> from pennypress.solver.problem import make_problem
>>> m = PageModel(make_problem([("politics", "A"), ("crime", "B")],
...                            {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> best = m.solve(); fix_levels(m, best.edge_top, best.placed_top); forbid_page(m, best.placements)
>>> m.solve().objective_score <= best.objective_score
True
"""
from __future__ import annotations

from .model import PageModel
from .scoring import page_key
from .vocab import Placement


def forbid_page(model: PageModel, placements: tuple[Placement, ...]) -> None:
    """Cut off this page and every page equal to it up to swapping stories of the same beat and shape."""
    groups: dict[tuple, list] = {}
    for p, var in model.options:
        (key,) = page_key(model.problem, [p])
        groups.setdefault(key, []).append(var)
    chosen = page_key(model.problem, placements)
    inside = [v for key in chosen for v in groups[key]]
    outside = [v for key, vars_ in groups.items() if key not in chosen for v in vars_]
    model.model.add(sum(inside) - sum(outside) <= len(chosen) - 1)


def fix_levels(model: PageModel, edge_top: int, placed_top: int) -> None:
    """Require the top-beat rule's counts: ``edge_top`` top-beat stories on the top edge, ``placed_top`` placed."""
    model.model.add(model.edge_top == edge_top)
    model.model.add(model.placed_top == placed_top)


def cap_score(model: PageModel, most: int) -> None:
    """Only pages scoring at most ``most``."""
    model.model.add(model.score <= most)


def exact_exclusive(model: PageModel) -> None:
    """Make the model's score the page's true score: if a non-top story touches the top edge,
    the exclusive must be a story at least as valuable (so it is always the best one)."""
    problem = model.problem
    for i in model.exclusive:
        edge = [v for p, v in model.options if p.story == i and p.touches_top]
        better = [ex for j, ex in model.exclusive.items() if problem.value(j) >= problem.value(i)]
        model.model.add(sum(edge) <= sum(better))
