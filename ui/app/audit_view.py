"""The "Audit a game" page's logic, without Streamlit: examples, tournament games, chart data,
tables, the table-game recorder (its moves, and the page built on the mat as the engine's page).

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=11)
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
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.moves import BEST, Move, Page, PagePlacement
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.stories import Story
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import FORMAT, VERSION, ReplayStep, replay
from pennypress.engine.io.state import State, public_view
from pennypress.engine.rules.chance import chance_outcomes
from pennypress.solver import Placement
from pennypress.ui.io import example_files
from pennypress.ui.render.audit_words import (
    accuracy_words, card_text, class_words, classes_words, luck_words, pct, signed_pct,
)
from pennypress.ui.render.styles import paper_chart_colours

EVERY = -1
"""The "newspaper reviewed" choice that shows every newspaper's decisions."""


def record_examples() -> dict[str, Path]:
    """``name -> path`` of the example records (the README's audit example first)."""
    return example_files.record_examples()


def tournament_game_label(doc: dict) -> str:
    """A tournament game's record in a list: its title (tournament seed, game, the bot in each
    newspaper's seat, deck seed), who won and the final scores (in seat order).

    >>> tournament_game_label({"title": "Tournament seed 1, game 1: The Times greedy, The Sun random (deck seed 9)",
    ...                        "final_scores": [40, 20], "winners": [0]})
    'Tournament seed 1, game 1: The Times greedy, The Sun random (deck seed 9) -- The Times won; scores 40, 20'
    >>> tournament_game_label({"title": "t", "final_scores": [30, 30, 12], "winners": [0, 1]})
    't -- The Times and The Sun won; scores 30, 30, 12'
    """
    title = doc.get("title", "A tournament game")
    winners = doc.get("winners")
    if not winners:
        return f"{title} -- unfinished"
    scores = ", ".join(str(s) for s in doc.get("final_scores", ()))
    return f"{title} -- {' and '.join(newspaper(w) for w in winners)} won" + (f"; scores {scores}" if scores else "")


def tournament_game_choice(doc: dict, index: int) -> str:
    """A tournament game in a short list (its whole label, :func:`tournament_game_label`, is said beside it):
    the game's number as in its title and the CSV -- counted from 1, as people count (``index`` counts from
    0, as the report's ``game`` does) -- and who won.

    >>> tournament_game_choice({"final_scores": [30, 30, 12], "winners": [0, 1]}, 4)
    'Game 5: The Times and The Sun won'
    """
    winners = doc.get("winners")
    return f"Game {index + 1}: " + (f"{' and '.join(newspaper(w) for w in winners)} won" if winners else "unfinished")


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
    """Each newspaper's win probability along the line played: after the move played at each decision
    (its own estimate, on the same futures as the best move; long form, for the chart)."""
    rows = []
    for d in result.decisions:
        for p, w in enumerate(d.after_all):
            rows.append({"Move": d.ply, "Newspaper": newspaper(p), "Win %": round(100 * w)})
    return pd.DataFrame(rows, columns=["Move", "Newspaper", "Win %"])


def marks_frame(result: Audit, deck: Deck | None = None) -> pd.DataFrame:
    """Each decision as a point on its newspaper's curve (after the move played), with its class and
    (after a draw) the card's luck."""
    rows = []
    for d in result.decisions:
        if not d.after_all:
            continue
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Win %": round(100 * d.after_all[d.player]),
                     "Class": class_words(d.klass, short=True), "Played": move_words(d.played), "Best": move_words(d.best),
                     "Card": "" if d.card is None else card_text(d.card, deck),
                     "Luck": "" if d.luck is None else luck_words(d.luck)})
    return pd.DataFrame(rows, columns=["Move", "Newspaper", "Win %", "Class", "Played", "Best", "Card", "Luck"])


GRADE_SHAPES = {"good or better": "circle", "inaccuracy": "triangle-up", "mistake": "square", "blunder": "cross",
                "forced": "diamond"}
"""How the chart marks a decision: one shape per grade (best, within noise, excellent and good share one)."""


def grade_of(klass: str) -> str:
    return "good or better" if klass in ("best", "within_noise", "excellent", "good") else klass


