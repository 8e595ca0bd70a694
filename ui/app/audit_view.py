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
import re
from html import escape
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Sequence

import altair as alt
import pandas as pd

from pennypress.engine.advisor.line import line_states, step_words
from pennypress.engine.audit import Audit
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.moves import BEST, Assign, GoToPress, Move, Page, PagePlacement, Reassign, Recall, parse_move
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.stories import Story
from pennypress.engine.game.words import move_words
from pennypress.engine.io.record import FORMAT, VERSION, ReplayStep, replay
from pennypress.engine.io.state import State, public_view
from pennypress.engine.rules.chance import chance_outcomes
from pennypress.engine.rules.press import plan_press
from pennypress.errors import BadInput
from pennypress.solver import Placement
from pennypress.ui.io import example_files
from pennypress.engine.audit.grading import CLASSES
from pennypress.ui.render import marks
from pennypress.ui.render.audit_words import (
    accuracy_words, card_text, classes_words, luck_words, moment_words, num, short_loss_words,
    signed_pct,
)
from pennypress.ui.render.board_svg import board_html
from pennypress.ui.render.html_table import table_html
from pennypress.ui.render.stepper import Frame, arrow_of
from pennypress.ui.render.styles import paper_chart_colours

EVERY = -1
"""The "newspaper reviewed" choice that shows every newspaper's decisions."""


def record_examples() -> dict[str, Path]:
    """``name -> path`` of the example records (the README's audit example first)."""
    return example_files.record_examples()


def tournament_game_label(doc: dict) -> str:
    """A tournament game's record in a list: its title (the tournament, the game, who played each
    newspaper, the deal), who won and the final scores (in seat order).

    >>> tournament_game_label({"title": "Tournament 1, game 1: The Times played by the greedy bot, The Sun by "
    ...                                 "the random bot (deal 9)", "final_scores": [40, 20], "winners": [0]})
    'Tournament 1, game 1: The Times played by the greedy bot, The Sun by the random bot (deal 9) -- The Times won; scores 40, 20'
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


def whole_pct(x: float) -> int:
    """A win probability as the whole percentage every part of the page shows: ``whole_pct(0.386) == 39``."""
    return round(100 * x)


@dataclass(frozen=True)
class Chances:
    """One decision's chance to win, computed once: the decisions table, the decision opened and the chart
    all read it. Both figures are the decision's own analysis, measured on the same futures: the chance of
    the newspaper to move after the best move, and after the move played (the chart's point for the
    decision); their difference is what the move lost. ``None`` where the record gives no figure."""

    ply: int
    player: int
    best: int | None
    """After the best move, whole percent."""
    played: int | None
    """After the move played, whole percent (the point the chart draws for the decision)."""

    def words(self) -> str:
        """The two figures as the decision opened says them."""
        if self.best is None or self.played is None:
            return ""
        return (f"Chance to win: **{self.best}%** after the best move, **{self.played}%** after the move played "
                "(as the chart and the table show them).")


def chances(d) -> Chances:
    """A decision's :class:`Chances`, from the figures of its analysis (for a forced move, the chances it
    carries from the decision before)."""
    def figure(every: tuple[float, ...], alone: float) -> int | None:
        x = every[d.player] if every else alone
        return None if x is None or math.isnan(x) else whole_pct(x)

    return Chances(d.ply, d.player, figure(d.before_all, d.win_before), figure(d.after_all, d.win_after))


def curve_frame(result: Audit) -> pd.DataFrame:
    """Each newspaper's win probability along the line played: after the move played at each decision
    (its own estimate, on the same futures as the best move; long form, for the chart)."""
    rows = []
    for d in result.decisions:
        for p, w in enumerate(d.after_all):
            rows.append({"Move": d.ply, "Newspaper": newspaper(p), "Win %": whole_pct(w)})
    return pd.DataFrame(rows, columns=["Move", "Newspaper", "Win %"])


MARK_COLUMNS = ["Move", "Newspaper", "Win %", "Best %", "Class", "Mark", "Played", "Best", "Card", "Luck"]


def marks_frame(result: Audit, deck: Deck | None = None) -> pd.DataFrame:
    """Each decision as a point on its newspaper's curve (after the move played), with the chance after the
    best move (:func:`chances`), its class and (after a draw) the card's luck."""
    rows = []
    for d in result.decisions:
        if not d.after_all:
            continue
        c = chances(d)
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Win %": c.played, "Best %": c.best,
                     "Class": marks.marked_words(d.klass), "Mark": marks.mark(d.klass),
                     "Played": move_words(d.played), "Best": move_words(d.best),
                     "Card": "" if d.card is None else card_text(d.card, deck),
                     "Luck": "" if d.luck is None else luck_words(d.luck)})
    return pd.DataFrame(rows, columns=MARK_COLUMNS)


