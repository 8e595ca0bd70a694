"""The "Audit a game" page's logic, without Streamlit: examples, tournament games, chart data,
tables, the table-game recorder (its moves, and the page built on the mat as the engine's page).

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=11)
>>> groups = move_groups(s)
>>> list(groups), all(groups.values())
(['assign'], True)
>>> doc = table_record(s, [])
>>> doc["format"], "position" in doc, doc["position"]["deck"] == s.to_json()["deck"]
('pennypress-record', True, False)
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Sequence

import altair as alt
import pandas as pd

from pennypress.engine.audit import Audit
from pennypress.engine.rules.chance import chance_outcomes
from pennypress.engine.io.state import public_view
from pennypress.engine.game.moves import (
    BEST,
    Assign,
    Decline,
    GoToPress,
    Move,
    Page,
    PagePlacement,
    PassNewsboy,
    Reassign,
    Recall,
)
from pennypress.engine.game.names import newspaper
from pennypress.engine.io.record import FORMAT, VERSION, ReplayStep, replay
from pennypress.engine.rules.actions import legal_moves
from pennypress.engine.io.state import State
from pennypress.engine.game.stories import Story
from pennypress.solver import Placement
from pennypress.ui.io import example_files

GROUPS = (("assign", Assign), ("recall", Recall), ("reassign", Reassign), ("press", GoToPress),
          ("pass newsboy", PassNewsboy), ("decline", Decline))
"""The kinds of move, in the order the page lists them."""


def record_examples() -> dict[str, Path]:
    """``name -> path`` of the example records (``examples/records``)."""
    return example_files._folder("records")


def tournament_game_label(doc: dict) -> str:
    """A tournament game's record in a list: its title (tournament seed, game, the bot in each
    newspaper's seat, deck seed), who won and the final scores (in seat order).

    >>> tournament_game_label({"title": "Tournament seed 1, game 0: The Times greedy, The Sun random (deck seed 9)",
    ...                        "final_scores": [40, 20], "winners": [0]})
    'Tournament seed 1, game 0: The Times greedy, The Sun random (deck seed 9) -- The Times won; scores 40, 20'
    >>> tournament_game_label({"title": "t", "final_scores": [30, 30, 12], "winners": [0, 1]})
    't -- The Times and The Sun won; scores 30, 30, 12'
    """
    title = doc.get("title", "A tournament game")
    winners = doc.get("winners")
    if not winners:
        return f"{title} -- unfinished"
    scores = ", ".join(str(s) for s in doc.get("final_scores", ()))
    return f"{title} -- {' and '.join(newspaper(w) for w in winners)} won" + (f"; scores {scores}" if scores else "")


def move_groups(state: State) -> dict[str, list[Move]]:
    """The legal moves grouped by kind (only kinds with a move)."""
    moves = legal_moves(state)
    out = {name: [m for m in moves if isinstance(m, kind)] for name, kind in GROUPS}
    return {k: v for k, v in out.items() if v}


def table_record(start: State, entries: list, title: str = "A game entered at the table") -> dict:
    """A record of a table game: the public start (deck order unknown) and the entries so far."""
    return {"format": FORMAT, "version": VERSION, "title": title, "game": start.definition.to_json(),
            "position": public_view(start).to_json(), "moves": list(entries)}


def press_cards(state: State, move: Move) -> list[int]:
    """The headline cards that could be drawn after ``move`` (``[]``: no draw follows)."""
    s = state.clone()
    s.apply(move)
    return [c for c, _ in chance_outcomes(s)] if s.is_chance_node() else []


def solver_placements(claimed: Sequence[Story], page: Page) -> tuple[Placement, ...]:
    """An engine page as the page builder holds it: each story by its index among ``claimed``.

    >>> from pennypress.engine import parse_move
    >>> from pennypress.engine.game.stories import Story
    >>> claimed = (Story.parse("war:B:1"), Story.parse("city:D:1"))
    >>> page = parse_move("press city:D:1@2,0,2x3 war:B:1@0,0,1x3").page
    >>> solver_placements(claimed, page)
    (Placement(story=0, x=0, y=0, w=1, h=3), Placement(story=1, x=2, y=0, w=2, h=3))
    >>> str(builder_page(claimed, solver_placements(claimed, page), 1)) == str(page) + " exclusive=city:D:1"
    True
    """
    index = {s: i for i, s in enumerate(claimed)}
    return tuple(sorted(Placement(index[p.story], p.x, p.y, p.w, p.h) for p in page.placements))


def exclusive_index(claimed: Sequence[Story], page: Page) -> int | None:
    """The index among ``claimed`` of ``page``'s exclusive (``None``: none, or left to the checker)."""
    return claimed.index(page.exclusive) if isinstance(page.exclusive, Story) else None


