"""Puzzles: the trainer. One puzzle at a time -- lay out the page, press or wait?, the best move --
answered by clicking, judged by the engine (:func:`pennypress.engine.puzzles.check_answer`),
with the explanation, the second-best choice and what it loses, and a running rating on the familiar
1500 scale (openskill underneath, :mod:`pennypress.ui.render.ratings`). When the session holds the
mistakes of an audited game, "Your mistakes" is offered beside the set (:mod:`pennypress.ui.app.mistake_trainer`)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from pennypress.engine.advisor.line import LineStep, line_words
from pennypress.engine.game.moves import parse_move
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import PAGE, PRESS_OR_WAIT, Puzzle, check_answer, load_puzzles, puzzle_set_from_json
from pennypress.engine.puzzles.timing import JUDGED_BY_SEARCH
from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text
from pennypress.solver import ProposedPage
from pennypress.ui.app import mistake_trainer, move_picker, page_builder, session_keys as keys, solving
from pennypress.ui.app.puzzle_trainer import (
    ANY, KIND_CHOICES, KIND_WORDS, LEVEL_CHOICES, TABLE_CHOICES, Rating, chosen, following, level_words,
    solved_words, table_words,
)
from pennypress.ui.render.puzzle_words import population_rows
from pennypress.ui.render.ratings import START
from pennypress.ui.app.widgets import (
    breakdown_table, page_style, show_board, show_svg, show_svgs, uploaded_text, valid_choice, wrapped_table,
)
from pennypress.ui.render.explain import RULE_WORDS
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.page_svg import page_svg
from pennypress.ui.render.words import phase_words, plural

page_style()
ss = st.session_state

st.title("Puzzles")
st.caption(
    "Practise the decisions that decide Penny Press: how to lay out the front page, when to go to press, "
    "and the best move. Page puzzles are proven by the page solver, and final-edition puzzles by an exact "
    "search to the end of the game. Puzzles before the final edition are judged by a deep search, which "
    "plays the other newspapers with its own bots: a strong judgement, not a proof. Your first answer to "
    "each puzzle moves your rating."
)


# ------------------------------------------------------------------ the puzzle set (shipped, or a file)
def _load_file() -> None:
    upload = ss.get(keys.PZ_UPLOAD)
    if upload is None:
        return
    try:
        raw = uploaded_text(upload)
    except BadInput as exc:
        ss[keys.PZ_ERROR] = str(exc)
        return
    try:
        doc = parse_json_text(raw, upload.name)
        loaded = puzzle_set_from_json(doc, upload.name)
    except BadInput as exc:
        ss[keys.PZ_ERROR] = str(exc)
        return
    if loaded.is_mistakes:  # a set of a game's mistakes, downloaded from "Your mistakes"
        mistake_trainer.practise(loaded, upload.name)
        return
    ss[keys.PZ_SET], ss[keys.PZ_SET_NAME] = doc, upload.name
    ss.pop(keys.PZ_CURRENT, None)
    ss.pop(keys.PZ_VERDICT, None)


def _shipped() -> None:
    ss.pop(keys.PZ_SET, None)
    ss.pop(keys.PZ_SET_NAME, None)
    ss.pop(keys.PZ_CURRENT, None)
    ss.pop(keys.PZ_VERDICT, None)


with st.expander("Use another puzzle file (JSON, as `pennypress puzzle generate` writes)"):
    st.file_uploader("Puzzle file", type=["json"], key=keys.PZ_UPLOAD, on_change=_load_file)
    st.button("Back to the shipped puzzles", key=keys.PZ_SHIPPED, on_click=_shipped,
              disabled=ss.get(keys.PZ_SET) is None)
if ss.get(keys.PZ_ERROR):
    st.error(f"The puzzle file was not loaded: {ss.pop(keys.PZ_ERROR)}")
mistake_trainer.loader()
if mistake_trainer.showing_mistakes():
    mistake_trainer.trainer()
    st.stop()

try:
    puzzles = load_puzzles() if ss.get(keys.PZ_SET) is None else puzzle_set_from_json(ss[keys.PZ_SET],
                                                                                      ss[keys.PZ_SET_NAME])
except BadInput as exc:  # a stored set was checked when loaded; never a traceback all the same
    st.error(f"The puzzles cannot be used: {exc}")
    st.stop()

# ------------------------------------------------------------------ the rating
rating = Rating(*ss.get(keys.PZ_RATING, (Rating.start().mu, Rating.start().sigma)))
rated = ss.setdefault(keys.PZ_RATED, {})
r1, r2, r3 = st.columns(3)
change = ss.get(keys.PZ_LAST_CHANGE)
r1.metric("Your rating", rating.shown, delta=change,
          help=f"Like a chess rating: everyone starts at {START}. Each puzzle is an opponent as strong as its "
               "difficulty: solving it at the first answer raises your rating (more for a harder one), missing "
               f"it lowers it. Your rating now may be off by up to about {rating.sigma_shown} points; the more "
               "puzzles you answer, the surer it gets.")
r2.metric("Solved", solved_words(rated), help="Puzzles solved at your first answer, of those you answered.")
r3.metric("Puzzles here", f"{len(puzzles)}", help=ss.get(keys.PZ_SET_NAME, "The shipped set"))

# ------------------------------------------------------------------ filters
f1, f2 = st.columns(2)
with f1:
    valid_choice(keys.PZ_KIND, list(KIND_CHOICES), ANY)
    kind = st.radio("Kind", KIND_CHOICES, key=keys.PZ_KIND, format_func=KIND_WORDS.get, horizontal=True)
with f2:
    valid_choice(keys.PZ_LEVEL, list(LEVEL_CHOICES), ANY)
    level = st.radio("Difficulty", LEVEL_CHOICES, key=keys.PZ_LEVEL, format_func=level_words, horizontal=True)
valid_choice(keys.PZ_TABLE, list(TABLE_CHOICES), ANY)
table = st.radio("Table", TABLE_CHOICES, key=keys.PZ_TABLE, format_func=table_words, horizontal=True,
                 help="How many newspapers play in the puzzle's game.")
pool = chosen(puzzles, kind, level, table)
ids = [p.id for p in pool]
if not pool:
    st.info("No puzzle of that kind, difficulty and table here: choose another.")
    st.stop()
if ss.get(keys.PZ_CURRENT) not in ids:
    ss[keys.PZ_CURRENT] = following(ids, None)
    ss.pop(keys.PZ_VERDICT, None)


def _step(step: int) -> None:
    ss[keys.PZ_CURRENT] = following(ids, ss.get(keys.PZ_CURRENT), step)
    ss.pop(keys.PZ_VERDICT, None)


puzzle: Puzzle = puzzles.get(ss[keys.PZ_CURRENT])
number = ids.index(puzzle.id) + 1

# ------------------------------------------------------------------ answering
def _answer(given) -> None:
    try:
        verdict = check_answer(puzzle, given)
    except BadInput as exc:
        ss[keys.PZ_ANSWER_ERROR] = str(exc)
        return
    ss[keys.PZ_VERDICT] = {"id": puzzle.id, "verdict": verdict}
    if puzzle.id not in rated:  # only the first answer to a puzzle is rated
        now = Rating(*ss.get(keys.PZ_RATING, (Rating.start().mu, Rating.start().sigma)))
        after = now.after(puzzle, verdict.correct)
        ss[keys.PZ_RATING] = (after.mu, after.sigma)
        ss[keys.PZ_LAST_CHANGE] = after.points - now.points  # whole points, as shown
        rated[puzzle.id] = verdict.correct


def _answer_page() -> None:
    placements = page_builder.placements_of(BUILDER)
    exclusive = page_builder.exclusive_of(BUILDER)
    _answer(ProposedPage(placements, exclusive) if exclusive != "best" else ProposedPage(placements))


def _exclusive(page: ProposedPage):
    """A stored page's exclusive as the checker takes it (left out: the best valid one)."""
    return page.exclusive if page.exclusive_declared else "best"


