"""``check_page``: every rule id, each with a page that breaks it and a near-identical one that does not.

Expectations are worked by hand from REFERENCE.md sections 2 and 5. The base
press is the rulebook's 12-point example (Politics A top 4, Crime B 3, War D 3).
"""
from __future__ import annotations

import pytest

from tests.solver.solver_helpers import VALUES_12, press_doc, problem_of
from pennypress.solver import BadInput, Placement, ProposedPage, check_page
from pennypress.solver.checker import RULES

P12 = problem_of(press_doc([("politics", "A"), ("crime", "B"), ("war", "D")], VALUES_12))
GOOD12 = (Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 3), Placement(2, 2, 0, 2, 3))  # empty (0, 2)

TITLES = {"politics": "Politics", "crime": "Crime", "war": "War", "city": "New York", "human": "Human"}


def rules(chk):
    return {v.rule for v in chk.violations}


def names_story(message: str, problem, i: int) -> bool:
    """The message names story i: by its number, or by beat and shape."""
    s = problem.stories[i]
    return f"story {i}" in message or (TITLES[s.beat.value] in message and f" {s.shape.value}" in message)


def violation(chk, rule):
    found = [v for v in chk.violations if v.rule == rule]
    assert found, f"{rule} not reported: {[v.to_json() for v in chk.violations]}"
    return found[0]


def test_rule_ids_are_the_contracts():
    assert set(RULES) == {"bounds", "overlap", "ad", "shape", "duplicate", "top-edge", "top-total", "exclusive"}


def test_legal_page_scores_and_loss():
    chk = check_page(P12, ProposedPage(GOOD12))
    assert chk.legal and chk.violations == ()
    assert (chk.total, chk.optimal_total, chk.loss) == (12, 12, 0)
    doc = chk.to_json()
    assert doc["legal"] is True and doc["total"] == 12 and doc["loss"] == 0 and doc["violations"] == []


def test_legal_but_poor_page_reports_its_loss():
    # War D lying in rows 1-2 (cols 1-3), Politics A lying on (0,0)-(1,0), Crime B unplaced:
    # 4 + 3 - 3 ; the D is off row 0 so no exclusive; empty: (2,0), (3,0) = -4, (0,1), (0,2) = -2.
    page = (Placement(0, 0, 0, 2, 1), Placement(2, 1, 1, 3, 2))
    chk = check_page(P12, ProposedPage(page))
    assert chk.legal
    assert chk.total == 4 + 3 - 3 - 4 - 2 == -2
    assert chk.loss == 14 and chk.optimal_total == 12
    assert chk.to_json()["breakdown"]["total"] == -2


# -- each rule: broken / not broken ------------------------------------------------

def test_bounds():
    bad = check_page(P12, ProposedPage(GOOD12[:2] + (Placement(2, 3, 0, 2, 3),)))  # D runs off column 3
    assert "bounds" in rules(bad) and not bad.legal
    assert names_story(violation(bad, "bounds").message, P12, 2)
    assert bad.total is None and bad.loss is None and bad.optimal_total == 12
    assert "bounds" not in rules(check_page(P12, ProposedPage(GOOD12)))


@pytest.mark.parametrize("placement", [Placement(0, -1, 0, 1, 2), Placement(0, 0, 2, 1, 2), Placement(0, 4, 0, 1, 2)])
def test_bounds_every_side(placement):
    chk = check_page(P12, ProposedPage((placement,) + GOOD12[1:]))
    assert "bounds" in rules(chk)
    assert names_story(violation(chk, "bounds").message, P12, 0)


def test_overlap():
    bad = check_page(P12, ProposedPage((GOOD12[0], Placement(1, 0, 0, 1, 3), GOOD12[2])))  # B on top of the A
    assert rules(bad) == {"overlap"}
    msg = violation(bad, "overlap").message
    assert names_story(msg, P12, 0) and names_story(msg, P12, 1)
    assert "overlap" not in rules(check_page(P12, ProposedPage(GOOD12)))


def test_ad():
    problem = problem_of(press_doc([("politics", "A"), ("crime", "B"), ("war", "D")], VALUES_12, ad=(1, 2)))
    bad = check_page(problem, ProposedPage(GOOD12))  # the Crime B covers (1, 2)
    assert rules(bad) == {"ad"}
    assert names_story(violation(bad, "ad").message, problem, 1)
    # Swap A and B columns: the ad sits in the one cell left over -> legal, 13 points.
    good = (Placement(0, 1, 0, 1, 2), Placement(1, 0, 0, 1, 3), GOOD12[2])
    chk = check_page(problem, ProposedPage(good))
    assert chk.legal and chk.total == 4 + 6 + 3 == 13 and chk.loss == 0


