"""Check my page: the player's page judged by the checker, beside the optimal one."""
from __future__ import annotations

import json

from ui_helpers import errors, frame, metrics, no_traceback, open_app

from pennypress.solver import Placement, ProposedPage, check_page, make_problem

PAGE = "app_pages/check_page.py"
RULEBOOK = make_problem(
    [("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
    {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0},
)


def paste(at, layout) -> None:
    at.text_area(key="chk_paste").input(layout if isinstance(layout, str) else json.dumps(layout)).run()
    at.button(key="chk_load_paste").click().run()
    no_traceback(at)


def violations(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("- **")]


def test_starts_from_the_optimal_page_legal_and_nothing_lost():
    at = open_app(PAGE)
    m = metrics(at)
    assert (m["Legal"], m["Your total"], m["Optimal total"], m["Points lost"]) == ("yes", "12", "12", "0")
    assert sum(1 for x in at.markdown if "<svg" in x.value) == 2  # yours and the optimal page


def test_an_illegal_page_lists_the_broken_rule_in_words():
    at = open_app(PAGE)
    layout = {"placements": [{"story": 0, "x": 0, "y": 1, "w": 1, "h": 2}, {"story": 2, "x": 1, "y": 0, "w": 2, "h": 3}]}
    paste(at, layout)
    expected = check_page(RULEBOOK, ProposedPage((Placement(0, 0, 1, 1, 2), Placement(2, 1, 0, 2, 3))))
    assert not expected.legal
    m = metrics(at)
    assert m["Legal"] == "no" and m["Your total"] == "illegal"
    assert any("not legal" in e for e in errors(at))
    shown = violations(at)
    assert [v.split("**")[1] for v in shown] == [v.rule for v in expected.violations]
    assert "top-edge" in shown[0] and "must touch the top edge" in shown[0]
    # each broken rule is listed once, with the checker's own words
    assert [v.split("**: ", 1)[1] for v in shown] == [v.message for v in expected.violations]


def test_overlap_and_ad_are_named_and_outlined():
    at = open_app()
    at.button(key="ad_0_1").click().run()  # the Press desk's ad, shared with this page
    at.switch_page(PAGE).run()
    no_traceback(at)
    layout = {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2}, {"story": 1, "x": 0, "y": 0, "w": 3, "h": 1}]}
    paste(at, layout)
    rules = [v.split("**")[1] for v in violations(at)]
    assert "ad" in rules and "overlap" in rules
    page = next(x.value for x in at.markdown if "<svg" in x.value)
    assert 'class="bad"' in page  # the clashing cells are outlined


def test_a_legal_page_that_loses_points():
    at = open_app(PAGE)
    # Politics on top, War D below-right, Crime B lying along the bottom: legal but not the best
    layout = {
        "placements": [
            {"story": 0, "x": 0, "y": 0, "w": 1, "h": 2},
            {"story": 2, "x": 1, "y": 0, "w": 3, "h": 2},
            {"story": 1, "x": 1, "y": 2, "w": 3, "h": 1},
        ],
        "exclusive": None,
    }
    paste(at, layout)
    verdict = check_page(RULEBOOK, ProposedPage(
        (Placement(0, 0, 0, 1, 2), Placement(2, 1, 0, 3, 2), Placement(1, 1, 2, 3, 1)), None))
    assert verdict.legal and verdict.loss > 0
    m = metrics(at)
    assert m["Legal"] == "yes"
    assert m["Your total"] == str(verdict.total)
    assert m["Points lost"] == str(verdict.loss)
    assert at.selectbox(key="chk_exclusive").value == "none"


def test_bad_layout_input_is_a_message():
    at = open_app(PAGE)
    paste(at, '{"placements": [')
    assert any("malformed JSON" in e for e in errors(at))
    paste(at, {"placements": [{"story": 7, "x": 0, "y": 0, "w": 1, "h": 2}]})
    assert any("no story 7" in e for e in errors(at))
    assert metrics(at)["Legal"] == "yes"  # the previous page stays
