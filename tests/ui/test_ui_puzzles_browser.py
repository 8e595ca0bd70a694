"""The Puzzles trainer clicked in a real browser (headless Chromium), as a person solves puzzles:
one puzzle of each kind answered right and one answered wrong, the filters clicked, the page laid
out story by story on the mat, the press/wait buttons, the move picked by its words. After every
answer the rating shown must be openskill's (computed here), the why must show the second-best
choice and what it loses, and nothing may be in the engine's notation; a malformed puzzle file
uploaded gets one readable line. Every step is a click (or a file chosen), never a widget's state
set from the test. Screenshots in ``test-artifacts/`` (``puzzles-*.png``).
"""
from __future__ import annotations

import json

import pytest
from tests.ui.browser_helpers import Page
from openskill.models import PlackettLuce

from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import check_answer, load_puzzles
from pennypress.engine.puzzles.rating import STEP
from pennypress.ui.app.move_picker import move_groups
from pennypress.ui.app.page_builder import orientation_words
from pennypress.ui.render.words import numbered_story
from tests.ui.ui_helpers import on_the_familiar_scale

pytestmark = pytest.mark.browser
SHIPPED = load_puzzles()


class Rated:
    """The rating a person should have after their answers, by openskill itself."""

    def __init__(self):
        self.model = PlackettLuce()
        self.me = self.model.rating()

    def answer(self, difficulty: int, solved: bool) -> str:
        puzzle = self.model.rating(mu=self.model.mu + (difficulty - 3) * STEP, sigma=self.model.sigma)
        (self.me,), _ = self.model.rate([[self.me], [puzzle]], ranks=[1, 2] if solved else [2, 1])
        return str(on_the_familiar_scale(self.me.mu, self.model))


def reads_plainly(page: Page) -> None:
    assert not page.notation(), page.notation()


def lay_out(person: Page, problem, page: dict) -> None:
    """Each story chosen, turned, and its top-left cell clicked on the mat; the exclusive picked."""
    for p in page["placements"]:
        person.choose("pz_pg_story", numbered_story(problem, p["story"]))
        person.choose("pz_pg_orientation", orientation_words(p["w"], p["h"]))
        person.click_key(f"pz_pg_cell_{p['x']}_{p['y']}")
    if "exclusive" in page:
        label = "No exclusive" if page["exclusive"] is None else numbered_story(problem, page["exclusive"])
        person.pick("pz_pg_exclusive", label)


def pick_move(person: Page, puzzle, notation: str) -> None:
    groups = move_groups(puzzle.position().legal_moves())
    if len(groups) > 1:
        person.choose("pz_move_kind", next(k for k, ms in groups.items() if notation in map(str, ms)))
    person.choose("pz_move", move_words(notation))


def test_one_puzzle_of_each_kind_right_and_one_wrong(person):
    rated = Rated()
    person.open("puzzles")  # the page's own address
    person.wait_for(f"Puzzle 1 of {len(SHIPPED)}")  # the shipped set is read once, on the first visit
    assert person.metric("Your rating") == "1500" == str(on_the_familiar_scale(PlackettLuce().mu, PlackettLuce()))
    assert person.metric("Solved") == "none tried yet"  # not "0 of 0" before the first puzzle

    # ---- lay out the page: right, then wrong
    person.choose("pz_kind", "Lay out the page")
    person.choose("pz_level", "3 · tricky")
    first, second = SHIPPED.filter(kind="page", difficulty=3)[:2]
    person.wait_for(f"Puzzle 1 of {len(SHIPPED.filter(kind='page', difficulty=3))}: Lay out the page")
    lay_out(person, first.problem(), first.evidence["optimal_page"])
    person.click("Check my page")
    person.wait_for(check_answer(first, first.evidence["optimal_page"]).why[0])
    text = person.text()
    assert person.metric("Your rating") == rated.answer(3, True)
    assert f"The second-best page scores {first.second_best['total']}" in text
    reads_plainly(person)
    person.shot("puzzles-page-right")

    person.click("Next puzzle →")
    person.wait_for("Puzzle 2 of")
    lay_out(person, second.problem(), second.second_best["choice"])
    person.click("Check my page")
    judged = check_answer(second, second.second_best["choice"])
    assert not judged.correct
    person.wait_for(judged.why[0])
    assert person.metric("Your rating") == rated.answer(3, False)
    assert person.metric("Solved") == "1 of 2"

    # ---- press or wait: right, then wrong
    person.choose("pz_level", "Any difficulty")  # the page puzzle shown stays: it is still in the filter
    person.choose("pz_kind", "Press or wait?")  # now it is not: the first press-or-wait puzzle is shown
    first, second = SHIPPED.filter(kind="press-or-wait")[:2]
    person.wait_for(f"Puzzle 1 of {len(SHIPPED.filter(kind='press-or-wait'))}: Press or wait?")
    person.click("Press now" if first.answer == ("press",) else "Wait")
    person.wait_for(check_answer(first, first.answer[0] if first.answer == ("press",) else "wait").why[0])
    text = person.text()
    assert f"The second-best choice: {first.second_best['in_words']}: you would {first.second_best['loses']}." in text
    assert person.metric("Your rating") == rated.answer(first.difficulty, True)
    reads_plainly(person)
    person.click("Next puzzle →")
    wrong = "wait" if second.answer == ("press",) else "press"
    person.click("Wait" if wrong == "wait" else "Press now")
    person.wait_for(check_answer(second, wrong).why[0])
    assert person.metric("Your rating") == rated.answer(second.difficulty, False)

    # ---- best move: right, then wrong
    person.choose("pz_kind", "Best move")
    first, second = SHIPPED.filter(kind="best-move")[:2]
    person.wait_for(f"Puzzle 1 of {len(SHIPPED.filter(kind='best-move'))}: Best move")
    pick_move(person, first, first.answer[0])
    person.click("Play this move")
    person.wait_for(f"Correct: {move_words(first.answer[0])};")
    assert person.metric("Your rating") == rated.answer(first.difficulty, True)
    person.click("Next puzzle →")
    wrong = second.evidence["second"]["move"]
    pick_move(person, second, wrong)
    person.click("Play this move")
    person.wait_for(f"Not the best: {move_words(wrong)};")
    text = person.text()
    assert f"The second-best choice: {second.second_best['in_words']}" in text
    assert person.metric("Your rating") == rated.answer(second.difficulty, False)
    assert person.metric("Solved") == "3 of 6"
    reads_plainly(person)
    person.shot("puzzles-best-move-wrong")


