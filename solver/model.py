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
"""
from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from .page_order import MAX_PAGE_ORDER_NUMBER, page_order_weights, placement_rank
from .problem import PressProblem
from .scoring import best_exclusive, page_key, score_page
from .top_rule import top_requirements
from .vocab import CELLS, MAX_BEAT_VALUE, MAX_CLAIMED_STORIES, Placement, cell_penalty, rectangles

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
    """A CP-SAT model of one press problem, reusable for k-best search via no-good cuts."""

    def __init__(self, problem: PressProblem):
        self.problem = problem
        self._cut = False  # True once pages are cut off (k-best): the greedy page may be gone
        m = self.model = cp_model.CpModel()
        self.options: list[tuple[Placement, cp_model.IntVar]] = []
        by_story: dict[int, list[cp_model.IntVar]] = {}
        by_cell: dict[tuple[int, int], list[cp_model.IntVar]] = {c: [] for c in CELLS}
        for i, story in enumerate(problem.stories):
            by_story[i] = []
            for x, y, w, h in rectangles(story.shape, problem.ad):
                p = Placement(i, x, y, w, h)
                var = m.NewBoolVar(f"s{i}_{x}{y}{w}{h}")
                self.options.append((p, var))
                by_story[i].append(var)
                for c in p.cells():
                    by_cell[c].append(var)
        self.placed = {}
        for i, vars_ in by_story.items():
            placed = m.NewBoolVar(f"placed{i}")
            m.Add(sum(vars_) == placed)  # at most one placement per story
            self.placed[i] = placed
        self.empty = {}
        for c, vars_ in by_cell.items():
            if c == problem.ad:
                continue
            empty = m.NewBoolVar(f"empty{c[0]}{c[1]}")
            m.Add(sum(vars_) + empty == 1)  # at most one story per cell; empty otherwise
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
            ex = m.NewBoolVar(f"excl{i}")
            m.Add(ex <= sum(edge[i]))
            self.exclusive[i] = ex
        if self.exclusive:
            m.AddAtMostOne(self.exclusive.values())
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
        m.Maximize(W_ORDER * (W_EDGE * self.edge_top + W_TOP * self.placed_top + self.score) - self.order_number)

    def forbid_page(self, placements: tuple[Placement, ...]) -> None:
        """Cut off this page and every page equal to it up to swapping stories of the same beat and shape."""
        groups: dict[tuple, list[cp_model.IntVar]] = {}
        for p, var in self.options:
            (key,) = page_key(self.problem, [p])
            groups.setdefault(key, []).append(var)
        chosen = page_key(self.problem, placements)
        inside = [v for key in chosen for v in groups[key]]
        outside = [v for key, vars_ in groups.items() if key not in chosen for v in vars_]
        self.model.Add(sum(inside) - sum(outside) <= len(chosen) - 1)
        self._cut = True

    def fix_levels(self, edge_top: int, placed_top: int) -> None:
        """Require the top-beat rule's counts (used for k-best after the first solve)."""
        self.model.Add(self.edge_top == edge_top)
        self.model.Add(self.placed_top == placed_top)

    def greedy_page(self, start: tuple[Placement, ...] = ()) -> tuple[Placement, ...]:
        """A quick legal-geometry page: ``start`` kept, then the other stories, top-beat and most
        valuable first, each in the first free rectangle scanning from the top row.

        Used as the search's hint and, built on :func:`top_requirements`, as
        the page a time-cut search falls back on (never claimed optimal).
        """
        n = len(self.problem.stories)
        done = {p.story for p in start}
        order = sorted(
            (i for i in range(n) if i not in done),
            key=lambda i: (not self.problem.is_top(i), -self.problem.value(i), i),
        )
        taken = {c for p in start for c in p.cells()}
        page = list(start)
        for i in order:
            options = sorted((p for p, _ in self.options if p.story == i), key=lambda p: (p.y, p.x, p.w))
            for p in options:
                cells = set(p.cells())
                if not cells & taken:
                    taken |= cells
                    page.append(p)
                    break
        return tuple(sorted(page))

    def _solution_from_page(self, placements: tuple[Placement, ...], status: str) -> Solution:
        exclusive = best_exclusive(self.problem, placements)
        top = [p for p in placements if self.problem.is_top(p.story)]
        return Solution(
            placements=placements,
            exclusive=exclusive,
            edge_top=sum(p.touches_top for p in top),
            placed_top=len(top),
            objective_score=score_page(self.problem, placements, exclusive).total,
            proven_optimal=False,
            status=status,
        )

    def solve(self, time_limit: float = DEFAULT_TIME_LIMIT) -> Solution | None:
        """Solve; ``None`` only if the model is infeasible (as after every page was cut off)."""
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1  # deterministic: same input, same page
        solver.parameters.random_seed = 0
        solver.parameters.max_time_in_seconds = time_limit
        if not self._cut:
            chosen = set(self.greedy_page())
            self.model.ClearHints()
            for p, v in self.options:
                self.model.AddHint(v, p in chosen)
        status = solver.Solve(self.model)
        if status == cp_model.OPTIMAL or self._cut:
            # After cuts (k-best) the levels are fixed constraints, so any page found is legal.
            return self._read(solver, status) if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
        return self._time_cut(solver, status)

    def _time_cut(self, solver: cp_model.CpSolver, status: int) -> Solution:
        """The time limit ran out: the best *legal* page at hand, never claimed optimal.

        A CP-SAT incumbent need not meet the top-beat rule (the rule is part of
        the objective), so the rule's exact counts come from
        :func:`top_requirements`, whose arrangement, filled greedily, is always
        a legal page; the incumbent is kept only if it meets the same counts
        and scores more.
        """
        t_star, r_star, top_page = top_requirements(self.problem)
        best = self._solution_from_page(self.greedy_page(top_page), "FEASIBLE")
        if status == cp_model.FEASIBLE:
            found = self._read(solver, status)
            if (found.edge_top, found.placed_top) == (t_star, t_star + r_star) and (
                found.objective_score > best.objective_score
            ):
                best = found
        return best

    def _read(self, solver: cp_model.CpSolver, status: int) -> Solution:
        placements = tuple(sorted(p for p, v in self.options if solver.BooleanValue(v)))
        exclusive = next((i for i, v in self.exclusive.items() if solver.BooleanValue(v)), None)
        return Solution(
            placements=placements,
            exclusive=exclusive,
            edge_top=int(solver.Value(self.edge_top)),
            placed_top=int(solver.Value(self.placed_top)),
            objective_score=int(solver.Value(self.score)),
            proven_optimal=status == cp_model.OPTIMAL,
            status=solver.StatusName(status),
        )
