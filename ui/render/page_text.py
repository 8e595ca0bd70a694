"""The front page as text, for the terminal (``pennypress demo``, ``layout --text``)."""
from __future__ import annotations

from pennypress.solver.result import PressResult
from pennypress.solver.vocab import COLUMNS, ROWS, cell_penalty

_CELL = 12


def render_page(result: PressResult) -> str:
    """A 4x3 grid: each cell names its story (beat, shape, * top beat, ! exclusive), AD, or its penalty."""
    problem = result.problem
    owner = {c: p.story for p in result.placements for c in p.cells()}
    lines = []
    border = "+" + "+".join("-" * _CELL for _ in range(COLUMNS)) + "+"
    lines.append(border)
    for y in range(ROWS):
        cells = []
        for x in range(COLUMNS):
            if (x, y) in owner:
                i = owner[(x, y)]
                s = problem.stories[i]
                mark = "*" if problem.is_top(i) else ("!" if i == result.exclusive else "")
                text = f"{i}:{s.beat.value[:5]} {s.shape.value}{mark}"
            elif (x, y) == problem.ad:
                text = "AD"
            else:
                text = f"empty {cell_penalty(x, y)}"
            cells.append(text.center(_CELL))
        lines.append("|" + "|".join(cells) + "|")
        lines.append(border)
    return "\n".join(lines)


def render_result(result: PressResult) -> str:
    p = result.problem
    b = result.breakdown
    out = [render_page(result), "* top beat   ! exclusive (scores twice)"]
    tops = ", ".join(sorted(t.title for t in p.top_beats))
    out.append(
        f"Top beat(s): {tops}. Top-beat stories touching the top edge: {result.top_edge_required}; "
        f"further top-beat stories placed: {result.top_rest_required}."
    )
    for s in b.stories:
        story = p.stories[s.story]
        state = "exclusive" if s.exclusive else ("published" if s.published else "NOT published")
        out.append(f"  story {s.story} {story.label:<28} value {s.value}  {state:<13} {s.points:+d}")
    for row, n, pts in b.empty_by_row():
        if n:
            out.append(f"  {n} empty cell(s) in row {row}{'':<24} {pts:+d}")
    out.append(f"  {'total':<48} {b.total:+d}   (circulation gain {b.gain})")
    out.append("  optimal: proven" if result.proven_optimal else f"  optimal: NOT proven ({result.status})")
    return "\n".join(out)
