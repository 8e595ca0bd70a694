"""The advisor's ranking as a list people read: each move in words with its mark, and a bar of what it
loses against the best move (the best at zero), coloured by its class.

A move's class is :func:`pennypress.engine.audit.grading.grade`'s (the audit's bands, through
:func:`pennypress.ui.render.verdict.grades`), shown with :mod:`pennypress.ui.render.marks`. The chances
to win of good moves are often a point or two apart, so bars of the chances would all look alike; a bar
of the loss shows the difference. The list wraps at any width, so nothing is cut off on a phone.
The statistics behind each row (intervals, how many futures) are in :func:`details_rows`, which the
page shows one click away.

>>> from pennypress.engine.advisor.result import Advice, RankedMove
>>> a = Advice(0, "fast", 0, False, (
...     RankedMove("press", 1, 0.5, (0.4, 0.6), 40.0, 1.5, 0.0, 0.0, True, (), 64),
...     RankedMove("decline", 2, 0.25, (0.15, 0.38), 35.0, -2.0, 0.25, 5.0, False, (), 64, loss_interval=(0.12, 0.38)),
...     RankedMove("assign 1 war:A:1", 3, None, None, None, None, None, 0.0, False)), 128)
>>> rows = ranking_rows(ranking_html(a.moves, grades(a, 3)))
>>> [(r["move"], r["win"], r["loss"], r["class"]) for r in rows]
[('Go to press', '50%', '0%', 'best'), ('Decline the last press', '25%', '−25%', 'blunder'), ('Send 1 reporter to War A ★', '—', '—', 'unsearched')]
>>> row_words(a.moves[1], "blunder")
'25% chance to win · 25% less chance to win · 5.0 points fewer on average'
>>> row_words(a.moves[2], None)
'not looked at: the analysis was stopped first'
>>> details_rows(a.moves)[1]["Loss, 95% interval"]
'12% to 38%'
>>> from dataclasses import replace
>>> from pennypress.engine.advisor.result import FirstSight, Reply
>>> answered = replace(a.moves[1], win_probability=0.2, reply=Reply("press", 1, 0.2, (0.17, 0.23), 900, True),
...                    first_sight=FirstSight(0.25, (0.15, 0.38), 0.25, (0.12, 0.38)))
>>> row_words(answered, "blunder")
"20% chance to win after The Sun's own answer · 25% less chance to win · 5.0 points fewer on average at first sight · 25% at first sight"
>>> row_words(a.moves[1], "blunder", weighing=True)
'25% chance to win at first sight (the answer not weighed) · 25% less chance to win · 5.0 points fewer on average'
>>> details_rows((a.moves[0], answered))[1]["At first sight"], details_rows(a.moves[:1])[0].get("At first sight")
('25%', None)
"""
from __future__ import annotations

import re
from html import escape, unescape
from typing import Sequence

from pennypress.engine.advisor.result import RankedMove
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import move_words

from .audit_words import class_words
from .marks import badge_html, colour, mark
from pennypress.engine.audit.grading import BY_MARGIN, MARGIN_RATE, Grade

from .verdict import assessments, fewer_points, grades, less_chance, less_lead

__all__ = ["RANKING_CSS", "assessments", "bar_weight", "details_rows", "grades", "loss_label", "mark_badge",
           "ranking_html", "ranking_rows", "row_words"]

UNSEARCHED = "#bdbdbd"
"""The colour of a move the analysis never reached."""

SCALE = 0.05
"""The smallest loss a full bar stands for: a list of tiny losses is not drawn as if they were large."""

RANKING_CSS = """
.pp-ranking { margin: 0 0 1rem 0; }
.pp-rank { display: flex; gap: 10px; padding: 6px 0; border-bottom: 1px solid #eee; }
.pp-rank-n { flex: 0 0 2rem; font-weight: 700; color: #555; text-align: right; }
.pp-rank-body { flex: 1 1 auto; min-width: 0; }
.pp-rank-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 8px; }
.pp-rank .pp-move { font-weight: 600; overflow-wrap: anywhere; }
.pp-rank-bar { display: flex; align-items: center; gap: 8px; margin: 3px 0; }
.pp-bar { position: relative; flex: 1 1 auto; height: 12px; background: #f0f0f0; border-radius: 3px; min-width: 0; }
.pp-bar-fill { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 3px; }
.pp-loss { flex: 0 0 3.4rem; text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.pp-rank-facts { color: #555; font-size: 0.85rem; overflow-wrap: anywhere; }
.pp-rank-note { color: #555; font-size: 0.85rem; font-style: italic; padding: 8px 0 4px 0; border-bottom: 1px solid #eee; }
.pp-verdict { border-left: 6px solid var(--c); background: #f7faf7; padding: 8px 12px; margin: 4px 0 10px 0;
              border-radius: 4px; }
.pp-verdict .pp-verdict-move { font-size: 1.35rem; font-weight: 700; overflow-wrap: anywhere; }
.pp-verdict .pp-verdict-clarity { font-weight: 600; color: var(--c); }
"""


