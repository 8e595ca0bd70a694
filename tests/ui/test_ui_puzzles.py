"""The Puzzles page (AppTest): each kind answered right and wrong, judged by the engine, with the why,
the second-best choice and what it loses; the rating moved by openskill on the first answer only;
the filters; a malformed puzzle file refused in one readable line.

The right answers come from the puzzles' evidence (the solver's page, the exact search's moves) and the
wrong ones from their second-best choices; the rating expected is computed here with openskill itself.
"""
from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from pennypress.engine.game.moves import parse_move
from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import check_answer, load_puzzles
from pennypress.engine.puzzles.rating import STEP
from pennypress.engine.puzzles.timing import JUDGED_BY_SEARCH
from pennypress.solver import ProposedPage
from tests.puzzles.final_parts import final_lines, unexplained
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import assert_plain, metrics, no_traceback, on_the_familiar_scale, open_app, visible_text

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

SHIPPED = load_puzzles()
PAGE = "app_pages/puzzles.py"


def _expected_rating(results: list[tuple[int, bool]]) -> int:
    """The person's rating after ``(difficulty, solved)`` attempts, rated by openskill directly and shown
    on the familiar scale."""
    model = PlackettLuce()
    me = model.rating()
    for difficulty, solved in results:
        puzzle = model.rating(mu=model.mu + (difficulty - 3) * STEP, sigma=model.sigma)
        (me,), _ = model.rate([[me], [puzzle]], ranks=[1, 2] if solved else [2, 1])
    return on_the_familiar_scale(me.mu, model)


def _filtered(at, kind: str, level="any"):
    at.radio(key="pz_kind").set_value(kind).run()
    at.radio(key="pz_level").set_value(level).run()
    assert not at.exception, at.exception
    return at


def _shown_id(at) -> str:
    return at.session_state["pz_current"]


def _lay_out(at, problem, page: dict) -> None:
    """Lay ``page`` out on the builder: each story, how it is turned, the cell clicked; then the exclusive."""
    for p in page["placements"]:
        at.radio(key="pz_pg_story").set_value(p["story"]).run()
        at.radio(key="pz_pg_orientation").set_value(f"{p['w']}x{p['h']}").run()
        at.button(key=f"pz_pg_cell_{p['x']}_{p['y']}").click().run()
    if "exclusive" in page:
        at.selectbox(key="pz_pg_exclusive").set_value("none" if page["exclusive"] is None else str(page["exclusive"])).run()
    assert not at.exception, at.exception


def _texts(at) -> str:
    return "\n".join([m.value for m in at.markdown] + [e.value for e in at.success] + [e.value for e in at.error])


def test_the_page_opens_on_the_first_puzzle_with_the_rating_at_the_start():
    at = open_app(PAGE)
    assert at.title[0].value == "Puzzles"
    m = metrics(at)
    assert m["Your rating"] == "1500" == str(on_the_familiar_scale(PlackettLuce().mu, PlackettLuce())) and m["Solved"] == "none tried yet"  # never "0 of 0"
    assert m["Puzzles here"] == str(len(SHIPPED))
    assert _shown_id(at) == SHIPPED.puzzles[0].id


@pytest.mark.parametrize("kind, level", [("page", 4), ("press-or-wait", 2), ("best-move", "any")])
def test_filters_show_only_puzzles_of_that_kind_and_difficulty(kind, level):
    at = _filtered(open_app(PAGE), kind, level)
    wanted = SHIPPED.filter(kind=kind, difficulty=None if level == "any" else level)
    assert at.subheader[0].value.startswith(f"Puzzle 1 of {len(wanted)}:")
    seen = []
    for _ in range(3):
        seen.append(_shown_id(at))
        at.button(key="pz_next").click().run()
    assert seen == [p.id for p in wanted[:3]]
    at.button(key="pz_previous").click().run()
    assert _shown_id(at) == wanted[2].id


