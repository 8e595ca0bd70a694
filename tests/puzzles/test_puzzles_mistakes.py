"""Puzzles made from an audited game's mistakes ("find the better move", engine/puzzles/mistakes.py): on a
real audited game every mistake and blunder of the newspaper chosen becomes a puzzle -- the public position
before the decision, the decision's best move the answer, its figures the audit's own -- and nothing else
does; the set goes through JSON unchanged; a bad file is refused in one line naming what is wrong."""
from __future__ import annotations

import json

import pytest

from pennypress.engine.audit import audit
from pennypress.engine.game.names import newspaper
from pennypress.engine.io.record import replay
from pennypress.engine.io.state import public_view
from pennypress.engine.notation.text import to_text
from pennypress.engine.puzzles import (
    BETTER_MOVE, check_answer, load_puzzles, mistake_of, mistake_puzzles, puzzle_set_from_json, puzzles_text,
)
from pennypress.errors import BadInput
from pennypress.ui.io import example_files
from pennypress.ui.render.audit_words import loss_words

GAME = "two-player-table-annotated"
PLAYOUTS = 60  # few, so the test is quick; enough that the audit tells mistakes from the best


@pytest.fixture(scope="module")
def audited():
    doc = example_files.load(example_files.record_examples()[GAME])
    return doc, audit(doc, playouts=PLAYOUTS, seed=0, workers=1)


def _befores(doc) -> dict:
    steps = []
    replay(doc, visit=steps.append)
    return {s.number: s.before for s in steps}


@pytest.mark.parametrize("player", [0, 1, None])
def test_every_mistake_of_the_newspaper_is_a_puzzle_on_the_position_before_it(audited, player):
    doc, result = audited
    made = mistake_puzzles(doc, result, player)
    wanted = [d for d in result.decisions if d.klass in ("mistake", "blunder") and not d.within_noise
              and (player is None or d.player == player)]
    assert wanted, "the game has mistakes to make puzzles of"
    assert len(made) == len(wanted) and all(p.kind == BETTER_MOVE for p in made)
    before = _befores(doc)
    for puzzle, d in zip(made, wanted):
        position = puzzle.position()
        assert puzzle.question == to_text(public_view(before[d.ply]))  # the position before the decision
        assert not position.deck_known  # its public part: never the order of the deck
        assert position.current == d.player
        assert puzzle.answer == (d.best, *d.as_good) and puzzle.answer[0] == d.best
        m = mistake_of(puzzle)
        assert (m.move_number, m.played, m.klass, m.graded_by) == (d.ply, d.played, d.klass, d.graded_by)
        # the audit's figures, copied: the page's words for the loss are the audit page's
        assert (m.loss, m.margin_loss, m.points_loss, m.timing_lead_loss) == \
            (d.loss, d.margin_loss, d.points_loss, d.timing_lead_loss)
        assert loss_words(m) == loss_words(d)
        assert [s.to_json() for s in m.line_best] == [s.to_json() for s in d.line_best]
        assert m.title == f"Move {d.ply}, {newspaper(d.player)}: find the better move"
        assert "You played " in puzzle.prompt and puzzle.prompt.endswith("find the better move.")
        # the best move and every move as good are right; the move played is wrong, and said to be it
        assert all(check_answer(puzzle, move).correct for move in puzzle.answer)
        wrong = check_answer(puzzle, d.played)
        assert not wrong.correct and "is the move you played" in wrong.why[0]


def test_the_moves_as_good_are_legal_other_moves_and_in_the_audits_json(audited):
    doc, result = audited
    before = _befores(doc)
    with_others = [d for d in result.decisions if d.as_good]
    assert with_others
    printed = result.to_json()["decisions"]
    for d, shown in zip(result.decisions, printed):
        assert shown["as_good"] == list(d.as_good)
        legal = {str(m) for m in before[d.ply].legal_moves()}
        assert set(d.as_good) <= legal and d.best not in d.as_good and d.played not in d.as_good
    assert all(d.as_good == () for d in result.decisions if d.klass == "forced")


