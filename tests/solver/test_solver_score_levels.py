"""``score_levels``: pages tying for the best and the next distinct totals, against the enumerator.

The enumerator (``enumerator.py``) lists every distinct legal page and its
score independently of the solver; the solver's answer must agree on how many
pages tie for the best and on the next lower totals, and every page it returns
must be legal and score what it says.
"""
from __future__ import annotations

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, describe, press_doc, rects_of
from pennypress.solver import PressProblem
from pennypress.solver.score_levels import score_levels

K = 4


def expected(doc):
    scores = E.distinct_page_scores(E.Press.from_doc(doc))
    levels = sorted(set(scores), reverse=True)
    return scores.count(scores[0]), levels[1 : 1 + K]


@pytest.mark.parametrize("doc", E.random_presses(seed=29, count=150), ids=describe)
def test_ties_and_next_totals_match_the_enumerator(doc):
    problem = PressProblem.from_json(doc)
    got = score_levels(problem, K, tie_cap=10_000)
    ties, lower = expected(doc)
    assert got.ties == ties and not got.ties_capped
    assert [r.total for r in got.next_best] == lower
    press = E.Press.from_doc(doc)
    for r in (got.best, *got.next_best):
        rects = rects_of(r, len(problem.stories))
        assert E.page_problems(press, rects, r.exclusive) == []
        assert E.score_assignment(press, rects, r.exclusive) == r.total


def test_the_rulebook_press():
    doc = press_doc([("politics", "A"), ("crime", "B"), ("war", "D")], VALUES_12)
    got = score_levels(PressProblem.from_json(doc), 2)
    assert (got.best.total, got.ties, [r.total for r in got.next_best]) == (12, *expected(doc)[:1], [11, 3])


def test_the_tie_count_stops_at_the_cap():
    # three stories that fit many ways at the same score (52 distinct pages tie)
    doc = press_doc([("human", "B"), ("human", "A"), ("crime", "A")],
                    {"war": 5, "crime": 2, "politics": 0, "city": 3, "human": 2})
    full = expected(doc)
    assert full[0] > 5
    capped = score_levels(PressProblem.from_json(doc), 2, tie_cap=5)
    assert capped.ties == 5 and capped.ties_capped
    assert [r.total for r in capped.next_best] == full[1][:2]
