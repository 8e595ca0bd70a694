"""The proof of the fast solver: the same answer as CP-SAT and as the independent enumerator.

- **Every geometry** (1,625: each multiset of 1-5 shapes with no ad or an ad on
  each of the 12 cells), with seeded random values and top-beat flags and the
  stories listed in a random order: the fast result equals CP-SAT's (page,
  exclusive, T*, R*, total, breakdown, status) and the enumerator's first
  optimal page in the tie-break order; ``check_page`` finds the page legal and
  optimal.
- **Random presses** from two generators (the edge-case one the CP-SAT proof
  uses and a uniform one): the fast page equals the enumerator's, and
  ``check_page`` -- given the enumerator's T*, R* and optimum rather than
  CP-SAT's, to keep the run short -- finds it legal with nothing lost. By
  default the first 4,000 of each, which reach every path through the fast
  solver (``press_paths.py``) the full 10,000 of each reach -- a test checks
  it; ``--proof-count full`` (``tests/conftest.py``) runs all 20,000:

      .venv/bin/python -m pytest tests/solver/test_fast_solver.py --proof-count full

- **1,000 uniform presses vs CP-SAT** (test_cross_check.py compares the fast
  solver with CP-SAT on its seeded presses too), and hypothesis-generated
  presses vs both.
"""
from __future__ import annotations

import functools
import itertools
import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.solver.enumerator as E
from tests.solver.press_paths import press_paths
from tests.solver.solver_helpers import describe, problem_of, rects_of
from pennypress.solver import ProposedPage, check_page, solve, solve_fast
from pennypress.solver.page_profiles import table
import pennypress.solver.checker as checker_module

SEED = 16250
CELLS = [(x, y) for y in range(3) for x in range(4)]
MULTISETS = [c for n in range(1, 6) for c in itertools.combinations_with_replacement("ABCD", n)]
ADS = [None] + CELLS


def geometry_doc(shapes: tuple[str, ...], ad, rng: random.Random) -> dict:
    """A press of these shapes (in a random order) with random values; about half the stories top-beat."""
    values = E.random_values(rng)
    best = max(values.values())
    tops = [b for b in E.BEATS if values[b] == best]
    shapes = list(shapes)
    rng.shuffle(shapes)
    stories = [{"beat": rng.choice(tops) if rng.random() < 0.5 else rng.choice(E.BEATS), "shape": s} for s in shapes]
    return {"stories": stories, "beat_values": values, "ad": None if ad is None else list(ad)}


def _ad_id(ad) -> str:
    return "no-ad" if ad is None else f"ad-{ad[0]}-{ad[1]}"


def _versus_enumerator(doc: dict, res, found: list | None = None) -> list[str]:
    """Disagreements with the enumerator's first optimal page; its optimum is appended to ``found``."""
    press = E.Press.from_doc(doc)
    page, exclusive, opt = E.first_optimal_page(press)
    if found is not None:
        found.append(opt)
    bad = []
    got = (res.top_edge_required, res.top_rest_required, res.total)
    want = (opt.edge_required, opt.rest_required, opt.total)
    if got != want:
        bad.append(f"(T*, R*, total) fast {got} != enumerator {want}")
    rects = tuple(rects_of(res, len(press.stories)))
    if rects != page or res.exclusive != exclusive:
        bad.append(f"fast page {list(rects)} (exclusive {res.exclusive}) != enumerator's {list(page)} ({exclusive})")
    return bad


def _checked_legal(problem, res) -> list[str]:
    bad = []
    for page in (ProposedPage(res.placements), ProposedPage(res.placements, exclusive=res.exclusive)):
        chk = check_page(problem, page)
        if not chk.legal or chk.loss != 0 or chk.total != res.total:
            bad.append(f"check_page: legal={chk.legal} total={chk.total} loss={chk.loss} "
                       f"{[v.to_json() for v in chk.violations]}")
    return bad


def _report(failures) -> str:
    lines = [f"{len(failures)} press(es) disagree; first ones:"]
    for doc, bad in failures[:5]:
        lines.append(describe(doc))
        lines += [f"    {b}" for b in bad]
    return "\n".join(lines)


def test_geometry_list_is_complete():
    assert len(MULTISETS) == 125 and len(ADS) == 13
    assert len(MULTISETS) * len(ADS) == 1625


@pytest.mark.slow
@pytest.mark.parametrize("ad", ADS, ids=lambda ad: f"{_ad_id(ad)}-125-geometries")
def test_every_geometry_fast_equals_cpsat_and_enumerator(ad):
    """125 multisets with this ad; 13 such tests cover all 1,625 geometries."""
    failures, compared = [], 0
    for k, shapes in enumerate(MULTISETS):
        rng = random.Random(SEED * 1000 + ADS.index(ad) * 200 + k)
        doc = geometry_doc(shapes, ad, rng)
        problem = problem_of(doc)
        fast = solve_fast(problem)
        reference = solve(problem)  # CP-SAT (a miss here; check_page below reuses it)
        bad = []
        if fast.to_json() != reference.to_json():
            bad.append(f"fast {fast.to_json()} != CP-SAT {reference.to_json()}")
        bad += _versus_enumerator(doc, fast)
        bad += _checked_legal(problem, fast)
        if bad:
            failures.append((doc, bad))
        compared += 1
    assert compared == 125
    assert not failures, _report(failures)


# --------------------------------------------------------------------------
# Random presses against the enumerator

