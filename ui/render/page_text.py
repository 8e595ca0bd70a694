"""The front page as text, for the terminal (``pennypress demo``, ``layout --text``, ``check --text``).

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
...                        {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> print(render_page(r.problem, r.placements, r.exclusive).splitlines()[1])
|  0:polit A* |  1:crime B! |   2:war D   |   2:war D   |
"""
from __future__ import annotations

from typing import Sequence

from pennypress.solver import CheckResult, Placement, PressProblem
from pennypress.solver.result import PressResult
from pennypress.solver.scoring import Breakdown
from pennypress.solver.vocab import COLUMNS, ROWS, cell_penalty

_CELL = 13


def render_page(problem: PressProblem, placements: Sequence[Placement], exclusive: int | None) -> str:
    """A 4x3 grid: each cell names its story (number, beat, shape, * top beat, ! exclusive),
    AD, its penalty when empty, or the story numbers that clash on it (a proposed page)."""
    owners: dict[tuple[int, int], list[int]] = {}
    for p in placements:
        for c in p.cells():
            owners.setdefault(c, []).append(p.story)
    lines = []
    border = "+" + "+".join("-" * _CELL for _ in range(COLUMNS)) + "+"
    lines.append(border)
    for y in range(ROWS):
        cells = []
        for x in range(COLUMNS):
            here = owners.get((x, y), [])
            if len(here) > 1:
                txt = "clash " + "+".join(str(i) for i in here)
            elif here:
                i = here[0]
                s = problem.stories[i]
                mark = "*" if problem.is_top(i) else ("!" if i == exclusive else "")
                txt = f"{i}:{s.beat.value[:5]} {s.shape.value}{mark}"
            elif (x, y) == problem.ad:
                txt = "AD"
            else:
                txt = f"empty {cell_penalty(x, y)}"
            cells.append(txt.center(_CELL))
        lines.append("|" + "|".join(cells) + "|")
        lines.append(border)
    return "\n".join(lines)


def _breakdown_lines(problem: PressProblem, b: Breakdown) -> list[str]:
    out = []
    for s in b.stories:
        story = problem.stories[s.story]
        state = "exclusive" if s.exclusive else ("published" if s.published else "NOT published")
        out.append(f"  story {s.story} {story.label:<28} value {s.value}  {state:<13} {s.points:+d}")
    for row, n, pts in b.empty_by_row():
        if n:
            out.append(f"  {n} empty cell(s) in row {row}{'':<24} {pts:+d}")
    out.append(f"  {'total':<48} {b.total:+d}   (circulation gain {b.gain})")
    return out


def render_result(result: PressResult, heading: str | None = None) -> str:
    """A solved page: the grid, the top-beat rule's counts, the breakdown, proof status."""
    p = result.problem
    out = [heading] if heading else []
    out += [render_page(p, result.placements, result.exclusive), "* top beat   ! exclusive (scores twice)"]
    tops = ", ".join(sorted(t.title for t in p.top_beats))
    out.append(
        f"Top beat(s): {tops}. Top-beat stories touching the top edge: {result.top_edge_required}; "
        f"further top-beat stories placed: {result.top_rest_required}."
    )
    out += _breakdown_lines(p, result.breakdown)
    out.append("  optimal: proven" if result.proven_optimal else f"  optimal: NOT proven ({result.status})")
    return "\n".join(out)


def render_check(problem: PressProblem, placements: Sequence[Placement], verdict: CheckResult) -> str:
    """A proposed page and the checker's verdict: legal or every broken rule, score and loss."""
    out = [render_page(problem, placements, verdict.exclusive), "* top beat   ! exclusive (scores twice)"]
    if verdict.legal:
        out += _breakdown_lines(problem, verdict.breakdown)
        out.append(f"  legal; the optimal page scores {verdict.optimal_total}: "
                   + ("nothing lost" if verdict.loss == 0 else f"{verdict.loss} point(s) lost"))
    else:
        out.append(f"NOT legal ({len(verdict.violations)} rule(s) broken); the optimal page scores {verdict.optimal_total}:")
        out += [f"  - {v.rule}: {v.message}" for v in verdict.violations]
    return "\n".join(out)
