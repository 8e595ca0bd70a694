"""Press desk: the built-in example, changes that the solver answers, and bad input as messages."""
from __future__ import annotations

import json

from tests.ui.ui_helpers import errors, frame, metrics, no_traceback, open_app

from pennypress.solver import PressProblem, best_layouts, make_problem, solve
from pennypress.ui.app import press_table, session_keys as keys

RULEBOOK = make_problem(
    [("politics", "A", 2), ("crime", "B", 1), ("war", "D", 3)],
    {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0},
)


def set_stories(at, rows):
    """Replace the stories table as the editor would, then rerun."""
    at.session_state[keys.STORIES] = press_table.stories_table(rows)
    del at.session_state[keys.STORIES_EDITOR]  # the editor is rebuilt from the new table
    return at.run()


def svgs(at) -> list[str]:
    return [m.value for m in at.markdown if "<svg" in m.value]


def test_opens_on_the_builtin_example_with_total_12():
    at = open_app()
    no_traceback(at)
    assert at.title[0].value == "Press desk"
    m = metrics(at)
    assert m["Optimal total"] == "12"
    assert m["Circulation gain"] == "12"
    assert "Search" not in m  # the solver's status in words, not "Search: Proven"
    assert any("Proven optimal page" in x.value for x in at.markdown)
    table = frame(at, "Item", "Points")
    assert table["Item"].iloc[-1] == "Total"
    assert table["Points"].iloc[-1] == 12
    assert table["Points"].iloc[:-1].sum() == 12  # the rows add up to the total
    page = svgs(at)[0]
    assert ">EXCL. ×2<" in page and "★ TOP" in page and "−1" in page
    assert any("Politics is the top beat. 1 top-beat story can touch the top edge" in m.value for m in at.markdown)


def test_the_ad_buttons_change_the_page_as_the_solver_says():
    at = open_app()
    at.button(key="ad_1_0").click().run()
    no_traceback(at)
    expected = solve(PressProblem(RULEBOOK.stories, RULEBOOK.beat_values, (1, 0))).total
    assert metrics(at)["Optimal total"] == str(expected)
    assert at.session_state[keys.AD] == [1, 0]
    assert 'class="ad"' in svgs(at)[0]
    at.button(key="ad_none").click().run()
    assert metrics(at)["Optimal total"] == "12"


def test_changing_a_beat_value_changes_the_result_as_the_solver_says():
    at = open_app()
    at.number_input(key="bv_politics").set_value(1).run()
    no_traceback(at)
    values = dict(RULEBOOK.beat_values)
    values[next(b for b in values if b.value == "politics")] = 1
    expected = solve(PressProblem(RULEBOOK.stories, values, None))
    assert metrics(at)["Optimal total"] == str(expected.total)
    # War and Crime & Calamity are now the top beats
    assert any("are the top beats" in m.value for m in at.markdown)
    table = frame(at, "Item", "Points")
    assert table["Points"].iloc[:-1].sum() == table["Points"].iloc[-1] == expected.total


def test_next_best_lists_the_next_distinct_scores_and_counts_the_ties():
    at = open_app()
    table = frame(at, "Versus optimal")
    assert len(table) == 3
    assert (table["Versus optimal"] == table["Total"] - 12).all()
    assert (table["Total"] < 12).all()  # never a page with the best score again
    # every legal page (the k-best search run to the end), independently of the app's helper
    totals = [r.total for r in best_layouts(RULEBOOK, 500)]
    assert len(totals) < 500
    expected = sorted({t for t in totals if t < 12}, reverse=True)[:3]
    assert list(table["Total"]) == expected
    ties = totals.count(12)
    assert any(f"{ties} different pages tie for the best score, 12" in m.value for m in at.markdown)
    assert len(svgs(at)) == 1 + 3  # the optimal page and one drawing per lower score


