"""Play a game: you play one newspaper, the project's bots the others.

Set up the players, your newspaper, the variant and each opponent's bot, and a
seed or a fresh deal (or load a saved game). On your turn you play on the
board: click a story (:mod:`pennypress.ui.app.board_click`) and choose among the
legal moves that click implies -- send reporters there and how many, recall
yours, move one to or from it -- or click your mat to go to press, on the
optimal page or on a page laid out with the page builder (what it would claim
and score is said first). Every legal move is also in a collapsed "Pick from a
list" (for the keyboard). The opponents then move one at a time, each move said
in words (:mod:`pennypress.engine.arena.table_words`). Hint (the advisor on your
public position: outlined on the board and chosen), Take back, Save; coach mode
grades each of your moves as the audit does (:mod:`pennypress.engine.arena.coach`).
The hint and the coach seat the others in their playouts as they have played so far
("How the others play", read from their moves: :mod:`pennypress.ui.app.table_panel`,
which the person may override);
at the end the final scores and bonuses, your marks, "Review this game" and
"Practise your mistakes" (your decisions audited, the mistakes and blunders as puzzles
on the Puzzles page: :mod:`pennypress.ui.app.mistake_trainer`).
The game is :class:`pennypress.engine.arena.table_game.TableGame`: this page
asks it everything and holds no rule (the moves offered are the engine's legal moves).
"""
from __future__ import annotations

import hashlib
import json

import pandas as pd
import streamlit as st

from pennypress.engine import native
from pennypress.engine.arena.seats import bot_names
from pennypress.engine.audit import audit
from pennypress.engine.arena.coach import CoachNote, coach
from pennypress.engine.arena.table_game import TableEvent, TableGame
from pennypress.engine.arena.table_reading import TableReading, read_records
from pennypress.engine.arena.table_words import (bonus_sentence, card_sentence, end_sentence, hint_sentence,
                                                  page_title, preview_sentence)
from pennypress.engine.game.moves import Assign, GoToPress, Move, Reassign, Recall, parse_move
from pennypress.engine.game.names import newspaper, story_name
from pennypress.engine.game.stories import Story
from pennypress.engine.game.variants import choosable
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import dumps_record, replay
from pennypress.engine.puzzles.mistakes import mistake_puzzles
from pennypress.engine.rules.press import plan_press
from pennypress.errors import BadInput
from pennypress.ui.app import audit_view, board_click, mistake_trainer, move_picker, press_layout
from pennypress.ui.app import session_keys as K
from pennypress.ui.app.analysis_view import move_marks
from pennypress.ui.app.board_stepper import board_stepper
from pennypress.ui.app.table_panel import playout_table, table_panel
from pennypress.ui.app.widgets import (held_choice, page_style, show_svg, show_svgs, show_table,
                                      uploaded_json, valid_choice)
from pennypress.ui.render.audit_words import class_words, pct
from pennypress.ui.render.board_svg import board_click_html
from pennypress.ui.render.marks import badge_html
from pennypress.ui.render.mat_svg import mat_svg
from pennypress.ui.render.page_svg import page_svg
from pennypress.ui.render.puzzle_words import no_mistakes_words
from pennypress.ui.render.stepper import arrow_of
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
    earlier = ss.get(K.PLAY_EARLIER)
    if earlier is not None and (earlier.players != len(game.names) or earlier.you != game.me):
        ss.pop(K.PLAY_EARLIER, None)   # earlier games of another table: this game does not start from them
    for key in (K.PLAY_HINT, K.PLAY_KIND, K.PLAY_MOVE, K.PLAY_STORY, K.PLAY_COUNT, K.PLAY_LAYOUT, K.PLAY_CLICK,
                K.PLAY_CHOICE, K.PLAY_FROM, K.PLAY_COACHED, "play_coach_pending", "play_hint_fresh"):
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
        ss[K.PLAY_ERROR] = str(exc) if str(exc).startswith(f.name) else f"{f.name}: {exc}"


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
    fresh = d1.checkbox("A fresh deal", key=K.PLAY_FRESH, help="Unchecked: the deal and the bots follow the deal "
                        "number, so the same number gives the same game as the Tournament page's.")
    d2.number_input("Deal number", 0, 10**9, 1, key=K.PLAY_SEED, disabled=fresh,
                    help="The same number deals the same game (the seed of the deal and of the bots).")
    st.button("Start the game", key=K.PLAY_START, on_click=_start, type="primary")
    with st.expander("Load a saved game"):
        st.file_uploader("Saved game (a game record, JSON)", type=["json"], key=K.PLAY_LOAD, on_change=_load)


