"""What the Tournament page shows, as data: bot names as people read them, the results
table, each game's final scores (CSV) and the win-share chart. The numbers all come from
:mod:`pennypress.engine.arena.tournament`.

>>> bot_label("greedy"), bot_label("advisor:fast"), bot_label("my-bot")
('Greedy bot', 'Advisor (fast)', 'My-bot')
>>> report = {"players": 2, "bots": [
...     {"bot": "greedy", "seats": [0], "win_share": 0.75, "win_interval": [0.3, 0.95], "p_value": 0.3,
...      "mean_score": 40.0, "mean_margin": 5.0, "mean_presses": 4.0, "rating": {"ordinal": 3.0}},
...     {"bot": "random", "seats": [1], "win_share": 0.25, "win_interval": [0.05, 0.7], "p_value": 0.9,
...      "mean_score": 20.0, "mean_margin": -5.0, "mean_presses": 3.0, "rating": {"ordinal": -3.0}}],
...     "results": [{"game": 0, "deck_seed": 9, "seats": ["greedy", "random"], "scores": [40, 20], "winners": [0]}]}
>>> list(bots_frame(report)["Bot"])
['Greedy bot', 'Random bot']
>>> print(scores_csv(report).strip())
game,deck_seed,The Times,The Sun,The Times bot,The Sun bot,winners
0,9,40,20,Greedy bot,Random bot,The Times
"""
from __future__ import annotations

import pandas as pd

from pennypress.engine.game.names import newspaper

LABELS = {"random": "Random bot", "greedy": "Greedy bot", "heuristic": "Heuristic bot",
          "evaluator": "Evaluator (league)", "timer": "Press timer (league)", "mcts": "MCTS (league)"}


def bot_label(name: str) -> str:
    """A seat name as people read it (``advisor:fast`` -> ``Advisor (fast)``)."""
    if name in LABELS:
        return LABELS[name]
    base, colon, option = name.partition(":")
    return f"{base.capitalize()} ({option})" if colon else base.capitalize()


def bots_frame(report: dict) -> pd.DataFrame:
    """One row per bot: seats (newspapers), win share with its interval, test, means, rating."""
    rows = []
    for b in report["bots"]:
        low, high = b["win_interval"]
        rows.append({
            "Bot": bot_label(b["bot"]),
            "Seats": ", ".join(newspaper(s) for s in b["seats"]),
            "Win share": b["win_share"],
            "95% low": low,
            "95% high": high,
            "p (better than fair)": b["p_value"],
            "Mean circulation": b["mean_score"],
            "Mean margin": b["mean_margin"],
            "Mean presses": b["mean_presses"],
            "Rating": b["rating"]["ordinal"],
        })
    return pd.DataFrame(rows)


def scores_frame(report: dict) -> pd.DataFrame:
    """Each game's final scores, one column per newspaper, the bot in each seat and the winners."""
    n = report["players"]
    rows = []
    for r in report["results"]:
        row = {"game": r["game"], "deck_seed": r["deck_seed"]}
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

    data = bots_frame(report)[["Bot", "Win share", "95% low", "95% high"]]
    base = alt.Chart(data).encode(y=alt.Y("Bot:N", sort=None, title=None))
    bars = base.mark_bar(opacity=0.7).encode(
        x=alt.X("Win share:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"), title="Win share"),
        tooltip=["Bot", alt.Tooltip("Win share:Q", format=".1%"), alt.Tooltip("95% low:Q", format=".1%"),
                 alt.Tooltip("95% high:Q", format=".1%")],
    )
    whiskers = base.mark_rule(strokeWidth=2).encode(x="95% low:Q", x2="95% high:Q")
    fair = alt.Chart(pd.DataFrame({"fair": [1 / report["players"]]})).mark_rule(
        strokeDash=[6, 4], color="red").encode(x="fair:Q")
    return (bars + whiskers + fair).properties(height=40 + 40 * len(data))
