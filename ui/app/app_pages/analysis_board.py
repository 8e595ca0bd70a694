"""Analysis board: load a position, analyse it, see the best move and every move ranked, step forward.

In the spirit of Lichess's analysis board. The advisor (:mod:`pennypress.engine.advisor`)
does all the work; this page draws its answer and keeps the line of moves played.
"""
from __future__ import annotations

import json

import streamlit as st

from pennypress.engine import parse_move
from pennypress.engine.advisor import BUDGETS, advise
from pennypress.engine.game.names import newspaper
from pennypress.engine.rules.press import press_problem
from pennypress.solver import BadInput
from pennypress.ui.app import session_keys as keys, analysis_view as view
from pennypress.ui.app import position_loader as loader, solving, what_if
from pennypress.ui.app.widgets import page_style, result_panel, show_svg
from pennypress.ui.io import positions
from pennypress.ui.render.board_svg import board_svg
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.page_svg import result_svg

page_style()
ss = st.session_state
DEFAULT_EXAMPLE = "when-not-to-press"

st.title("Analysis board")
st.caption(
    "Load a position, press **Analyse**: every legal move of the player to move is ranked by its chance "
    "of winning (playouts to the end of the game over the same sampled futures; exact in the final "
    "edition), with expected scores and reasons. Every move is first screened by quick playouts; the "
    "most promising are then searched with playouts by the heuristic bot for every newspaper, and rank first. "
    "Play a move to step forward; go back at any time."
)


# ------------------------------------------------------------------ the line of positions
def _start(doc: dict, name: str) -> None:
    ss[keys.AB_LINE] = [{"doc": doc, "move": None}]
    ss[keys.AB_NAME] = name
    ss.pop(keys.AB_ADVICE, None)


def _loaded(state, name: str) -> None:
    _start(state.to_json(), name)


def _play(text: str) -> None:
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
    try:
        move = parse_move(text)
        reason = game.why_illegal(move)
        if reason is not None:
            raise BadInput(f"{text}: {reason}")
        new = view.step(game, move)
    except BadInput as exc:
        ss[keys.AB_ERROR] = str(exc)
        return
    ss[keys.AB_LINE].append({"doc": new.to_json(), "move": text})
    ss.pop(keys.AB_ADVICE, None)


def _draw(card: int | None) -> None:
    game = positions.parse_position(ss[keys.AB_LINE][-1]["doc"])
    try:
        new = view.draw(game, card, int(ss.get(keys.AB_SEED, 0)))
    except BadInput as exc:
        ss[keys.AB_ERROR] = str(exc)
        return
    drawn = new.discard[-1]
    ss[keys.AB_LINE].append({"doc": new.to_json(), "move": f"card {drawn}" + (" (at random)" if card is None else "")})
    ss.pop(keys.AB_ADVICE, None)


def _back() -> None:
    if len(ss[keys.AB_LINE]) > 1:
        ss[keys.AB_LINE].pop()
        ss.pop(keys.AB_ADVICE, None)


incoming = ss.get(keys.ANALYSIS_POSITION)
if incoming is not None and incoming != ss.get(keys.AB_PUBLISHED):  # handed over by another page (the editor)
    _start(incoming, ss.get(keys.ANALYSIS_NAME, "From another page"))
if keys.AB_LINE not in ss:
    loader.start_with(keys.AB_LOADER, _loaded, DEFAULT_EXAMPLE)
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
played = [step["move"] for step in ss[keys.AB_LINE][1:]]
st.markdown("**Line:** " + (" → ".join(f"`{m}`" for m in played) if played else "start position"))
st.button("← Back", key=keys.AB_BACK, on_click=_back, disabled=len(ss[keys.AB_LINE]) < 2)

if game.is_over:
    end = what_if.end_outcome(game)
    st.success("Game over. Final circulation: " + ", ".join(
        f"{newspaper(i)} {c}" for i, c in enumerate(end.circulation))
        + " — won by " + " and ".join(newspaper(i) for i in end.winners) + ".")
    show_svg(board_svg(game))
    st.stop()

if game.is_chance_node():
    st.info(f"{newspaper(game.current_player)} went to press: a headline card is drawn now. "
            "Draw one at random, or pick the card drawn at the table.")
    cards = [c for c, _ in game.chance_outcomes()]
    deck = game.definition.deck
    st.selectbox("Card drawn at the table", cards, key=keys.AB_CARD, format_func=lambda c: str(deck.card(c)))
    d1, d2 = st.columns(2)
    d1.button("Use this card", key=keys.AB_USE_CARD, on_click=lambda: _draw(int(ss[keys.AB_CARD])))
    d2.button("Draw at random", key=keys.AB_RANDOM_CARD, on_click=lambda: _draw(None))
    show_svg(board_svg(game))
    st.stop()

