"""Streamlit pieces shared by the pages: page style, drawings, a solved page's panel, tables, errors."""
from __future__ import annotations

import html
from contextlib import contextmanager
from typing import Any, Sequence

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitAPIException

from pennypress.errors import BadInput
from pennypress.solver import PressProblem
from pennypress.solver.result import PressResult
from pennypress.ui.app import session_keys as keys
from pennypress.ui.app import solving
from pennypress.ui.render.explain import TOP_RULE_HELP, breakdown_frame, top_rule_counts, top_rule_text
from pennypress.ui.render.board_svg import BOARD_CSS, board_html, bonus_track_html
from pennypress.ui.render.html_table import TABLE_CSS, table_html
from pennypress.ui.render.ranking_html import RANKING_CSS

PAGE_CSS = """
<style>
/* metric values wrap instead of being cut off with an ellipsis */
[data-testid="stMetricValue"], [data-testid="stMetricValue"] .stMarkdownEllipsis,
[data-testid="stMetricValue"] p {
  white-space: normal !important; overflow: visible !important; text-overflow: clip !important;
  -webkit-line-clamp: unset !important; line-height: 1.2;
}
/* tab labels wrap onto a second line on a phone instead of scrolling out of sight */
[data-testid="stTabs"] [role="tablist"] { flex-wrap: wrap; overflow-x: visible; }
/* on a phone, expanders give their drawings the width (the page and the mats stay over 12 px) */
@media (max-width: 640px) { [data-testid="stExpanderDetails"] { padding-left: 4px; padding-right: 4px; } }
/* drawings and chips */
.pp-svg { max-width: 100%; overflow-x: auto; }
.pp-chip { border-radius: 8px; padding: 0 6px; font-weight: 600; white-space: nowrap; }
/* a mat is never drawn under 0.96 of its size (its text stays over 12 px): as many per row as fit */
.pp-mats { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 372px), 1fr)); gap: 10px; }
.pp-mats > div { min-width: 0; max-width: 460px; }
/* the notation box: the engine's text to read, select (one click selects it all) and copy */
.pp-notation > * { font-family: "Source Code Pro", monospace; font-size: 0.85rem; line-height: 1.5;
  background: #f0f2f6; border-radius: 0.5rem; padding: 0.75rem 1rem; margin-bottom: 0.5rem; }
.pp-notation, .pp-notation * { white-space: pre-wrap !important; overflow-wrap: anywhere; overflow-x: visible !important;
  user-select: all; }
""" + TABLE_CSS + RANKING_CSS + BOARD_CSS + """
</style>
"""


def valid_choice(key: str, options: Sequence[Any], default: Any = None) -> Any:
    """The value of the choice widget ``key`` (radio, selectbox, segmented control), made one of ``options``.

    Streamlit identifies a keyed widget's choice by its label: when the labels change
    (another press, a new analysis, a new tournament) the browser can send back a label
    the options no longer have, and Streamlit then hands back that text instead of an
    option. Call this before drawing the widget (the widget then shows the repaired
    choice) and in callbacks before using the value: an unknown value becomes
    ``default`` (the first option if not given).
    """
    ss = st.session_state
    if key in ss and ss[key] not in options:
        if options:
            ss[key] = options[0] if default is None else default
        else:
            del ss[key]
    return ss.get(key)


def uploaded_json(f) -> Any:
    """The JSON document of an uploaded file (``st.file_uploader``'s value); :class:`BadInput` naming the
    file when it is not UTF-8 text or not JSON."""
    from pennypress.json_text import parse_json_text

    try:
        text = f.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{f.name}: not UTF-8 text") from None
    return parse_json_text(text, f.name)


def page_style() -> None:
    """The app's few style rules (once per page run)."""
    st.html(PAGE_CSS)


def flash() -> None:
    """Show, once, a message another page left for this one (e.g. after a page switch)."""
    message = st.session_state.pop(keys.FLASH, None)
    if message:
        st.success(message)


def link_to(page: str, label: str, icon: str | None = None) -> None:
    """``st.page_link`` to another page of the app (left out when a page runs on its own, e.g. in tests)."""
    try:
        st.page_link(page, label=label, icon=icon)
    except StreamlitAPIException:
        pass


