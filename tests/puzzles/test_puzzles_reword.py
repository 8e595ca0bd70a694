"""Saying the set again: the shipped texts are today's wording, moves in the engine's one wording, and
rewording never changes an answer."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import check_answer, load_puzzles
from pennypress.engine.puzzles.reword import reword
from pennypress.engine.puzzles.store import PuzzleSet
from pennypress.errors import BadInput

SHIPPED = load_puzzles()


@pytest.mark.slow
def test_the_shipped_texts_are_what_todays_wording_says():
    sample = PuzzleSet(tuple(SHIPPED.puzzles[::8]), SHIPPED.generator)  # every kind, every difficulty
    assert {p.kind for p in sample} == {"page", "press-or-wait", "best-move"}
    again = reword(sample)
    assert [(p.why, p.second_best) for p in again] == [(p.why, p.second_best) for p in sample]


def test_moves_are_said_in_the_engines_one_wording():
    for puzzle in SHIPPED.filter(kind=["press-or-wait", "best-move"]):
        second = puzzle.second_best
        assert second["in_words"] == move_words(second["choice"]), puzzle.id
    puzzle = next(p for p in SHIPPED.filter(kind="best-move") if p.certainty == "exact")
    wrong = check_answer(puzzle, puzzle.evidence["second"]["move"])
    assert wrong.why[0].startswith(f"Not the best: {move_words(puzzle.evidence['second']['move'])};")
    assert all(move_words(m) in wrong.why[0] for m in puzzle.answer[:3])


@pytest.mark.parametrize("kind", ["page", "best-move"])
def test_rewording_refuses_a_puzzle_whose_answer_is_not_the_certain_one(kind):
    puzzle = SHIPPED.filter(kind=kind)[0]
    forged = replace(puzzle, answer=puzzle.answer + 1 if kind == "page" else ("decline",))
    with pytest.raises(BadInput, match=f"puzzle {puzzle.id}: .* not the stored one"):
        reword(PuzzleSet((forged,), SHIPPED.generator))