def test_the_timing_puzzles_are_reached_by_the_filters_of_kind_difficulty_and_table():
    timing = [p for p in SHIPPED if "certificate" in p.evidence]
    target = timing[0]
    at = _filtered(open_app(PAGE), target.kind, target.difficulty)
    at.radio(key="pz_table").set_value(target.table).run()
    assert not at.exception, at.exception
    wanted = SHIPPED.filter(kind=target.kind, difficulty=target.difficulty, table=target.table)
    assert target in wanted and all(p.table == target.table for p in wanted)
    assert at.subheader[0].value.startswith(f"Puzzle 1 of {len(wanted)}:")
    for _ in range(wanted.index(target)):
        at.button(key="pz_next").click().run()
    assert _shown_id(at) == target.id
    assert "Wait" in [b.label for b in at.button] and not at.exception
    at.radio(key="pz_table").set_value(5).run()  # no timing puzzle has five players; exact ones do
    assert all(p.table == 5 for p in SHIPPED.filter(kind=target.kind, difficulty=target.difficulty, table=5))
    assert _shown_id(at) in {p.id for p in SHIPPED.filter(kind=target.kind, difficulty=target.difficulty, table=5)}


@pytest.mark.slow
def test_a_page_laid_out_right_then_one_laid_out_wrong():
    at = _filtered(open_app(PAGE), "page", 3)
    first, second = SHIPPED.filter(kind="page", difficulty=3)[:2]
    _lay_out(at, first.problem(), first.evidence["optimal_page"])
    at.button(key="pz_check_page").click().run()
    assert not at.exception, at.exception
    assert at.success[0].value == f"Correct: your page is legal and scores the best total, {first.answer}.".replace("-", "−")
    assert int(metrics(at)["Your rating"]) == _expected_rating([(3, True)])
    text = _texts(at)
    assert f"The second-best page scores **{first.second_best['total']}**" in text
    assert f"loses **{first.second_best['loses']} point" in text
    assert all(line in text for line in first.why)  # the puzzle's explanation

    at.button(key="pz_next").click().run()
    assert _shown_id(at) == second.id
    _lay_out(at, second.problem(), second.second_best["choice"])
    at.button(key="pz_check_page").click().run()
    judged = check_answer(second, second.second_best["choice"])
    assert not judged.correct
    assert at.error[0].value == judged.why[0]
    assert int(metrics(at)["Your rating"]) == _expected_rating([(3, True), (3, False)])
    assert metrics(at)["Solved"] == "1 of 2"


def test_an_illegal_page_names_every_broken_rule_in_words():
    at = _filtered(open_app(PAGE), "page")
    puzzle = SHIPPED.filter(kind="page")[0]
    stacked = {"placements": [{"story": i, "x": 0, "y": 0, "w": w, "h": h} for i, (w, h) in
                              enumerate(s.shape.orientations[0] for s in puzzle.problem().stories)]}
    _lay_out(at, puzzle.problem(), stacked)
    at.button(key="pz_check_page").click().run()
    judged = check_answer(puzzle, ProposedPage.from_json(stacked, puzzle.problem()))
    assert not judged.correct and judged.rules
    assert at.error[0].value == judged.why[0]
    text = _texts(at)
    assert all(r["message"] in text for r in judged.rules)
    assert not any(f"{r['rule']}: " in text for r in judged.rules)  # the rule's name in words, not its id


def _press_or_wait(side: str):
    return [p for p in SHIPPED.filter(kind="press-or-wait") if p.evidence.get("side") == side]


def test_press_or_wait_right_and_wrong():
    at = _filtered(open_app(PAGE), "press-or-wait")
    # neither answer is drawn as the one to click (a primary button would hint at it)
    assert at.button(key="pz_press").proto.type == at.button(key="pz_wait").proto.type == "secondary"
    pool = SHIPPED.filter(kind="press-or-wait")
    first, second = pool[0], pool[1]
    right = "pz_press" if first.answer == ("press",) else "pz_wait"
    at.button(key=right).click().run()
    assert at.success and at.success[0].value.startswith("Correct")
    text = _texts(at)
    assert f"The second-best choice: **{first.second_best['in_words']}**: you would {first.second_best['loses']}." in text
    assert int(metrics(at)["Your rating"]) == _expected_rating([(first.difficulty, True)])

    at.button(key="pz_next").click().run()
    wrong = "pz_wait" if second.answer == ("press",) else "pz_press"
    at.button(key=wrong).click().run()
    assert at.error and not at.success
    assert at.error[0].value == check_answer(second, "wait" if wrong == "pz_wait" else "press").why[0]
    expected = _expected_rating([(first.difficulty, True), (second.difficulty, False)])
    assert int(metrics(at)["Your rating"]) == expected


