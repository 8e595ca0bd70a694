"""Audit a game: every decision of a recorded game graded, key moments, luck and a win-probability chart.

Upload a record, pick an example or a game of the last tournament played on the
Tournament page, or record a game at the table move by move -- for a press, the
page actually laid out is built on the mat with Check my page's builder
(:mod:`pennypress.ui.app.page_builder`), opened on the optimal page and judged
by the engine as it is built; then **Analyse** (progress bar). The engine's
audit (:mod:`pennypress.engine.audit`) does all the work; this page draws it.
**Practise your mistakes** takes the mistakes and blunders of the newspaper
reviewed to the Puzzles page as puzzles (:mod:`pennypress.ui.app.mistake_trainer`).
"""
from __future__ import annotations

import hashlib
import json
import time

import streamlit as st

from pennypress.engine import native, new_game, parse_move
from pennypress.engine.advisor import BUDGETS
from pennypress.engine.arena.read_grades import grades_with_table
from pennypress.engine.arena.table_reading import AS_READ
from pennypress.engine.audit import audit
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.game.names import newspaper
from pennypress.engine.rules.press import plan_press
from pennypress.engine.io.record import dumps_record, replay
from pennypress.engine.puzzles.mistakes import is_mistake, mistake_puzzles
from pennypress.engine.game.words import move_words
from pennypress.errors import BadInput
from pennypress.ui.app import audit_view as view, mistake_trainer, move_picker, press_layout
from pennypress.ui.app import session_keys as K
from pennypress.ui.app.board_stepper import board_stepper
from pennypress.ui.app.table_panel import choice_words, choices
from pennypress.ui.app.widgets import (
    notation_box, page_style, show_board, show_svgs, show_table, uploaded_json, valid_choice,
)
from pennypress.ui.io import example_files, positions
from pennypress.engine.advisor.line import line_words
from pennypress.ui.render.audit_words import (
    card_text, class_words, graded_words, line_labels, loss_words, luck_words, num,
)
from pennypress.ui.render.marks import swatch_html
from pennypress.ui.render.puzzle_words import no_mistakes_words
from pennypress.ui.render.page_svg import page_svg

page_style()
ss = st.session_state

st.title("Audit a game")
st.caption(
    "Every decision of a recorded game weighed against the advisor's best move on the same futures: the best "
    "move, the chance to win the move played lost, a mark from ★ best to ?? blunder for a loss the analysis "
    "shows to be real and \"as good as the best\" for one it cannot tell from the best (where the game was "
    "already decided, the lead over the best rival lost), each press's page against the optimal page, and the "
    "luck of every headline card."
)


@st.cache_data(show_spinner=False, max_entries=50)
def _how_they_played(record: str) -> list[str]:
    """:func:`audit_view.how_they_played` of a record given as its JSON text (read once a record)."""
    return view.how_they_played(json.loads(record))


def _use(doc: dict, name: str) -> None:
    try:
        replay(doc)
    except BadInput as exc:
        ss[K.AUDIT_ERROR] = f"{name}: {exc}"
        return
    ss[K.AUDIT_DOC] = doc
    ss[K.AUDIT_NAME] = name
    ss.pop(K.AUDIT_RESULT, None)
    ss.pop(K.AUDIT_RESULT_JSON, None)


def _load_example() -> None:
    name = ss.get(K.AUDIT_EXAMPLE_PICK)
    path = view.record_examples().get(name)
    if path is None:
        ss[K.AUDIT_ERROR] = f"Example {name!r} is not available."
        return
    try:
        _use(example_files.load(path), f"Example: {example_files.record_title(path)}")
    except BadInput as exc:
        ss[K.AUDIT_ERROR] = str(exc)


def _load_upload() -> None:
    f = ss.get(K.AUDIT_UPLOAD)
    if f is None:
        return
    try:
        doc = uploaded_json(f)
    except BadInput as exc:
        ss[K.AUDIT_ERROR] = str(exc)
        return
    _use(doc, f"File {f.name}")


