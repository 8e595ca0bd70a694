"""Laying out a press's page on the mat: Check my page's builder (:mod:`pennypress.ui.app.page_builder`)
opened on the engine's optimal page for the player to move, the page judged by the engine as it is built.

The table-game recorder of "Audit a game" and "Play a game" use it, each with its own
:class:`~pennypress.ui.app.session_keys.BuilderKeys`. It holds no rule: the engine plans, checks and
reviews the page.
"""
from __future__ import annotations

import streamlit as st

from pennypress.engine.audit.page_review import review_page
from pennypress.engine.game.moves import Page
from pennypress.engine.rules.press import check_press, plan_press
from pennypress.ui.app import audit_view as view, page_builder
from pennypress.ui.app.session_keys import BuilderKeys
from pennypress.ui.app.widgets import show_svg
from pennypress.ui.render.explain import RULE_WORDS
from pennypress.ui.render.page_svg import page_svg
from pennypress.ui.render.words import plural


def built_page(state, keys: BuilderKeys) -> Page:
    """The page on the builder's mat, as the engine's page for the press ``state``'s player would make."""
    claimed = state.claimable(state.current)
    return view.builder_page(claimed, page_builder.placements_of(keys), page_builder.exclusive_of(keys))


def press_page_builder(state, keys: BuilderKeys, owner: str, intro: str, loss_note: str = "") -> Page | None:
    """Draw the builder for the press of ``state``'s player to move, opened on the optimal page
    (``owner`` names the press: a new one reopens the builder); returns the page if it is legal."""
    best = plan_press(state, state.current)
    problem = best.problem
    optimal = view.solver_placements(best.claimed, best.page)
    page_builder.open_on(keys, owner, optimal)
    st.markdown(intro)
    page_builder.start_buttons(keys, optimal)
    pick, drawing = st.columns([4, 5], gap="large")
    with pick:
        page_builder.builder(keys, problem)
    placements = page_builder.placements_of(keys)
    page = built_page(state, keys)
    verdict = check_press(state, state.current, page)
    if verdict.legal:
        review = review_page(state, state.current, page)
        title = f"Page laid out: {review.total} points"
        ex = verdict.exclusive
    else:
        title = "Page laid out: not legal"
        chosen = page_builder.exclusive_of(keys)
        ex = None if chosen == "best" else chosen
    with drawing:
        show_svg(page_svg(problem, placements, ex, breakdown=verdict.breakdown, title=title,
                          bad_cells={c for v in verdict.violations for c in v.cells}, translucent=not verdict.legal))
    if not verdict.legal:
        st.error(f"This page is not legal: it breaks {plural(len(verdict.violations), 'rule')}. "
                 "Fix it before playing the press.")
        for v in verdict.violations:
            st.markdown(f"- **{RULE_WORDS[v.rule]}**: {v.message}")
        return None
    if review.page_loss == 0:
        st.success(f"Legal, and as good as the optimal page: {review.total} points.")
    else:
        st.warning(f"Legal: {review.total} points where the optimal page scores {review.optimal_total} "
                   f"({plural(review.page_loss, 'point')} lost{loss_note}).")
        for note in review.notes:
            st.markdown(f"- {note}")
    return page
