"""A puzzle file whose timing certificate is broken is refused at load, naming the puzzle and what is wrong.

The checks need no search: each one below breaks one thing in a certified puzzle of the committed
timing log (``benchmarks/results/puzzles/timing-seed-1.jsonl``) and expects the loader's one line.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from pennypress.engine.puzzles import puzzle_set_from_json
from pennypress.engine.puzzles.timing import MIN_WIN_GAP
from pennypress.errors import BadInput
from tests.cli_helpers import assert_bad_input, run

LOG = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "puzzles" / "timing-seed-1.jsonl"
HEAD = "mine.json: puzzle timing-001: its certificate is broken: "


def _certified() -> dict:
    """The log's first certified puzzle whose answer is to wait (its next choice: the press)."""
    for line in LOG.read_text().splitlines():
        doc = json.loads(line)
        puzzle = doc.get("puzzle")
        if puzzle is not None and puzzle["answer"] != ["press"]:
            return {**{k: v for k, v in puzzle.items() if k != "key"}, "id": "timing-001"}
    raise AssertionError("no certified waiting puzzle in the log")


PUZZLE = _certified()


def _doc(edit=None) -> dict:
    puzzle = copy.deepcopy(PUZZLE)
    if edit is not None:
        edit(puzzle["evidence"]["certificate"], puzzle)
    return {"format": "pennypress-puzzles", "version": 1, "puzzles": [puzzle]}


def test_the_certified_puzzle_loads_as_it_is():
    p = puzzle_set_from_json(_doc(), "mine.json").get("timing-001")
    cert = p.evidence["certificate"]
    assert cert["rival"] == "press" and cert["answer"] == p.answer[0] and cert["advantage"] >= MIN_WIN_GAP


def _set(**values):
    def edit(cert, _puzzle):
        cert.update(values)
    return edit


def _outcome(i, j, delta):
    def edit(cert, _puzzle):
        cert["outcomes"][i][j] = round(cert["outcomes"][i][j] + delta, 4)
    return edit


def _swap(cert, puzzle):
    cert["answer"], cert["rival"] = cert["rival"], cert["answer"]


def _rival_is_answer(cert, puzzle):
    cert["rival"] = cert["answer"]


def _no_certificate(cert, puzzle):
    del puzzle["evidence"]["certificate"]


def _evidence_best(cert, puzzle):
    puzzle["evidence"]["second"]["move"] = "assign 1 war:D:3"


def _evidence_outcome(cert, puzzle):
    puzzle["evidence"]["best"][0]["outcome"][2] += 1


def _below_bar(cert, puzzle):
    cert["advantage"], cert["interval"] = 0.05, [0.04, 0.06]


def _margin(cert, puzzle):  # a margin's bar cleared, where the chances are far from 0 and 1
    cert.update(measure="margin", advantage=3.5, interval=[3.2, 3.8])


BROKEN = [
    ("advantage outside the interval", lambda c, p: c.update(advantage=c["interval"][1] + 0.01),
     "does not contain the advantage"),
    ("not significant", lambda c, p: c.update(interval=[-0.001, c["interval"][1]]), "is not above 0"),
    ("below the bar", _below_bar, f"below the bar of {MIN_WIN_GAP}"),
    ("alpha", _set(alpha=0.05), "its alpha is 0.05, not 0.001"),
    ("measure", _set(measure="luck"), "its measure is 'luck', not win or margin"),
    ("margin without saturation", _margin, "not both about 0 or 1"),
    ("kind", _set(kind="best-move"), "it certifies a best-move question, the puzzle is press-or-wait"),
    ("outcomes disagree", _outcome(1, 0, -0.01), "do not differ by the advantage"),
    ("too few playouts", lambda c, p: c.update(playouts=c["pick_playouts"]), "fewer than half of"),
    ("seeds not apart", lambda c, p: c.update(confirm_seed=c["seed"]), "seeded apart from the pick"),
    ("answer swapped", _swap, "which is not the puzzle's answer"),
    ("rival is the answer", _rival_is_answer, "is one of the puzzle's answers"),
    ("evidence's moves", _evidence_best, "the evidence"),
    ("evidence's outcomes", _evidence_outcome, "the evidence's outcomes are not the certificate's"),
]


@pytest.mark.parametrize("name, edit, message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_certificate_is_refused_naming_the_puzzle(name, edit, message, tmp_path, capsys):
    doc = _doc(edit)
    with pytest.raises(BadInput) as info:
        puzzle_set_from_json(doc, "mine.json")
    assert str(info.value).startswith(HEAD) and message in str(info.value), str(info.value)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc))
    assert_bad_input(*run(capsys, "puzzle", "list", "--file", path), "puzzle timing-001: its certificate is broken: ")


def test_a_timing_puzzle_without_its_certificate_is_refused():
    with pytest.raises(BadInput, match="^mine.json: puzzle timing-001: its certificate is missing$"):
        puzzle_set_from_json(_doc(_no_certificate), "mine.json")


def test_a_certificate_missing_a_field_is_refused_by_the_schema():
    doc = _doc(lambda c, p: c.pop("confirm_seed"))
    with pytest.raises(BadInput, match=r"^mine.json: puzzles\[0\]\.evidence\.certificate: .*confirm_seed"):
        puzzle_set_from_json(doc, "mine.json")