PRESSES = {"small": 4_000, "full": 10_000}
"""The random presses of each generator compared with the enumerator, by ``--proof-count``. The first
4,000 of each reach every path the 10,000 of each do (the answer at every place of a geometry's
candidate list, T* and R* at every value the full count gives, ties the tie-break order settles, ...:
``press_paths.py``); ``test_the_random_presses_cover_the_space`` fails the day they do not. The full
count compares more presses along the same paths."""
CHUNKS = 40
"""The random presses run as 40 tests at either count, the first 20 of the edge-case generator's, the
last 20 of the uniform one's; each test's id names its presses and the count."""
CHUNK = 500
"""Presses a test of the CP-SAT comparison below takes."""


@functools.cache
def random_docs(proof_count: str) -> list[dict]:
    """The edge-case generator's first presses, then the uniform generator's (``PRESSES``)."""
    n = PRESSES[proof_count]
    return E.random_presses(SEED + 1, n) + E.uniform_presses(SEED + 2, n)


def pytest_generate_tests(metafunc):
    if metafunc.definition.name == "test_fast_equals_enumerator_on_random_presses":
        total = len(random_docs(metafunc.config.getoption("--proof-count")))
        chunk = total // CHUNKS
        metafunc.parametrize("start", range(0, total, chunk), ids=lambda s: f"presses-{s}-{s + chunk - 1}-of-{total}")


def test_the_random_presses_cover_the_space(proof_count):
    """The presses compared reach every path through the fast solver that the full count reaches: every
    size, ad and shape, the answer at every place of a candidate list, T*, R*, what decides, the exclusive."""
    docs = random_docs(proof_count)
    n = PRESSES[proof_count]
    assert len(docs) == 2 * n and len(docs) % CHUNKS == 0
    uniform = docs[n:]
    assert {len(d["stories"]) for d in docs} == {1, 2, 3, 4, 5}
    assert {None if d["ad"] is None else tuple(d["ad"]) for d in uniform} == set(ADS)
    assert {s["shape"] for d in docs for s in d["stories"]} == set("ABCD")
    full, every = random_docs("full"), PRESSES["full"]
    paths = [press_paths(d) for d in full]
    reached = set().union(*paths[:n], *paths[every : every + n])
    assert docs == full[:n] + full[every : every + n]
    missing = set().union(*paths) - reached
    assert not missing, f"the {2 * n:,} presses compared miss paths the {2 * every:,} reach: {sorted(missing)}"
    longest = max(len(c) for c in table().values())
    assert {f"candidate {k} is the answer" for k in range(longest)} <= reached
    assert {f"T* {t}" for t in range(5)} | {f"R* {r}" for r in range(3)} <= reached
    assert {"T* decides", "R* decides", "the score decides", "a later candidate ties the answer: the tie-break "
            "order decides", "the exclusive among equal values", "stories out of the canonical order"} <= reached


def test_fast_equals_enumerator_on_random_presses(start, proof_count, monkeypatch):
    docs = random_docs(proof_count)
    failures = []
    for doc in docs[start : start + len(docs) // CHUNKS]:
        problem = problem_of(doc)
        res = solve_fast(problem)
        found: list = []
        bad = _versus_enumerator(doc, res, found)
        if not res.proven_optimal or res.status != "OPTIMAL":
            bad.append(f"status {res.status}")
        # check_page takes T*, R* and the optimal total from the enumerator rather than from CP-SAT.
        (opt,) = found
        optimum = SimpleNamespace(top_edge_required=opt.edge_required, top_rest_required=opt.rest_required,
                                  total=opt.total)
        monkeypatch.setattr(checker_module, "solve", lambda *args, **kwargs: optimum)
        bad += _checked_legal(problem, res)
        if bad:
            failures.append((doc, bad))
    assert not failures, _report(failures)


# --------------------------------------------------------------------------
# A seeded subset against CP-SAT

VERSUS_CPSAT = E.uniform_presses(SEED + 3, 1_000)


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, len(VERSUS_CPSAT), CHUNK),
                         ids=lambda s: f"presses-{s}-{s + CHUNK - 1}-of-1000")
def test_fast_equals_cpsat_on_uniform_presses(start):
    failures = []
    for doc in VERSUS_CPSAT[start : start + CHUNK]:
        problem = problem_of(doc)
        fast, reference = solve_fast(problem), solve(problem)
        if fast.to_json() != reference.to_json():
            failures.append((doc, [f"fast {fast.to_json()} != CP-SAT {reference.to_json()}"]))
        elif bad := _checked_legal(problem, fast):
            failures.append((doc, bad))
    assert not failures, _report(failures)


# --------------------------------------------------------------------------
# Hypothesis

_story = st.fixed_dictionaries({"beat": st.sampled_from(E.BEATS), "shape": st.sampled_from("ABCD")})
_press = st.fixed_dictionaries({
    "stories": st.lists(_story, min_size=1, max_size=5),
    "beat_values": st.fixed_dictionaries({b: st.integers(0, 6) for b in E.BEATS}),
    "ad": st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 2)).map(list)),
})


@pytest.mark.slow
@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_press)
def test_hypothesis_fast_equals_cpsat_and_enumerator(doc):
    problem = problem_of(doc)
    fast = solve_fast(problem)
    assert fast.to_json() == solve(problem, use_cache=False).to_json(), describe(doc)
    assert _versus_enumerator(doc, fast) == [], describe(doc)
    assert _checked_legal(problem, fast) == [], describe(doc)