REVIEWED_WIDTH, OTHER_WIDTH = 4.0, 2.0
"""The line of the newspaper reviewed and the others' (each still drawn whole in its own colour)."""

OTHER_OPACITY = 0.8
"""The other newspapers' lines: lighter than the one reviewed, and dashed, but every one readable."""


def audit_chart(result: Audit, focus: int = 0, deck: Deck | None = None) -> alt.Chart:
    """Win probability over the game: the newspaper reviewed (``focus``; :data:`EVERY` for all at full
    strength) drawn bold with its decisions marked by class (each point in its class's colour with its mark,
    :mod:`pennypress.ui.render.marks`), the others lighter and dashed but readable; card draws as rules;
    every newspaper in its own colour (:func:`~pennypress.ui.render.styles.paper_chart_colours`)."""
    names, inks = paper_chart_colours(result.players)
    colour = alt.Color("Newspaper:N", scale=alt.Scale(domain=names, range=inks),
                       legend=alt.Legend(title=None, orient="top", direction="horizontal", columns=3))
    curve = curve_frame(result)
    marks_ = marks_frame(result, deck)
    if focus != EVERY:
        curve["Reviewed"] = curve["Newspaper"] == newspaper(focus)
        marks_ = marks_[marks_["Newspaper"] == newspaper(focus)]
    else:
        curve["Reviewed"] = True
    x = alt.X("Move:Q", title="Move", axis=alt.Axis(tickMinStep=1))
    y = alt.Y("Win %:Q", scale=alt.Scale(domain=[0, 100]), title="Chance to win (%)")
    lines = alt.Chart(curve).mark_line(interpolate="monotone").encode(
        x=x, y=y, color=colour, detail=alt.Detail("Newspaper:N"),
        opacity=alt.condition("datum.Reviewed", alt.value(1.0), alt.value(OTHER_OPACITY)),
        strokeWidth=alt.condition("datum.Reviewed", alt.value(REVIEWED_WIDTH), alt.value(OTHER_WIDTH)),
        strokeDash=alt.condition("datum.Reviewed", alt.value([1, 0]), alt.value([6, 4])),
        tooltip=[alt.Tooltip("Move"), alt.Tooltip("Newspaper"), alt.Tooltip("Win %:Q", title="Chance to win (%)")])
    present = [k for k in CLASSES if marks.marked_words(k) in set(marks_["Class"])]
    by_class = alt.Scale(domain=[marks.marked_words(k) for k in present], range=[marks.colour(k) for k in present])
    fill = alt.Fill("Class:N", scale=by_class,
                    legend=alt.Legend(title="Decision", orient="bottom", direction="horizontal", columns=3))
    # typed channels, never bare strings: altair matches a string against every class of its schema (slow)
    tips = [*map(alt.Tooltip, ["Move", "Newspaper", "Class", "Played", "Best"]),
            alt.Tooltip("Win %:Q", title=PLAYED_TIP), alt.Tooltip("Best %:Q", title=BEST_TIP)]
    base = alt.Chart(marks_).encode(x=alt.X("Move:Q"), y=alt.Y("Win %:Q"), tooltip=tips)
    points = base.mark_point(filled=True, size=90, opacity=1, stroke="white", strokeWidth=1).encode(fill=fill)
    signs = base.mark_text(dy=-13, fontSize=13, fontWeight="bold").encode(
        text=alt.Text("Mark:N"), color=alt.Color("Class:N", scale=by_class, legend=None))
    lost = marks_[marks_["Best %"] != marks_["Win %"]]
    # what the best move would have kept: a ring at its chance, joined to the point of the move played
    drop = alt.Chart(lost).mark_rule(strokeDash=[2, 2], color="#555").encode(
        x=alt.X("Move:Q"), y=alt.Y("Win %:Q"), y2=alt.Y2("Best %:Q"), tooltip=tips)
    rings = alt.Chart(lost).mark_point(filled=False, size=70, strokeWidth=1.5, color="#222").encode(
        x=alt.X("Move:Q"), y=alt.Y("Best %:Q"), tooltip=tips)
    drawn = marks_frame(result, deck)
    draws = alt.Chart(drawn[drawn["Card"] != ""]).mark_rule(strokeDash=[3, 3], color="#999").encode(
        x=alt.X("Move:Q"), tooltip=[*map(alt.Tooltip, ["Move", "Card", "Luck"])])
    fair = alt.Chart(pd.DataFrame({"y": [100 / result.players]})).mark_rule(color="#bbb").encode(y=alt.Y("y:Q"))
    layers = fair + draws + lines + drop + rings + points + signs
    return layers.resolve_scale(color="independent").properties(height=320)


