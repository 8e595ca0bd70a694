"""Press desk: claimed stories, beat values and the ad in; the optimal front page out."""
from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from pennypress.errors import BadInput
from pennypress.solver import BEATS, PressProblem
from pennypress.solver.vocab import MAX_BEAT_VALUE, MIN_BEAT_VALUE
from pennypress.ui.app import press_table, session_keys as keys, shared_press, solving
from pennypress.ui.app.mat_picker import cell_face, mat_grid
from pennypress.ui.app.widgets import (
    flash, notation_box, page_style, reported, result_panel, show_svg, toggle_button, solve_with_spinner, wrapped_table,
)
from pennypress.ui.io import example_files
from pennypress.ui.io.builtin_examples import RULEBOOK_12_POINTS
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.words import cell_words, names_and, numbered_story, plural

page_style()
shared_press.init(st)
ss = st.session_state

st.title("Press desk")
st.caption(
    "Enter the stories you would claim, the five beat values and your advertisement: "
    "the desk packs the provably best legal front page. " + ss[keys.SOURCE] + "."
)
flash()


# ------------------------------------------------------------------ loading
def _load_example() -> None:
    name = ss.get(keys.PRESS_EXAMPLE_PICK)
    if name == "built-in":
        shared_press.load_doc(st, RULEBOOK_12_POINTS, shared_press.BUILTIN_SOURCE)
        return
    path = example_files.press_examples().get(name)
    if path is None:
        ss[keys.LOAD_ERROR] = f"Example {name!r} is not available."
        return
    try:
        problem = PressProblem.from_json(example_files.load(path))
    except BadInput as exc:
        ss[keys.LOAD_ERROR] = f"Example {path.name} cannot be used: {exc}"
        return
    shared_press.load_doc(st, problem.to_json(), f"Example: {example_files.title_of(name)} ({path.name})")


def _load_pasted() -> None:
    try:
        problem = press_table.parse_press_text(ss.get(keys.PRESS_PASTE, ""))
    except BadInput as exc:
        ss[keys.LOAD_ERROR] = str(exc)
        return
    shared_press.load_doc(st, problem.to_json(), "Pasted press")


with st.expander("Load an example or paste a press (JSON)"):
    names = ["built-in"] + list(example_files.press_examples())
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    c1.selectbox(
        "Example", names, key=keys.PRESS_EXAMPLE_PICK,
        format_func=lambda n: "The 12-point press (rulebook p. 9)" if n == "built-in" else example_files.title_of(n),
    )
    c2.button("Load example", on_click=_load_example, key=keys.PRESS_LOAD_EXAMPLE)
    st.text_area(
        "Press problem JSON (the `pennypress layout` input: stories, beat_values, ad)",
        key=keys.PRESS_PASTE, height=150, placeholder=json.dumps(RULEBOOK_12_POINTS),
    )
    st.button("Load pasted JSON", on_click=_load_pasted, key=keys.PRESS_LOAD_PASTE)

if ss.get(keys.LOAD_ERROR):
    st.error(f"Nothing was loaded. {ss.pop(keys.LOAD_ERROR)}")

# ------------------------------------------------------------------ inputs
left, middle, right = st.columns([5, 3, 3], gap="medium")

with left:
    st.subheader("Claimed stories")
    if keys.STORIES_EDITOR not in ss:  # the editor is being rebuilt: start it from the shared table
        ss[keys.STORIES_BASE] = ss[keys.STORIES].copy()
    edited = st.data_editor(
        ss[keys.STORIES_BASE],
        key=keys.STORIES_EDITOR,
        num_rows="dynamic",
        hide_index=False,
        width="stretch",
        column_config={
            "_index": st.column_config.NumberColumn("#", help="The story's number on the page drawings", width=40),
            "Beat": st.column_config.SelectboxColumn("Beat", options=press_table.BEAT_TITLES, required=True, width=130),
            "Shape": st.column_config.SelectboxColumn(
                "Shape", options=press_table.SHAPE_NAMES, required=True, width=70, help=press_table.SHAPE_HELP,
            ),
            "Stars": st.column_config.SelectboxColumn(
                "Stars", options=press_table.STAR_CHOICES, width=70,
                help="Stars count for the end bonuses; optional here",
            ),
        },
    )
    ss[keys.STORIES] = edited
    st.caption(f"The # column is the story's number on the drawings (#0, #1, …). {press_table.STORY_COUNT_HELP}; "
               "add or delete rows in the table.")