def _load_tournament_game() -> None:
    games = ss.get(K.TOURNAMENT_RECORDS) or []
    pick = valid_choice(K.AUDIT_TOURNAMENT_PICK, list(range(len(games))))
    if pick is None:
        ss[K.AUDIT_ERROR] = "That tournament game is no longer in this session: pick one from the list."
        return
    _use(games[int(pick)], view.tournament_game_label(games[int(pick)]))


# ------------------------------------------------------------------ the table-game recorder
BUILDER = K.TABLE_BUILDER


def _table_state():
    start = positions.parse_position(ss[K.TABLE_START])
    doc = view.table_record(start, ss[K.TABLE_MOVES])
    return start, doc, replay(doc).state


def _new_table() -> None:
    ss[K.TABLE_START] = new_game(int(ss[K.TABLE_PLAYERS]), seed=int(ss[K.TABLE_SEED])).to_json()
    ss[K.TABLE_MOVES] = []


def _table_play() -> None:
    _, _, state = _table_state()
    try:
        move = parse_move(move_picker.chosen(K.TABLE_GROUP, K.TABLE_MOVE, state.legal_moves()))
        if isinstance(move, GoToPress):  # the page laid out, checked and spelled out by the engine
            move = GoToPress(plan_press(state, state.current, press_layout.built_page(state, BUILDER)).page)
        reason = state.why_illegal(move)
        if reason is not None:
            raise BadInput(f"{move_words(move)}: {reason}")
    except BadInput as exc:
        ss[K.AUDIT_ERROR] = f"Not recorded: {exc}"
        return
    entry: dict | str = str(move)
    cards = view.press_cards(state, move)
    if cards:
        entry = {"move": str(move), "card": int(valid_choice(K.TABLE_CARD, cards))}
    ss[K.TABLE_MOVES] = ss[K.TABLE_MOVES] + [entry]
    ss.pop(K.TABLE_CARD, None)


def _table_undo() -> None:
    ss[K.TABLE_MOVES] = ss[K.TABLE_MOVES][:-1]


def _table_use() -> None:
    _, doc, _ = _table_state()
    _use(doc, f"Table game ({len(doc['moves'])} moves)")


def press_page_builder(state) -> None:
    """The page actually laid out for this press: Check my page's builder, opened on the engine's
    optimal page; the engine judges the page as it is built."""
    owner = hashlib.sha1(json.dumps([ss[K.TABLE_START], ss[K.TABLE_MOVES]]).encode()).hexdigest()
    press_layout.press_page_builder(
        state, BUILDER, owner,
        "**The page laid out.** It opens on the optimal page; if the page at the table differs, "
        "lay it out here as it was (pick a story and how it is turned, click the cell of its top-left corner).",
        loss_note="; the audit will count them")


def table_recorder() -> None:
    c1, c2, c3 = st.columns([1, 1, 2])
    c1.number_input("Players", 2, 5, 3, key=K.TABLE_PLAYERS)
    c2.number_input("Deal seed", 0, 10**9, 1, key=K.TABLE_SEED)
    c3.button("New deal", key=K.TABLE_NEW, on_click=_new_table)
    if K.TABLE_START not in ss:
        st.info("Start a new deal; then enter each move as it is played at the table.")
        return
    start, doc, state = _table_state()
    st.write(f"{len(doc['moves'])} moves entered." + (" The game is over." if state.is_over else
                                                      f" {newspaper(state.current)} to move."))
    show_board(state)
    if not state.is_over:
        move = parse_move(move_picker.move_picker(K.TABLE_GROUP, K.TABLE_MOVE, state.legal_moves()))
        if isinstance(move, GoToPress):
            press_page_builder(state)
            cards = view.press_cards(state, move)
            if cards:
                move_picker.card_picker(K.TABLE_CARD, cards, state.definition.deck, "Headline card drawn")
        st.button("Play this move", key=K.TABLE_PLAY, on_click=_table_play)
    st.button("Undo the last move", key=K.TABLE_UNDO, on_click=_table_undo, disabled=not doc["moves"])
    text = dumps_record(doc)
    st.download_button("Save the record", text, file_name="table-game.json", mime="application/json")
    with st.expander("The record (JSON)"):
        notation_box(text)
    st.button("Audit this game", key=K.TABLE_USE, on_click=_table_use, disabled=not doc["moves"], type="primary")


