"""The "Audit a game" page (AppTest): a table game entered move by move, audited, and the same
record audited through the command line gives the same decisions."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ui_helpers import errors, frames, open_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "audit"))
from audit_records import first_press_with_two_stories, worse_pages  # noqa: E402

from pennypress.ui.cli.run import main  # noqa: E402

PAGE = "app_pages/audit_game.py"
OPENING = ["assign 4 city:D:1", "assign 4 war:A:1", "assign 1 city:D:2", "assign 1 city:D:2"]


def _play(at, group, move, page=None, card=None):
    at.radio(key="aud_tbl_group").set_value(group).run()
    at.selectbox(key="aud_tbl_move").set_value(move).run()
    if page is not None:
        at.text_input(key="aud_tbl_page").set_value(page).run()
    if card is not None:
        at.selectbox(key="aud_tbl_card").set_value(card).run()
    at.button(key="aud_tbl_play").click().run()
    assert not at.exception, at.exception


def test_a_table_game_is_recorded_audited_and_matches_the_command_line(tmp_path, capsys):
    at = open_app(PAGE)
    at.number_input(key="aud_tbl_players").set_value(2)
    at.number_input(key="aud_tbl_seed").set_value(11)
    at.button(key="aud_tbl_new").click().run()
    assert not at.exception, at.exception
    for text in OPENING:
        _play(at, "assign", text)
    _play(at, "press", "press", card=16)  # the optimal page, the default
    _play(at, "assign", "assign 1 crime:D:1")
    worse = worse_pages(first_press_with_two_stories(2, 11))[-1]  # the same position, from the seeded game
    _play(at, "press", "press", page=str(worse), card=9)
    record = json.loads(at.code[0].value)
    moves = [e if isinstance(e, str) else e["move"] for e in record["moves"]]
    assert moves[:4] == OPENING and moves[5:] == ["assign 1 crime:D:1", f"press {worse}"]
    assert [e["card"] for e in record["moves"] if isinstance(e, dict)] == [16, 9] and "position" in record
    at.button(key="aud_tbl_use").click().run()
    at.number_input(key="aud_playouts").set_value(2)
    at.number_input(key="aud_seed").set_value(3)
    at.button(key="aud_run").click().run()
    assert not at.exception, at.exception
    table = frames(at, "Move", "Played", "Class")[0]
    assert list(table["Move"]) == [1, 2, 3, 4, 5, 6, 7]
    assert at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")
    assert table["Page loss"].iloc[-1] > 0
    page_json = json.loads(at.session_state["aud_result_json"])
    # the saved record through the command line: the same decisions
    path = tmp_path / "table.json"
    path.write_text(at.code[0].value)
    assert main(["audit", str(path), "--playouts", "2", "--seed", "3", "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] == page_json


def test_an_illegal_page_is_an_error_not_a_traceback():
    at = open_app(PAGE)
    at.number_input(key="aud_tbl_players").set_value(2)
    at.number_input(key="aud_tbl_seed").set_value(11)
    at.button(key="aud_tbl_new").click().run()
    for text in OPENING:
        _play(at, "assign", text)
    _play(at, "press", "press", page="city:D:1@0,0,9x9 exclusive=none", card=16)
    assert errors(at) and not at.exception
    assert len(json.loads(at.code[0].value)["moves"]) == 4


def test_an_example_record_loads():
    at = open_app(PAGE)
    at.selectbox(key="aud_example_pick").set_value("two-player-greedy-seed-11")
    at.button(key="aud_load_example").click().run()
    assert not at.exception, at.exception
    assert at.button(key="aud_run")
