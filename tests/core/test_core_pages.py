"""The core's page values equal the solvers': CP-SAT on every geometry, the fast solver on random presses.

The pages proof in ``test_core_proofs.py`` (slow; ``--proof-count full``) runs larger counts and prints
the figures.
"""
from __future__ import annotations

import random
import re

import pytest

from tests.core.pages_check import core_answer, cp_sat_answer, fast_answer, geometries, items_of, random_problem


@pytest.mark.slow
def test_the_core_answers_as_cp_sat_on_every_geometry(core):
    rng = random.Random(15)
    for shapes, ad in geometries():
        problem = random_problem(rng, shapes, ad)
        assert core_answer(core, problem) == cp_sat_answer(problem), (shapes, ad, problem.to_json())


@pytest.mark.slow
def test_the_core_answers_as_the_fast_solver_on_random_presses(core):
    rng = random.Random(16)
    pool = geometries()
    for _ in range(20_000):
        shapes, ad = rng.choice(pool)
        problem = random_problem(rng, shapes, ad)
        expected = fast_answer(problem)
        assert core_answer(core, problem) == expected, problem.to_json()
        _, _, top_edge, top_rest, total, gain = expected
        assert core.page_value(items_of(problem), problem.ad) == (total, gain, top_edge, top_rest)


@pytest.mark.parametrize(
    "items, ad, problem",
    [
        ((), None, "1 to 5 stories"),
        (((0, 1, True),) * 6, None, "1 to 5 stories"),
        (((4, 1, True),), None, "unknown shape"),
        (((0, 7, True),), None, "above 6"),
        (((0, 1, True),), (4, 0), "off the 4x3 page"),
        (((0, "x", True),), None, "expected (shape index, value, is_top)"),
    ],
)
def test_bad_presses_raise_the_cores_bad_input(core, items, ad, problem):
    with pytest.raises(core.BadInput, match=re.escape(problem)):
        core.page_value(items, ad)
