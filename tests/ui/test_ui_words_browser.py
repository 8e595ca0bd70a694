"""Every page of the tournament, the puzzles, the position editor and viewer, the scoring examples and the
press desk in players' words, clicked in a real browser (headless Chromium) at 1400 px and at 390 px.

Each fix of issue #34's part 4 is checked by clicks only, at both widths, with screenshots in
``test-artifacts/`` (``words-*.png``):

- ratings on the familiar scale (the tournament's and the puzzles'): whole numbers, openskill's mean
  mapped as documented, the puzzle rating moving by whole points; never "Solved 0 of 0";
- the tournament's columns explained in plain words under its table;
- the editor's one line only in its notation box (collapsed until opened), the top beats compact;
- no file path on the scoring examples;
- "Proven optimal page", never "Search: Proven";
- a selected toggle that looks selected (filled dark), not like the red action button, and back;
- the sweep: none of the statistics or search words a player should not meet (outside a collapsed
  section) on any of these pages.
"""
from __future__ import annotations

import inspect
import re

import pytest
from tests.ui.browser_helpers import Page, runs, set_desktop, set_phone
from openskill.models import PlackettLuce
from tests.ui.ui_helpers import on_the_familiar_scale
from tests.lab_words import HUNTED

from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.engine.puzzles import load_puzzles

pytestmark = pytest.mark.browser
SHIPPED = load_puzzles()
WIDTHS = (("1400", set_desktop), ("390", set_phone))
PAGES = ("press_desk", "check_page", "position_editor", "position_viewer", "scoring_examples", "tournament",
         "puzzles", "strategy")


def plain(page: Page, where: str) -> None:
    """None of the hunted words in what the page shows (a collapsed section's content is not shown)."""
    found = sorted({m.group(0) for m in HUNTED.finditer(page.text())})
    assert not found, (where, found)
    assert not page.notation(), (where, page.notation())


