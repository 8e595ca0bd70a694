"""Position viewer and Scoring examples: the engine's numbers on screen, bad positions as messages."""
from __future__ import annotations

import json

import pytest

from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import errors, frame, metrics, no_traceback, notation_boxes, open_app

from pennypress.engine import GoToPress, State, new_game
from pennypress.engine.rules.press import plan_press
from pennypress.ui.app import session_keys as keys
from pennypress.ui.io.example_files import load, position_examples

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

VIEWER = "app_pages/position_viewer.py"
EXAMPLES = "app_pages/scoring_examples.py"


def example(name: str) -> State:
    return State.from_json(load(position_examples()[name]))


def paste(at, text: str) -> None:
    at.text_area(key="pos_paste").input(text).run()
    at.button(key="pos_load_paste").click().run()
    no_traceback(at)


def test_viewer_opens_on_the_12_point_position():
    at = open_app(VIEWER)
    game = example("rulebook-12-points")
    m = metrics(at)
    assert m["To move"] == "The Times" and m["Phase"] == "normal"
    tops = [x.value for x in at.markdown if "pp-tops" in x.value]  # the top beats as chips, not a metric
    assert len(tops) == 1 and "Top beat<" in tops[0] and ">Politics</span>" in tops[0]
    assert tops[0].count("pp-chip") == len(game.top_beats()) == 1
    board = frame(at, "Beat", "Marker", "Value", "Scoop")
    assert list(board["Value"]) == [game.beat_value(b) for b in game.beat_values()]
    assert list(board["Scoop"]) == [game.scoop_value(b) for b in game.beat_values()]
    assert list(board["Top beat"]) == ["", "", "★ TOP", "", ""]
    players = frame(at, "Newspaper", "Circulation", "Pennies")
    assert list(players["Reporters home"]) == [p.home for p in game.players]
    # the player to move, if they pressed now: the engine's own press on a copy
    event = game.clone().apply(GoToPress())
    assert m["Optimal total"] == str(event.press.total) == "12"
    scoops = frame(at, "To", "Story", "Scoop points")
    assert list(scoops["Scoop points"]) == [s.points for s in event.press.scoops]
    assert sum(scoops["Scoop points"]) == 2
    assert sum("pennypress-board" in x.value for x in at.markdown) == 1
    assert sum("pennypress-bonus" in x.value for x in at.markdown) == 1


def test_every_opponent_has_a_press_now_section():
    at = open_app(VIEWER)
    at.selectbox(key="pos_example_pick").set_value("when-not-to-press").run()
    at.button(key="pos_load_example").click().run()
    no_traceback(at)
    game = example("when-not-to-press")
    assert metrics(at)["To move"] == "The Herald"
    labels = [e.label for e in at.expander]
    assert "The Times (player 1) pressing now" in labels and "The Sun (player 2) pressing now" in labels
    totals = [m.value for m in at.metric if m.label == "Optimal total"]
    expected = [plan_press(game, p).breakdown.total for p in (2, 0, 1)]
    assert totals == [str(t) for t in expected]


def test_invalid_and_impossible_positions_are_messages():
    at = open_app(VIEWER)
    paste(at, '{"format": "pennypress-state", ')
    assert any("malformed JSON" in e for e in errors(at))
    assert metrics(at)["To move"] == "The Times"  # the previous position stays

    doc = new_game(3, seed=5).to_json()
    doc["players"][1]["home"] = 4
    paste(at, json.dumps(doc))
    assert any("position.players[1]" in e and "reporters" in e for e in errors(at))

    paste(at, "[1, 2, 3]")
    assert errors(at)

    paste(at, json.dumps(new_game(4, seed=9).to_json()))
    assert not errors(at)
    assert metrics(at)["Players"] == "4"


def test_a_finished_game_shows_the_end_scoring():
    import random

    from pennypress.engine.play.bots import GreedyBot

    game = new_game(3, seed=11)
    bots = [GreedyBot(seed=i) for i in range(3)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game), rng=random.Random(game.ply))
    at = open_app(VIEWER)
    paste(at, json.dumps(game.to_json()))
    assert not errors(at)
    assert metrics(at)["To move"] == "game over"
    assert any(h.value == "End scoring" for h in at.subheader)
    bonus = frame(at, "Beat", "Bonus marker", "Points each")
    assert list(bonus["Points each"]) == [b.points for b in game.last_event.end.bonuses]
    assert any(f"**{game.last_event.end.circulation[0]}**" in m.value for m in at.markdown)


