"""The rulebook's own examples (pp. 9-10), with expectations worked out from the text.

Scoring example (p. 9): Politics 4 is the top beat, Crime 3, War 3; the page
holds three stories with one empty -1 cell and scores 4 + 3x2 + 3 - 1 = 12.
The pictures are lost; REFERENCE.md section 5 lists three shape sets that fit the
text. For each: the stories cover 11 of 12 cells, so at least one cell is empty;
13 = 4 + 3 + 3 + 3 (one exclusive) is the most the stories can bring, so 12 is
the ceiling and needs the empty cell below row 0 and a 3-point exclusive.

"When not to go to press" (p. 10): New York City is the top beat, two City A
stories and a War D, the ad at (1, 1) or (2, 1). Both A must touch the top edge
(T* = 2); a D then fits only in the two columns on the far side of the ad, and
in the two columns left a single A can touch row 0 (the column with the ad has
one free cell above it). So the D cannot be published and costs its value.
"""
from __future__ import annotations

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, press_doc, problem_of, rects_of
from pennypress.solver import Placement, ProposedPage, best_layouts, check_page, solve

SHAPE_SETS_12 = {
    "politics A, crime B, war D": [("politics", "A"), ("crime", "B"), ("war", "D")],
    "politics B, crime A, war D": [("politics", "B"), ("crime", "A"), ("war", "D")],
    "politics D, crime A, war B": [("politics", "D"), ("crime", "A"), ("war", "B")],
}

# A hand-drawn 12-point page for each set (story index -> x, y, w, h):
HAND_PAGES_12 = {
    "politics A, crime B, war D": [(0, 0, 1, 2), (1, 0, 1, 3), (2, 0, 2, 3)],  # empty (0, 2)
    "politics B, crime A, war D": [(0, 0, 1, 3), (1, 0, 1, 2), (2, 0, 2, 3)],  # empty (1, 2)
    "politics D, crime A, war B": [(0, 0, 2, 3), (2, 0, 1, 2), (3, 0, 1, 3)],  # empty (2, 2)
}


@pytest.mark.parametrize("name", SHAPE_SETS_12)
def test_scoring_example_scores_12(name):
    problem = problem_of(press_doc(SHAPE_SETS_12[name], VALUES_12))
    res = solve(problem, use_cache=False)
    assert res.total == 12 and res.gain == 12
    assert (res.top_edge_required, res.top_rest_required) == (1, 0)  # one Politics story, on the edge
    assert res.unplaced == ()
    # The exclusive is the Crime or the War story (3 x 2), touching row 0; Politics is top.
    assert res.exclusive in (1, 2)
    by_story = {p.story: p for p in res.placements}
    assert by_story[res.exclusive].y == 0
    assert by_story[0].y == 0  # the top-beat story touches the top edge
    # Exactly one empty cell, and it is a -1 cell (rows 1-2).
    covered = {c for p in res.placements for c in p.cells()}
    empty = [(x, y) for y in range(3) for x in range(4) if (x, y) not in covered]
    assert len(empty) == 1 and empty[0][1] > 0
    bd = res.to_json()["breakdown"]
    assert bd["published"] == 10 and bd["exclusive_bonus"] == 3 and bd["empty"] == -1 and bd["unpublished"] == 0
    points = sorted(s["points"] for s in bd["stories"])
    assert points == [3, 4, 6]  # +3 for one 3-point story, +4 Politics, +6 the exclusive


@pytest.mark.parametrize("name", SHAPE_SETS_12)
def test_hand_drawn_scoring_pages_are_legal_and_optimal(name):
    problem = problem_of(press_doc(SHAPE_SETS_12[name], VALUES_12))
    placements = tuple(Placement(i, *r) for i, r in enumerate(HAND_PAGES_12[name]))
    for exclusive in (1, 2):  # either 3-point story may be the exclusive: both touch row 0
        chk = check_page(problem, ProposedPage(placements, exclusive=exclusive))
        assert chk.legal and chk.violations == ()
        assert (chk.total, chk.optimal_total, chk.loss) == (12, 12, 0)
    chk = check_page(problem, ProposedPage(placements))
    assert chk.legal and chk.total == 12 and chk.exclusive in (1, 2)
    chk = check_page(problem, ProposedPage(placements, exclusive=None))
    assert chk.legal and chk.total == 9 and chk.loss == 3  # no exclusive declared


