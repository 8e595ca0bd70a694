"""Words and tables for a solved page: the top-beat rule and the score breakdown.

Everything here describes numbers the solver already produced; it adds no
rule and does no scoring of its own (the breakdown rows are the solver's
:class:`~pennypress.solver.scoring.Breakdown` components, the total row is the
breakdown's own total).

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
...                        {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> print(top_rule_text(r))
Politics is the top beat. 1 top-beat story can touch the top edge and this page places it there; no further top-beat stories to place.
>>> df = breakdown_frame(r.problem, r.breakdown)
>>> list(df["Points"]), df["Item"][0]
([4, 6, 3, -1, 12], '#1 Politics A ★★')
>>> print(top_rule_counts(r))
Top-beat stories that must touch the top edge: 1; further top-beat stories that must be placed: 0.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pennypress.solver import PressProblem, cell_penalty
from pennypress.solver.result import PressResult
from pennypress.solver.scoring import Breakdown

from .page_svg import minus
from .words import names_and as _names
from .words import numbered_story as story_label
from .words import plural as _n
from .words import row_words

if TYPE_CHECKING:
    import pandas as pd

RULE_WORDS = {
    "bounds": "Off the page", "overlap": "Overlap", "ad": "The advertisement", "shape": "Shape",
    "duplicate": "Placed twice", "top-edge": "Top edge", "top-total": "Top-beat stories", "exclusive": "Exclusive",
}
"""The checker's rule ids (the command line's JSON) as the app and the ``--text`` reports name them."""

TOP_RULE_HELP = (
    "The rulebook's top-beat rule (p. 8), in the solver's terms: T* is the most top-beat stories that "
    "can touch the top edge at once; R* the most further top-beat stories that can then still be placed. "
    "A legal page has exactly T* on the top edge and T* + R* in all."
)


def top_rule_counts(result: PressResult) -> str:
    """The top-beat rule's two counts for this press in words (T* and R*; the terms are in
    :data:`TOP_RULE_HELP`)."""
    return (
        f"Top-beat stories that must touch the top edge: {result.top_edge_required}; "
        f"further top-beat stories that must be placed: {result.top_rest_required}."
    )


def top_beats_text(problem: PressProblem) -> str:
    tops = [b.title for b in problem.beat_values if b in problem.top_beats]
    value = max(problem.beat_values.values())
    if len(tops) == 1:
        return f"{tops[0]} is the top beat."
    return f"{_names(tops)} are the top beats (tied at {value})."


def top_rule_text(result: PressResult) -> str:
    """The top-beat rule for this press in words: T* on the top edge, then R* further ones."""
    problem = result.problem
    t_star, r_star = result.top_edge_required, result.top_rest_required
    n_top = sum(1 for i in range(len(problem.stories)) if problem.is_top(i))
    head = top_beats_text(problem)
    if n_top == 0:
        return head + " None of the claimed stories is from a top beat, so the top-beat rule places nothing."
    if t_star == 0:
        edge = (
            f"None of the {_n(n_top, 'top-beat story', 'top-beat stories')} can touch the top edge"
            " (the advertisement is in the way)"
        )
    elif t_star == 1:
        edge = "1 top-beat story can touch the top edge and this page places it there"
    else:
        edge = f"{t_star} top-beat stories can touch the top edge at once and this page places them there"
    edge_rest_total = n_top - t_star
    if edge_rest_total == 0:
        rest = "no further top-beat stories to place."
    elif r_star == edge_rest_total:
        rest = (
            f"the other {_n(r_star, 'top-beat story', 'top-beat stories')} "
            f"{'is' if r_star == 1 else 'are'} placed lower on the page."
        )
    elif r_star == 0:
        rest = (
            f"there is then no room for the other {_n(edge_rest_total, 'top-beat story', 'top-beat stories')}, "
            f"so {'it is' if edge_rest_total == 1 else 'they are'} not published."
        )
    else:
        rest = (
            f"of the other {edge_rest_total} top-beat stories, {r_star} can still be placed and "
            f"{'is' if r_star == 1 else 'are'}; the rest {'is' if edge_rest_total - r_star == 1 else 'are'} not published."
        )
    return f"{head} {edge}; {rest}"


def breakdown_frame(problem: PressProblem, breakdown: Breakdown) -> pd.DataFrame:
    """The score, one row per component, then a total row; the component rows add up to it.

    Stories: published ones score their beat value (the exclusive twice), claimed
    but unpublished ones cost it. Empty cells: one row per page row that has any.
    """
    rows: list[dict] = []
    for s in breakdown.stories:
        if s.exclusive:
            detail = f"published, EXCLUSIVE: value {s.value} counted twice"
        elif s.published:
            detail = f"published{' (top beat)' if s.top else ''}: beat value {s.value}"
        else:
            detail = f"NOT published: loses its beat value {s.value}"
        rows.append({"Item": story_label(problem, s.story), "Detail": detail, "Points": s.points})
    for row, count, points in breakdown.empty_by_row():
        if count:
            each = minus(cell_penalty(0, row))
            rows.append(
                {
                    "Item": f"Empty cells in the {row_words(row)}" + (" (the top edge)" if row == 0 else ""),
                    "Detail": f"{_n(count, 'empty cell')}, {each} each",
                    "Points": points,
                }
            )
    rows.append({"Item": "Total", "Detail": "sum of the rows above", "Points": breakdown.total})
    import pandas as pd  # here, not at the top: only what draws this table pays for pandas

    return pd.DataFrame(rows, columns=["Item", "Detail", "Points"])


def arithmetic(points: list[int], total: int) -> str:
    """``4 + 6 + 3 − 1 = 12``: the sum written out (the caller passes the components and their total).

    >>> arithmetic([4, 6, 3, -1], 12)
    '4 + 6 + 3 − 1 = 12'
    >>> arithmetic([-3], -3)
    '−3 = −3'
    """
    if not points:
        return f"0 = {total}".replace("-", "−")
    text = f"{points[0]}".replace("-", "−")
    for p in points[1:]:
        text += f" + {p}" if p >= 0 else f" − {-p}"
    return f"{text} = {total}".replace("-", "−")


def breakdown_arithmetic(problem: PressProblem, breakdown: Breakdown) -> str:
    """The breakdown's component rows summed: the page's score written out."""
    df = breakdown_frame(problem, breakdown)
    return arithmetic([int(p) for p in df["Points"][:-1]], int(df["Points"].iloc[-1]))
