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
from pennypress.ui.app import analysis_view as view
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
    "edition), with expected scores and reasons. Play a move to step forward; go back at any time."
)


# ------------------------------------------------------------------ the line of positions
def _start(doc: dict, name: str) -> None:
    ss["ab_line"] = [{"doc": doc, "move": None}]
    ss["ab_name"] = name
    ss.pop("ab_advice", None)


def _store(loader, name: str) -> None:
    try:
        state = loader()
    except BadInput as exc:
        ss["ab_error"] = f"{name}: {exc}"
        return
    _start(state.to_json(), name)


def _load_example() -> None:
    name = ss.get("ab_example_pick")
    path = example_files.position_examples().get(name)
    if path is None:
        ss["ab_error"] = f"Example {name!r} is not available."
        return
    _store(lambda: positions.parse_position(example_files.load(path)), f"Example: {example_files.title_of(name)}")


def _load_pasted() -> None:
    _store(lambda: positions.parse_position_text(ss.get("ab_paste", "")), "Pasted position")


def _load_upload() -> None:
    f = ss.get("ab_upload")
    if f is None:
        return
    try:
        text = f.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        ss["ab_error"] = f"{f.name}: not UTF-8 text"
        return
    _store(lambda: positions.parse_position_text(text, f.name), f"File {f.name}")


def _deal() -> None:
    _store(lambda: new_game(int(ss["ab_players"]), seed=int(ss["ab_deal_seed"])),
           f"New game: {ss['ab_players']} players, seed {ss['ab_deal_seed']}")


def _play(text: str) -> None:
    game = positions.parse_position(ss["ab_line"][-1]["doc"])
    try:
        move = parse_move(text)
        reason = game.why_illegal(move)
        if reason is not None:
            raise BadInput(f"{text}: {reason}")
        new = view.step(game, move)
    except BadInput as exc:
        ss["ab_error"] = str(exc)
        return
    ss["ab_line"].append({"doc": new.to_json(), "move": text})
    ss.pop("ab_advice", None)


def _draw(card: int | None) -> None:
    game = positions.parse_position(ss["ab_line"][-1]["doc"])
    try:
        new = view.draw(game, card, int(ss.get("ab_seed", 0)))
    except BadInput as exc:
        ss["ab_error"] = str(exc)
        return
    drawn = new.discard[-1]
    ss["ab_line"].append({"doc": new.to_json(), "move": f"card {drawn}" + (" (at random)" if card is None else "")})
    ss.pop("ab_advice", None)


def _back() -> None:
    if len(ss["ab_line"]) > 1:
        ss["ab_line"].pop()
        ss.pop("ab_advice", None)


if "ab_line" not in ss:
    if DEFAULT_EXAMPLE in example_files.position_examples():
        ss["ab_example_pick"] = DEFAULT_EXAMPLE
        _load_example()
    if "ab_line" not in ss:
        _start(new_game(3, seed=1).to_json(), "New game: 3 players, seed 1")

with st.expander("Load a position", expanded=False):
    t_ex, t_paste, t_file, t_new = st.tabs(["Example", "Paste JSON", "Upload a file", "New deal"])
    with t_ex:
        names = list(example_files.position_examples())
        if names:
            st.selectbox("Example position", names, key="ab_example_pick", format_func=example_files.title_of)
            st.button("Load example", key="ab_load_example", on_click=_load_example)
        else:
            st.info("No example positions in this installation (the repository's examples/positions folder).")
    with t_paste:
        st.text_area("Position JSON", key="ab_paste", height=160, placeholder='{"format": "pennypress-state", ...}')
        st.button("Load pasted position", key="ab_load_paste", on_click=_load_pasted)
    with t_file:
        st.file_uploader("Position file (.json)", type=["json"], key="ab_upload", on_change=_load_upload)
    with t_new:
        c1, c2 = st.columns(2)
        c1.number_input("Players", min_value=2, max_value=5, value=3, step=1, key="ab_players")
        c2.number_input("Seed", min_value=0, value=1, step=1, key="ab_deal_seed")
        st.button("Deal a new game", key="ab_deal", on_click=_deal)

if ss.get("ab_error"):
    st.error(ss.pop("ab_error"))

try:
    game = positions.parse_position(ss["ab_line"][-1]["doc"])
except BadInput as exc:  # a stored position is always valid; never show a traceback all the same
    st.error(f"The stored position cannot be used: {exc}")
    st.stop()

# ------------------------------------------------------------------ the line so far
st.subheader(ss["ab_name"])
played = [step["move"] for step in ss["ab_line"][1:]]
st.markdown("**Line:** " + (" → ".join(f"`{m}`" for m in played) if played else "start position"))
st.button("← Back", key="ab_back", on_click=_back, disabled=len(ss["ab_line"]) < 2)

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
    st.selectbox("Card drawn at the table", cards, key="ab_card", format_func=lambda c: str(deck.card(c)))
    d1, d2 = st.columns(2)
    d1.button("Use this card", key="ab_use_card", on_click=lambda: _draw(int(ss["ab_card"])))
    d2.button("Draw at random", key="ab_random_card", on_click=lambda: _draw(None))
    show_svg(board_svg(game))
    st.stop()

mover = game.current_player
st.markdown(f"**{newspaper(mover)}** to move · phase {game.phase} · ply {game.ply}")

# ------------------------------------------------------------------ analyse
c1, c2, c3 = st.columns(3)
c1.selectbox("Budget", list(BUDGETS), index=0, key="ab_budget")
c2.number_input("Playouts (0: the budget's)", min_value=0, value=0, step=10, key="ab_playouts")
c3.number_input("Seed", min_value=0, value=0, step=1, key="ab_seed")
doc_key = json.dumps(ss["ab_line"][-1]["doc"], sort_keys=True)

if st.button("Analyse", key="ab_analyse", type="primary"):
    bar = st.progress(0.0, text="Analysing…")

    def _progress(done: int, total: int) -> None:
        bar.progress(min(1.0, done / max(1, total)), text=f"Analysing… {done}/{total} playouts")

    try:
        advice = advise(game, ss["ab_budget"], int(ss["ab_playouts"]) or None, seed=int(ss["ab_seed"]),
                        progress=_progress)
    except BadInput as exc:
        st.error(f"This position cannot be analysed: {exc}")
        st.stop()
    bar.progress(1.0, text=f"Done in {advice.seconds:.1f} s")
    ss["ab_advice"] = (doc_key, advice)

advice = ss.get("ab_advice", (None, None))[1] if ss.get("ab_advice", (None,))[0] == doc_key else None

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
    st.button("Play this move", key="ab_play_best", on_click=_play, args=(best.move,))

    st.subheader("Every move, ranked")
    st.altair_chart(view.win_chart(advice), use_container_width=True)
    st.dataframe(view.advice_frame(advice), hide_index=True, key="ab_table", width="stretch")
    for m in advice.moves[1:5]:
        if m.reasons:
            with st.expander(f"#{m.rank} {m.move}: {m.win_probability:.0%}"):
                for r in m.reasons:
                    st.markdown(f"- {r}")

st.subheader("Play any move")
st.selectbox("Legal move", legal, key="ab_pick")
st.button("Play the chosen move", key="ab_play_pick", on_click=lambda: _play(ss["ab_pick"]))

with st.expander("Mats"):
    cols = st.columns(game.n_players)
    for i, col in enumerate(cols):
        with col:
            show_svg(mat_svg(game, i))
