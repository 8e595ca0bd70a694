"""A picture of the 4×3 front page to click: one button per cell, laid out as the mat.

It stays a 4×3 grid at phone width (``st.grid(..., wrap=False)``); each cell
shows what the mat shows there -- its printed penalty, the ad, or the story on
it, in the story's beat colour -- and the top row is marked as the top edge.
What a click does is the page's business (``on_click(x, y)``).

:func:`cell_face` is pure, for tests:

>>> from pennypress.solver import make_problem, Placement
>>> p = make_problem([("war", "D", 3)], {"war": 3, "crime": 0, "politics": 0, "city": 0, "human": 0}, ad=(0, 2))
>>> cell_face((3, 1), p.ad, p, [Placement(0, 2, 0, 2, 3)]), cell_face((1, 0), p.ad), cell_face((0, 2), p.ad)
(('#1', '#c62828', '#ffffff'), ('−2', None, None), ('AD', '#6a1b9a', '#ffffff'))
"""
from __future__ import annotations

from typing import Callable, Sequence

import streamlit as st

from pennypress.solver import COLUMNS, ROWS, Placement, PressProblem, cell_penalty, story_tag
from pennypress.ui.render.page_svg import minus
from pennypress.ui.render.styles import AD_FILL, BAD_STROKE, BEAT_STYLE, EMPTY_FILL, PENALTY_TEXT
from pennypress.ui.render.words import cell_words


def cell_face(
    cell: tuple[int, int],
    ad: tuple[int, int] | None,
    problem: PressProblem | None = None,
    placements: Sequence[Placement] = (),
) -> tuple[str, str | None, str | None]:
    """``(label, background, text colour)`` of one cell: the stories of ``problem`` placed on it,
    the ad, or its printed penalty."""
    on = [p.story for p in placements if cell in set(p.cells())]
    if len(on) > 1:
        return " ".join(story_tag(i) for i in on), "#ffebee", BAD_STROKE
    if on:
        style = BEAT_STYLE[problem.stories[on[0]].beat]
        return story_tag(on[0]), style.fill, style.text
    if ad is not None and tuple(ad) == tuple(cell):
        return "AD", AD_FILL, "#ffffff"
    return minus(cell_penalty(*cell)), None, None


def mat_grid(
    *,
    grid_key: str,
    cell_key: Callable[[int, int], str],
    face: Callable[[int, int], tuple[str, str | None, str | None]],
    on_click: Callable[[int, int], None],
    chosen: Callable[[int, int], bool] = lambda x, y: False,
    help_text: Callable[[int, int], str] = lambda x, y: cell_words((x, y)),
) -> None:
    """Draw the grid of cell buttons (labels and colours from ``face``; ``chosen`` cells outlined)."""
    css = [
        f".st-key-{grid_key} button {{min-height: 3.1rem; padding: 0.1rem; font-weight: 700;}}",
        f".st-key-{grid_key} {{border-top: 5px solid #111; padding-top: 4px;}}",
    ]
    for y in range(ROWS):
        for x in range(COLUMNS):
            _, bg, fg = face(x, y)
            key = cell_key(x, y)
            if bg:
                css.append(f".st-key-{key} button {{background: {bg}; color: {fg}; border-color: {bg};}}")
            elif y == 0:
                css.append(f".st-key-{key} button {{background: {EMPTY_FILL}; color: {PENALTY_TEXT};}}")
            else:
                css.append(f".st-key-{key} button {{color: {PENALTY_TEXT};}}")
            if chosen(x, y):
                css.append(f".st-key-{key} button {{outline: 3px solid #111; outline-offset: 1px;}}")
    st.html("<style>" + "\n".join(css) + "</style>")
    grid = st.grid(COLUMNS, wrap=False, min_column_width=44, gap="xxsmall", key=grid_key)
    with grid:
        for y in range(ROWS):
            for x in range(COLUMNS):
                label, _, _ = face(x, y)
                st.button(
                    label, key=cell_key(x, y), on_click=on_click, args=(x, y), width="stretch",
                    type="primary" if chosen(x, y) else "secondary", help=help_text(x, y),
                )