PLAYED_TIP, BEST_TIP = "Chance after the move played (%)", "Chance after the best move (%)"
"""The chart's two chances of a decision, named as the table's columns (:data:`CHANCE_COLUMNS`)."""


def summary_frame(result: Audit) -> pd.DataFrame:
    """One row per newspaper: accuracy (whole, or why there is none), classes, page points lost, the lead lost
    on timing (:data:`TIMING_LEAD`), scoops, luck."""
    rows = []
    for s in result.summary:
        rows.append({"Newspaper": newspaper(s.player), "Accuracy": accuracy_words(s), "Decisions": classes_words(s),
                     "Page points lost": s.page_points_lost, TIMING_LEAD: f"{s.timing_lead_lost:.1f}",
                     "Scoops given": s.scoops_given, "Scoops received": s.scoops_received,
                     "Luck": signed_pct(s.luck)})
    return pd.DataFrame(rows)


TIMING_LEAD = "Points of lead lost on timing"
"""The lead over the best rival lost by pressing too soon or waiting too long: in the points of lead the
decisions table says each decision's loss in, so a decision lost only on timing shows one figure in both."""
SUMMARY_NUMBERS = ("Accuracy", "Page points lost", TIMING_LEAD, "Scoops given", "Scoops received", "Luck")


def shown_decisions(result: Audit, focus: int) -> list:
    """The decisions of the newspaper reviewed (every decision for :data:`EVERY`)."""
    return [d for d in result.decisions if focus == EVERY or d.player == focus]


def decisions_frame(result: Audit, focus: int = EVERY) -> pd.DataFrame:
    """The decisions shown, one a row: move number, newspaper, the move played and the best (in notation:
    the table says them in words, :data:`DECISION_MOVES`), the class, the chance to win after the best move
    and after the move played (:func:`chances`), what it lost, and a press's page points lost."""
    rows = []
    for d in shown_decisions(result, focus):
        rows.append({"Move": d.ply, "Newspaper": newspaper(d.player), "Played": d.played, "Best": d.best,
                     "Class": marks.marked_words(d.klass), **chance_cells(chances(d)),
                     "Lost": short_loss_words(d),
                     "Page points lost": "" if d.press is None else num(d.press.page_loss)})
    columns = ["Move", "Newspaper", "Played", "Best", "Class", *CHANCE_COLUMNS, "Lost", "Page points lost"]
    if focus != EVERY:
        columns.remove("Newspaper")  # the heading names it
    return pd.DataFrame(rows, columns=columns + ["Newspaper"])[columns]


