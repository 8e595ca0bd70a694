"""Position viewer: a whole game position, and what every player would get by pressing now."""
from __future__ import annotations

import json

import streamlit as st

from pennypress.engine import new_game
from pennypress.solver import BadInput
from pennypress.ui.app import shared_press as state, solving
from pennypress.ui.io import example_files, positions
from pennypress.ui.render.board_svg import board_svg, bonus_track_svg, mat_svg, player_chip
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.explain import story_label
from pennypress.ui.app.widgets import result_panel, show_svg

state.init(st)
ss = st.session_state
DEFAULT_EXAMPLE = "rulebook-12-points"

st.title("Position viewer")
st.caption(
    "Load a game position (the `pennypress position` JSON) and see the whole table: the news beats with "
    "their stories and reporters, values, scoops and bonus markers, every player's mat, and what each "
    "player would claim, give away and score by going to press now."
)


# ------------------------------------------------------------------ loading
def _store(doc, name: str) -> None:
    try:
        loaded = positions.parse_position(doc)
    except BadInput as exc:
        ss["pos_error"] = f"{name}: {exc}"
        return
    ss["pos_doc"] = loaded.to_json()
    ss["pos_name"] = name


def _load_example() -> None:
    name = ss.get("pos_example_pick")
    path = example_files.position_examples().get(name)
    if path is None:
        ss["pos_error"] = f"Example {name!r} is not available."
        return
    try:
        doc = example_files.load(path)
    except (OSError, BadInput) as exc:
        ss["pos_error"] = f"Example {path.name} cannot be read: {exc}"
        return
    _store(doc, f"Example: {example_files.title_of(name)}")


def _load_pasted() -> None:
    try:
        loaded = positions.parse_position_text(ss.get("pos_paste", ""))
    except BadInput as exc:
        ss["pos_error"] = str(exc)
        return
    ss["pos_doc"], ss["pos_name"] = loaded.to_json(), "Pasted position"


def _load_upload() -> None:
    f = ss.get("pos_upload")
    if f is None:
        return
    try:
        text = f.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        ss["pos_error"] = f"{f.name}: not UTF-8 text"
        return
    try:
        loaded = positions.parse_position_text(text, f.name)
    except BadInput as exc:
        ss["pos_error"] = str(exc)
        return
    ss["pos_doc"], ss["pos_name"] = loaded.to_json(), f"File {f.name}"


def _deal() -> None:
    try:
        variants = ["newsboy"] if ss.get("pos_newsboy") else []
        s = new_game(int(ss["pos_players"]), seed=int(ss["pos_seed"]), variants=variants)
    except BadInput as exc:
        ss["pos_error"] = str(exc)
        return
    ss["pos_doc"] = s.to_json()
    ss["pos_name"] = f"New game: {ss['pos_players']} players, seed {ss['pos_seed']}" + (" (newsboy)" if variants else "")


if "pos_doc" not in ss:
    if DEFAULT_EXAMPLE in example_files.position_examples():
        ss["pos_example_pick"] = DEFAULT_EXAMPLE
        _load_example()
    if "pos_doc" not in ss:
        ss["pos_doc"], ss["pos_name"] = new_game(3, seed=1).to_json(), "New game: 3 players, seed 1"

with st.expander("Load a position", expanded=False):
    t_ex, t_paste, t_file, t_new = st.tabs(["Example", "Paste JSON", "Upload a file", "New game"])
    with t_ex:
        names = list(example_files.position_examples())
        if names:
            st.selectbox("Example position", names, key="pos_example_pick", format_func=example_files.title_of)
            st.button("Load example", key="pos_load_example", on_click=_load_example)
        else:
            st.info("No example positions in this installation (the repository's examples/positions folder).")
    with t_paste:
        st.text_area("Position JSON", key="pos_paste", height=160,
                     placeholder='{"format": "pennypress-state", "version": 1, ...}')
        st.button("Load pasted position", key="pos_load_paste", on_click=_load_pasted)
    with t_file:
        st.file_uploader("Position file (.json)", type=["json"], key="pos_upload", on_change=_load_upload)
    with t_new:
        c1, c2, c3 = st.columns(3)
        c1.number_input("Players", min_value=2, max_value=5, value=3, step=1, key="pos_players")
        c2.number_input("Seed", min_value=0, value=1, step=1, key="pos_seed")
        c3.checkbox("Newsboy strike (4-5 players)", key="pos_newsboy")
        st.button("Deal a new game", key="pos_deal", on_click=_deal)

if ss.get("pos_error"):
    st.error(f"The position was not loaded. {ss.pop('pos_error')}")

try:
    game = positions.parse_position(ss["pos_doc"])
except BadInput as exc:  # cannot happen for a stored position, but never show a traceback
    st.error(f"The stored position cannot be used: {exc}")
    st.stop()

