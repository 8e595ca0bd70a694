"""Analysis board: load a position, analyse it, see the best move and every move ranked, step forward.

In the spirit of Lichess's analysis board. The advisor (:mod:`pennypress.engine.advisor`)
does all the work; this page draws its answer and keeps the line of moves played.
"""
from __future__ import annotations

import json

import streamlit as st

from pennypress.engine import new_game, parse_move
from pennypress.engine.advisor import BUDGETS, advise
from pennypress.engine.names import newspaper
from pennypress.engine.press import press_problem
from pennypress.solver import BadInput
from pennypress.ui.app import session_keys as keys, analysis_view as view
from pennypress.ui.app import solving, what_if
from pennypress.ui.app.widgets import page_style, result_panel, show_svg
from pennypress.ui.io import example_files, positions
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


def _store(loader, name: str) -> None:
    try:
        state = loader()
    except BadInput as exc:
        ss[keys.AB_ERROR] = f"{name}: {exc}"
        return
    _start(state.to_json(), name)


def _load_example() -> None:
    name = ss.get(keys.AB_EXAMPLE_PICK)
    path = example_files.position_examples().get(name)
    if path is None:
        ss[keys.AB_ERROR] = f"Example {name!r} is not available."
        return
    _store(lambda: positions.parse_position(example_files.load(path)), f"Example: {example_files.title_of(name)}")


def _load_pasted() -> None:
    _store(lambda: positions.parse_position_text(ss.get(keys.AB_PASTE, "")), "Pasted position")


def _load_upload() -> None:
    f = ss.get(keys.AB_UPLOAD)
    if f is None:
        return
    try:
        text = f.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        ss[keys.AB_ERROR] = f"{f.name}: not UTF-8 text"
        return
    _store(lambda: positions.parse_position_text(text, f.name), f"File {f.name}")


def _deal() -> None:
    _store(lambda: new_game(int(ss[keys.AB_PLAYERS]), seed=int(ss[keys.AB_DEAL_SEED])),
           f"New game: {ss['ab_players']} players, seed {ss['ab_deal_seed']}")


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
    if DEFAULT_EXAMPLE in example_files.position_examples():
        ss[keys.AB_EXAMPLE_PICK] = DEFAULT_EXAMPLE
        _load_example()
    if keys.AB_LINE not in ss:
        _start(new_game(3, seed=1).to_json(), "New game: 3 players, seed 1")

with st.expander("Load a position", expanded=False):
    t_ex, t_paste, t_file, t_new = st.tabs(["Example", "Paste JSON or notation", "Upload a file", "New deal"])
    with t_ex:
        names = list(example_files.position_examples())
        if names:
            st.selectbox("Example position", names, key=keys.AB_EXAMPLE_PICK, format_func=example_files.title_of)
            st.button("Load example", key=keys.AB_LOAD_EXAMPLE, on_click=_load_example)
        else:
            st.info("No example positions in this installation (the repository's examples/positions folder).")
    with t_paste:
        st.text_area("Position JSON or one-line notation", key=keys.AB_PASTE, height=160, placeholder='{"format": "pennypress-state", ...}')
        st.button("Load pasted position", key=keys.AB_LOAD_PASTE, on_click=_load_pasted)
    with t_file:
        st.file_uploader("Position file (.json)", type=["json"], key=keys.AB_UPLOAD, on_change=_load_upload)
    with t_new:
        c1, c2 = st.columns(2)
        c1.number_input("Players", min_value=2, max_value=5, value=3, step=1, key=keys.AB_PLAYERS)
        c2.number_input("Seed", min_value=0, value=1, step=1, key=keys.AB_DEAL_SEED)
        st.button("Deal a new game", key=keys.AB_DEAL, on_click=_deal)

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