mover = game.current_player
st.markdown(f"**{newspaper(mover)}** to move · phase {game.phase} · ply {game.ply}")

# ------------------------------------------------------------------ analyse
c1, c2, c3 = st.columns(3)
c1.selectbox("Budget", list(BUDGETS), index=0, key=keys.AB_BUDGET)
c2.number_input("Playouts (0: the budget's)", min_value=0, value=0, step=10, key=keys.AB_PLAYOUTS)
c3.number_input("Seed", min_value=0, value=0, step=1, key=keys.AB_SEED)
doc_key = json.dumps(ss[keys.AB_LINE][-1]["doc"], sort_keys=True)

if st.button("Analyse", key=keys.AB_ANALYSE, type="primary"):
    bar = st.progress(0.0, text="Analysing…")

    def _progress(done: int, total: int) -> None:
        bar.progress(min(1.0, done / max(1, total)), text=f"Analysing… {done}/{total} playouts")

    try:
        advice = advise(game, ss[keys.AB_BUDGET], int(ss[keys.AB_PLAYOUTS]) or None, seed=int(ss[keys.AB_SEED]),
                        progress=_progress)
    except BadInput as exc:
        st.error(f"This position cannot be analysed: {exc}")
        st.stop()
    bar.progress(1.0, text=f"Done in {advice.seconds:.1f} s")
    ss[keys.AB_ADVICE] = (doc_key, advice)

advice = ss.get(keys.AB_ADVICE, (None, None))[1] if ss.get(keys.AB_ADVICE, (None,))[0] == doc_key else None

legal = [str(m) for m in game.legal_moves()]
if advice is None:
    show_svg(board_svg(game))
else:
    best = advice.best
    best_move = parse_move(best.move)
    what = "exact (final edition, best play by everyone)" if advice.exact else f"{advice.playouts} playouts"
    st.subheader(f"Best move: `{best.move}`")
    st.caption(f"{what}; budget {advice.budget}, seed {advice.seed}"
               + (" — stopped early" if advice.stopped else ""))
    m1, m2, m3 = st.columns(3)
    m1.metric("Win probability", f"{best.win_probability:.0%}",
              help=None if advice.exact else f"95% interval {best.win_interval[0]:.0%}–{best.win_interval[1]:.0%}")
    m2.metric("Expected circulation", f"{best.expected_score:.1f}")
    m3.metric("Expected margin", f"{best.expected_margin:+.1f}")
    for r in best.reasons:
        st.markdown(f"- {r}")
    show_svg(view.highlight_stories(board_svg(game), view.move_marks(best_move, game)))
    st.caption("Outlined: green receives reporters, red loses them, gold is claimed by the press.")
    if best.move == "press":
        problem = press_problem(game, mover, game.claimable(mover))
        result = solving.optimal(problem)
        a, b = st.columns(2, gap="large")
        with a:
            show_svg(result_svg(result, title=f"{newspaper(mover)} pressing now: {result.total} points"))
        with b:
            result_panel(result, heading="The page")
    st.button("Play this move", key=keys.AB_PLAY_BEST, on_click=_play, args=(best.move,))

    st.subheader("Every move, ranked")
    st.altair_chart(view.win_chart(advice), use_container_width=True)
    st.dataframe(view.advice_frame(advice), hide_index=True, key=keys.AB_TABLE, width="stretch")
    for m in advice.moves[1:5]:
        if m.reasons:
            with st.expander(f"#{m.rank} {m.move}: {m.win_probability:.0%}"):
                for r in m.reasons:
                    st.markdown(f"- {r}")

st.subheader("Play any move")
st.selectbox("Legal move", legal, key=keys.AB_PICK)
st.button("Play the chosen move", key=keys.AB_PLAY_PICK, on_click=lambda: _play(ss[keys.AB_PICK]))

with st.expander("Mats"):
    cols = st.columns(game.n_players)
    for i, col in enumerate(cols):
        with col:
            show_svg(mat_svg(game, i))


# ------------------------------------------------------------------ hand the position on
# The position editor can start from the analysis board's position; what the board publishes here
# is also how it tells a hand-over (a different document) from its own position.
ss[keys.ANALYSIS_POSITION] = ss[keys.AB_PUBLISHED] = ss[keys.AB_LINE][-1]["doc"]
ss[keys.ANALYSIS_NAME] = ss.get(keys.AB_NAME, "the analysis board")
