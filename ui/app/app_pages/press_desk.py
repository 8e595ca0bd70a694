"""Press desk: claimed stories, beat values and the ad in; the optimal front page out."""
from __future__ import annotations

import json

import streamlit as st

from pennypress.solver import BEATS, COLUMNS, ROWS, BadInput
from pennypress.ui.app import shared_press as state, solving
from pennypress.ui.io import example_files
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.app.widgets import reported, result_panel, show_svg, solve_with_spinner

state.init(st)
ss = st.session_state

st.title("Press desk")
st.caption(
    "Enter the stories you would claim, the five beat values and your advertisement: "
    "the desk packs the provably best legal front page. " + ss[state.K_SOURCE] + "."
)


# ------------------------------------------------------------------ loading
def _load_example() -> None:
    name = ss.get("press_example_pick")
    path = example_files.press_examples().get(name)
    if name == "built-in":
        state.load_doc(st, state.RULEBOOK_12_POINTS, "Built-in example: the rulebook's 12-point press (p. 9)")
        return
    if path is None:
        ss["pp_load_error"] = f"Example {name!r} is not available."
        return
    try:
        problem = state.PressProblem.from_json(example_files.load(path))
    except BadInput as exc:
        ss["pp_load_error"] = f"Example {path.name} cannot be used: {exc}"
        return
    state.load_doc(st, problem.to_json(), f"Example: {example_files.title_of(name)} ({path.name})")


def _load_pasted() -> None:
    try:
        problem = state.parse_press_text(ss.get("press_paste", ""))
    except BadInput as exc:
        ss["pp_load_error"] = str(exc)
        return
    state.load_doc(st, problem.to_json(), "Pasted press")


with st.expander("Load an example or paste a press (JSON)"):
    names = ["built-in"] + list(example_files.press_examples())
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    c1.selectbox(
        "Example", names, key="press_example_pick",
        format_func=lambda n: "Rulebook p. 9: the 12-point press (built in)" if n == "built-in" else example_files.title_of(n),
    )
    c2.button("Load example", on_click=_load_example, key="press_load_example")
    st.text_area(
        "Press problem JSON (the `pennypress layout` input: stories, beat_values, ad)",
        key="press_paste", height=150, placeholder=json.dumps(state.RULEBOOK_12_POINTS),
    )
    st.button("Load pasted JSON", on_click=_load_pasted, key="press_load_paste")

if ss.get("pp_load_error"):
    st.error(f"Nothing was loaded. {ss.pop('pp_load_error')}")

# ------------------------------------------------------------------ inputs
left, middle, right = st.columns([5, 3, 3], gap="medium")

with left:
    st.subheader("Claimed stories")
    if state.EDITOR_KEY not in ss:  # the editor is being rebuilt: start it from the shared table
        ss[state.K_STORIES_BASE] = ss[state.K_STORIES].copy()
    edited = st.data_editor(
        ss[state.K_STORIES_BASE],
        key=state.EDITOR_KEY,
        num_rows="dynamic",
        width="stretch",
        column_config={
            "Beat": st.column_config.SelectboxColumn("Beat", options=state.BEAT_TITLES, required=True, width="medium"),
            "Shape": st.column_config.SelectboxColumn(
                "Shape", options=state.SHAPE_NAMES, required=True, width="small",
                help="A 1×2, B 1×3, C 2×2, D 2×3 (any story may be rotated)",
            ),
            "Stars": st.column_config.SelectboxColumn(
                "Stars", options=state.STAR_CHOICES, width="small", help="1 to 3 (count at the end; optional here)"
            ),
        },
    )
    ss[state.K_STORIES] = edited
    st.caption("Row number = story number (#0, #1, …). 1 to 5 stories; add or delete rows in the table.")

def _values_from_position() -> None:
    from pennypress.ui.io import positions

    try:
        game = positions.parse_position(ss["pos_doc"])
    except BadInput as exc:
        ss["pp_load_error"] = f"The loaded position cannot be used: {exc}"
        return
    for b, v in game.beat_values().items():
        ss[state.K_VALUES][b.value] = v
        ss[f"bv_{b.value}"] = v


with middle:
    st.subheader("Beat values")
    if "pos_doc" in ss:
        st.button(
            "Take from the loaded position", key="bv_from_position", on_click=_values_from_position,
            help=f"The beat values in force in the position loaded in the Position viewer ({ss.get('pos_name', '')})",
        )
    for b in BEATS:
        key = f"bv_{b.value}"
        if key not in ss:
            ss[key] = ss[state.K_VALUES][b.value]
        st.number_input(b.title, min_value=0, max_value=6, step=1, key=key)
        ss[state.K_VALUES][b.value] = int(ss[key])


def _set_ad(cell) -> None:
    ss[state.K_AD] = None if cell is None else list(cell)


with right:
    st.subheader("Advertisement")
    ad = ss[state.K_AD]
    st.caption("Click a cell of your mat (row 0 is the top edge).")
    for y in range(ROWS):
        cols = st.columns(COLUMNS, gap="small")
        for x in range(COLUMNS):
            here = ad is not None and tuple(ad) == (x, y)
            cols[x].button(
                "AD" if here else f"{x},{y}", key=f"ad_{x}_{y}", type="primary" if here else "secondary",
                on_click=_set_ad, args=((x, y),), width="stretch",
                help=f"Advertisement at column {x}, row {y}",
            )
    st.button("No advertisement", key="ad_none", on_click=_set_ad, args=(None,),
              type="primary" if ad is None else "secondary", width="stretch")
    st.markdown(f"Ad: **{'none' if ad is None else f'column {ad[0]}, row {ad[1]}'}**")

# ------------------------------------------------------------------ result
st.divider()
with reported("This press"):
    problem = state.current_problem(st)
result = solve_with_spinner(problem)

draw, words = st.columns([5, 5], gap="large")
with draw:
    st.subheader("Optimal front page")
    show_svg(result_svg(result, title=f"Optimal page: {result.total} points"))
with words:
    st.subheader("Score")
    result_panel(result, key="optimal")

st.subheader("Next best pages")
k = st.number_input("How many alternatives", min_value=0, max_value=8, value=3, step=1, key="n_alternatives")
with st.spinner("Looking for the next best distinct pages…"):
    others = solving.alternatives(problem, int(k))
if not others and k:
    st.info("No other legal page differs from the optimal one.")
else:
    import pandas as pd

    st.dataframe(
        pd.DataFrame(
            [
                {
                    "Page": f"Alternative {n}",
                    "Total": r.total,
                    "Versus optimal": r.total - result.total,
                    "Unpublished": ", ".join(f"#{i}" for i in r.unplaced) or "none",
                    "Exclusive": "none" if r.exclusive is None else f"#{r.exclusive}",
                }
                for n, r in enumerate(others, 1)
            ]
        ),
        hide_index=True, key="alternatives_table", width="stretch",
    )
    for n, r in enumerate(others, 1):
        diff = r.total - result.total
        with st.expander(f"Alternative {n}: {r.total} points ({'same score' if diff == 0 else f'{diff:+d}'})"):
            a, b = st.columns([5, 5])
            with a:
                show_svg(result_svg(r, title=f"Alternative {n}: {r.total} points", legend=False))
            with b:
                result_panel(r, key=f"alt{n}", heading="This page", total_label="Total")

with st.expander("This press as JSON (for `pennypress layout`)"):
    st.code(json.dumps(problem.to_json(), indent=2), language="json")