def test_shape():
    bad = check_page(P12, ProposedPage((GOOD12[0], Placement(1, 1, 0, 1, 2), GOOD12[2])))  # the B as 1x2
    assert "shape" in rules(bad)
    assert names_story(violation(bad, "shape").message, P12, 1)
    assert "shape" not in rules(check_page(P12, ProposedPage(GOOD12)))


def test_rotation_is_allowed():
    # Crime B lying on row 2 (3x1), War D upright... : A (0,0) upright, D lying (1,0) 3x2, B lying (0,2) 3x1.
    page = (Placement(0, 0, 0, 1, 2), Placement(1, 0, 2, 3, 1), Placement(2, 1, 0, 3, 2))
    chk = check_page(P12, ProposedPage(page))
    assert chk.legal, [v.to_json() for v in chk.violations]
    # 4 + 3 + 3 + exclusive War 3; empty (3, 2) = -1
    assert chk.total == 12


def test_duplicate():
    page = GOOD12[:2] + (Placement(0, 2, 0, 1, 2),)  # Politics A twice, War D left out
    bad = check_page(P12, ProposedPage(page))
    assert "duplicate" in rules(bad)
    assert names_story(violation(bad, "duplicate").message, P12, 0)
    chk = check_page(P12, ProposedPage(GOOD12[:2]))  # the same page without the second copy
    assert "duplicate" not in rules(chk) and chk.legal
    # 4 + 3 x 2 - 3 (War unpublished); empty (0,2) -1, (2,0) (3,0) -4, (2,1) (3,1) (2,2) (3,2) -4
    assert chk.total == 4 + 6 - 3 - 1 - 4 - 4 == -2


def test_top_edge():
    page = (Placement(0, 0, 1, 1, 2),) + GOOD12[1:]  # Politics A one row down
    bad = check_page(P12, ProposedPage(page))
    assert rules(bad) == {"top-edge"}
    assert names_story(violation(bad, "top-edge").message, P12, 0)
    assert "top-edge" not in rules(check_page(P12, ProposedPage(GOOD12)))


def test_top_edge_when_the_top_story_is_left_out():
    bad = check_page(P12, ProposedPage(GOOD12[1:]))
    assert "top-edge" in rules(bad)
    assert names_story(violation(bad, "top-edge").message, P12, 0)


FIVE_A = problem_of(press_doc([("human", "A")] * 5, {"war": 1, "crime": 2, "politics": 3, "city": 0, "human": 4}))
FOUR_UP = tuple(Placement(i, i, 0, 1, 2) for i in range(4))  # four upright A along row 0


def test_top_total():
    # Five top A: four fit along row 0 (T* = 4), the fifth lies in row 2 (R* = 1).
    bad = check_page(FIVE_A, ProposedPage(FOUR_UP))
    assert rules(bad) == {"top-total"}
    assert names_story(violation(bad, "top-total").message, FIVE_A, 4)
    good = check_page(FIVE_A, ProposedPage(FOUR_UP + (Placement(4, 0, 2, 2, 1),)))
    assert good.legal
    assert good.total == 5 * 4 - 2 and good.loss == 0  # (2,2), (3,2) empty


def test_top_edge_is_lexicographic_first():
    # Five top A, only three on the edge but all five placed: breaks top-edge.
    page = (Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 2), Placement(2, 2, 0, 2, 1),
            Placement(3, 2, 1, 2, 1), Placement(4, 0, 2, 2, 1))
    bad = check_page(FIVE_A, ProposedPage(page))
    assert "top-edge" in rules(bad)


def test_exclusive_must_not_be_top():
    bad = check_page(P12, ProposedPage(GOOD12, exclusive=0))  # Politics is the top beat
    assert rules(bad) == {"exclusive"}
    assert names_story(violation(bad, "exclusive").message, P12, 0)
    for ok in (1, 2):
        chk = check_page(P12, ProposedPage(GOOD12, exclusive=ok))
        assert chk.legal and chk.total == 12


P3A = problem_of(press_doc([("politics", "A"), ("crime", "A"), ("war", "A")], VALUES_12))


