"""The pennypress app: ``pennypress ui`` runs this file with Streamlit.

Pages (``st.navigation``), opening on the Press desk with the rulebook's
12-point press:

- Press desk — claimed stories, beat values, the ad → the optimal front page.
- Check my page — your own page judged: legal? which rules broken? points lost?
- Position viewer — a whole game position: board, mats, and every newspaper's press now.
- Position editor — build the position you see at the table, then use it on the other pages.
- Analysis board — the advisor: every legal move ranked, the best shown, step along a line.
- Scoring examples — the rulebook's examples, computed.
- Tournament — bots play seat-rotated games; win shares with intervals, chart, CSV.
- Audit a game — every decision of a game record graded, key moments, luck, a win-probability chart.
- Strategy — the guide measured from self-play: each finding with its interval, charted.
- Puzzles — the trainer: lay out the page, press or wait?, the best move; checked, explained, rated.
- Play a game — you against the computer's bots: hints, take-backs, save and load, then the review.

The app holds no rule and no scoring arithmetic: it asks the solver and the engine.
"""
from __future__ import annotations

from pathlib import Path

import streamlit as st

# not "pages/": a folder of that name beside this script switches Streamlit to its old page-folder mode
HERE = Path(__file__).resolve().parent / "app_pages"

st.set_page_config(page_title="Penny Press assistant", page_icon=":material/newspaper:", layout="wide")

PRESS_DESK = st.Page(HERE / "press_desk.py", title="Press desk", icon=":material/newspaper:", url_path="press_desk")


def _front_door() -> None:
    """The app's root address opens the Press desk at its own address (every page has one)."""
    st.switch_page(PRESS_DESK)


pages = [
    st.Page(_front_door, title="Penny Press assistant", url_path="start", default=True, visibility="hidden"),
    PRESS_DESK,
    st.Page(HERE / "check_page.py", title="Check my page", icon=":material/fact_check:"),
    st.Page(HERE / "position_viewer.py", title="Position viewer", icon=":material/grid_view:"),
    st.Page(HERE / "position_editor.py", title="Position editor", icon=":material/edit_square:"),
    st.Page(HERE / "analysis_board.py", title="Analysis board", icon=":material/insights:"),
    st.Page(HERE / "scoring_examples.py", title="Scoring examples", icon=":material/menu_book:"),
    st.Page(HERE / "tournament.py", title="Tournament", icon=":material/emoji_events:"),
    st.Page(HERE / "audit_game.py", title="Audit a game", icon=":material/grading:"),
    st.Page(HERE / "puzzles.py", title="Puzzles", icon=":material/extension:"),
    st.Page(HERE / "strategy.py", title="Strategy", icon=":material/lightbulb:"),
    st.Page(HERE / "play_game.py", title="Play a game", icon=":material/sports_esports:"),
]
st.navigation(pages).run()