DECISION_MOVES = ("Played", "Best")
CHANCE_COLUMNS = ("Chance after the best move", "Chance after the move played")
"""The decisions table's two chances (:class:`Chances`), named as the decision opened and the chart name them."""
DECISION_NUMBERS = ("Move", *CHANCE_COLUMNS, "Page points lost")


def chance_cells(c: Chances) -> dict[str, str]:
    """A decision's two chances as the table's cells: ``'39%'`` (empty where there is no figure)."""
    return {name: "" if x is None else f"{x}%" for name, x in zip(CHANCE_COLUMNS, (c.best, c.played))}


_CLASS_CELL = re.compile(r'(<td data-label="Class")>([^<]*)</td>')


def decisions_html(result: Audit, focus: int = EVERY) -> str:
    """The decisions table (:func:`decisions_frame`) as HTML, each class a badge in its colour with its mark
    (:func:`pennypress.ui.render.marks.badge_html`); moves in words."""
    html = table_html(decisions_frame(result, focus), moves=DECISION_MOVES, numbers=DECISION_NUMBERS)
    klasses = iter([d.klass for d in shown_decisions(result, focus)])
    return _CLASS_CELL.sub(lambda m: f"{m.group(1)}>{badge(next(klasses))}</td>", html)


def badge(klass: str) -> str:
    """A class as a coloured badge, its mark first (the words a table cell shows)."""
    return marks.badge_html(klass, marked=True)


def graded_so_far_html(decisions: Sequence) -> str:
    """The decisions an audit under way has graded so far, in the order of the game: each its move number,
    newspaper, mark and the move played, as they come in (the page shows them while the rest are weighed).

    >>> from types import SimpleNamespace as D
    >>> html = graded_so_far_html([D(ply=7, player=1, klass="blunder", played="press")])
    >>> "Move 7, The Sun" in html and "Go to press" in html and "pp-mark-blunder" in html
    True
    """
    rows = "".join(f'<li>{badge(d.klass)} Move {d.ply}, {escape(newspaper(d.player))}: '
                   f'{escape(move_words(d.played))}</li>' for d in sorted(decisions, key=lambda d: d.ply))
    return f'<ol class="pp-graded" style="list-style:none;padding-left:0">{rows}</ol>'


def decision_title(d) -> str:
    """The decision in words, for the one opened: ``'Move 12, The Sun — ?? blunder'``."""
    return f"Move {d.ply}, {newspaper(d.player)} — {marks.marked_words(d.klass)}"


# ------------------------------------------------------------------ the decision on the board
def move_stories(state: State, move_text: str) -> tuple[Story, ...]:
    """The stories a move touches on the board: where reporters go or leave, or the stories a press prints
    (``()`` for a decline or a pass)."""
    move = parse_move(move_text)
    if isinstance(move, Assign):
        return (move.story,)
    if isinstance(move, Reassign):
        return (move.source, move.target)
    if isinstance(move, Recall):
        return tuple(story for story, _ in move.reporters)
    if isinstance(move, GoToPress):
        return tuple(p.story for p in plan_press(state, state.current, move.page).page.placements)
    return ()


def decision_marks(state: State, d) -> dict[Story, str]:
    """The board's outlines for a decision: the stories of the move played in
    :data:`~pennypress.ui.render.marks.PLAYED_INK`, the best move's in
    :data:`~pennypress.ui.render.marks.BEST_INK`, a story of both in
    :data:`~pennypress.ui.render.marks.BOTH_INK` (the best's colour alone when the move played is the best)."""
    best = set(move_stories(state, d.best))
    if d.klass == "best" or d.played == d.best:
        return {s: marks.BEST_INK for s in best}
    played = set(move_stories(state, d.played))
    return {s: marks.BOTH_INK if s in played and s in best else (marks.PLAYED_INK if s in played else marks.BEST_INK)
            for s in played | best}


