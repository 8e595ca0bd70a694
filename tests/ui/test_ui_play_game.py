"""The "Play a game" page (AppTest): a whole 3-player game against two greedy bots, with a hint, a
take-back and a press on a page laid out on the mat, to the end and into the review of the game.
(Saving and loading, which need a file chooser, are in the browser test, test_ui_journeys.py.)"""
from __future__ import annotations

import re

import pytest

from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import chart_points, html_tables, open_app, steppers, visible_text

from pennypress.engine.arena.seats import make_bot
from pennypress.engine.game.moves import Assign, GoToPress
from pennypress.engine.game.names import newspaper, story_name
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import replay
from pennypress.ui.app import audit_view as view, board_click
from pennypress.ui.app.move_picker import move_groups
from pennypress.ui.render import marks
from pennypress.ui.render.board_svg import board_html

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

PAGE = "app_pages/play_game.py"
SEED = 20  # a short game (ten moves of yours) in which the bots press, and you press, recall and assign
ME = 1  # The Sun


def _start(at, seed=SEED, me=ME):
    at.selectbox(key="play_me").set_value(me).run()
    at.number_input(key="play_seed").set_value(seed).run()
    at.button(key="play_start").click().run()
    assert not at.exception, at.exception
    return at.session_state["play_game"]


def test_the_form_and_the_header_say_deal_never_seed():
    """The play form once said "Seed" and its header "Seed 1." (#55): a player deals a game; the word of
    the lab is nowhere on the page (its help aside), before the game and once it has begun."""
    at = open_app(PAGE)
    assert not re.search(r"\bseed\b", visible_text(at), re.I), visible_text(at)
    assert at.number_input(key="play_seed").label.startswith("Deal")
    _start(at)
    shown = visible_text(at)
    assert f"Deal {SEED}." in shown and not re.search(r"\bseed\b", shown, re.I)


def _click(at, game, move) -> bool:
    """Pick ``move`` as a click on the board would (what the click sends back, then the move among
    those it implies, said in words); ``False`` for a move no click leads to."""
    target = board_click.click_key(move)
    if target is None:
        return False
    at.session_state["play_click"], at.session_state["play_from"] = target, "board"
    at.run()
    choice = at.radio(key="play_choice")
    implied = [str(m) for m in board_click.clicked_moves(game.state.legal_moves(), target)]
    assert choice.options == [move_words(m) for m in implied] and str(move) in implied
    choice.set_value(str(move)).run()
    assert not at.exception, at.exception
    assert f"**Your move:** {move_words(move)}" in _text(at)
    return True


def _pick(at, game, move):
    """Pick ``move`` from the lists: its kind, then the move (shown in words)."""
    kind = next(k for k, ms in move_groups(game.state.legal_moves()).items() if move in ms)
    if "play_kind" in [r.key for r in at.radio]:
        at.radio(key="play_kind").set_value(kind).run()
    if isinstance(move, Assign):  # a story, then how many
        stories = at.radio(key="play_story")
        assert story_name(move.story) in stories.options
        stories.set_value(str(move.story)).run()
        at.radio(key="play_count").set_value(move.count).run()
        assert not at.exception, at.exception
        return
    picker = at.radio(key="play_move")
    assert move_words(move) in picker.options
    picker.set_value(str(move)).run()
    assert not at.exception, at.exception


def _text(at) -> str:
    return "\n".join(m.value for m in at.markdown) + "\n".join(c.value for c in at.caption)


