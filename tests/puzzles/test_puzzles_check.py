"""Checking answers: every verdict is decided by the solver or the exact search, never by a stored flag."""
from __future__ import annotations

import pytest

from pennypress.engine import parse_move
from pennypress.engine.puzzles import check_answer, load_puzzles
from pennypress.engine.puzzles.pages import layout_json
from pennypress.engine.puzzles.positions import exact_value
from pennypress.errors import BadInput
from pennypress.solver import ProposedPage, best_layouts, check_page

SHIPPED = load_puzzles()


def _page(with_ties: bool):
    for p in SHIPPED.filter(kind="page"):
        if (p.evidence["optimal_pages"] > 1) == with_ties and p.second_best is not None:
            return p
    raise AssertionError("no such page puzzle in the set")


def test_any_page_scoring_the_optimum_is_correct():
    puzzle = _page(with_ties=True)
    problem = puzzle.problem()
    pages = [r for r in best_layouts(problem, puzzle.evidence["optimal_pages"]) if r.total == puzzle.answer]
    assert len(pages) > 1
    for r in pages:
        verdict = check_answer(puzzle, layout_json(r.placements, r.exclusive))
        assert verdict.correct and verdict.total == puzzle.answer and verdict.loss == 0
        assert check_answer(puzzle, ProposedPage(r.placements, r.exclusive)) == verdict  # as the app's builder gives it


def test_a_legal_page_below_the_optimum_is_wrong_by_its_loss():
    puzzle = _page(with_ties=False)
    second = puzzle.second_best["choice"]
    verdict = check_answer(puzzle, second)
    expected = check_page(puzzle.problem(), ProposedPage.from_json(second, puzzle.problem()))
    assert expected.legal
    assert not verdict.correct and verdict.total == expected.total < puzzle.answer
    assert verdict.loss == puzzle.answer - expected.total == puzzle.second_best["loses"]
    assert verdict.rules == ()


def test_an_illegal_page_names_every_broken_rule():
    puzzle = next(p for p in SHIPPED.filter(kind="page") if len(p.problem().stories) >= 2)
    problem = puzzle.problem()
    everything_at_the_corner = {"placements": [{"story": i, "x": 3, "y": 2, "w": 1, "h": 2}
                                               for i in range(len(problem.stories))]}
    verdict = check_answer(puzzle, everything_at_the_corner)
    expected = check_page(problem, ProposedPage.from_json(everything_at_the_corner, problem))
    assert not verdict.correct and verdict.total is None
    assert [r["rule"] for r in verdict.rules] == [v.rule for v in expected.violations]
    assert {"bounds", "overlap"} <= {r["rule"] for r in verdict.rules}
    assert all(any(r["message"] in line for line in verdict.why) for r in verdict.rules)


def test_the_layout_may_come_with_its_press_problem_but_not_another_one():
    puzzle = _page(with_ties=False)
    doc = dict(puzzle.question, layout=puzzle.evidence["optimal_page"])
    assert check_answer(puzzle, doc).correct
    other = dict(doc, ad=None if puzzle.question["ad"] is not None else [0, 2])
    with pytest.raises(BadInput, match="not puzzle"):
        check_answer(puzzle, other)


@pytest.mark.parametrize("answer, message", [
    ('{"placements": [', "malformed JSON"),
    ('[1, 2]', "expected a layout"),
    ('{"placements": [{"story": 9, "x": 0, "y": 0, "w": 1, "h": 2}]}', "no story 9"),
    ('{"placements": [{"story": 0, "x": 0}]}', "missing y, w, h"),
])
def test_a_malformed_layout_is_refused_with_the_problem_named(answer, message):
    with pytest.raises(BadInput, match=message):
        check_answer(SHIPPED.filter(kind="page")[0], answer)


def _exact(kind, side=None):
    for p in SHIPPED.filter(kind=kind):
        if p.certainty == "exact" and (side is None or p.evidence.get("side") == side):
            return p
    raise AssertionError(f"no exact {kind} {side or ''} puzzle in the set")


def test_best_move_is_judged_on_its_exact_outcome():
    puzzle = _exact("best-move")
    state = puzzle.position()
    best = max(exact_value(state, m)[0] for m in state.legal_moves())
    for move in state.legal_moves():
        verdict = check_answer(puzzle, str(move))
        assert verdict.correct == (exact_value(state, move)[0] == best), str(move)
        assert check_answer(puzzle, move) == verdict
        assert tuple(verdict.outcome) == exact_value(state, move)
    assert verdict.second_best == puzzle.second_best


def test_press_or_wait_words_and_moves():
    press = _exact("press-or-wait", "press")
    assert check_answer(press, "press").correct and check_answer(press, "PRESS").correct
    assert not check_answer(press, "wait").correct
    waiting = next(m for m in press.position().legal_moves() if str(m) != "press")
    assert not check_answer(press, str(waiting)).correct

    wait = _exact("press-or-wait", "wait")
    assert check_answer(wait, "wait").correct and not check_answer(wait, "press").correct
    state = wait.position()
    pressing = exact_value(state, parse_move("press"))[0]
    for move in state.legal_moves():
        if str(move) != "press":  # a waiting move is right only if it does better than pressing
            assert check_answer(wait, str(move)).correct == (exact_value(state, move)[0] > pressing)


def test_a_move_that_is_not_legal_or_not_a_move_is_refused():
    puzzle = _exact("best-move")
    with pytest.raises(BadInput, match="not a legal move here"):
        check_answer(puzzle, "assign 5 war:D:3")
    with pytest.raises(BadInput, match="unknown action"):
        check_answer(puzzle, "jump")
    with pytest.raises(BadInput, match="unknown action"):  # the word 'wait' is for press-or-wait puzzles
        check_answer(puzzle, "wait")
