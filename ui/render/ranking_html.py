"""The advisor's ranking as a list people read: each move in words with its win-probability bar,
the 95% interval drawn on the bar, and the numbers beside it. It wraps at any width, so nothing is
cut off on a phone (a chart's axis labels would be), and it is the table and the chart in one.

>>> from pennypress.engine.advisor.result import Advice, RankedMove
>>> a = Advice(0, "fast", 0, False, (
...     RankedMove("press", 1, 0.5, (0.4, 0.6), 40.0, 1.5, 0.0, 0.0, True, (), 64),
...     RankedMove("decline", 2, 0.25, (0.15, 0.38), 35.0, -2.0, 0.25, 5.0, False, (), 64, loss_interval=(0.12, 0.38)),
...     RankedMove("assign 1 war:A:1", 3, None, None, None, None, None, 0.0, False)), 128)
>>> html = ranking_html(a.moves)
>>> [r["move"] for r in ranking_rows(html)], [r["win"] for r in ranking_rows(html)]
(['Go to press', 'Decline the last press', 'Send 1 reporter to War A ★'], ['50%', '25%', '—'])
>>> facts_words(a.moves[1])
'interval 15%–38% · circulation 35.0 · margin −2.0 · 25% below the best (paired 95%: 12% to 38%) and 5.0 points · 64 playouts'
>>> facts_words(a.moves[2])
'not searched: the analysis was stopped before its playouts'
"""
from __future__ import annotations

import re
from html import escape, unescape
from typing import Sequence

from pennypress.engine.advisor.result import RankedMove
from pennypress.engine.game.words import move_words, plural

KINDS = {"search": ("searched", "#4c78a8"), "unsearched": ("not searched", "#d0d0d0"), "exact": ("exact", "#2e7d32")}
"""How a move was estimated: its name in the legend and its bar colour (each its own colour)."""

RANKING_CSS = """
.pp-ranking { margin: 0 0 1rem 0; }
.pp-rank { display: flex; gap: 10px; padding: 6px 0; border-bottom: 1px solid #eee; }
.pp-rank-n { flex: 0 0 2rem; font-weight: 700; color: #555; text-align: right; }
.pp-rank-body { flex: 1 1 auto; min-width: 0; }
.pp-rank .pp-move { font-weight: 600; overflow-wrap: anywhere; }
.pp-rank-bar { display: flex; align-items: center; gap: 8px; margin: 3px 0; }
.pp-bar { position: relative; flex: 1 1 auto; height: 14px; background: #f0f0f0; border-radius: 3px; min-width: 0; }
.pp-bar-fill { position: absolute; left: 0; top: 0; bottom: 0; border-radius: 3px; }
.pp-bar-ci { position: absolute; top: 6px; height: 2px; background: #222; }
.pp-bar-ci::before, .pp-bar-ci::after { content: ""; position: absolute; top: -4px; width: 2px; height: 10px; background: #222; }
.pp-bar-ci::before { left: 0; } .pp-bar-ci::after { right: 0; }
.pp-win { flex: 0 0 3.2rem; text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
.pp-rank-facts { color: #555; font-size: 0.85rem; overflow-wrap: anywhere; }
.pp-legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 0.85rem; color: #555; margin: 4px 0 10px 0; }
.pp-legend span::before { content: ""; display: inline-block; width: 12px; height: 12px; border-radius: 2px;
                          margin-right: 5px; vertical-align: -1px; background: var(--c); }
"""


def kind_of(m: RankedMove) -> str:
    return "exact" if m.exact else ("search" if m.was_searched else "unsearched")


def _signed(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


def facts_words(m: RankedMove) -> str:
    """The numbers beside a move's bar, in words (the loss with its paired interval)."""
    if not m.was_searched:
        return "not searched: the analysis was stopped before its playouts"
    parts = [] if m.exact else [f"interval {m.win_interval[0]:.0%}–{m.win_interval[1]:.0%}"]
    parts += [f"circulation {m.expected_score:.1f}", f"margin {_signed(m.expected_margin)}"]
    if m.rank > 1:
        paired = "" if m.exact or m.loss_interval is None else (
            f" (paired 95%: {m.loss_interval[0]:.0%} to {m.loss_interval[1]:.0%})")
        parts.append(f"as good as the best within noise{paired}" if m.equal_to_best
                     else f"{m.loss:.0%} below the best{paired} and {m.points_loss:.1f} points")
    if m.exact:
        parts.append("exact: best play by everyone")
    else:
        parts.append(plural(m.playouts, "playout"))
    return " · ".join(parts)


def legend_html() -> str:
    return '<div class="pp-legend">' + "".join(
        f'<span style="--c:{colour}">{name}</span>' for name, colour in KINDS.values()) + (
        "<span style=\"--c:transparent\">black line: the 95% interval</span></div>")


def ranking_html(moves: Sequence[RankedMove]) -> str:
    """The moves, best first: rank, the move in words (class ``pp-move``), the bar, the win %, the facts."""
    rows = []
    for m in moves:
        colour = KINDS[kind_of(m)][1]
        win = m.win_probability
        low, high = m.win_interval if m.win_interval is not None else (0.0, 0.0)
        ci = "" if m.exact or win is None else (f'<span class="pp-bar-ci" style="left:{100 * low:.1f}%;'
                                                f'width:{100 * (high - low):.1f}%"></span>')
        rows.append(
            f'<div class="pp-rank" data-move="{escape(m.move)}"><div class="pp-rank-n">{m.rank}</div>'
            f'<div class="pp-rank-body"><div class="pp-move">{escape(move_words(m.move))}</div>'
            f'<div class="pp-rank-bar"><span class="pp-bar"><span class="pp-bar-fill" style="width:'
            f'{0 if win is None else 100 * win:.1f}%;background:{colour}"></span>{ci}</span>'
            f'<span class="pp-win">{"—" if win is None else f"{win:.0%}"}</span></div>'
            f'<div class="pp-rank-facts">{escape(facts_words(m))}</div></div></div>')
    return f'<div class="pp-ranking">{"".join(rows)}</div>'


_ROW = re.compile(r'<div class="pp-rank" data-move="([^"]*)"><div class="pp-rank-n">(\d+)</div>.*?'
                  r'<div class="pp-move">(.*?)</div>.*?<span class="pp-win">(.*?)</span>', re.S)


def ranking_rows(html: str) -> list[dict[str, str]]:
    """The rows of :func:`ranking_html` (for tests): notation, rank, the move as shown, the win %."""
    return [{"notation": unescape(n), "rank": r, "move": unescape(w), "win": win} for n, r, w, win in _ROW.findall(html)]
