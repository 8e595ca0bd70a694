"""Every page's main journey, clicked through in a real browser as a person at the table would.

One ``pennypress ui`` and one headless Chromium serve the whole module; each
journey opens its page by its address (a new session). Every step is a click,
a key press or a choice made on the drawn page -- never a widget's state set
from the test -- and after every step the page must show no exception.
Along each journey the page is read as a person reads it:

- no move, story or phase in the engine's notation outside the notation box
  (``.pp-notation``), and every move a table or the ranking shows is the words the
  engine's one wording (:func:`pennypress.engine.game.words.move_words`) gives for
  the move it stands for;
- a whole game against two bots on "Play a game" (a hint, a take-back, the review; a saved game loaded);
- on the analysis board and the audit, at 1400 px and at a phone's 390 px, no
  text cut off and no board text under 12 px; the screenshots are kept in
  ``test-artifacts/`` (``journey-*.png``).

Skipped with the reason without Chromium, chromedriver or selenium; a failure
under CI (``.ci/run`` installs them).
"""
from __future__ import annotations

import pytest
from tests.ui.browser_helpers import Page, set_desktop, set_phone

from pennypress.engine.game.words import move_words
from pennypress.ui.app.editor_draft import empty_draft, supply as supply_of

pytestmark = pytest.mark.browser


def reads_plainly(page: Page) -> None:
    """No engine notation where a person reads, and every move in a table or ranking in the one wording."""
    assert not page.notation(), page.notation()
    cells = page.move_cells()
    assert all(shown == move_words(notation) for notation, shown in cells), [
        (n, s) for n, s in cells if s != move_words(n)]


def looks_right(page: Page, name: str) -> None:
    """At 1400 px and at 390 px: nothing cut off, no board text under 12 px; screenshots kept."""
    for width, setter in (("1400", set_desktop), ("390", set_phone)):
        setter(page.d)
        page.ok()
        assert page.small_board_text() == [], (width, page.small_board_text()[:5])
        assert page.cut_off() == [], (width, page.cut_off()[:5])
        reads_plainly(page)
        page.shot(f"journey-{name}-{width}")
    set_desktop(page.d)
    page.ok()


PAGES = {"press_desk": "Press desk", "check_page": "Check my page", "position_viewer": "Position viewer",
         "position_editor": "Position editor", "analysis_board": "Analysis board",
         "scoring_examples": "Scoring examples", "tournament": "Tournament", "audit_game": "Audit a game",
         "puzzles": "Puzzles", "strategy": "Strategy", "play_game": "Play a game"}


