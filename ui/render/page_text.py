"""The front page as text, for the terminal (``pennypress demo``, ``layout --text``, ``check --text``).

Stories are numbered as on the app's drawings (#0, #1, ...) and named with their
beat as players say it; the breakdown and the top-beat rule are the app's own
words (:mod:`.explain`).

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
...                        {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> print(render_page(r.problem, r.placements, r.exclusive).splitlines()[1])
| #1 Politics A* |   #2 Crime B!  |    #3 War D    |    #3 War D    |
"""
from __future__ import annotations

from typing import Sequence

from pennypress.solver import CheckResult, Placement, PressProblem, story_tag
from pennypress.solver.result import PressResult
from pennypress.solver.scoring import Breakdown
from pennypress.solver.vocab import COLUMNS, ROWS, cell_penalty

from .explain import RULE_WORDS, breakdown_frame, top_rule_text
from .page_svg import minus
from .styles import beat_short
from .words import plural

_CELL = 16
LEGEND = "* top beat   ! exclusive (scores twice)   AD the advertisement   −2/−1 an empty cell's penalty"


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
                txt = "clash " + " ".join(story_tag(i) for i in here)
            elif here:
                i = here[0]
                s = problem.stories[i]
                mark = "*" if problem.is_top(i) else ("!" if i == exclusive else "")
                txt = f"{story_tag(i)} {beat_short(s.beat)} {s.shape.value}{mark}"
            elif (x, y) == problem.ad:
                txt = "AD"
            else:
                txt = minus(cell_penalty(x, y))
            cells.append(txt.center(_CELL))
        lines.append("|" + "|".join(cells) + "|")
        lines.append(border)
    return "\n".join(lines)


def _breakdown_lines(problem: PressProblem, b: Breakdown) -> list[str]:
    """The app's breakdown rows (:func:`~.explain.breakdown_frame`), one a line, the points aligned."""
    df = breakdown_frame(problem, b)
    width = max(len(item) for item in df["Item"])
    out = [f"  {item:<{width}}  {minus(points) if points < 0 else f'+{points}':>4}  {detail}"
           for item, detail, points in zip(df["Item"], df["Detail"], df["Points"])]
    out[-1] += f" (circulation gain {b.gain})"
    return out


def render_result(result: PressResult, heading: str | None = None) -> str:
    """A solved page: the grid, the top-beat rule in words, the breakdown, proof status."""
    p = result.problem
    out = [heading] if heading else []
    out += [render_page(p, result.placements, result.exclusive), LEGEND, top_rule_text(result)]
    out += _breakdown_lines(p, result.breakdown)
    out.append("Proven optimal: no legal page scores more." if result.proven_optimal
               else f"NOT proven optimal ({result.status}): the time limit cut the search short.")
    return "\n".join(out)


def render_check(problem: PressProblem, placements: Sequence[Placement], verdict: CheckResult) -> str:
    """A proposed page and the checker's verdict: legal or every broken rule, score and loss."""
    out = [render_page(problem, placements, verdict.exclusive), LEGEND]
    if verdict.legal:
        out += _breakdown_lines(problem, verdict.breakdown)
        out.append(f"Legal; the optimal page scores {verdict.optimal_total}: "
                   + ("nothing lost." if verdict.loss == 0 else f"{plural(verdict.loss, 'point')} lost."))
    else:
        out.append(f"NOT legal ({plural(len(verdict.violations), 'rule')} broken); "
                   f"the optimal page scores {verdict.optimal_total}:")
        out += [f"  - {RULE_WORDS[v.rule]}: {v.message}" for v in verdict.violations]
    return "\n".join(out)
