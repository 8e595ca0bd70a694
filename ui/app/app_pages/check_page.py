"""Check my page: place your own front page and see it judged against the optimal one."""
from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from pennypress.solver import BadInput, Placement, ProposedPage
from pennypress.ui.app import layout_table, shared_press as state, solving
from pennypress.ui.render.page_svg import overlap_cells, page_svg, result_svg
from pennypress.ui.render.explain import story_label
from pennypress.ui.app.widgets import breakdown_table, link_to, reported, show_svg, solve_with_spinner

state.init(st)
ss = st.session_state

st.title("Check my page")
st.caption(
    "Lay out the press from the Press desk the way you would at the table; the checker says whether "
    "the page is legal, names every broken rule, and counts the points it gives away."
)
link_to("app_pages/press_desk.py", "Change the stories, values or ad on the Press desk", ":material/edit:")

with reported("The press from the Press desk"):
    problem = state.current_problem(st)
optimum = solve_with_spinner(problem)
press_key = solving.key_of(problem)

# ------------------------------------------------------------------ the player's layout
if ss.get("chk_for") != press_key:  # a new press: start from the optimal page
    ss["chk_table"] = layout_table.table_from_placements(problem, optimum.placements)
    ss["chk_for"] = press_key
    ss.pop("chk_editor", None)
    ss.pop("chk_pasted", None)
    ss["chk_exclusive"] = "best"


def _start_from(which: str) -> None:
    placements = optimum.placements if which == "optimal" else ()
    ss["chk_table"] = layout_table.table_from_placements(problem, placements)
    ss.pop("chk_editor", None)
    ss.pop("chk_pasted", None)


def _load_layout() -> None:
    try:
        page = layout_table.parse_layout_text(ss.get("chk_paste", ""), problem)
    except BadInput as exc:
        ss["chk_error"] = str(exc)
        return
    ss["chk_table"] = layout_table.table_from_placements(problem, page.placements)
    ss.pop("chk_editor", None)
    # The table speaks only "as printed"/"rotated"; keep the pasted rectangles exactly
    # (a wrong size or a duplicate is for the checker to report) until the table is edited.
    ss["chk_pasted"] = (ss["chk_table"].to_json(), list(page.placements))
    if page.exclusive_declared:
        ss["chk_exclusive"] = "none" if page.exclusive is None else str(page.exclusive)
    else:
        ss["chk_exclusive"] = "best"


st.subheader("Your page")
b1, b2, _ = st.columns([2, 2, 6])
b1.button("Start from the optimal page", on_click=_start_from, args=("optimal",), key="chk_from_optimal")
b2.button("Start from an empty page", on_click=_start_from, args=("empty",), key="chk_from_empty")
with st.expander("Or paste a layout (JSON, as in `pennypress check`)"):
    st.text_area(
        'Layout: {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2}, …], "exclusive": 1}',
        key="chk_paste", height=120,
    )
    st.button("Load pasted layout", on_click=_load_layout, key="chk_load_paste")
if ss.get("chk_error"):
    st.error(f"The layout was not loaded: {ss.pop('chk_error')}")

table = st.data_editor(
    ss["chk_table"],
    key="chk_editor",
    hide_index=True,
    num_rows="fixed",
    width="stretch",
    disabled=["Story"],
    column_config={
        "Story": st.column_config.TextColumn("Story", width="medium"),
        "On page": st.column_config.CheckboxColumn("On page", help="Untick a story you leave off the page"),
        "x": st.column_config.SelectboxColumn("x (column)", options=list(range(4)), help="left edge, 0..3"),
        "y": st.column_config.SelectboxColumn("y (row)", options=list(range(3)), help="top edge, 0..2; row 0 is the top"),
        "Orientation": st.column_config.SelectboxColumn("Orientation", options=list(layout_table.ORIENTATIONS)),
    },
)
ex_options = ["best", "none"] + [str(i) for i in range(len(problem.stories))]
if ss.get("chk_exclusive") not in ex_options:
    ss["chk_exclusive"] = "best"
st.selectbox(
    "Exclusive (one story not from a top beat, touching the top edge, scores twice)",
    ex_options, key="chk_exclusive",
    format_func=lambda o: {"best": "Best valid choice (let the checker pick)", "none": "No exclusive"}.get(
        o, story_label(problem, int(o)) if o.isdigit() else o
    ),
)

pasted = ss.get("chk_pasted")
if pasted is not None and pasted[0] == table.to_json():
    placements = list(pasted[1])
else:
    ss.pop("chk_pasted", None)
    with reported("This layout"):
        placements = layout_table.placements_from_table(problem, table)
choice = ss["chk_exclusive"]
exclusive = "best" if choice == "best" else (None if choice == "none" else int(choice))
with st.spinner("Checking your page…"):
    verdict = solving.check(problem, placements, exclusive)

# ------------------------------------------------------------------ verdict
st.divider()
m1, m2, m3, m4 = st.columns(4)
m1.metric("Legal", "yes" if verdict.legal else "no")
m2.metric("Your total", verdict.total if verdict.legal else "illegal")
m3.metric("Optimal total", verdict.optimal_total)
m4.metric("Points lost", verdict.loss if verdict.legal else "—",
          help="Optimal total minus your total (for a legal page).")

if verdict.legal:
    if verdict.loss == 0:
        st.success(f"Legal, and as good as it gets: {verdict.total} points, the optimum.")
    else:
        st.warning(
            f"Legal, but it scores {verdict.total} where the best page scores {verdict.optimal_total}: "
            f"you lose {verdict.loss} point{'s' if verdict.loss != 1 else ''}."
        )
else:
    n = len(verdict.violations)
    st.error(f"This page is not legal: it breaks {n} rule{'s' if n != 1 else ''}.")
    for v in verdict.violations:
        st.markdown(f"- **{v.rule}**: {v.message}")
    st.dataframe(
        pd.DataFrame([{"Rule": v.rule, "What is wrong": v.message} for v in verdict.violations]),
        hide_index=True, key="chk_violations", width="stretch",
    )

mine, best = st.columns(2, gap="large")
with mine:
    st.subheader("Your page")
    bad = overlap_cells(placements)
    if problem.ad is not None and any(problem.ad in set(p.cells()) for p in placements):
        bad.add(problem.ad)
    title = f"Your page: {verdict.total} points" if verdict.legal else "Your page: not legal"
    show_svg(page_svg(problem, placements, verdict.exclusive if verdict.legal else (None if exclusive == "best" else exclusive),
                      breakdown=verdict.breakdown, title=title, bad_cells=bad, translucent=not verdict.legal))
    if verdict.legal:
        breakdown_table(problem, verdict.breakdown, key="chk_breakdown")
with best:
    st.subheader("Optimal page")
    show_svg(result_svg(optimum, title=f"Optimal page: {optimum.total} points"))
    breakdown_table(problem, optimum.breakdown, key="chk_opt_breakdown")

with st.expander("Your layout as JSON (for `pennypress check`)"):
    doc = problem.to_json()
    doc["layout"] = ProposedPage(tuple(placements)).to_json()
    if exclusive != "best":
        doc["layout"]["exclusive"] = exclusive
    st.code(json.dumps(doc, indent=2), language="json")