def builder_page(claimed: Sequence[Story], placements: Sequence[Placement], exclusive: Any = "best") -> Page:
    """The page built on the mat as the engine's page: ``exclusive`` is ``"best"`` (the checker picks),
    ``None`` or a story index -- as :func:`pennypress.ui.app.page_builder.exclusive_of` gives it."""
    chosen = BEST if exclusive == "best" else (None if exclusive is None else claimed[int(exclusive)])
    return Page(tuple(PagePlacement(claimed[p.story], p.x, p.y, p.w, p.h) for p in placements), chosen)


def steps_of(doc: dict) -> list[ReplayStep]:
    """Every move of a record with the position before it."""
    steps: list[ReplayStep] = []
    replay(doc, visit=steps.append)
    return steps


def curve_frame(result: Audit) -> pd.DataFrame:
    """Each player's win probability before each decision (long form, for the chart)."""
    rows = []
    for d in result.decisions:
        for p, w in enumerate(d.before_all):
            rows.append({"Move": d.ply, "Newspaper": newspaper(p), "Win %": round(100 * w, 1)})
    return pd.DataFrame(rows, columns=["Move", "Newspaper", "Win %"])


def marks_frame(result: Audit) -> pd.DataFrame:
    """Each decision as a point on its player's curve, with its class and (after a draw) its luck."""
    rows = []
    for d in result.decisions:
        if not d.before_all:
            continue
        luck = "" if d.luck is None else ", ".join(f"{newspaper(p)} {x:+.0%}" for p, x in enumerate(d.luck))
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Win %": round(100 * d.before_all[d.player], 1),
                     "Class": d.klass, "Played": d.played, "Best": d.best,
                     "Card": "" if d.card is None else str(d.card), "Luck": luck})
    return pd.DataFrame(rows, columns=["Move", "Newspaper", "Win %", "Class", "Played", "Best", "Card", "Luck"])


def audit_chart(result: Audit) -> alt.Chart:
    """Win probability over the game per newspaper; decisions marked by class, card draws by a rule."""
    curve = alt.Chart(curve_frame(result)).mark_line().encode(
        x=alt.X("Move:Q", title="Move"), y=alt.Y("Win %:Q", scale=alt.Scale(domain=[0, 100]), title="Win probability (%)"),
        color=alt.Color("Newspaper:N"))
    marks = marks_frame(result)
    points = alt.Chart(marks).mark_point(filled=True, size=70).encode(
        x="Move:Q", y="Win %:Q", color="Newspaper:N", shape=alt.Shape("Class:N"),
        tooltip=["Move", "Newspaper", "Class", "Played", "Best", "Win %"])
    draws = alt.Chart(marks[marks["Card"] != ""]).mark_rule(strokeDash=[3, 3], color="#888").encode(
        x="Move:Q", tooltip=["Move", "Card", "Luck"])
    fair = alt.Chart(pd.DataFrame({"y": [100 / result.players]})).mark_rule(color="#bbb").encode(y="y:Q")
    return (fair + draws + curve + points).properties(height=320)


def summary_frame(result: Audit) -> pd.DataFrame:
    rows = []
    for s in result.summary:
        row = {"Newspaper": newspaper(s.player), "Accuracy": round(s.accuracy, 1)}
        row.update({c.capitalize(): n for c, n in s.classes.items()})
        row.update({"Page points lost": s.page_points_lost, "Timing points lost": round(s.timing_points_lost, 1),
                    "Scoops given": s.scoops_given, "Scoops received": s.scoops_received,
                    "Luck %": round(100 * s.luck, 1)})
        rows.append(row)
    return pd.DataFrame(rows)


def decisions_frame(result: Audit) -> pd.DataFrame:
    rows = []
    for d in result.decisions:
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Played": d.played, "Best": d.best,
                     "Class": d.klass, "Win before %": None if math.isnan(d.win_before) else round(100 * d.win_before, 1),
                     "Loss %": round(100 * d.loss, 1), "Points lost": round(d.points_loss, 1),
                     "Page loss": None if d.press is None else d.press.page_loss})
    return pd.DataFrame(rows)


def decision_label(d) -> str:
    """One decision in a selectbox: ``'move 12 The Sun: press -- mistake'``."""
    return f"move {d.ply} {newspaper(d.player)}: {d.played} -- {d.klass}"
