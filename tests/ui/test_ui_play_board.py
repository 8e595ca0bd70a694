"""Play a game by clicking the board, in a real browser, at 1400 px and at a phone's 390 px.

By clicks only: start a game, click a story on the board, choose how many
reporters, see the move played and the opponents answer (the test plays the
same game beside the page, with the same bots and seeds, and finds each
sentence on the page); click your reporters on a story to recall them; ask for
a hint and see it outlined on the board and chosen; turn coach mode on and see
your move's mark. Every step is followed by the page check (no exception), the
page is read for notation, and the mats show each newspaper's reporters at
home. Screenshots go to ``test-artifacts/play-board-*.png``. (How fast a click
answers is measured by ``benchmarks/speed/play_click.py``, not here.)
"""
from __future__ import annotations

import pytest
from tests.ui.browser_helpers import Page, runs, set_desktop, set_phone

from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.game.moves import Assign, GoToPress, Recall, parse_move
from pennypress.engine.game.names import story_name
from pennypress.engine.game.words import move_words
from pennypress.ui.app.analysis_view import move_marks

pytestmark = pytest.mark.browser

SEED, ME = 5, 1  # The Sun, against two greedy bots


def _layout(page: Page) -> str:
    """The board layout shown at the present width: ``.pp-wide`` or ``.pp-narrow``."""
    return page.d.execute_script(
        "const w = document.querySelector('.pp-click .pp-wide');"
        "return w && w.getClientRects().length ? '.pp-wide' : '.pp-narrow';")


def _mouse(page: Page, element) -> None:
    """A real mouse click at the middle of ``element`` (whatever of the drawing is on top there)."""
    from selenium.webdriver.common.action_chains import ActionChains

    since = runs(page.d)
    ActionChains(page.d).move_to_element(element).click().perform()
    page.ok(since)


def click_story(page: Page, story) -> None:
    """Click a story's drawing on the board (its group, found by its notation id)."""
    _mouse(page, page._find(f'.pp-click {_layout(page)} [data-story-id="{story}"] rect[data-story]'))


def click_my_mat(page: Page) -> None:
    _mouse(page, page._find(".pp-click [data-press] svg"))


def outline(page: Page, story) -> str:
    """The stroke colour of a story on the board as drawn now."""
    return page._find(f'.pp-click {_layout(page)} rect[data-story="{story}"]').get_attribute("stroke")


def chosen(page: Page) -> str:
    """The move the choice after a click holds, as shown."""
    from selenium.webdriver.common.by import By

    for label in page.d.find_elements(By.CSS_SELECTOR, '.st-key-play_choice [role="radiogroup"] label'):
        if label.find_element(By.CSS_SELECTOR, "input").is_selected():
            return label.text.strip()
    return ""


def play_by_clicks(page: Page, shadow: TableGame, move) -> None:
    """Choose ``move`` by its click (a story, or your mat), then in the choice, then play it; the shadow
    game follows, and every sentence of what happened is on the page."""
    if isinstance(move, GoToPress):
        click_my_mat(page)
    else:
        target = move.story if isinstance(move, Assign) else move.reporters[0][0]
        click_story(page, target)
        assert f"{story_name(target)}: what will you do?" in page.text()
    page.choose("play_choice", move_words(move))
    assert f"Your move: {move_words(move)}" in page.text()
    page.click("Play this move")
    played = len(shadow.events)
    shadow.play(move)
    shadow.run_bots()
    text = page.text()
    for event in shadow.events[played:]:  # your move, and the opponents' answers (fewer near the end)
        assert event.words in text, (event.words, text[-2000:])


def mats_show_home(page: Page, shadow: TableGame) -> None:
    """Every mat shows how many reporters its newspaper has at home, each drawn as a chip."""
    from selenium.webdriver.common.by import By

    mats = page.d.find_elements(By.CSS_SELECTOR, ".pp-click svg.pennypress-mat")
    assert len(mats) == shadow.state.n_players
    homes = sorted(len(m.find_elements(By.CSS_SELECTOR, ".home-reporter")) for m in mats)
    assert homes == sorted(p.home for p in shadow.view().players)
    for player in shadow.view().players:
        assert f"{player.home} at home" in page.text()


def looks_right(page: Page) -> None:
    """No board or mat text under 12 px, nothing cut off, no notation where a person reads."""
    assert page.small_board_text() == [], page.small_board_text()[:5]
    assert page.small_board_text("svg.pennypress-mat") == [], page.small_board_text("svg.pennypress-mat")[:5]
    assert page.cut_off() == [], page.cut_off()[:5]
    assert not page.notation(), page.notation()


