"""The proof: the CP-SAT solver agrees with an independent exhaustive enumerator.

Seeded random presses (1-5 stories, every ad cell and no ad, tied top
beats, several stories of one beat, values 0-6, all zero). For each, the
solver's T*, R* and optimal total must equal the enumerator's; its page must be
legal and score its total when judged from scratch by the enumerator, when
judged by ``check_page`` (legal, loss 0), and its breakdown must add up. Its
page must be the enumerator's first optimal page in the tie-break order, and
the fast solver must return the very same result.

By default the first 1,280 of the 2,000 seeded presses are judged: they hold
every case the 2,000 hold, each as often as the coverage test asks.
``--proof-count full`` (``tests/conftest.py``) judges all 2,000:

    .venv/bin/python -m pytest tests/solver/test_cross_check.py --proof-count full
"""
from __future__ import annotations

import functools
from collections import Counter

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import describe, problem_of, rects_of
from pennypress.solver import ProposedPage, best_layouts, check_page, solve, solve_fast

SEED = 20240601
PRESSES = {"small": 1_280, "full": 2_000}
"""The seeded presses judged, by ``--proof-count``: the first 1,280 of the 2,000 hold every case the 2,000
do (every size, ad, value and shape, T* and R* at every value, negative totals, ties for the top beat, all
values zero, three stories of one beat) and each as often as ``test_random_set_covers_the_space`` asks;
it fails the day they do not. The full count judges more presses of the same cases."""
CHUNKS = 40
"""The judged presses run as 40 tests at either count; each test's id names its presses and the count."""
ALL_DOCS = E.random_presses(SEED, PRESSES["full"])


def judged(proof_count: str) -> list[dict]:
    """The seeded presses judged at this count: the first ``PRESSES[proof_count]``."""
    return ALL_DOCS[: PRESSES[proof_count]]


def pytest_generate_tests(metafunc):
    if metafunc.definition.name == "test_solver_matches_enumerator":
        total = PRESSES[metafunc.config.getoption("--proof-count")]
        chunk = total // CHUNKS
        metafunc.parametrize("start", range(0, total, chunk), ids=lambda s: f"presses{s}-{s + chunk - 1}-of-{total}")


def _top_count(d: dict) -> int:
    best = max(d["beat_values"].values())
    return sum(v == best for v in d["beat_values"].values())


def _cases(d: dict, opt) -> set[str]:
    """The cases one press (``opt`` its enumerated optimum) holds."""
    out = {f"{len(d['stories'])} stories", f"ad {d['ad']}", f"T* {opt.edge_required}", f"R* {opt.rest_required}"}
    out |= {f"value {v}" for v in d["beat_values"].values()} | {f"shape {s['shape']}" for s in d["stories"]}
    if opt.total < 0:
        out.add("a negative total")
    if _top_count(d) >= 2:
        out.add("a tie for the top beat")
    if set(d["beat_values"].values()) == {0}:
        out.add("all values zero")
    if max(Counter(s["beat"] for s in d["stories"]).values()) >= 3:
        out.add("three stories of one beat")
    return out


def test_random_set_covers_the_space(proof_count):
    """The seeded set judged really contains the cases the proof is meant to cover: every one the full
    count holds, each often enough."""
    docs = judged(proof_count)
    assert len(docs) == PRESSES[proof_count] and len(docs) % CHUNKS == 0
    every = [E.solve_exhaustive(E.Press.from_doc(d)) for d in ALL_DOCS]
    full = set().union(*map(_cases, ALL_DOCS, every))
    missing = full - set().union(*map(_cases, docs, every))
    assert not missing, f"the {len(docs):,} presses judged miss cases the {len(ALL_DOCS):,} hold: {sorted(missing)}"
    sizes = Counter(len(d["stories"]) for d in docs)
    assert set(sizes) == {1, 2, 3, 4, 5}
    assert min(sizes.values()) >= 100
    ads = Counter(None if d["ad"] is None else tuple(d["ad"]) for d in docs)
    assert set(ads) == {None} | {(x, y) for x in range(4) for y in range(3)}
    assert min(ads.values()) >= 50

    assert sum(_top_count(d) >= 2 for d in docs) >= 300, "ties for the top beat"
    assert sum(set(d["beat_values"].values()) == {0} for d in docs) >= 50, "all values zero"
    assert sum(max(Counter(s["beat"] for s in d["stories"]).values()) >= 3 for d in docs) >= 300
    values = {v for d in docs for v in d["beat_values"].values()}
    assert values == set(range(7))
    opts = every[: len(docs)]
    assert sum(o.rest_required >= 1 for o in opts) >= 100, "R* > 0 must be exercised"
    assert {o.edge_required for o in opts} >= {0, 1, 2, 3, 4}
    assert sum(o.total < 0 for o in opts) >= 50, "negative totals"
    shapes = Counter(s["shape"] for d in docs for s in d["stories"])
    assert set(shapes) == set("ABCD")