# ------------------------------------------------------------------ the person's turn
SEND = move_picker.GROUPS[0][0]  # "Send reporters": picked by a story and a number
BOARD, LIST = "board", "list"
HINT_FRESH = "play_hint_fresh"  # one-shot: a hint was just given (choose it before the pickers are drawn)
COACH_PENDING = "play_coach_pending"  # the move to grade after the opponents' answer: (event number, view, move)
OTHER = "other"  # no click: the moves no click implies (pass the newsboy, decline the last press)


def _list_move(legal) -> Move:
    """The move the fallback lists hold."""
    groups = move_picker.move_groups(legal)
    if valid_choice(K.PLAY_KIND, list(groups)) == SEND or list(groups) == [SEND]:
        return parse_move(move_picker.chosen_assign(K.PLAY_STORY, K.PLAY_COUNT, groups[SEND]))
    return parse_move(move_picker.chosen(K.PLAY_KIND, K.PLAY_MOVE, legal))


def _unclicked(legal) -> list[Move]:
    """The moves no click on the board or the mat leads to."""
    return [m for m in legal if not isinstance(m, (Assign, Recall, Reassign, GoToPress))]


def _implied(legal) -> list[Move]:
    """The legal moves the last click implies (with no click: the moves no click leads to)."""
    picked = ss.get(K.PLAY_CLICK)
    if picked is None or picked == OTHER:
        return _unclicked(legal)
    return board_click.clicked_moves(legal, picked)


def _selected(legal) -> Move | None:
    """The move the page would play now: the one chosen after a click, or the one the lists hold."""
    if ss.get(K.PLAY_FROM) == LIST:
        return _list_move(legal)
    implied = _implied(legal)
    if not implied:
        return None
    options = [str(m) for m in implied]
    return parse_move(valid_choice(K.PLAY_CHOICE, options) or options[0])


def _picked_move(game: TableGame):
    """The move to play, a press with the page chosen (the optimal one or the page on the mat)."""
    move = _selected(game.state.legal_moves())
    if isinstance(move, GoToPress) and ss.get(K.PLAY_LAYOUT) == OWN:
        view = game.view()
        move = GoToPress(plan_press(view, view.current, press_layout.built_page(view, K.PLAY_BUILDER)).page)
    return move


def _clicked(key: str) -> None:
    """A click on the board or the mat: keep what it picked; the choice starts on the hint when the
    click leads to it, else on the first move it implies."""
    picked = board_click.picked(key)
    if picked is None:
        return
    ss[K.PLAY_CLICK], ss[K.PLAY_FROM] = picked, BOARD
    ss.pop(K.PLAY_CHOICE, None)
    hint = _hint_move()
    if hint is not None and board_click.click_key(hint) == picked:
        ss[K.PLAY_CHOICE] = str(hint)


def _from_list() -> None:
    ss[K.PLAY_FROM] = LIST


def _forget_choice() -> None:
    for key in (K.PLAY_CLICK, K.PLAY_CHOICE, K.PLAY_FROM, K.PLAY_HINT, K.PLAY_KIND, K.PLAY_STORY, K.PLAY_COUNT,
                K.PLAY_MOVE):
        ss.pop(key, None)


def _commit() -> None:
    game: TableGame = ss[K.PLAY_GAME]
    before = game.view()
    try:
        move = _picked_move(game)
        if move is None:
            raise BadInput("choose a move first: click a story on the board or your mat")
        event = game.play(move)
    except BadInput as exc:
        ss[K.PLAY_ERROR] = f"Not played: {exc}"
        return
    if ss.get(K.PLAY_COACH):
        ss[COACH_PENDING] = (event.number, before, move)
    _forget_choice()