def start_game(page: Page, seed: int = SEED) -> TableGame:
    """Start the page's game as The Sun against two greedy bots (deal ``seed``), by clicks; the same game
    played beside the page, up to the person's first move."""
    shadow = TableGame.new(3, ME, ["greedy", "greedy"], seed=seed)
    shadow.run_bots()
    page.open("play_game")
    page.pick("play_me", "The Sun")
    page.type_number("play_seed", seed)
    page.click("Start the game")
    return shadow


@pytest.mark.parametrize("width", ["1400", "390"])
def test_play_by_clicking_the_board(person, width):
    page = person
    (set_desktop if width == "1400" else set_phone)(page.d)
    shadow = start_game(page)
    assert shadow.events[0].words in page.text() and "Your turn, The Sun" in page.text()
    mats_show_home(page, shadow)
    looks_right(page)
    page.shot(f"play-board-start-{width}")

    # coach mode on, then a story clicked and how many chosen
    page._press(page._find(".st-key-play_coach label"))
    sends = [m for m in shadow.state.legal_moves() if isinstance(m, Assign) and m.count == 2]
    send = sends[0]
    click_story(page, send.story)
    offered = page.choices("play_choice")
    legal_there = [move_words(m) for m in shadow.state.legal_moves()
                   if isinstance(m, Assign) and m.story == send.story]
    assert offered == legal_there  # only the legal moves the click implies
    page.shot(f"play-board-clicked-{width}")
    play_by_clicks(page, shadow, send)
    coach = [line for line in page.text().splitlines() if line.startswith("Coach:")]
    assert coach and any(word in coach[0] for word in ("best", "as good as the best", "excellent", "good",
                                                       "inaccuracy", "mistake", "blunder")), coach
    assert page.d.find_elements("css selector", ".pp-coach .pp-mark")  # the mark, in its colour
    mats_show_home(page, shadow)

    # your mat clicked when you can press: only the press is offered, and what it would do is said first
    if any(isinstance(m, GoToPress) for m in shadow.state.legal_moves()):
        click_my_mat(page)
        assert page.choices("play_choice") == ["Go to press"] or "Your move: Go to press" in page.text()
        assert "If you press now, you will claim " in page.text()

    # your reporters clicked: recall them
    recalls = [m for m in shadow.state.legal_moves() if isinstance(m, Recall) and len(m.reporters) == 1]
    if recalls:
        play_by_clicks(page, shadow, recalls[0])
        assert f"You {move_words(recalls[0], past=True)}." in page.text()

    # the hint: outlined on the board and chosen
    if not shadow.is_over:
        page.click("Hint")
        page.wait_for("Hint: ")
        hint = parse_move(_hint_notation(page, shadow))
        assert f"Your move: {move_words(hint)}" in page.text()
        if not isinstance(hint, GoToPress):
            assert chosen(page) == move_words(hint)
        for story, colour in move_marks(hint, shadow.view()).items():
            assert outline(page, story) == colour
        looks_right(page)
        page.shot(f"play-board-hint-{width}")
    set_desktop(page.d)


def announced(page: Page) -> str:
    """The move the line under the choices announces ("Your move: ...")."""
    return next(line for line in page.text().splitlines() if line.startswith("Your move: "))[len("Your move: "):]


@pytest.mark.parametrize("width", ["1400", "390"])
def test_what_your_move_announces_is_what_play_plays(person, width):
    """A story clicked and its second choice taken, another story clicked, then the first again: the choice
    shown, the move announced and the move played are the same move. (The page once announced the first
    choice of the story clicked again while the browser still showed, and Play played, the one taken before.)"""
    page = person
    (set_desktop if width == "1400" else set_phone)(page.d)
    shadow = start_game(page)
    sends: dict = {}
    for m in shadow.state.legal_moves():
        if isinstance(m, Assign):
            sends.setdefault(m.story, []).append(m)
    first, other = [story for story, moves in sends.items() if len(moves) >= 2][:2]
    click_story(page, first)
    taken = page.choices("play_choice")[1]
    page.choose("play_choice", taken)
    assert chosen(page) == announced(page) == taken
    click_story(page, other)
    assert chosen(page) == announced(page)
    click_story(page, first)
    shown = chosen(page)
    assert shown == announced(page), (shown, announced(page))
    page.click("Play this move")
    move = next(m for m in sends[first] if move_words(m) == shown)
    shadow.play(move)
    shadow.run_bots()
    text = page.text()
    for event in shadow.events[-3:]:  # the move announced was played, and the bots answered it
        assert event.words in text, (event.words, text[-2000:])