def notation_box(text: str) -> None:
    """The engine's own text -- a position's one line, a press or a record as JSON -- in a box to read,
    select (one click selects it all) and copy; the only place the app shows notation.

    Plain preformatted text, drawn with the page: not ``st.code``, whose syntax highlighter is a
    large script that the browser loads on a page's first visit, and until it has loaded every
    widget of the page (the Position editor's story buttons, the mats) stays a grey placeholder.
    """
    st.markdown(f'<div class="pp-notation"><pre>{html.escape(text)}</pre></div>', unsafe_allow_html=True)


def show_svg(svg: str, min_width: int | None = None) -> None:
    """Put an SVG drawing on the page (inline, so it scales with the column). With ``min_width``
    it never shrinks below that many pixels: on a phone it scrolls sideways instead of
    becoming too small to read (the board, the bonus track)."""
    inner = svg if min_width is None else f'<div style="min-width:{min_width}px">{svg}</div>'
    st.markdown(f'<div class="pp-svg">{inner}</div>', unsafe_allow_html=True)


def show_board(state, marks=None) -> None:
    """The board, in the layout that fits the column (:func:`~pennypress.ui.render.board_svg.board_html`):
    side by side on a wide screen, one beat under the other on a phone; ``marks`` outlines stories."""
    st.markdown(board_html(state, marks), unsafe_allow_html=True)


def show_bonus_track(state) -> None:
    """The bonus track, ten values a row (five on a phone)."""
    st.markdown(bonus_track_html(state), unsafe_allow_html=True)


def show_svgs(svgs: list[str]) -> None:
    """Several drawings side by side that wrap onto new rows on a narrow screen (the mats)."""
    st.markdown('<div class="pp-mats">' + "".join(f"<div>{s}</div>" for s in svgs) + "</div>",
                unsafe_allow_html=True)


def show_table(df: pd.DataFrame, **how) -> None:
    """A read-only table that never cuts text off, a card per row on a phone (:func:`~pennypress.ui.render.html_table.table_html`)."""
    st.markdown(table_html(df, **how), unsafe_allow_html=True)


def wrapped_table(df: pd.DataFrame, signed: tuple[str, ...] = ()) -> None:
    """A small read-only table whose text wraps (``st.table``): nothing is cut off at any width.
    Columns in ``signed`` show their sign (+4, −1)."""
    data = df.style.format({c: lambda v: f"{v:+d}".replace("-", "−") for c in signed}) if signed else df
    st.table(data, hide_index=True)


@contextmanager
def reported(what: str = "This input"):
    """Show :class:`BadInput` as an ``st.error`` instead of a traceback, and stop the page's script
    (nothing below it can be shown)."""
    try:
        yield
    except BadInput as exc:
        st.error(f"{what} cannot be used: {exc}")
        st.stop()


def result_panel(result: PressResult, *, heading: str = "Why this page", total_label: str = "Optimal total") -> None:
    """Metrics, the top-beat rule in words, and the breakdown table of a solved page."""
    c1, c2, c3 = st.columns(3)
    c1.metric(total_label, result.total, help="The best legal page's raw score (can be negative).")
    c2.metric("Circulation gain", result.gain, help="The circulation track never moves back: max(0, total).")
    c3.metric(
        "Search",
        "Proven" if result.proven_optimal else "Not proven",
        help="Proven: no legal page scores more. The solver proves optimality unless its time limit cuts the search short.",
    )
    if not result.proven_optimal:
        st.warning(f"The time limit cut the search short ({result.status}): this is the best page found.")
    st.markdown(f"**{heading}.** {top_rule_text(result)}")
    st.caption(top_rule_counts(result), help=TOP_RULE_HELP)
    breakdown_table(result.problem, result.breakdown)


def breakdown_table(problem: PressProblem, breakdown) -> None:
    """The breakdown (component rows, then the total row), wrapping so no detail is cut off."""
    wrapped_table(breakdown_frame(problem, breakdown)[["Item", "Points", "Detail"]], signed=("Points",))


def solve_with_spinner(problem: PressProblem) -> PressResult:
    with st.spinner("Finding the optimal front page…"):
        return solving.optimal(problem)