def at_both_widths(page: Page, name: str, check) -> None:
    """``check`` at 1400 px and at 390 px, each followed by the sweep's checks (plain words, no sideways page)
    and a screenshot ``words-NAME-WIDTH.png``."""
    for width, setter in WIDTHS:
        setter(page.d)
        page.ok()
        check(width)
        plain(page, f"{name} at {width}")
        assert page.d.execute_script(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
        page.shot(f"words-{name}-{width}")
    set_desktop(page.d)
    page.ok()


def _background(page: Page, css: str) -> str:
    return page.d.execute_script(
        "const b = document.querySelector(arguments[0]); return b ? getComputedStyle(b).backgroundColor : null;", css)


SELECTED = "rgb(31, 41, 55)"  # the chosen option's fill (widgets.PAGE_CSS)


SWEPT_ELSEWHERE = {"press_desk": "test_press_desk_proven_optimal_and_a_selected_toggle_that_looks_selected",
                   "position_editor": "test_editor_one_line_only_in_its_box_and_top_beats_compact",
                   "position_viewer": "test_viewer_names_no_file",
                   "scoring_examples": "test_scoring_examples_show_no_file_path",
                   "puzzles": "test_puzzles_rating_moves_by_whole_points_and_no_solved_0_of_0"}
"""Pages the sweep's look is taken of by another test of this module: each opens its page by its address and,
before any click, looks at it with :func:`at_both_widths` -- the sweep's own checks at both widths (plain words,
no sideways page), and the screenshots -- so the sweep does not open the same fresh page again."""


def test_the_sweep_every_page_opens_in_plain_words(person):
    for path, name in SWEPT_ELSEWHERE.items():  # each still opens its page and looks at it at both widths
        source = inspect.getsource(globals()[name])
        assert path in PAGES and f'person.open("{path}")' in source and "at_both_widths(person, " in source, name
    for path in PAGES:
        if path not in SWEPT_ELSEWHERE:
            person.open(path)
            at_both_widths(person, f"sweep-{path}", lambda width: None)


def test_tournament_ratings_on_the_familiar_scale_and_its_columns_explained(person):
    person.open("tournament")
    person.type_number("tour_games", 3)
    person.click("Play the tournament")
    person.wait_for("What the columns say")
    # the page's defaults: heuristic against two greedy bots, seed 1; the same games played here
    report = run_tournament(TournamentSpec.create(3, ["heuristic", "greedy", "greedy"], 3, 1))
    expected = [str(on_the_familiar_scale(b["rating"]["mu"], PlackettLuce())) for b in report["bots"]]

    def check(width):
        from selenium.webdriver.common.by import By

        text = person.text()
        for heading in ("Win share", "95% interval", "Luck alone does as well", "Mean circulation", "Mean margin",
                        "Mean presses", "Rating"):
            assert f"{heading}: " in text, (width, heading)  # each column said in words under the table
        assert "binomial" not in text.lower() and "By luck alone" not in text
        cells = [c.text.strip() for c in person.d.find_elements(By.CSS_SELECTOR, '.pp-table td[data-label="Rating"]')
                 if c.is_displayed()]
        assert cells == expected, (width, cells)  # the engine's ratings, mapped as documented, whole numbers
        assert all(re.fullmatch(r"\d{3,4}", c) for c in cells), (width, cells)
        luck = [c.text.strip() for c in person.d.find_elements(By.CSS_SELECTOR,
                                                                '.pp-table td[data-label="Luck alone does as well"]')
                if c.is_displayed()]
        assert all(re.fullmatch(r"(under 0\.1|\d+(\.\d)?)%, .+", c) for c in luck), luck

    at_both_widths(person, "tournament", check)


def test_puzzles_rating_moves_by_whole_points_and_no_solved_0_of_0(person):
    person.open("puzzles")
    person.wait_for("Puzzle 1 of")

    def before(width):
        assert person.metric("Solved") == "none tried yet"
        assert person.metric("Your rating") == str(on_the_familiar_scale(PlackettLuce().mu, PlackettLuce()))

    at_both_widths(person, "puzzles-before", before)
    person.choose("pz_kind", "Press or wait?")
    puzzle = SHIPPED.filter(kind="press-or-wait")[0]
    person.wait_for("Puzzle 1 of")
    person.click("Press now" if puzzle.answer == ("press",) else "Wait")
    person.wait_for("Why")
    model = PlackettLuce()
    me = model.rating()
    opponent = model.rating(mu=model.mu + (puzzle.difficulty - 3) * 25 / 6, sigma=model.sigma)
    (after,), _ = model.rate([[me], [opponent]], ranks=[1, 2])

    def answered(width):
        from selenium.webdriver.common.by import By

        shown = person.metric("Your rating")
        assert shown == str(on_the_familiar_scale(after.mu, model)), (width, shown)
        delta = person.d.find_element(By.CSS_SELECTOR, '[data-testid="stMetricDelta"]').text.strip()
        assert re.fullmatch(r"[+−-]?\d+", delta.replace(" ", "")), delta  # whole points, no decimals
        assert abs(int(delta.replace("−", "-"))) == abs(int(shown) - 1500)
        assert person.metric("Solved") == "1 of 1"

    at_both_widths(person, "puzzles-after", answered)


def test_editor_one_line_only_in_its_box_and_top_beats_compact(person):
    from selenium.webdriver.common.by import By

    person.open("position_editor")

    def check(width):
        assert not [e for e in person.d.find_elements(By.CSS_SELECTOR, ".pp-notation") if e.is_displayed()], width
        assert not re.search(r"^game \dp \|", person.text(), re.M)  # not printed under the board
        tops = person.d.find_element(By.CSS_SELECTOR, ".pp-tops")
        chips = tops.find_elements(By.CSS_SELECTOR, ".pp-chip")
        assert len(chips) == 5 and "all five tied" in tops.text  # an empty table: every beat ties at 0
        # compact: at most two rows of chips (the metric it replaces wrapped over 3-4 lines in big type)
        rows = {round(c.location["y"]) for c in chips}
        assert len(rows) <= (2 if width == "1400" else 3), (width, rows)
        values = [v.text for v in person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stMetricValue"]')]
        assert not any("Crime & Calamity" in v for v in values), values

    at_both_widths(person, "editor", check)
    person.expand("This position as one line (to copy, or to paste on another page)")
    line = person.d.find_element(By.CSS_SELECTOR, ".pp-notation").text
    assert line.startswith("game 3p")  # there, when asked for
    # a segmented control's chosen option is drawn selected: "To move" is The Times
    group = '.st-key-ed_w_player [data-testid="stButtonGroup"] button'
    assert _background(person, group + '[aria-checked="true"]') == SELECTED
    assert _background(person, group + '[aria-checked="false"]') != SELECTED
    since = runs(person.d)
    person.d.find_element(By.CSS_SELECTOR, group + '[aria-checked="false"]').click()  # another newspaper to move
    person.ok(since)  # the run the click began, ended
    chosen = person.d.find_elements(By.CSS_SELECTOR, group + '[aria-checked="true"]')
    assert len(chosen) == 1 and _background(person, group + '[aria-checked="true"]') == SELECTED
    assert "The Sun" in person.text()
    person.shot("words-editor-segmented-1400")


def test_viewer_names_no_file(person):
    person.open("position_viewer")

    def check(width):
        assert "docs/guide" not in person.text()

    at_both_widths(person, "viewer", check)


def test_scoring_examples_show_no_file_path(person):
    person.open("scoring_examples")

    def check(width):
        text = person.text()
        assert "examples/" not in text and ".json" not in text, width
        assert "Optimal total" in text

    at_both_widths(person, "scoring-examples", check)


def test_press_desk_proven_optimal_and_a_selected_toggle_that_looks_selected(person):
    from selenium.webdriver.common.by import By

    person.open("press_desk")
    toggle = ".st-key-ad_none button"
    action = '[data-testid="stBaseButton-primary"]'

    def check(width):
        text = person.text()
        assert "Proven optimal page" in text and "Search" not in text, width
        assert _background(person, toggle) == SELECTED, width  # no ad: the toggle is on
        mark = person.d.execute_script("return getComputedStyle(document.querySelector(arguments[0]), '::before')"
                                       ".content", toggle + " p")
        assert "✓" in mark, mark  # and carries a check mark
        red = _background(person, action)
        assert red is None or red != SELECTED  # unlike any action button

    at_both_widths(person, "press-desk", check)
    person.click_key("ad_1_1")  # the ad put on the mat: the toggle goes off
    assert "Ad: middle row, 2nd column" in person.text()
    assert _background(person, toggle) != SELECTED
    person.shot("words-press-desk-ad-on-the-mat-1400")
    person.click("No advertisement")
    assert _background(person, toggle) == SELECTED and "Ad: none" in person.text()