def _hint_notation(page: Page, shadow: TableGame) -> str:
    """The hint's move: the legal move whose words the hint says."""
    said = next(line for line in page.text().splitlines() if line.startswith("Hint: "))
    words = said[len("Hint: "):].split(" (your chance")[0]
    return next(str(m) for m in shadow.state.legal_moves() if move_words(m) == words)



def _as_read(shadow: TableGame):
    """The playouts' opponents as the page reads the table (no word of the person's): what its hint and coach
    assume."""
    from pennypress.engine.arena.table_reading import opponent_table

    return opponent_table(shadow.reading(), shadow.state.n_players)


def _points_after(text: str, lead: str) -> int:
    """The number of points said after ``lead`` on the page ("−6" read as -6)."""
    line = next(line for line in text.splitlines() if lead in line)
    return int(line.split(lead, 1)[1].split(" point", 1)[0].replace("−", "-"))


@pytest.mark.parametrize("width", ["1400", "390"])
def test_the_hints_page_scores_what_the_preview_says(person, width):
    """Hints followed by clicks (Hint, then Play this move) until the hint is to go to press: the hint's
    reason gives the best page's score and the preview under it what the page will score; the two are one
    figure, the engine's (the page once said "0 on the best page" above a preview of −6). After the first
    move the person says how one opponent plays ("Tell the advisor how they play"): the page says it, and
    every later hint is the advisor's under that word."""
    from pennypress.engine.arena.table_reading import assume, opponent_table
    from pennypress.engine.game.names import newspaper

    page = person
    (set_desktop if width == "1400" else set_phone)(page.d)
    shadow = start_game(page)
    said: dict[int, str] = {}
    for turn in range(12):
        if turn == 1:   # the person's word on the first opponent, chosen in the drop-down
            other = next(p for p in range(shadow.state.n_players) if p != shadow.me)
            page.expand("Tell the advisor how they play")
            page.pick(f"play_table_{other}", "Plays like the early presser")
            page.wait_for(f"You said {newspaper(other)} plays like the early presser")
            said[other] = "early-presser"
        table = opponent_table(assume(shadow.reading(), said), shadow.state.n_players)
        hint = parse_move(shadow.hint("fast", table=table).best.move)
        page.click("Hint")
        page.wait_for("Hint: ")
        assert f"Your move: {move_words(hint)}" in page.text()
        if isinstance(hint, GoToPress):
            break
        page.click("Play this move")
        shadow.play(hint)
        shadow.run_bots()
        assert shadow.events[-1].words in page.text()
    else:
        pytest.fail("no hint to go to press in 12 moves of this deal")
    text = page.text()
    reason = _points_after(text, "Go to press: the best page scores ")
    preview = _points_after(text, "your page will score ")
    assert reason == preview == shadow.preview(hint).total, (reason, preview, shadow.preview(hint).total)
    page.shot(f"play-board-hint-press-{width}")
    set_desktop(page.d)


_ARROW_ENDS = r"""
const [layout, source, target] = arguments;
const svg = document.querySelector(`.pp-click ${layout} svg.pennypress-board`);
const arrows = svg.querySelectorAll('.pp-arrow');
const inside = (x, y, story) => {
  const r = svg.querySelector(`rect[data-story="${story}"]`);
  const [rx, ry, w, h] = ['x', 'y', 'width', 'height'].map(a => +r.getAttribute(a));
  return rx <= x && x <= rx + w && ry <= y && y <= ry + h;
};
if (arrows.length !== 1) return [arrows.length, false, false];
const line = arrows[0].querySelector('line');
const tip = arrows[0].querySelector('polygon').getAttribute('points').split(' ')[0].split(',').map(Number);
return [1, inside(+line.getAttribute('x1'), +line.getAttribute('y1'), source), inside(tip[0], tip[1], target)];
"""