def _pick_move(at, notation: str) -> None:
    from pennypress.ui.app.move_picker import move_groups

    state = SHIPPED.get(at.session_state["pz_current"]).position()
    kind = next(k for k, ms in move_groups(state.legal_moves()).items() if notation in map(str, ms))
    if any(r.key == "pz_move_kind" for r in at.radio):  # shown when there is more than one kind of move
        at.radio(key="pz_move_kind").set_value(kind).run()
    at.radio(key="pz_move").set_value(notation).run()
    assert not at.exception, at.exception


def test_best_move_right_then_wrong_and_only_the_first_answer_is_rated():
    at = _filtered(open_app(PAGE), "best-move")
    first, second = SHIPPED.filter(kind="best-move")[:2]
    labels = at.radio(key="pz_move").options
    assert all("war:" not in o and "assign" not in o for o in labels)  # moves in words
    _pick_move(at, first.answer[0])
    at.button(key="pz_play").click().run()
    assert at.success[0].value.startswith(f"Correct: {move_words(first.answer[0])};")
    after_first = int(metrics(at)["Your rating"])
    assert after_first == _expected_rating([(first.difficulty, True)])
    # a second answer to the same puzzle is judged, not rated
    _pick_move(at, first.evidence["second"]["move"])
    at.button(key="pz_play").click().run()
    assert at.error and int(metrics(at)["Your rating"]) == after_first
    assert "no longer moves your rating" in "\n".join(c.value for c in at.caption)

    at.button(key="pz_next").click().run()
    wrong = second.evidence["second"]["move"]
    _pick_move(at, wrong)
    at.button(key="pz_play").click().run()
    assert at.error[0].value.startswith(f"Not the best: {move_words(wrong)};")
    assert f"The second-best choice: **{second.second_best['in_words']}**" in _texts(at)
    expected = _expected_rating([(first.difficulty, True), (second.difficulty, False)])
    assert int(metrics(at)["Your rating"]) == expected
    assert metrics(at)["Solved"] == "1 of 2"


def test_a_malformed_puzzle_file_is_refused_in_one_line_and_a_good_one_is_used():
    at = open_app(PAGE)
    doc = json.loads(json.dumps(SHIPPED.to_json()))
    doc["puzzles"] = doc["puzzles"][:3]
    doc["counts"] = {"page": 3, "press-or-wait": 0, "best-move": 0}
    bad = json.loads(json.dumps(doc))
    bad["puzzles"][1]["difficulty"] = 9
    at.file_uploader(key="pz_upload").upload("bad.json", json.dumps(bad).encode(), "application/json").run()
    assert not at.exception, at.exception
    assert len(at.error) == 1 and at.error[0].value.startswith("The puzzle file was not loaded: bad.json: ")
    assert "difficulty" in at.error[0].value and "Traceback" not in at.error[0].value
    assert metrics(at)["Puzzles here"] == str(len(SHIPPED))  # the shipped set is still in use
    at.file_uploader(key="pz_upload").upload("notjson.json", b"{not json", "application/json").run()
    assert at.error[0].value.startswith("The puzzle file was not loaded: notjson.json: ")
    timing = json.loads(json.dumps(next(p for p in SHIPPED if "certificate" in p.evidence).to_json()))  # a copy
    timing["evidence"]["certificate"]["alpha"] = 0.05  # significant at 95% only: a broken certificate
    forged = dict(doc, puzzles=[timing])
    at.file_uploader(key="pz_upload").upload("forged.json", json.dumps(forged).encode(), "application/json").run()
    assert not at.exception and len(at.error) == 1
    assert at.error[0].value == (f"The puzzle file was not loaded: forged.json: puzzle {timing['id']}: its "
                                 "certificate is broken: its alpha is 0.05, not 0.001 (99.9%)")
    at.file_uploader(key="pz_upload").upload("three.json", json.dumps(doc).encode(), "application/json").run()
    assert not at.error and metrics(at)["Puzzles here"] == "3"
    at.button(key="pz_shipped").click().run()
    assert metrics(at)["Puzzles here"] == str(len(SHIPPED))


