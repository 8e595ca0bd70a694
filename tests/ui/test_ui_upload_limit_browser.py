"""A file too large, chosen in a real browser (headless Chromium): one readable line naming it and the limit,
where the page shows its errors; over Streamlit's own limit, Streamlit's line in the uploader. Never a
traceback. (Every uploader and the command line: ``test_ui_upload_limit.py``.)"""
from __future__ import annotations

import pytest

from pennypress.json_text import MAX_FILE_BYTES
from pennypress.ui.cli.app_launcher import MAX_UPLOAD_MIB

pytestmark = pytest.mark.browser


def _choose(person, key: str, path) -> None:
    from selenium.webdriver.common.by import By

    person.d.find_element(By.CSS_SELECTOR, f".st-key-{key} input[type=file]").send_keys(str(path))


def test_a_saved_game_too_large_gets_one_line(person, tmp_path):
    big = tmp_path / "game.json"
    big.write_bytes(b"{" + b" " * (MAX_FILE_BYTES + 300_000 - 2) + b"}")
    person.open("play_game")
    person.expand("Load a saved game")
    _choose(person, "play_load", big)
    person.wait_for("game.json is 5.3 MB; the largest file pennypress reads is 5 MB.")
    assert not person.problems()
    assert "Start the game" in person.text()  # nothing loaded: the page as before


def test_a_puzzle_file_too_large_gets_one_line(person, tmp_path):
    big = tmp_path / "puzzles.json"
    big.write_bytes(b"{" + b" " * (MAX_FILE_BYTES + 1_200_000 - 2) + b"}")
    person.open("puzzles")
    person.wait_for("Puzzle 1 of")
    person.expand("Use another puzzle file")
    _choose(person, "pz_upload", big)
    person.wait_for("The puzzle file was not loaded: puzzles.json is 6.2 MB; the largest file pennypress reads is 5 MB.")
    assert not person.problems()


def test_a_file_over_streamlits_limit_is_refused_in_the_browser(person, tmp_path):
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_UPLOAD_MIB * (1 << 20) + 1))
    person.open("play_game")
    person.expand("Load a saved game")
    _choose(person, "play_load", huge)
    person.wait_for(f"File must be {MAX_UPLOAD_MIB}.0MB or smaller.", timeout=60)
    assert not person.problems()
