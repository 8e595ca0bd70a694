"""The analysis board's verdict (:mod:`pennypress.ui.render.verdict`) over real advice and over edge cases.

Over real advice (the example positions, each at a small fixed count and at the quick budget) the verdict
must agree with the advice it reads: the best move in its words, the moves it counts as equal exactly those
the grading cannot tell from the best, and "clearly" only when every other move was separated from the
best by its paired interval. Edge cases are built by hand: one legal move, exact ties, moves never reached,
sure wins, a tie on the chance to win that the points break.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pennypress.engine.advisor import advise
from pennypress.engine.advisor.result import Advice, RankedMove
from pennypress.engine.audit.grading import BY_MARGIN
from pennypress.engine.game.words import move_words
from pennypress.ui.io.example_files import load, position_examples
from pennypress.ui.io.positions import parse_position
from pennypress.ui.render.ranking_html import loss_label, ranking_html, ranking_rows
from pennypress.engine.arena.population import population
from pennypress.ui.render.verdict import SAME, VERDICT_HOLDS, assessments, grades, verdict, verdict_holds_words

EXAMPLES = ["when-not-to-press", "rulebook-12-points", "adjusting-news-beats"]


def _position(name):
    return parse_position(load(position_examples()[name]))


def _real_cases():
    for name in EXAMPLES:
        state = _position(name)
        n = len(state.legal_moves())
        for label, how in (("1 a move", {"playouts": n}), ("4 a move", {"playouts": 4 * n}), ("quick", {})):
            yield pytest.param(name, how, id=f"{name}-{label}")


@pytest.mark.parametrize("name, how", list(_real_cases()))
def test_the_verdict_says_what_the_advice_says(name, how):
    state = _position(name)
    advice = advise(state, "fast", seed=0, **how)
    v = verdict(advice, state.n_players)
    graded = assessments(advice, state.n_players)
    classes = grades(advice, state.n_players)
    assert v.best == move_words(advice.best.move)
    assert classes == [g.klass for g in graded] and None not in graded  # every move searched here
    assert classes[0] == "best" and "best" not in classes[1:]  # only rank 1 (no exact tie outside the final edition)
    # the moves the verdict counts with the best are exactly those the grading cannot tell from it
    equal = [m.move for m, c in zip(advice.moves[1:], classes[1:]) if c in SAME]
    assert list(v.equal) == equal
    assert all(m.equal_to_best for m in advice.moves if m.move in equal)
    if "clearly" in v.clarity:  # never overstated: every other move separated from the best (paired 95%),
        # and the search's own stopping test met
        assert advice.converged and v.kind == "clear"
        assert not equal and all(g.significant and g.interval[0] > 0 for g in graded[1:])
        assert all(m.loss_interval[0] > 0 for m, g in zip(advice.moves[1:], graded[1:]) if g.by != BY_MARGIN)
        assert classes[1] != "excellent"
        second = advice.moves[1]
        assert f"the next best, {move_words(second.move)}, has {round(100 * second.loss)}% less chance" in v.sentence
    if v.kind == "probable":
        assert not advice.converged and not equal and "A longer look would make sure." in v.sentence
    if v.kind == "apart":
        assert len(equal) == len(advice.moves) - 1
        assert f"could not tell the {len(advice.moves)} moves apart" in v.sentence
    if v.kind == "equal":
        k = len(equal) + 1
        assert (k == 2 and move_words(equal[0]) in v.clarity) or f"one of {k} about equally good moves" == v.clarity
    if v.kind == "slight":
        assert not equal and classes[1] == "excellent" and move_words(advice.moves[1].move) in v.clarity
    # the ranking shows the same classes and each loss as a whole percentage with a true minus
    rows = ranking_rows(ranking_html(advice.moves, classes))
    assert [r["class"] for r in rows] == classes
    assert [r["loss"] for r in rows] == [loss_label(m) for m in advice.moves]
    assert [r["loss"] for r in ranking_rows(ranking_html(advice.moves, graded))] == [
        loss_label(m, g) for m, g in zip(advice.moves, graded)]
    assert rows[0]["loss"] == "0%" and all(re.fullmatch(r"−\d+%|0%", r["loss"]) for r in rows)


def test_one_playout_a_move_cannot_tell_the_moves_apart():
    """With one future a move, nothing is separated: the verdict says so rather than naming a winner."""
    state = _position("when-not-to-press")
    advice = advise(state, "fast", seed=0, playouts=len(state.legal_moves()))
    v = verdict(advice, state.n_players)
    assert v.kind == "apart" and "clearly" not in v.sentence and "Think longer" in v.sentence


def rm(move, rank, win, loss, equal, points=0.0, exact=False, searched=True):
    if not searched:
        return RankedMove(move, rank, None, None, None, None, None, 0.0, False)
    return RankedMove(move, rank, win, (win, win), 30.0, 1.0, loss, points, equal, playouts=100, exact=exact,
                      loss_interval=(loss, loss))


BEST = rm("press", 1, 0.6, 0.0, True)
MOVES = ["decline", "assign 1 war:A:1", "assign 2 war:A:1", "recall 1 war:D:1", "assign 1 crime:B:1"]


def _advice(*moves, exact=False, stopped=False):
    return Advice(0, "fast", 0, exact, tuple(moves), 100, stopped=stopped, converged=exact or not stopped)


def test_the_only_legal_move():
    v = verdict(_advice(BEST), 3)
    assert (v.kind, v.clarity) == ("only", "the only legal move") and v.sentence == "Go to press is the only legal move."


def test_many_equal_moves_are_counted_and_named_a_few_at_a_time():
    equal = [rm(m, r, 0.59, 0.01, True) for r, m in enumerate(MOVES, 2)]
    worse = rm("assign 3 war:A:1", 7, 0.3, 0.3, False)
    v = verdict(_advice(BEST, *equal, worse), 3)
    assert v.clarity == "one of 6 about equally good moves"
    assert v.sentence.endswith("the others are Decline the last press, Send 1 reporter to War A ★, "
                               "Send 2 reporters to War A ★ and 2 more.")


def test_an_exact_tie_is_equally_good_not_about():
    tie = rm("decline", 2, 1.0, 0.0, True, exact=True)
    v = verdict(_advice(rm("press", 1, 1.0, 0.0, True, exact=True), tie, exact=True), 3)
    assert v.clarity == "as good as Decline the last press"
    assert "equally good, with best play by everyone" in v.sentence


def test_an_exact_answer_separated_by_the_lead_says_the_lead():
    """Both moves win under best play; one keeps 2 points less lead: graded by the lead, and said so."""
    best = RankedMove("press", 1, 1.0, (1.0, 1.0), 40.0, 5.0, 0.0, 0.0, True, exact=True,
                      loss_interval=(0.0, 0.0), margin_loss_interval=(0.0, 0.0))
    less = RankedMove("decline", 2, 1.0, (1.0, 1.0), 38.0, 3.0, 0.0, 2.0, False, exact=True,
                      loss_interval=(0.0, 0.0), margin_loss_interval=(2.0, 2.0))
    a = _advice(best, less, exact=True)
    v = verdict(a, 3)
    g = assessments(a, 3)[1]
    assert g.by == BY_MARGIN and g.loss == 2.0 and g.klass == "inaccuracy"  # 2 points: the grading's band
    assert v.kind == "clear" and v.because == "The next best, Decline the last press, has 2.0 points less lead on average."
    row = ranking_rows(ranking_html(a.moves, assessments(a, 3)))[1]
    assert row["loss"] == "−2.0 pts" and row["class"] == "inaccuracy"


def test_moves_never_reached_are_not_graded_and_the_verdict_says_so():
    v = verdict(_advice(BEST, rm("decline", 2, 0.3, 0.3, False), rm("assign 1 war:A:1", 3, 0, 0, False, searched=False),
                        stopped=True), 3)
    assert grades(_advice(BEST, rm("assign 1 war:A:1", 2, 0, 0, False, searched=False)), 3) == ["best", None]
    assert v.kind == "probable"  # stopped before the search's own test could be met
    assert v.sentence.endswith("The analysis was stopped before it looked at 1 of the 3 moves.")


def test_sure_wins_are_said_to_differ_only_in_points():
    sure = rm("press", 1, 0.995, 0.0, True)
    v = verdict(_advice(sure, rm("decline", 2, 0.994, 0.001, True)), 2)
    assert v.kind == "equal" and "Every move wins almost surely here" in v.sentence


@pytest.mark.parametrize("loss, shown", [(0.004, "under 1% less chance to win"), (0.3, "30% less chance to win")])
def test_a_small_loss_is_never_said_as_zero(loss, shown):
    # 0.004 scaled to two players is 'excellent' (only slightly ahead); 0.3 is a blunder (clearly the best)
    v = verdict(_advice(BEST, rm("decline", 2, 0.6 - loss, loss, False)), 3)
    assert shown in v.sentence and " 0% less" not in v.sentence


def test_what_a_clear_verdict_was_worth_is_the_records_own_figure():
    """The Details' "how far a verdict goes" is record 24's count, never a figure typed apart from it."""
    path = Path(__file__).resolve().parents[2] / "benchmarks/results/strength/24-verdict-holds-population.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["command"].count("--models") == 0 and all(m in record["note"] for m in population().opponents)
    clear = [p for p in record["positions"] if p["clarity"] == "clearly ahead in this analysis"]
    assert VERDICT_HOLDS == (len(clear), sum(p["held"] for p in clear), sum(p["better"] for p in clear))
    assert f"in {VERDICT_HOLDS[1]} of {VERDICT_HOLDS[0]} positions of 3-player games" in verdict_holds_words()
    assert "3-player" in record["note"]
