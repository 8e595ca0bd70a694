"""Analysis board: load a position, analyse it, see the best move and every move ranked, step forward.

In the spirit of Lichess's analysis board. The advisor (:mod:`pennypress.engine.advisor`)
does all the work; this page draws its answer and keeps the line of moves played. Like Lichess's
``/analysis/FEN``, the page opens on a position given in its address (``?position=`` and the one-line
notation) and offers the link of the position on the board (:mod:`pennypress.ui.app.analysis_link`).
"""
from __future__ import annotations

import json
import time

import pandas as pd
import streamlit as st

from pennypress.engine import native, parse_move
from pennypress.engine.advisor import BUDGETS, advise
from pennypress.engine.advisor.line import line_states, line_words
from pennypress.engine.arena.table_reading import TableReading, TableWatch
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words
from pennypress.engine.rules.press import press_problem
from pennypress.solver import BadInput
from pennypress.ui.app import session_keys as keys, analysis_link, analysis_view as view
from pennypress.ui.app import move_picker, position_loader as loader, solving, what_if
from pennypress.ui.app.board_stepper import board_stepper
from pennypress.ui.app.table_panel import playout_table, table_panel, table_words
from pennypress.ui.app.widgets import (flash, page_style, result_panel, show_board, show_svg, show_svgs, show_table,
                                       valid_choice)
from pennypress.ui.io import positions
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.stepper import arrow_of
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.ranking_html import assessments, bar_weight as _weight, details_rows, ranking_html
from pennypress.ui.render.verdict import verdict
from pennypress.ui.render.words import phase_words

page_style()
ss = st.session_state
DEFAULT_EXAMPLE = "when-not-to-press"
TOP = 10  # moves ranked in full view; the rest are one click away

st.title("Analysis board")
st.caption(
    "Load a position, choose how long to think and press **Analyse**: the board says the best move and how "
    "clear it is, marks every legal move the way a game review does (best, excellent, good, inaccuracy ?!, "
    "mistake ?, blunder ??) and shows what each gives up against the best. The numbers behind it are one "
    "click away, under **Details**. Play a move to step forward; go back at any time."
)
flash()


# ------------------------------------------------------------------ the line of positions
def _start(doc: dict, name: str) -> None:
    ss[keys.AB_LINE] = [{"doc": doc, "move": None}]
    ss[keys.AB_NAME] = name
    ss.pop(keys.AB_ADVICE, None)
    ss.pop(keys.AB_WATCH, None)   # another line: the table is read afresh


def _loaded(state, name: str) -> None:
    _start(state.to_json(), name)


def _first_position() -> None:
    """The board's first position in a session: the one in the address (a link), else the usual example;
    a link whose position cannot be opened says why, above the usual example."""
    linked, problem = analysis_link.opened_from_address()
    if linked is not None:
        _loaded(linked, analysis_link.NAME)
        return
    loader.start_with(keys.AB_LOADER, _loaded, DEFAULT_EXAMPLE)
    if problem:
        ss[keys.AB_ERROR] = problem  # after start_with, which clears the loader's error key


def _line_full() -> bool:
    """Whether the line is as long as the board keeps (:data:`~.session_keys.AB_LINE_MOST`): then said so."""
    if len(ss[keys.AB_LINE]) < keys.AB_LINE_MOST:
        return False
    ss[keys.AB_ERROR] = (f"The line is {keys.AB_LINE_MOST - 1:,} moves and cards long, the most the board keeps: "
                         "go back a move, or load a position.")
    return True


def _play(text: str) -> None:
    if _line_full():
        return
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
    try:
        move = parse_move(text)
        reason = game.why_illegal(move)
        if reason is not None:
            raise BadInput(f"{move_words(move)}: {reason}")
        new = view.step(game, move)
    except BadInput as exc:
        ss[keys.AB_ERROR] = str(exc)
        return
    ss[keys.AB_LINE].append({"doc": new.to_json(), "move": text, "player": game.current_player})
    ss.pop(keys.AB_ADVICE, None)


def _play_chosen() -> None:
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
    _play(move_picker.chosen(keys.AB_KIND, keys.AB_PICK, game.legal_moves()))


def _draw(card: int | None) -> None:
    if _line_full():
        return
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
    try:
        new = view.draw(game, card, int(ss.get(keys.AB_SEED, 0)))
    except BadInput as exc:
        ss[keys.AB_ERROR] = str(exc)
        return
    ss[keys.AB_LINE].append({"doc": new.to_json(), "move": None, "card": new.discard[-1], "random": card is None})
    ss.pop(keys.AB_ADVICE, None)


def _draw_chosen(cards: list[int]) -> None:
    _draw(int(valid_choice(keys.AB_CARD, cards)))


def _back() -> None:
    if len(ss[keys.AB_LINE]) > 1:
        ss[keys.AB_LINE].pop()
        ss.pop(keys.AB_ADVICE, None)


