"""The analysis board page (AppTest): analyse, the best move and the ranked table, play, card draws, back."""
from __future__ import annotations

import re

import pytest

from tests.ui.ui_helpers import html_tables, open_app, ranking, steppers
from tests.lab_words import LAB_WORDS

from pennypress.engine import parse_move
from pennypress.engine.game.words import move_words
from pennypress.ui.app.analysis_view import INTERVALS_MEASURE
from pennypress.ui.render.verdict import verdict_holds_words
from pennypress.ui.app.move_picker import move_groups
from pennypress.ui.io import positions
from pennypress.ui.render.stepper import arrow_of

PAGE = "app_pages/analysis_board.py"


def _position(at):
    return positions.parse_position(at.session_state["ab_line"][-1]["doc"])


def _pick(at, notation):
    """Choose a move in "Play any move" as a person does: its kind, then the move (both as shown in words)."""
    move = parse_move(notation)
    kind = next(k for k, ms in move_groups(_position(at).legal_moves()).items() if move in ms)
    if "ab_kind" in [r.key for r in at.radio]:
        at.radio(key="ab_kind").set_value(kind).run()
    at.radio(key="ab_pick").set_value(notation).run()
    assert not at.exception, at.exception


def _verdict(at) -> str:
    """The verdict the page leads with, as read (tags dropped)."""
    shown = [m.value for m in at.markdown if 'class="pp-verdict"' in m.value]
    assert len(shown) == 1, shown
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", shown[0])).strip()


def _details(at) -> str:
    """The lines of the collapsed "Details" section."""
    details = next(e for e in at.expander if e.label == "Details")
    return " ".join(m.value for m in details.markdown)


def _load_example(at, name):
    at.selectbox(key="ab_example_pick").set_value(name)
    at.button(key="ab_load_example").click().run()
    assert not at.exception, at.exception


def test_final_edition_is_analysed_exactly_and_played(tmp_path):
    at = open_app(PAGE)
    _load_example(at, "end-game-bonus-tie")
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    rows = ranking(at)
    assert [(r["notation"], r["move"], r["rank"]) for r in rows] == [("decline", "Decline the last press", "1")]
    assert _verdict(at).startswith("Best move Decline the last press The only legal move")
    assert "Exact: the final edition searched to the end" in _details(at)
    at.button(key="ab_play_best").click().run()
    assert not at.exception, at.exception
    assert any("Game over" in s.value for s in at.success)
    assert "1. The World declined the last press" in " ".join(m.value for m in at.markdown)
    at.button(key="ab_back").click().run()
    assert not at.exception and not at.success


