"""The analysis board in a real browser, as a player uses it: load the built-in example, choose Quick,
click Analyse, read the verdict, the marks and the bars, step through the likely line on the board, open
another move and read its line and why -- at 1400 px and at a phone's 390 px -- with no word of the
statistics in sight until "Details" is opened.

What the page shows is checked against the advisor's own answer for the same position, budget and seed
(deterministic on any machine), computed here: the verdict's words, each move's class and colour.
Screenshots go to ``test-artifacts/`` (``analysis-board-*.png``). Skipped with the reason without
Chromium, chromedriver or selenium; a failure under CI.
"""
from __future__ import annotations

import re

import pytest
from tests.ui.browser_helpers import runs, set_desktop, set_phone
from tests.lab_words import LAB_WORDS

from pennypress.engine.advisor import advise
from pennypress.engine.advisor.line import line_words
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words
from pennypress.ui.app.analysis_view import THINKING, chance_metric
from pennypress.ui.io.example_files import load, position_examples, title_of
from pennypress.ui.io.positions import parse_position
from pennypress.ui.render.audit_words import class_words
from pennypress.ui.render.marks import colour
from pennypress.ui.render.ranking_html import WEIGHED_NOTE
from pennypress.ui.render.stepper import arrow_of
from pennypress.ui.render.verdict import grades, verdict

pytestmark = pytest.mark.browser

EXAMPLE = "when-not-to-press"

def _rows(page) -> list[dict]:
    """The rows of the ranking drawn first on the page (the first ten moves): notation, class, the words, the
    badge, the loss shown, the bar's colour and width."""
    return page.d.execute_script(
        "return [...document.querySelector('.pp-ranking').querySelectorAll('.pp-rank')].map(e => ({"
        "move: e.getAttribute('data-move'), klass: e.getAttribute('data-class'),"
        "words: e.querySelector('.pp-move').textContent.trim(),"
        "badge: (e.querySelector('.pp-mark') || {textContent: ''}).textContent.trim(),"
        "loss: e.querySelector('.pp-loss').textContent.trim(),"
        "fill: getComputedStyle(e.querySelector('.pp-bar-fill')).backgroundColor,"
        "width: e.querySelector('.pp-bar-fill').getBoundingClientRect().width}))")


def _rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def _line_shown(page) -> list[str]:
    return page.d.execute_script(
        "return [...document.querySelectorAll('.pp-stepper .pp-stepper-item')].map(e => e.innerText.trim())")


def _stepper(page) -> dict:
    """What the stepper shows now: its step, the step in words, the bar's figure and fill, the buttons."""
    return page.d.execute_script(
        "const s = document.querySelector('.pp-stepper'); const bar = [...s.querySelectorAll('.pp-evalbar, "
        ".pp-evalbar-flat')].find(e => e.getClientRects().length);"
        "const next = s.querySelector('.pp-stepper-next').getBoundingClientRect();"
        "return {step: +s.getAttribute('data-step'), said: s.querySelector('.pp-stepper-said').innerText.trim(),"
        "count: s.querySelector('.pp-stepper-count').innerText.trim(), bar: bar.innerText.trim(),"
        "fill: bar.querySelector('.pp-evalbar-fill').style.getPropertyValue('--pp-chance'),"
        "now: s.querySelector('.pp-stepper-now').innerText.trim(), next_in_view: next.top >= 0 && "
        "next.bottom <= window.innerHeight, arrows: [...s.querySelectorAll('.pp-arrow')]"
        ".filter(a => a.closest('svg').getClientRects().length).length}")  # in the layout drawn at this width