def _klass(g) -> str | None:
    return g.klass if isinstance(g, Grade) else g


def _by_lead(g) -> bool:
    return isinstance(g, Grade) and g.by == BY_MARGIN


def loss_label(m: RankedMove, g=None) -> str:
    """The loss against the best as shown beside its bar: ``'0%'`` for the best, ``'−3%'`` (a true minus),
    or the lead lost, ``'−2.5 pts'``, for a move graded by its lead (where the game is decided)."""
    if not m.was_searched or m.loss is None:
        return "—"
    if m.rank == 1:
        return "0%"
    if _by_lead(g) and g.klass not in ("best", "within_noise"):
        return f"−{g.loss:.1f} pts"
    shown = round(100 * m.loss)
    return "0%" if shown == 0 else f"−{shown}%"


def bar_weight(m: RankedMove, g) -> float:
    """The loss a bar draws, in chance to win: a lead lost counts as the chance it weighs (the grading's
    :data:`~pennypress.engine.audit.grading.MARGIN_RATE`)."""
    if _by_lead(g):
        return g.loss / MARGIN_RATE
    return m.loss or 0.0


def mark_badge(klass: str) -> str:
    """The class's badge (:func:`~pennypress.ui.render.marks.badge_html`), its chess mark before it when its
    words do not carry one: ``★ best``, ``= as good as the best``, ``?! inaccuracy`` as the badge says.

    >>> '★' in mark_badge("best"), mark_badge("mistake").count("?")
    (True, 1)
    """
    sign = mark(klass)
    lead = "" if sign in class_words(klass, short=True) else (
        f'<span class="pp-mark-sign" style="color:{colour(klass)};font-weight:700">{sign}</span> ')
    return lead + badge_html(klass)


def row_words(m: RankedMove, klass, g=None, weighing: bool = False) -> str:
    """The words under a move's bar: its chance to win and what it gives up against the best (the lead,
    for a move graded by it). A move a second ply weighed says its figures are after the next player's
    answer, and its chance at first sight; with ``weighing`` (a ranking where some moves were weighed) a
    move that was not says its figures are at first sight."""
    klass = _klass(klass)
    g = klass if isinstance(klass, Grade) else g
    if not m.was_searched or klass is None:
        return "not looked at: the analysis was stopped first"
    parts = [f"{m.win_probability:.0%} chance to win{_kind_words(m, weighing)}"]
    if m.rank > 1 and klass in ("best", "within_noise"):
        parts.append("about the same as the best")
    elif m.rank > 1 and _by_lead(g):
        parts.append(less_lead(g.loss))
    elif m.rank > 1:
        parts.append(less_chance(m.loss or 0.0))
        if round(m.points_loss, 1) > 0:  # points are measured on the analysis's playouts alone
            parts.append(fewer_points(m.points_loss) + (" at first sight" if m.weighed else ""))
    if m.first_sight is not None:
        parts.append(f"{m.first_sight.win_probability:.0%} at first sight")
    return " · ".join(parts)


def _kind_words(m: RankedMove, weighing: bool) -> str:
    """What a row's chance is measured after: the next player's answer, or (in a ranking that weighed some
    moves) nothing but the analysis."""
    if m.first_sight is None:
        return " at first sight (the answer not weighed)" if weighing else ""
    reply = m.reply  # a weighed move always has the reply it was weighed by
    if reply is None or reply.move is None:
        return "" if reply is None else " (the game ends with it)"
    drawn = "the headline card and " if reply.draws else ""
    return f" after {drawn}{newspaper(reply.player)}'s own answer"


def _kind(m: RankedMove, weighing: bool) -> str:
    return "after-answer" if m.weighed else ("first-sight" if weighing else "analysis")


WEIGHED_NOTE = ("The moves above are ranked by your chance after the next player's own answer; the moves below "
                "were not weighed against it: their figures are at first sight, before any answer.")
"""Said between the moves a second ply weighed and the others."""