def audit_chart(result: Audit, focus: int = 0, deck: Deck | None = None) -> alt.Chart:
    """Win probability over the game: the newspaper reviewed (``focus``; :data:`EVERY` for all at full
    strength) drawn bold with its decisions marked by class, the others faded; card draws as rules;
    every newspaper in its own colour (:func:`~pennypress.ui.render.styles.paper_chart_colours`)."""
    names, inks = paper_chart_colours(result.players)
    colour = alt.Color("Newspaper:N", scale=alt.Scale(domain=names, range=inks),
                       legend=alt.Legend(title=None, orient="top", direction="horizontal", columns=3))
    curve = curve_frame(result)
    marks = marks_frame(result, deck)
    if focus != EVERY:
        curve["Reviewed"] = curve["Newspaper"] == newspaper(focus)
        marks = marks[marks["Newspaper"] == newspaper(focus)]
    else:
        curve["Reviewed"] = True
    x = alt.X("Move:Q", title="Move", axis=alt.Axis(tickMinStep=1))
    y = alt.Y("Win %:Q", scale=alt.Scale(domain=[0, 100]), title="Chance to win (%)")
    lines = alt.Chart(curve).mark_line(interpolate="monotone").encode(
        x=x, y=y, color=colour, detail="Newspaper:N",
        opacity=alt.condition("datum.Reviewed", alt.value(1.0), alt.value(0.22)),
        strokeWidth=alt.condition("datum.Reviewed", alt.value(3), alt.value(1.5)),
        tooltip=["Move", "Newspaper", alt.Tooltip("Win %:Q", title="Chance to win (%)")])
    marks = marks.assign(Grade=[grade_of(k) for k in marks["Class"]])
    shown = [g for g in GRADE_SHAPES if g in set(marks["Grade"])]
    points = alt.Chart(marks).mark_point(filled=True, size=80, opacity=1).encode(
        x="Move:Q", y="Win %:Q", color=colour,
        shape=alt.Shape("Grade:N", scale=alt.Scale(domain=shown, range=[GRADE_SHAPES[g] for g in shown]),
                        legend=alt.Legend(title="Decision", orient="bottom", direction="horizontal", columns=3)),
        tooltip=["Move", "Newspaper", "Class", "Played", "Best", alt.Tooltip("Win %:Q", title="Chance to win (%)")])
    drawn = marks_frame(result, deck)
    draws = alt.Chart(drawn[drawn["Card"] != ""]).mark_rule(strokeDash=[3, 3], color="#999").encode(
        x="Move:Q", tooltip=["Move", "Card", "Luck"])
    fair = alt.Chart(pd.DataFrame({"y": [100 / result.players]})).mark_rule(color="#bbb").encode(y="y:Q")
    return (fair + draws + lines + points).properties(height=320)


def summary_frame(result: Audit) -> pd.DataFrame:
    """One row per newspaper: accuracy (whole, or why there is none), classes, points lost, scoops, luck."""
    rows = []
    for s in result.summary:
        rows.append({"Newspaper": newspaper(s.player), "Accuracy": accuracy_words(s), "Decisions": classes_words(s),
                     "Page points lost": s.page_points_lost, "Timing points lost": f"{s.timing_points_lost:.1f}",
                     "Scoops given": s.scoops_given, "Scoops received": s.scoops_received,
                     "Luck": signed_pct(s.luck)})
    return pd.DataFrame(rows)


SUMMARY_NUMBERS = ("Accuracy", "Page points lost", "Timing points lost", "Scoops given", "Scoops received", "Luck")


def shown_decisions(result: Audit, focus: int) -> list:
    """The decisions of the newspaper reviewed (every decision for :data:`EVERY`)."""
    return [d for d in result.decisions if focus == EVERY or d.player == focus]


def decisions_frame(result: Audit, focus: int = EVERY) -> pd.DataFrame:
    """The decisions shown, one a row: move number, newspaper, the move played and the best (in notation:
    the table says them in words, :data:`DECISION_MOVES`), the class, the chance to win before it, what it
    lost, and a press's page points lost."""
    rows = []
    for d in shown_decisions(result, focus):
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Played": d.played, "Best": d.best,
                     "Class": class_words(d.klass, short=True),
                     "Chance before": "" if math.isnan(d.win_before) else pct(d.win_before),
                     "Lost": "nothing (forced)" if d.klass == "forced" else f"{pct(d.loss)} win chance, {d.points_loss:.1f} points",
                     "Page points lost": "" if d.press is None else d.press.page_loss})
    columns = ["Move", "Newspaper", "Played", "Best", "Class", "Chance before", "Lost", "Page points lost"]
    if focus != EVERY:
        columns.remove("Newspaper")  # the heading names it
    return pd.DataFrame(rows, columns=columns + ["Newspaper"])[columns]


DECISION_MOVES = ("Played", "Best")
DECISION_NUMBERS = ("Move", "Chance before", "Page points lost")


def decision_label(d, focus: int = EVERY) -> str:
    """One decision in a short list (the move in full is said beside it): ``'Move 12, The Sun — mistake'``,
    without the newspaper when it is the one reviewed."""
    who = "" if focus != EVERY else f", {newspaper(d.player)}"
    return f"Move {d.ply}{who} — {class_words(d.klass, short=True)}"
