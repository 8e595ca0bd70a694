"""The front page drawn like the player mat, as an SVG string (no plotting library).

Pure presentation: it is given a press problem, placements and the exclusive
(as the solver or the checker decided them) and draws them. It computes no
score; the only numbers it shows on its own are each empty cell's printed
penalty (:func:`~pennypress.solver.cell_penalty`) and, when a scored breakdown
is passed in, the cost of an unpublished story.

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
...                        {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> svg = result_svg(r)
>>> svg.startswith("<svg") and ">EXCL. ×2<" in svg and "★ TOP" in svg  # Crime B is one cell wide: EXCLUSIVE shortened
True
"""
from __future__ import annotations

from typing import Iterable, Sequence

from pennypress.solver import BEATS, COLUMNS, ROWS, Placement, PressProblem, cell_penalty, story_tag
from pennypress.solver.result import PressResult
from pennypress.solver.scoring import Breakdown

from .styles import AD_FILL, AD_STROKE, BAD_STROKE, BEAT_STYLE, EMPTY_FILL, EMPTY_STROKE, PENALTY_TEXT, TOP_BADGE
from .svg import badge, svg_open, text, wrap

CELL = 104
PAD = 5  # gap between a story's rectangle and its cells' edges
LEFT = 10
TOP = 34  # room for the title and the top-edge mark
TEXT = 16
"""The smallest text on a page drawing: a phone shows the drawing at 0.8 of its size or more, so 12.8 px."""
BOLD_CHAR = 10.0
"""Average width of a 16 px bold character, for wrapping and badges."""


def minus(n: int) -> str:
    """A number with a real minus sign: ``minus(-2) == '−2'``."""
    return f"{n}".replace("-", "−")


def page_svg(
    problem: PressProblem,
    placements: Sequence[Placement],
    exclusive: int | None,
    *,
    breakdown: Breakdown | None = None,
    title: str | None = None,
    bad_cells: Iterable[tuple[int, int]] = (),
    legend: bool = True,
    translucent: bool = False,
) -> str:
    """Draw a page: coloured stories, the ad, empty cells with their penalty, badges, unpublished list.

    ``breakdown`` (a scored page) adds each unpublished story's cost; ``bad_cells``
    are outlined in red (e.g. the cells the checker found two stories share).
    Placements that run off the page are drawn clipped to it and dashed;
    ``translucent`` lets overlapping stories and a covered ad show through.
    """
    grid_w, grid_h = COLUMNS * CELL, ROWS * CELL
    placed = {p.story for p in placements}
    unplaced = [i for i in range(len(problem.stories)) if i not in placed]
    cost = {s.story: s.points for s in breakdown.stories} if breakdown is not None else {}
    below, y_cursor = _below(problem, unplaced, cost, legend, TOP + grid_h + 14)
    height = y_cursor + 6
    width = LEFT + grid_w + LEFT

    parts = [svg_open(width, height, "pennypress-page", title or "Front page"),
             f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#ffffff"/>']
    if title:
        parts.append(text(LEFT, 14, title, size=18, weight="bold", anchor="start", fill="#111"))
    parts += _cells(problem, placements)
    # the page border and the top edge
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{grid_w}" height="{grid_h}" fill="none" stroke="#444" stroke-width="1.5"/>'
    )
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT + grid_w}" y2="{TOP}" stroke="#111" stroke-width="5"/>'
        + text(LEFT + grid_w, 14, "▲ top edge", size=TEXT, weight="bold", anchor="end", fill="#111")
    )
    for p in placements:
        parts += _story(problem, p, exclusive, translucent)
    for x, y in bad_cells:
        if 0 <= x < COLUMNS and 0 <= y < ROWS:
            parts.append(
                f'<rect x="{LEFT + x * CELL + 1}" y="{TOP + y * CELL + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                f'fill="none" stroke="{BAD_STROKE}" stroke-width="4" class="bad"/>'
            )
    parts.extend(below)
    parts.append("</svg>")
    return "".join(parts)