def _values_from_position() -> None:
    from pennypress.ui.io import positions

    try:
        game = positions.parse_position(ss[keys.POS_DOC])
    except BadInput as exc:
        ss[keys.LOAD_ERROR] = f"The loaded position cannot be used: {exc}"
        return
    for b, v in game.beat_values().items():
        ss[keys.VALUES][b.value] = v
        ss[keys.beat_value_key(b.value)] = v


with middle:
    st.subheader("Beat values")
    if keys.POS_DOC in ss:
        st.button(
            "Take from the loaded position", key=keys.VALUES_FROM_POSITION, on_click=_values_from_position,
            help=f"The beat values in force in the position loaded in the Position viewer ({ss.get(keys.POS_NAME, '')})",
        )
    for b in BEATS:
        key = keys.beat_value_key(b.value)
        if key not in ss:
            ss[key] = ss[keys.VALUES][b.value]
        st.number_input(b.title, min_value=MIN_BEAT_VALUE, max_value=MAX_BEAT_VALUE, step=1, key=key)
        ss[keys.VALUES][b.value] = int(ss[key])


def _set_ad(x: int | None = None, y: int | None = None) -> None:
    ss[keys.AD] = None if x is None else [x, y]


with right:
    st.subheader("Advertisement")
    ad = ss[keys.AD]
    st.caption("Click the cell of your mat that holds your ad (the thick line is the top edge).")
    mat_grid(
        grid_key=keys.AD_GRID, cell_key=keys.ad_cell_key, face=lambda x, y: cell_face((x, y), ad), on_click=_set_ad,
        chosen=lambda x, y: ad is not None and tuple(ad) == (x, y),
        help_text=lambda x, y: f"Advertisement in the {cell_words((x, y))}",
    )
    toggle_button("No advertisement", keys.AD_NONE, ad is None, _set_ad, width="stretch")
    st.markdown(f"Ad: **{'none' if ad is None else cell_words(ad)}**")

# ------------------------------------------------------------------ result
st.divider()
with reported("This press"):
    problem = shared_press.current_problem(st)
result = solve_with_spinner(problem)

draw, words = st.columns([5, 5], gap="large")
with draw:
    st.subheader("Optimal front page")
    show_svg(result_svg(result, title=f"Optimal page: {result.total} points"))
with words:
    st.subheader("Score")
    result_panel(result)

st.subheader("Next best pages")
k = st.number_input("How many lower scores to show", min_value=0, max_value=8, value=3, step=1, key=keys.N_ALTERNATIVES)
with st.spinner("Looking for the next lower scores…"):
    levels = solving.levels(problem, int(k))
ties = f"at least {levels.ties}" if levels.ties_capped else str(levels.ties)
if levels.ties == 1:
    st.markdown(f"**Only this page scores {result.total}.** Every other legal page scores less.")
else:
    st.markdown(
        f"**{ties} different pages tie for the best score, {result.total}** (the same stories placed "
        "differently: any of them is as good as the one drawn)."
    )
if not levels.next_best and k:
    st.info("No legal page scores less than the best: every legal page scores the same.")
elif levels.next_best:
    st.markdown(f"The next {plural(len(levels.next_best), 'lower score', 'lower scores')}, one example page each:")
    wrapped_table(
        pd.DataFrame(
            [
                {
                    "Total": r.total,
                    "Versus optimal": r.total - result.total,
                    "Unpublished": names_and(numbered_story(problem, i) for i in r.unplaced) or "none",
                    "Exclusive": "none" if r.exclusive is None else numbered_story(problem, r.exclusive),
                }
                for r in levels.next_best
            ]
        ),
        signed=("Versus optimal",),
    )
    for n, r in enumerate(levels.next_best, 1):
        with st.expander(f"{r.total} points ({r.total - result.total:+d}): an example page".replace("-", "−")):
            a, b = st.columns([5, 5])
            with a:
                show_svg(result_svg(r, title=f"A page scoring {r.total}", legend=False))
            with b:
                result_panel(r, heading="This page", total_label="Total", optimal=False)

with st.expander("This press as JSON (for `pennypress layout`)"):
    notation_box(json.dumps(problem.to_json(), indent=2))
