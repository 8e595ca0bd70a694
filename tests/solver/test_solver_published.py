"""The best legal page printing exactly a chosen set of stories, against the independent enumerator."""
from __future__ import annotations

import pytest

from tests.solver import enumerator
from pennypress.solver import PressProblem, ProposedPage, check_page, solve
from pennypress.solver.published import best_page_publishing


@pytest.mark.parametrize("doc", enumerator.random_presses(17, 40), ids=lambda d: str(len(d["stories"])))
def test_best_page_publishing_matches_the_enumerator(doc):
    problem = PressProblem.from_json(doc)
    expected = enumerator.best_by_published_set(enumerator.Press.from_doc(doc))
    n = len(problem.stories)
    for mask in range(1 << n):
        subset = frozenset(i for i in range(n) if mask >> i & 1)
        page = best_page_publishing(problem, subset)
        if subset in expected:
            assert page is not None and page.total == expected[subset], subset
            assert {p.story for p in page.placements} == subset
            verdict = check_page(problem, ProposedPage(page.placements, page.exclusive))
            assert verdict.legal and verdict.total == page.total
        else:
            assert page is None, subset
    optimum = solve(problem)
    assert max(expected.values()) == optimum.total
    assert best_page_publishing(problem, {p.story for p in optimum.placements}).total == optimum.total