@pytest.mark.slow
def test_a_whole_game_with_a_hint_a_take_back_and_a_laid_out_page_then_the_review():
    at = open_app(PAGE)
    game = _start(at)
    assert game.names == ("greedy", None, "greedy") and game.person_to_move
    assert "The Times sent" in _text(at)  # the opponent before you moved, in words
    at.toggle(key="play_coach").set_value(True).run()  # coach mode: every move of yours graded
    me_bot = make_bot("greedy", 77)
    hinted = took_back = laid_out = drawn = False
    while not game.is_over:
        # an opponent's press since your last move is drawn: its page and points
        pages = [m.value for m in at.markdown if "s page: " in m.value and "<svg" in m.value]
        drawn = drawn or bool(pages)
        for page in pages:  # an opponent's page tiles: stories numbered from 1, as people read them (#55)
            assert ">#1</text>" in page and ">#0</text>" not in page
        assert game.person_to_move
        move = me_bot.choose(game.view())
        if game.state.ply % 2 or not _click(at, game, move):  # by a click, or from the lists
            _pick(at, game, move)
        if not hinted:
            at.button(key="play_hint_button").click().run()
            assert not at.exception, at.exception
            hint = at.info[0].value
            assert hint.startswith("**Hint: ") and "your chance of winning" in hint
            best = at.session_state["play_hint"][1].best.move
            assert move_words(best) in hint
            hinted = True
        if isinstance(move, GoToPress) and not laid_out:
            at.radio(key="play_layout").set_value("Lay out my own page").run()
            assert "**Your page.**" in _text(at) and "as good as the optimal page" in at.success[0].value
            assert "If you press now, you will claim " in _text(at)
            laid_out = True
        ply = game.state.ply
        at.button(key="play_commit").click().run()
        assert not at.exception, at.exception
        assert game.state.ply > ply
        if not took_back:
            moves = len(game.record()["moves"])
            at.button(key="play_take_back").click().run()
            assert game.state.ply == ply and len(game.record()["moves"]) < moves
            _pick(at, game, move)
            at.button(key="play_commit").click().run()
            took_back = True
    assert hinted and took_back and laid_out
    assert drawn  # the bots of this seed press during the game
    record = game.record()
    assert replay(record).state == game.state
    heading = at.subheader[-1].value
    assert heading.startswith("The game is over")
    text = _text(at)
    assert "Circulation" in text and "Beat bonuses" in text
    coached = at.session_state["play_coached"]
    mine = [e.number for e in game.events if e.by_person]
    assert sorted(coached) == mine  # a note for each of your moves (the one taken back forgotten)
    assert "**Your coach's notes**" in text
    notes = [m.value for m in at.markdown if 'class="pp-coach">Coach: ' in m.value]
    assert len(notes) >= len(mine) and all('class="pp-mark pp-mark-' in n for n in notes)  # each with its mark
    assert all(n.klass != "best" or n.played == n.best for n in coached.values())
    for p in game.state.players:
        assert f">{p.circulation}<" in text
    # the game move by move on the stepper, opened on the end: each move in the words the game said it, your
    # moves with the coach's mark in its colour, the last board the final position
    (moves,) = steppers(at)
    frames = moves["frames"]
    assert [f["label"] for f in frames] == ["Deal", *(str(e.number) for e in game.events)]
    assert [f["said"] for f in frames[1:]] == [e.words for e in game.events]
    assert [f["mark"] for f in frames[1:]] == [marks.mark(coached[e.number].klass) if e.number in coached else ""
                                              for e in game.events]
    assert moves["start"] == len(frames) - 1 and all(f["chance"] is None for f in frames)
    assert re.sub(r"<[^>]+>", "", frames[-1]["board"]) == re.sub(r"<[^>]+>", "", board_html(game.view()))
    at.button(key="play_review").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Audit a game"
    assert at.session_state["aud_doc"] == record and at.session_state["aud_focus"] == ME
    at.switch_page("app_pages/audit_game.py")  # AppTest's next run starts from its own page, not the one switched to
    at.number_input(key="aud_playouts").set_value(2).run()
    at.button(key="aud_run").click().run()
    assert not at.exception, at.exception
    assert at.radio(key="aud_focus").value == ME  # your decisions first
    assert any(m.value == "#### Decisions of The Sun" for m in at.markdown)
    the_audit_gives_one_chance_for_each_decision(at)


