"""Learn from your mistakes (AppTest): an audited game's mistakes practised on the Puzzles page -- from "Audit
a game" and from the end of "Play a game" -- each the position before the decision, a wrong answer and a
right one judged in players' words (what the move played cost as the audit says it, why, the likely line
stepped through on the board), never rated; nothing to practise said plainly; a saved set loaded back, a
bad file refused in one line."""
from __future__ import annotations

import json

import pytest

from tests.audit.audit_records import lab_words
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import assert_plain, metrics, no_traceback, open_app, steppers, visible_text

from pennypress.engine.advisor.line import step_words
from pennypress.engine.arena.seats import make_bot
from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.audit import audit
from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import check_answer, load_puzzles, mistake_of, mistake_puzzles, puzzles_text
from pennypress.engine.puzzles import puzzle_set_from_json
from pennypress.ui.app.move_picker import move_groups
from pennypress.ui.io import example_files
from pennypress.ui.render.audit_words import loss_words
from pennypress.ui.render.puzzle_words import no_mistakes_words, played_words

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

AUDIT = "app_pages/audit_game.py"
TRAINER = "app_pages/puzzles.py"
GAME = "two-player-table-annotated"
PLAYOUTS = 60  # the fewest that tell this game's mistakes from the best, so the test is quick


def _audited(at, playouts: int):
    """The example audited on the page (its playouts set in "Details", seed 0), The Times reviewed."""
    at.radio(key="aud_example_pick").set_value(GAME)
    at.button(key="aud_load_example").click().run()
    at.number_input(key="aud_playouts").set_value(playouts)
    at.button(key="aud_run").click().run()
    no_traceback(at)
    return at


def _pick(at, puzzle, notation: str) -> None:
    """Pick ``notation`` by the trainer's move picker (its kind, then the move, in words) and play it."""
    groups = move_groups(puzzle.position().legal_moves())
    if any(r.key == "pz_move_kind" for r in at.radio):
        at.radio(key="pz_move_kind").set_value(next(k for k, ms in groups.items() if notation in map(str, ms))).run()
    picker = at.radio(key="pz_move")
    assert move_words(notation) in picker.options  # the moves are said in words
    picker.set_value(notation).run()
    at.button(key="pz_play").click().run()
    no_traceback(at)


def _texts(at) -> str:
    return "\n".join([m.value for m in at.markdown] + [e.value for e in at.success] + [e.value for e in at.error])


def test_the_mistakes_of_the_newspaper_reviewed_are_practised_on_the_trainer():
    doc = example_files.load(example_files.record_examples()[GAME])
    expected = mistake_puzzles(doc, audit(doc, playouts=PLAYOUTS, seed=0, workers=1), 0).puzzles
    assert len(expected) >= 2
    at = _audited(open_app(AUDIT), PLAYOUTS)
    at.button(key="aud_practise").click().run()
    no_traceback(at)
    assert at.title[0].value == "Puzzles" and at.radio(key="pz_source").value == "mistakes"
    at.switch_page(TRAINER).run()  # AppTest's next run starts from its own page, not the one switched to
    shown = puzzle_set_from_json(at.session_state["pz_mistakes"], "session")
    assert shown.puzzles == expected  # every mistake of The Times, each on the position before it
    first, second = (mistake_of(p) for p in expected[:2])
    assert at.subheader[0].value == f"Mistake 1 of {len(expected)}: {first.title}"
    assert any(m.value == f"**{expected[0].prompt}**" for m in at.markdown)

    # wrong: the move played again -- said to be it, what it cost, why, and the better move's line on the board
    _pick(at, expected[0], first.played)
    assert at.error[0].value == check_answer(expected[0], first.played).why[0]
    assert "is the move you played" in at.error[0].value and move_words(first.best) in at.error[0].value
    text = _texts(at)
    assert played_words(first) in text and loss_words(first) in text
    assert all(line in text for line in expected[0].why)
    deck = expected[0].position().definition.deck
    assert first.line_best and all(step_words(s, deck) in text for s in first.line_best)
    # stepped through on the board in the browser: a frame per step, its words above its board, the bar at
    # the chance after the better move as the audit said it, then at each step's chance in its futures
    (line,) = steppers(at)
    assert [f["said"] for f in line["frames"][1:]] == [step_words(s, deck) for s in first.line_best]
    assert [f["chance"] for f in line["frames"]] == [round(first.win_before, 4),
                                                      *(round(s.chance, 4) for s in first.line_best)]
    assert len({f["board"] for f in line["frames"]}) == len(first.line_best) + 1
    assert_plain(visible_text(at), "a mistake answered wrong")
    assert lab_words(visible_text(at)) == []  # no word of the lab on the page

    # right, on the next one: the better move
    at.button(key="pz_next").click().run()
    assert at.subheader[0].value == f"Mistake 2 of {len(expected)}: {second.title}"
    _pick(at, expected[1], second.best)
    assert at.success[0].value == f"Correct: {move_words(second.best)}; the analysis's best move."
    assert played_words(second) in _texts(at)
    assert metrics(at)["Found first time"] == "1 of 2"
    assert [b.label for b in at.get("download_button")] == ["Download these puzzles"]
    # never rated: the puzzle set's rating has not moved
    at.radio(key="pz_source").set_value("puzzles").run()
    assert metrics(at)["Your rating"] == "1500" and metrics(at)["Solved"] == "none tried yet"


