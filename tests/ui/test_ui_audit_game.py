"""The "Audit a game" page (AppTest): a table game entered move by move -- each press's page built on
the mat -- audited, and the same record audited through the command line gives the same decisions and
the solver's page loss; a game of the Tournament page audited."""
from __future__ import annotations

import json

import pytest

from tests.audit.audit_records import lab_words, solver_page_loss, worse_pages
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import errors, html_tables, notation_boxes, open_app, steppers

from pennypress.engine import parse_move
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.game.words import move_words
from pennypress.engine.rules.press import optimal_press, plan_press
from pennypress.ui.app.move_picker import move_groups
from pennypress.ui.render.explain import RULE_WORDS
from pennypress.engine.io.record import replay
from pennypress.solver import Placement, ProposedPage, check_page
from pennypress.ui.app import audit_view as view
from pennypress.ui.app.audit_view import exclusive_index, solver_placements
from pennypress.ui.io import example_files
from tests.cli_helpers import output

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

PAGE = "app_pages/audit_game.py"
OPENING = ["assign 4 city:D:1", "assign 4 war:A:1", "assign 1 city:D:2", "assign 1 city:D:2"]
B = "aud_tbl_pg"  # the recorder's page builder (session_keys.TABLE_BUILDER)


def _record(at) -> dict:
    """The record as the page shows it (the text the "Save the record" button saves)."""
    return json.loads(notation_boxes(at)[0])


def _state(at):
    """The position the recorder is at, replayed from its record."""
    return replay(_record(at)).state


def _new_deal(at, players=2, seed=11):
    at.number_input(key="aud_tbl_players").set_value(players)
    at.number_input(key="aud_tbl_seed").set_value(seed)
    at.button(key="aud_tbl_new").click().run()
    assert not at.exception, at.exception


def _choose(at, move):
    """Pick a move as a person does: its kind, then the move itself (both shown in words)."""
    kind = next(k for k, ms in move_groups(_state(at).legal_moves()).items() if parse_move(move) in ms)
    if "aud_tbl_group" in [r.key for r in at.radio]:
        at.radio(key="aud_tbl_group").set_value(kind).run()
    picker = at.radio(key="aud_tbl_move")
    assert move_words(move) in picker.options  # the choices are said in words
    picker.set_value(move).run()
    assert not at.exception, at.exception


def _lay_out(at, placements, exclusive):
    """Build a page on the mat by clicking, from an empty page: for each placement pick the story and
    how it is turned, click the cell of its top-left corner; then pick the exclusive."""
    at.button(key=f"{B}_from_empty").click().run()
    for p in placements:
        at.radio(key=f"{B}_story").set_value(p.story).run()
        at.radio(key=f"{B}_orientation").set_value(f"{p.w}x{p.h}").run()
        at.button(key=f"{B}_cell_{p.x}_{p.y}").click().run()
        assert not at.exception, at.exception
    at.selectbox(key=f"{B}_exclusive").set_value("none" if exclusive is None else str(exclusive)).run()


def _play(at, card=None):
    if card is not None:
        at.radio(key="aud_tbl_card").set_value(card).run()
    at.button(key="aud_tbl_play").click().run()
    assert not at.exception, at.exception