def _answer_move(moves) -> None:
    _answer(move_picker.chosen(keys.PZ_MOVE_KIND, keys.PZ_MOVE, moves))


st.subheader(f"Puzzle {number} of {len(ids)}: {KIND_WORDS[puzzle.kind]} · difficulty {level_words(puzzle.difficulty)}")
with st.container(horizontal=True):
    st.button("← Previous puzzle", key=keys.PZ_PREVIOUS, on_click=_step, args=(-1,))
    st.button("Next puzzle →", key=keys.PZ_NEXT, on_click=_step, args=(1,))
done = rated.get(puzzle.id)
if done is not None:
    st.caption("Rated already: " + ("you solved it first time." if done else "your first answer was not the best.")
               + " Try again as often as you like; it no longer moves your rating.")
st.markdown(f"**{puzzle.prompt}**")
BUILDER = keys.PZ_BUILDER
shown = ss.get(keys.PZ_VERDICT)
verdict = shown["verdict"] if shown and shown["id"] == puzzle.id else None

if puzzle.kind == PAGE:
    problem = puzzle.problem()
    page_builder.open_on(BUILDER, puzzle.id, ())  # each puzzle starts from an empty page
    pick, drawing = st.columns([4, 5], gap="large")
    with pick:
        page_builder.builder(BUILDER, problem)
        st.button("Check my page", key=keys.PZ_CHECK_PAGE, type="primary", on_click=_answer_page)
    placements = list(page_builder.placements_of(BUILDER))
    with drawing:
        now = solving.check(problem, placements, page_builder.exclusive_of(BUILDER))
        bad = {c for v in now.violations for c in v.cells}
        show_svg(page_svg(problem, placements, now.exclusive if now.legal else None,
                          breakdown=now.breakdown if now.legal else None, title="Your page", bad_cells=bad,
                          translucent=not now.legal))