def test_a_move_neither_played_nor_as_good_is_wrong_and_names_the_better_move(audited):
    doc, result = audited
    puzzle = mistake_puzzles(doc, result).puzzles[0]
    other = next(str(m) for m in puzzle.position().legal_moves()
                 if str(m) not in puzzle.answer and str(m) != puzzle.evidence["played"])
    verdict = check_answer(puzzle, other)
    assert not verdict.correct and verdict.why[0].startswith("Not the better move: ")
    assert "Better: " in verdict.why[0] and verdict.why[1:] == puzzle.why


def test_a_set_of_mistakes_goes_through_json_unchanged(audited):
    doc, result = audited
    made = mistake_puzzles(doc, result, game="A game at the table")
    back = puzzle_set_from_json(json.loads(puzzles_text(made)), "mine.json")
    assert back.to_json() == made.to_json() and back.puzzles == made.puzzles
    assert [mistake_of(p) for p in back] == [mistake_of(p) for p in made]
    assert back.is_mistakes and back.generator["game"] == "A game at the table"
    assert back.counts()[BETTER_MOVE] == len(made)
    # never rated: no difficulty, so a difficulty filter leaves them out, and no filter keeps them
    assert all(p.difficulty is None and p.difficulty_name == "not rated" for p in back)
    assert back.filter(difficulty=2) == [] and back.filter(kind=BETTER_MOVE) == list(back.puzzles)


def _doc(audited) -> dict:
    doc, result = audited
    return json.loads(puzzles_text(mistake_puzzles(doc, result)))


def _one_line_refusal(doc: dict, *said: str) -> str:
    with pytest.raises(BadInput) as caught:
        puzzle_set_from_json(doc, "mine.json")
    message = str(caught.value)
    assert message.startswith("mine.json: ") and "\n" not in message and all(s in message for s in said), message
    return message


def test_a_bad_set_of_mistakes_is_refused_in_one_line(audited):
    good = _doc(audited)
    puzzle_set_from_json(good, "mine.json")  # the set as made loads
    bad = json.loads(json.dumps(good))
    bad["puzzles"][0]["answer"] = list(reversed(bad["puzzles"][0]["answer"])) + ["decline"]
    _one_line_refusal(bad, "puzzles[0]", "answer")
    bad = json.loads(json.dumps(good))
    bad["puzzles"][0]["evidence"]["played"] = bad["puzzles"][0]["answer"][0]
    _one_line_refusal(bad, "evidence.played")
    bad = json.loads(json.dumps(good))
    bad["puzzles"][0]["evidence"]["played"] = "assign 9 war:A:1"
    _one_line_refusal(bad, "evidence.played", "not a legal move")
    bad = json.loads(json.dumps(good))
    bad["puzzles"][0]["difficulty"] = 3  # a puzzle from a game is never rated
    _one_line_refusal(bad, "difficulty")
    bad = json.loads(json.dumps(good))
    bad["puzzles"][0]["evidence"]["class"] = "inaccuracy"
    _one_line_refusal(bad, "class")
    bad = json.loads(json.dumps(good))
    line = next(p["evidence"]["line_best"] for p in bad["puzzles"] if len(p["evidence"]["line_best"]) >= 2)
    line[1] = dict(line[1], move="assign 9 war:A:1")  # more reporters than anyone has
    _one_line_refusal(bad, "evidence.line_best", "not legal")
    bad = json.loads(json.dumps(good))
    line = next(p["evidence"]["line_best"] for p in bad["puzzles"] if "move" in p["evidence"]["line_best"][0])
    line[0]["player"] = 1 - line[0]["player"]  # the move said to be the other newspaper's
    _one_line_refusal(bad, "evidence.line_best[0].player")
    mixed = json.loads(json.dumps(good))
    mixed["puzzles"].append(load_puzzles().filter(kind="best-move")[0].to_json())
    _one_line_refusal(mixed, "cannot be mixed")
