"""The CP-SAT model of a front page.

One Boolean per possible placement ``(story, orientation, x, y)`` that stays on
the page and off the ad; at most one placement per story; at most one story per
cell. One Boolean per (non-top story touching the top edge) marks the
exclusive; at most one.

The top-beat rule is lexicographic -- first the most top-beat stories touching
row 0 (T*), then the most further top-beat stories placed (R*), then the best
score -- and among equally good pages the tie-break of
:mod:`~pennypress.solver.page_order` picks one. All four levels are a single
weighted objective whose weights keep them apart (no score difference can
outweigh one top-beat story, no tie-break difference one point):

    maximise  W_ORDER * (W_EDGE * edge_top + W_TOP * placed_top + score) - order_number

with ``|score| < W_TOP``, ``W_TOP * 5 + |score| < W_EDGE`` and
``0 <= order_number < W_ORDER`` (:func:`~pennypress.solver.page_order.page_order_weights`).
The optimum is therefore the first optimal page in the tie-break order.

This module holds the model and its search only; the constraints k-best
search adds are in :mod:`.cuts`, the page a time-cut search falls back on in
:mod:`.time_cut`.

>>> from pennypress.solver.problem import make_problem
>>> m = PageModel(make_problem([("politics", "A"), ("crime", "B"), ("war", "D")],
...                            {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> s = m.solve(); s.proven_optimal, s.objective_score, (s.edge_top, s.placed_top)
(True, 12, (1, 1))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from .page_order import MAX_PAGE_ORDER_NUMBER, page_order_weights, placement_rank
from .problem import PressProblem
from .vocab import CELLS, MAX_BEAT_VALUE, MAX_CLAIMED_STORIES, Placement, cell_penalty, rectangles

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

# Score bounds: at most 5 stories x 6 + 6 exclusive = 36; at least -16 - 5 x 6 = -46.
W_TOP = 100
W_EDGE = W_TOP * (MAX_CLAIMED_STORIES + 1)
assert 2 * MAX_CLAIMED_STORIES * MAX_BEAT_VALUE + MAX_BEAT_VALUE + 16 < W_TOP
W_ORDER = MAX_PAGE_ORDER_NUMBER  # every page's order number is below it

DEFAULT_TIME_LIMIT = 10.0
"""Seconds; a press is normally proven optimal in milliseconds."""


@dataclass(frozen=True)
class Solution:
    """Raw model output: placements, the model's exclusive, the level counts, proof status."""

    placements: tuple[Placement, ...]
    exclusive: int | None
    edge_top: int
    placed_top: int
    objective_score: int
    proven_optimal: bool
    status: str


class PageModel:
    """The CP-SAT model of one press problem: its variables, constraints and objective.

    ``options`` pairs every possible placement with its Boolean; ``placed``,
    ``empty`` and ``exclusive`` are the per-story, per-cell and per-exclusive
    Booleans; ``edge_top``, ``placed_top`` and ``score`` the linear expressions
    of the objective's levels (:mod:`.cuts` constrains them for k-best search).
    """

    def __init__(self, problem: PressProblem):
        from ortools.sat.python import cp_model  # here, not at the top: only a CP-SAT search pays for CP-SAT

        self.problem = problem
        m = self.model = cp_model.CpModel()
        self.options: list[tuple[Placement, cp_model.IntVar]] = []
        by_story: dict[int, list[cp_model.IntVar]] = {}
        by_cell: dict[tuple[int, int], list[cp_model.IntVar]] = {c: [] for c in CELLS}
        for i, story in enumerate(problem.stories):
            by_story[i] = []
            for x, y, w, h in rectangles(story.shape, problem.ad):
                p = Placement(i, x, y, w, h)
                var = m.new_bool_var(f"s{i}_{x}{y}{w}{h}")
                self.options.append((p, var))
                by_story[i].append(var)
                for c in p.cells():
                    by_cell[c].append(var)
        self.placed = {}
        for i, vars_ in by_story.items():
            placed = m.new_bool_var(f"placed{i}")
            m.add(sum(vars_) == placed)  # at most one placement per story
            self.placed[i] = placed
        self.empty = {}
        for c, vars_ in by_cell.items():
            if c == problem.ad:
                continue
            empty = m.new_bool_var(f"empty{c[0]}{c[1]}")
            m.add(sum(vars_) + empty == 1)  # at most one story per cell; empty otherwise
            self.empty[c] = empty

        n = len(problem.stories)
        top = [i for i in range(n) if problem.is_top(i)]
        edge = {i: [v for p, v in self.options if p.story == i and p.touches_top] for i in range(n)}
        self.edge_top = sum(v for i in top for v in edge[i])
        self.placed_top = sum(self.placed[i] for i in top)
        self.exclusive = {}
        for i in range(n):
            if i in top or not edge[i]:
                continue
            ex = m.new_bool_var(f"excl{i}")
            m.add(ex <= sum(edge[i]))
            self.exclusive[i] = ex
        if self.exclusive:
            m.add_at_most_one(self.exclusive.values())
        self.score = (
            sum(problem.value(i) * (2 * self.placed[i] - 1) for i in range(n))
            + sum(problem.value(i) * ex for i, ex in self.exclusive.items())
            + sum(cell_penalty(*c) * e for c, e in self.empty.items())
        )
        unplaced_w, rank_w = page_order_weights(problem)
        self.order_number = sum(unplaced_w[i] * (1 - self.placed[i]) for i in range(n)) + sum(
            rank_w[p.story] * placement_rank(problem.stories[p.story].shape, p.x, p.y, p.w, p.h) * v
            for p, v in self.options
        )
        m.maximize(W_ORDER * (W_EDGE * self.edge_top + W_TOP * self.placed_top + self.score) - self.order_number)

    def hint(self, placements: Iterable[Placement]) -> None:
        """Start the search from this page (every placement Boolean hinted, the page's true)."""
        chosen = set(placements)
        self.model.clear_hints()
        for p, v in self.options:
            self.model.add_hint(v, p in chosen)

    def solve(self, time_limit: float = DEFAULT_TIME_LIMIT) -> Solution | None:
        """The best page found within ``time_limit`` seconds (``proven_optimal`` when the search
        finished), or ``None`` when the model is infeasible or no page was found in time."""
        return self.search(time_limit)[1]

    def search(self, time_limit: float = DEFAULT_TIME_LIMIT) -> tuple[str, Solution | None]:
        """CP-SAT's verdict by name (``OPTIMAL``, ``FEASIBLE``, ``INFEASIBLE``, ``UNKNOWN``) and the
        best page found, if any: a caller that constrains the model further tells "no such page
        exists" (``INFEASIBLE``) from "none found in time" (``UNKNOWN``) by it."""
        from ortools.sat.python import cp_model

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1  # deterministic: same input, same page
        solver.parameters.random_seed = 0
        solver.parameters.max_time_in_seconds = time_limit
        status = solver.solve(self.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return solver.status_name(status), None
        placements = tuple(sorted(p for p, v in self.options if solver.boolean_value(v)))
        exclusive = next((i for i, v in self.exclusive.items() if solver.boolean_value(v)), None)
        return solver.status_name(status), Solution(
            placements=placements,
            exclusive=exclusive,
            edge_top=int(solver.value(self.edge_top)),
            placed_top=int(solver.value(self.placed_top)),
            objective_score=int(solver.value(self.score)),
            proven_optimal=status == cp_model.OPTIMAL,
            status=solver.status_name(status),
        )
