"""Check my page: lay out your own front page by clicking the mat and see it judged against the optimal one."""
from __future__ import annotations

import json

import streamlit as st

from pennypress.errors import BadInput
from pennypress.solver import ProposedPage
from pennypress.ui.app import page_builder, session_keys as keys, shared_press, solving
from pennypress.ui.app.mat_picker import cell_face, mat_grid
from pennypress.ui.app.widgets import breakdown_table, flash, link_to, page_style, reported, show_svg, solve_with_spinner
from pennypress.ui.render.page_svg import footprint_svg, page_svg, result_svg
from pennypress.ui.render.words import cell_words, numbered_story, plural

FOOT_CELL = 22  # pixels per cell of the small drawing of the chosen orientation

page_style()
shared_press.init(st)
ss = st.session_state

st.title("Check my page")
st.caption(
    "Lay out the press from the Press desk the way you would at the table: pick a story and how it "
    "is turned, then click the cell of the mat where its top-left corner goes. The checker says whether "
    "the page is legal, names every broken rule, and counts the points it gives away."
)
flash()
link_to("app_pages/press_desk.py", "Change the stories, values or ad on the Press desk", ":material/edit:")

with reported("The press from the Press desk"):
    problem = shared_press.current_problem(st)
optimum = solve_with_spinner(problem)
press_key = solving.key_of(problem)
n_stories = len(problem.stories)

# ------------------------------------------------------------------ the player's page
if ss.get(keys.CHK_FOR) != press_key:  # a new press: open on its optimal page, and say so
    ss[keys.CHK_FOR] = press_key
    ss[keys.CHK_PLACEMENTS] = page_builder.to_state(optimum.placements)
    ss[keys.CHK_TOUCHED] = False
    ss[keys.CHK_EXCLUSIVE] = "best"
    ss[keys.CHK_STORY] = 0
    ss.pop(keys.CHK_ORIENTATION, None)


def _placements():
    return page_builder.from_state(ss[keys.CHK_PLACEMENTS])


def _touched() -> None:
    ss[keys.CHK_TOUCHED] = True


def _start_from(which: str) -> None:
    ss[keys.CHK_PLACEMENTS] = page_builder.to_state(optimum.placements if which == "optimal" else ())
    ss[keys.CHK_EXCLUSIVE] = "best"
    ss[keys.CHK_TOUCHED] = which != "optimal"


def _footprint() -> tuple[int, int]:
    w, h = (int(v) for v in str(ss[keys.CHK_ORIENTATION]).split("x"))
    return w, h


def _click(x: int, y: int) -> None:
    story = int(ss[keys.CHK_STORY])
    ss[keys.CHK_PLACEMENTS] = page_builder.to_state(page_builder.place(_placements(), story, x, y, _footprint()))
    _touched()


def _remove() -> None:
    ss[keys.CHK_PLACEMENTS] = page_builder.to_state(page_builder.remove(_placements(), int(ss[keys.CHK_STORY])))
    _touched()


def _load_layout() -> None:
    try:
        page = page_builder.parse_layout_text(ss.get(keys.CHK_PASTE, ""), problem)
    except BadInput as exc:
        ss[keys.CHK_ERROR] = str(exc)
        return
    ss[keys.CHK_PLACEMENTS] = page_builder.to_state(page.placements)  # exactly as given
    if page.exclusive_declared:
        ss[keys.CHK_EXCLUSIVE] = "none" if page.exclusive is None else str(page.exclusive)
    else:
        ss[keys.CHK_EXCLUSIVE] = "best"
    _touched()


paste_error = ss.pop(keys.CHK_ERROR, None)

st.subheader("Your page")
with st.container(horizontal=True):
    st.button("Start from the optimal page", on_click=_start_from, args=("optimal",), key=keys.CHK_FROM_OPTIMAL)
    st.button("Start from an empty page", on_click=_start_from, args=("empty",), key=keys.CHK_FROM_EMPTY)
with st.expander("Or paste a layout (JSON, as in `pennypress check`)"):
    st.text_area(
        'Layout: {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2}, …], "exclusive": 1}',
        key=keys.CHK_PASTE, height=120,
    )
    st.button("Load pasted layout", on_click=_load_layout, key=keys.CHK_LOAD_PASTE)
if paste_error:
    st.error(f"The layout was not loaded: {paste_error}")

