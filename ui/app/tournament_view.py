"""What the Tournament page shows, as data: bot names as people read them, the results
table, each game's final scores (CSV) and the win-share chart. The numbers all come from
:mod:`pennypress.engine.arena.tournament`.

>>> report = {"players": 2, "bots": [
...     {"bot": "greedy", "seats": [0], "win_share": 0.75, "win_interval": [0.3, 0.95], "p_value": 0.3,
...      "mean_score": 40.0, "mean_margin": 5.0, "mean_presses": 4.0, "rating": {"mu": 28.0, "sigma": 3.0}},
...     {"bot": "random", "seats": [1], "win_share": 0.25, "win_interval": [0.05, 0.7], "p_value": 0.9,
...      "mean_score": 20.0, "mean_margin": -5.0, "mean_presses": 3.0, "rating": {"mu": 22.0, "sigma": 3.0}}],
...     "results": [{"game": 0, "deck_seed": 9, "seats": ["greedy", "random"], "scores": [40, 20], "winners": [0]}]}
>>> bots_frame(report).iloc[0].to_dict()  # doctest: +NORMALIZE_WHITESPACE
{'Bot': 'Greedy bot', 'Seats': 'The Times', 'Win share': '75%', '95% interval': '30%–95%', 'Luck alone does as well': '30%, no sign it is better than fair',
 'Mean circulation': '40.0', 'Mean margin': '+5.0', 'Mean presses': '4.0', 'Rating': '1588'}
>>> print(scores_csv(report).strip())
game,deck_seed,The Times,The Sun,The Times bot,The Sun bot,winners
1,9,40,20,Greedy bot,Random bot,The Times
"""
from __future__ import annotations

import pandas as pd

from pennypress.engine.game.names import newspaper
from pennypress.ui.render.tournament_words import (
    LUCK_HEADING, bot_label, interval_words, luck_cell, margin_words, rating_words, seats_words, share_words,
)

def bots_frame(report: dict) -> pd.DataFrame:
    """One row per bot, as the page shows it: seats (newspapers), win share and its 95% interval as
    whole percentages, how often luck alone would do as well (and what that says), means rounded, the rating
    on the familiar 1500 scale; :func:`~pennypress.ui.render.tournament_words.column_words` says each column."""
    rows = []
    for b in report["bots"]:
        rows.append({
            "Bot": bot_label(b["bot"]),
            "Seats": seats_words(b["seats"]),
            "Win share": share_words(b["win_share"]),
            "95% interval": interval_words(b["win_interval"]),
            LUCK_HEADING.capitalize(): luck_cell(b["p_value"]),
            "Mean circulation": f"{b['mean_score']:.1f}",
            "Mean margin": margin_words(b["mean_margin"]),
            "Mean presses": f"{b['mean_presses']:.1f}",
            "Rating": rating_words(b["rating"]),
        })
    return pd.DataFrame(rows)


NUMBERS = ("Win share", "95% interval", LUCK_HEADING.capitalize(), "Mean circulation", "Mean margin", "Mean presses",
           "Rating")


def scores_frame(report: dict) -> pd.DataFrame:
    """Each game's final scores, one column per newspaper, the bot in each seat and the winners; games
    numbered from 1, as people count and as the records' titles say (the report's ``game`` counts from 0)."""
    n = report["players"]
    rows = []
    for r in report["results"]:
        row = {"game": r["game"] + 1, "deck_seed": r["deck_seed"]}
        row |= {newspaper(i): r["scores"][i] for i in range(n)}
        row |= {f"{newspaper(i)} bot": bot_label(r["seats"][i]) for i in range(n)}
        row["winners"] = " and ".join(newspaper(w) for w in r["winners"])
        rows.append(row)
    return pd.DataFrame(rows)


def scores_csv(report: dict) -> str:
    """:func:`scores_frame` as CSV text."""
    return scores_frame(report).to_csv(index=False)


def win_share_chart(report: dict):
    """Altair: each bot's win share with its 95% interval, and the fair share 1/N as a rule."""
    import altair as alt

    data = pd.DataFrame([{"Bot": bot_label(b["bot"]), "Win share": b["win_share"], "95% low": b["win_interval"][0],
                          "95% high": b["win_interval"][1]} for b in report["bots"]])
    base = alt.Chart(data).encode(y=alt.Y("Bot:N", sort=None, title=None))
    bars = base.mark_bar(opacity=0.7).encode(
        x=alt.X("Win share:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"), title="Win share"),
        tooltip=[alt.Tooltip("Bot"), alt.Tooltip("Win share:Q", format=".0%"), alt.Tooltip("95% low:Q", format=".0%"),
                 alt.Tooltip("95% high:Q", format=".0%")],
    )
    # typed channels, never bare strings: altair matches a string against every class of its schema (slow)
    whiskers = base.mark_rule(strokeWidth=2).encode(x=alt.X("95% low:Q"), x2=alt.X2("95% high:Q"))
    fair = alt.Chart(pd.DataFrame({"fair": [1 / report["players"]]})).mark_rule(
        strokeDash=[6, 4], color="red").encode(x=alt.X("fair:Q"))
    return (bars + whiskers + fair).properties(height=40 + 40 * len(data))