@pytest.mark.slow
def test_a_press_opens_on_the_optimal_page_and_a_worse_page_built_on_the_mat_is_recorded_and_audited(tmp_path, capsys):
    at = open_app(PAGE)
    _new_deal(at)
    for text in OPENING:
        _choose(at, text)
        _play(at)
    # the first press: the builder opens on the engine's optimal page, which is what is recorded
    state = _state(at)
    optimal = optimal_press(state).page
    _choose(at, "press")
    claimed = state.claimable(state.current)
    expected = sorted([claimed.index(p.story), p.x, p.y, p.w, p.h] for p in optimal.placements)
    assert at.session_state[f"{B}_placements"] == expected
    assert any("as good as the optimal page" in m.value for m in at.success)
    _play(at, card=16)
    assert _record(at)["moves"][4] == {"move": str(GoToPress(optimal)), "card": 16}
    _choose(at, "assign 1 crime:D:1")
    _play(at)
    # the second press: a legal but worse page, laid out by clicking the mat
    state = _state(at)
    before = at.session_state["aud_tbl_moves"]
    worse = worse_pages(state)[-1]
    claimed = state.claimable(state.current)
    _choose(at, "press")
    _lay_out(at, solver_placements(claimed, worse), exclusive_index(claimed, worse))
    loss = solver_page_loss(state, worse)
    assert loss > 0
    assert any(f"{loss} point" in w.value and "lost" in w.value for w in at.warning), [w.value for w in at.warning]
    _play(at, card=9)
    record = _record(at)
    assert record["moves"][:-1] == before and record["moves"][-1] == {"move": f"press {worse}", "card": 9}
    moves = [e if isinstance(e, str) else e["move"] for e in record["moves"]]
    assert moves[:4] == OPENING and "position" in record
    # audited on the page ...
    at.button(key="aud_tbl_use").click().run()
    at.number_input(key="aud_playouts").set_value(2)
    at.number_input(key="aud_seed").set_value(3)
    at.button(key="aud_run").click().run()
    assert not at.exception, at.exception
    at.radio(key="aud_focus").set_value(-1).run()  # every newspaper's decisions
    # how each newspaper played: the reading of the record's own moves, one line a newspaper (#58)
    read = view.how_they_played(record)
    said = next(m.value for m in at.markdown if m.value.startswith("- ") and read[0] in m.value)
    assert said == "\n".join(f"- {line}" for line in read) and len(read) == replay(record).state.n_players
    (table,) = html_tables(at, "Move", "Played", "Class")
    assert [int(r["Move"]) for r in table] == list(range(1, len(record["moves"]) + 1))
    assert at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")
    assert [r["Page points lost"] for r in table if r["Page points lost"]] == ["0", str(loss)]
    played = [e if isinstance(e, str) else e["move"] for e in record["moves"]]
    assert [r["Played"] for r in table[:4]] == [move_words(m) for m in played[:4]]  # moves in words
    page_json = json.loads(at.session_state["aud_result_json"])
    # ... and the saved record through the command line: the page loss is the solver's, the decisions the page's
    path = tmp_path / "table.json"
    path.write_text(notation_boxes(at)[0])
    printed = json.loads(output(capsys, "audit", path, "--playouts", "2", "--seed", "3", "--workers", "1"))
    decisions = printed["decisions"]
    assert decisions[-1]["played"] == f"press {worse}" and decisions[-1]["press"]["page_loss"] == loss
    assert decisions == page_json


@pytest.mark.slow
def test_an_illegal_page_is_an_error_naming_the_rule_not_a_record():
    at = open_app(PAGE)
    _new_deal(at)
    for text in OPENING:
        _choose(at, text)
        _play(at)
    state = _state(at)
    _choose(at, "press")
    claimed = state.claimable(state.current)
    # every story is at least two cells long: its top-left corner in the bottom-right cell runs off the page
    w, h = claimed[0].claimed().shape.orientations[0]
    off = Placement(0, 3, 2, w, h)
    _lay_out(at, [off], None)
    expected = check_page(plan_press(state, state.current).problem, ProposedPage((off,), None))
    assert not expected.legal and "bounds" in [v.rule for v in expected.violations]
    shown = [m.value for m in at.markdown if m.value.startswith("- **")]
    assert shown == [f"- **{RULE_WORDS[v.rule]}**: {v.message}" for v in expected.violations]
    assert any("not legal" in e for e in errors(at))
    _play(at, card=16)
    assert any(e.startswith("Not recorded:") and "breaks the rules" in e for e in errors(at)), errors(at)
    assert len(_record(at)["moves"]) == 4 and at.session_state["aud_tbl_moves"] == OPENING


def test_an_example_record_loads():
    at = open_app(PAGE)
    at.radio(key="aud_example_pick").set_value("two-player-greedy-seed-11")
    at.button(key="aud_load_example").click().run()
    assert not at.exception, at.exception
    assert at.button(key="aud_run")


def test_example_records_are_listed_by_their_titles_in_players_words():
    """The list of examples shows each record's own title, in players' words: never its file name, never a
    seed (a deal, as the Play page calls it), and the record loaded is headed by the same title (#55)."""
    at = open_app(PAGE)
    picker = at.radio(key="aud_example_pick")
    names = list(view.record_examples())
    shown = [picker.format_func(name) for name in names]
    assert shown == [example_files.record_title(view.record_examples()[n]) for n in names]
    for name, title in zip(names, shown):
        assert title != example_files.title_of(name) and not lab_words(title), title
    assert "Four players, Newsboy variant: every newspaper played by the greedy bot (deal 6)" in shown
    picker.set_value("four-player-newsboy-greedy-seed-6").run()
    at.button(key="aud_load_example").click().run()
    assert at.subheader[0].value == "Example: " + shown[names.index("four-player-newsboy-greedy-seed-6")]


