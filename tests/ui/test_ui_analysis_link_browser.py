"""A link to a position in a real browser (issue #55): the analysis board opened by an address holding a
position's one line shows that position and analyses it, at 1400 px; its "Copy link" button puts the board's
own link on the clipboard, and that link, opened in a new session at a phone's 390 px, shows the same
position and the same verdict. Screenshots go to ``test-artifacts/`` (``analysis-link-*.png``).
"""
from __future__ import annotations

import html
import re
import time

import pytest
from tests.lab_words import LAB_WORDS
from tests.ui.browser_helpers import set_desktop, set_phone
from tests.ui.ui_helpers import MIDGAME

from pennypress.engine.advisor import advise
from pennypress.engine.game.names import newspaper
from pennypress.engine.notation.text import from_text, to_text
from pennypress.ui.app.analysis_link import NAME, line_in, link_to
from pennypress.ui.render.board_svg import board_narrow_svg, board_svg
from pennypress.ui.render.verdict import verdict

pytestmark = pytest.mark.browser

LINE = to_text(from_text(MIDGAME))  # a 3-player midgame, the third newspaper to move, its drawn cards written


def _drawn_board(page) -> list[str]:
    """The texts of the board drawn on the page (the layout the width shows), in order."""
    return page.d.execute_script(
        "const b = [...document.querySelectorAll('svg.pennypress-board')].filter(e => e.getClientRects().length);"
        "if (b.length !== 1) return ['boards drawn: ' + b.length];"
        "return [...b[0].querySelectorAll('text')].map(t => t.textContent);")


def _texts(svg: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", t)) for t in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, re.S)]


def _shows(page, state, width: str) -> None:
    """The page shows ``state``, opened from a link, ready to analyse: its board, who moves, no error."""
    text = page.text()
    assert NAME in text and f"{newspaper(state.current_player)} to move" in text, text[:600]
    assert "cannot be opened" not in text
    assert _drawn_board(page) == _texts((board_svg if width == "1400" else board_narrow_svg)(state)), width
    assert not {m.group(0) for m in LAB_WORDS.finditer(text)}, width
    assert page.cut_off() == [], (width, page.cut_off()[:5])
    page.shot(f"analysis-link-{width}")


def _analyse(page, said) -> None:
    page.click("Analyse")
    page.wait_for("Every move, ranked")
    box = page.d.execute_script("return document.querySelector('.pp-verdict').innerText")
    assert box.split("\n")[:2] == ["Best move", said.best], box


def test_a_link_opens_its_position_and_the_copied_link_opens_it_again_on_a_phone(person):
    state = from_text(LINE)
    said = verdict(advise(state, "fast", seed=0), state.n_players)  # Quick, the page's first choice, seed 0
    person.open(link_to("analysis_board", state))  # the page's path with the position
    _shows(person, state, "1400")

    # one click copies the board's own link (the clipboard read back); it is the address the page was opened by
    person.d.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": person.url, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    person.click("Copy link")
    deadline = time.monotonic() + 10
    while not person.d.find_elements("xpath", "//button[normalize-space(.)='Link copied ✓']"):  # said on the button
        assert time.monotonic() < deadline, "the button never said the link was copied"
        time.sleep(0.05)
    copied = person.d.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, e => done('not read: ' + e));")
    assert copied == link_to(f"{person.url}/analysis_board", state), copied
    assert line_in(copied) == LINE
    _analyse(person, said)

    # the copied link in a new session, on a phone: the same position, the same verdict
    set_phone(person.d)
    person.d.get(copied)
    person.ok()
    _shows(person, state, "390")
    person.expand("The link to this position")  # the link to read and select, in its box
    assert person.d.execute_script(
        "return [...document.querySelectorAll('.pp-notation')].map(e => e.textContent.trim())") == [copied]
    assert person.cut_off() == [] and person.d.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    _analyse(person, said)
    set_desktop(person.d)