def _judge(doc: dict) -> list[str]:
    """Every disagreement between the solver and the enumerator on one press."""
    press = E.Press.from_doc(doc)
    problem = problem_of(doc)
    n = len(press.stories)
    opt = E.solve_exhaustive(press)
    res = solve(problem, use_cache=False)
    bad = []
    got = (res.top_edge_required, res.top_rest_required, res.total)
    want = (opt.edge_required, opt.rest_required, opt.total)
    if got != want:
        bad.append(f"(T*, R*, total) solver {got} != enumerator {want}")
    if not res.proven_optimal or res.status != "OPTIMAL":
        bad.append(f"not proven optimal: {res.status}")
    # The page, judged from scratch by the enumerator.
    rects = rects_of(res, n)
    first, first_exclusive, _ = E.first_optimal_page(press)
    if tuple(rects) != first or res.exclusive != first_exclusive:
        bad.append(f"page {rects} (exclusive {res.exclusive}) is not the first optimal page in the tie-break "
                   f"order {list(first)} (exclusive {first_exclusive})")
    fast = solve_fast(problem)
    if fast.to_json() != res.to_json():
        bad.append(f"fast solver {fast.to_json()} != CP-SAT {res.to_json()}")
    bad += [f"page: {p}" for p in E.page_problems(press, rects, res.exclusive)]
    indep = E.score_assignment(press, rects, "best")
    if indep != res.total:
        bad.append(f"page scores {indep} independently, solver says {res.total}")
    if E.score_assignment(press, rects, res.exclusive) != indep:
        bad.append(f"exclusive {res.exclusive} is not the best valid one")
    if res.gain != max(0, res.total):
        bad.append(f"gain {res.gain} for total {res.total}")
    if sorted(res.unplaced) != [i for i in range(n) if rects[i] is None]:
        bad.append(f"unplaced {res.unplaced} does not match the placements")
    # The breakdown adds up.
    bd = res.to_json()["breakdown"]
    parts = bd["published"] + bd["exclusive_bonus"] + bd["empty"] + bd["unpublished"]
    if parts != res.total or bd["total"] != res.total:
        bad.append(f"breakdown parts {parts} / {bd['total']} != total {res.total}")
    if sum(s["points"] for s in bd["stories"]) + bd["empty"] != res.total:
        bad.append("story points + empty cells != total")
    covered = sum(r[2] * r[3] for r in rects if r is not None)
    free = 12 - (press.ad is not None) - covered
    if sum(row["count"] for row in bd["empty_cells"]) != free:
        bad.append(f"breakdown counts {bd['empty_cells']} empty cells, page has {free}")
    # The checker agrees: legal, loss 0, with the exclusive omitted and declared.
    for page in (ProposedPage(res.placements), ProposedPage(res.placements, exclusive=res.exclusive)):
        chk = check_page(problem, page)
        if not chk.legal or chk.total != opt.total or chk.loss != 0 or chk.optimal_total != opt.total:
            bad.append(
                f"check_page({page.to_json()}): legal={chk.legal} total={chk.total} loss={chk.loss} "
                f"optimal_total={chk.optimal_total} {[v.to_json() for v in chk.violations]}"
            )
    return bad


def _report(failures: list[tuple[dict, list[str]]]) -> str:
    lines = [f"{len(failures)} press(es) disagree; first ones:"]
    for doc, bad in failures[:5]:
        lines.append(describe(doc))
        lines += [f"    {b}" for b in bad]
    return "\n".join(lines)