def the_audit_gives_one_chance_for_each_decision(at) -> None:
    """The review of the game played: every decision of yours has the same two chances (after the best move,
    after the move played) in the decisions table, on the chart and in its panel when opened (#55)."""
    best, played = view.CHANCE_COLUMNS
    (rows,) = html_tables(at, best, played)
    table = {int(r["Move"]): (int(r[best].rstrip("%")), int(r[played].rstrip("%"))) for r in rows}
    chart = {int(p["Move"]): (int(p["Best %"]), int(p["Win %"])) for p in chart_points(at) if p["Newspaper"] == "The Sun"}
    assert len(table) >= 5 and chart == table
    shown = view.shown_decisions(at.session_state["aud_result"], ME)
    frames = steppers(at)[0]["frames"]  # the move list's bar: the chance after the best move, as the table says
    assert [int(f["label"]) for f in frames] == [d.ply for d in shown]
    assert [f["chance_text"] for f in frames] == [f"{table[d.ply][0]}%" for d in shown]
    for i in (0, len(shown) - 1):  # the decision the stepper reports is opened, its panel the same figures
        at.session_state["aud_pick"] = i
        at.run()
        ply = shown[i].ply
        said = next(m.value for m in at.markdown if m.value.startswith("Chance to win: "))
        assert said.startswith(f"Chance to win: **{table[ply][0]}%** after the best move, **{table[ply][1]}%** after")
        assert steppers(at)[0]["start"] == i


def test_the_hint_says_how_the_others_play_and_the_players_word_changes_it():
    """After a few moves the page reads each opponent from its moves and shows it before the hint uses it; the
    person's word on a newspaper replaces its reading in the words and in the hint's playouts (the hint given
    under the old word is dropped), and the hint is the one the game's own reading would give."""
    from pennypress.engine.arena.table_reading import assume, opponent_table

    at = open_app(PAGE)
    game = _start(at)
    me_bot = make_bot("greedy", 77)
    for _ in range(3):
        _pick(at, game, me_bot.choose(game.view()))
        at.button(key="play_commit").click().run()
        assert not at.exception, at.exception
    text = _text(at)
    assert "How the others play" in text and ("moves fit" in text or "not played like any one style" in text)
    at.button(key="play_hint_button").click().run()
    hint = at.session_state["play_hint"][1]
    table = opponent_table(game.reading(), 3)
    assert hint.best.move == game.hint("fast", table=table).best.move
    other = next(p for p in range(3) if p != ME)
    at.selectbox(key=f"play_table_{other}").set_value("early-presser").run()
    assert not at.exception, at.exception
    assert "play_hint" not in at.session_state   # the hint under the old reading is gone
    assert f"You said {newspaper(other)} plays like the early presser" in _text(at)
    at.button(key="play_hint_button").click().run()
    said = opponent_table(assume(game.reading(), {other: "early-presser"}), 3)
    assert at.session_state["play_hint"][1].best.move == game.hint("fast", table=said).best.move


def test_earlier_games_with_the_same_people_are_read_first_and_said(tmp_path):
    """Saved games of the same table, read: the reading starts from them (the same newspaper, the same person)
    and says how many of its moves came from them (the upload itself, and a game of another table refused, are
    clicked in the browser: test_ui_journeys.py)."""
    from pennypress.engine import GameDefinition
    from pennypress.engine.arena.recorded import record_selfplay
    from pennypress.engine.arena.table_reading import read_records

    at = open_app(PAGE)
    game = _start(at)
    seats = ["early-presser", "heuristic", "early-presser"]
    earlier = record_selfplay(GameDefinition.create(3), seed=41, seats=seats)[0]
    expected = read_records([earlier], ME)
    at.session_state["play_earlier"] = expected    # what the uploader's callback keeps (files: the browser test)
    at.run()
    assert not at.exception, at.exception
    reading = game.reading(expected)
    assert all(seat.earlier == e.read for seat, e in zip(reading.seats, expected.seats))
    text = _text(at)
    assert "of them in earlier games" in text and all(seat.words() in text for seat in reading.seats)