def test_a_malformed_puzzle_file_gets_one_readable_line(person, tmp_path):
    from selenium.webdriver.common.by import By

    person.open("puzzles")
    person.wait_for(f"Puzzle 1 of {len(SHIPPED)}")
    doc = SHIPPED.to_json()
    doc["puzzles"] = doc["puzzles"][:2]
    doc["puzzles"][0] = dict(doc["puzzles"][0], kind="riddle")
    bad = tmp_path / "bad-puzzles.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    person.expand("Use another puzzle file (JSON, as `pennypress puzzle generate` writes)")
    person.d.find_element(By.CSS_SELECTOR, '.st-key-pz_upload input[type="file"]').send_keys(str(bad))
    person.wait_for("The puzzle file was not loaded: bad-puzzles.json: ", timeout=60)
    errors = [e.text for e in person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stAlert"]')]
    assert len(errors) == 1 and "kind" in errors[0] and "Traceback" not in errors[0], errors
    assert person.metric("Puzzles here") == str(len(SHIPPED))


def test_a_puzzle_found_by_games_says_what_each_move_leads_to_at_both_widths(person, tmp_path):
    """A timing puzzle found by full games first (#54), uploaded and answered at 1400 px and again at a phone's
    390 px: the verdict, the smallest gain over every kind of opponent tried, what each move leads to in those
    games (the next front page, the pages to the end), the other choice's loss as the games measured it, the
    games of each kind of opponent under Details -- in words, nothing from the search."""
    from selenium.webdriver.common.by import By

    from pennypress.engine.game.moves import parse_move
    from pennypress.engine.puzzles.population_story import story_words
    from tests.ui.browser_helpers import set_desktop, set_phone

    found = [p for p in SHIPPED if p.certainty == "population"]
    puzzle = next((p for p in found if p.answer == ("press",)), found[0])
    path = tmp_path / "found-by-games.json"
    path.write_text(json.dumps({"format": "pennypress-puzzles", "version": 1, "puzzles": [puzzle.to_json()]}),
                    encoding="utf-8")
    story = story_words(puzzle.evidence["story"], parse_move(puzzle.evidence["population"]["answer"]))
    for width, setter in (("1400", set_desktop), ("390", set_phone)):
        setter(person.d)
        person.open("puzzles")
        person.expand("Use another puzzle file (JSON, as `pennypress puzzle generate` writes)")
        person.d.find_element(By.CSS_SELECTOR, '.st-key-pz_upload input[type="file"]').send_keys(str(path))
        person.wait_for("Puzzle 1 of 1", timeout=60)
        person.click("Press now" if puzzle.answer == ("press",) else "Wait")
        person.wait_for(story[0])
        text = person.text()
        assert puzzle.why[1] in text and all(line in text for line in story), width
        assert f"it loses {puzzle.second_best['loses']}" in text
        assert "99.9" not in text and "judged by search" not in text.lower() and "the search's" not in text
        person.expand("Details: the games against each kind of opponent")
        person.wait_for("Other newspapers played by")
        reads_plainly(person)
        person.shot(f"puzzles-found-by-games-{width}")