def board_reading(game) -> TableReading | None:
    """How the others have played in the line on the board, read for the player to move (each new move read
    once), or ``None`` without the native core."""
    if not native.available():
        return None
    watches = ss.setdefault(keys.AB_WATCH, {})
    watch = watches.setdefault(game.current_player, TableWatch(game.n_players, game.current_player))
    return watch.update(view.line_steps(ss[keys.AB_LINE]))


def _forget_advice() -> None:
    ss.pop(keys.AB_ADVICE, None)


# ------------------------------------------------------------------ the likely line, stepped through
@st.fragment
def likely_line_panel(game, advice, doc_key: str) -> None:
    """The likely line after the move looked at (the best first) with how often the futures went each
    way, on the board stepper (:mod:`~pennypress.ui.app.board_stepper`: every position of the line is in
    the browser, so Previous / Next and the ←/→ keys step at once, the evaluation bar following), and why
    the move's futures differ from the best move's. A fragment: choosing another move redraws this panel,
    not the page."""
    st.subheader("The likely line")
    looked = [m.move for m in advice.moves if m.was_searched]
    ranks = {m.move: m.rank for m in advice.moves}
    valid_choice(keys.AB_LOOK, looked)
    with st.container(height=min(230, 40 + 34 * len(looked))):  # every move one scroll away, wrapped
        chosen = st.radio("Look closer at", looked, key=keys.AB_LOOK,
                          format_func=lambda n: f"{ranks[n]}. {move_words(n)}")
    looked_at = advice.find(chosen)
    reply = looked_at.reply
    line = advice.line(chosen)
    if reply is not None:  # a second ply: the next player searched their own answer to this move
        st.markdown(view.true_minus(view.reply_said(reply, game.current_player, game.definition.deck)))
        if not line or line[0].move != reply.move:
            st.caption("Below, the way the game most often went on when the rivals play by habit.")
    said = view.line_said(game.current_player, chosen, line_words(line, game.definition.deck))
    frames = view.line_frames(game, chosen, line, line_states(game, chosen, line), said,
                              looked_at.at_first_sight().win_probability)
    board_stepper(frames, key=keys.AB_STEPPER, token=view.line_token(doc_key, advice, chosen),
                  who=f"{newspaper(game.current_player)}'s chance to win in the futures that went this way")
    st.caption(view.LINE_BAR)
    why = advice.why(chosen)
    if why:
        against = "the next best move" if ranks[chosen] == 1 else "the best move"
        st.markdown(f"**Why, against {against}:**\n" + "\n".join(f"- {view.true_minus(w)}" for w in why))


incoming = ss.get(keys.ANALYSIS_POSITION)
if incoming is not None and incoming != ss.get(keys.AB_PUBLISHED):  # handed over by another page (the editor)
    _start(incoming, ss.get(keys.ANALYSIS_NAME, "From another page"))
if keys.AB_LINE not in ss:
    _first_position()
loader.loader_panel(keys.AB_LOADER, _loaded)

if ss.get(keys.AB_ERROR):
    st.error(ss.pop(keys.AB_ERROR))

try:
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
except BadInput as exc:  # a stored position is always valid; never show a traceback all the same
    st.error(f"The stored position cannot be used: {exc}")
    st.stop()

# ------------------------------------------------------------------ the line so far
st.subheader(ss[keys.AB_NAME])
deck = game.definition.deck
played = [view.line_words(entry, deck) for entry in ss[keys.AB_LINE][1:]]
if played:
    st.markdown("**The line played from the start position:**\n" + "\n".join(f"{k}. {w}" for k, w in enumerate(played, 1)))
else:
    st.markdown("**The start position** (no move played on the board yet).")
with st.container(horizontal=True):
    st.button("← Back one move", key=keys.AB_BACK, on_click=_back, disabled=len(ss[keys.AB_LINE]) < 2)
    shared = analysis_link.copy_link_button(game)  # the position on the board, whatever brought it there
analysis_link.link_box(shared)

if game.is_over:
    end = what_if.end_outcome(game)
    st.success("Game over. Final circulation: " + ", ".join(
        f"{newspaper(i)} {c}" for i, c in enumerate(end.circulation))
        + " — won by " + " and ".join(newspaper(i) for i in end.winners) + ".")
    show_board(game)
    st.stop()

if game.is_chance_node():
    st.info(f"{newspaper(game.current_player)} went to press: a headline card is drawn now. "
            "Draw one at random, or pick the card drawn at the table.")
    cards = [c for c, _ in game.chance_outcomes()]
    move_picker.card_picker(keys.AB_CARD, cards, deck, "Card drawn at the table")
    d1, d2 = st.columns(2)
    d1.button("Use this card", key=keys.AB_USE_CARD, on_click=_draw_chosen, args=(cards,))
    d2.button("Draw at random", key=keys.AB_RANDOM_CARD, on_click=lambda: _draw(None))
    show_board(game)
    st.stop()

mover = game.current_player
st.markdown(f"**{newspaper(mover)}** to move · {phase_words(game.phase, detail=True)}")
reading = board_reading(game)
table_panel(reading, keys.AB_TABLE, on_change=_forget_advice, what="the analysis")

# ------------------------------------------------------------------ analyse
st.radio("How long to think", list(BUDGETS), index=0, key=keys.AB_BUDGET, horizontal=True,
         format_func=view.THINKING.get)
