"""The trainer's "Your mistakes": a game's mistakes and blunders, each a puzzle -- find the better move.

"Audit a game" and the end of "Play a game" put the mistakes of an audited game in the session
(:func:`practise`, the puzzles :func:`pennypress.engine.puzzles.mistake_puzzles` makes) and open the
Puzzles page on them; a set downloaded from here loads back (:func:`loader`). Each puzzle shows the
position before the decision, the move played, and takes a move by the trainer's usual picker; the answer is
judged by :func:`pennypress.engine.puzzles.check_answer` and told with what the move played cost, in the
audit's own words (:func:`pennypress.ui.render.puzzle_words.played_words`), the why, and the likely line
after the better move, stepped through on the board. These answers never move the puzzle rating: a
puzzle made from a game has no measured difficulty.
"""
from __future__ import annotations

import hashlib

import streamlit as st

from pennypress.engine.advisor.line import line_words
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import Puzzle, PuzzleSet, check_answer, mistake_of, puzzle_set_from_json, puzzles_text
from pennypress.engine.puzzles.mistakes import Mistake
from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text
from pennypress.ui.app import audit_view as view, move_picker, session_keys as K
from pennypress.ui.app.board_stepper import board_stepper
from pennypress.ui.app.puzzle_trainer import following, solved_words
from pennypress.ui.app.widgets import show_board, show_svgs, uploaded_text, valid_choice
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.puzzle_words import moves_words, played_words
from pennypress.ui.render.words import phase_words

TRAINER_PAGE = "app_pages/puzzles.py"
PUZZLES, MISTAKES = "puzzles", "mistakes"
"""The trainer's two sets: the puzzle set (shipped or loaded), or the session's mistakes."""
FILE_NAME = "pennypress-mistakes.json"


def practise(puzzles: PuzzleSet, name: str) -> None:
    """Keep ``puzzles`` (a set of mistakes) as the session's "Your mistakes", shown first on the trainer;
    ``name`` says where they came from."""
    ss = st.session_state
    ss[K.PZ_MISTAKES], ss[K.PZ_MISTAKES_NAME], ss[K.PZ_SOURCE] = puzzles.to_json(), name, MISTAKES
    for key in (K.PZ_MISTAKE_CURRENT, K.PZ_MISTAKE_VERDICT, K.PZ_MISTAKES_FOUND):
        ss.pop(key, None)


def _load_saved() -> None:
    """The uploaded file as the session's mistakes, or one readable line saying why not."""
    ss = st.session_state
    upload = ss.get(K.PZ_MISTAKES_UPLOAD)
    if upload is None:
        return
    try:
        puzzles = puzzle_set_from_json(parse_json_text(uploaded_text(upload), upload.name), upload.name)
        if not puzzles.is_mistakes:
            raise BadInput(f"{upload.name}: it holds no puzzle made from a game's mistakes (load other puzzles "
                           "under \"Use another puzzle file\")")
    except BadInput as exc:
        ss[K.PZ_MISTAKES_ERROR] = str(exc)
        return
    practise(puzzles, upload.name)


def loader() -> None:
    """The upload of a set of mistakes saved with Download (one readable line for a bad file)."""
    with st.expander("Load a saved set of your mistakes (as Download gives it)"):
        st.file_uploader("Your mistakes", type=["json"], key=K.PZ_MISTAKES_UPLOAD, on_change=_load_saved)
    if st.session_state.get(K.PZ_MISTAKES_ERROR):
        st.error(f"Your mistakes were not loaded: {st.session_state.pop(K.PZ_MISTAKES_ERROR)}")


def showing_mistakes() -> bool:
    """Whether the trainer shows "Your mistakes": the choice of set, drawn when the session has some."""
    ss = st.session_state
    doc = ss.get(K.PZ_MISTAKES)
    if not doc:
        return False
    count = len(doc["puzzles"])
    valid_choice(K.PZ_SOURCE, [PUZZLES, MISTAKES], MISTAKES)
    ss.setdefault(K.PZ_SOURCE, MISTAKES)
    shown = st.radio("Practise", [PUZZLES, MISTAKES], key=K.PZ_SOURCE, horizontal=True,
                     format_func=lambda s: "The puzzle set" if s == PUZZLES else f"Your mistakes ({count})")
    return shown == MISTAKES


def _step(ids: list[str], step: int) -> None:
    ss = st.session_state
    ss[K.PZ_MISTAKE_CURRENT] = following(ids, ss.get(K.PZ_MISTAKE_CURRENT), step)
    for key in (K.PZ_MISTAKE_VERDICT,):
        ss.pop(key, None)


def _answer(puzzle: Puzzle) -> None:
    """Judge the move the picker holds; the first answer to each puzzle is counted (never rated)."""
    ss = st.session_state
    moves = puzzle.position().legal_moves()
    try:
        verdict = check_answer(puzzle, move_picker.chosen(K.PZ_MOVE_KIND, K.PZ_MOVE, moves))
    except BadInput as exc:
        ss[K.PZ_ANSWER_ERROR] = str(exc)
        return
    ss[K.PZ_MISTAKE_VERDICT] = {"id": puzzle.id, "verdict": verdict}
    ss.setdefault(K.PZ_MISTAKES_FOUND, {}).setdefault(puzzle.id, verdict.correct)