def board_legend_html(state: State, d) -> str:
    """What the board's colours say, in words: the move played and the best move (one line when they are
    one move); a move that touches no story says so."""
    def said(text: str) -> str:
        return move_words(text) + ("" if move_stories(state, text) else " (no story on the board)")

    if d.klass == "best" or d.played == d.best:
        return marks.swatch_html(marks.BEST_INK, f"Played, the best move: {said(d.played)}")
    parts = [marks.swatch_html(marks.PLAYED_INK, f"Played: {said(d.played)}"),
             marks.swatch_html(marks.BEST_INK, f"The best: {said(d.best)}")]
    if set(move_stories(state, d.played)) & set(move_stories(state, d.best)):
        parts.append(marks.swatch_html(marks.BOTH_INK, "A story of both"))
    return '<div class="pp-legend" style="line-height:1.8">' + "<br>".join(parts) + "</div>"


def details_frame(result: Audit, focus: int = EVERY) -> pd.DataFrame:
    """The figures behind each decision, for the page's collapsed "Details": the analysis's playouts, whether
    it separated its best move before its cap, what graded the decision and its paired 95% interval."""
    rows = []
    for d in shown_decisions(result, focus):
        g = d.grade
        interval = "" if g.interval is None else (
            f"{num(g.interval[0], 1)} to {num(g.interval[1], 1)} points" if g.by == "margin"
            else f"{num(100 * g.interval[0], 1)}% to {num(100 * g.interval[1], 1)}%")
        rows.append({"Move": d.ply, "Graded by": "" if d.klass == "forced" else
                     ("lead" if g.by == "margin" else "chance to win"),
                     "Paired 95% interval of the loss": interval,
                     "Playouts": "exact" if d.exact else ("" if d.klass == "forced" else d.playouts),
                     "Converged": "" if d.klass == "forced" else ("yes" if d.converged else "no")})
    return pd.DataFrame(rows, columns=["Move", "Graded by", "Paired 95% interval of the loss", "Playouts", "Converged"])


HOW_THEY_PLAYED = ("Read from the moves each newspaper made when it had a choice: the kind of player, of those "
                   "pennypress plays, that each played most like, and how many of its moves that kind would have "
                   "made. The grades above do not assume it: they weigh every decision against pennypress's own "
                   "players (review one newspaper to see which of its grades depend on it).")
"""Said under "How each newspaper played": what the reading is, and that the audit's grades do not use it."""


def how_they_played(doc: dict) -> list[str]:
    """Every newspaper's style read from the whole record (:mod:`pennypress.engine.arena.table_reading`, every
    player read), in words, in seat order; none without the native core, whose bots do the reading, or for a
    record it does not take."""
    from pennypress.engine import native
    from pennypress.engine.arena.table_reading import read_record

    if not native.available():
        return []
    try:
        return [seat.words() for seat in read_record(doc, you=None).seats]
    except BadInput:  # a record the core does not take (the audit itself falls back to the Python engine)
        return []


READ_GRADES = ("Each decision graded again as the coach grades it, with the others seated in its analysis as "
               "read from the moves they made before it (never a later one). Where the two grades differ, the "
               "grade depends on how the others play.")
"""Said under "Grades with the table read": what the second grade is."""


def read_grades_words(grades: list, who: str) -> list[str]:
    """The grades with the table read, in words: how many change, then each that does (its move number, the
    audit's grade, the grade with the table read, and the reading it assumed).

    >>> from pennypress.engine.arena.coach import CoachNote
    >>> from pennypress.engine.arena.read_grades import ReadGrade
    >>> g = ReadGrade(7, 0, "mistake", CoachNote("x", "y", "good", 0.01, 0.2), ("The Sun has played like the early presser (5 of 5 moves fit).",))
    >>> read_grades_words([g], "The Times")[0]
    "1 of The Times's 1 decision graded depends on how the others play:"
    >>> print(read_grades_words([g], "The Times")[1])
    Move 7: mistake ? against the advisor's own players; good with the table read — The Sun has played like the early presser (5 of 5 moves fit).
    """
    from pennypress.ui.render.audit_words import class_words

    changed = [g for g in grades if g.depends]
    head = (f"{len(changed)} of {who}'s {len(grades)} decision{'s' * (len(grades) != 1)} graded "
            + ("depends" if len(changed) == 1 else "depend") + " on how the others play"
            + (":" if changed else "; every grade stands with the table read."))
    return [head] + [f"Move {g.number}: {class_words(g.klass)} against the advisor's own players; "
                     f"{class_words(g.read.klass)} with the table read — {' '.join(g.table)}" for g in changed]