with st.expander("Advanced"):
    a1, a2 = st.columns(2)
    a1.number_input("Playouts (0: as many as the choice above allows)", min_value=0, value=0, step=10,
                    key=keys.AB_PLAYOUTS)
    a2.number_input("Seed", min_value=0, value=0, step=1, key=keys.AB_SEED,
                    help="The same position, choice and seed always give the same answer.")
doc_key = json.dumps([ss[keys.AB_LINE][-1]["doc"], table_words(reading, keys.AB_TABLE)], sort_keys=True)

if st.button("Analyse", key=keys.AB_ANALYSE, type="primary"):
    bar = st.progress(0.0, text="Thinking…")
    shown_at = [time.perf_counter()]

    def _progress(done: int, total: int) -> None:
        # at most a few redraws a second: each is a message to the browser, and a quick analysis reports
        # dozens of batches
        if time.perf_counter() - shown_at[0] >= 0.25:
            shown_at[0] = time.perf_counter()
            bar.progress(min(1.0, done / max(1, total)), text="Thinking…")

    try:
        advice = advise(game, ss[keys.AB_BUDGET], playouts=int(ss[keys.AB_PLAYOUTS]) or None,
                        seed=int(ss[keys.AB_SEED]), progress=_progress,
                        table=playout_table(reading, keys.AB_TABLE))
    except BadInput as exc:
        st.error(f"This position cannot be analysed: {exc}")
        st.stop()
    bar.empty()
    ss[keys.AB_ADVICE] = (doc_key, advice)

advice = ss.get(keys.AB_ADVICE, (None, None))[1] if ss.get(keys.AB_ADVICE, (None,))[0] == doc_key else None

if advice is None:
    show_board(game)
else:
    best = advice.best
    best_move = parse_move(best.move)
    graded = assessments(advice, game.n_players)
    said = verdict(advice, game.n_players)
    st.markdown(view.verdict_html(said), unsafe_allow_html=True)
    m1, m2, m3 = st.columns(3)
    label, figure, why = view.chance_metric(best)
    m1.metric(label, figure, help=why)
    m2.metric("Expected circulation", f"{best.expected_score:.1f}")
    m3.metric("Expected lead", f"{best.expected_margin:+.1f}".replace("-", "−"),
              help="Your final circulation minus the best rival's, on average.")
    for r in best.reasons:
        if r != said.best:
            st.markdown(f"- {view.true_minus(r)}")
    show_board(game, view.move_marks(best_move, game), arrow_of(best.move))
    st.caption("The best move on the board: outlined green receives reporters, red loses them, gold is claimed "
               "by the press; a move of reporters is also an arrow.")
    if best.move == "press":
        problem = press_problem(game, mover, game.claimable(mover))
        result = solving.optimal(problem)
        a, b = st.columns(2, gap="large")
        with a:
            show_svg(result_svg(result, title=f"{newspaper(mover)} pressing now: {result.total} points"))
        with b:
            result_panel(result, heading="The page")
    st.button("Play this move", key=keys.AB_PLAY_BEST, on_click=_play, args=(best.move,))
    likely_line_panel(game, advice, doc_key)

    st.subheader("Every move, ranked")
    st.caption("Each bar is what the move gives up against the best move: its loss of chance to win, "
               "coloured by its mark.")
    scale = max((_weight(m, g) for m, g in zip(advice.moves, graded) if m.loss is not None), default=0.0)
    st.markdown(ranking_html(advice.moves[:TOP], graded[:TOP], scale), unsafe_allow_html=True)
    if len(advice.moves) > TOP:
        with st.expander(f"The other {len(advice.moves) - TOP} moves"):
            st.markdown(ranking_html(advice.moves[TOP:], graded[TOP:], scale), unsafe_allow_html=True)
    for m in advice.moves[1:5]:
        words = move_words(m.move)
        reasons = [r for r in m.reasons if r != words]
        if reasons:
            with st.expander(f"Reasons for {m.rank}. {words}"):
                for r in reasons:
                    st.markdown(f"- {view.true_minus(r)}")

    with st.expander("Details"):
        st.markdown("\n".join(f"- {line}" for line in view.details_words(advice)))
        show_table(pd.DataFrame(details_rows(advice.moves)))

st.subheader("Play any move")
move_picker.move_picker(keys.AB_KIND, keys.AB_PICK, game.legal_moves(), label="Legal move")
st.button("Play the chosen move", key=keys.AB_PLAY_PICK, on_click=_play_chosen)

with st.expander("Mats"):
    show_svgs([mat_svg(game, i, to_move=i == mover) for i in range(game.n_players)])


# ------------------------------------------------------------------ hand the position on
# The position editor can start from the analysis board's position; what the board publishes here
# is also how it tells a hand-over (a different document) from its own position.
ss[keys.ANALYSIS_POSITION] = ss[keys.AB_PUBLISHED] = ss[keys.AB_LINE][-1]["doc"]
ss[keys.ANALYSIS_NAME] = ss.get(keys.AB_NAME, "the analysis board")