def test_rollout_analysis_ranks_every_move_and_a_press_draws_a_card():
    at = open_app(PAGE)
    _load_example(at, "when-not-to-press")
    game = _position(at)
    legal = [str(m) for m in game.legal_moves()]
    at.number_input(key="ab_playouts").set_value(len(legal))  # one playout per move (a fixed count)
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    rows = ranking(at)
    # every legal move ranked once, each said by the engine's one wording
    assert sorted(r["notation"] for r in rows) == sorted(legal)
    assert [int(r["rank"]) for r in rows] == list(range(1, len(legal) + 1))
    assert all(r["move"] == move_words(r["notation"]) for r in rows)
    advice = at.session_state["ab_advice"][1]
    assert [r["win"] for r in rows] == [f"{m.win_probability:.0%}" for m in advice.moves]
    # every move searched (one playout each, a fixed count); each loss with its paired interval, in the
    # collapsed details -- one playout cannot tell, so the interval is the whole possible range (the best's
    # calibrated chance less 100% to that chance: a loss cannot exceed it) and every move is "as good as the
    # best": the verdict says the analysis could not tell the moves apart, and no move but the first is "best"
    details = html_tables(at, "Loss, 95% interval")[0]
    intervals = [tuple(int(x) for x in re.findall(r"-?\d+", r["Loss, 95% interval"].replace("−", "-")))
                 for r in details if r["Rank"] != "1"]
    best = round(100 * advice.best.win_probability)
    assert len(intervals) == len(legal) - 1
    assert all(lo < 0 < hi and abs(hi - best) <= 1 and 99 <= hi - lo <= 101 for lo, hi in intervals), intervals
    assert all(m.searched and m.equal_to_best for m in advice.moves)
    assert [r["class"] for r in rows] == ["best"] + ["within_noise"] * (len(legal) - 1)
    assert f"The {len(legal)} moves could not be told apart" in _verdict(at)
    assert "Not converged" in _details(at)
    # play a press from the list: the card is then picked as drawn at the table
    _pick(at, "press")
    at.button(key="ab_play_pick").click().run()
    assert not at.exception, at.exception
    assert any("headline card is drawn" in i.value for i in at.info)
    card = at.radio(key="ab_card").options[0]
    assert card.startswith("“")  # the card as it reads, not its number
    at.button(key="ab_use_card").click().run()
    assert not at.exception, at.exception
    line = " ".join(m.value for m in at.markdown)
    assert "1. The Herald went to press" in line and "2. Headline card “" in line and "(as drawn at the table)" in line
    assert at.radio(key="ab_pick").options  # the next player's moves
    at.button(key="ab_back").click().run()
    at.button(key="ab_random_card").click().run()
    assert not at.exception and "(at random)" in " ".join(m.value for m in at.markdown)


def test_bad_paste_is_an_error_line():
    at = open_app(PAGE)
    at.text_area(key="ab_paste").set_value("{nope")
    at.button(key="ab_load_paste").click().run()
    assert not at.exception
    assert at.error and "malformed JSON" in at.error[0].value


def test_a_position_handed_over_by_another_page_is_loaded_and_published_back():
    from pennypress.engine import State, new_game
    from pennypress.ui.app import session_keys as keys

    at = open_app(PAGE)
    first = State.from_json(at.session_state[keys.ANALYSIS_POSITION])  # the board publishes its position
    handed = new_game(4, seed=21).to_json()
    assert State.from_json(handed) != first
    at.session_state[keys.ANALYSIS_POSITION] = handed
    at.session_state[keys.ANALYSIS_NAME] = "Position editor (test)"
    at.run()
    assert not at.exception, at.exception
    assert at.session_state[keys.AB_LINE][-1]["doc"] == handed
    assert at.session_state[keys.AB_NAME] == "Position editor (test)"
    at.run()  # its own position, published back, is not taken for a new hand-over
    assert len(at.session_state[keys.AB_LINE]) == 1


def test_the_shared_loader_deals_variants_and_reads_notation_here_too():
    """The analysis board loads positions with the viewer's panel: a newsboy deal, pasted notation, bad text."""
    from pennypress.engine import new_game
    from pennypress.engine.notation.text import to_text
    from pennypress.ui.io import positions

    at = open_app(PAGE)
    at.number_input(key="ab_players").set_value(4)
    at.number_input(key="ab_deal_seed").set_value(9)
    at.checkbox(key="ab_newsboy").check()
    at.button(key="ab_deal").click().run()
    assert not at.exception, at.exception
    assert at.session_state["ab_name"] == "New game: 4 newspapers, seed 9 (newsboy strike)"
    dealt = positions.parse_position(at.session_state["ab_line"][-1]["doc"])
    assert dealt.n_players == 4 and dealt.to_json() == new_game(4, seed=9, variants=["newsboy"]).to_json()
    line = to_text(new_game(2, seed=3))
    at.text_area(key="ab_paste").input(line)
    at.button(key="ab_load_paste").click().run()
    assert at.session_state["ab_name"] == "Pasted position"
    assert positions.parse_position(at.session_state["ab_line"][-1]["doc"]).n_players == 2
    at.text_area(key="ab_paste").input("game 9p | nonsense")
    at.button(key="ab_load_paste").click().run()
    assert not at.exception and at.error and at.session_state["ab_name"] == "Pasted position"