def test_solver_matches_enumerator(start, proof_count):
    docs = judged(proof_count)
    failures = [(d, bad) for d in docs[start : start + len(docs) // CHUNKS] if (bad := _judge(d))]
    assert not failures, _report(failures)


# --------------------------------------------------------------------------
# The lexicographic top-beat rule, where the other reading would differ.

@functools.cache
def lex_docs(proof_count: str) -> list[dict]:
    """Presses of the seeded set judged where edge-first and total-first give different (T*, T* + R*)."""
    out = []
    for d in judged(proof_count):
        press = E.Press.from_doc(d)
        o = E.solve_exhaustive(press)
        if E.total_first(press)[:2] != (o.edge_required, o.edge_required + o.rest_required):
            out.append(d)
    return out


@pytest.mark.slow
def test_edge_first_differs_from_total_first_in_some_presses(proof_count):
    assert len(lex_docs(proof_count)) >= 20


@pytest.mark.parametrize("k", range(20))
def test_edge_first_is_applied_where_readings_differ(k, proof_count):
    doc = lex_docs(proof_count)[k]
    press = E.Press.from_doc(doc)
    opt = E.solve_exhaustive(press)
    tf_edge, tf_placed, _ = E.total_first(press)
    res = solve(problem_of(doc), use_cache=False)
    assert res.top_edge_required == opt.edge_required > tf_edge, describe(doc)
    assert res.top_edge_required + res.top_rest_required == opt.edge_required + opt.rest_required < tf_placed
    assert res.total == opt.total


def test_hand_built_lexicographic_example():
    """Edge first, then total: a page where the two readings part ways.

    City and Crime tie at 5, so all four stories (city B, city A, crime A,
    city C) are top-beat stories. The ad at (3, 0) leaves three cells of row 0.
    Worked by hand: at most 3 top stories can touch row 0, each then taking a
    single row-0 cell, i.e. B, A, A upright in columns 0-2 (the C would take two).
    What is left -- (1, 2), (2, 2), (3, 1), (3, 2) or, with the B elsewhere, no
    2x2 block either -- cannot hold the C. So T* = 3, R* = 0, the C is lost (-5);
    7 cells covered, 11 free, 4 empty below row 0 (-4): 5 + 5 + 5 - 5 - 4 = 6.
    The rejected reading (most top stories first) would publish all four with
    only two on the edge.
    """
    doc = {"stories": [{"beat": "city", "shape": "B"}, {"beat": "city", "shape": "A"},
                       {"beat": "crime", "shape": "A"}, {"beat": "city", "shape": "C"}],
           "beat_values": {"war": 2, "crime": 5, "politics": 0, "city": 5, "human": 2}, "ad": [3, 0]}
    res = solve(problem_of(doc), use_cache=False)
    assert (res.top_edge_required, res.top_rest_required) == (3, 0)
    assert res.unplaced == (3,)
    assert res.total == 6
    press = E.Press.from_doc(doc)
    assert E.total_first(press)[:2] == (2, 4)


# --------------------------------------------------------------------------
# k best distinct pages

KBEST_DOCS = [d for d in E.random_presses(SEED + 1, 400) if len(d["stories"]) <= 4][:120] + [
    d for d in E.random_presses(SEED + 2, 60) if len(d["stories"]) == 5
][:10]


def test_kbest_set_is_varied():
    assert len(KBEST_DOCS) == 130
    assert {len(d["stories"]) for d in KBEST_DOCS} == {1, 2, 3, 4, 5}


@pytest.mark.parametrize("k", range(len(KBEST_DOCS)))
def test_best_layouts_match_enumerated_pages(k):
    doc = KBEST_DOCS[k]
    press = E.Press.from_doc(doc)
    problem = problem_of(doc)
    want = E.distinct_page_scores(press)
    depth = 6
    got = best_layouts(problem, depth)
    assert [r.total for r in got] == want[:depth], describe(doc)
    assert got[0].to_json() == solve(problem).to_json(), "the first page is solve's, the tie-break's first"
    keys = set()
    opt = E.solve_exhaustive(press)
    for r in got:
        rects = rects_of(r, len(press.stories))
        assert E.page_problems(press, rects, r.exclusive) == [], describe(doc)
        assert E.score_assignment(press, rects) == r.total
        key = frozenset((press.stories[i][0], press.stories[i][1], rr) for i, rr in enumerate(rects) if rr)
        assert key not in keys, f"page repeated: {describe(doc)}"
        keys.add(key)
        assert (r.top_edge_required, r.top_rest_required) == (opt.edge_required, opt.rest_required)
        chk = check_page(problem, ProposedPage(r.placements))
        assert chk.legal and chk.loss == opt.total - r.total


def test_best_layouts_exhausts_small_presses():
    """Asking for more pages than exist returns every distinct legal page, no more."""
    doc = {"stories": [{"beat": "city", "shape": "D"}, {"beat": "war", "shape": "D"}],
           "beat_values": {"war": 3, "crime": 0, "politics": 0, "city": 5, "human": 0}, "ad": [0, 2]}
    press = E.Press.from_doc(doc)
    want = E.distinct_page_scores(press)
    got = best_layouts(problem_of(doc), len(want) + 5)
    assert [r.total for r in got] == want


def test_best_layouts_merges_interchangeable_stories():
    """Two identical war C stories: swapping them is the same page, so it is listed once."""
    doc = {"stories": [{"beat": "war", "shape": "C"}, {"beat": "war", "shape": "C"}],
           "beat_values": {"war": 3, "crime": 0, "politics": 5, "city": 0, "human": 0}, "ad": None}
    press = E.Press.from_doc(doc)
    want = E.distinct_page_scores(press)
    # 6 places for a C; as pages: empty, one C (6), two C side by side (4 unordered pairs).
    all_pages = {p.key(press) for p in E.iter_pages(press)}
    assert len(want) == len(all_pages) == 1 + 6 + 4
    assert sum(1 for _ in E.iter_pages(press)) == 1 + 2 * 6 + 2 * 4
    got = best_layouts(problem_of(doc), len(want) + 3)
    assert len(got) == len(want)
    assert [r.total for r in got] == want



# --------------------------------------------------------------------------
# Hypothesis: the same proof on generated presses, with shrinking on failure.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_story = st.fixed_dictionaries({"beat": st.sampled_from(E.BEATS), "shape": st.sampled_from("ABCD")})
_press = st.fixed_dictionaries({
    "stories": st.lists(_story, min_size=1, max_size=5),
    "beat_values": st.fixed_dictionaries({b: st.integers(0, 6) for b in E.BEATS}),
    "ad": st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(0, 2)).map(list)),
})


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_press)
def test_hypothesis_presses(doc):
    assert _judge(doc) == [], describe(doc)
