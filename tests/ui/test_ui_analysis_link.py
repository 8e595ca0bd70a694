"""A link to a position (issue #55), with AppTest: ``/analysis_board?position=LINE`` opens the board on that
position ready to analyse; a link that cannot be opened says why and the board opens as usual; the link the
board offers always holds the position shown, and opened in a new session shows that position again."""
from __future__ import annotations

import re

import pytest
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import MIDGAME, notation_boxes, open_app

from pennypress.engine import new_game
from pennypress.engine.game.names import newspaper
from pennypress.engine.notation.text import from_text, to_text
from pennypress.errors import BadInput
from pennypress.ui.app import session_keys as keys
from pennypress.ui.app.analysis_link import NAME, line_in, not_opened, position_of
from pennypress.ui.io import positions
from pennypress.ui.io.example_files import load, position_examples, title_of

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

PAGE = "app_pages/analysis_board.py"
SITE = "http://127.0.0.1:8501"
LINE = to_text(from_text(MIDGAME))  # a 3-player midgame, the third newspaper to move, its drawn cards written


def _by_link(line: str, url: str = f"{SITE}/analysis_board"):
    """The board opened by a link holding ``line``, as a new session: the app's first run, then the board
    with the address's query string (the board's first run in the session, as in a browser)."""
    at = open_app()
    at.query_params["position"] = line
    at.context["url"] = url
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def _shown(at):
    return positions.parse_position(at.session_state[keys.AB_LINE][-1]["doc"])


def _link(at) -> str:
    """The link the board offers: the one in its box, which the "Copy link" button copies too."""
    boxes = [b for b in notation_boxes(at) if "?position=" in b]
    assert len(boxes) == 1, boxes
    buttons = [re.search(r'data-link="([^"]*)"', h.value) for h in at.get("html") if "pp-copy-link" in h.value]
    assert len(buttons) == 1 and buttons[0].group(1).replace("&amp;", "&") == boxes[0], (buttons, boxes)
    return boxes[0]


def test_a_link_opens_its_position_ready_to_analyse():
    at = _by_link(LINE)
    assert _shown(at) == from_text(LINE) and not at.error
    assert at.session_state[keys.AB_NAME] == NAME
    assert any(s.value == NAME for s in at.subheader)
    mover = from_text(LINE).current_player
    assert any(m.value.startswith(f"**{newspaper(mover)}** to move") for m in at.markdown)
    assert _link(at).startswith(f"{SITE}/analysis_board?position=game+3p+")
    assert line_in(_link(at)) == LINE  # the address it was opened by, given back
    at.number_input(key="ab_playouts").set_value(20)
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    advice = at.session_state[keys.AB_ADVICE][1]
    assert advice.best.move in [str(m) for m in from_text(LINE).legal_moves()]
    assert any('class="pp-verdict"' in m.value for m in at.markdown)


def _reason(line: str) -> str:
    with pytest.raises(BadInput) as caught:
        position_of(line)
    return str(caught.value)


@pytest.mark.parametrize("line, words", [
    ("game 9p | nonsense", "'9p': expected the player count 2p to 5p"),
    (LINE.replace("war:C:1(p2x2)", "war:C:1(p2x6)"), "a player has 1 to 5 reporters on a story"),
    (LINE.replace("ad=1,2", "ad=1,0"), "p1 ad: ad=1,0 is in row 0, but the ad goes in the row of the highest penny"),
    (LINE.replace("normal p3", "normal p4"), "'p4': expected a player p1 to p3"),
    ("", "expected a position such as 'game 3p | normal p1 | board ... '"),
    ("game 3p " + "x" * 6000, "the line is 6,008 characters long; a position's line is at most 5,000"),
], ids=["unreadable", "six-reporters", "impossible-ad", "no-such-player", "empty", "too-long"])
def test_a_link_that_cannot_be_opened_says_why_and_the_board_opens_as_usual(line, words):
    at = _by_link(line)
    shown = [e.value for e in at.error]
    assert shown == [not_opened(BadInput(_reason(line)))], shown
    assert shown[0].startswith("The position in this link cannot be opened — ") and words in shown[0]
    assert "Traceback" not in shown[0] and "link: " not in shown[0]
    usual = "when-not-to-press"
    assert at.session_state[keys.AB_NAME] == f"Example: {title_of(usual)}"
    assert _shown(at) == positions.parse_position(load(position_examples()[usual]))
    assert line_in(_link(at)) == to_text(_shown(at))  # the board's own link, not the bad one
    at.run()  # said once
    assert not at.exception and not at.error


def test_the_link_follows_the_board_and_opens_the_same_position_in_a_new_session():
    at = open_app()
    at.context["url"] = f"{SITE}/"  # the app's root address: the link names the board's own page
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    seen = []
    for step in ("first", "played", "back", "handed over", "pasted"):
        if step == "played":
            at.button(key="ab_play_pick").click().run()  # the legal move the picker holds
            assert len(at.session_state[keys.AB_LINE]) == 2
        elif step == "back":
            at.button(key="ab_back").click().run()
        elif step == "handed over":  # the position editor sends the board its position
            at.session_state[keys.ANALYSIS_POSITION] = new_game(4, seed=21).to_json()
            at.run()
        elif step == "pasted":
            at.text_area(key="ab_paste").input(to_text(new_game(2, seed=3)))
            at.button(key="ab_load_paste").click().run()
        assert not at.exception and not at.error, (step, at.exception, [e.value for e in at.error])
        link = _link(at)
        assert link.startswith(f"{SITE}/analysis_board?position=game+"), (step, link)
        assert to_text(from_text(line_in(link))) == to_text(_shown(at)), step
        seen.append(link)
    assert seen[0] == seen[2] and len({seen[0], seen[1], seen[3], seen[4]}) == 4, seen
    # the link of the position after a move, opened in a new session: that position, ready to analyse
    opened = _by_link(line_in(seen[1]))
    assert not opened.error and to_text(_shown(opened)) == line_in(seen[1])
    assert _link(opened) == f"{SITE}/analysis_board?position=" + seen[1].split("?position=", 1)[1]
