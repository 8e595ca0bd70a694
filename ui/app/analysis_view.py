"""The analysis board's pieces that are not Streamlit calls: highlighting a move on the board
drawing, the ranked moves as a table and a chart, and stepping along a line of moves.

Everything is asked of the engine and the advisor; nothing here knows a rule.

>>> from pennypress.engine.game.moves import Reassign
>>> from pennypress.engine.game.stories import Story
>>> move_marks(Reassign(Story.parse("war:D:1"), Story.parse("city:A:1")))
{Story('war:D:1'): '#c0392b', Story('city:A:1'): '#1e8449'}
>>> svg = '<rect stroke="#333" stroke-width="2" data-story="war:D:1"/>'
>>> highlight_stories(svg, {Story.parse("war:D:1"): "#c0392b"})
'<rect stroke="#c0392b" stroke-width="6" data-story="war:D:1"/>'
"""
from __future__ import annotations

import random
import re
from html import escape

import altair as alt
import pandas as pd

from pennypress.engine import State
from pennypress.engine.advisor import Advice
from pennypress.engine.io.state import public_view
from pennypress.engine.game.moves import Assign, GoToPress, Move, Reassign, Recall
from pennypress.engine.game.stories import Story

SEND = "#1e8449"
"""Highlight of a story that receives reporters."""
RECALL = "#c0392b"
"""Highlight of a story reporters leave."""
PRESS = "#d4a017"
"""Highlight of the stories a press claims."""


def move_marks(move: Move, state: State | None = None) -> dict[Story, str]:
    """The stories a move touches, with their highlight colour (a press needs ``state`` for its claims)."""
    if isinstance(move, Assign):
        return {move.story: SEND}
    if isinstance(move, Recall):
        return {s: RECALL for s, _ in move.reporters}
    if isinstance(move, Reassign):
        return {move.source: RECALL, move.target: SEND}
    if isinstance(move, GoToPress) and state is not None:
        return {s: PRESS for s in state.claimable(state.current)}
    return {}


def highlight_stories(svg: str, marks: dict[Story, str]) -> str:
    """The board drawing with the outline of each marked story thickened in its colour."""
    for story, colour in marks.items():
        pattern = re.compile(r'stroke="[^"]*" stroke-width="[^"]*" (data-story="' + re.escape(escape(str(story))) + '")')
        svg = pattern.sub(lambda m: f'stroke="{colour}" stroke-width="6" {m.group(1)}', svg)
    return svg


def advice_frame(advice: Advice) -> pd.DataFrame:
    """One row per legal move, best first: the advisor's estimates as the table shows them."""
    rows = []
    for m in advice.moves:
        rows.append({
            "Rank": m.rank, "Move": m.move, "Win %": round(100 * m.win_probability, 1),
            "Low %": round(100 * m.win_interval[0], 1), "High %": round(100 * m.win_interval[1], 1),
            "Expected score": round(m.expected_score, 1), "Expected margin": round(m.expected_margin, 1),
            "Loss %": round(100 * m.loss, 1), "Points lost": round(m.points_loss, 1),
            "Equal to best": "=" if m.equal_to_best else "", "Playouts": m.playouts,
            "Estimate": "exact" if m.exact else ("screening" if m.screened_only else "search"),
        })
    return pd.DataFrame(rows)


def win_chart(advice: Advice, top: int = 15) -> alt.Chart:
    """Win-probability bars with their 95% intervals for the ``top`` best moves."""
    data = advice_frame(advice).head(top)
    order = list(data["Move"])
    base = alt.Chart(data).encode(y=alt.Y("Move:N", sort=order, title=None))
    bars = base.mark_bar().encode(
        x=alt.X("Win %:Q", scale=alt.Scale(domain=[0, 100]), title="Win probability (%)"),
        color=alt.Color("Estimate:N", scale=alt.Scale(domain=["search", "screening", "exact"],
                                                      range=["#4c78a8", "#b7c4d6", "#4c78a8"]),
                        legend=alt.Legend(title="Estimate", orient="bottom")),
        tooltip=["Rank", "Move", "Win %", "Low %", "High %", "Expected score", "Expected margin", "Estimate", "Playouts"],
    )
    rules = base.mark_rule(color="#222").encode(x="Low %:Q", x2="High %:Q")
    return (bars + rules).properties(height=max(120, 24 * len(data)))


def step(state: State, move: Move) -> State:
    """The public position after ``move`` (stopping at a card draw: see :func:`draw`).

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7); t = step(s, s.legal_moves()[0])
    >>> t.ply == s.ply + 1 and not t.deck_known and s.ply == 0
    True
    """
    new = public_view(state)
    new.apply(move)
    return new


def draw(state: State, card: int | None, seed: int) -> State:
    """The position after the pending card draw: ``card`` as drawn at the table, or one at random (seeded)."""
    new = state.clone()
    if card is None:
        outcomes = new.chance_outcomes()
        card = outcomes[random.Random(f"{seed}:{new.ply}").randrange(len(outcomes))][0]
    new.apply_chance(card)
    return new