def _below(problem: PressProblem, unplaced: list[int], cost: dict[int, int], legend: bool,
           y_cursor: float) -> tuple[list[str], float]:
    """What stands below the page from ``y_cursor`` down: the stories not published (each with its cost
    where ``cost`` has it) and the legend; and where it ends."""
    grid_w = COLUMNS * CELL
    below: list[str] = []
    if unplaced:
        below.append(text(LEFT, y_cursor + 9, "Not published (claimed, not on the page):", size=TEXT,
                          weight="bold", anchor="start", fill="#333"))
        y_cursor += 26
        for i in unplaced:
            st = BEAT_STYLE[problem.stories[i].beat]
            label = problem.stories[i].numbered(i)
            if i in cost:
                label += f"   {minus(cost[i]) if cost[i] < 0 else f'+{cost[i]}'}"
            below.append(
                f'<rect x="{LEFT}" y="{y_cursor}" width="{grid_w}" height="28" rx="6" fill="{st.fill}" '
                f'stroke="{st.stroke}" stroke-dasharray="5 3" opacity="0.9" class="unpublished"/>'
                + text(LEFT + 10, y_cursor + 14.5, label, size=TEXT, fill=st.text, weight="bold", anchor="start")
            )
            y_cursor += 34
    if legend:
        y_cursor += 8
        items = [(b.title, BEAT_STYLE[b].fill, BEAT_STYLE[b].stroke) for b in BEATS]
        items.append(("Advertisement", AD_FILL, AD_STROKE))
        per_row = 2
        col_w = grid_w / per_row
        for k, (name, fill, stroke) in enumerate(items):
            lx = LEFT + (k % per_row) * col_w
            ly = y_cursor + (k // per_row) * 26
            below.append(
                f'<rect x="{lx:.1f}" y="{ly:.1f}" width="16" height="16" rx="3" fill="{fill}" stroke="{stroke}"/>'
                + text(lx + 22, ly + 8.5, name, size=TEXT, anchor="start", fill="#333")
            )
        y_cursor += 26 * ((len(items) + per_row - 1) // per_row)
    return below, y_cursor


def _cells(problem: PressProblem, placements: Sequence[Placement]) -> list[str]:
    """The cells: empty with their printed penalty, or the ad (cells under a story get only a faint outline)."""
    parts = []
    covered = {c for p in placements for c in p.cells()}
    for y in range(ROWS):
        for x in range(COLUMNS):
            cx, cy = LEFT + x * CELL, TOP + y * CELL
            if (x, y) in covered and problem.ad != (x, y):
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
                    f'fill="#fbfaf6" stroke="{EMPTY_STROKE}" stroke-dasharray="4 3"/>'
                )
            elif problem.ad == (x, y):
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
                    f'fill="{AD_FILL}" stroke="{AD_STROKE}" stroke-width="2" class="ad"/>'
                    + text(cx + CELL / 2, cy + CELL / 2 - 8, "AD", size=26, fill="#fff", weight="bold")
                    + text(cx + CELL / 2, cy + CELL / 2 + 20, "advert", size=TEXT, fill="#f3e5f5")
                )
            else:
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
                    f'fill="{EMPTY_FILL}" stroke="{EMPTY_STROKE}" stroke-dasharray="4 3" class="empty"/>'
                    + text(cx + CELL / 2, cy + CELL / 2 - 6, minus(cell_penalty(x, y)),
                           size=24, fill=PENALTY_TEXT, weight="bold")
                    + text(cx + CELL / 2, cy + CELL / 2 + 20, "empty", size=TEXT, fill="#7d7564")
                )
    return parts