def _take_back() -> None:
    game: TableGame = ss[K.PLAY_GAME]
    if not game.take_back():
        ss[K.PLAY_ERROR] = "There is no move of yours to take back."
    coached = ss.get(K.PLAY_COACHED, {})
    for number in [n for n in coached if n > len(game.record()["moves"])]:
        del coached[number]
    ss.pop(COACH_PENDING, None)
    _forget_choice()


def _hint_move() -> Move | None:
    game: TableGame | None = ss.get(K.PLAY_GAME)
    hint = ss.get(K.PLAY_HINT)
    if game is None or hint is None or hint[0] != game.state.ply:
        return None
    return parse_move(hint[1].best.move)


def coach_words(note: CoachNote) -> str:
    """The coach's word on one of your moves: its mark and what it lost against the best."""
    badge = badge_html(note.klass)
    if note.klass in ("best", "forced"):
        return f"{badge} the best move." if note.klass == "best" else f"{badge} your only move."
    lost = (f"it lost {pct(note.loss)} of your chance to win and {note.points_loss:.1f} points against "
            f"the best, {move_words(note.best)}.")
    if note.klass == "within_noise":
        return f"{badge} {class_words(note.klass)}; the analysis's best was {move_words(note.best)}."
    return f"{badge} {lost}"


def tell(event: TableEvent, game: TableGame, draw: bool = True) -> None:
    st.markdown(f"**{event.number}.** {event.words}")
    note = ss.get(K.PLAY_COACHED, {}).get(event.number)
    if note is not None:
        st.markdown(f'<div class="pp-coach">Coach: {coach_words(note)}</div>', unsafe_allow_html=True)
    if event.page:
        st.caption(f"The page: {event.page}.")
        if draw and event.before is not None:  # the page as the engine planned it from the position pressed
            plan = plan_press(event.before, event.player, event.press.page)
            show_svg(page_svg(plan.problem, audit_view.solver_placements(plan.claimed, plan.page),
                              audit_view.exclusive_index(plan.claimed, plan.page), breakdown=plan.breakdown,
                              title=page_title(event.player, game.me, plan.breakdown.total)))
    if event.card_text:
        st.caption(card_sentence(event.card_text))


def show_hint(game: TableGame) -> None:
    hint = ss.get(K.PLAY_HINT)
    if hint is None or hint[0] != game.state.ply:
        return
    best = hint[1].best
    text = hint_sentence(best.move, best.win_probability, best.exact)
    st.info(f"**{text}** It is outlined on the board and chosen as your move. It assumes the others play as "
            "said below.")
    for reason in best.reasons:
        st.markdown(f"- {reason}")


def reading(game: TableGame) -> TableReading | None:
    """How the others have played so far (each new move read once; from the earlier games' reading when some
    were read), or ``None`` without the native core."""
    if not native.available():
        return None
    return game.reading(ss.get(K.PLAY_EARLIER))


def _read_earlier() -> None:
    """Earlier games with the same people, uploaded: read together as this game's prior (the same newspaper is
    the same person), or why they cannot be (said beside the uploader: :func:`earlier_games`)."""
    game: TableGame = ss[K.PLAY_GAME]
    files = ss.get(K.PLAY_EARLIER_FILES) or []
    ss.pop(K.PLAY_EARLIER, None)
    _forget_hint()
    if not files:
        return
    try:
        docs = [uploaded_json(f) for f in files]
        for f, doc in zip(files, docs):
            players = replay(doc).state.n_players
            if players != len(game.names):
                raise BadInput(f"{f.name} is a game of {players} players, this one of {len(game.names)}")
        ss[K.PLAY_EARLIER] = read_records(docs, game.me)
    except BadInput as exc:
        ss[K.PLAY_EARLIER_ERROR] = f"The earlier games were not read: {exc}"


def earlier_games() -> None:
    """The uploader of earlier games with the same people (in the panel's choices), and why the last upload was
    not read, if it was not."""
    if K.PLAY_EARLIER_ERROR in ss:
        st.error(ss.pop(K.PLAY_EARLIER_ERROR))
    st.file_uploader("Earlier games with these players (saved games: the same newspaper, the same person)",
                     type=["json"], accept_multiple_files=True, key=K.PLAY_EARLIER_FILES, on_change=_read_earlier)