@pytest.mark.slow
def test_a_game_of_the_tournament_page_is_listed_and_audited(tmp_path, capsys):
    at = open_app("app_pages/tournament.py")
    at.number_input(key="tour_players").set_value(2).run()
    for i, name in enumerate(["greedy", "random"]):
        at.selectbox(key=f"tour_seat_{i}").set_value(name).run()
    at.number_input(key="tour_games").set_value(2).run()
    at.number_input(key="tour_seed").set_value(4).run()
    at.button(key="tour_run").click().run()
    assert not at.exception, at.exception
    results = at.session_state["tour_report"]["results"]
    records = at.session_state["tn_records"]
    assert len(records) == len(results) == 2
    for game, doc in zip(results, records):  # each record is the game the report counts
        replayed = replay(doc)
        assert replayed.scores == game["scores"] and list(replayed.state.winners) == game["winners"]
        assert doc["seed"] == game["deck_seed"]
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    pick = at.selectbox(key="aud_tn_pick")
    labels = list(pick.options)  # as the page shows them: short, the whole description beside the choice
    for k, (label, game) in enumerate(zip(labels, results)):
        won = " and ".join(("The Times", "The Sun")[w] for w in game["winners"])
        assert label == f"Game {k + 1}: {won} won", label  # counted from 1
    pick.set_value(1).run()
    from pennypress.engine.arena.seats import seat_words

    seats = (f"The Times played by {seat_words(results[1]['seats'][0])}, "
             f"The Sun by {seat_words(results[1]['seats'][1])}")
    assert any(c.value.startswith(f"Tournament 4, game 2: {seats} (deal {results[1]['deck_seed']})")
               for c in at.caption)
    at.button(key="aud_tn_load").click().run()
    assert not at.exception, at.exception
    assert at.session_state["aud_doc"] == records[1]
    at.number_input(key="aud_playouts").set_value(2)
    at.number_input(key="aud_seed").set_value(5)
    at.button(key="aud_run").click().run()
    assert not at.exception, at.exception
    at.radio(key="aud_focus").set_value(-1).run()  # every newspaper's decisions
    (table,) = html_tables(at, "Move", "Played", "Class")
    moves = [e if isinstance(e, str) else e["move"] for e in records[1]["moves"]]
    assert len(table) == len(moves) and replay(records[1]).state.is_over  # every decision of a whole game
    # a press on the optimal page is said "Go to press"; every other move as recorded, in words
    decisions = at.session_state["aud_result"].decisions
    assert [r["Played"] for r in table] == [move_words(d.played) for d in decisions]
    assert all(d.played == m or (d.played == "press" and m.startswith("press ")) for d, m in zip(decisions, moves))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(records[1]))
    printed = json.loads(output(capsys, "audit", path, "--playouts", "2", "--seed", "5", "--workers", "1"))
    assert printed["decisions"] == json.loads(at.session_state["aud_result_json"])


def test_no_tournament_game_yet_says_where_they_come_from():
    at = open_app(PAGE)
    assert any("play a tournament on the Tournament page first" in i.value for i in at.info)


