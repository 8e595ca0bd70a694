"""Position viewer: a whole game position, and what every newspaper would get by pressing now."""
from __future__ import annotations

import json

import streamlit as st

from pennypress.engine.position.events import END_ONLY
from pennypress.engine.notation.text import to_text
from pennypress.errors import BadInput
from pennypress.solver import BEATS
from pennypress.ui.app import position_loader as loader, session_keys as keys, shared_press, solving, what_if
from pennypress.ui.app.widgets import (
    flash, notation_box, page_style, result_panel, show_board, show_bonus_track, show_svg, show_svgs, show_table,
    top_beats, wrapped_table,
)
from pennypress.ui.io import positions
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.position_tables import (
    board_frame, bonus_frame, bonus_numbers, player_chip, players_frame, reporters_text, scoops_frame,
)
from pennypress.ui.render.words import move_words, numbered_story, paper, paper_label, phase_words, story_words

page_style()
shared_press.init(st)
ss = st.session_state
DEFAULT_EXAMPLE = "rulebook-12-points"
PRESS_DESK = "app_pages/press_desk.py"

st.title("Position viewer")
st.caption(
    "Load a game position (the `pennypress position` JSON, or its one-line notation) and see the whole table: the news beats with "
    "their stories and reporters, values, scoops and bonus markers, every newspaper's mat, and what each "
    "would claim, give away and score by going to press now."
)
flash()


# ------------------------------------------------------------------ loading
def _loaded(state, name: str) -> None:
    ss[keys.POS_DOC], ss[keys.POS_NAME] = state.to_json(), name


if keys.POS_DOC not in ss:
    loader.start_with(keys.POS_LOADER, _loaded, DEFAULT_EXAMPLE)
loader.loader_panel(keys.POS_LOADER, _loaded)

if ss.get(keys.POS_ERROR):
    st.error(f"The position was not loaded. {ss.pop(keys.POS_ERROR)}")

try:
    game = positions.parse_position(ss[keys.POS_DOC])
except BadInput as exc:  # cannot happen for a stored position, but never show a traceback
    st.error(f"The stored position cannot be used: {exc}")
    st.stop()

# ------------------------------------------------------------------ the table
st.subheader(ss[keys.POS_NAME])
mover = game.current_player
tops = [b for b in BEATS if b in game.top_beats()]
m1, m2, m3, m4 = st.columns([2, 3, 3, 4])
m1.metric("Players", game.n_players)
m2.metric("Phase", phase_words(game.phase), help=phase_words(game.phase, detail=True))
m3.metric("To move", "game over" if game.is_over else paper(mover))
top_beats(tops, m4,
          help="The beats whose value is the highest: their stories must touch the top edge of a front page.")
notes = [phase_words(game.phase, detail=True)]
if game.definition.variants:
    notes.append("variants: " + ", ".join(game.definition.variants))
if game.newsboy is not None:
    notes.append(f"the newsboy is with {paper(game.newsboy)}")
if game.last_event is not None:
    who = "" if game.last_event.player is None else f"{paper(game.last_event.player)} "
    last = game.last_event.move
    if last == "setup":
        notes.append("the game was just set up")
    elif last != END_ONLY:
        notes.append(f"last: {who}{move_words(last, past=True)}")
notes.append(f"{game.ply} moves played since the setup")
st.caption(" · ".join(notes))

show_board(game)
st.markdown("**Bonus track** (each beat's bonus marker; the end bonus goes to the most stars published in that beat)")
show_bonus_track(game)
show_table(board_frame(game), numbers=("Marker", "Value", "Scoop", "Bonus"))

st.subheader("Newspapers")
show_svgs([mat_svg(game, i, to_move=not game.is_over and i == mover) for i in range(game.n_players)])
show_table(players_frame(game), numbers=("Circulation", "Pennies", "Reporters home", "On the board",
                                        "Stories published"))


# ------------------------------------------------------------------ if they pressed now
@st.cache_data(show_spinner=False, max_entries=500)
def _preview(doc_text: str, player: int) -> what_if.PressPreview:
    return what_if.press_preview(positions.parse_position(json.loads(doc_text)), player)


def show_preview(player: int) -> None:
    with st.spinner("Working out the press…"):
        pv = _preview(json.dumps(ss[keys.POS_DOC], sort_keys=True), player)
    if pv.claimed:
        st.markdown("**Would claim:** " + "; ".join(
            f"{story_words(s)} ({reporters_text(game, s)})" for s in pv.claimed))
    if pv.left:
        st.markdown("**Outnumbered on (stays on the board):** " + "; ".join(
            f"{story_words(s)} ({reporters_text(game, s)})" for s in pv.left))
    if pv.reason:
        st.info(pv.reason)
        return
    out = pv.outcome
    if out.scoops:
        st.markdown(f"**Scoops given away:** {out.scoops_total} points in all")
        wrapped_table(scoops_frame(out))
    else:
        st.markdown("**Scoops given away:** none (nobody else has a reporter on these stories)")
    result = solving.optimal(pv.problem)
    if result.total != out.total:  # the engine and the solver must agree; say so if not
        st.warning(f"The engine scored this press {out.total}, the solver's page {result.total}.")
    a, b = st.columns([5, 5], gap="large")
    with a:
        show_svg(result_svg(result, title=f"{paper(player)} pressing now: {out.total} points"))
    with b:
        result_panel(result, heading="The page")
        st.caption("Story numbers: " + "; ".join(numbered_story(pv.problem, i) for i in range(len(pv.problem.stories))))
    source = f"{ss[keys.POS_NAME]}: {paper(player)} pressing now"
    if st.button("Open this press on the Press desk", key=keys.to_desk_key(player),
                 help="Loads these stories, the beat values and the ad on the Press desk and takes you there."):
        shared_press.load_doc(st, pv.problem.to_json(), source)
        ss[keys.FLASH] = f"Opened from the Position viewer: {source}."
        st.switch_page(PRESS_DESK)


st.divider()
if not game.is_over:
    st.subheader(f"{paper_label(mover)} to move: if they pressed now")
    st.markdown(player_chip(mover), unsafe_allow_html=True)
    show_preview(mover)
    others = [i for i in range(game.n_players) if i != mover]
    if others:
        st.subheader("The others, if they pressed now")
        for i in others:
            with st.expander(f"{paper_label(i)} pressing now"):
                show_preview(i)

st.subheader("End scoring" if game.is_over else "If the game ended now")
end = what_if.end_outcome(game)
show_table(bonus_frame(game, end), numbers=bonus_numbers(game))
st.markdown(
    "Final circulation: " + ", ".join(f"{paper(i)} **{c}**" for i, c in enumerate(end.circulation)) + ". "
    + what_if.winners_words(game, end)
)

with st.expander("This position as one line (to copy, or to paste in the editor)"):
    notation_box(to_text(game))

with st.expander("This position as JSON"):
    notation_box(json.dumps(ss[keys.POS_DOC], indent=1))