def _ask_hint() -> None:
    """The Hint button: the advisor's ranking of your moves, asked before your turn is drawn again, so that
    the turn is drawn with the hint outlined and chosen (a Quick search: a fraction of a second), its playouts
    seating the others as the page says they play."""
    game: TableGame = ss[K.PLAY_GAME]
    ss[K.PLAY_HINT] = (game.state.ply, game.hint(HINT_BUDGET, table=playout_table(reading(game), K.PLAY_TABLE)))
    ss[HINT_FRESH] = True


def _forget_hint() -> None:
    """Another word on how the others play: a hint given under the old one is gone."""
    ss.pop(K.PLAY_HINT, None)


def _choose_hint() -> None:
    """A hint just given: outline it on the board and choose it, in the choice after a click and in the
    lists (before they are drawn)."""
    if not ss.pop(HINT_FRESH, False):
        return
    best = _hint_move()
    if best is None:
        return
    ss[K.PLAY_CLICK] = board_click.click_key(best) or OTHER
    ss[K.PLAY_CHOICE], ss[K.PLAY_FROM] = str(best), BOARD
    move_picker.preselect(K.PLAY_KIND, K.PLAY_STORY, K.PLAY_COUNT, K.PLAY_MOVE, best)
    if isinstance(best, GoToPress):
        ss[K.PLAY_LAYOUT] = OPTIMAL


def play_board(game: TableGame) -> None:
    """The board to click and your mat to click, the move you chose outlined (green: reporters sent,
    red: recalled, gold: claimed by a press)."""
    view = game.view()
    legal = view.legal_moves()
    move = _selected(legal)
    marks = move_marks(move, view) if move is not None else {}
    st.caption("Click a story to send reporters there, or your reporters to recall or move them"
               + ("; click your mat to go to press." if any(isinstance(m, GoToPress) for m in legal) else "."))
    arrows = arrow_of(str(move)) if move is not None else []  # a move of reporters: an arrow, as on Lichess
    board_click.clickable(board_click_html(view, marks, arrows), K.PLAY_BOARD, on_pick=_clicked)
    if move is not None and move == _hint_move():
        st.caption("Outlined on the board: the hint.")


def play_mats(game: TableGame) -> None:
    """Every newspaper's mat, yours first: click yours to go to press."""
    view = game.view()
    legal = view.legal_moves()
    can_press = any(isinstance(m, GoToPress) for m in legal)
    mats = []
    for p in [game.me] + [p for p in range(view.n_players) if p != game.me]:
        svg = mat_svg(view, p, to_move=p == game.me)
        press = ' data-press="1" aria-label="Go to press"' if p == game.me and can_press else ""
        mats.append(f"<div{press}>{svg}</div>")
    board_click.clickable('<div class="pp-mats">' + "".join(mats) + "</div>", K.PLAY_MAT, on_pick=_clicked)