placements = list(_placements())
pick, drawing = st.columns([4, 5], gap="large")
with pick:
    if int(ss.get(keys.CHK_STORY, 0)) >= n_stories:
        ss[keys.CHK_STORY] = 0
    placed_at = {p.story: p for p in placements}

    def _story_option(i: int) -> str:
        return numbered_story(problem, i) + ("" if i in placed_at else " (off the page)")

    st.radio("Story to place", list(range(n_stories)), key=keys.CHK_STORY, format_func=_story_option)
    chosen = int(ss[keys.CHK_STORY])
    shape = problem.stories[chosen].shape
    options = [f"{w}x{h}" for w, h in shape.orientations]
    if ss.get(keys.CHK_ORIENTATION) not in options:
        now = placed_at.get(chosen)
        ss[keys.CHK_ORIENTATION] = f"{now.w}x{now.h}" if now and f"{now.w}x{now.h}" in options else options[0]
    o1, o2 = st.columns([3, 2], vertical_alignment="center")
    o1.radio(
        "Turned", options, key=keys.CHK_ORIENTATION,
        format_func=lambda o: page_builder.orientation_words(*(int(v) for v in o.split("x"))),
    )
    with o2:
        fw, fh = _footprint()
        st.image(footprint_svg(problem, chosen, fw, fh, size=FOOT_CELL), width=fw * FOOT_CELL)
    st.caption(f"Click the cell for the top-left corner of {numbered_story(problem, chosen)}. "
               "The thick line is the top edge; empty cells show their penalty.")
    mine = placed_at.get(chosen)
    mat_grid(
        grid_key=keys.CHK_GRID, cell_key=keys.check_cell_key,
        face=lambda x, y: cell_face((x, y), problem.ad, problem, placements),
        on_click=_click,
        chosen=lambda x, y: mine is not None and (x, y) in set(mine.cells()),
        help_text=lambda x, y: f"Put #{chosen}'s top-left corner in the {cell_words((x, y))}",
    )
    st.button(f"Take #{chosen} off the page", key=keys.CHK_REMOVE, on_click=_remove, disabled=mine is None)

ex_options = ["best", "none"] + [str(i) for i in range(n_stories)]
if ss.get(keys.CHK_EXCLUSIVE) not in ex_options:
    ss[keys.CHK_EXCLUSIVE] = "best"
with pick:
    st.selectbox(
        "Exclusive (one story not from a top beat, touching the top edge, scores twice)",
        ex_options, key=keys.CHK_EXCLUSIVE, on_change=_touched,
        format_func=lambda o: {"best": "The best valid choice (let the checker pick)", "none": "No exclusive"}.get(
            o, numbered_story(problem, int(o)) if o.isdigit() else o
        ),
    )

choice = ss[keys.CHK_EXCLUSIVE]
exclusive = "best" if choice == "best" else (None if choice == "none" else int(choice))
with st.spinner("Checking your page…"):
    verdict = solving.check(problem, placements, exclusive)
bad = {c for v in verdict.violations for c in v.cells}
with drawing:
    title = f"Your page: {verdict.total} points" if verdict.legal else "Your page: not legal"
    show_svg(page_svg(problem, placements, verdict.exclusive if verdict.legal else (None if exclusive == "best" else exclusive),
                      breakdown=verdict.breakdown, title=title, bad_cells=bad, translucent=not verdict.legal))

# ------------------------------------------------------------------ verdict
st.divider()
m1, m2, m3, m4 = st.columns(4)
m1.metric("Legal", "yes" if verdict.legal else "no")
m2.metric("Your total", verdict.total if verdict.legal else "illegal")
m3.metric("Optimal total", verdict.optimal_total)
m4.metric("Points lost", verdict.loss if verdict.legal else "—",
          help="Optimal total minus your total (for a legal page).")

untouched = not ss.get(keys.CHK_TOUCHED)
if paste_error:
    # the pasted text was not used: say plainly what is still judged, in a neutral colour
    state = "legal" if verdict.legal else "not legal"
    st.info(f"Still judging the page you had before the paste: {state}"
            + (f", {verdict.total} points." if verdict.legal else "."))
elif untouched:
    st.info(
        f"This is the optimal page itself ({verdict.total} points), laid out for you to start from. "
        "Move a story, or start from an empty page, to see what your own layout would score."
    )
elif verdict.legal and verdict.loss == 0:
    st.success(f"Legal, and as good as the optimal page: {verdict.total} points.")
elif verdict.legal:
    st.warning(
        f"Legal, but it scores {verdict.total} where the best page scores {verdict.optimal_total}: "
        f"you lose {plural(verdict.loss, 'point')}."
    )
else:
    n = len(verdict.violations)
    st.error(f"This page is not legal: it breaks {plural(n, 'rule')}.")
if not verdict.legal:
    for v in verdict.violations:
        st.markdown(f"- **{v.rule}**: {v.message}")

yours, best = st.columns(2, gap="large")
with yours:
    st.subheader("Your score")
    if verdict.legal:
        breakdown_table(problem, verdict.breakdown)
    else:
        st.markdown("An illegal page is not scored: fix the rules above first.")
with best:
    st.subheader("Optimal page")
    show_svg(result_svg(optimum, title=f"Optimal page: {optimum.total} points"))
    breakdown_table(problem, optimum.breakdown)

with st.expander("Your layout as JSON (for `pennypress check`)"):
    doc = problem.to_json()
    doc["layout"] = ProposedPage(tuple(placements)).to_json()
    if exclusive != "best":
        doc["layout"]["exclusive"] = exclusive
    st.code(json.dumps(doc, indent=2), language="json")
