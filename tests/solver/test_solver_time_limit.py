"""Time limits and API robustness.

Contract (docs/guide/cli.md): "proven_optimal: false only if --time-limit cut the
search short (then status is FEASIBLE and the page is the best found)"; bad
input -- a time limit that is not a positive number of seconds is one -- exits
2 with one line, never 1. (The first tests here were written against bugs the
lead fixed in db77d31: a tiny limit used to raise RuntimeError / exit 1.)
"""
from __future__ import annotations

import json

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, describe, problem_of, rects_of
from pennypress.solver import BadInput, Placement, ProposedPage, cache_info, check_page, clear_cache, solve
from tests.cli_helpers import assert_bad_input, run

FIVE = {"stories": [{"beat": "war", "shape": "A"}, {"beat": "war", "shape": "B"}, {"beat": "city", "shape": "C"},
                    {"beat": "war", "shape": "A"}, {"beat": "human", "shape": "A"}],
        "beat_values": VALUES_12, "ad": None}


def test_tiny_time_limit_still_returns_a_page():
    clear_cache()
    res = solve(problem_of(FIVE), time_limit=1e-4)
    assert res.status in ("FEASIBLE", "OPTIMAL")
    assert res.proven_optimal == (res.status == "OPTIMAL")
    press = E.Press.from_doc(FIVE)
    rects = rects_of(res, 5)
    assert E.score_assignment(press, rects, res.exclusive) == res.total
    if not res.proven_optimal:
        assert cache_info().size == 0, "an unproven page must not be cached"


def test_cli_tiny_time_limit_exits_0(capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(FIVE))
    code, out, err = run(capsys, "layout", path, "--time-limit", "0.0001")
    assert code == 0, err
    assert json.loads(out)["status"] in ("FEASIBLE", "OPTIMAL")


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "inf"])
def test_cli_bad_time_limit_is_bad_input(limit, capsys, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(FIVE))
    assert_bad_input(*run(capsys, "layout", path, "--time-limit", limit), "time", ignore_case=True)


@pytest.mark.parametrize("limit", [0, -1.0, float("nan"), True, "5"])
def test_api_bad_time_limit_is_bad_input(limit):
    with pytest.raises(BadInput):
        solve(problem_of(FIVE), time_limit=limit, use_cache=False)


def test_generous_time_limit_is_proven_optimal():
    clear_cache()
    res = solve(problem_of(FIVE), time_limit=30)
    assert res.proven_optimal and res.status == "OPTIMAL"
    assert res.total == E.solve_exhaustive(E.Press.from_doc(FIVE)).total


def test_check_page_with_unknown_story_is_bad_input():
    p = problem_of({"stories": [{"beat": "war", "shape": "A"}], "beat_values": VALUES_12, "ad": None})
    with pytest.raises(BadInput) as exc:
        check_page(p, ProposedPage((Placement(7, 0, 0, 1, 2),)))
    assert "7" in str(exc.value)


# Three top Crime stories (B, C, C), no ad. Worked by hand: the two C side by side
# along the top (T* = 2) and the B lying on row 2 (R* = 1): 3 x 6 = 18, one empty
# -1 cell -> 17. A page that stands the B upright in column 0 has no 2x2 left for
# the second C, so it publishes only 2 top stories and breaks the top-total rule.
CUT_PRESS = {"stories": [{"beat": "crime", "shape": "B"}, {"beat": "crime", "shape": "C"},
                         {"beat": "crime", "shape": "C"}],
             "beat_values": {"war": 2, "crime": 6, "politics": 3, "city": 1, "human": 0}, "ad": None}


def test_cut_press_worked_by_hand():
    opt = E.solve_exhaustive(E.Press.from_doc(CUT_PRESS))
    assert (opt.edge_required, opt.rest_required, opt.total) == (2, 1, 17)
    res = solve(problem_of(CUT_PRESS), use_cache=False)
    assert (res.top_edge_required, res.top_rest_required, res.total) == (2, 1, 17)


def test_time_cut_page_is_legal_and_reports_the_rules_requirements():
    res = solve(problem_of(CUT_PRESS), time_limit=1e-4, use_cache=False)
    press = E.Press.from_doc(CUT_PRESS)
    opt = E.solve_exhaustive(press)
    assert (res.top_edge_required, res.top_rest_required) == (opt.edge_required, opt.rest_required), describe(CUT_PRESS)
    assert E.page_problems(press, rects_of(res, 3), res.exclusive) == []
    assert check_page(problem_of(CUT_PRESS), ProposedPage(res.placements)).legal


def test_time_cut_pages_are_legal_on_random_presses():
    """Whatever the time limit, the page obeys the rule and T*/R* are the rule's own (seeded sample)."""
    cut = 0
    for doc in E.random_presses(seed=77, count=300):
        res = solve(problem_of(doc), time_limit=1e-4, use_cache=False)
        press = E.Press.from_doc(doc)
        opt = E.solve_exhaustive(press)
        n = len(doc["stories"])
        assert (res.top_edge_required, res.top_rest_required) == (opt.edge_required, opt.rest_required), describe(doc)
        assert E.page_problems(press, rects_of(res, n), res.exclusive) == [], describe(doc)
        assert res.total <= opt.total and res.proven_optimal == (res.status == "OPTIMAL")
        cut += not res.proven_optimal
    assert cut > 50, "the sample should exercise the time-cut path"
