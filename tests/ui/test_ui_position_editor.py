"""The position editor: a person enters a position, the engine judges it, the result is used elsewhere.

The AppTest drives the real app like a person (each widget set or click counts as one
interaction) and checks the position it ends with against the intended one, read by the
engine from a hand-written line of notation.
"""
from __future__ import annotations

import random
import re

import pytest

from pennypress.engine import new_game
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.notation.check import check_text
from pennypress.ui.app import editor_draft as ed
from pennypress.ui.app import session_keys as keys
from pennypress.ui.io import example_files, positions
from tests.notation.notation_helpers import normalised, selfplay_positions
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import MIDGAME, no_traceback, notation_boxes, open_app

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

EDITOR = "app_pages/position_editor.py"

# A typical 3-player midgame: 10 stories in play, 12 reporters on them, 2 presses made.


class Person:
    """Drives the editor in an AppTest and counts what a person does: one per widget set or click."""

    def __init__(self, at):
        self.at = at
        self.actions = 0

    def _done(self, widget) -> None:
        widget.run()
        self.actions += 1
        no_traceback(self.at)

    def add(self, story: str) -> None:
        self._done(self.at.pills(key=keys.ed_add_key(story.split(":")[0])).set_value(story))

    def reporters(self, story: str, player: int, k: int) -> None:
        self._done(self.at.number_input(key=keys.ed_reporters_key(story, player)).set_value(k))

    def mat(self, field: str, player: int, value: int) -> None:
        self._done(self.at.number_input(key=keys.ed_mat_key(field, player)).set_value(value))

    def publish(self, player: int, story: str) -> None:
        self._done(self.at.multiselect(key=keys.ed_mat_key("pub", player)).select(story))

    def ad(self, player: int, x: int, y: int) -> None:
        self._done(self.at.button(key=keys.ed_ad_cell_key(player, x, y)).click())

    def bonus(self, beat: str, value: int) -> None:
        self._done(self.at.number_input(key=keys.ed_bonus_key(beat)).set_value(value))

    def to_move(self, player: int) -> None:
        self._done(self.at.segmented_control(key=keys.ED_PLAYER).set_value(player))

    def shown_line(self) -> str:
        return notation_boxes(self.at)[0]


def enter(person: Person, line: str) -> None:
    """Enter the position of ``line`` as a person would, from an empty table (the editor's default):
    each column's stories bottom to top, the reporters on them, each mat, the bonus markers, the turn."""
    target = from_text(line)
    for b, column in target.columns.items():
        for story in column:
            person.add(str(story))
    for story, counts in target.reporters.items():
        for i, k in enumerate(counts):
            if k:
                person.reporters(str(story), i, k)
    for i, p in enumerate(target.players):
        if p.circulation:
            person.mat("circ", i, p.circulation)
        if p.pennies:
            person.mat("pennies", i, p.pennies)
        if p.ad is not None:
            person.ad(i, *p.ad)
        for story in p.published:
            person.publish(i, str(story))
    for b, v in target.bonus.items():
        if v != 2:
            person.bonus(b.value, v)
    if target.current:
        person.to_move(target.current)


@pytest.mark.slow
def test_a_midgame_position_in_under_40_interactions():
    at = open_app(EDITOR)
    person = Person(at)
    enter(person, MIDGAME)
    assert person.actions < 40, person.actions
    assert not at.error, [e.value for e in at.error]
    entered = from_text(person.shown_line())  # the line the page shows, as a person would copy it
    assert normalised(entered) == normalised(from_text(MIDGAME))
    # the number read back is the engine's: The Herald pressing now
    from pennypress.engine import preview_press

    shown = {m.label: m.value for m in at.metric}
    assert shown["To move"] == "The Herald"
    assert shown["Press value now"] == str(preview_press(entered, 2).total)
    # every figure the rules fix was computed, never asked: home reporters shown per newspaper
    captions = [c.value for c in at.caption]
    assert "1 reporters at home" in captions and "2 reporters at home" in captions and "0 reporters at home" in captions


def _block_of(node, text: str):
    """The innermost block of the page that holds an error whose text contains ``text``."""
    children = getattr(node, "children", None)
    if not children:
        return None
    for child in children.values():
        found = _block_of(child, text)
        if found is not None:
            return found
    for child in children.values():
        if type(child).__name__ == "Error" and text in str(child.value):
            return node
    return None


def _texts(node) -> str:
    out = [str(getattr(node, "value", ""))]
    for child in (getattr(node, "children", None) or {}).values():
        out.append(_texts(child))
    return " ".join(out)