THOROUGHNESS = {"fast": "Quick", "normal": "Thorough", "deep": "Deep"}
"""Each analysis budget as the page offers it (the budget's own name in "Details")."""


def thoroughness(budget: str) -> str:
    """A budget as a player picks it: ``'Quick'``."""
    return THOROUGHNESS.get(budget, budget)


def settings_words(result: Audit) -> str:
    """The analysis behind the grades, for the collapsed "Details": budget, seed, engine, playouts, time."""
    engine = "the native core (Rust)" if result.engine == "native" else "the Python engine"
    return (f"Budget {result.budget}, seed {result.seed}; analysed by {engine}: {result.playouts:,} playouts in "
            f"{result.seconds:.1f} s. A loss is graded only when its paired 95% interval lies above 0.")


def moment_html(m) -> str:
    """A key moment as the page lists it: its kind as a heading (a mistake's or blunder's in its badge) and
    its words."""
    if m.kind in ("mistake", "blunder"):
        head = marks.badge_html(m.kind, marked=True)
    elif m.kind == "missed press":
        head = "<b>Missed press</b>"
    else:
        head = f"<b>{escape(moment_words(m.kind))}</b>"
    return f"{head} — {escape(m.text)}"


# ------------------------------------------------------------------ the likely lines on the board
BEFORE, PLAYED, BEST_LINE = "before", "played", "best"
"""What the opened decision's board shows: the position before it (both moves outlined), or a likely line
after the move played or after the best move, a step at a time."""


def board_views(d) -> list[str]:
    """The board's choices for a decision: before it, and each likely line it has (one when the move played
    is the best)."""
    if d.klass == "forced":
        return [BEFORE]
    same = d.klass == "best" or d.played == d.best
    return [BEFORE] + ([BEST_LINE] if same else [PLAYED, BEST_LINE])


def board_view_words(view: str, d) -> str:
    """A board choice as the page offers it."""
    if view == BEFORE:
        return "Before the move"
    if view == BEST_LINE:
        return "After it (the best move)" if d.klass == "best" or d.played == d.best else "After the best move"
    return "After the move played"


def line_of(d, view: str) -> tuple[str, tuple, str]:
    """``(the move, its likely line, the ink it is drawn in)`` for a board choice other than :data:`BEFORE`."""
    if view == PLAYED:
        return d.played, d.line_played, marks.PLAYED_INK
    return d.best, d.line_best, (marks.BEST_INK)


def line_positions(state: State, d, view: str) -> list[State]:
    """The positions after the move and after each step of its likely line (one more than the steps), from
    the public position the analysis saw (the order of the deck unknown: the line's cards are its futures')."""
    move, line, _ = line_of(d, view)
    return line_states(public_view(state), move, line)


def step_marks(before: State, positions: Sequence[State], d, view: str, k: int) -> dict[Story, str]:
    """The stories the move at step ``k`` of the line touches (``k = 0``: the move itself), in the line's ink;
    none for a card drawn."""
    move, line, ink = line_of(d, view)
    if k == 0:
        return {s: ink for s in move_stories(before, move)}
    step = line[k - 1]
    if step.move is None:
        return {}
    return {s: ink for s in move_stories(positions[k - 1], step.move)}


def step_caption(d, view: str, k: int, deck: Deck | None = None) -> str:
    """What the board shows at step ``k`` of a line, in words."""
    move, line, _ = line_of(d, view)
    if k == 0:
        who = newspaper(d.player)
        return f"{who}: {move_words(move)} (the {'best move' if view == BEST_LINE else 'move played'})"
    return step_words(line[k - 1], deck)