@pytest.mark.parametrize("kind", ["page", "press-or-wait", "best-move"])
def test_every_kind_answered_speaks_plainly(kind):
    at = _filtered(open_app(PAGE), kind)
    puzzle = SHIPPED.filter(kind=kind)[0]
    if kind == "page":
        assert puzzle.second_best is None  # the first page puzzle: no legal page scores less
        at.button(key="pz_check_page").click().run()  # the empty page
        assert "There is no second-best page: every legal page scores the best." in _texts(at)
        at.button(key="pz_next").click().run()
        puzzle = SHIPPED.filter(kind=kind)[1]
        _lay_out(at, puzzle.problem(), puzzle.second_best["choice"])
        at.button(key="pz_check_page").click().run()
    elif kind == "press-or-wait":
        at.button(key="pz_wait").click().run()
    else:
        _pick_move(at, puzzle.evidence["second"]["move"])
        at.button(key="pz_play").click().run()
    no_traceback(at)
    assert at.error  # a wrong answer, and its why
    assert_plain(visible_text(at), f"{kind} answered")


def _timing_file(with_population: bool) -> tuple[dict, object]:
    """A file of one shipped timing puzzle: settled by games against the population (its certificate the
    shipped one, or every cell clearly won where the shipped set is not settled), or as a file made before
    (no population certificate, the search's why)."""
    from pennypress.engine.arena.population import population
    from pennypress.engine.puzzles import load_puzzles
    from pennypress.engine.puzzles.population_certificate import Cell, PopulationCertificate
    from pennypress.engine.puzzles.population_run import settle
    from pennypress.engine.puzzles.store import PuzzleSet

    shipped = next(p for p in load_puzzles() if "certificate" in p.evidence)
    cert = shipped.evidence["certificate"]
    if "population" in shipped.evidence:
        population_cert = PopulationCertificate.from_json(shipped.evidence["population"])
    else:
        population_cert = PopulationCertificate(cert["answer"], cert["rival"], 1, tuple(
            Cell(o, m, 300, "win", 0.2, 0.02, 0.5, 0.3) for o, m in population().cells()))
    puzzle = settle(PuzzleSet((shipped,)), {shipped.id: population_cert}, {"command": "test"}).puzzles[0]
    entry = {k: v for k, v in puzzle.to_json().items() if k != "id"}
    if not with_population:
        from pennypress.engine.puzzles.timing_set import timing_why

        entry["evidence"] = {k: v for k, v in entry["evidence"].items() if k not in ("population", "story")}
        entry["why"] = timing_why(cert)
        entry["second_best"] = dict(entry["second_best"], loses=(  # the search's words, as such a file said it
            f"about {cert['advantage']:.0%} of the chance to win" if cert["measure"] == "win"
            else f"about {cert['advantage']:.1f} points of lead"))
    return {"format": "pennypress-puzzles", "version": 1, "puzzles": [{**entry, "id": "timing-001"}]}, puzzle


def _answered(doc: dict, puzzle):
    at = open_app(PAGE)
    at.file_uploader(key="pz_upload").upload("timing.json", json.dumps(doc).encode(), "application/json").run()
    answer = puzzle.evidence["certificate"]["answer"]
    at.button(key="pz_press" if answer == "press" else "pz_wait").click().run()
    assert at.success and not at.exception
    return at