def test_blank_cells_zero_and_six_stories_are_messages_not_tracebacks():
    at = open_app()
    set_stories(at, [{"beat": "politics", "shape": "A"}, {"beat": None, "shape": "B"}])
    no_traceback(at)
    assert any("Story #2 (row 2 of the table): the beat is blank" in e for e in errors(at))
    assert not metrics(at)

    set_stories(at, [{"beat": "war", "shape": None}])
    assert any("the shape is blank" in e for e in errors(at))

    set_stories(at, [])
    no_traceback(at)
    assert any("a press claims 1 to 5 stories, got 0" in e for e in errors(at))

    set_stories(at, [{"beat": "war", "shape": "A"}] * 6)
    no_traceback(at)
    assert any("got 6" in e for e in errors(at))

    set_stories(at, [{"beat": "city", "shape": "C", "stars": 2}])
    no_traceback(at)
    assert not errors(at)
    expected = solve(PressProblem.from_json({**RULEBOOK.to_json(), "stories": [{"beat": "city", "shape": "C", "stars": 2}]}))
    assert metrics(at)["Optimal total"] == str(expected.total)


def test_pasted_json_loads_or_shows_the_problem():
    at = open_app()
    at.text_area(key="press_paste").input('{"stories": [').run()
    at.button(key="press_load_paste").click().run()
    no_traceback(at)
    assert any("malformed JSON" in e for e in errors(at))
    assert metrics(at)["Optimal total"] == "12"  # the previous press stays

    at.text_area(key="press_paste").input(json.dumps({**RULEBOOK.to_json(), "beat_values": {"war": 9}})).run()
    at.button(key="press_load_paste").click().run()
    assert any("beat_values" in e for e in errors(at))

    doc = {
        "stories": [{"beat": "city", "shape": "A"}, {"beat": "city", "shape": "A"}, {"beat": "war", "shape": "D"}],
        "beat_values": {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1},
        "ad": [1, 1],
    }
    at.text_area(key="press_paste").input(json.dumps(doc)).run()
    at.button(key="press_load_paste").click().run()
    no_traceback(at)
    assert not errors(at)
    expected = solve(PressProblem.from_json(doc))
    assert metrics(at)["Optimal total"] == str(expected.total)
    assert "Not published" in svgs(at)[0]  # the War D has no room


def test_examples_load_from_the_examples_folder():
    at = open_app()
    at.selectbox(key="press_example_pick").set_value("when-not-to-press").run()
    at.button(key="press_load_example").click().run()
    no_traceback(at)
    from pennypress.ui.io.example_files import load, press_examples

    expected = solve(PressProblem.from_json(load(press_examples()["when-not-to-press"])))
    assert metrics(at)["Optimal total"] == str(expected.total)
    assert at.session_state[keys.AD] == [1, 1]


def test_the_ad_picker_is_the_mat_with_its_printed_penalties():
    from pennypress.solver import COLUMNS, ROWS, cell_penalty

    at = open_app()
    cells = {(x, y): at.button(key=keys.ad_cell_key(x, y)) for y in range(ROWS) for x in range(COLUMNS)}
    assert len(cells) == 12
    assert [cells[(x, 0)].label for x in range(COLUMNS)] == ["−2"] * 4  # the top edge
    assert {cells[(x, y)].label for x in range(COLUMNS) for y in (1, 2)} == {"−1"}
    assert all(cells[c].label == f"{cell_penalty(*c)}".replace("-", "−") for c in cells)
    at.button(key=keys.ad_cell_key(2, 1)).click().run()
    assert at.button(key=keys.ad_cell_key(2, 1)).label == "AD"
    assert sum(at.button(key=keys.ad_cell_key(x, y)).label == "AD" for x, y in cells) == 1
    assert any("Ad: **middle row, 3rd column**" in m.value for m in at.markdown)


def test_a_press_with_a_single_best_page_says_so():
    # a War D and a Crime C with the ad in the corner: only one page scores the best
    doc = {"stories": [{"beat": "war", "shape": "D"}, {"beat": "crime", "shape": "C"}],
           "beat_values": dict(RULEBOOK.to_json()["beat_values"]), "ad": [0, 0]}
    at = open_app()
    at.text_area(key="press_paste").input(json.dumps(doc)).run()
    at.button(key="press_load_paste").click().run()
    no_traceback(at)
    totals = [r.total for r in best_layouts(PressProblem.from_json(doc), 500)]
    best = max(totals)
    assert totals.count(best) == 1 and metrics(at)["Optimal total"] == str(best)
    assert any(f"Only this page scores {best}" in m.value for m in at.markdown)
    assert list(frame(at, "Versus optimal")["Total"]) == sorted({t for t in totals if t < best}, reverse=True)[:3]
