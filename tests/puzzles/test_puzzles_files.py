"""Puzzle files: a saved set loads back equal, and a bad file gets one clear message naming the field."""
from __future__ import annotations

import copy
import json

import pytest

from pennypress.engine.puzzles import load_puzzles, puzzle_set_from_json, save_puzzles
from pennypress.engine.puzzles.store import PuzzleSet
from pennypress.errors import BadInput
from tests.cli_helpers import assert_bad_input, run

SHIPPED = load_puzzles()


def _small_doc() -> dict:
    """A document of a few shipped puzzles of every kind."""
    keep = [p for kind in ("page", "press-or-wait", "best-move") for p in SHIPPED.filter(kind=kind)[:2]]
    return PuzzleSet(tuple(keep), SHIPPED.generator).to_json()


def test_a_saved_set_loads_back_equal(tmp_path):
    path = tmp_path / "set.json"
    small = puzzle_set_from_json(_small_doc())
    save_puzzles(small, path)
    back = load_puzzles(path)
    assert back.puzzles == small.puzzles and back.generator == small.generator
    assert [p.evidence for p in back] == [p.evidence for p in small]


def _broken(edit):
    doc = copy.deepcopy(_small_doc())
    edit(doc)
    return doc


def _set(doc, path, value):
    *parents, last = path
    for key in parents:
        doc = doc[key]
    doc[last] = value


BAD = [
    ("not a set", lambda d: d.clear(), "missing format, version, puzzles"),
    ("format", lambda d: _set(d, ["format"], "pennypress-state"), "format: expected \"pennypress-puzzles\""),
    ("version", lambda d: _set(d, ["version"], 2), "version: this program reads version 1, got 2"),
    ("kind", lambda d: _set(d, ["puzzles", 0, "kind"], "pages"), "puzzles[0].kind: expected one of page, press-or-wait, best-move"),
    ("difficulty", lambda d: _set(d, ["puzzles", 1, "difficulty"], 9), "puzzles[1].difficulty: expected a whole number from 1 to 5"),
    ("page answer type", lambda d: _set(d, ["puzzles", 0, "answer"], ["press"]), "puzzles[0].answer: expected a whole number"),
    ("unknown field", lambda d: _set(d, ["puzzles", 0, "hint"], "x"), "puzzles[0]: unknown field(s) hint"),
    ("beat", lambda d: _set(d, ["puzzles", 0, "question", "stories", 0, "beat"], "sports"), "unknown beat 'sports'"),
    ("page answer", lambda d: _set(d, ["puzzles", 0, "answer"], 99), "99 is not the recorded optimal total"),
    ("position", lambda d: _set(d, ["puzzles", 2, "question"], "game 3p | nonsense"), "puzzles[2] (press-001).question: notation"),
    ("answer move", lambda d: _set(d, ["puzzles", 4, "answer"], ["assign 9 war:D:3"]), "puzzles[4] (move-001).answer[0]"),
    ("duplicate id", lambda d: _set(d, ["puzzles", 1, "id"], d["puzzles"][0]["id"]), "is used twice"),
]


@pytest.mark.parametrize("name, edit, message", BAD, ids=[b[0] for b in BAD])
def test_a_bad_file_is_refused_with_one_clear_message(name, edit, message, tmp_path, capsys):
    doc = _broken(edit)
    with pytest.raises(BadInput) as info:
        puzzle_set_from_json(doc, "mine.json")
    assert str(info.value).startswith("mine.json: ") and message in str(info.value), str(info.value)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc))
    assert_bad_input(*run(capsys, "puzzle", "list", "--file", path), message)


def test_a_file_that_is_not_json_or_not_there(tmp_path, capsys):
    path = tmp_path / "mine.json"
    path.write_text("{ not json")
    for argv, message in ((["puzzle", "list", "--file", str(path)], "malformed JSON at line 1"),
                          (["puzzle", "show", "page-001", "--file", str(tmp_path / "none.json")], "cannot read")):
        assert_bad_input(*run(capsys, *argv), message)


def test_the_set_and_its_schema_are_data_of_the_package_that_loads_them():
    import tomllib
    from pathlib import Path

    from pennypress.engine.puzzles import store

    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    patterns = data[store.__package__]
    for name in (store.SET_FILE, store.SCHEMA_FILE):
        assert any(Path(name).match(p) for p in patterns), name
        assert (root / "engine" / "puzzles" / name).is_file()