# ------------------------------------------------------------------ the table
st.subheader(ss["pos_name"])
mover = game.current_player
m1, m2, m3, m4 = st.columns(4)
m1.metric("Players", game.n_players)
m2.metric("Phase", str(game.phase))
m3.metric("To move", "game over" if game.is_over else positions.player_name(mover))
m4.metric("Top beat(s)", ", ".join(b.title for b in positions.BEATS if b in game.top_beats()))
notes = []
if game.definition.variants:
    notes.append("variants: " + ", ".join(game.definition.variants))
if game.newsboy is not None:
    notes.append(f"the newsboy is with {positions.player_name(game.newsboy)}")
if game.last_event is not None:
    who = "" if game.last_event.player is None else f" by {positions.player_name(game.last_event.player)}"
    notes.append(f"last move{who}: `{game.last_event.move}`")
notes.append(f"ply {game.ply}")
st.caption(" · ".join(notes))

show_svg(board_svg(game))
st.markdown("**Bonus track** (each beat's bonus marker; the end bonus goes to the most stars published in that beat)")
show_svg(bonus_track_svg(game))
st.dataframe(positions.board_frame(game), hide_index=True, key="pos_board", width="stretch")

st.subheader("Players")
mats = st.columns(game.n_players)
for i, col in enumerate(mats):
    with col:
        show_svg(mat_svg(game, i))
st.dataframe(positions.players_frame(game), hide_index=True, key="pos_players_table", width="stretch")


# ------------------------------------------------------------------ if they pressed now
@st.cache_data(show_spinner=False, max_entries=500)
def _preview(doc_text: str, player: int) -> positions.PressPreview:
    return positions.press_preview(positions.parse_position(json.loads(doc_text)), player)


def _to_desk(doc: dict, label: str) -> None:
    state.load_doc(st, doc, label)


def show_preview(player: int, key: str) -> None:
    with st.spinner("Working out the press…"):
        pv = _preview(json.dumps(ss["pos_doc"], sort_keys=True), player)
    if pv.claimed:
        st.markdown("**Would claim:** " + ", ".join(
            f"{s.label} ({positions.reporters_text(game, s)})" for s in pv.claimed))
    if pv.left:
        st.markdown("**Outnumbered on (stays on the board):** " + ", ".join(
            f"{s.label} ({positions.reporters_text(game, s)})" for s in pv.left))
    if pv.reason:
        st.info(pv.reason)
        return
    out = pv.outcome
    if out.scoops:
        st.markdown(f"**Scoops given away:** {sum(s.points for s in out.scoops)} points in all")
        st.dataframe(positions.scoops_frame(out), hide_index=True, key=f"{key}_scoops", width="stretch")
    else:
        st.markdown("**Scoops given away:** none (nobody else has a reporter on these stories)")
    result = solving.optimal(pv.problem)
    if result.total != out.total:  # the engine and the solver must agree; say so if not
        st.warning(f"The engine scored this press {out.total}, the solver's page {result.total}.")
    a, b = st.columns([5, 5], gap="large")
    with a:
        show_svg(result_svg(result, title=f"{positions.player_name(player)} pressing now: {out.total} points"))
    with b:
        result_panel(result, key=key, heading="The page")
        st.caption("Story numbers: " + "; ".join(story_label(pv.problem, i) for i in range(len(pv.problem.stories))))
    st.button(
        "Open this press on the Press desk", key=f"{key}_to_desk", on_click=_to_desk,
        args=(pv.problem.to_json(), f"{ss['pos_name']}: {positions.player_name(player)} pressing now"),
    )


st.divider()
if not game.is_over:
    st.subheader(f"{positions.player_name(mover)} to move: if they pressed now")
    st.markdown(player_chip(mover), unsafe_allow_html=True)
    show_preview(mover, key=f"pv{mover}")
    others = [i for i in range(game.n_players) if i != mover]
    if others:
        st.subheader("The others, if they pressed now")
        for i in others:
            with st.expander(f"{positions.player_name(i)} pressing now"):
                show_preview(i, key=f"pv{i}")

st.subheader("End scoring" if game.is_over else "If the game ended now")
end = positions.end_outcome(game)
st.dataframe(positions.bonus_frame(game, end), hide_index=True, key="pos_bonus", width="stretch")
st.markdown(
    "Final circulation: " + ", ".join(f"{positions.player_name(i)} **{c}**" for i, c in enumerate(end.circulation))
    + " — winner" + ("s" if len(end.winners) > 1 else "") + ": "
    + ", ".join(positions.player_name(i) for i in end.winners)
)

with st.expander("This position as JSON"):
    st.code(json.dumps(ss["pos_doc"], indent=1), language="json")
