"""Tables of a game position for the viewer: the board, the newspapers, scoops, end bonuses.

Numbers are the engine's (values, scoops, stars, the end scoring); players are
their newspapers and stories are said as at the table.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=4)
>>> list(players_frame(s)["Newspaper"])
['The Times', 'The Sun', 'The Herald']
>>> player_chip(1)
'<span class="pp-chip" style="background:#8ecae6;color:#1b1b1b;border:1px solid #2f6f8f">The Sun</span>'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from pennypress.engine import State
from pennypress.engine.position.events import EndOutcome, PressOutcome
from pennypress.engine.game.stories import Story
from pennypress.solver import BEATS

from .styles import paper_style
from .words import cell_words, paper, paper_short, story_words

if TYPE_CHECKING:
    import pandas as pd


def _frame(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None = None) -> pd.DataFrame:
    """A table of ``rows`` (pandas is imported here, on first use, so that the command line's
    start does not pay for it)."""
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def player_chip(i: int) -> str:
    """An inline HTML chip in the newspaper's colour (for captions)."""
    s = paper_style(i)
    return (f'<span class="pp-chip" style="background:{s.fill};color:{s.text};border:1px solid {s.stroke}">'
            f"{paper(i)}</span>")


def board_frame(state: State) -> pd.DataFrame:
    """One row per beat: marker, beat value, scoop value, top beat, bonus marker, stories in play."""
    tops = state.top_beats()
    rows = []
    for b in BEATS:
        rows.append(
            {
                "Beat": b.title,
                "Marker": state.markers[b],
                "Value": state.beat_value(b),
                "Scoop": state.scoop_value(b),
                "Top beat": "★ TOP" if b in tops else "",
                "Bonus": state.bonus[b],
                "Stories": ", ".join(story_words(s) for s in state.columns[b]) or "—",
            }
        )
    return _frame(rows)


def players_frame(state: State) -> pd.DataFrame:
    """One row per newspaper: whose move, circulation, pennies, ad, reporters, stories published.
    (Stars per beat are on the mats and in the bonus table.)"""
    rows = []
    for i, p in enumerate(state.players):
        status = []
        if not state.is_over and i == state.current_player:
            status.append("▶ to move")
        if state.newsboy == i:
            status.append("newsboy")
        if p.done:
            status.append("finished")
        rows.append({
            "Newspaper": paper(i),
            "Status": ", ".join(status),
            "Circulation": p.circulation,
            "Pennies": p.pennies,
            "Ad": "none" if p.ad is None else cell_words(p.ad),
            "Reporters home": p.home,
            "On the board": state.on_board(i),
            "Stories published": len(p.published),
        })
    return _frame(rows)


def reporters_text(state: State, story: Story) -> str:
    counts = state.reporters.get(story, [])
    return ", ".join(f"{paper(i)} ×{n}" for i, n in enumerate(counts) if n) or "no reporters"


def scoops_frame(outcome: PressOutcome) -> pd.DataFrame:
    return _frame(
        [{"To": paper(s.player), "Story": story_words(s.story), "Scoop points": s.points} for s in outcome.scoops],
        columns=["To", "Story", "Scoop points"],
    )


BONUS_NUMBERS = ("Bonus marker", "Most ★", "Points each")
"""The bonus table's number columns (the stars per newspaper are numbers too: see :func:`bonus_numbers`)."""


def bonus_numbers(state: State) -> tuple[str, ...]:
    """Every number column of :func:`bonus_frame` for ``state``'s newspapers."""
    return BONUS_NUMBERS + tuple(f"{paper_short(i)} ★" for i in range(state.n_players))


def bonus_frame(state: State, outcome: EndOutcome) -> pd.DataFrame:
    """One row per beat: bonus marker, stars per newspaper, most stars, who gets the bonus."""
    rows = []
    for bb in outcome.bonuses:
        row: dict[str, Any] = {"Beat": bb.beat.title, "Bonus marker": state.bonus[bb.beat]}
        for i, p in enumerate(state.players):
            row[f"{paper_short(i)} ★"] = p.stars(bb.beat)
        row["Most ★"] = bb.most_stars
        row["Bonus to"] = ", ".join(paper(i) for i in bb.players) or "nobody"
        row["Points each"] = bb.points
        rows.append(row)
    return _frame(rows)
