"""The analysis board page (AppTest): analyse, the best move and the ranked table, play, card draws, back."""
from __future__ import annotations

from ui_helpers import frames, open_app

PAGE = "app_pages/analysis_board.py"


def _load_example(at, name):
    at.selectbox(key="ab_example_pick").set_value(name)
    at.button(key="ab_load_example").click().run()
    assert not at.exception, at.exception


def test_final_edition_is_analysed_exactly_and_played(tmp_path):
    at = open_app(PAGE)
    _load_example(at, "end-game-bonus-tie")
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    table = frames(at, "Rank", "Move", "Win %")[0]
    assert list(table["Move"]) == ["decline"] and list(table["Rank"]) == [1]
    assert any("exact" in c.value for c in at.caption)
    at.button(key="ab_play_best").click().run()
    assert not at.exception, at.exception
    assert any("Game over" in s.value for s in at.success)
    assert "`decline`" in " ".join(m.value for m in at.markdown)
    at.button(key="ab_back").click().run()
    assert not at.exception and not at.success


def test_rollout_analysis_ranks_every_move_and_a_press_draws_a_card():
    at = open_app(PAGE)
    _load_example(at, "when-not-to-press")
    legal = at.selectbox(key="ab_pick").options
    at.number_input(key="ab_playouts").set_value(len(legal))  # one screening playout per move
    at.button(key="ab_analyse").click().run()
    assert not at.exception, at.exception
    table = frames(at, "Rank", "Move", "Win %")[0]
    assert sorted(table["Move"]) == sorted(legal) and list(table["Rank"]) == list(range(1, len(legal) + 1))
    assert at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart")
    # play a press from the list: the card is then picked as drawn at the table
    at.selectbox(key="ab_pick").set_value("press")
    at.button(key="ab_play_pick").click().run()
    assert not at.exception, at.exception
    assert any("headline card is drawn" in i.value for i in at.info)
    card = at.selectbox(key="ab_card").options[0]
    at.button(key="ab_use_card").click().run()
    assert not at.exception, at.exception
    line = " ".join(m.value for m in at.markdown)
    assert "`press`" in line and "card" in line
    assert at.selectbox(key="ab_pick").options  # the next player's moves
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