else:
    state = puzzle.position()
    me = state.current
    st.markdown(f"**You are {newspaper(me)}** · {phase_words(state.phase, detail=True)}")
    show_board(state)
    show_svgs([mat_svg(state, i, to_move=i == me) for i in range(state.n_players)])
    if puzzle.kind == PRESS_OR_WAIT:
        with st.container(horizontal=True):  # the two answers look alike: neither is drawn as the one to click
            st.button("Press now", key=keys.PZ_PRESS, on_click=_answer, args=("press",))
            st.button("Wait", key=keys.PZ_WAIT, on_click=_answer, args=("wait",))
    else:
        moves = state.legal_moves()
        move_picker.move_picker(keys.PZ_MOVE_KIND, keys.PZ_MOVE, moves, label="Your move")
        st.button("Play this move", key=keys.PZ_PLAY, type="primary", on_click=_answer_move, args=(moves,))

if ss.get(keys.PZ_ANSWER_ERROR):
    st.error(f"That answer cannot be judged: {ss.pop(keys.PZ_ANSWER_ERROR)}")

# ------------------------------------------------------------------ the verdict and the why
if verdict is not None:
    st.divider()
    head, rest = verdict.why[0], verdict.why[1 + len(verdict.rules):]  # the rules are said below, in words
    (st.success if verdict.correct else st.error)(head)
    for rule in verdict.rules:
        st.markdown(f"- **{RULE_WORDS[rule['rule']]}**: {rule['message']}")
    if puzzle.kind == PAGE:
        problem = puzzle.problem()
        best = puzzle.solution()
        yours, optimal = st.columns(2, gap="large")
        with yours:
            if verdict.check is not None and verdict.check.legal:
                show_svg(page_svg(problem, verdict.page.placements, verdict.check.exclusive,
                                  breakdown=verdict.check.breakdown, title=f"Your page: {verdict.total} points"))
        with optimal:
            result = solving.check(problem, list(best.placements), _exclusive(best))
            show_svg(page_svg(problem, best.placements, result.exclusive, breakdown=result.breakdown,
                              title=f"A best page: {result.total} points"))
    st.markdown("**Why**\n" + "\n".join(f"- {line}" for line in rest))
    second = verdict.second_best
    with st.expander("Why not the second-best choice? What it loses", expanded=True):
        if second is None:
            st.markdown("There is no second-best page: every legal page scores the best." if puzzle.kind == PAGE
                        else "There is no second-best choice here.")
        elif puzzle.kind == PAGE:
            problem = puzzle.problem()
            page = ProposedPage.from_json(second["choice"], problem)
            result = solving.check(problem, list(page.placements), _exclusive(page))
            st.markdown(f"The second-best page scores **{second['total']}**: it loses "
                        f"**{plural(second['loses'], 'point')}** against the best page.")
            show_svg(page_svg(problem, page.placements, result.exclusive, breakdown=result.breakdown,
                              title=f"The second-best page: {second['total']} points"))
            breakdown_table(problem, result.breakdown)
        else:
            loses = f"you would {second['loses']}" if puzzle.certainty == "exact" else f"it loses {second['loses']}"
            st.markdown(f"The second-best choice: **{second['in_words']}**: {loses}.")
            if puzzle.certainty == "exact":
                st.caption("Exact: every newspaper plays its best to the end of the final edition.")
            lines = puzzle.evidence.get("lines")
            population = puzzle.evidence.get("population")
            if population is not None:  # settled by full games: the why says what they showed
                with st.expander("Details: the games against each kind of opponent"):
                    wrapped_table(pd.DataFrame(population_rows(population)))
                    st.caption("The same shuffled decks for both moves in each row; the range is the "
                               "precision of these games (98%).")
            if puzzle.certainty == "searched" and lines:
                if population is None and JUDGED_BY_SEARCH not in verdict.why:  # a file made before its why said so
                    st.caption(JUDGED_BY_SEARCH)
                deck = puzzle.position().definition.deck
                best_words = move_words(parse_move(puzzle.evidence["best"][0]["move"]))
                for title, key in ((f"After the answer, {best_words}", "answer"),
                                   (f"After {second['in_words']}", "rival")):
                    steps = [LineStep.from_json(d) for d in lines.get(key, [])]
                    if steps:
                        st.markdown(f"**{title}**, most often:\n"
                                    + "\n".join(f"1. {w}" for w in line_words(steps, deck)))