def test_uploading_a_file_and_dealing_a_new_game():
    at = open_app(VIEWER)
    doc = new_game(2, seed=3).to_json()
    at.file_uploader(key="pos_upload").upload("two.json", json.dumps(doc).encode(), "application/json").run()
    no_traceback(at)
    assert metrics(at)["Players"] == "2"
    at.file_uploader(key="pos_upload").upload("bad.json", b"not json", "application/json").run()
    no_traceback(at)
    assert any("bad.json" in e and "malformed JSON" in e for e in errors(at))
    at.number_input(key="pos_players").set_value(5).run()
    at.button(key="pos_deal").click().run()
    no_traceback(at)
    assert metrics(at)["Players"] == "5"


def test_a_press_goes_to_the_press_desk_and_values_come_from_the_position():
    at = open_app(VIEWER)
    at.button(key="pv0_to_desk").click().run()
    at.switch_page("app_pages/press_desk.py").run()
    no_traceback(at)
    assert metrics(at)["Optimal total"] == "12"
    assert "The Times pressing now" in at.session_state[keys.SOURCE]
    at.number_input(key="bv_war").set_value(0).run()
    assert metrics(at)["Optimal total"] != "12"
    at.button(key="bv_from_position").click().run()
    assert at.number_input(key="bv_war").value == 3
    assert metrics(at)["Optimal total"] == "12"


def test_scoring_examples_are_computed():
    at = open_app(EXAMPLES)
    no_traceback(at)
    assert not errors(at)
    m = metrics(at)
    assert m["The Times scores"] == "12"
    assert m["The Sun's scoops"] == "2"
    scoop_rows = frame(at, "Story", "Marker", "Scoop value there")
    assert sorted(scoop_rows["Story"]) == ["Crime & Calamity B ★", "War D ★★★"]
    assert list(scoop_rows["Points"]) == [1, 1]
    assert any("6 + 3 + 4 − 1 = 12" in x.value or "4 + 6 + 3 − 1 = 12" in x.value for x in at.markdown)
    shapes = frame(at, "Stories", "Optimal total")
    assert list(shapes["Optimal total"]) == [12, 12, 12]
    assert "File" not in shapes.columns  # no file paths in the table
    shown = "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                      + [str(v) for v in shapes.to_numpy().ravel()])
    assert "examples/" not in shown and ".json" not in shown
    # when not to press: the War D cannot be published
    herald = plan_press(example("when-not-to-press"), 2)
    assert m["The Herald scores now"] == str(herald.breakdown.total)
    assert m["Stories left unpublished"] == "1"
    assert int(m["Same stories without the ad"]) > herald.breakdown.total
    # the end-game bonus tie: Times and Herald 7, World 0
    assert m["The Times: Politics bonus"] == "7"
    assert m["The Herald: Politics bonus"] == "7"
    assert m["The World: Politics bonus"] == "0"
    politics = frame(at, "Newspaper", "Politics stories")
    assert list(politics["Stars"]) == [3, 3, 2]
    assert list(politics["Stories"]) == [1, 3, 1]


def test_a_hostile_paste_is_one_readable_error():
    at = open_app(VIEWER)
    paste(at, "[" * 100_000)
    assert any("nested more than 64 levels" in e for e in errors(at)), errors(at)


def test_pasting_the_one_line_notation_loads_the_position_and_shows_its_line():
    from pennypress.engine.notation.text import to_text

    at = open_app(VIEWER)
    game = new_game(4, seed=9, variants=["newsboy"])
    line = to_text(game)
    paste(at, line)
    assert not errors(at)
    m = metrics(at)
    assert m["To move"] == "The Times" and at.session_state["pos_name"] == "Pasted position"
    assert State.from_json(at.session_state["pos_doc"]).columns == game.columns
    assert line in notation_boxes(at)  # the position as one line
    paste(at, line.replace("p1 circ=0", "p1 circ=none"))
    assert any("notation: p1: 'circ=none'" in e for e in errors(at))


def load_example(at, name: str) -> None:
    at.selectbox(key="pos_example_pick").set_value(name).run()
    at.button(key="pos_load_example").click().run()
    no_traceback(at)