def test_a_timing_puzzle_says_what_full_games_showed_and_shows_both_lines():
    """A press-or-wait puzzle before the final edition settled by games: after the answer, the trainer says
    the smallest gain over every kind of opponent tried and what was played to show it, the games of each
    kind of opponent one click away (Details), and the likely line after the answer and after the next
    choice, in words -- never "99.9%", "certain" or the search's "not proven"."""
    from pennypress.engine.advisor.line import LineStep, line_words

    doc, puzzle = _timing_file(with_population=True)
    at = _answered(doc, puzzle)
    text = _texts(at)
    assert "against every kind of opponent tried" in text and "Played to the end of the game" in text
    assert JUDGED_BY_SEARCH not in text and "99.9%" not in text and "certain" not in text.lower()
    details = next(e for e in at.expander if e.label.startswith("Details: the games against each kind"))
    cells = doc["puzzles"][0]["evidence"]["population"]["cells"]
    shown = details.table[0].value
    assert len(shown) == len(cells) and list(shown["Games"]) == [c["games"] for c in cells]
    deck = puzzle.position().definition.deck
    for key in ("answer", "rival"):
        said = line_words([LineStep.from_json(d) for d in puzzle.evidence["lines"][key]], deck)
        assert said and all(w in text for w in said)


def test_a_puzzle_found_by_games_says_what_each_move_leads_to_in_those_games():
    """A timing puzzle found by full games first (#54): after the answer, the smallest gain over every kind
    of opponent tried, what each move leads to in the certificate's own games (the next front page, the
    pages to the end, where the player finishes), the other choice's loss as the games measured it, and the
    games of each kind of opponent one click away -- nothing from the search."""
    from pennypress.engine.puzzles.population_story import story_words

    puzzle = next(p for p in SHIPPED if p.certainty == "population")
    doc = {"format": "pennypress-puzzles", "version": 1, "puzzles": [puzzle.to_json()]}
    at = open_app(PAGE)
    at.file_uploader(key="pz_upload").upload("mined.json", json.dumps(doc).encode(), "application/json").run()
    at.button(key="pz_press" if puzzle.answer == ("press",) else "pz_wait").click().run()
    assert at.success and not at.exception
    text = _texts(at)
    story = story_words(puzzle.evidence["story"], parse_move(puzzle.evidence["population"]["answer"]))
    assert all(line in text for line in story) and "your next front page comes" in text
    assert f"it loses {puzzle.second_best['loses']}" in text and "games in 100" in puzzle.second_best["loses"]
    assert JUDGED_BY_SEARCH not in text and "99.9%" not in text and "search's" not in text
    details = next(e for e in at.expander if e.label.startswith("Details: the games against each kind"))
    assert len(details.table[0].value) == len(puzzle.evidence["population"]["cells"])


def test_a_timing_puzzle_of_an_older_file_says_it_is_judged_by_search():
    doc, puzzle = _timing_file(with_population=False)
    text = _texts(_answered(doc, puzzle))
    assert JUDGED_BY_SEARCH in text and "99.9%" not in text and "against every kind of opponent" not in text


def test_a_final_circulation_shown_is_the_sum_of_its_parts_shown():
    """press-001 once showed "The Herald 68" beside parts adding to 62 (#55): on the page, every final
    circulation of both lines is the circulation the prompt gives plus the presses, scoop points and bonuses
    the line names."""
    at = _filtered(open_app(PAGE), "press-or-wait")
    while _shown_id(at) != "press-001":
        at.button(key="pz_next").click().run()
    puzzle = SHIPPED.get("press-001")
    at.button(key="pz_press" if puzzle.answer == ("press",) else "pz_wait").click().run()
    shown = [m.value for m in at.markdown]
    prompt = next(v for v in shown if v.startswith("**") and "circulation " in v).strip("*")
    why = next(v for v in shown if v.startswith("**Why**")).split("\n- ")[1:]
    lines = final_lines(why)
    assert len(lines) == 2 and any("The Herald 68" in line for line in lines)
    for line in lines:
        assert unexplained(prompt, line) == {}, line