def ranking_html(moves: Sequence[RankedMove], graded: Sequence, scale: float | None = None) -> str:
    """The moves, best first: rank, the mark, the move in words (class ``pp-move``), the loss bar, its label
    and the words under it. ``graded``: each move's class or :class:`Grade` (:func:`assessments`: a move
    graded by its lead then shows it), ``None`` for a move never reached; ``scale``: the loss a full bar
    stands for, in chance to win (at least :data:`SCALE`; by default the largest loss shown)."""
    losses = [bar_weight(m, g) for m, g in zip(moves, graded) if m.was_searched and m.loss is not None]
    full = max([SCALE, *losses]) if scale is None else max(SCALE, scale)
    weighing = any(m.weighed for m in moves)
    rows = []
    for k, (m, g) in enumerate(zip(moves, graded)):
        if weighing and k and moves[k - 1].weighed and not m.weighed:
            rows.append(f'<div class="pp-rank-note">{escape(WEIGHED_NOTE)}</div>')
        klass = _klass(g)
        fill = UNSEARCHED if klass is None else colour(klass)
        drawn = klass is not None and m.loss is not None and m.rank > 1
        width = min(100.0, 100 * bar_weight(m, g) / full) if drawn else 0.0
        badge = "" if klass is None else mark_badge(klass)
        rows.append(
            f'<div class="pp-rank" data-move="{escape(m.move)}" data-class="{klass or "unsearched"}">'
            f'<div class="pp-rank-n">{m.rank}</div><div class="pp-rank-body"><div class="pp-rank-head">'
            f'{badge}<span class="pp-move">{escape(move_words(m.move))}</span></div>'
            f'<div class="pp-rank-bar"><span class="pp-bar"><span class="pp-bar-fill" style="width:{width:.1f}%;'
            f'background:{fill}"></span></span><span class="pp-loss" style="color:{fill}">{loss_label(m, g)}</span>'
            f'</div><div class="pp-rank-facts" data-win="{"—" if not m.was_searched else f"{m.win_probability:.0%}"}"'
            f' data-kind="{_kind(m, weighing)}">{escape(row_words(m, klass, g, weighing))}</div></div></div>')
    return f'<div class="pp-ranking">{"".join(rows)}</div>'


_ROW = re.compile(r'<div class="pp-rank" data-move="([^"]*)" data-class="([^"]*)"><div class="pp-rank-n">(\d+)</div>'
                  r'.*?<span class="pp-move">(.*?)</span>.*?<span class="pp-loss"[^>]*>(.*?)</span>.*?'
                  r'data-win="([^"]*)" data-kind="([^"]*)"', re.S)


def ranking_rows(html: str) -> list[dict[str, str]]:
    """The rows of :func:`ranking_html` (for tests): notation, rank, the move as shown, its class, the loss
    shown beside the bar, the chance to win said under it and what that chance is measured after
    (``after-answer``, ``first-sight`` or, with no second ply, ``analysis``)."""
    return [{"notation": unescape(n), "rank": r, "move": unescape(w), "class": k, "loss": loss, "win": win,
             "kind": kind} for n, k, r, w, loss, win, kind in _ROW.findall(html)]


def _interval(pair: tuple[float, float] | None, fmt) -> str:
    if pair is None:
        return "—"
    return f"{fmt(pair[0])} to {fmt(pair[1])}"


def _pct(x: float) -> str:
    return f"{x:.0%}".replace("-", "−")


def _pts(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


def details_rows(moves: Sequence[RankedMove]) -> list[dict[str, str]]:
    """The statistics behind each row, for the page's collapsed details: playouts, the chance's 95%
    interval, the paired 95% intervals of the loss (chance and margin), expected circulation and margin."""
    rows = []
    for m in moves:
        searched = m.was_searched
        rows.append({
            "Rank": str(m.rank), "Move": move_words(m.move),
            "Chance to win": _pct(m.win_probability) if searched else "—",
            "95% interval": _interval(m.win_interval, _pct) if searched and not m.exact else (
                "exact" if m.exact else "—"),
            "Loss, 95% interval": "—" if m.rank == 1 or not searched else _interval(m.loss_interval, _pct),
            "Margin loss, 95% interval": "—" if m.rank == 1 or not searched else _interval(
                m.margin_loss_interval, _pts),
            "Circulation": "—" if m.expected_score is None else f"{m.expected_score:.1f}",
            "Margin": "—" if m.expected_margin is None else _pts(m.expected_margin),
            "Playouts": "exact" if m.exact else str(m.playouts),
            "Paired playouts": "—" if m.exact or m.rank == 1 else str(m.paired_playouts),
        })
        if any(r.weighed for r in moves):  # a second ply: what each figure is after, and the first sight's
            reply, sight = m.reply, m.first_sight
            rows[-1].update({
                "Measured": "after the answer" if sight is not None else "at first sight",
                "Their own answer": "—" if reply is None else (
                    "the game ends" if reply.move is None else move_words(reply.move)),
                "Headline cards tried": "—" if reply is None or not reply.draws else str(reply.draws),
                "Counted as read": "—" if reply is None or not reply.read else _pct(reply.read),
                "Answer's playouts": "—" if reply is None else str(reply.playouts),
                "At first sight": "—" if sight is None else _pct(sight.win_probability),
                "At first sight, 95% interval": "—" if sight is None else _interval(sight.win_interval, _pct),
            })
    return rows