# ------------------------------------------------------------------ the decisions and lines on the board stepper
def decision_frames(result: Audit, focus: int, steps: Sequence[ReplayStep]) -> list[Frame]:
    """The decisions reviewed as the board stepper lists them, like a game review's move list: each the board
    before it with the move played and the best move outlined in their inks (:func:`decision_marks`) and a
    move of reporters drawn as an arrow, its move number and mark, and the bar at the chance to win after
    the best move (the position's worth to the newspaper to move, the figure the table shows).
    ``steps``: the record's moves with the position before each (:func:`steps_of`)."""
    before = {s.number: s.before for s in steps}
    out = []
    for d in shown_decisions(result, focus):
        state = before[d.ply]
        same = d.klass == "best" or d.played == d.best
        arrows = arrow_of(d.best, marks.BEST_INK) if same else [*arrow_of(d.played, marks.PLAYED_INK),
                                                                *arrow_of(d.best, marks.BEST_INK)]
        said = (f"{decision_title(d)}: {newspaper(d.player)} {move_words(d.played, past=True)}"
                + ("" if same else f"; the best: {move_words(d.best)}"))
        who = "" if focus != EVERY else f" {newspaper(d.player).removeprefix('The ')[0]}"
        best = chances(d).best
        out.append(Frame(board=board_html(state, decision_marks(state, d), arrows), label=f"{d.ply}{who}",
                         said=said, chance=None if best is None else best / 100, mark=marks.mark(d.klass),
                         mark_colour=marks.colour(d.klass)))
    return out


def decisions_who(focus: int) -> str:
    """Whose chance the decisions' bar shows."""
    who = "the newspaper to move" if focus == EVERY else newspaper(focus)
    return f"The chance to win of {who} with the best move here (as the table shows it)"


def line_views(d) -> list[str]:
    """The likely lines a decision has, to step through: after the move played and after the best move (one
    when the move played is the best; none for a forced move)."""
    return board_views(d)[1:]


def line_chance(d, view: str) -> float | None:
    """A decision's chance to win after the move of a likely line (the move played or the best), as the
    decisions table says it (:func:`chances`)."""
    c = chances(d)
    first = c.played if view == PLAYED else c.best
    return None if first is None else first / 100


def line_frames(before: State, d, view: str, deck: Deck | None, first: float | None) -> list[Frame]:
    """A likely line of a decision (or of a mistake made a puzzle) on the board stepper: the position after
    the move, then after each step, each in the line's ink (:func:`step_marks`, a move of reporters an
    arrow); the bar at ``first`` -- the chance after that move (:func:`line_chance`) -- then at each step's
    chance in the futures that went that way."""
    move, line, ink = line_of(d, view)
    positions = line_positions(before, d, view)
    figures = [first, *(step.chance for step in line)]
    led = [move, *(step.move for step in line)]
    return [Frame(board=board_html(positions[k], step_marks(before, positions, d, view, k), arrow_of(led[k], ink)),
                  label=f"{k + 1}. {step_caption(d, view, k, deck)}", said=step_caption(d, view, k, deck),
                  chance=figures[k]) for k in range(len(positions))]


def record_frames(doc: dict, said: dict[int, str], graded: dict[int, str] | None = None) -> list[Frame]:
    """A record move by move on the board stepper, a game's move list: the deal first, then the position after
    each move, the move that led there outlined in the move played's ink (a move of reporters also an
    arrow). ``said``: each move in words by its number; ``graded``: a class by move number, its mark shown
    beside the number (the coach's grades of your moves). No chance is measured here: the bar is left out."""
    steps = steps_of(doc)
    final = replay(doc).state
    frames = [Frame(board=board_html(steps[0].before if steps else final), label="Deal",
                    said="The deal, before the first move")]
    afters = [s.before for s in steps[1:]] + [final]
    for step, after in zip(steps, afters):
        move = str(step.move)
        klass = (graded or {}).get(step.number)
        frames.append(Frame(board=board_html(after, {s: marks.PLAYED_INK for s in move_stories(step.before, move)},
                                             arrow_of(move, marks.PLAYED_INK)),
                            label=str(step.number), said=said.get(step.number, move_words(move)),
                            mark=marks.mark(klass) if klass else "", mark_colour=marks.colour(klass) if klass else ""))
    return frames
