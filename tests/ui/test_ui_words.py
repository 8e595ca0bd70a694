"""What players read, on every page: newspapers not "Player 0", stories as said at the table,
no engine jargon (``ply``, ``final-presses``, ``T*``/``R*``, ``war:D:3``) outside help texts and files."""
from __future__ import annotations

import json
import random

import pytest
from tests.ui.ui_helpers import assert_plain, metrics, no_traceback, open_app, visible_text

from pennypress.engine import new_game
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.game.names import NEWSPAPERS

VIEWER = "app_pages/position_viewer.py"
PAGES = ["app_pages/press_desk.py", "app_pages/check_page.py", VIEWER, "app_pages/scoring_examples.py",
         "app_pages/position_editor.py", "app_pages/analysis_board.py", "app_pages/tournament.py",
         "app_pages/audit_game.py", "app_pages/puzzles.py",
         "app_pages/play_game.py"]

def finished_game():
    game = new_game(3, seed=11)
    bots = [GreedyBot(seed=i) for i in range(3)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game), rng=random.Random(game.ply))
    return game


@pytest.mark.parametrize("page", PAGES)
def test_every_page_speaks_plainly(page):
    at = open_app(page)
    no_traceback(at)
    assert_plain(visible_text(at), page)


@pytest.mark.parametrize("example", ["when-not-to-press", "end-game-bonus-tie", "adjusting-news-beats"])
def test_every_example_position_speaks_plainly(example):
    at = open_app(VIEWER)
    at.selectbox(key="pos_example_pick").set_value(example).run()
    at.button(key="pos_load_example").click().run()
    no_traceback(at)
    text = visible_text(at)
    assert_plain(text, example)
    assert "The Herald" in text


@pytest.mark.parametrize("doc", [new_game(5, seed=2, variants=["newsboy"]).to_json(), finished_game().to_json()],
                         ids=["five-newspapers-newsboy", "finished"])
def test_dealt_and_finished_games_speak_plainly(doc):
    at = open_app(VIEWER)
    at.text_area(key="pos_paste").input(json.dumps(doc)).run()
    at.button(key="pos_load_paste").click().run()
    no_traceback(at)
    text = visible_text(at)
    assert_plain(text, "viewer")
    for name in NEWSPAPERS[: len(doc["players"])]:
        assert name in text


def test_newspapers_are_the_same_on_board_chips_mats_and_tables():
    at = open_app(VIEWER)
    board = next(m.value for m in at.markdown if "pennypress-board" in m.value)
    # the rulebook's 12-point position: The Times has 2 reporters on the War D, The Sun 1
    assert "Times ×2" in board and "Sun ×1" in board
    mats = next(m.value for m in at.markdown if "pennypress-mat" in m.value)
    assert [n for n in NEWSPAPERS if f"<title>The mat of {n}</title>" in mats] == list(NEWSPAPERS[:3])
    assert metrics(at)["To move"] == NEWSPAPERS[0]
    text = visible_text(at)
    assert "The Times (player 1) to move" in text and "The Sun ×1" in text


@pytest.mark.slow
def test_the_analysis_board_and_the_audit_speak_plainly_after_their_work():
    """Analysed positions and audited games: moves, cards and numbers in words (the notation stays in files)."""
    at = open_app("app_pages/analysis_board.py")
    at.number_input(key="ab_playouts").set_value(42).run()
    at.button(key="ab_analyse").click().run()
    at.button(key="ab_play_best").click().run()
    no_traceback(at)
    assert_plain(visible_text(at), "analysis board")
    at.switch_page("app_pages/audit_game.py").run()
    at.radio(key="aud_example_pick").set_value("two-player-greedy-seed-11").run()
    at.button(key="aud_load_example").click().run()
    # 20 playouts a decision: enough for the card swing after move 9 to show as a key moment (with 2, the
    # playouts tuned against the league leave only the turning point)
    at.number_input(key="aud_playouts").set_value(20).run()
    at.button(key="aud_run").click().run()
    at.radio(key="aud_focus").set_value(-1).run()
    no_traceback(at)
    text = visible_text(at)
    assert_plain(text, "audit")
    assert "Key moments" in text and "headline card “" in text


@pytest.mark.parametrize("text", ["Player 0 to move", "claims war:D:3", "ply 14", "phase final-presses",
                                  "T* = 1", "the story is rotated", "reassign city:A:2 -> crime:B:1",
                                  "recall 1 war:D:1", "p (better than fair)", "new stories war:A"])
def test_the_jargon_check_catches_each_kind(text):
    with pytest.raises(AssertionError):
        assert_plain(text, "sample")