def test_every_page_opens_by_its_address(person):
    from selenium.webdriver.common.by import By

    for path, title in PAGES.items():
        person.open(path)
        assert person.d.current_url.endswith(f"/{path}")
        assert person.d.find_element(By.CSS_SELECTOR, '[data-testid="stMain"] h1').text == title
        assert "Page not found" not in person.text()
        # notation in the plain notation box, never st.code: the syntax highlighter's 1.5 MB script held every
        # widget of a first visit back as a grey placeholder (the editor's story buttons for seconds)
        assert not person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stCode"]')
        reads_plainly(person)
    person.open("")  # the root opens the Press desk, at its own address
    assert person.d.current_url.endswith("/press_desk")
    nav = [a.text.split("\n")[-1] for a in person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stSidebarNav"] a')]
    assert nav == list(PAGES.values())  # each page listed once


def test_press_desk(person):
    person.open("press_desk")  # the page's own address
    assert person.metric("Optimal total") == "12"
    person.click_key("ad_1_1")  # the advertisement clicked on the mat, in the middle row
    assert "Ad: middle row, 2nd column" in person.text()
    assert person.metric("Optimal total") != "12"
    person.click("No advertisement")
    assert person.metric("Optimal total") == "12"
    person.expand("Load an example or paste a press (JSON)")
    person.pick("press_example_pick", "When not to press")
    person.click("Load example")
    assert "When not to press" in person.text()
    reads_plainly(person)


def test_check_my_page_from_an_empty_page(person):
    person.open("check_page")
    assert person.metric("Legal") == "yes"  # it opens on the optimal page
    person.click("Start from an empty page")
    assert person.metric("Legal") == "no"
    # the crash of issue 18: a story chosen, then a cell of the mat clicked
    person.click_key("chk_cell_1_0")
    assert "Your page" in person.text()
    # lay out the rulebook's 12-point page by clicking: each story, how it is turned, its top-left cell
    for story, turned, cell in (("#1 Politics A ★★", "upright: 1 wide, 2 tall", "chk_cell_0_0"),
                                ("#2 Crime & Calamity B ★", "upright: 1 wide, 3 tall", "chk_cell_1_0"),
                                ("#3 War D ★★★", "upright: 2 wide, 3 tall", "chk_cell_2_0")):
        person.choose("chk_story", story)
        person.choose("chk_orientation", turned)
        person.click_key(cell)
    assert person.metric("Legal") == "yes" and person.metric("Your total") == "12"
    assert "as good as the optimal page: 12 points" in person.text()
    assert "Every story is on the page." in person.text()
    reads_plainly(person)


def test_check_my_page_from_the_optimum(person):
    person.open("check_page")
    person.click("Start from an empty page")
    person.click("Start from the optimal page")
    assert person.metric("Your total") == "12"
    # move the top-beat story off the top edge: the rule it breaks, in words, numbered once
    person.choose("chk_story", "#1 Politics A ★★")
    person.click_key("chk_cell_0_1")
    assert person.metric("Legal") == "no"
    text = person.text()
    assert "Top edge: #1 Politics A ★★ must touch the top edge" in text
    assert "(story 0)" not in text
    person.click("Take #1 off the page")
    assert "Off the page: #1 Politics A ★★" in person.text()
    reads_plainly(person)


def test_position_editor_to_the_analysis_board(person):
    person.open("position_editor")
    from selenium.webdriver.common.by import By

    supply = [b for b in person.d.find_elements(By.CSS_SELECTOR, ".st-key-ed_w_add_war button") if b.text.strip()]
    assert len(supply) == len(supply_of(empty_draft(3), "war"))  # the story buttons drawn: War's whole supply
    assert not [e for e in person.d.find_elements(By.CSS_SELECTOR, ".pp-notation") if e.is_displayed()]
    person.expand("This position as one line (to copy, or to paste on another page)")
    line = person.d.find_element(By.CSS_SELECTOR, ".pp-notation").text
    assert line.startswith("game 3p")  # the position as one line, only in its (collapsed) notation box
    person.expand("Start from")
    person.pick("ed_start", "An example position")
    person.pick("ed_start_example", "When not to press")
    person.click("Start over from this")
    assert "Started from: Example: When not to press" in person.text()
    person.click("Open on the analysis board")
    assert "Analysis board" in person.text() and "Opened from the Position editor" in person.text()
    assert "The Herald to move" in person.text()
    reads_plainly(person)


def test_analyse_and_play_a_move(person):
    person.open("analysis_board")
    person.click("Analyse")
    person.wait_for("Every move, ranked")
    best = person.d.execute_script("return document.querySelector('.pp-verdict-move').innerText").strip()
    ranked = person.move_cells()
    assert ranked and ranked[0][1] == best  # the verdict and the ranking say the best move alike
    looks_right(person, "analysis-board")
    person.click("Play this move")
    assert f"The Herald {move_words(ranked[0][0], past=True)}" in person.text()  # the line played, in words
    # any legal move: its kind, then the move, both in words
    person.choose("ab_kind", "Send reporters")
    chosen = person.choices("ab_pick")[-1]
    assert chosen.startswith("Send ")
    person.choose("ab_pick", chosen)
    person.click("Play the chosen move")
    said = f"The Times {'sent' + chosen.removeprefix('Send')}"
    assert said in person.text()
    person.click("← Back one move")
    assert said not in person.text() and f"The Herald {move_words(ranked[0][0], past=True)}" in person.text()
    reads_plainly(person)


def test_audit_an_example_and_open_a_decision(person):
    person.open("audit_game")
    person.choose("aud_example_pick", "Three players: a winning final press declined")  # the README's example, by its title
    person.click("Load example")
    assert "Example: Three players: a winning final press declined" in person.text()  # the record's own title
    person.click("Analyse")
    person.wait_for("Key moments")
    assert "The Times declined the last press; better: Go to press" in person.text()
    person.choose("aud_focus", "The Times")
    person.step_to("1")  # the decisions' move list: the move's number (its mark ?? beside it)
    assert "The Times declined the last press; the advisor's best: Go to press — blunder ??" in person.text()
    looks_right(person, "audit")


def test_a_small_tournament_to_the_audit(person):
    person.open("tournament")
    person.type_number("tour_games", 3)
    person.click("Play the tournament")
    person.wait_for("games, 3 players")
    text = person.text()
    assert "Heuristic bot" in text and "The Sun, The Herald" in text and "Luck alone does as well" in text
    person.follow("Audit one of these games")
    assert "Audit a game" in person.text()
    person.tab("Tournament")
    text = person.text()  # games counted from 1, as people count, in the list and in the record's title
    assert "Tournament 1, game 1: The Times played by " in text and "game 0" not in text and "#0" not in text
    person.click("Load this game")
    person.wait_for("How thorough")  # the record loaded: its analysis's choices, the figures in "Details"
    person.expand("Details")
    person.type_number("aud_playouts", 2)
    person.click("Analyse")
    person.wait_for("Per newspaper")
    from selenium.webdriver.common.by import By

    # the chart of the chance to win (drawn in the palette's colours, the reviewed newspaper bold: the chart's
    # own test in test_ui_audit_game.py), on a whole game
    assert person.d.find_elements(By.CSS_SELECTOR, '[data-testid="stVegaLiteChart"]')
    person.choose("aud_focus", "Every newspaper")
    assert len(person.move_cells()) > 20  # every decision of a whole game, in words
    reads_plainly(person)


def _play(person, shadow, move) -> None:
    """Pick ``move`` as a person at the keyboard does, from the lists under "Pick from a list" (its
    kind, then the move, both in words) and play it; ``shadow``, the same game played by the test,
    follows. (Playing by clicking the board is test_ui_play_board.py's journey.)"""
    from selenium.webdriver.common.by import By

    from pennypress.ui.app.move_picker import move_groups

    kind = next(k for k, ms in move_groups(shadow.state.legal_moves()).items() if move in ms)
    from pennypress.engine.game.moves import Assign
    from pennypress.engine.game.names import story_name

    person.expand("Pick from a list")
    if person.d.find_elements(By.CSS_SELECTOR, ".st-key-play_kind"):
        person.choose("play_kind", kind)
    if isinstance(move, Assign):  # click the story, then how many
        person.choose("play_story", story_name(move.story))
        person.choose("play_count", str(move.count))
    else:
        person.choose("play_move", move_words(move))
    person.click("Use this move")
    assert f"Your move: {move_words(move)}" in person.text()
    person.click("Play this move")
    shadow.play(move)
    shadow.run_bots()


def test_play_a_game_against_two_bots_to_the_review(person, tmp_path):
    """A whole 3-player game against two greedy bots, clicked: a hint, a take-back, then the review;
    then a saved game (and a file that is not one) loaded on a new visit."""
    import json

    from selenium.webdriver.common.by import By

    from pennypress.engine.arena.seats import make_bot
    from pennypress.engine.arena.table_game import TableGame

    seed, me = 20, 1  # a short game (ten moves of yours) in which you assign, recall and press
    shadow = TableGame.new(3, me, ["greedy", "greedy"], seed=seed)  # the same bots with the same seeds
    shadow.run_bots()
    person.open("play_game")
    person.pick("play_me", "The Sun")
    person.type_number("play_seed", seed)
    person.click("Start the game")
    assert shadow.events[0].words in person.text() and "Your turn, The Sun" in person.text()
    reads_plainly(person)
    mine = make_bot("greedy", 77)
    saved = tmp_path / "saved.json"
    first = True
    while not shadow.is_over:
        move = mine.choose(shadow.view())
        if first:
            person.click("Hint")
            person.wait_for("Hint: ")
            assert "your chance of winning" in person.text()
        _play(person, shadow, move)
        text = person.text()
        assert shadow.events[-1].words in text
        if first:  # take it back, and play it again
            person.click("Take back")
            shadow.take_back()
            assert "Your turn, The Sun" in person.text()
            _play(person, shadow, move)
            first = False
        if not saved.exists() and len([e for e in shadow.events if e.by_person]) == 3:
            saved.write_text(json.dumps(shadow.record()))
            saved_ply = shadow.state.ply
    text = person.text()
    assert "The game is over" in text and "Beat bonuses" in text
    for s in shadow.end()["scores"]:
        assert s["newspaper"] in text
    reads_plainly(person)
    person.click("Review this game")
    person.wait_for("Your game as The Sun")  # the switch to the review is a second run, after the click's
    assert person.d.current_url.endswith("/audit_game")
    person.expand("Details")  # the playouts are a detail
    person.type_number("aud_playouts", 2)
    person.click("Analyse")
    person.wait_for("Decisions of The Sun")  # your decisions first
    reads_plainly(person)

    person.open("play_game")  # a new visit: load the saved game
    person.expand("Load a saved game")
    upload = person.d.find_element(By.CSS_SELECTOR, ".st-key-play_load input[type=file]")
    bad = tmp_path / "not-a-game.json"
    bad.write_text(json.dumps({"hello": "world"}))
    upload.send_keys(str(bad))
    person.wait_for("not a pennypress game record")
    upload = person.d.find_element(By.CSS_SELECTOR, ".st-key-play_load input[type=file]")
    upload.send_keys(str(saved))
    person.wait_for("Your turn, The Sun")
    person.expand("The game so far")
    assert f"{saved_ply}. " in person.text() and "You are The Sun" in person.text()

    # an earlier game with the same people, uploaded: the table is read from it first, and said (#58);
    # then the same on a phone's width
    from pennypress.engine.arena.table_reading import read_records
    from tests.ui.browser_helpers import ROOT, set_desktop, set_phone

    person.expand("Tell the advisor how they play")
    earlier = person.d.find_element(By.CSS_SELECTOR, ".st-key-play_earlier_files input[type=file]")
    earlier.send_keys(str(saved))
    person.wait_for("of them in earlier games")
    loaded = TableGame.load(json.loads(saved.read_text()))
    for seat in loaded.reading(read_records([json.loads(saved.read_text())], me)).seats:
        assert seat.words() in person.text(), seat.words()
    set_phone(person.d)
    assert "of them in earlier games" in person.text() and person.cut_off() == [], person.cut_off()[:5]
    set_desktop(person.d)
    # a game of another table beside it: refused beside the uploader, in one line, and the reading starts afresh
    earlier = person.d.find_element(By.CSS_SELECTOR, ".st-key-play_earlier_files input[type=file]")
    earlier.send_keys(str(ROOT / "examples" / "records" / "two-player-greedy-seed-11.json"))
    person.wait_for("The earlier games were not read: two-player-greedy-seed-11.json is a game of 2 players")
    assert "of them in earlier games" not in person.text()