def _story(problem: PressProblem, p: Placement, exclusive: int | None, translucent: bool) -> list[str]:
    """One placed story: its rectangle clipped to the page (dashed where it runs off), its number, beat, shape
    and badges; nothing for a story the problem lacks or one entirely off the page (the checker names it)."""
    if not 0 <= p.story < len(problem.stories):
        return []
    s = problem.stories[p.story]
    st = BEAT_STYLE[s.beat]
    x0, y0 = max(p.x, 0), max(p.y, 0)
    x1, y1 = min(p.x + p.w, COLUMNS), min(p.y + p.h, ROWS)
    if x1 <= x0 or y1 <= y0:
        return []
    off_page = not p.in_bounds()
    rx, ry = LEFT + x0 * CELL + PAD, TOP + y0 * CELL + PAD
    rw, rh = (x1 - x0) * CELL - 2 * PAD, (y1 - y0) * CELL - 2 * PAD
    dash = ' stroke-dasharray="8 4"' if off_page else ""
    if translucent:
        dash += ' fill-opacity="0.78"'
    parts = [
        f'<rect x="{rx}" y="{ry}" width="{rw}" height="{rh}" rx="9" fill="{st.fill}" '
        f'stroke="{st.stroke}" stroke-width="2.5"{dash} class="story" '
        f'data-story="{p.story}" data-beat="{s.beat.value}"/>'
    ]
    parts.append(text(rx + 8, ry + 13, story_tag(p.story), size=TEXT, fill=st.text, anchor="start", weight="bold"))
    lines = wrap(s.beat.title, rw - 10, char_w=BOLD_CHAR)
    shape_line = f"{s.shape.value}" + (f" {'★' * s.stars}" if s.stars else "")
    badges: list[tuple[str, str, str, str]] = []
    if problem.is_top(p.story):
        badges.append(("★ TOP", TOP_BADGE.fill, TOP_BADGE.text, TOP_BADGE.stroke))
    if p.story == exclusive:
        badges += _fitted(("EXCLUSIVE ×2", "EXCL. ×2"), rw, "#ffffff", "#111111", "#111111")
    if off_page:
        badges += _fitted(("OFF THE PAGE", "OFF PAGE"), rw, "#ffebee", BAD_STROKE, BAD_STROKE)
    block = len(lines) * 19 + 22 + len(badges) * 27
    ty = ry + rh / 2 - block / 2 + 10
    for line in lines:
        parts.append(text(rx + rw / 2, ty, line, size=TEXT, fill=st.text, weight="bold"))
        ty += 19
    parts.append(text(rx + rw / 2, ty + 2, shape_line, size=TEXT, fill=st.text))
    ty += 26
    for label, fill, fg, stroke in badges:
        parts.append(badge(rx + rw / 2, ty + 2, label, fill, fg, stroke, size=TEXT))
        ty += 27
    return parts


def _fitted(labels: tuple[str, ...], room: float, fill: str, fg: str, stroke: str) -> list[tuple[str, str, str, str]]:
    """The first of ``labels`` (badge texts, longest first) whose badge fits in ``room``, split at its last
    space into two badges if that is what fits (a story one cell wide)."""
    def fits(label: str) -> bool:
        return 9 + len(label) * TEXT * 0.62 <= room - 4

    for label in labels:
        if fits(label):
            return [(label, fill, fg, stroke)]
        if " " in label and all(fits(part) for part in label.rsplit(" ", 1)):
            return [(part, fill, fg, stroke) for part in label.rsplit(" ", 1)]
    return [(labels[-1], fill, fg, stroke)]


def result_svg(result: PressResult, title: str | None = None, legend: bool = True) -> str:
    """Draw a solver result (optimal or k-th best page)."""
    return page_svg(
        result.problem, result.placements, result.exclusive,
        breakdown=result.breakdown, title=title, legend=legend,
    )


def footprint_svg(problem: PressProblem, story: int, w: int, h: int, size: int = 22) -> str:
    """A small drawing of one story in one orientation (``w`` cells wide, ``h`` tall), for pickers.

    >>> from pennypress.solver import make_problem
    >>> p = make_problem([("war", "D", 3)], {"war": 3, "crime": 0, "politics": 0, "city": 0, "human": 0})
    >>> 'width="44"' in footprint_svg(p, 0, 2, 3)
    True
    """
    st = BEAT_STYLE[problem.stories[story].beat]
    cells = "".join(
        f'<rect x="{1 + x * size}" y="{1 + y * size}" width="{size - 2}" height="{size - 2}" rx="3" '
        f'fill="{st.fill}" stroke="{st.stroke}"/>'
        for y in range(h) for x in range(w)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * size}" height="{h * size}" '
        f'viewBox="0 0 {w * size} {h * size}" role="img" class="pennypress-footprint">'
        f"<title>{w} wide, {h} tall</title>{cells}</svg>"
    )
