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
/* a chosen option looks chosen, never like an action button: filled dark and bold (segmented controls,
   pills, and the toggle buttons of toggle_button, which also carry a check mark) */
[data-testid="stButtonGroup"] button[aria-checked="true"], [class*="st-key-pp-toggle-on-"] button {
  background: #1f2937 !important; border-color: #1f2937 !important; color: #fff !important;
}
[data-testid="stButtonGroup"] button[aria-checked="true"] *, [class*="st-key-pp-toggle-on-"] button * { color: #fff !important; font-weight: 700; }
[class*="st-key-pp-toggle-on-"] button p::before { content: "✓ "; }
/* the top beats: a label like a metric's, the beats as chips that wrap */
.pp-tops-label { font-size: 0.875rem; margin-bottom: 0.35rem; }
.pp-tops-chips { display: flex; flex-wrap: wrap; gap: 4px 6px; line-height: 1.7; }
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


def held_choice(key: str, options: Sequence[Any], default: Any = None) -> Any:
    """:func:`valid_choice`, and the choice held in the session before the widget is drawn.

    A widget whose key is not in the session starts on its first option in the script, yet the
    browser may still show the choice it had when a widget of the same key and options was last
    drawn (a story clicked again): the page would announce one move and play another. Holding the
    value makes Streamlit send it to the browser, so what the widget shows is what the page reads.
    Only for a widget drawn without an ``index`` of its own, and before it is drawn."""
    chosen = valid_choice(key, options, default)
    if chosen is None and options:
        chosen = st.session_state[key] = options[0] if default is None else default
    return chosen


def uploaded_text(f) -> str:
    """The text of an uploaded file (``st.file_uploader``'s value); :class:`BadInput` naming the file when it
    is larger than pennypress reads (:data:`~pennypress.json_text.MAX_FILE_BYTES`) or not UTF-8 text."""
    from pennypress.json_text import check_file_size

    data = f.getvalue()
    check_file_size(f.name, len(data))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{f.name}: not UTF-8 text") from None


def uploaded_json(f) -> Any:
    """The JSON document of an uploaded file (``st.file_uploader``'s value); :class:`BadInput` naming the
    file when it is too large, not UTF-8 text or not JSON."""
    from pennypress.json_text import parse_json_text

    return parse_json_text(uploaded_text(f), f.name)


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


def toggle_button(label: str, key: str, selected: bool, on_click, args: tuple = (), **how) -> bool:
    """A button that is a choice, not an action ("No advertisement"): drawn selected (filled dark, bold,
    a check mark) while ``selected``, plain otherwise -- never the red of an action button."""
    with st.container(key=f"pp-toggle-{'on' if selected else 'off'}-{key}"):
        return st.button(label, key=key, on_click=on_click, args=args, type="secondary", **how)


def top_beats(tops, where=None, help: str | None = None) -> None:
    """The top beats, compact: a small label and one chip per beat in its colour (a metric's big type
    would wrap five beat names over several lines); all five tied said so."""
    from pennypress.ui.render.styles import BEAT_STYLE

    tops = list(tops)
    chips = " ".join(f'<span class="pp-chip" style="background:{BEAT_STYLE[b].fill};color:{BEAT_STYLE[b].text}">'
                     f"{html.escape(b.title)}</span>" for b in tops)
    label = "Top beat" if len(tops) == 1 else "Top beats"
    tied = " (all five tied)" if len(tops) == 5 else ""
    (where or st).markdown(f'<div class="pp-tops"><div class="pp-tops-label">{label}{tied}</div>'
                           f'<div class="pp-tops-chips">{chips or "none"}</div></div>', unsafe_allow_html=True,
                           help=help)


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


def show_board(state, marks=None, arrows=()) -> None:
    """The board, in the layout that fits the column (:func:`~pennypress.ui.render.board_svg.board_html`):
    side by side on a wide screen, one beat under the other on a phone; ``marks`` outlines stories,
    ``arrows`` draws moves of reporters."""
    st.markdown(board_html(state, marks, arrows), unsafe_allow_html=True)


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


PROOF_WORDS = {True: "Proven optimal page", False: "Best page found, not proven optimal"}
"""The solver's status as a player reads it (never its code: OPTIMAL, FEASIBLE, Proven)."""
PROOF_HELP = ("Proven optimal: no legal page scores more. The solver proves it unless its time limit cuts the "
              "search short; then the page shown is the best it found, and a better one may exist.")


def result_panel(result: PressResult, *, heading: str = "Why this page", total_label: str = "Optimal total",
                 optimal: bool = True) -> None:
    """Metrics, whether the page is proven optimal (in words), the top-beat rule in words, and the breakdown
    table of a solved page. ``optimal`` False for a lower-scoring example page (then only a search cut
    short is said)."""
    c1, c2 = st.columns(2)
    c1.metric(total_label, result.total, help="The best legal page's raw score (can be negative)."
              if optimal else "This page's raw score (can be negative).")
    c2.metric("Circulation gain", result.gain, help="The circulation track never moves back: max(0, total).")
    if result.proven_optimal:
        if optimal:
            st.markdown(f":green-badge[:material/verified: {PROOF_WORDS[True]}]", help=PROOF_HELP)
    else:
        st.warning(f"{PROOF_WORDS[False]}: the time limit cut the search short, so a better page may exist.")
    st.markdown(f"**{heading}.** {top_rule_text(result)}")
    st.caption(top_rule_counts(result), help=TOP_RULE_HELP)
    breakdown_table(result.problem, result.breakdown)


def breakdown_table(problem: PressProblem, breakdown) -> None:
    """The breakdown (component rows, then the total row), wrapping so no detail is cut off."""
    wrapped_table(breakdown_frame(problem, breakdown)[["Item", "Points", "Detail"]], signed=("Points",))


def solve_with_spinner(problem: PressProblem) -> PressResult:
    with st.spinner("Finding the optimal front page…"):
        return solving.optimal(problem)