def test_no_mistake_to_practise_is_said_plainly():
    at = _audited(open_app(AUDIT), 2)  # too few futures to call any move a mistake
    assert not any(b.key == "aud_practise" for b in at.button)
    assert no_mistakes_words("The Times") in [i.value for i in at.info]


def _mistakes_file() -> tuple[str, object]:
    doc = example_files.load(example_files.record_examples()[GAME])
    made = mistake_puzzles(doc, audit(doc, playouts=PLAYOUTS, seed=0, workers=1), game="A game at the table")
    return puzzles_text(made), made


def test_a_saved_set_of_mistakes_loads_back_and_a_bad_file_gets_one_line():
    text, made = _mistakes_file()
    at = open_app(TRAINER)
    assert not any(r.key == "pz_source" for r in at.radio)  # no mistakes in the session: the set alone
    upload = at.file_uploader(key="pz_mistakes_upload")
    upload.upload("notjson.json", b"{not json", "application/json").run()
    no_traceback(at)
    assert len(at.error) == 1 and at.error[0].value.startswith("Your mistakes were not loaded: notjson.json: ")
    bad = json.loads(text)
    bad["puzzles"][0]["answer"] = ["decline"]
    at.file_uploader(key="pz_mistakes_upload").upload("bad.json", json.dumps(bad).encode(), "application/json").run()
    no_traceback(at)
    assert len(at.error) == 1 and at.error[0].value.startswith("Your mistakes were not loaded: bad.json: puzzles[0]")
    shipped = json.dumps(dict(load_puzzles().to_json(), puzzles=[load_puzzles().puzzles[0].to_json()]))
    at.file_uploader(key="pz_mistakes_upload").upload("mined.json", shipped.encode(), "application/json").run()
    assert "holds no puzzle made from a game's mistakes" in at.error[0].value
    at.file_uploader(key="pz_mistakes_upload").upload("mine.json", text.encode(), "application/json").run()
    no_traceback(at)
    assert not at.error and at.radio(key="pz_source").value == "mistakes"
    assert puzzle_set_from_json(at.session_state["pz_mistakes"], "session").puzzles == made.puzzles
    assert at.subheader[0].value == f"Mistake 1 of {len(made)}: {mistake_of(made.puzzles[0]).title}"
    # the puzzle set's own uploader takes such a file too, to the same place
    at = open_app(TRAINER)
    at.file_uploader(key="pz_upload").upload("mine.json", text.encode(), "application/json").run()
    assert at.radio(key="pz_source").value == "mistakes" and metrics(at)["Your mistakes"] == str(len(made))


def _finished_game(seed: int = 3, me: int = 1) -> TableGame:
    """A whole two-player game, your moves played by the random bot (mistakes to practise)."""
    game = TableGame.new(2, me, ["greedy"], seed=seed)
    mine = make_bot("random", 5)
    while not game.is_over:
        game.run_bots()
        if game.person_to_move:
            game.play(mine.choose(game.view()))
    return game


def test_the_end_of_a_game_practises_your_mistakes():
    game = _finished_game()
    at = open_app("app_pages/play_game.py")
    at.session_state["play_game"] = game
    at.run()
    at.button(key="play_practise").click().run(timeout=300)
    no_traceback(at)
    assert at.title[0].value == "Puzzles" and at.radio(key="pz_source").value == "mistakes"
    shown = puzzle_set_from_json(at.session_state["pz_mistakes"], "session")
    mine = {e.number for e in game.events if e.by_person}
    assert len(shown) >= 1 and all(mistake_of(p).player == game.me for p in shown)
    assert {mistake_of(p).move_number for p in shown} <= mine  # your moves only
