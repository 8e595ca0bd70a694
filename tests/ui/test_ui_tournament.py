"""Tournament page: seats, games and seed in; the same report as the engine; table, chart, CSV."""
from __future__ import annotations

import io

import pandas as pd
from tests.ui.ui_helpers import errors, html_tables, no_traceback, open_app

from openskill.models import PlackettLuce
from tests.ui.ui_helpers import on_the_familiar_scale

from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.ui.app.tournament_view import scores_csv

PAGE = "app_pages/tournament.py"


def _setup(at, players, seats, games, seed):
    at.number_input(key="tour_players").set_value(players).run()
    for i, name in enumerate(seats):
        at.selectbox(key=f"tour_seat_{i}").set_value(name).run()
    at.number_input(key="tour_games").set_value(games).run()
    at.number_input(key="tour_seed").set_value(seed).run()
    at.button(key="tour_run").click().run()
    no_traceback(at)
    return at


def _percent(p: float) -> str:
    return "under 0.1%" if p < 0.001 else f"{p:.1%}" if p < 0.01 else f"{p:.0%}"


def test_plays_and_shows_the_engines_report():
    at = _setup(open_app(PAGE), 2, ["greedy", "random"], 4, 3)
    assert not errors(at)
    expected = run_tournament(TournamentSpec.create(2, ["greedy", "random"], 4, 3))
    (rows,) = html_tables(at, "Bot", "Win share")
    assert [r["Bot"] for r in rows] == ["Greedy bot", "Random bot"]
    assert [r["Seats"] for r in rows] == ["The Times", "The Sun"]  # newspapers, not seats counted from 0
    # the engine's numbers, rounded as people read them
    assert [r["Win share"] for r in rows] == [f"{b['win_share']:.0%}" for b in expected["bots"]]
    assert [r["95% interval"] for r in rows] == [
        f"{b['win_interval'][0]:.0%}–{b['win_interval'][1]:.0%}" for b in expected["bots"]]
    assert [r["Mean circulation"] for r in rows] == [f"{b['mean_score']:.1f}" for b in expected["bots"]]
    # how often luck alone would do as well: the engine's p-value as a percentage, and what it says
    luck = [r["Luck alone does as well"] for r in rows]
    assert [x.split(",")[0] for x in luck] == [_percent(b["p_value"]) for b in expected["bots"]]
    assert [x.split(", ")[1] for x in luck] == [
        "very likely better than fair" if b["p_value"] < 0.05 else
        "perhaps better than fair" if b["p_value"] < 0.3 else "no sign it is better than fair" for b in expected["bots"]]
    assert not any("p (" in k for k in rows[0])
    # ratings on the familiar scale: whole numbers, openskill's mu mapped as documented
    model = PlackettLuce()
    assert [r["Rating"] for r in rows] == [str(on_the_familiar_scale(b["rating"]["mu"], model))
                                           for b in expected["bots"]]
    # every column explained in plain words where the table is shown, no statistics jargon
    explained = "\n".join(m.value for m in at.markdown if "What the columns say" in m.value)
    for heading in rows[0]:
        if heading not in ("Bot", "Seats"):
            assert f"**{heading}**: " in explained, heading
    assert "binomial" not in explained.lower() and "p-value" not in explained.lower()
    assert "1500" in explained and "400 points" in explained
    report = at.session_state["tour_report"]
    assert report["results"] == expected["results"]
    csv = pd.read_csv(io.StringIO(scores_csv(report)))
    assert list(csv["game"]) == [1, 2, 3, 4]  # as people count
    assert [[a, b] for a, b in zip(csv["The Times"], csv["The Sun"])] == [r["scores"] for r in expected["results"]]
    assert [b.label for b in at.get("download_button")] == ["Final scores of every game (CSV)"]
    charts = at.get("vega_lite_chart")
    assert len(charts) == 1
    spec = charts[0].proto.spec
    assert "Win share" in spec and "95% low" in spec and "fair" in spec  # bars, intervals, the fair-share rule


def test_games_not_a_multiple_of_players_is_an_error_line():
    at = _setup(open_app(PAGE), 3, ["heuristic", "greedy", "greedy"], 4, 1)
    msgs = errors(at)
    assert len(msgs) == 1 and "multiple of 3" in msgs[0]
    assert "tour_report" not in at.session_state


def test_keeps_the_records_of_the_last_run_only_for_the_audit_page():
    at = _setup(open_app(PAGE), 2, ["greedy", "random"], 4, 3)
    first = at.session_state["tn_records"]
    assert [r["seed"] for r in first] == [g["deck_seed"] for g in at.session_state["tour_report"]["results"]]
    assert any("kept in this session for **Audit a game**" in c.value and "replaces them" in c.value
               for c in at.caption)
    at.number_input(key="tour_games").set_value(2).run()
    at.number_input(key="tour_seed").set_value(8).run()
    at.button(key="tour_run").click().run()
    no_traceback(at)
    second = at.session_state["tn_records"]
    assert len(second) == 2 and [r["seed"] for r in second] == [
        g["deck_seed"] for g in at.session_state["tour_report"]["results"]]
    assert all(r["title"].startswith("Tournament 8, game ") and "deck seed" not in r["title"] for r in second)
