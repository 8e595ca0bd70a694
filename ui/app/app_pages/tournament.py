"""Tournament: pick a bot for each newspaper, the games and the seed; the bots play
seat-rotated games here, with a progress bar; then the results table, the win-share chart
(with the fair share) and every game's final scores as CSV.

Games run in this process, one after another (the command line's
``pennypress tournament --workers``/``--executor dask`` is for long runs); the same
choices give the same results as the command line. The record of every game of the
last run is kept in ``st.session_state[TOURNAMENT_RECORDS]`` (a small JSON document a game,
replaced by the next run; the first ``TOURNAMENT_RECORDS_KEPT`` games of a longer run) for the "Audit a game"
page.
"""
from __future__ import annotations

import streamlit as st

from pennypress.engine.arena.seats import bot_names
from pennypress.engine.game.names import newspaper
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.errors import BadInput
from pennypress.ui.app import session_keys as keys, shared_press
from pennypress.ui.app.tournament_view import NUMBERS, bots_frame, scores_csv, win_share_chart
from pennypress.ui.app.widgets import link_to, page_style, show_table
from pennypress.ui.render.tournament_words import bot_label, column_words

page_style()
shared_press.init(st)

st.title("Tournament")
st.caption(
    "Bots play complete games. Each deck is played once in every rotation of the seats, so seat and "
    "card luck cancel: the number of games is a multiple of the number of players. Win share counts "
    "a shared victory split between the winners; the fair share is one game in N."
)

names = bot_names()
left, right = st.columns([3, 2], gap="large")
with left:
    players = st.number_input("Players", min_value=2, max_value=5, value=3, step=1, key=keys.TOUR_PLAYERS)
    defaults = ["heuristic"] + ["greedy"] * 4
    seats = [
        st.selectbox(newspaper(i), names, index=names.index(defaults[i]) if defaults[i] in names else 0,
                     format_func=bot_label, key=keys.tour_seat_key(i))
        for i in range(int(players))
    ]
with right:
    games = st.number_input("Games (a multiple of the players)", min_value=1, max_value=3000,
                            value=3 * int(players), step=int(players), key=keys.TOUR_GAMES)
    with st.expander("Advanced"):
        seed = st.number_input("Seed (the same seed deals the same cards)", min_value=0, value=1, step=1,
                               key=keys.TOUR_SEED)
    run = st.button("Play the tournament", type="primary", key=keys.TOUR_RUN)

if run:
    try:
        spec = TournamentSpec.create(int(players), seats, int(games), int(seed), records=True)
    except BadInput as exc:
        st.error(str(exc))
    else:
        bar = st.progress(0.0, text="Starting…")

        def progress(done: int, total: int) -> None:
            bar.progress(done / total, text=f"{done} of {total} games played")

        st.session_state.pop(keys.TOURNAMENT_RECORDS, None)  # the last run's records only
        records: dict[int, dict] = {}

        def keep(result: dict) -> None:  # the first games' records only (keys.TOURNAMENT_RECORDS_KEPT)
            if result["game"] < keys.TOURNAMENT_RECORDS_KEPT:
                records[result["game"]] = result["record"]

        st.session_state[keys.TOUR_REPORT] = run_tournament(spec, progress=progress, on_result=keep)
        st.session_state[keys.TOURNAMENT_RECORDS] = [records[g] for g in sorted(records)]
        bar.progress(1.0, text=f"{spec.games} games played")

report = st.session_state.get(keys.TOUR_REPORT)
if report is not None:
    st.subheader(f"{report['games']} games, {report['players']} players")
    show_table(bots_frame(report), numbers=NUMBERS)
    st.markdown("**What the columns say**\n" + "\n".join(
        f"- **{heading}**: {meaning}" for heading, meaning in column_words(report)))
    st.caption("Seats are the newspapers of the first rotation (every bot plays every seat).")
    st.altair_chart(win_share_chart(report), width="stretch")
    st.download_button("Final scores of every game (CSV)", scores_csv(report),
                       file_name=f"tournament-seed-{report['seed']}.csv", mime="text/csv", key=keys.TOUR_CSV)
    seconds = report.get("timing", {}).get("seconds")
    if seconds is not None:
        st.caption(f"Played in {seconds:.1f} s.")
    kept = len(st.session_state.get(keys.TOURNAMENT_RECORDS) or [])
    if kept:
        these = f"these {kept}" if kept == report["games"] else f"the first {kept} of these"
        st.caption(f"The records of {these} games are kept in this session for **Audit a game** "
                   "(its \"Tournament game\" tab); playing another tournament replaces them.")
        link_to("app_pages/audit_game.py", "Audit one of these games", ":material/grading:")
