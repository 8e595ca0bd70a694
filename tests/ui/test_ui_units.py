"""The app's pure parts: drawings, words, tables, example files, the ``ui`` command."""
from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pennypress.solver import BadInput, PressProblem, make_problem, solve
from pennypress.solver import Placement, ProposedPage, check_page
from pennypress.ui.app import page_builder, press_table as state
from pennypress.ui.cli import app_launcher as cli_app
from pennypress.ui.io import example_files
from pennypress.ui.render import explain
from pennypress.ui.render.page_svg import page_svg, result_svg
from tests.cli_helpers import assert_bad_input, run, run_process

ROOT = Path(__file__).resolve().parents[2]
VALUES = {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}


def test_page_drawing_shows_everything_a_player_needs():
    r = solve(make_problem([("city", "A", 1), ("city", "A", 2), ("war", "D", 3)],
                           {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1)))
    svg = result_svg(r, title="t")
    assert svg.count('class="story"') == len(r.placements)
    assert svg.count('class="ad"') == 1 and ">AD<" in svg
    empty = 12 - 1 - sum(p.w * p.h for p in r.placements)
    assert svg.count('class="empty"') == empty
    assert svg.count("★ TOP") == 2
    assert 'class="unpublished"' in svg and "War D ★★★" in svg and "−3" in svg
    for b in ("War", "Crime &amp; Calamity", "Politics", "New York City", "Human Condition", "Advertisement"):
        assert b in svg  # the legend
    assert "<script" not in svg


def test_page_drawing_marks_the_exclusive_and_penalties():
    r = solve(make_problem([("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)], VALUES))
    svg = result_svg(r)
    # Crime B is one cell wide: the badge is shortened to stay inside it
    assert svg.count(">EXCL. ×2<") == 1
    assert re.search(r">−1<", svg)  # the empty bottom cell's penalty


def test_a_proposed_page_may_run_off_the_page_and_overlap():
    p = make_problem([("war", "D"), ("crime", "C")], VALUES)
    placements = [Placement(0, 3, 0, 2, 3), Placement(1, 0, 0, 2, 2), Placement(0, 1, 1, 2, 2)]
    verdict = check_page(p, ProposedPage(tuple(placements)))
    # the checker's cells: story 0's second copy lands on story 1 at (1, 1)
    overlap_cells = {c for v in verdict.violations if v.rule in ("overlap", "duplicate") for c in v.cells}
    assert overlap_cells == {(1, 1)}
    svg = page_svg(p, placements, None, bad_cells=overlap_cells, translucent=True)
    assert ">OFF THE<" in svg and ">PAGE<" in svg and 'class="bad"' in svg  # split: one cell of it is on the page


@pytest.mark.parametrize(
    "stories, ad, words",
    [
        ([("politics", "A"), ("war", "D")], None, "1 top-beat story can touch the top edge and this page places it there; no further"),
        ([("politics", "A"), ("politics", "A"), ("politics", "B"), ("politics", "B"), ("politics", "A")], None,
         "4 top-beat stories can touch the top edge at once"),
        ([("war", "D")], None, "None of the claimed stories is from a top beat"),
        ([("politics", "C"), ("politics", "D")], (1, 0), "placed lower on the page"),
    ],
)
def test_top_rule_in_words(stories, ad, words):
    text = explain.top_rule_text(solve(make_problem(stories, VALUES, ad=ad)))
    assert words in text, text


def test_breakdown_rows_add_up_for_pages_with_unpublished_stories():
    for doc in example_files.press_examples().values():
        p = PressProblem.from_json(example_files.load(doc))
        r = solve(p)
        df = explain.breakdown_frame(p, r.breakdown)
        assert df["Points"].iloc[:-1].sum() == df["Points"].iloc[-1] == r.total


def test_table_round_trip_and_blank_rows():
    doc = {"stories": [{"beat": "politics", "shape": "A", "stars": 2}, {"beat": "war", "shape": "D"}],
           "beat_values": VALUES, "ad": [2, 1]}
    table = state.stories_table(doc["stories"])
    assert state.problem_doc_from_table(table, VALUES, [2, 1]) == doc
    blank = state.stories_table([{"beat": None, "shape": None}])
    with pytest.raises(BadInput, match="is empty: fill it in or delete the row"):
        state.problem_doc_from_table(blank, VALUES, None)
    with pytest.raises(BadInput, match="malformed JSON"):
        state.parse_press_text("{")
    with pytest.raises(BadInput, match="the text is empty"):
        state.parse_press_text("  ")


def test_clicking_the_mat_rebuilds_any_optimal_page():
    """Placing each story by its corner and footprint, as the mat picker does, gives the solver's page."""
    for doc in example_files.press_examples().values():
        p = PressProblem.from_json(example_files.load(doc))
        r = solve(p)
        page = ()
        for q in reversed(r.placements):
            page = page_builder.place(page, q.story, 0, 0, (q.w, q.h))  # somewhere first
        for q in r.placements:
            page = page_builder.place(page, q.story, q.x, q.y, (q.w, q.h))
        assert page == tuple(sorted(r.placements))
        assert page_builder.from_state(page_builder.to_state(page)) == page
        assert check_page(p, ProposedPage(page)).total == r.total
        for q in r.placements:
            page = page_builder.remove(page, q.story)
        assert page == ()


def test_example_files_are_valid_and_up_to_date():
    presses = example_files.press_examples()
    assert {"rulebook-12-points", "when-not-to-press"} <= set(presses)
    assert solve(PressProblem.from_json(example_files.load(presses["rulebook-12-points"]))).total == 12
    for path in presses.values():
        PressProblem.from_json(json.loads(path.read_text()))
    assert set(example_files.position_examples()) == {"rulebook-12-points", "when-not-to-press", "end-game-bonus-tie",
                                                      "adjusting-news-beats"}
    check = subprocess.run([sys.executable, str(ROOT / "examples" / "make_positions.py"), "--check"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_ui_command_line(capsys):
    cmd = cli_app.streamlit_command(8600)
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"]
    assert Path(cmd[4]) == Path(importlib.import_module("pennypress.ui.app").__file__).with_name("streamlit_app.py")
    flags = dict(zip(cmd[5::2], cmd[6::2]))
    assert flags == {"--server.headless": "true", "--server.address": "127.0.0.1", "--server.port": "8600",
                     "--browser.gatherUsageStats": "false", "--client.toolbarMode": "minimal",
                     "--server.maxUploadSize": str(cli_app.MAX_UPLOAD_MIB)}
    assert_bad_input(*run(capsys, "ui", "--port", "0"), "--port", "out of range")
    assert_bad_input(*run(capsys, "ui", "--port", "http"), "--port", "expected a port number")
    out = run_process("ui", "--help")
    assert out.returncode == 0 and "--port" in out.stdout and "8501" in out.stdout