def your_turn(game: TableGame) -> None:
    view = game.view()
    legal = view.legal_moves()
    st.subheader(f"Your turn, {newspaper(game.me)}")
    picked = ss.get(K.PLAY_CLICK)
    implied = _implied(legal)
    with st.container():  # always drawn, so the expander below keeps its place (and stays open)
        if ss.get(K.PLAY_FROM) != LIST:
            if picked == board_click.PRESS:
                st.markdown("**Your mat**: go to press?")
            elif implied and picked in (None, OTHER):
                st.markdown("**Without a click on the board**, you can:")
            if picked not in (None, OTHER, board_click.PRESS):
                where = story_name(Story.parse(picked))
                if implied:
                    st.markdown(f"**{where}**: what will you do?")
                else:
                    st.info(f"None of your legal moves involves {where} now. Click another story, or pick "
                            "from the list.")
            if implied:
                options = [str(m) for m in implied]
                held_choice(K.PLAY_CHOICE, options)
                with st.container(height=300, key="play_choice_box") if len(options) > move_picker.SCROLL_FROM else st.container():
                    st.radio("Your move", options, key=K.PLAY_CHOICE, format_func=move_words,
                             label_visibility="collapsed" if len(options) == 1 else "visible")
    with st.expander("Pick from a list", key="play_list"):
        kind = move_picker.kind_picker(K.PLAY_KIND, legal, on_change=_from_list)
        groups = move_picker.move_groups(legal)
        if kind == SEND:
            move_picker.assign_picker(K.PLAY_STORY, K.PLAY_COUNT, groups[SEND], on_change=_from_list)
        else:
            move_picker.moves_of_kind(K.PLAY_MOVE, groups[kind], label="Your move", on_change=_from_list)
        st.button("Use this move", key="play_use_list", on_click=_from_list)
    move = _selected(legal)
    if move is None:
        st.markdown("**Your move:** click a story on the board or your mat.")
    else:
        st.markdown(f"**Your move:** {move_words(move)}")
    if isinstance(move, GoToPress):
        held_choice(K.PLAY_LAYOUT, [OPTIMAL, OWN], OPTIMAL)
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
                st.markdown(preview_sentence(outcome, plan_press(view, view.current).breakdown.total))
    c1, c2, c3 = st.columns(3)
    played = c1.button("Play this move", key=K.PLAY_COMMIT, type="primary", disabled=move is None,
                       width="stretch")
    c2.button("Hint", key=K.PLAY_HINT_BUTTON, width="stretch", on_click=_ask_hint,
              help="The advisor's best move for your position (it sees what you see, not the deck's order).")
    taken = c3.button("Take back", key=K.PLAY_TAKE_BACK, disabled=not game.history, width="stretch",
                      help="Undo your last move and the opponents' moves after it.")
    if played or taken:  # the game moved: the whole page follows (the opponents answer, the story so far)
        _commit() if played else _take_back()
        st.rerun()
    show_hint(game)
    table_panel(reading(game), K.PLAY_TABLE, on_change=_forget_hint, what="the hint and the coach",
                earlier=earlier_games)


@st.fragment
def turn() -> None:
    """The board, your move and the mats: a fragment, so a click on a story, a choice or a hint redraws this
    part only; playing or taking back a move reruns the whole page."""
    game: TableGame = ss[K.PLAY_GAME]
    _choose_hint()
    play_board(game)
    your_turn(game)
    play_mats(game)


# ------------------------------------------------------------------ the end
def coach_summary(game: TableGame) -> None:
    """Your moves the coach graded, counted by class, each with its mark."""
    coached = ss.get(K.PLAY_COACHED, {})
    if not coached:
        return
    st.markdown("**Your coach's notes**")
    counts: dict[str, int] = {}
    for note in coached.values():
        counts[note.klass] = counts.get(note.klass, 0) + 1
    st.markdown(" ".join(f"{badge_html(k)} ×{n}" for k, n in counts.items()), unsafe_allow_html=True)
    st.caption("Each mark was given with the others seated as \"How the others play\" said at that move; the "
               "review's grades assume pennypress's own players.")


def the_end(game: TableGame) -> None:
    end = game.end()
    st.subheader(end_sentence([s["circulation"] for s in end["scores"]], end["winner_seats"], game.me))
    show_table(pd.DataFrame([{"Newspaper": s["newspaper"] + (" (you)" if i == game.me else ""),
                              "Circulation": s["circulation"]} for i, s in enumerate(end["scores"])]),
               numbers=("Circulation",))
    st.markdown("**Beat bonuses**")
    for b in end["bonuses"]:
        st.markdown("- " + bonus_sentence(b["beat"], b["players"], b["points"], b["most_stars"], game.me))
    coach_summary(game)
    st.markdown("**The game, move by move**")
    record = game.record()
    graded = {n: note.klass for n, note in ss.get(K.PLAY_COACHED, {}).items()}
    frames = audit_view.record_frames(record, {e.number: e.words for e in game.events}, graded)
    token = hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]
    board_stepper(frames, key=K.PLAY_STEPPER, token=token, start=len(frames) - 1)
    c1, c2 = st.columns(2)
    if c1.button("Review this game", key=K.PLAY_REVIEW, type="primary", width="stretch"):
        ss[K.AUDIT_DOC] = game.record()
        ss[K.AUDIT_NAME] = game_name(game)
        ss[K.AUDIT_FOCUS] = game.me
        for key in (K.AUDIT_RESULT, K.AUDIT_RESULT_JSON, K.AUDIT_PICK):
            ss.pop(key, None)
        st.switch_page(AUDIT_PAGE)
    if c2.button("Practise your mistakes", key=K.PLAY_PRACTISE, width="stretch",
                 help="Your moves weighed as the review weighs them; each mistake or blunder becomes a puzzle "
                      "on the Puzzles page: find the better move."):
        practise_mistakes(game)