TUCKED_AWAY = ("Details", "Advanced", "Load a position")
"""Collapsed sections whose text a player sees only by opening them (the loader's seed deals a new game)."""


def _text_outside(node, skip=TUCKED_AWAY) -> list[str]:
    """Every text of the element tree below ``node`` (labels, values, options), the sections in ``skip``
    left out."""
    if type(node).__name__ == "Expander" and node.label in skip:
        return []
    out = []
    for attr in ("label", "value", "body"):
        v = getattr(node, attr, None) if attr != "value" or not hasattr(node, "children") else None
        if isinstance(v, str):
            out.append(re.sub(r"<[^>]+>", " ", v))
    out += [str(o) for o in getattr(node, "options", None) or ()]
    for child in getattr(node, "children", {}).values():
        out += _text_outside(child, skip)
    return out


@pytest.mark.parametrize("example, playouts", [("when-not-to-press", 0), ("rulebook-12-points", 0),
                                               ("when-not-to-press", 42), ("end-game-bonus-tie", 0),
                                               ("adjusting-news-beats", 0)])
def test_the_statistics_are_one_click_away(example, playouts):
    """After analysing, no word of the statistics shows outside the collapsed Details and Advanced, and
    Details holds them: how many playouts, whether it converged, the engine and the seed."""
    at = open_app(PAGE)
    _load_example(at, example)
    at.number_input(key="ab_playouts").set_value(playouts)
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    shown = "\n".join(_text_outside(at.main))
    assert "Best move" in shown and at.session_state["ab_advice"][1] is not None
    found = sorted({m.group(0) for m in LAB_WORDS.finditer(shown)})
    assert not found, found
    hyphens = re.findall(r"(?<![\w.])-\d[\d.]*", "\n".join(_text_outside(at.main, skip=())))
    assert not hyphens, hyphens  # every negative number with a true minus sign, the Details too
    details = _details(at)
    advice = at.session_state["ab_advice"][1]
    assert f"Seed: {advice.seed}." in details and "Engine: the native core (Rust)." in details
    assert (f"{advice.playouts} playouts" in details) or advice.exact
    # an interval says the search's precision, never how sure the move is at the table (#54)
    assert (INTERVALS_MEASURE in details) != advice.exact
    assert (verdict_holds_words() in details) != advice.exact   # what a verdict was worth in full games
    assert [e.label for e in at.expander].count("Details") == 1
    assert all(not e.proto.expanded for e in at.expander if e.label in ("Details", "Advanced"))


@pytest.mark.parametrize("text", ["32 playouts", "paired 95%", "Converged", "budget fast", "Seed 0", "a Wilson",
                                  "binomial test", "ply 3", "within_noise", "the native core", "Rust"])
def test_the_statistics_check_catches_each_word(text):
    assert LAB_WORDS.search(text)


def test_the_text_walk_reads_the_tucked_away_sections_when_asked():
    """The check above reads the page's text for real: with nothing left out it finds the Details' words."""
    at = open_app(PAGE)
    at.button(key="ab_analyse").click().run()
    every = "\n".join(_text_outside(at.main, skip=()))
    assert {"Seed", "playouts", "Budget", "ply"} <= {m.group(0) for m in LAB_WORDS.finditer(every)}  # "Second ply:"
    assert "Best move" in every and "Every move, ranked" in every


def _stepper(at) -> dict:
    shown = steppers(at)
    assert len(shown) == 1, len(shown)
    return shown[0]


