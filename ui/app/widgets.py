"""Streamlit pieces shared by the pages: the page drawing, a solved page's panel, errors."""
from __future__ import annotations

from contextlib import contextmanager

import streamlit as st
from streamlit.errors import StreamlitAPIException

from pennypress.solver import BadInput, PressProblem
from pennypress.solver.result import PressResult

from . import solving
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.explain import breakdown_frame, top_rule_text


def link_to(page: str, label: str, icon: str | None = None) -> None:
    """``st.page_link`` to another page of the app (left out when a page runs on its own, e.g. in tests)."""
    try:
        st.page_link(page, label=label, icon=icon)
    except StreamlitAPIException:
        pass


def show_svg(svg: str) -> None:
    """Put an SVG drawing on the page (inline, so it scales with the column)."""
    st.markdown(
        f'<div class="pp-page" style="max-width:100%;overflow-x:auto">{svg}</div>',
        unsafe_allow_html=True,
    )


@contextmanager
def reported(what: str = "This input"):
    """Show :class:`BadInput` (and anything unexpected) as an ``st.error`` instead of a traceback.

    Stops the page's script after the message: nothing below it can be shown.
    """
    try:
        yield
    except BadInput as exc:
        st.error(f"{what} cannot be used: {exc}")
        st.stop()


def result_panel(
    result: PressResult, *, key: str, heading: str = "Why this page", total_label: str = "Optimal total"
) -> None:
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
    st.caption(
        f"Top-beat rule for this press: T* = {result.top_edge_required} top-beat "
        f"{'story' if result.top_edge_required == 1 else 'stories'} touching the top edge, then "
        f"R* = {result.top_rest_required} more placed."
    )
    breakdown_table(result.problem, result.breakdown, key=f"{key}_breakdown")


def breakdown_table(problem: PressProblem, breakdown, *, key: str) -> None:
    """The breakdown dataframe (component rows, then the total row)."""
    st.dataframe(
        breakdown_frame(problem, breakdown), hide_index=True, key=key, width="stretch",
        column_order=["Item", "Points", "Detail"],
        column_config={
            "Item": st.column_config.TextColumn("Item", width="medium"),
            "Detail": st.column_config.TextColumn("Detail"),
            "Points": st.column_config.NumberColumn("Points", width="small", format="%+d"),
        },
    )


def solve_with_spinner(problem: PressProblem) -> PressResult:
    with st.spinner("Finding the optimal front page…"):
        return solving.optimal(problem)


def draw_result(result: PressResult, title: str) -> None:
    show_svg(result_svg(result, title=title))