def practise_mistakes(doc: dict, result, focus: int) -> None:
    """The mistakes and blunders of the newspaper reviewed (every newspaper's for all) as puzzles on the
    Puzzles page, or why there is none."""
    player = None if focus == view.EVERY else focus
    count = sum(is_mistake(d) for d in result.decisions if player is None or d.player == player)
    if not count:
        st.info(no_mistakes_words("any newspaper" if player is None else newspaper(player)))
        return
    who = "every newspaper" if player is None else newspaper(player)
    c1, c2 = st.columns([1, 2], vertical_alignment="center")
    c2.caption(f"{count} {'move' if count == 1 else 'moves'} of {who} the analysis found a mistake or a blunder: "
               "each a puzzle on the Puzzles page. Find the better move, then see the answer and its likely line.")
    if c1.button("Practise your mistakes", key=K.AUDIT_PRACTISE, type="primary"):
        name = ss.get(K.AUDIT_NAME, "Record")
        mistake_trainer.practise(mistake_puzzles(doc, result, player, game=name), f"{name} ({who})")
        st.switch_page(mistake_trainer.TRAINER_PAGE)


# ------------------------------------------------------------------ grades with the table read
def _said(focus: int, players: int) -> dict[int, str]:
    """The person's word on how the other newspapers played (the panel's choices; "as read" left out)."""
    options = choices()
    said = {p: ss.get(K.table_choice_key(K.AUDIT_TABLE, p), AS_READ) for p in range(players) if p != focus}
    return {p: c for p, c in said.items() if c in options and c != AS_READ}


def _read_key(focus: int, players: int) -> str:
    said = json.dumps(sorted(_said(focus, players).items()))
    return hashlib.sha1(f"{ss.get(K.AUDIT_RESULT_JSON)}|{focus}|{said}".encode()).hexdigest()[:16]


def read_grades(focus: int, players: int) -> dict:
    """The decisions of ``focus`` graded again with the table read, by move number (empty until asked, and
    after another word on how the others played)."""
    held = ss.get(K.AUDIT_READ)
    return {g.number: g for g in held[1]} if held and held[0] == _read_key(focus, players) else {}


def _tell(focus: int, players: int) -> None:
    """The person's word on each other newspaper (collapsed): as read, assume nothing, or a style."""
    with st.expander("Tell the advisor how they played"):
        st.caption("Each grade below reads the others from their moves before the decision; if you know how a "
                   "newspaper plays (\"The Sun always presses early\"), say so and it is graded that way.")
        options = choices()
        for p in range(players):
            if p != focus:
                key = K.table_choice_key(K.AUDIT_TABLE, p)
                valid_choice(key, options, AS_READ)
                st.selectbox(newspaper(p), options, key=key, format_func=choice_words)


