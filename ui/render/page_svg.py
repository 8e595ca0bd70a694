"""The front page drawn like the player mat, as an SVG string (no plotting library).

Pure presentation: it is given a press problem, placements and the exclusive
(as the solver or the checker decided them) and draws them. It computes no
score; the only number it shows on its own is each empty cell's penalty, read
from the solver's vocabulary (:func:`~pennypress.solver.cell_penalty`), and the
cost of an unpublished story when a scored breakdown is passed in.

>>> from pennypress.solver import make_problem, solve
>>> r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
...                        {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}))
>>> svg = result_svg(r)
>>> svg.startswith("<svg") and "EXCLUSIVE ×2" in svg and "★ TOP" in svg
True
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Iterable, Sequence

from pennypress.solver import BEATS, COLUMNS, ROWS, Beat, Placement, PressProblem, cell_penalty
from pennypress.solver.result import PressResult
from pennypress.solver.scoring import Breakdown


@dataclass(frozen=True)
class BeatStyle:
    fill: str
    stroke: str
    text: str


# One clear colour per beat; purple is kept for the advertisement.
BEAT_STYLE: dict[Beat, BeatStyle] = {
    Beat.WAR: BeatStyle("#c62828", "#7f1010", "#ffffff"),
    Beat.CRIME: BeatStyle("#ef8a17", "#9a5200", "#1b1b1b"),
    Beat.POLITICS: BeatStyle("#1e63c6", "#0d3a7a", "#ffffff"),
    Beat.CITY: BeatStyle("#2e9e55", "#176332", "#ffffff"),
    Beat.HUMAN: BeatStyle("#8d6e63", "#4e342e", "#ffffff"),
}
AD_FILL, AD_STROKE = "#6a1b9a", "#3c0c5a"
EMPTY_FILL, EMPTY_STROKE, PENALTY_TEXT = "#f6f2e7", "#b9b09a", "#b3261e"
BAD_STROKE = "#d50000"

CELL = 112
PAD = 5  # gap between a story's rectangle and its cells' edges
LEFT = 40  # room for row labels
TOP = 46  # room for the title and column labels
CHAR_W = 8.2  # average width of a 13px bold character, for wrapping


def beat_colour(beat: Beat | str) -> str:
    return BEAT_STYLE[Beat(beat)].fill


def _wrap(text: str, width_px: float, char_w: float = CHAR_W) -> list[str]:
    """Greedy word wrap to a pixel width."""
    limit = max(4, int(width_px / char_w))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _text(x: float, y: float, s: str, size: int = 13, fill: str = "#1b1b1b", weight: str = "normal",
          anchor: str = "middle", cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}" dominant-baseline="middle"{c}>{escape(s)}</text>'
    )


def _badge(cx: float, cy: float, label: str, fill: str, text: str, stroke: str) -> str:
    w = 9 + len(label) * 6.6
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - 9:.1f}" width="{w:.1f}" height="18" rx="9" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
        + _text(cx, cy + 0.5, label, size=11, fill=text, weight="bold")
    )


def story_caption(problem: PressProblem, i: int) -> str:
    """``Crime & Calamity B · 1★`` style caption of story ``i``."""
    s = problem.stories[i]
    stars = f" · {s.stars}★" if s.stars else ""
    return f"{s.beat.title} {s.shape.value}{stars}"


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
    are outlined in red (e.g. cells where a proposed page's stories overlap).
    Placements that run off the page are drawn clipped to it and dashed;
    ``translucent`` lets overlapping stories and a covered ad show through.
    """
    grid_w, grid_h = COLUMNS * CELL, ROWS * CELL
    placed = {p.story for p in placements}
    unplaced = [i for i in range(len(problem.stories)) if i not in placed]
    cost = {s.story: s.points for s in breakdown.stories} if breakdown is not None else {}

    parts: list[str] = []
    y_cursor = TOP + grid_h + 14
    # --- unpublished stories, listed under the page
    below: list[str] = []
    if unplaced:
        below.append(_text(LEFT, y_cursor + 8, "Not published (claimed, not on the page):", size=13,
                           weight="bold", anchor="start", fill="#333"))
        y_cursor += 24
        for i in unplaced:
            st = BEAT_STYLE[problem.stories[i].beat]
            label = f"story {i}: {story_caption(problem, i)}"
            if i in cost:
                label += f"   {cost[i]:+d}".replace("-", "−")
            below.append(
                f'<rect x="{LEFT}" y="{y_cursor}" width="{grid_w}" height="24" rx="6" fill="{st.fill}" '
                f'stroke="{st.stroke}" stroke-dasharray="5 3" opacity="0.9" class="unpublished"/>'
                + _text(LEFT + 10, y_cursor + 12.5, label, size=13, fill=st.text, weight="bold", anchor="start")
            )
            y_cursor += 30
    # --- legend
    if legend:
        y_cursor += 8
        items = [(b.title, BEAT_STYLE[b].fill, BEAT_STYLE[b].stroke) for b in BEATS]
        items.append(("Advertisement", AD_FILL, AD_STROKE))
        per_row = 3
        col_w = (grid_w + LEFT - 10) / per_row
        for k, (name, fill, stroke) in enumerate(items):
            lx = 10 + (k % per_row) * col_w
            ly = y_cursor + (k // per_row) * 22
            below.append(
                f'<rect x="{lx:.1f}" y="{ly:.1f}" width="14" height="14" rx="3" fill="{fill}" stroke="{stroke}"/>'
                + _text(lx + 20, ly + 7.5, name, size=12, anchor="start", fill="#333")
            )
        y_cursor += 22 * ((len(items) + per_row - 1) // per_row)
    height = y_cursor + 6
    width = LEFT + grid_w + 14

    parts.append(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px;height:auto" '
        f'viewBox="0 0 {width} {height:.0f}" font-family="Helvetica, Arial, sans-serif" role="img" '
        f'class="pennypress-page">'
    )
    parts.append(f"<title>{escape(title or 'Front page')}</title>")
    parts.append(f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#ffffff"/>')
    if title:
        parts.append(_text(LEFT, 12, title, size=14, weight="bold", anchor="start", fill="#111"))
    # column and row labels
    for x in range(COLUMNS):
        parts.append(_text(LEFT + x * CELL + CELL / 2, TOP - 12, f"x = {x}", size=11, fill="#666"))
    for y in range(ROWS):
        label = f"y={y}"
        parts.append(_text(LEFT / 2, TOP + y * CELL + CELL / 2, label, size=11, fill="#666"))
    # cells: empty with penalty, or the ad (cells under a story get only a faint outline)
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
                    + _text(cx + CELL / 2, cy + CELL / 2 - 8, "AD", size=26, fill="#fff", weight="bold")
                    + _text(cx + CELL / 2, cy + CELL / 2 + 18, "advertisement", size=11, fill="#f3e5f5")
                )
            else:
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" '
                    f'fill="{EMPTY_FILL}" stroke="{EMPTY_STROKE}" stroke-dasharray="4 3" class="empty"/>'
                    + _text(cx + CELL / 2, cy + CELL / 2 - 6, f"{cell_penalty(x, y)}".replace("-", "−"),
                            size=24, fill=PENALTY_TEXT, weight="bold")
                    + _text(cx + CELL / 2, cy + CELL / 2 + 18, "empty", size=11, fill="#8a8271")
                )
    # the page border and the top edge
    parts.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{grid_w}" height="{grid_h}" fill="none" stroke="#444" stroke-width="1.5"/>'
    )
    parts.append(
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT + grid_w}" y2="{TOP}" stroke="#111" stroke-width="5"/>'
        + _text(LEFT + grid_w, 12, "▲ top edge", size=12, weight="bold", anchor="end", fill="#111")
    )
    # stories
    for p in placements:
        if not 0 <= p.story < len(problem.stories):
            continue
        s = problem.stories[p.story]
        st = BEAT_STYLE[s.beat]
        x0, y0 = max(p.x, 0), max(p.y, 0)
        x1, y1 = min(p.x + p.w, COLUMNS), min(p.y + p.h, ROWS)
        if x1 <= x0 or y1 <= y0:
            continue  # entirely off the page: listed by the checker
        off_page = not p.in_bounds()
        rx, ry = LEFT + x0 * CELL + PAD, TOP + y0 * CELL + PAD
        rw, rh = (x1 - x0) * CELL - 2 * PAD, (y1 - y0) * CELL - 2 * PAD
        dash = ' stroke-dasharray="8 4"' if off_page else ""
        if translucent:
            dash += ' fill-opacity="0.78"'
        parts.append(
            f'<rect x="{rx}" y="{ry}" width="{rw}" height="{rh}" rx="9" fill="{st.fill}" '
            f'stroke="{st.stroke}" stroke-width="2.5"{dash} class="story" '
            f'data-story="{p.story}" data-beat="{s.beat.value}"/>'
        )
        parts.append(_text(rx + 8, ry + 12, f"#{p.story}", size=11, fill=st.text, anchor="start", weight="bold"))
        if p.w != s.shape.width or p.h != s.shape.height:
            parts.append(_text(rx + rw - 8, ry + 12, "rotated", size=10, fill=st.text, anchor="end"))
        lines = _wrap(s.beat.title, rw - 10)
        shape_line = f"{s.shape.value}" + (f" · {'★' * s.stars}" if s.stars else "")
        badges: list[tuple[str, str, str, str]] = []
        if problem.is_top(p.story):
            badges.append(("★ TOP", "#ffd54f", "#3e2f00", "#8a6d00"))
        if p.story == exclusive:
            badges.append(("EXCLUSIVE ×2", "#ffffff", "#111111", "#111111"))
        if off_page:
            badges.append(("OFF THE PAGE", "#ffebee", BAD_STROKE, BAD_STROKE))
        block = len(lines) * 17 + 20 + len(badges) * 22
        ty = ry + rh / 2 - block / 2 + 9
        for line in lines:
            parts.append(_text(rx + rw / 2, ty, line, size=14, fill=st.text, weight="bold"))
            ty += 17
        parts.append(_text(rx + rw / 2, ty + 2, shape_line, size=14, fill=st.text))
        ty += 24
        for label, fill, text, stroke in badges:
            parts.append(_badge(rx + rw / 2, ty + 2, label, fill, text, stroke))
            ty += 22
    for x, y in bad_cells:
        if 0 <= x < COLUMNS and 0 <= y < ROWS:
            parts.append(
                f'<rect x="{LEFT + x * CELL + 1}" y="{TOP + y * CELL + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                f'fill="none" stroke="{BAD_STROKE}" stroke-width="4" class="bad"/>'
            )
    parts.extend(below)
    parts.append("</svg>")
    return "".join(parts)


def result_svg(result: PressResult, title: str | None = None, legend: bool = True) -> str:
    """Draw a solver result (optimal or k-th best page)."""
    return page_svg(
        result.problem, result.placements, result.exclusive,
        breakdown=result.breakdown, title=title, legend=legend,
    )


def overlap_cells(placements: Sequence[Placement]) -> set[tuple[int, int]]:
    """Cells covered by more than one of ``placements`` (to outline on a proposed page)."""
    seen: set[tuple[int, int]] = set()
    twice: set[tuple[int, int]] = set()
    for p in placements:
        for c in p.cells():
            (twice if c in seen else seen).add(c)
    return twice