def test_the_chart_draws_the_newspaper_reviewed_bold_in_its_own_colour_and_the_others_faded():
    from pennypress.engine.audit import audit
    from pennypress.engine.game.names import newspaper
    from pennypress.ui.app import audit_view as view
    from pennypress.ui.io import example_files
    from pennypress.ui.render import marks
    from pennypress.ui.render.styles import paper_style

    doc = example_files.load(view.record_examples()["two-player-greedy-seed-11"])
    result = audit(doc, playouts=2, workers=1)
    inks = [paper_style(p).ink for p in range(result.players)]
    assert len(set(inks)) == len(inks)  # each newspaper its own colour, the board's palette
    for focus in (0, 1, view.EVERY):
        chart = view.audit_chart(result, focus).to_dict()
        layers = {layer["mark"]["type"]: layer for layer in chart["layer"] if layer["mark"]["type"] in ("line", "point")}
        scale = layers["line"]["encoding"]["color"]["scale"]
        assert scale == {"domain": [newspaper(p) for p in range(result.players)], "range": inks}
        # each decision's point filled in its class's colour (ui/render/marks.py), its mark written above it
        points = layers["point"]
        fill = points["encoding"]["fill"]["scale"]
        rows = chart["datasets"][points["data"]["name"]]
        decided = {(d.ply, newspaper(d.player)): d.klass for d in result.decisions}
        for row in rows:
            klass = decided[(row["Move"], row["Newspaper"])]
            assert fill["range"][fill["domain"].index(row["Class"])] == marks.colour(klass)
            assert row["Mark"] == marks.mark(klass)
        line = layers["line"]
        # every newspaper's line readable: the others lighter and dashed, the one reviewed bold and whole
        opacity, width = line["encoding"]["opacity"], line["encoding"]["strokeWidth"]
        assert opacity["condition"] == {"test": "datum.Reviewed", "value": 1.0} and opacity["value"] >= 0.6
        assert width["condition"]["value"] > width["value"] >= 2
        assert line["encoding"]["strokeDash"]["condition"]["value"] == [1, 0] != line["encoding"]["strokeDash"]["value"]
        curve = chart["datasets"][line["data"]["name"]]
        assert {row["Newspaper"] for row in curve} == {newspaper(p) for p in range(result.players)}  # every line
        bold = {row["Newspaper"] for row in curve if row["Reviewed"]}
        marked = {row["Newspaper"] for row in chart["datasets"][layers["point"]["data"]["name"]]}
        if focus == view.EVERY:
            assert bold == marked == {newspaper(p) for p in range(result.players)}
        else:
            assert bold == marked == {newspaper(focus)}  # only its line bold, only its decisions marked


@pytest.mark.slow
def test_a_decision_graded_by_margin_says_so_and_its_lines_step_on_the_board():
    """The example's final-edition decision where both moves win for sure (exact) is graded by the lead it
    lost: the page says so in words; its likely lines step through on the board, the board's words following."""
    from pennypress.engine.advisor.line import step_words
    from pennypress.engine.audit import audit
    from pennypress.ui.app import audit_view as view
    from pennypress.ui.io import example_files
    from pennypress.ui.render.audit_words import graded_words

    doc = example_files.load(view.record_examples()["two-player-greedy-seed-11"])
    result = audit(doc, "fast", seed=0, workers=1)
    d = next(d for d in result.decisions if d.graded_by == "margin" and d.klass != "within_noise")
    at = open_app(PAGE)
    at.radio(key="aud_example_pick").set_value("two-player-greedy-seed-11")
    at.button(key="aud_load_example").click().run()
    at.button(key="aud_run").click().run(timeout=300)
    assert not at.exception, at.exception
    at.radio(key="aud_focus").set_value(d.player).run()
    mine = [e for e in result.decisions if e.player == d.player]
    at.session_state["aud_pick"] = mine.index(d)  # the decision the stepper tells the server it stepped to
    at.run()
    assert not at.exception, at.exception
    assert any(c.value == graded_words(d) for c in at.caption), [c.value for c in at.caption]
    assert "about 100%" in graded_words(d) and any("points of lead" in m.value for m in at.markdown)
    # the best move's line on its stepper: each step's words above its own board
    at.pills(key="aud_board").set_value(view.BEST_LINE).run()
    decisions, line = steppers(at)
    assert decisions["start"] == mine.index(d)
    deck = replay(doc).start.definition.deck
    assert [f["said"] for f in line["frames"][1:]] == [step_words(step, deck) for step in d.line_best]
    assert len(line["frames"]) == len(d.line_best) + 1 and line["frames"][0]["chance"] == view.line_chance(d, view.BEST_LINE)