def test_mats_are_drawn_like_the_player_mat():
    at = open_app(VIEWER)
    load_example(at, "when-not-to-press")
    game = example("when-not-to-press")
    mats = next(m.value for m in at.markdown if "pennypress-mat" in m.value)
    assert mats.count('class="pennypress-mat"') == game.n_players
    per_mat = mats.split('class="pennypress-mat"')[1:]
    for p, svg in zip(game.players, per_mat):
        assert svg.count('class="penny"') == p.pennies
        assert svg.count('class="penny-space"') == game.definition.final_edition_presses - p.pennies
        assert svg.count('class="ad"') == (p.ad is not None)
        assert svg.count('class="published"') == len(p.published)
        assert svg.count(">−2<") + svg.count(">−1<") == 12 - (p.ad is not None)  # the printed penalties


def test_open_this_press_takes_you_to_the_press_desk():
    at = open_app(VIEWER)
    at.button(key="pv0_to_desk").click().run()
    no_traceback(at)
    assert at.title[0].value == "Press desk"  # switched, not just loaded
    assert any("Opened from the Position viewer" in s.value and "The Times pressing now" in s.value
               for s in at.success)
    assert metrics(at)["Optimal total"] == "12"


def test_at_setup_the_shared_win_is_explained():
    at = open_app(VIEWER)
    at.number_input(key="pos_players").set_value(5).run()
    at.button(key="pos_deal").click().run()
    no_traceback(at)
    text = " ".join(m.value for m in at.markdown)
    assert "Nobody has scored or published anything yet: all 5 newspapers are tied at 0" in text


def test_scoring_examples_name_each_newspaper_by_its_seat():
    at = open_app(EXAMPLES)
    no_traceback(at)
    game = example("end-game-bonus-tie")
    politics = frame(at, "Newspaper", "Politics stories")
    from pennypress.engine.game.names import newspaper
    from pennypress.solver import Beat

    seats = [i for i, p in enumerate(game.players) if p.stars(Beat.POLITICS)]
    assert list(politics["Newspaper"]) == [newspaper(i) for i in seats] == ["The Times", "The Herald", "The World"]
    assert list(politics["Stories"]) == [sum(s.beat is Beat.POLITICS for s in game.players[i].published) for i in seats]
    # the two beats the 12-point picture leaves out are worth 0, read from the board
    twelve = example("rulebook-12-points")
    assert twelve.beat_value(Beat.CITY) == twelve.beat_value(Beat.HUMAN) == 0
    assert any("engine reads New York City 0 and Human Condition 0" in m.value for m in at.markdown)


def test_when_not_to_press_says_what_to_do_instead():
    from pennypress.engine import Decline, GoToPress, preview_press

    at = open_app(EXAMPLES)
    game = example("when-not-to-press")
    table = frame(at, "Instead of pressing", "It would score")
    assert len(table) == 3
    now = preview_press(game, 2).total
    # every move the engine allows the Herald now (other than pressing), then its press
    after = []
    for move in game.legal_moves():
        if isinstance(move, (GoToPress, Decline)):
            continue
        child = game.child(move)
        if child.claimable(2):
            after.append(preview_press(child, 2).total)
    assert list(table["It would score"]) == sorted(after, reverse=True)[:3]
    assert table["It would score"].iloc[0] > now


def test_adjusting_the_news_beats_p7():
    from pennypress.solver import Beat

    at = open_app(EXAMPLES)
    game = example("adjusting-news-beats")
    table = frame(at, "Spaces filled by stories", "Covered stories")
    assert list(table["Beat"]) == ["Crime & Calamity", "Politics"]
    assert list(table["Covered stories"]) == [1, 2]  # as the rulebook's picture
    assert list(table["Marker at space"]) == [game.markers[Beat.CRIME], game.markers[Beat.POLITICS]]
    assert list(table["Value"]) == [3, 4]  # "The central arrows point to the news beat values: 3, and 4"
    m = metrics(at)
    assert (m["Crime & Calamity: value"], m["Politics: value"]) == ("3", "4")


def test_when_not_to_press_gives_the_advisors_answer():
    from pennypress.engine.advisor import advise
    from pennypress.engine.advisor.reasons import describe
    from pennypress.engine import parse_move
    from pennypress.ui.app import session_keys as keys

    at = open_app(EXAMPLES)
    at.button(key=keys.SE_ASK_ADVISOR).click().run()
    no_traceback(at)
    advice = at.session_state[keys.SE_ADVICE]
    expected = advise(example("when-not-to-press"), "fast", seed=0)
    assert advice.ranking() == expected.ranking()  # the engine's answer, seeded, on the page
    assert advice.best.move != "press"  # the rulebook's point: do not press here
    text = " ".join(m.value for m in at.markdown)
    assert describe(parse_move(advice.best.move)) in text and f"{advice.best.win_probability:.0%}" in text
