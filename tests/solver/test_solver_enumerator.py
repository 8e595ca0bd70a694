"""The reference itself: the enumerator's geometry and arithmetic, checked by hand.

The enumerator spells out the page geometry on its own; the only thing it has in
common with the solver is that both must match the rules, which is checked here.
"""
from __future__ import annotations

import random

import pytest

import tests.solver.enumerator as E
from pennypress.solver import vocab


def test_geometry_matches_the_solvers_data():
    assert (E.COLUMNS, E.ROWS) == (vocab.COLUMNS, vocab.ROWS) == (4, 3)
    for shape in vocab.Shape:
        assert E.SHAPE_SIZES[shape.value] == (shape.width, shape.height)
        assert sorted(E.orientations(shape.value)) == sorted(shape.orientations)
    for y in range(3):
        for x in range(4):
            assert vocab.cell_penalty(x, y) == E.ROW_PENALTY[y] == (-2 if y == 0 else -1)
    assert tuple(b.value for b in vocab.Beat) == E.BEATS


def test_empty_page_penalties():
    assert E.penalty_table(None)[0] == -16  # REFERENCE.md section 2: an empty page is -16
    assert E.penalty_table((2, 0))[0] == -14  # the ad cancels a -2 cell
    assert E.penalty_table((2, 1))[0] == -15
    assert E.penalty_table(None)[E.FULL] == 0


@pytest.mark.parametrize(
    "shape, ad, count",
    [
        ("A", None, 8 + 9),  # 1x2: 4 columns x 2 starts; 2x1: 3 x 3
        ("B", None, 4 + 6),  # 1x3: 4 x 1; 3x1: 2 x 3
        ("C", None, 3 * 2),
        ("D", None, 3 + 2 * 2),  # 2x3: 3 x 1; 3x2: 2 x 2
        ("A", (0, 0), 17 - 2),
        ("A", (1, 1), 17 - 4),  # (1,1) is inside 2 upright and 2 lying dominoes
        ("D", (1, 1), 1),  # only upright in columns 2-3
        ("D", (0, 1), 4),  # upright in columns 1-2 or 2-3, lying in columns 1-3 (rows 0-1 or 1-2)
        ("C", (0, 0), 6 - 1),
    ],
)
def test_rectangle_counts(shape, ad, count):
    assert len(E.rect_options(shape, ad)) == count


def test_a_middle_ad_leaves_the_d_one_place():
    """The rulebook p.10 situation: with the ad at (1, 1) a D fits only in columns 2-3, at (2, 1) only in 0-1."""
    assert [r for _, _, r in E.rect_options("D", (1, 1))] == [(2, 0, 2, 3)]
    assert [r for _, _, r in E.rect_options("D", (2, 1))] == [(0, 0, 2, 3)]


def _press(stories, values, ad=None):
    return E.Press.from_doc({"stories": [{"beat": b, "shape": s} for b, s in stories], "beat_values": values, "ad": ad})


ZERO = {"war": 0, "crime": 0, "politics": 0, "city": 0, "human": 0}


def test_single_top_a_lies_along_the_top():
    # A top A (6): lying on row 0 covers two -2 cells: 6 - 16 + 4 = -6
    # (upright it would save only 3: -7; unplaced: -6 - 16 = -22).
    opt = E.solve_exhaustive(_press([("city", "A")], {**ZERO, "city": 6}))
    assert (opt.edge_required, opt.rest_required, opt.total) == (1, 0, -6)


def test_single_non_top_a_is_the_exclusive():
    # War 3 under Politics 4: lying on row 0, exclusive: 3 + 3 - 12 = -6.
    opt = E.solve_exhaustive(_press([("war", "A")], {**ZERO, "war": 3, "politics": 4}))
    assert (opt.edge_required, opt.rest_required, opt.total) == (0, 0, -6)


def test_all_zero_values_make_every_beat_top():
    # All beats tie at 0, so the D is a top story: no exclusive. Lying 3x2 on
    # the top covers 3x(-2) + 3x(-1): -16 + 9 = -7.
    press = _press([("war", "D")], ZERO)
    assert press.top_beats == frozenset(E.BEATS)
    opt = E.solve_exhaustive(press)
    assert (opt.edge_required, opt.rest_required, opt.total) == (1, 0, -7)


def test_five_top_as_need_the_rest_rule():
    # Only 4 top stories can touch row 0 (4 cells); the fifth A lies in row 2.
    opt = E.solve_exhaustive(_press([("human", "A")] * 5, {**ZERO, "human": 4}))
    assert (opt.edge_required, opt.rest_required, opt.total) == (4, 1, 5 * 4 - 2)


def test_page_count_of_one_story():
    press = _press([("war", "B")], {**ZERO, "war": 1})
    assert E.solve_exhaustive(press).pages == 1 + 10
    assert sum(1 for _ in E.iter_pages(press)) == 11


@pytest.mark.parametrize("seed", range(40))
def test_fast_path_agrees_with_the_plain_page_list(seed):
    """solve_exhaustive (aggregating) == filtering iter_pages + score_assignment (page by page)."""
    doc = E.random_press_doc(random.Random(seed), n=random.Random(seed).choice((1, 2, 3, 4)))
    press = E.Press.from_doc(doc)
    opt = E.solve_exhaustive(press)
    pages = E.legal_pages(press)
    assert max(p.score for p in pages) == opt.total
    for p in pages[:200]:
        assert E.score_assignment(press, p.rects) == p.score
        assert E.page_problems(press, p.rects, None) == []
    assert sum(1 for _ in E.iter_pages(press)) == opt.pages


def test_page_problems_spots_broken_pages():
    press = _press([("politics", "A"), ("war", "D")], {**ZERO, "war": 3, "politics": 4}, ad=[0, 2])
    ok = [(0, 0, 1, 2), (2, 0, 2, 3)]
    assert E.page_problems(press, ok, 1) == []
    assert E.page_problems(press, [(0, 1, 1, 2), (2, 0, 2, 3)], None)  # ad, and politics off the edge
    assert E.page_problems(press, [(0, 0, 2, 2), (2, 0, 2, 3)], None)  # wrong shape
    assert E.page_problems(press, [(0, 0, 1, 2), (3, 0, 2, 3)], None)  # off the page
    assert E.page_problems(press, [(0, 0, 1, 2), (0, 0, 2, 3)], None)  # overlap
    assert E.page_problems(press, ok, 0)  # politics is top: no exclusive