@pytest.mark.parametrize("name", SHAPE_SETS_12)
def test_scoring_example_agrees_with_enumerator(name):
    press = E.Press.from_doc(press_doc(SHAPE_SETS_12[name], VALUES_12))
    opt = E.solve_exhaustive(press)
    assert (opt.edge_required, opt.rest_required, opt.total) == (1, 0, 12)
    assert E.score_assignment(press, HAND_PAGES_12[name]) == 12


def test_scoring_example_other_twelve_point_pages():
    """Several pages reach 12 (which 3-point story is exclusive, mirrored layouts)."""
    problem = problem_of(press_doc(SHAPE_SETS_12["politics A, crime B, war D"], VALUES_12))
    pages = best_layouts(problem, 4)
    assert [r.total for r in pages][:2] == [12, 12]
    assert all(r.top_edge_required == 1 for r in pages)


# --------------------------------------------------------------------------
# When not to go to press (p. 10)

NOT_TO_PRESS = [("city", "A"), ("city", "A"), ("war", "D")]


def _values(city, war):
    return {"war": war, "crime": min(2, city - 1), "politics": min(2, city - 1), "city": city, "human": min(1, city - 1)}


@pytest.mark.parametrize("ad", [(1, 1), (2, 1)])
@pytest.mark.parametrize("city, war", [(5, 3), (4, 3), (6, 5), (3, 0), (2, 1)])
def test_when_not_to_go_to_press(ad, city, war):
    problem = problem_of(press_doc(NOT_TO_PRESS, _values(city, war), ad))
    res = solve(problem, use_cache=False)
    assert (res.top_edge_required, res.top_rest_required) == (2, 0)
    by_story = {p.story: p for p in res.placements}
    assert set(by_story) == {0, 1} and by_story[0].y == 0 and by_story[1].y == 0
    assert res.unplaced == (2,)
    assert res.exclusive is None
    bd = res.to_json()["breakdown"]
    assert bd["unpublished"] == -war
    war_entry = next(s for s in bd["stories"] if s["story"] == 2)
    assert war_entry["published"] is False and war_entry["points"] == -war
    # Two A lying along row 0 cover all four -2 cells; rows 1-2 hold 8 cells, 1 of them the ad.
    assert res.total == 2 * city - war - 7
    assert res.gain == max(0, 2 * city - war - 7)


def test_when_not_to_go_to_press_is_worth_almost_nothing():
    """With City 5 and War 3 the press scores 0: 'worth almost nothing'."""
    res = solve(problem_of(press_doc(NOT_TO_PRESS, _values(5, 3), (1, 1))), use_cache=False)
    assert res.total == 0 and res.gain == 0


@pytest.mark.parametrize("ad", [(1, 1), (2, 1)])
def test_publishing_the_d_is_illegal(ad):
    """The page a player might want -- D beside the ad, one A on top -- breaks the top-edge rule."""
    problem = problem_of(press_doc(NOT_TO_PRESS, _values(5, 3), ad))
    if ad == (1, 1):
        page = (Placement(0, 0, 0, 2, 1), Placement(1, 0, 1, 1, 2), Placement(2, 2, 0, 2, 3))
    else:
        page = (Placement(0, 2, 0, 2, 1), Placement(1, 3, 1, 1, 2), Placement(2, 0, 0, 2, 3))
    chk = check_page(problem, ProposedPage(page))
    assert not chk.legal
    assert [v.rule for v in chk.violations] == ["top-edge"]
    assert "city" in chk.violations[0].message.lower() or "new york" in chk.violations[0].message.lower()
    assert chk.total is None and chk.loss is None and chk.optimal_total == 0
    # The enumerator agrees the D can never share a legal page with both A.
    press = E.Press.from_doc(press_doc(NOT_TO_PRESS, _values(5, 3), ad))
    assert all(p.rects[2] is None for p in E.legal_pages(press))


@pytest.mark.parametrize("ad", [None, (0, 2), (3, 2)])
def test_without_the_pesky_ad_the_d_is_published(ad):
    """Elsewhere the ad leaves room: A, A upright in columns 0-1, the D in 2-3 as the exclusive."""
    res = solve(problem_of(press_doc(NOT_TO_PRESS, _values(5, 3), ad)), use_cache=False)
    assert res.unplaced == ()
    assert res.exclusive == 2
    # 5 + 5 + 3 x 2 and the two cells of row 2 under the A's (one is the ad when there is one)
    assert res.total == 16 - (2 if ad is None else 1)
