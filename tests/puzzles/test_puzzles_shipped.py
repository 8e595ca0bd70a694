"""The shipped puzzle set: it validates, it is big and spread enough, and every answer is right.

Every answer is computed again here, not read back: page puzzles by CP-SAT
(:func:`~pennypress.solver.solve`: the optimal total, the top-beat rule's
counts, the pages tying for the best and the next lower score), exact position
puzzles by the exact final-edition search (every legal move and every other
page's press valued again, the answer and the second-best choice derived
again), and each puzzle's difficulty by the same yardsticks.
"""
from __future__ import annotations

import json
from importlib import resources

import pytest

from pennypress.engine.puzzles import KINDS, check_answer, load_puzzles
from pennypress.engine.puzzles.difficulty import bot_verdicts, difficulty_of
from pennypress.engine.puzzles.pages import page_facts, try_strategies
from pennypress.engine.puzzles.positions import analyse, best_move, is_right, press_or_wait
from pennypress.engine.puzzles.store import SET_FILE, puzzle_schema
from pennypress.engine.io.validate import strict_validator
from pennypress.solver import ProposedPage, check_page, solve

SHIPPED = load_puzzles()
PAGES = SHIPPED.filter(kind="page")
EXACT = [p for p in SHIPPED.filter(kind=["press-or-wait", "best-move"]) if p.certainty == "exact"]


def test_the_shipped_file_validates_against_its_schema():
    doc = json.loads(resources.files("pennypress.engine.puzzles").joinpath(SET_FILE).read_text(encoding="utf-8"))
    assert list(strict_validator(puzzle_schema()).iter_errors(doc)) == []
    assert doc["counts"] == SHIPPED.counts()


def test_at_least_300_puzzles_spread_over_the_kinds_and_difficulties():
    counts = SHIPPED.counts()
    assert sum(counts.values()) == len(SHIPPED) >= 300
    assert all(counts[k] >= 40 for k in KINDS), counts
    by_level = SHIPPED.counts_by_difficulty()
    for kind in KINDS:
        assert sum(1 for n in by_level[kind].values() if n) >= 3, (kind, by_level[kind])
    assert len({p.id for p in SHIPPED}) == len(SHIPPED)


@pytest.mark.parametrize("puzzle", PAGES, ids=lambda p: p.id)
def test_page_answer_is_the_solvers_optimum(puzzle):
    problem = puzzle.problem()
    optimum = solve(problem)
    assert optimum.proven_optimal
    ev = puzzle.evidence
    assert puzzle.answer == optimum.total == ev["optimal_total"]
    assert (ev["top_edge_required"], ev["top_rest_required"]) == (optimum.top_edge_required, optimum.top_rest_required)
    recorded = ProposedPage.from_json(ev["optimal_page"], problem)
    verdict = check_page(problem, recorded)
    assert verdict.legal and verdict.total == optimum.total
    assert check_answer(puzzle, ev["optimal_page"]).correct
    facts = page_facts(problem)
    assert (facts.ties, facts.ties_capped) == (ev["optimal_pages"], ev["optimal_pages_capped"])
    assert ev["next_best_total"] == (None if facts.next_best is None else facts.next_best.total)
    if facts.next_best is not None:
        assert ev["next_best_total"] < optimum.total
        assert puzzle.second_best["total"] == facts.next_best.total
    assert [s.to_json() for s in try_strategies(problem)] == ev["strategies"]
    assert puzzle.difficulty == facts.difficulty
    assert list(puzzle.tags) == list(facts.tags)


@pytest.mark.parametrize("puzzle", EXACT, ids=lambda p: p.id)
def test_exact_answer_is_the_exact_searchs(puzzle):
    position = puzzle.position()
    analysis = analyse(position)
    answer = best_move(analysis) if puzzle.kind == "best-move" else press_or_wait(analysis)
    assert answer is not None, "the position no longer makes this kind of puzzle"
    ev = puzzle.evidence
    assert answer.moves == puzzle.answer or (answer.side == "press" and puzzle.answer == ("press",))
    assert [m.to_json() for m in answer.best] == ev["best"]
    assert answer.second.to_json() == ev["second"]
    assert answer.second.share != answer.best[0].share  # a different result of the game, not a point or two
    assert len(analysis.pages) == ev["other_pages"]
    if puzzle.kind == "press-or-wait":
        assert ev["side"] == answer.side
    values = {str(m.move): m.value for m in analysis.moves + analysis.pages}
    verdicts = bot_verdicts(position, lambda m: is_right(puzzle.kind, ev, m, lambda mv: values[str(mv)]),
                            ev["bot_seed"])
    assert verdicts == ev["bots"]
    assert puzzle.difficulty == difficulty_of(verdicts)
    assert check_answer(puzzle, puzzle.answer[0]).correct
    assert not check_answer(puzzle, ev["second"]["move"]).correct
