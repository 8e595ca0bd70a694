"""Check my page: lay out your own front page by clicking the mat and see it judged against the optimal one."""
from __future__ import annotations

import json

import streamlit as st

from pennypress.errors import BadInput
from pennypress.solver import ProposedPage
from pennypress.ui.app import page_builder, session_keys as keys, shared_press, solving
from pennypress.ui.app.widgets import (
    breakdown_table, flash, link_to, notation_box, page_style, reported, show_svg, solve_with_spinner,
)
from pennypress.ui.render.explain import RULE_WORDS
from pennypress.ui.render.page_svg import page_svg, result_svg
from pennypress.ui.render.words import plural

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

# ------------------------------------------------------------------ the player's page
BUILDER = keys.CHK_BUILDER
page_builder.open_on(BUILDER, press_key, optimum.placements)  # a new press opens on its optimal page


def _load_layout() -> None:
    try:
        page = page_builder.parse_layout_text(ss.get(keys.CHK_PASTE, ""), problem)
    except BadInput as exc:
        ss[keys.CHK_ERROR] = str(exc)
        return
    # exactly as given
    page_builder.set_page(BUILDER, page.placements, page.exclusive if page.exclusive_declared else "best")


paste_error = ss.pop(keys.CHK_ERROR, None)

st.subheader("Your page")
page_builder.start_buttons(BUILDER, optimum.placements)
with st.expander("Or paste a layout (JSON, as in `pennypress check`)"):
    st.text_area(
        'Layout: {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2}, …], "exclusive": 1}',
        key=keys.CHK_PASTE, height=120,
    )
    st.button("Load pasted layout", on_click=_load_layout, key=keys.CHK_LOAD_PASTE)
if paste_error:
    st.error(f"The layout was not loaded: {paste_error}")

pick, drawing = st.columns([4, 5], gap="large")
with pick:
    page_builder.builder(BUILDER, problem)
placements = list(page_builder.placements_of(BUILDER))
exclusive = page_builder.exclusive_of(BUILDER)
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

untouched = not page_builder.touched(BUILDER)
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
        st.markdown(f"- **{RULE_WORDS[v.rule]}**: {v.message}")

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
    notation_box(json.dumps(doc, indent=2))
