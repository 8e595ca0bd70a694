"""Random presses and their answers from the core and from the Python solvers (shared by the page tests
and the pages proof in ``test_core_proofs.py``)."""
from __future__ import annotations

import random

from pennypress.solver.fast import best_page
from pennypress.solver.page_order import SHAPE_INDEX
from pennypress.solver.page_profiles import table
from pennypress.solver.problem import ClaimedStory, PressProblem
from pennypress.solver.vocab import BEATS, MAX_BEAT_VALUE, MIN_BEAT_VALUE, SHAPES


def random_problem(rng: random.Random, shapes: tuple[int, ...], ad) -> PressProblem:
    """A press of these shapes with the ad at ``ad``: random beats and beat values (so random values
    and top-beat flags), the stories in random order."""
    stories = [ClaimedStory(rng.choice(BEATS), SHAPES[s]) for s in shapes]
    rng.shuffle(stories)
    values = {b: rng.randint(MIN_BEAT_VALUE, MAX_BEAT_VALUE) for b in BEATS}
    return PressProblem(tuple(stories), values, ad)


def items_of(problem: PressProblem) -> tuple[tuple[int, int, bool], ...]:
    return tuple((SHAPE_INDEX[s.shape], problem.value(i), problem.is_top(i)) for i, s in enumerate(problem.stories))


def geometries() -> list:
    """Every geometry of the page tables: ``(shape indices, ad)``."""
    return list(table())


def core_answer(core, problem: PressProblem) -> tuple:
    """``(placements, exclusive, T*, R*, total, gain)`` from the core."""
    placements, exclusive, top_edge, top_rest, total, gain = core.best_page(items_of(problem), problem.ad)
    return tuple(placements), exclusive, top_edge, top_rest, total, gain


def fast_answer(problem: PressProblem) -> tuple:
    """The same from the Python fast solver (``solver.fast.best_page``)."""
    page = best_page(items_of(problem), problem.ad)
    placements = tuple((p.story, p.x, p.y, p.w, p.h) for p in page.placements)
    return placements, page.exclusive, page.top_edge, page.top_rest, page.total, page.gain


def cp_sat_answer(problem: PressProblem) -> tuple:
    """The same from CP-SAT (``solver.solve``), the proven reference."""
    from pennypress.solver import solve

    r = solve(problem)
    assert r.proven_optimal
    placements = tuple(sorted((p.story, p.x, p.y, p.w, p.h) for p in r.placements))
    return placements, r.exclusive, r.top_edge_required, r.top_rest_required, r.total, r.gain
