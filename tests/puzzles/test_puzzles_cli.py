"""``pennypress puzzle``: the contract's shapes (list, check), show in words, stdin, and one-line refusals."""
from __future__ import annotations

import json

import pytest

from pennypress.engine import State
from pennypress.engine.puzzles import KINDS, check_answer, load_puzzles
from pennypress.solver import PressProblem
from tests.cli_helpers import assert_bad_input, run

SHIPPED = load_puzzles()


@pytest.mark.slow
def test_list_prints_every_puzzle_in_the_contract_shape(capsys):
    code, out, err = run(capsys, "puzzle", "list")
    assert code == 0, err
    items = json.loads(out)
    assert [i["id"] for i in items] == [p.id for p in SHIPPED]
    for item in items:
        assert set(item) == {"id", "kind", "difficulty", "question", "answer"}
        if item["kind"] == "page":
            assert PressProblem.from_json(item["question"]).to_json() == item["question"]
            assert isinstance(item["answer"], int)
        else:
            State.from_json(item["question"])  # a position in the documented format
            assert isinstance(item["answer"], list) and all(isinstance(m, str) for m in item["answer"])


@pytest.mark.parametrize("kind", KINDS)
def test_list_filters_by_kind_and_difficulty(capsys, kind):
    code, out, _ = run(capsys, "puzzle", "list", "--kind", kind, "--difficulty", "1,5")
    assert code == 0
    assert [i["id"] for i in json.loads(out)] == [p.id for p in SHIPPED.filter(kind, [1, 5])]


@pytest.mark.slow
def test_list_filters_by_table_and_reaches_the_timing_puzzles(capsys):
    code, out, _ = run(capsys, "puzzle", "list", "--kind", "press-or-wait", "--table", "2,4")
    ids = [i["id"] for i in json.loads(out)]
    assert code == 0 and ids == [p.id for p in SHIPPED.filter("press-or-wait", table=[2, 4])]
    assert any(i.startswith("timing-") for i in ids) and all(SHIPPED.get(i).table in (2, 4) for i in ids)
    assert_bad_input(*run(capsys, "puzzle", "list", "--table", "6"), "table: expected one of 2, 3, 4, 5, got 6")


def test_check_prints_the_verdict_in_the_contract_shape(capsys):
    page = SHIPPED.filter(kind="page")[0]
    code, out, err = run(capsys, "puzzle", "check", page.id, json.dumps(page.evidence["optimal_page"]))
    assert code == 0, err
    doc = json.loads(out)
    assert doc["correct"] is True and doc["answer"] == page.answer and doc["why"] == list(
        check_answer(page, page.evidence["optimal_page"]).why)
    move = SHIPPED.filter(kind="best-move")[0]
    code, out, err = run(capsys, "puzzle", "check", move.id, move.evidence["second"]["move"])
    doc = json.loads(out)
    assert code == 0 and doc["correct"] is False and doc["answer"] == list(move.answer)
    assert doc["why"][0].startswith("Not the best")


def test_check_reads_the_answer_from_stdin_or_a_file(capsys, monkeypatch, tmp_path):
    page = SHIPPED.filter(kind="page")[0]
    answer = json.dumps({"layout": page.evidence["optimal_page"]})
    code, out, err = run(capsys, "puzzle", "check", page.id, "-", stdin=answer, monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["correct"] is True, err
    path = tmp_path / "page.json"
    path.write_text(json.dumps(page.evidence["optimal_page"]))
    code, out, err = run(capsys, "puzzle", "check", page.id, str(path))
    assert code == 0 and json.loads(out)["correct"] is True, err
    press = next(p for p in SHIPPED.filter(kind="press-or-wait"))
    code, out, err = run(capsys, "puzzle", "check", press.id, "-", stdin=press.answer[0] + "\n",
                         monkeypatch=monkeypatch)
    assert code == 0 and json.loads(out)["correct"] is True, err


@pytest.mark.parametrize("argv, message", [
    (["puzzle", "check", "page-999", "press"], "unknown puzzle 'page-999'"),
    (["puzzle", "show", "nope"], "unknown puzzle 'nope'"),
    (["puzzle", "check", "page-001", "{\"placements\": 3}"], "answer.placements: expected a list"),
    (["puzzle", "check", "page-001", "not json"], "answer: malformed JSON"),
    (["puzzle", "check", "move-001", "assign 7 war:A:1"], "is not a legal move here"),
    (["puzzle", "check", "move-001", "fly away"], "unknown action"),
    (["puzzle", "list", "--kind", "riddle"], "invalid choice: 'riddle'"),
    (["puzzle", "list", "--difficulty", "7"], "difficulty: expected one of 1, 2, 3, 4, 5, got 7"),
    (["puzzle"], "puzzle: name a subcommand"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert_bad_input(*run(capsys, *argv), message)


def test_show_gives_the_whole_puzzle_or_the_question_in_words(capsys):
    for puzzle in (SHIPPED.filter(kind=k)[0] for k in KINDS):
        code, out, err = run(capsys, "puzzle", "show", puzzle.id)
        doc = json.loads(out)
        assert code == 0 and doc["id"] == puzzle.id and doc["why"] == list(puzzle.why)
        assert doc["prompt"] == puzzle.prompt
        code, out, err = run(capsys, "puzzle", "show", puzzle.id, "--text")
        assert code == 0 and puzzle.prompt in out and "Answer:" not in out
        code, out, err = run(capsys, "puzzle", "show", puzzle.id, "--text", "--solution")
        assert code == 0 and "Answer:" in out and puzzle.why[0] in out


def test_check_text_draws_the_page_and_says_why(capsys):
    page = SHIPPED.filter(kind="page")[0]
    code, out, err = run(capsys, "puzzle", "check", page.id, json.dumps(page.evidence["optimal_page"]), "--text")
    assert code == 0 and "Correct: your page is legal" in out and "+-----" in out


def test_generate_writes_a_set_that_loads_and_says_how_it_was_made(capsys, tmp_path):
    out = tmp_path / "mine.json"
    code, stdout, err = run(capsys, "puzzle", "generate", "--out", str(out), "--seed", "4", "--games", "2",
                            "--pages", "6", "--press-or-wait", "2", "--best-move", "1")
    assert code == 0, err
    summary = json.loads(stdout)
    made = load_puzzles(out)
    assert summary["counts"] == made.counts() == {"page": 6, "press-or-wait": 2, "best-move": 1}
    assert made.generator["settings"]["seed"] == 4 and "--games 2" in made.generator["command"]
    code, stdout, err = run(capsys, "puzzle", "list", "--file", str(out))
    assert code == 0 and [i["id"] for i in json.loads(stdout)] == [p.id for p in made]
    assert_bad_input(*run(capsys, "puzzle", "generate", "--out", str(out), "--games", "0"),
                     "games: mine at least 1 game")