@pytest.mark.slow
def test_the_lead_lost_on_timing_is_the_decisions_own_figure():
    """The per-newspaper table once said "Timing points lost 21.0" (expected circulation) beside decisions
    that lost "27.0 points of lead" for the same presses (#55): the table's timing figure is now the lead over
    the best rival, and for each newspaper it is the sum of the points of lead its timing decisions show (the part on
    timing where a worse page lost the rest)."""
    at = open_app(PAGE)
    at.radio(key="aud_example_pick").set_value("four-player-newsboy-greedy-seed-6").run()
    at.button(key="aud_load_example").click().run()
    at.button(key="aud_run").click().run()
    assert not at.exception, at.exception
    result = at.session_state["aud_result"]
    (summary,) = html_tables(at, view.TIMING_LEAD)
    assert "Timing points lost" not in summary[0]
    checked = 0
    for paper, row in zip(result.summary, summary):
        at.radio(key="aud_focus").set_value(paper.player).run()
        (decisions,) = html_tables(at, "Lost")
        lost = {int(r["Move"]): r["Lost"] for r in decisions}
        timed = [d for d in result.decisions if d.player == paper.player and round(d.timing_lead_loss, 1) > 0]
        # a decision's lead on timing, as its row says it: "(pressing too soon: 2.7)" where another page lost a
        # part, else the lead it lost in all
        shown = [float(lost[d.ply].split("pressing too soon: ")[1].rstrip(")")) if "too soon" in lost[d.ply]
                 else float(lost[d.ply].split(" points of lead")[0].split()[-1]) for d in timed]
        assert abs(float(row[view.TIMING_LEAD]) - sum(shown)) <= 0.05 * (len(shown) + 1), (row, shown)
        checked += len(shown)
    assert checked >= 3  # the example's presses made too soon


READ_EXAMPLE, READ_PLAYOUTS = "two-player-greedy-seed-11", 60


def _graded_with_the_table_read(focus: int):
    """The example audited at a few playouts, ``focus`` reviewed and its grades with the table read asked for:
    the page, and the engine's own audit and decisions of ``focus`` to hold it to."""
    from pennypress.engine.audit import audit

    doc = example_files.load(view.record_examples()[READ_EXAMPLE])
    at = open_app(PAGE)
    at.radio(key="aud_example_pick").set_value(READ_EXAMPLE)
    at.button(key="aud_load_example").click().run()
    at.number_input(key="aud_playouts").set_value(READ_PLAYOUTS).run()
    at.button(key="aud_run").click().run(timeout=300)
    assert not at.exception, at.exception
    at.radio(key="aud_focus").set_value(focus).run()
    at.button(key="aud_read_run").click().run(timeout=300)
    assert not at.exception, at.exception
    result = audit(doc, "fast", seed=0, playouts=READ_PLAYOUTS)
    return at, doc, result, [d for d in view.shown_decisions(result, focus) if d.klass != "forced"]


def test_one_newspapers_grades_are_graded_again_with_the_table_read_and_those_that_change_are_said():
    """Reviewing one newspaper, "Grade with the table read" grades its decisions again with the others seated
    as they had played before each: the page says what the engine finds (how many grades depend on the
    reading, and each), and a decision whose grade changes says so when it is opened."""
    from pennypress.engine.arena.read_grades import grades_with_table

    focus = 0
    at, doc, result, mine = _graded_with_the_table_read(focus)
    grades = grades_with_table(doc, mine, "fast", 0, READ_PLAYOUTS)
    said = view.read_grades_words(grades, "The Times")
    text = "\n".join(m.value for m in at.markdown)
    assert said[0] in text and all(f"- {line}" in text for line in said[1:])
    changed = [g for g in grades if g.depends]
    if changed:
        shown = view.shown_decisions(result, focus)
        at.session_state["aud_pick"] = next(k for k, d in enumerate(shown) if d.ply == changed[0].number)
        at.run()
        assert any("its grade depends on how the others play" in m.value for m in at.markdown)


def test_the_players_word_on_an_opponent_grades_the_decisions_again_that_way():
    """"Tell the advisor how they played": a word on the other newspaper drops the grades made without it, and
    the grades made with it are the engine's under that word."""
    from pennypress.engine.arena.read_grades import grades_with_table

    at, doc, result, mine = _graded_with_the_table_read(0)
    at.selectbox(key="aud_table_1").set_value("big-pages").run()
    assert at.button(key="aud_read_run")       # the grades made without the word are gone: asked again
    at.button(key="aud_read_run").click().run(timeout=300)
    assert not at.exception, at.exception
    grades = grades_with_table(doc, mine, "fast", 0, READ_PLAYOUTS, said={1: "big-pages"})
    assert all("You said The Sun plays like the big-page presser" in " ".join(g.table) for g in grades)
    text = "\n".join(m.value for m in at.markdown)
    assert all(line in text for line in view.read_grades_words(grades, "The Times"))