def _the_set() -> PuzzleSet | None:
    """The session's mistakes, checked (made by the engine, or checked when loaded; never a traceback)."""
    ss = st.session_state
    try:
        return puzzle_set_from_json(ss[K.PZ_MISTAKES], ss.get(K.PZ_MISTAKES_NAME, "your mistakes"))
    except BadInput as exc:
        st.error(f"Your mistakes cannot be used: {exc}")
        return None


def trainer() -> None:
    """The "Your mistakes" set: one puzzle at a time, answered on the board's position, then the answer."""
    ss = st.session_state
    puzzles = _the_set()
    if puzzles is None:
        return
    ids = [p.id for p in puzzles]
    if ss.get(K.PZ_MISTAKE_CURRENT) not in ids:
        ss[K.PZ_MISTAKE_CURRENT] = ids[0]
        ss.pop(K.PZ_MISTAKE_VERDICT, None)
    puzzle = puzzles.get(ss[K.PZ_MISTAKE_CURRENT])
    mistake = mistake_of(puzzle)
    c1, c2 = st.columns(2)
    c1.metric("Your mistakes", f"{len(ids)}", help=ss.get(K.PZ_MISTAKES_NAME))
    c2.metric("Found first time", solved_words(ss.get(K.PZ_MISTAKES_FOUND, {})),
              help="Puzzles whose better move you found at your first answer. These puzzles do not move your rating.")
    st.caption(f"From {ss.get(K.PZ_MISTAKES_NAME, 'an audited game')}: each move the analysis found a mistake "
               "or a blunder, a puzzle. Find the better move; the answer says what the move played cost.")
    st.download_button("Download these puzzles", puzzles_text(puzzles), file_name=FILE_NAME,
                       mime="application/json", key=K.PZ_MISTAKES_DOWNLOAD,
                       help="The set as a file: load it back here (Load a saved set of your mistakes).")
    st.subheader(f"Mistake {ids.index(puzzle.id) + 1} of {len(ids)}: {mistake.title}")
    with st.container(horizontal=True):
        st.button("← Previous mistake", key=K.PZ_PREVIOUS, on_click=_step, args=(ids, -1))
        st.button("Next mistake →", key=K.PZ_NEXT, on_click=_step, args=(ids, 1))
    _question(puzzle)
    if ss.get(K.PZ_ANSWER_ERROR):
        st.error(f"That answer cannot be judged: {ss.pop(K.PZ_ANSWER_ERROR)}")
    shown = ss.get(K.PZ_MISTAKE_VERDICT)
    if shown and shown["id"] == puzzle.id:
        _verdict(puzzle, mistake, shown["verdict"])


def _question(puzzle: Puzzle) -> None:
    """The prompt, the position (board and mats) and the move picker."""
    state = puzzle.position()
    st.markdown(f"**{puzzle.prompt}**")
    st.markdown(f"**You are {newspaper(state.current)}** · {phase_words(state.phase, detail=True)}")
    show_board(state)
    show_svgs([mat_svg(state, i, to_move=i == state.current) for i in range(state.n_players)])
    move_picker.move_picker(K.PZ_MOVE_KIND, K.PZ_MOVE, state.legal_moves(), label="Your move")
    st.button("Play this move", key=K.PZ_PLAY, type="primary", on_click=_answer, args=(puzzle,))


def _verdict(puzzle: Puzzle, mistake: Mistake, verdict) -> None:
    """Right or wrong, what the move played cost, why, and the likely line after the better move."""
    st.divider()
    (st.success if verdict.correct else st.error)(verdict.why[0])
    st.markdown(played_words(mistake))
    if verdict.correct and mistake.as_good:
        st.markdown(f"Each of these was right (the analysis could not tell them apart): {moves_words(mistake.answers)}.")
    st.markdown("**Why**\n" + "\n".join(f"- {line}" for line in verdict.why[1:]))
    _line(puzzle, mistake)


def _line(puzzle: Puzzle, mistake: Mistake) -> None:
    """The likely line after the better move, in words and a step at a time on the board."""
    if not mistake.line_best:
        return
    before = puzzle.position()
    deck = before.definition.deck
    st.markdown(f"**The likely line after the better move, {move_words(mistake.best)}** — the most frequent "
                "continuation in the futures the analysis played, each step with how often they went that way:\n"
                + "\n".join(f"{i}. {w}" for i, w in enumerate(line_words(mistake.line_best, deck), 1)))
    # the bar: the chance after the better move, as the audit said it, then in the futures of each step
    frames = view.line_frames(before, mistake, view.BEST_LINE, deck, mistake.win_before)
    token = hashlib.sha1(f"{mistake.move_number}|{mistake.player}|{mistake.best}|{puzzle.position().to_json()}"
                         .encode()).hexdigest()[:16]
    board_stepper(frames, key=K.PZ_LINE_STEPPER, token=token,
                  who=f"{newspaper(mistake.player)}'s chance to win in the futures that went this way")