def read_grades_panel(doc: dict, result, focus: int) -> None:
    """"Grades with the table read": on request, the newspaper's decisions graded again with the others seated
    as they had played before each, or as the person says they play (:mod:`pennypress.engine.arena.read_grades`),
    and which grades that changes."""
    if focus == view.EVERY or not native.available():
        return
    mine = [d for d in view.shown_decisions(result, focus) if d.klass != "forced"]
    if not mine:
        return
    st.markdown("#### Grades with the table read")
    _tell(focus, result.players)
    grades = read_grades(focus, result.players)
    if not grades:
        c1, c2 = st.columns([1, 2], vertical_alignment="center")
        c2.caption(f"Does a grade of {newspaper(focus)}'s depend on how the others play? Its {len(mine)} "
                   "decisions graded again with the others as they had played so far (about a second each).")
        if not c1.button("Grade with the table read", key=K.AUDIT_READ_RUN):
            return
        budget, seed, playouts = ss.get(K.AUDIT_SETTINGS, (result.budget, result.seed, None))
        bar = st.progress(0.0, text="Grading again…")
        done = grades_with_table(doc, mine, budget, seed, playouts, progress=lambda k, n: bar.progress(
            k / max(1, n), text=f"Grading again: {k} of {n} decisions"), said=_said(focus, result.players))
        bar.empty()
        ss[K.AUDIT_READ] = (_read_key(focus, result.players), done)
        grades = read_grades(focus, result.players)
    lines = view.read_grades_words(list(grades.values()), newspaper(focus))
    st.markdown(lines[0] + ("\n" + "\n".join(f"- {line}" for line in lines[1:]) if len(lines) > 1 else ""))
    st.caption(view.READ_GRADES)


# ------------------------------------------------------------------ the decisions, stepped through
def _open(i: int) -> None:
    """The decision the player stepped to on the board stepper: opened below it."""
    ss[K.AUDIT_PICK] = i
    ss.pop(K.AUDIT_BOARD, None)


@st.fragment
def decision_review(doc: dict, result, focus: int, deck) -> None:
    """The decisions reviewed on the board stepper, a game review's move list: each decision's board (the
    move played and the best move drawn), its mark and the bar of the chance to win; stepping (clicks or
    ←/→) is in the browser, and the decision stepped to opens below -- its words, its likely lines on a
    stepper of their own, why, its page and its card's luck. A fragment: a step reruns this part only."""
    shown = view.shown_decisions(result, focus)
    steps = view.steps_of(doc)
    valid_choice(K.AUDIT_PICK, list(range(len(shown))))
    pick = int(ss.get(K.AUDIT_PICK) or 0)
    token = hashlib.sha1(f"{ss.get(K.AUDIT_RESULT_JSON)}|{focus}".encode()).hexdigest()[:16]
    st.caption("Step through the decisions with Previous / Next, a click on a move number, or the ← and → "
               "keys; the decision shown opens below.")
    board_stepper(view.decision_frames(result, focus, steps), key=K.AUDIT_STEPPER, token=token,
                  who=view.decisions_who(focus), start=pick, on_step=_open)
    d = shown[pick]
    step = next(s for s in steps if s.number == d.ply)
    st.markdown(f"##### {view.decision_title(d)}")
    cost = "" if d.klass in ("forced", "best") else f"; it lost {loss_words(d)}"
    st.markdown(f"{newspaper(d.player)} {move_words(d.played, past=True)}; the advisor's best: "
                f"**{move_words(d.best)}** — {class_words(d.klass)}{cost}.")
    st.markdown(view.chances(d).words())
    if graded_words(d):
        st.caption(graded_words(d))
    read = read_grades(focus, result.players).get(d.ply)
    if read is not None and read.depends:
        st.markdown(f"With the table read this move is graded **{class_words(read.read.klass)}** (its best: "
                    f"{move_words(read.read.best)}): its grade depends on how the others play.")
    st.markdown(view.board_legend_html(step.before, d), unsafe_allow_html=True)
    views = view.line_views(d)
    if views:
        valid_choice(K.AUDIT_BOARD, views)
        if ss.get(K.AUDIT_BOARD) is None:
            ss[K.AUDIT_BOARD] = views[0]
        on_board = st.pills("The likely line on the board", views, key=K.AUDIT_BOARD, required=True,
                            format_func=lambda v: view.board_view_words(v, d)) or views[0]
        _, _, ink = view.line_of(d, on_board)
        st.markdown(swatch_html(ink, view.board_view_words(on_board, d)), unsafe_allow_html=True)
        frames = view.line_frames(step.before, d, on_board, deck, view.line_chance(d, on_board))
        board_stepper(frames, key=K.AUDIT_LINE_STEPPER,
                      token=f"{token}|{d.ply}|{on_board}",
                      who=f"{newspaper(d.player)}'s chance to win in the futures that went this way")
    lines = line_labels(d)
    if lines:
        st.markdown("**The likely line** — the most frequent continuation in the futures the analysis played, "
                    "each step with how often the futures went that way")
        for label, line in lines:
            st.markdown(f"*{label[0].upper()}{label[1:]}:*\n\n"
                        + "\n".join(f"{i}. {w}" for i, w in enumerate(line_words(line, deck), 1)))
    if d.why:
        st.markdown("**Why** — " + " ".join(d.why))
    if d.press is not None:
        laid = plan_press(step.before, d.player, step.move.page)
        best = plan_press(step.before, d.player)
        show_svgs([
            page_svg(plan.problem, view.solver_placements(plan.claimed, plan.page),
                     view.exclusive_index(plan.claimed, plan.page), breakdown=plan.breakdown,
                     title=f"{label}: {num(plan.breakdown.total)} points")
            for plan, label in ((laid, "Laid out"), (best, "Optimal"))
        ])
        st.write(f"Page points lost: {num(d.press.page_loss)}; scoops given: {d.scoops_given}")
        for note in d.press.notes:
            st.markdown(f"- {note}")
    if d.luck is not None:
        said = card_text(d.card, deck)
        st.write(f"{said[0].upper()}{said[1:]}: {luck_words(d.luck)}")