@pytest.mark.slow
def test_the_likely_line_is_listed_stepped_and_follows_the_move_looked_at():
    from pennypress.engine.advisor.line import line_states, line_words
    from pennypress.engine.game.names import newspaper
    from pennypress.ui.app.analysis_view import move_marks
    from pennypress.ui.render.board_svg import board_html

    at = open_app(PAGE)
    at.button(key="ab_analyse").click().run()
    advice = at.session_state["ab_advice"][1]
    game = _position(at)
    tokens = []
    for move in (advice.best.move, advice.moves[2].move):
        if move != advice.best.move:
            at.radio(key="ab_look").set_value(move).run()
            assert not at.exception, at.exception
        line = advice.line(move)
        said = [f"{newspaper(game.current_player)}: {move_words(move)}", *line_words(line, game.definition.deck)]
        data = _stepper(at)
        frames = data["frames"]
        assert line and [f["said"] for f in frames] == said
        assert [f["label"] for f in frames] == [f"{k}. {w}" for k, w in enumerate(said, 1)]
        assert data["start"] == 0 and data["report"] is False  # stepping stays in the browser
        tokens.append(data["token"])
        # each step draws the position after it: the board's text is that position's, and the move that led
        # there is outlined (the first: the move looked at) and, for a move of reporters, drawn as an arrow
        positions = line_states(game, move, line)
        for k, f in enumerate(frames):
            assert re.sub(r"<[^>]+>", "", f["board"]) == re.sub(r"<[^>]+>", "", board_html(positions[k]))
        first = board_html(positions[0], move_marks(parse_move(move), game), arrow_of(move))
        assert frames[0]["board"] == first
        assert ('class="pp-arrow"' in first) == move.startswith("reassign")
        # the bar: the move's own chance on the analysis's playouts, then each step's chance in the futures
        # that went that way -- the very figures of the answer
        expected = [advice.find(move).at_first_sight().win_probability, *(s.chance for s in line)]
        assert [f["chance"] for f in frames] == [round(c, 4) for c in expected]
        assert all(f["chance_text"] == f"{c:.0%}" for f, c in zip(frames, expected))
        why = advice.why(move)
        shown = " ".join(m.value for m in at.markdown)
        assert all(w in shown for w in why)
    assert tokens[0] != tokens[1]  # a new move opens its line at its first step
    assert advice.why(advice.moves[2].move)  # the third move's futures differ from the best's somewhere


def test_the_moves_played_on_the_board_are_read_and_the_players_word_tunes_the_analysis():
    """Moves played on the board are read for the player to move ("How the others play"); the analysis seats
    the others as the panel says -- as read, or as the person says -- and is the advisor's answer under that
    table; another word drops the analysis made under the old one."""
    from pennypress.engine.advisor import advise
    from pennypress.engine.arena.table_reading import TableWatch, assume, opponent_table
    from pennypress.engine.game.names import newspaper
    from pennypress.ui.app.analysis_view import line_steps

    at = open_app(PAGE)
    _load_example(at, "when-not-to-press")
    text = lambda: " ".join(m.value for m in at.markdown)  # noqa: E731
    assert "no move of theirs to read yet" in text()
    for _ in range(4):
        game = _position(at)
        _pick(at, str(game.legal_moves()[0]))
        at.button(key="ab_play_pick").click().run()
        assert not at.exception, at.exception
    game = _position(at)
    reading = TableWatch(game.n_players, game.current_player).update(line_steps(at.session_state["ab_line"]))
    assert any(seat.moves for seat in reading.seats) and "How the others play" in text()
    for seat in reading.seats:
        assert seat.words() in text()
    other = reading.seats[0].player
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    read = at.session_state["ab_advice"][1]
    assert read.best.move == advise(game, "fast", seed=0, table=opponent_table(reading, game.n_players)).best.move
    at.selectbox(key=f"ab_table_{other}").set_value("big-pages").run()
    assert f"You said {newspaper(other)} plays like the big-page presser" in text()
    assert not any('class="pp-verdict"' in m.value for m in at.markdown)   # the old analysis gone
    at.button(key="ab_analyse").click().run()
    said = opponent_table(assume(reading, {other: "big-pages"}), game.n_players)
    assert [m.move for m in at.session_state["ab_advice"][1].moves] == \
        [m.move for m in advise(game, "fast", seed=0, table=said).moves]
