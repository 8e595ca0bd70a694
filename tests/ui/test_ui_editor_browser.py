"""The position editor in a real browser: a person clicks a midgame position in, the engine's number is read back.

Uses the worker's shared app and browser (the ``person`` fixture in tests/ui/conftest.py; Debian chromium and
chromedriver, skipped with the reason when missing, a failure under CI). Screenshots of the editor at desktop
and phone width go to ``test-artifacts/``.
"""
from __future__ import annotations

import time

import pytest

from pennypress.engine import preview_press
from pennypress.engine.game.names import newspaper
from pennypress.engine.notation.text import from_text
from pennypress.ui.app import session_keys as keys
from pennypress.ui.app.editor_draft import story_label
from tests.ui.browser_helpers import ARTIFACTS, PHONE, full_page, painted, quiet, runs, shown
from tests.ui.ui_helpers import MIDGAME

from tests.notation.notation_helpers import normalised


class Person:
    """Clicks and types in the browser; counts each widget set or click as one interaction."""

    def __init__(self, driver):
        self.d = driver
        self.actions = 0

    def _el(self, css: str):
        from selenium.webdriver.common.by import By

        deadline = time.monotonic() + 30
        while True:
            found = self.d.find_elements(By.CSS_SELECTOR, css)
            if found:
                el = found[0]
                self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
                return el
            if time.monotonic() > deadline:
                raise AssertionError(f"no element {css}")
            time.sleep(0.05)

    def _did(self, since: int) -> None:
        """One interaction done: wait for the run it began (``since``: :func:`runs` before it)."""
        self.actions += 1
        quiet(self.d, since=since)

    def click_text(self, key: str, text: str) -> None:
        deadline = time.monotonic() + 30
        while True:  # the buttons come a moment after their container
            # the first button whose text is ``text``, scrolled into view, and every button's text (one call)
            button, said = self.d.execute_script(
                "const all = [...document.querySelectorAll(arguments[0])];"
                "const said = all.map(b => (b.textContent || '').trim());"
                "const i = said.indexOf(arguments[1]);"
                "if (i >= 0) all[i].scrollIntoView({block: 'center'});"
                "return [i >= 0 ? all[i] : null, said];", f".st-key-{key} button", text)
            if button is not None or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert button is not None, (text, said)
        since = runs(self.d)
        self.d.execute_script("arguments[0].click();", button)
        self._did(since)

    def click_key(self, key: str) -> None:
        button = self._el(f".st-key-{key} button")
        since = runs(self.d)
        self.d.execute_script("arguments[0].click();", button)
        self._did(since)

    def type_number(self, key: str, value: int) -> None:
        from selenium.webdriver.common.keys import Keys

        field = self._el(f".st-key-{key} input")
        since = runs(self.d)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(str(value), Keys.TAB)
        self._did(since)

    def choose(self, key: str, label: str) -> None:
        """Pick ``label`` in a multiselect: open it, narrow the list by typing, click the option."""
        from selenium.webdriver.common.keys import Keys

        field = self._el(f".st-key-{key} input")
        field.click()
        field.send_keys(label)
        deadline = time.monotonic() + 20
        while True:
            options, _ = shown(self.d, '[role="option"]', text=label)
            if options or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert options, f"no option {label!r} in {key}"
        since = runs(self.d)
        options[0].click()
        field.send_keys(Keys.ESCAPE)
        self._did(since)


def enter(person: Person, line: str) -> None:
    target = from_text(line)
    for b, column in target.columns.items():
        for story in column:
            person.click_text(keys.ed_add_key(b.value), story_label(str(story)).removeprefix(b.title + " "))
    for story, counts in target.reporters.items():
        for i, k in enumerate(counts):
            if k:
                person.type_number(keys.ed_reporters_key(str(story), i), k)
    for i, p in enumerate(target.players):
        if p.circulation:
            person.type_number(keys.ed_mat_key("circ", i), p.circulation)
        if p.pennies:
            person.type_number(keys.ed_mat_key("pennies", i), p.pennies)
        if p.ad is not None:
            person.click_key(keys.ed_ad_cell_key(i, *p.ad))
        for story in p.published:
            person.choose(keys.ed_mat_key("pub", i), story_label(str(story)))
    for b, v in target.bonus.items():
        if v != 2:
            person.type_number(keys.ed_bonus_key(b.value), v)
    if target.current:
        person.click_text(keys.ED_PLAYER, newspaper(target.current).removeprefix("The "))


@pytest.mark.browser
def test_editor_in_a_real_browser(person):
    from selenium.webdriver.common.by import By

    url, browser = person.url, person.d
    ARTIFACTS.mkdir(exist_ok=True)
    browser.get(f"{url}/position_editor")
    person = Person(browser)  # counts the interactions
    person._el(f".st-key-{keys.ed_add_key('human')}")  # the page is drawn
    quiet(browser)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Position editor"
    enter(person, MIDGAME)
    assert person.actions < 40, person.actions
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')
    errors = [e.text for e in browser.find_elements(By.CSS_SELECTOR, '[data-testid="stAlertContentError"]')]
    if errors:
        browser.save_screenshot(str(ARTIFACTS / "position-editor-failed.png"))
    assert not errors, errors
    summary = next(e for e in browser.find_elements(By.CSS_SELECTOR, '[data-testid="stExpander"] summary')
                   if "This position as one line" in e.get_attribute("textContent"))
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
    summary.click()  # the one line is only in its notation box, collapsed under the board
    quiet(browser)
    shown = browser.find_element(By.CSS_SELECTOR, '.pp-notation').text.replace("\n", " ")
    assert normalised(from_text(shown)) == normalised(from_text(MIDGAME))
    values = [e.text for e in browser.find_elements(By.CSS_SELECTOR, '[data-testid="stMetricValue"]')]
    assert values[0] == "The Herald"
    assert values[1] == str(preview_press(from_text(MIDGAME), 2).total).replace("-", "−") or \
        values[1] == str(preview_press(from_text(MIDGAME), 2).total)
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    browser.set_window_size(1400, 2300)
    painted(browser)  # laid out at the new size
    browser.save_screenshot(str(ARTIFACTS / "position-editor.png"))

    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)  # the same page, at phone width
    painted(browser)
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert width == PHONE["width"]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width  # no sideways page
    full_page(browser, ARTIFACTS / "phone-position-editor.png")