# ------------------------------------------------------------------ choosing a game
tabs = st.tabs(["Example", "Upload", "Tournament", "Table game"])
with tabs[0]:
    examples = view.record_examples()
    if examples:
        valid_choice(K.AUDIT_EXAMPLE_PICK, list(examples))
        titles = {name: example_files.record_title(path) for name, path in examples.items()}
        st.radio("Example record", list(examples), key=K.AUDIT_EXAMPLE_PICK, format_func=titles.get)
        st.button("Load example", key=K.AUDIT_LOAD_EXAMPLE, on_click=_load_example)
    else:
        st.info("No example records are installed.")
with tabs[1]:
    st.file_uploader("Game record (JSON, docs/guide/record.md)", type=["json"], key=K.AUDIT_UPLOAD, on_change=_load_upload)
with tabs[2]:
    games = ss.get(K.TOURNAMENT_RECORDS) or []
    if games:
        st.caption(f"The {len(games)} games of the last tournament played on the Tournament page in this session "
                   "(a new tournament replaces them).")
        valid_choice(K.AUDIT_TOURNAMENT_PICK, list(range(len(games))))
        chosen = st.selectbox("Tournament game", list(range(len(games))), key=K.AUDIT_TOURNAMENT_PICK,
                              format_func=lambda i: view.tournament_game_choice(games[i], i))
        st.caption(view.tournament_game_label(games[chosen]))
        st.button("Load this game", key=K.AUDIT_TOURNAMENT_LOAD, on_click=_load_tournament_game)
    else:
        st.info("No tournament game in this session: play a tournament on the Tournament page first; "
                "the games of its last run are listed here.")
with tabs[3]:
    table_recorder()

if K.AUDIT_ERROR in ss:
    st.error(ss.pop(K.AUDIT_ERROR))

doc = ss.get(K.AUDIT_DOC)
if doc is None:
    st.stop()

st.subheader(ss.get(K.AUDIT_NAME, "Record"))
c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
c1.selectbox("How thorough", list(BUDGETS), key=K.AUDIT_BUDGET, format_func=view.thoroughness,
             help="Quick weighs each decision in about a second; the deeper choices tell more moves apart.")
details = st.expander("Details")
with details:
    st.number_input("Playouts per decision (0: as many as the choice above)", 0, 100_000, 0, key=K.AUDIT_PLAYOUTS)
    st.number_input("Seed of the sampled futures", 0, 10**9, 0, key=K.AUDIT_SEED)