@pytest.mark.slow
def test_problems_show_at_their_spot_in_newspaper_words():
    at = open_app(EDITOR)
    person = Person(at)
    for s in ("war:D:1", "war:D:2"):
        person.add(s)
    for s in ("war:D:1", "war:D:2"):
        person.reporters(s, 1, 3)  # The Sun: 6 reporters on the board
    for s in ("war:D:3", "war:C:1", "war:C:2"):
        person.add(s)  # 10 spaces in the War column
    person.add("crime:A:1")
    person.publish(0, "crime:A:1")  # Crime & Calamity A ★ in play, and published by The Times who has not pressed
    errors = [e.value for e in at.error]
    assert len(errors) == 4, errors
    sun = _block_of(at.main, "6 reporters on the board")
    assert sun is not None and "The Sun (player 2)" in _texts(sun)
    war = _block_of(at.main, "the column has 9")
    assert war is not None and "**War**" in _texts(war) and "The Sun" not in _texts(war)
    times = _block_of(at.main, "each story is in exactly one place")
    assert times is not None and "The Times (player 1)" in _texts(times)
    for words in errors:  # the table's words, never the document's paths
        assert "players[" not in words and "position." not in words and "war:" not in words, words
    assert "Crime & Calamity A ★ is also in the Crime & Calamity column" in " ".join(errors)
    assert _block_of(at.main, "a press publishes at most 5") is times
    assert at.warning[0].value.startswith("4 problems")
    # fixing them clears them
    person.reporters("war:D:2", 1, 2)
    at.button(key=keys.ed_remove_key("war:C:2")).click().run()
    at.multiselect(key=keys.ed_mat_key("pub", 0)).unselect("crime:A:1").run()
    assert not at.error, [e.value for e in at.error]
    assert at.metric  # the position is usable now


@pytest.mark.slow
def test_start_from_an_example_a_deal_and_the_analysis_board():
    at = open_app(EDITOR)
    at.selectbox(key=keys.ED_START).set_value("example").run()
    name = "when-not-to-press"
    at.selectbox(key=keys.ED_START_EXAMPLE).set_value(name).run()
    at.button(key=keys.ED_START_LOAD).click().run()
    no_traceback(at)
    example = positions.parse_position(example_files.load(example_files.position_examples()[name]))
    assert notation_boxes(at)[0] == to_text(example)
    assert at.number_input(key=keys.ed_mat_key("circ", 1)).value == example.players[1].circulation

    at.selectbox(key=keys.ED_START).set_value("dealt").run()
    at.number_input(key=keys.ED_START_PLAYERS).set_value(4).run()
    at.number_input(key=keys.ED_START_SEED).set_value(9).run()
    at.button(key=keys.ED_START_LOAD).click().run()
    assert notation_boxes(at)[0] == to_text(new_game(4, seed=9))

    at.session_state[keys.ANALYSIS_POSITION] = new_game(2, seed=5).to_json()
    at.session_state[keys.ANALYSIS_NAME] = "test"
    at.run()
    at.selectbox(key=keys.ED_START).set_value("analysis").run()
    at.button(key=keys.ED_START_LOAD).click().run()
    assert notation_boxes(at)[0] == to_text(new_game(2, seed=5))
    no_traceback(at)


@pytest.mark.slow
def test_the_result_feeds_the_viewer_and_the_press_desk():
    at = open_app(EDITOR)
    person = Person(at)
    enter(person, MIDGAME)
    at.button(key=keys.ED_TO_VIEWER).click().run()
    no_traceback(at)
    assert to_text(positions.parse_position(at.session_state[keys.POS_DOC])) == person.shown_line()
    assert at.title[0].value == "Position viewer"

    at.switch_page(EDITOR).run()  # the draft survives the trip
    assert notation_boxes(at)[0] == person.shown_line()
    at.button(key=keys.ED_TO_DESK).click().run()
    no_traceback(at)
    assert at.title[0].value.startswith("Press desk") or "Press desk" in at.title[0].value
    from pennypress.engine import preview_press

    assert at.metric[0].value == str(preview_press(from_text(MIDGAME), 2).total)


# ------------------------------------------------------------------ the draft, without the app
@pytest.fixture(scope="module")
def played():
    return selfplay_positions(8, every=5)


def test_a_draft_says_every_position_as_the_engine_does(played):
    for s in played:
        d = ed.draft_from_state(s)
        # the same line, apart from pending= (the rules fix it; the draft leaves it to the reader)
        assert ed.draft_text(d) == re.sub(r" pending=[p0-9,]+", "", to_text(s))
        got = check_text(ed.draft_text(d))
        assert got.problems == () and normalised(got.state) == normalised(s)


def test_random_mistakes_are_reported_where_they_are_in_words(played):
    rng = random.Random(11)
    for s in rng.sample(played, 40):
        d = ed.draft_from_state(s)
        mistake = rng.choice(["reporters", "publish", "pennies", "bonus"])
        seat = rng.randrange(s.n_players)
        stories = [it for b in ed.BEAT_IDS for it in d["board"][b]]
        if mistake == "reporters" and len(stories) > 1:  # steppers go to 5 on a story: 6 or more in all
            stories[0]["reporters"][seat] = 5
            stories[1]["reporters"][seat] = max(1, stories[1]["reporters"][seat])
        elif mistake == "publish" and stories:
            d["mats"][seat]["pub"].append(stories[0]["story"])
        elif mistake == "pennies":
            d["mats"][seat]["pennies"] = 9
        else:
            d["bonus"]["war"] = 25
        found = check_text(ed.draft_text(d)).problems
        if len(stories) < 2 and mistake in ("reporters", "publish"):
            continue
        assert found, (mistake, ed.draft_text(d))
        want = {"reporters": ("player", seat), "publish": ("player", seat), "pennies": ("player", seat),
                "bonus": ("bonus",)}[mistake]
        if mistake == "publish":  # the second place found: the mat, or an earlier mat holding it
            assert any(ed.spot(p)[0] == "player" for p in found)
        else:
            assert want in [ed.spot(p) for p in found], (mistake, found)
        for p in found:
            words = ed.problem_words(p)
            assert "players[" not in words and "position." not in words, words
