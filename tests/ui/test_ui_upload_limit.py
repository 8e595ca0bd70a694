"""A file too large for pennypress meets one readable line naming it and the limit -- on every upload of the
app (shown where that page shows its errors, never a traceback), and in the command line (exit 2); Streamlit
itself refuses anything over ``--server.maxUploadSize``, a little more. What a session may accumulate is
bounded too: the analysis board's line and the tournament's kept records (docs/developer/caches.md)."""
from __future__ import annotations

import json

import pytest
from tests.ui.ui_helpers import errors, no_traceback, open_app

from pennypress.errors import BadInput
from pennypress.json_text import MAX_FILE_BYTES, check_file_size, megabytes
from pennypress.ui.app import session_keys as keys
from pennypress.ui.cli.app_launcher import MAX_UPLOAD_MIB, streamlit_command
from tests.cli_helpers import run_process

TOO_LARGE = MAX_FILE_BYTES + 300_000
SAID = f"is {megabytes(TOO_LARGE)}; the largest file pennypress reads is 5 MB."


def big(valid_start: bytes = b"{") -> bytes:
    """A file just over the limit (Streamlit's own limit lets it through, so pennypress's check meets it)."""
    return valid_start + b" " * (TOO_LARGE - len(valid_start) - 1) + b"}"


def test_the_limit_and_its_words():
    assert megabytes(TOO_LARGE) == "5.3 MB" and megabytes(MAX_FILE_BYTES) == "5 MB"
    check_file_size("game.json", MAX_FILE_BYTES)  # at the limit: read
    with pytest.raises(BadInput) as caught:
        check_file_size("game.json", MAX_FILE_BYTES + 1)
    assert str(caught.value) == "game.json is 5,000,001 bytes; the largest file pennypress reads is 5 MB."
    with pytest.raises(BadInput, match=r"^game\.json is 7\.3 MB; the largest file pennypress reads is 5 MB\.$"):
        check_file_size("game.json", 7_300_000)


def test_streamlit_refuses_more_than_a_little_over_the_limit():
    command = streamlit_command(8501)
    assert command[command.index("--server.maxUploadSize") + 1] == str(MAX_UPLOAD_MIB)
    assert MAX_FILE_BYTES < MAX_UPLOAD_MIB * (1 << 20) <= 3 * MAX_FILE_BYTES  # ours first, then Streamlit's


@pytest.mark.slow
@pytest.mark.parametrize("page, key, shown", [
    ("app_pages/position_viewer.py", "pos_upload", "big.json " + SAID),
    ("app_pages/analysis_board.py", "ab_upload", "big.json " + SAID),
    ("app_pages/puzzles.py", keys.PZ_UPLOAD, "The puzzle file was not loaded: big.json " + SAID),
    ("app_pages/audit_game.py", keys.AUDIT_UPLOAD, "big.json " + SAID),
    ("app_pages/play_game.py", keys.PLAY_LOAD, "big.json " + SAID),
    ("app_pages/strategy.py", "strategy_upload", "big.json " + SAID),
])
def test_every_upload_refuses_a_file_too_large_in_one_line(page, key, shown):
    at = open_app(page)
    at.file_uploader(key=key).upload("big.json", big(), "application/json").run()
    no_traceback(at)
    said = [e for e in errors(at) if "big.json" in e]
    assert said, errors(at)
    assert any(e.endswith(shown) for e in said), said
    assert all("Traceback" not in e and "\n" not in e.strip() for e in said)


def test_the_command_line_refuses_a_file_too_large_in_one_line(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(big())
    done = run_process("position", "validate", path, text=False)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().splitlines() == [f"pennypress: {path} {SAID}"]
    done = run_process("audit", "-", stdin=big(), text=False)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        "pennypress: stdin is more than 5 MB; the largest file pennypress reads is 5 MB."]
    done = run_process("puzzle", "list", "--file", path, text=False)
    assert done.returncode == 2 and done.stderr.decode().splitlines() == [f"pennypress: {path} {SAID}"]


# ------------------------------------------------------------------ what a session accumulates
def test_the_analysis_board_line_stops_at_its_bound(monkeypatch):
    monkeypatch.setattr(keys, "AB_LINE_MOST", 3)
    at = open_app("app_pages/analysis_board.py")
    for played in range(1, 4):
        at.button(key="ab_play_pick").click().run()
        no_traceback(at)
        assert len(at.session_state[keys.AB_LINE]) == min(1 + played, 3)
    said = errors(at)
    assert said == ["The line is 2 moves and cards long, the most the board keeps: go back a move, or load a position."]
    at.button(key="ab_back").click().run()
    at.button(key="ab_play_pick").click().run()  # room again after a step back
    assert len(at.session_state[keys.AB_LINE]) == 3 and not errors(at)


def test_the_tournament_keeps_its_first_records_only(monkeypatch):
    monkeypatch.setattr(keys, "TOURNAMENT_RECORDS_KEPT", 2)
    at = open_app("app_pages/tournament.py")
    at.number_input(key="tour_players").set_value(2).run()
    at.number_input(key="tour_games").set_value(4).run()
    at.button(key="tour_run").click().run()
    no_traceback(at)
    kept = at.session_state[keys.TOURNAMENT_RECORDS]
    assert len(kept) == 2 and [json.loads(json.dumps(r))["title"] for r in kept] == [r["title"] for r in kept]
    assert "game 1" in kept[0]["title"] and "game 2" in kept[1]["title"]
    assert any("The records of the first 2 of these games are kept" in c.value for c in at.caption)