if c2.button("Analyse", key=K.AUDIT_RUN, type="primary"):
    bar = st.progress(0.0, text="Analysing…")
    live = st.empty()  # the decisions graded so far, as they come in
    so_far: list = []
    shown_at = [0.0]

    def _progress(done: int, total: int) -> None:
        bar.progress(done / max(1, total), text=f"Analysing: {done} of {total} decisions")

    def _graded(d) -> None:
        so_far.append(d)
        if time.perf_counter() - shown_at[0] >= 0.2:  # a few redraws a second: each is a message to the browser
            shown_at[0] = time.perf_counter()
            live.markdown(view.graded_so_far_html(so_far), unsafe_allow_html=True)

    try:
        result = audit(doc, ss[K.AUDIT_BUDGET], seed=int(ss[K.AUDIT_SEED]), progress=_progress,
                       playouts=int(ss[K.AUDIT_PLAYOUTS]) or None, graded=_graded)
    except BadInput as exc:
        st.error(str(exc))
        st.stop()
    ss[K.AUDIT_RESULT] = result
    ss[K.AUDIT_RESULT_JSON] = json.dumps(result.to_json()["decisions"])
    ss[K.AUDIT_SETTINGS] = (ss[K.AUDIT_BUDGET], int(ss[K.AUDIT_SEED]), int(ss[K.AUDIT_PLAYOUTS]) or None)
    bar.empty()
    live.empty()

result = ss.get(K.AUDIT_RESULT)
if result is None:
    st.stop()

deck = replay(doc).start.definition.deck
players = list(range(result.players))
valid_choice(K.AUDIT_FOCUS, players + [view.EVERY], 0)
focus = st.radio(
    "Review the game of", players + [view.EVERY], key=K.AUDIT_FOCUS, horizontal=True,
    format_func=lambda p: "Every newspaper" if p == view.EVERY else newspaper(p),
    help="The chart draws this newspaper's chance to win in bold (the others faded) and marks its decisions; "
         "the decisions below are its own.")

with details:  # the figures behind the grades, for whoever wants them
    st.markdown(view.settings_words(result))

st.markdown("#### Key moments")
for m in result.key_moments:
    st.markdown(f"- {view.moment_html(m)}", unsafe_allow_html=True)
if not result.key_moments:
    st.write("No mistake, swing of luck or turning point stands out.")
if len({d.ply for d in result.decisions}) > 1:
    st.altair_chart(view.audit_chart(result, focus, deck), width="stretch")
    st.caption("The chance to win of each newspaper along the line played, after each move as it was played; "
               "the newspaper reviewed is the bold line, each decision marked in its colour; a ring above a "
               "decision is its chance after the best move, the dotted line down to it what the move played lost "
               "(each decision's two chances are measured afresh by its own analysis, so a ring may stand far "
               "from the point before it); the faint line is the fair share; dashed upright lines are "
               "headline-card draws (hover for the card and its luck).")
st.markdown("#### Per newspaper")
show_table(view.summary_frame(result), numbers=view.SUMMARY_NUMBERS,
           emphasis=() if focus == view.EVERY else (focus,))
how = _how_they_played(json.dumps(doc, sort_keys=True))
if how:
    st.markdown("#### How each newspaper played")
    st.markdown("\n".join(f"- {line}" for line in how))
    st.caption(view.HOW_THEY_PLAYED)
read_grades_panel(doc, result, focus)
practise_mistakes(doc, result, focus)
st.markdown("#### Decisions" + ("" if focus == view.EVERY else f" of {newspaper(focus)}"))
shown = view.shown_decisions(result, focus)
if not shown:
    st.info(f"{newspaper(focus)} made no decision in this record.")
    st.stop()
st.markdown(view.decisions_html(result, focus), unsafe_allow_html=True)
with details:
    show_table(view.details_frame(result, focus), numbers=("Move", "Playouts"))
decision_review(doc, result, focus, deck)