@pytest.mark.parametrize("width", ["1400", "390"])
def test_a_move_of_reporters_is_an_arrow_from_its_story_to_the_other(person, width):
    """Reporters sent by clicks, then that story clicked again and a move of one reporter to another story
    chosen: the board draws one arrow, from the story they leave to the story they go to (as Lichess draws a
    move); a send chosen instead draws none."""
    from pennypress.engine.game.moves import Reassign

    page = person
    (set_desktop if width == "1400" else set_phone)(page.d)
    shadow = start_game(page)
    send = next(m for m in shadow.state.legal_moves() if isinstance(m, Assign) and m.count == 2)
    play_by_clicks(page, shadow, send)
    move = next(m for m in shadow.state.legal_moves() if isinstance(m, Reassign) and m.source == send.story)
    click_story(page, move.source)
    page.choose("play_choice", move_words(move))
    assert chosen(page) == announced(page) == move_words(move)
    drawn = page.d.execute_script(_ARROW_ENDS, _layout(page), str(move.source), str(move.target))
    assert drawn == [1, True, True], drawn
    page.shot(f"play-board-arrow-{width}")
    other = next(m for m in shadow.state.legal_moves() if isinstance(m, Assign) and m.story != move.source)
    click_story(page, other.story)
    assert page.d.execute_script(_ARROW_ENDS, _layout(page), str(move.source), str(move.target))[0] == 0
    set_desktop(page.d)



def _end_stepper(page: Page) -> dict:
    """The end of game's stepper: its steps' labels, the marks beside them, the step shown and its words."""
    return page.d.execute_script(
        "const s = [...document.querySelectorAll('.pp-stepper')].pop();"
        "const items = [...s.querySelectorAll('.pp-stepper-item')];"
        "return {labels: items.map(b => b.getAttribute('data-label')),"
        "marks: Object.fromEntries(items.filter(b => b.querySelector('.pp-stepper-mark')).map(b => "
        "[b.getAttribute('data-label'), b.querySelector('.pp-stepper-mark').textContent])),"
        "step: +s.getAttribute('data-step'), said: s.querySelector('.pp-stepper-said').innerText.trim()}")


@pytest.mark.parametrize("width", ["1400", "390"])
def test_a_coached_game_to_its_end_stepped_move_by_move_then_its_mistakes(person, width):
    """A whole game clicked with coach mode on (your moves a greedy bot's, by clicks on the board and your
    mat): at the end the game is on a stepper, move by move, your moves marked as the coach graded them;
    a click on a move and the ← key step it in the browser, with no run of the page; "Practise your
    mistakes" then opens the mistakes the analysis finds, or says there are none."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    from pennypress.engine.arena.coach import coach
    from pennypress.engine.arena.seats import make_bot
    from pennypress.engine.audit import audit
    from pennypress.engine.puzzles.mistakes import mistake_of, mistake_puzzles
    from pennypress.ui.render.marks import mark
    from pennypress.ui.render.puzzle_words import no_mistakes_words
    from tests.ui.browser_helpers import runs

    page = person
    (set_desktop if width == "1400" else set_phone)(page.d)
    seed = 20  # a short game: ten moves of yours, five of them mistakes the analysis finds
    shadow = start_game(page, seed)
    page._press(page._find(".st-key-play_coach label"))
    mine, marked = make_bot("greedy", 77), {}
    while not shadow.is_over:
        move = mine.choose(shadow.view())
        move = GoToPress() if isinstance(move, GoToPress) else move  # pressed on the page the page lays out
        before = shadow.state.clone()
        number = len(shadow.record()["moves"]) + 1
        table = _as_read(shadow)   # the others as read before the move: what the page's coach assumes
        play_by_clicks(page, shadow, move)
        note = coach(before, move, seed, "fast", table=table)
        if mark(note.klass):
            marked[str(number)] = mark(note.klass)
    page.wait_for("The game, move by move")
    shown = _end_stepper(page)
    record = shadow.record()
    assert shown["labels"] == ["Deal", *(str(n) for n in range(1, len(record["moves"]) + 1))]
    assert shown["marks"] == marked and marked, (shown["marks"], marked)
    assert shown["step"] == len(record["moves"])  # it opens on the final position
    first = next(e for e in shadow.events if e.by_person)
    since = runs(page.d)
    page.step_to(str(first.number), which=-1)
    assert _end_stepper(page)["said"] == first.words
    ActionChains(page.d).send_keys(Keys.ARROW_LEFT).perform()
    assert _end_stepper(page)["step"] == first.number - 1 and runs(page.d) == since
    page.shot(f"play-end-stepper-{width}")

    made = mistake_puzzles(record, audit(record, "fast", seed=seed, player=ME), ME)
    page.click("Practise your mistakes")
    if len(made):
        page.wait_for(f"Mistake 1 of {len(made)}: {mistake_of(made.puzzles[0]).title}")
    else:
        page.wait_for(no_mistakes_words("you"))
    set_desktop(page.d)
