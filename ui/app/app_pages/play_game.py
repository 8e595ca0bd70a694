"""Play a game: you play one newspaper, the project's bots the others.

Set up the players, your newspaper, the variant and each opponent's bot, and a
seed or a fresh deal (or load a saved game). On your turn: the board, the
mats, your legal moves in words (send reporters by clicking a story and a number); a press is played on the optimal page or on a
page laid out on the mat with the page builder, and what it would claim and
score is shown before you commit. The opponents then move one at a time, each
move said in words (a press with its page and score, the headline card drawn
with what it changed). Hint (the advisor on your public position, progress
bar), Take back, Save; at the end the final scores and bonuses and "Review this
game", the audit of your game. The game is
:class:`pennypress.engine.arena.table_game.TableGame`: this page asks it everything.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from pennypress.engine.arena.seats import bot_names
from pennypress.engine.arena.table_game import TableEvent, TableGame, press_words
from pennypress.engine.game.moves import GoToPress, parse_move
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.variants import choosable
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import dumps_record
from pennypress.engine.rules.press import plan_press
from pennypress.errors import BadInput
from pennypress.ui.app import audit_view, move_picker, press_layout
from pennypress.ui.app import session_keys as K
from pennypress.ui.app.widgets import page_style, show_board, show_svg, show_svgs, show_table, uploaded_json, valid_choice
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.page_svg import page_svg
from pennypress.ui.render.tournament_words import bot_label

AUDIT_PAGE = "app_pages/audit_game.py"
OPTIMAL, OWN = "The optimal page", "Lay out my own page"
HINT_BUDGET = "fast"

page_style()
ss = st.session_state

st.title("Play a game")
st.caption("You play one newspaper, the computer the others. Ask for a hint when stuck, take a move back, "
           "save the game and load it again; at the end, review your decisions.")


# ------------------------------------------------------------------ starting a game
def _begin(game: TableGame) -> None:
    ss[K.PLAY_GAME] = game
    for key in (K.PLAY_HINT, K.PLAY_KIND, K.PLAY_MOVE, K.PLAY_STORY, K.PLAY_COUNT, K.PLAY_LAYOUT):
        ss.pop(key, None)


def _start() -> None:
    players, me = int(ss[K.PLAY_PLAYERS]), int(ss[K.PLAY_ME])
    seats = [ss.get(K.play_seat_key(s), "greedy") for s in range(players) if s != me]
    variant = ss.get(K.PLAY_VARIANT, "none")
    seed = None if ss.get(K.PLAY_FRESH) else int(ss.get(K.PLAY_SEED, 1))
    try:
        _begin(TableGame.new(players, me, seats, seed=seed, variants=[] if variant == "none" else [variant]))
    except BadInput as exc:
        ss[K.PLAY_ERROR] = f"The game could not start: {exc}"


def _load() -> None:
    f = ss.get(K.PLAY_LOAD)
    if f is None:
        return
    try:
        _begin(TableGame.load(uploaded_json(f)))
    except BadInput as exc:
        ss[K.PLAY_ERROR] = f"{f.name}: {exc}"


def _new() -> None:
    ss.pop(K.PLAY_GAME, None)


def set_up() -> None:
    c1, c2, c3 = st.columns(3)
    players = int(c1.number_input("Players", 2, 5, 3, key=K.PLAY_PLAYERS))
    valid_choice(K.PLAY_ME, list(range(players)), 0)
    me = c2.selectbox("Your newspaper", list(range(players)), key=K.PLAY_ME, format_func=newspaper)
    variants = ["none"] + [v.name for v in choosable(players)]
    valid_choice(K.PLAY_VARIANT, variants, "none")
    c3.selectbox("Variant", variants, key=K.PLAY_VARIANT,
                 format_func=lambda v: "The rulebook's game" if v == "none" else v.capitalize())
    st.markdown("**Your opponents** (how strong each newspaper's computer player is)")
    names = list(bot_names())
    cols = st.columns(max(1, players - 1))
    for col, seat in zip(cols, [s for s in range(players) if s != me]):
        valid_choice(K.play_seat_key(seat), names, "greedy")
        ss.setdefault(K.play_seat_key(seat), "greedy")
        col.selectbox(newspaper(seat), names, key=K.play_seat_key(seat), format_func=bot_label)
    d1, d2 = st.columns(2)
    fresh = d1.checkbox("A fresh deal", key=K.PLAY_FRESH, help="Unchecked: the deal and the bots follow the seed, "
                        "so the same seed gives the same game as the Tournament page's.")
    d2.number_input("Seed", 0, 10**9, 1, key=K.PLAY_SEED, disabled=fresh)
    st.button("Start the game", key=K.PLAY_START, on_click=_start, type="primary")
    with st.expander("Load a saved game"):
        st.file_uploader("Saved game (a game record, JSON)", type=["json"], key=K.PLAY_LOAD, on_change=_load)


# ------------------------------------------------------------------ the person's turn
SEND = move_picker.GROUPS[0][0]  # "Send reporters": picked by a story and a number


def _picked_move(game: TableGame):
    """The move the picker holds, a press with the page chosen (the optimal one or the page on the mat)."""
    legal = game.state.legal_moves()
    groups = move_picker.move_groups(legal)
    if valid_choice(K.PLAY_KIND, list(groups)) == SEND or list(groups) == [SEND]:
        return parse_move(move_picker.chosen_assign(K.PLAY_STORY, K.PLAY_COUNT, groups[SEND]))
    move = parse_move(move_picker.chosen(K.PLAY_KIND, K.PLAY_MOVE, legal))
    if isinstance(move, GoToPress) and ss.get(K.PLAY_LAYOUT) == OWN:
        view = game.view()
        move = GoToPress(plan_press(view, view.current, press_layout.built_page(view, K.PLAY_BUILDER)).page)
    return move


def _commit() -> None:
    game: TableGame = ss[K.PLAY_GAME]
    try:
        game.play(_picked_move(game))
    except BadInput as exc:
        ss[K.PLAY_ERROR] = f"Not played: {exc}"
        return
    ss.pop(K.PLAY_HINT, None)


def _take_back() -> None:
    game: TableGame = ss[K.PLAY_GAME]
    if not game.take_back():
        ss[K.PLAY_ERROR] = "There is no move of yours to take back."
    ss.pop(K.PLAY_HINT, None)


def tell(event: TableEvent, draw: bool = True) -> None:
    st.markdown(f"**{event.number}.** {event.words}")
    if event.page:
        st.caption(f"Page: {event.page}")
        if draw and event.before is not None:  # the page as the engine planned it from the position pressed
            plan = plan_press(event.before, event.player, event.press.page)
            show_svg(page_svg(plan.problem, audit_view.solver_placements(plan.claimed, plan.page),
                              audit_view.exclusive_index(plan.claimed, plan.page), breakdown=plan.breakdown,
                              title=f"{newspaper(event.player)}'s page: {plan.breakdown.total} points"))
    if event.card_text:
        st.caption(f"Headline card drawn: {event.card_text}")


def show_hint(game: TableGame) -> None:
    hint = ss.get(K.PLAY_HINT)
    if hint is None or hint[0] != game.state.ply:
        return
    best = hint[1].best
    if best.exact:
        chance = f"exactly {round(best.win_probability * 100)}% with best play"
    else:
        lo, hi = best.win_interval
        chance = f"about {round(best.win_probability * 100)}% (95% interval {round(lo * 100)}–{round(hi * 100)}%)"
    st.info(f"**Hint: {move_words(best.move)}** — your chance of winning {chance}.")
    for reason in best.reasons:
        st.markdown(f"- {reason}")


def your_turn(game: TableGame) -> None:
    st.subheader(f"Your turn, {newspaper(game.me)}")
    view = game.view()
    legal = view.legal_moves()
    kind, groups = move_picker.kind_picker(K.PLAY_KIND, legal), move_picker.move_groups(legal)
    if kind == SEND:
        move = parse_move(move_picker.assign_picker(K.PLAY_STORY, K.PLAY_COUNT, groups[SEND]))
    else:
        move = parse_move(move_picker.moves_of_kind(K.PLAY_MOVE, groups[kind], label="Your move"))
    if isinstance(move, GoToPress):
        valid_choice(K.PLAY_LAYOUT, [OPTIMAL, OWN], OPTIMAL)
        layout = st.radio("The page", [OPTIMAL, OWN], key=K.PLAY_LAYOUT, horizontal=True)
        if layout == OWN:
            page = press_layout.press_page_builder(
                view, K.PLAY_BUILDER, f"{game.seed}-{len(game.record()['moves'])}",
                "**Your page.** It opens on the optimal page: pick a story and how it is turned, "
                "click the cell of its top-left corner.")
            if page is None:
                move = None
        if move is not None:
            try:
                outcome = game.preview(_picked_move(game))
            except BadInput as exc:
                st.error(str(exc))
                outcome = None
            if outcome is not None:
                st.markdown(f"**If you press now** you {press_words(outcome)}.")
    c1, c2, c3 = st.columns(3)
    c1.button("Play this move", key=K.PLAY_COMMIT, on_click=_commit, type="primary", disabled=move is None,
              width="stretch")
    asked = c2.button("Hint", key=K.PLAY_HINT_BUTTON, width="stretch",
                      help="The advisor's best move for your position (it sees what you see, not the deck's order).")
    c3.button("Take back", key=K.PLAY_TAKE_BACK, on_click=_take_back, disabled=not game.history, width="stretch",
              help="Undo your last move and the opponents' moves after it.")
    if asked:
        bar = st.progress(0.0, text="Thinking…")

        def _progress(done: int, total: int) -> None:
            bar.progress(min(1.0, done / max(1, total)), text=f"Thinking: {done} of {total} playouts")

        ss[K.PLAY_HINT] = (game.state.ply, game.hint(HINT_BUDGET, progress=_progress))
        bar.empty()
    show_hint(game)


# ------------------------------------------------------------------ the end
def the_end(game: TableGame) -> None:
    end = game.end()
    winners = end["winners"]
    mine = newspaper(game.me) in winners
    st.subheader("The game is over: " + ("you win!" if mine and len(winners) == 1 else
                                          "a shared win!" if mine else f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"))
    show_table(pd.DataFrame([{"Newspaper": s["newspaper"] + (" (you)" if i == game.me else ""),
                              "Circulation": s["circulation"]} for i, s in enumerate(end["scores"])]),
               numbers=("Circulation",))
    st.markdown("**Beat bonuses**")
    show_table(pd.DataFrame([{"Beat": b["beat"], "Most stars": b["most_stars"],
                              "Newspapers": ", ".join(b["newspapers"]) or "nobody", "Points": b["points"]}
                             for b in end["bonuses"]]), numbers=("Most stars", "Points"))
    if st.button("Review this game", key=K.PLAY_REVIEW, type="primary"):
        ss[K.AUDIT_DOC] = game.record()
        ss[K.AUDIT_NAME] = f"Your game as {newspaper(game.me)} against the computer (seed {game.seed})"
        ss[K.AUDIT_FOCUS] = game.me
        for key in (K.AUDIT_RESULT, K.AUDIT_RESULT_JSON, K.AUDIT_PICK):
            ss.pop(key, None)
        st.switch_page(AUDIT_PAGE)


# ------------------------------------------------------------------ the page
if K.PLAY_ERROR in ss:
    st.error(ss.pop(K.PLAY_ERROR))

game: TableGame | None = ss.get(K.PLAY_GAME)
if game is None:
    set_up()
    st.stop()

opponents = ", ".join(f"{newspaper(s)}: {bot_label(n)}" for s, n in enumerate(game.names) if n is not None)
st.write(f"You are **{newspaper(game.me)}**; {opponents}. Seed {game.seed}.")
c1, c2 = st.columns(2)
c1.download_button("Save the game", dumps_record(game.record()), file_name="pennypress-game.json",
                   mime="application/json", key=K.PLAY_SAVE, width="stretch")
c2.button("New game", key=K.PLAY_NEW, on_click=_new, width="stretch")

last_mine = max((k for k, e in enumerate(game.events) if e.by_person), default=-1)
if game.bot_to_move:
    with st.status("The opponents are moving…", expanded=True) as status:
        if last_mine >= 0:
            tell(game.events[last_mine])
        while game.bot_to_move:
            tell(game.step())
        status.update(label="The opponents have moved", state="complete", expanded=True)
elif last_mine >= 0:
    with st.status("The opponents have moved" if last_mine < len(game.events) - 1 else "Your move", expanded=True,
                   state="complete"):
        for event in game.events[last_mine:]:
            tell(event)
with st.expander("The game so far"):
    if not game.events:
        st.write("No move yet.")
    for event in game.events:
        tell(event, draw=False)

view = game.view()
show_board(view)
show_svgs([mat_svg(view, p, to_move=not game.is_over and p == view.current) for p in range(view.n_players)])
if game.is_over:
    the_end(game)
else:
    your_turn(game)