def test_exclusive_must_touch_the_top_edge():
    page = (Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 2), Placement(2, 2, 1, 1, 2))  # War A in rows 1-2
    bad = check_page(P3A, ProposedPage(page, exclusive=2))
    assert rules(bad) == {"exclusive"}
    assert names_story(violation(bad, "exclusive").message, P3A, 2)
    good = check_page(P3A, ProposedPage(page, exclusive=1))  # Crime A touches row 0
    assert good.legal
    # 4 + 3 x 2 + 3; empty: (2,0) (3,0) -4, (0,2) (1,2) (3,1) (3,2) -4
    assert good.total == 4 + 6 + 3 - 4 - 4 == 5


def test_exclusive_must_be_published():
    bad = check_page(P12, ProposedPage(GOOD12[:2], exclusive=2))  # War D not on the page
    assert rules(bad) == {"exclusive"}
    assert names_story(violation(bad, "exclusive").message, P12, 2)


def test_exclusive_must_exist():
    bad = check_page(P12, ProposedPage(GOOD12, exclusive=7))
    assert rules(bad) == {"exclusive"}
    assert "7" in violation(bad, "exclusive").message


# -- the exclusive: omitted = best valid, null = none, a lesser one costs points -----

P_UNEVEN = problem_of(press_doc([("politics", "A"), ("crime", "B"), ("war", "D")],
                                {"war": 2, "crime": 3, "politics": 4, "city": 0, "human": 0}))


def test_omitted_exclusive_takes_the_best_valid_one():
    chk = check_page(P_UNEVEN, ProposedPage(GOOD12))
    assert chk.legal and chk.exclusive == 1  # Crime 3 beats War 2
    assert chk.total == 4 + 3 * 2 + 2 - 1 == 11 and chk.optimal_total == 11 and chk.loss == 0


def test_null_exclusive_means_none():
    chk = check_page(P_UNEVEN, ProposedPage(GOOD12, exclusive=None))
    assert chk.legal and chk.exclusive is None
    assert chk.total == 4 + 3 + 2 - 1 == 8 and chk.loss == 3


def test_lesser_exclusive_is_legal_but_costs():
    chk = check_page(P_UNEVEN, ProposedPage(GOOD12, exclusive=2))
    assert chk.legal and chk.exclusive == 2
    assert chk.total == 4 + 3 + 2 * 2 - 1 == 10 and chk.loss == 1


def test_from_json_exclusive_omitted_versus_null():
    omitted = ProposedPage.from_json({"placements": [p.to_json() for p in GOOD12]}, P_UNEVEN)
    null = ProposedPage.from_json({"placements": [p.to_json() for p in GOOD12], "exclusive": None}, P_UNEVEN)
    assert check_page(P_UNEVEN, omitted).total == 11
    assert check_page(P_UNEVEN, null).total == 8


def test_no_exclusive_candidate_gives_none():
    # Only the top story is on row 0 -> no exclusive can be taken.
    page = (Placement(0, 0, 0, 2, 1), Placement(2, 1, 1, 3, 2))
    chk = check_page(P12, ProposedPage(page))
    assert chk.legal and chk.exclusive is None


@pytest.mark.parametrize(
    "layout, word",
    [
        ({"placements": [{"story": 9, "x": 0, "y": 0, "w": 1, "h": 2}]}, "story"),
        ({"placements": [{"story": 0, "x": 0, "y": 0, "w": 1}]}, "h"),
        ({"placements": [{"story": 0, "x": "0", "y": 0, "w": 1, "h": 2}]}, "x"),
        ({"placements": "none"}, "placements"),
        ({"placements": [], "exclusive": "crime"}, "exclusive"),
        ([], "layout"),
    ],
)
def test_malformed_layout_is_bad_input(layout, word):
    with pytest.raises(BadInput) as exc:
        ProposedPage.from_json(layout, P12)
    assert word in str(exc.value)


def test_messages_spell_plurals():
    two_c = problem_of(press_doc([("crime", "C"), ("crime", "C")], {**VALUES_12, "crime": 6}))
    chk = check_page(two_c, ProposedPage(()))  # both C fit along the top: T* = 2
    assert {v.rule for v in chk.violations} == {"top-edge", "top-total"}
    for v in chk.violations:
        assert "storys" not in v.message, v.message
        assert "2 top-beat stories" in v.message, v.message