def game_name(game: TableGame) -> str:
    """The game just played, as the review and the puzzles made from it name it."""
    return f"Your game as {newspaper(game.me)} against the computer (deal {game.seed})"


def practise_mistakes(game: TableGame) -> None:
    """Your decisions of the game audited as the review grades them (the coach's analysis, the game's deal, no
    table read), your mistakes and blunders taken to the Puzzles page as puzzles -- or, when there is none,
    said so."""
    bar = st.progress(0.0, text="Looking for your mistakes…")

    def _progress(done: int, total: int) -> None:
        bar.progress(done / max(1, total), text=f"Looking for your mistakes: {done} of {total} moves")

    record = game.record()
    result = audit(record, HINT_BUDGET, seed=game.seed, progress=_progress, player=game.me)
    bar.empty()
    puzzles = mistake_puzzles(record, result, game.me, game=game_name(game))
    if not len(puzzles):
        st.info(no_mistakes_words("you"))
        return
    mistake_trainer.practise(puzzles, game_name(game))
    st.switch_page(mistake_trainer.TRAINER_PAGE)


def run_coach(game: TableGame) -> None:
    """Grade the move you just played (coach mode), before the opponents answer it."""
    pending = ss.pop(COACH_PENDING, None)
    if pending is None:
        return
    number, before, move = pending
    with st.spinner("The coach is looking at your move…"):
        ss.setdefault(K.PLAY_COACHED, {})[number] = coach(before, move, game.seed, HINT_BUDGET,
                                                          table=playout_table(reading(game), K.PLAY_TABLE))


# ------------------------------------------------------------------ the page
if K.PLAY_ERROR in ss:
    st.error(ss.pop(K.PLAY_ERROR))

game: TableGame | None = ss.get(K.PLAY_GAME)
if game is None:
    set_up()
    st.stop()

opponents = ", ".join(f"{newspaper(s)}: {bot_label(n)}" for s, n in enumerate(game.names) if n is not None)
st.write(f"You are **{newspaper(game.me)}**; {opponents}. Deal {game.seed}.")
c1, c2, c3 = st.columns(3)
c1.download_button("Save the game", dumps_record(game.record()), file_name="pennypress-game.json",
                   mime="application/json", key=K.PLAY_SAVE, width="stretch")
c2.button("New game", key=K.PLAY_NEW, on_click=_new, width="stretch")
c3.toggle("Coach mode", key=K.PLAY_COACH,
          help="After each of your moves, its mark (best … blunder ??) and what it lost against the best move, "
               "graded as the review grades it; at the end, your marks and the review.")
run_coach(game)

last_mine = max((k for k, e in enumerate(game.events) if e.by_person), default=-1)
if game.bot_to_move:
    with st.status("The opponents are moving…", expanded=True) as status:
        if last_mine >= 0:
            tell(game.events[last_mine], game)
        while game.bot_to_move:
            tell(game.step(), game)
        status.update(label="The opponents have moved", state="complete", expanded=True)
elif game.events:
    with st.status("The opponents have moved" if last_mine < len(game.events) - 1 else "Your move", expanded=True,
                   state="complete"):
        for event in game.events[max(0, last_mine):]:
            tell(event, game)
with st.expander("The game so far"):
    if not game.events:
        st.write("No move yet.")
    for event in game.events:
        tell(event, game, draw=False)

if game.is_over:  # the final position is the last step of the game's stepper, at the end
    view = game.view()
    show_svgs([mat_svg(view, p) for p in range(view.n_players)])
    the_end(game)
else:
    turn()
