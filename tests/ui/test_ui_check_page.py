"""Check my page: the player's page judged by the checker, beside the optimal one."""
from __future__ import annotations

import json

from tests.ui.ui_helpers import errors, metrics, no_traceback, open_app, visible_text

from pennypress.solver import Placement, ProposedPage, check_page, make_problem
from pennypress.ui.render.explain import RULE_WORDS

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
    assert [v.split("**")[1] for v in shown] == [RULE_WORDS[v.rule] for v in expected.violations]
    assert "Top edge" in shown[0] and "must touch the top edge" in shown[0]
    assert "#1 Politics A ★★" in shown[0] and "story 0" not in shown[0] and "#0" not in shown[0]  # numbered from 1
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
    assert RULE_WORDS["ad"] in rules and RULE_WORDS["overlap"] in rules
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


def place(at, story: int, footprint: str, x: int, y: int) -> None:
    """Pick a story and how it is turned, then click the mat where its top-left corner goes."""
    at.radio(key="chk_story").set_value(story).run()
    at.radio(key="chk_orientation").set_value(footprint).run()
    at.button(key=f"chk_cell_{x}_{y}").click().run()
    no_traceback(at)


def test_it_opens_on_the_optimal_page_and_says_so():
    at = open_app(PAGE)
    assert not at.success  # no "well done" before the player did anything
    assert any("This is the optimal page itself (12 points)" in i.value for i in at.info)
    assert "as good as it gets" not in visible_text(at)


def test_a_page_built_by_clicking_the_mat():
    at = open_app(PAGE)
    at.button(key="chk_from_empty").click().run()
    assert metrics(at)["Legal"] == "no"  # an empty page leaves the Politics story off the top edge
    # the rulebook's page: Politics A upright in the first column, Crime B upright, War D upright
    place(at, 0, "1x2", 0, 0)
    place(at, 1, "1x3", 1, 0)
    place(at, 2, "2x3", 2, 0)
    page = (Placement(0, 0, 0, 1, 2), Placement(1, 1, 0, 1, 3), Placement(2, 2, 0, 2, 3))
    expected = check_page(RULEBOOK, ProposedPage(page))
    m = metrics(at)
    assert (m["Legal"], m["Your total"], m["Points lost"]) == ("yes", str(expected.total), str(expected.loss))
    assert any(f"as good as the optimal page: {expected.total} points" in s.value for s in at.success)
    # the cells show the stories on them, in the mat's grid
    assert [at.button(key=f"chk_cell_{x}_0").label for x in range(4)] == ["#1", "#2", "#3", "#3"]
    assert at.button(key="chk_cell_0_2").label == "−1"
    # moving Politics down a row breaks the top-edge rule; the checker's words are shown once
    place(at, 0, "1x2", 0, 1)
    moved = check_page(RULEBOOK, ProposedPage((Placement(0, 0, 1, 1, 2),) + page[1:]))
    assert metrics(at)["Legal"] == "no" and not moved.legal
    text = visible_text(at)
    for v in moved.violations:
        assert text.count(v.message) == 1
    # turned sideways on the top row it is legal again
    place(at, 0, "2x1", 0, 0)
    assert metrics(at)["Legal"] == "no"  # it now lies on the Crime B at (1, 0)
    assert any(RULE_WORDS["overlap"] in v for v in violations(at))
    at.button(key="chk_remove").click().run()  # Politics off the page
    assert "#1" not in [b.label for b in at.button if b.key and b.key.startswith("chk_cell_")]


def test_a_bad_paste_leaves_no_green_verdict_beside_the_error():
    at = open_app(PAGE)
    place(at, 2, "2x3", 2, 0)  # the optimal page moved by hand: still 12, a real "well done"
    assert at.success
    paste(at, '{"placements": [')
    assert any("malformed JSON" in e for e in errors(at))
    assert not at.success
    assert any("Still judging the page you had before the paste" in i.value for i in at.info)
    assert metrics(at)["Legal"] == "yes"