def _step_by(page, how: str) -> None:
    """One step by a click on Next / Previous, or by the → / ← key (at the page, not in a field)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    if how in ("next", "prev"):  # a real click: the button takes the focus, as a player's click gives it
        page.d.find_element("css selector", f".pp-stepper .pp-stepper-{how}").click()
    else:
        ActionChains(page.d).send_keys(Keys.ARROW_RIGHT if how == "right" else Keys.ARROW_LEFT).perform()


def _board(page) -> str:
    """The board the likely line draws (the last one on the page that is drawn), each element with its
    attributes sorted (the browser may patch a redrawn drawing's attributes in another order)."""
    return page.d.execute_script(
        "const b = [...document.querySelectorAll('svg.pennypress-board')].filter(e => e.getClientRects().length);"
        "return [...b[b.length - 1].querySelectorAll('*')].map(e => e.tagName + ' ' + [...e.attributes]"
        ".map(a => a.name + '=' + a.value).sort().join(' ') + ' ' + (e.children.length ? '' : e.textContent))"
        ".join('\\n')")


def _at_both_widths(page, name: str):
    """At 1400 px, then at a phone's 390 px: no lab word outside Details, nothing cut off, a screenshot
    (``analysis-board-NAME-WIDTH.png``); yields each width for the caller's own checks, then back to 1400 px."""
    for width, setter in (("1400", set_desktop), ("390", set_phone)):
        setter(page.d)
        page.ok()
        found = sorted({m.group(0) for m in LAB_WORDS.finditer(page.text())})
        assert not found, (width, found)
        assert page.cut_off() == [], (width, page.cut_off()[:5])
        page.shot(f"analysis-board-{name}-{width}")
        yield width
    set_desktop(page.d)
    page.ok()


def _read_the_line(page, state, advice, move) -> None:
    """The line of ``move`` as the page lists it (the advisor's own, in words), then each step drawn: by
    Next and the → key forward, by Previous and the ← key back -- each step in the browser, no run of the
    page -- the bar at the answer's own chance for that step."""
    line = advice.line(move)
    assert line, move
    said = [f"{newspaper(state.current_player)}: {move_words(move)}", *line_words(line, state.definition.deck)]
    chances = [advice.find(move).at_first_sight().win_probability, *(s.chance for s in line)]
    assert _line_shown(page) == [f"{k}. {w}" for k, w in enumerate(said, 1)]
    assert all(re.search(r"\((\d+%|under 1%) of futures\)$", w) for w in said[1:]), said
    arrows = [len(arrow_of(m)) for m in (str(move), *(s.move for s in line))]  # a move of reporters: an arrow
    runs_before = runs(page.d)

    def check(k: int) -> str:
        now = _stepper(page)
        assert now["step"] == k and now["said"] == said[k] and now["now"] == f"{k + 1}. {said[k]}", (k, now)
        assert now["count"] == f"Step {k + 1} of {len(said)}" and now["bar"] == f"{chances[k]:.0%}", (k, now)
        assert now["fill"] == f"{100 * round(chances[k], 4):.1f}%", (k, now)
        assert now["arrows"] == arrows[k], (k, now, arrows)
        return _board(page)

    boards = [check(0)]
    for k in range(1, len(said)):
        _step_by(page, "next" if k % 2 else "right")
        boards.append(check(k))
    assert len(set(boards)) == len(boards)  # each step draws its own position
    for k in range(len(said) - 2, -1, -1):
        _step_by(page, "prev" if k % 2 else "left")
        assert check(k) == boards[k]
    assert runs(page.d) == runs_before  # the whole line stepped without asking the server once


def test_quick_analysis_of_the_example_reads_like_a_coach(person):
    state = parse_position(load(position_examples()[EXAMPLE]))
    expected = advise(state, "fast", seed=0)  # what the page must show: the same position, budget and seed
    said = verdict(expected, state.n_players)
    classes = grades(expected, state.n_players)

    person.open("analysis_board")
    person.expand("Load a position")
    person.pick("ab_example_pick", title_of(EXAMPLE))
    person.click("Load example")
    assert person.choices("ab_budget") == list(THINKING.values())
    person.choose("ab_budget", THINKING["fast"])
    person.click("Analyse")
    person.wait_for("Every move, ranked")

    # the verdict first: the best move in words and how clear it is
    box = person.d.execute_script("return document.querySelector('.pp-verdict').innerText")
    assert box.split("\n")[:3] == ["Best move", said.best, said.clarity[0].upper() + said.clarity[1:]], box
    assert said.because in box
    assert said.best == move_words(expected.best.move)

    # every ranked move (the first ten drawn) with its mark, its colour and a bar of its loss; best only first
    rows = _rows(person)
    assert [r["move"] for r in rows] == [m.move for m in expected.moves[:len(rows)]] and len(rows) == 10
    assert [r["klass"] for r in rows] == classes[:10]
    assert [r["words"] for r in rows] == [move_words(m.move) for m in expected.moves[:10]]
    assert [r["badge"] for r in rows] == [class_words(c, short=True) for c in classes[:10]]
    assert [r["fill"] for r in rows] == [_rgb(colour(c)) for c in classes[:10]]
    assert rows[0]["loss"] == "0%" and rows[0]["width"] == 0
    assert all(r["loss"].startswith("−") or r["loss"] == "0%" for r in rows[1:])  # a true minus sign
    # the bars grow with the loss, within each kind of figure: the moves Quick weighed (their loss after the next
    # player's answer) first, then the others (their loss at first sight)
    weighed = [m.weighed for m in expected.moves[:len(rows)]]
    assert weighed == sorted(weighed, reverse=True) and any(weighed) and not all(weighed)
    for kind in (True, False):
        widths = [r["width"] for r, w in zip(rows, weighed) if w == kind]
        assert widths == sorted(widths), (kind, widths)
    assert rows[-1]["width"] > rows[1]["width"]
    assert [r["klass"] for r in rows].count("best") == 1

    # the likely line after the best move, each step with how often the futures went that way, stepped
    # through on the board; then another move opened, its line and why it differs from the best
    _read_the_line(person, state, expected, expected.best.move)
    second = expected.moves[1]
    person.choose("ab_look", f"2. {move_words(second.move)}")
    _read_the_line(person, state, expected, second.move)
    for why in expected.why(second.move):
        assert why in person.text()
    person.choose("ab_look", f"1. {said.best}")

    # the statistics are one click away: not a word of them before Details is opened, then there
    for width in _at_both_widths(person, "quick"):
        assert person.small_board_text() == [], (width, person.small_board_text()[:5])
        assert not person.notation(), person.notation()
        if width == "390":  # the line stepped on a phone too, Next in view while the board is
            person.d.execute_script("document.querySelector('.pp-stepper-board').scrollIntoView()")
            assert _stepper(person)["next_in_view"]
            _step_by(person, "next")
            assert _stepper(person)["count"].startswith("Step 2 of ") and _stepper(person)["next_in_view"]
            _step_by(person, "prev")
    person.expand("Details")
    details = person.text()
    assert f"{expected.playouts} playouts" in details and f"Seed: {expected.seed}." in details
    assert "Engine: the native core (Rust)." in details
    person.shot("analysis-board-details-1400")


def test_a_thorough_analysis_says_the_answer_each_move_meets(person):
    """Thorough weighs the next player's own answer to the first moves: the page ranks in that order, says each
    answer under its move and above the likely line, and keeps the statistics in Details -- at 1400 and 390 px."""
    state = parse_position(load(position_examples()[EXAMPLE]))
    expected = advise(state, "normal", seed=0)
    assert expected.second_ply is not None and expected.best.reply is not None
    said = verdict(expected, state.n_players)

    person.open("analysis_board")
    person.expand("Load a position")
    person.pick("ab_example_pick", title_of(EXAMPLE))
    person.click("Load example")
    person.choose("ab_budget", THINKING["normal"])
    person.click("Analyse")
    person.wait_for("Every move, ranked")

    def figures_agree() -> None:
        """The verdict, the ranking, the metric and the answers read off the page agree, at this width."""
        box = person.d.execute_script("return document.querySelector('.pp-verdict').innerText")
        assert box.split("\n")[:3] == ["Best move", said.best, said.clarity[0].upper() + said.clarity[1:]], box
        assert said.because in box and newspaper(expected.best.reply.player) in said.because
        rows = _rows(person)
        assert [r["move"] for r in rows] == expected.ranking()[:len(rows)]  # the second ply's order
        facts = person.d.execute_script(
            "return [...document.querySelector('.pp-ranking').querySelectorAll('.pp-rank-facts')].map(e => ({"
            "words: e.innerText, win: e.getAttribute('data-win'), kind: e.getAttribute('data-kind')}))")
        for m, f in zip(expected.moves, facts):
            if m.weighed:  # the figure it is ranked by leads, said as after the answer; its first sight beside it
                assert f["kind"] == "after-answer" and f["win"] == f"{m.win_probability:.0%}", (m.move, f)
                assert f["words"].startswith(f"{m.win_probability:.0%} chance to win after "), (m.move, f)
                assert f"{m.first_sight.win_probability:.0%} at first sight" in f["words"], (m.move, f)
            else:
                assert f["kind"] == "first-sight" and "at first sight (the answer not weighed)" in f["words"], (m.move, f)
        # one figure, one label: the metric above the board is rank 1's figure in the ranking, said as after the answer
        label, figure, _ = chance_metric(expected.best)
        assert label == f"Chance to win after {newspaper(expected.best.reply.player)}'s answer"
        assert person.metric(label) == figure == facts[0]["win"], (person.metric(label), figure, facts[0])
        # the screen's invariant: the weighed moves come first, in the order of the chance they show ("best" on top)
        kinds = [f["kind"] for f in facts]
        weighed = [int(f["win"].rstrip("%")) for f in facts if f["kind"] == "after-answer"]
        rest = [int(f["win"].rstrip("%")) for f in facts if f["kind"] == "first-sight"]
        assert kinds == sorted(kinds) and weighed and weighed == sorted(weighed, reverse=True), facts
        assert rest == sorted(rest, reverse=True), facts  # the others: in the order of the chance they show
        shown = person.text()
        assert WEIGHED_NOTE in shown.replace("\n", " ")
        reply = expected.best.reply
        assert f"{newspaper(reply.player)}'s own answer, thought through from their seat: {move_words(reply.move)}" \
            in shown.replace("\n", " ")

    widths = []
    for width in _at_both_widths(person, "thorough"):  # one truth on the screen at either width
        figures_agree()
        widths.append(width)
    assert widths == ["1400", "390"]
    person.expand("Details")
    details = person.text()
    assert f"Second ply: {expected.second_ply.opened} of the first 3 moves answered" in details
    assert f"{expected.playouts} playouts" in details
