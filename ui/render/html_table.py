"""Read-only tables as HTML that never cuts text off: rows wrap at any width, and on a phone each
row becomes a card of "label: value" lines (:data:`TABLE_CSS`), so no table is wider than the screen.

The columns named in ``moves`` hold moves in the engine's notation: each cell shows the move as
:func:`pennypress.engine.game.words.move_words` says it -- the one wording -- with the class ``pp-move`` and
the notation in ``data-move`` (so a browser test can check every move text shown against it).

>>> import pandas as pd
>>> html = table_html(pd.DataFrame([{"Move": "press", "Win": "38%"}]), moves=("Move",), numbers=("Win",))
>>> '<td data-label="Move" class="pp-move" data-move="press">Go to press</td>' in html
True
>>> '<td data-label="Win" class="pp-num">38%</td>' in html
True
>>> table_rows(html)
[{'Move': 'Go to press', 'Win': '38%'}]
"""
from __future__ import annotations

import re
from html import escape, unescape
from typing import Iterable

import pandas as pd

from pennypress.engine.game.words import move_words

TABLE_CSS = """
.pp-table { width: 100%; margin: 0 0 1rem 0; }
.pp-table table { width: 100%; border-collapse: collapse; font-size: 0.92rem; }
.pp-table th { text-align: left; font-weight: 600; color: #444; border-bottom: 2px solid #ddd; padding: 6px 8px; }
.pp-table td { border-bottom: 1px solid #eee; padding: 6px 8px; vertical-align: top; overflow-wrap: break-word; }
.pp-table .pp-num { text-align: right; white-space: nowrap; }
.pp-table tr.pp-em td { font-weight: 600; }
@media (max-width: 640px) {
  .pp-table thead { display: none; }
  .pp-table table, .pp-table tbody, .pp-table tr, .pp-table td { display: block; width: 100%; }
  .pp-table tr { border: 1px solid #e3e3e3; border-radius: 8px; margin-bottom: 8px; padding: 4px 10px; }
  .pp-table td { display: flex; justify-content: space-between; gap: 12px; border: none; padding: 3px 0;
                 text-align: right; white-space: normal; }
  .pp-table td::before { content: attr(data-label); font-weight: 600; color: #555; text-align: left;
                         flex: 0 0 auto; max-width: 45%; }
  .pp-table td.pp-move { display: block; text-align: left; font-weight: 600; }
  .pp-table td.pp-move::before { display: block; font-weight: 400; font-size: 0.8rem; }
}
"""


def _cell(value) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    return escape(str(value))


def table_html(df: pd.DataFrame, *, moves: Iterable[str] = (), numbers: Iterable[str] = (),
               emphasis: Iterable[int] = (), title: str | None = None) -> str:
    """``df`` as a responsive table: ``moves`` columns hold moves in notation (shown in words), ``numbers``
    columns are right-aligned, the rows whose positions are in ``emphasis`` are bold (the newspaper reviewed)."""
    moves, numbers, emphasis = set(moves), set(numbers), set(emphasis)
    head = "".join(f'<th class="pp-num">{escape(str(c))}</th>' if c in numbers else f"<th>{escape(str(c))}</th>"
                   for c in df.columns)
    rows = []
    for k, (_, row) in enumerate(df.iterrows()):
        cells = []
        for c in df.columns:
            label = escape(str(c))
            if c in moves and _cell(row[c]):
                cells.append(f'<td data-label="{label}" class="pp-move" data-move="{escape(str(row[c]))}">'
                             f"{escape(move_words(row[c]))}</td>")
                continue
            attr = ' class="pp-num"' if c in numbers else ""
            cells.append(f'<td data-label="{label}"{attr}>{_cell(row[c])}</td>')
        em = ' class="pp-em"' if k in emphasis else ""
        rows.append(f"<tr{em}>{''.join(cells)}</tr>")
    caption = f"<caption>{escape(title)}</caption>" if title else ""
    return (f'<div class="pp-table"><table>{caption}<thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


_ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
_TD = re.compile(r'<td data-label="([^"]*)"[^>]*>(.*?)</td>', re.S)


def table_rows(html: str) -> list[dict[str, str]]:
    """The body rows of tables made by :func:`table_html` (for tests and checks): ``label -> text``."""
    out = []
    for row in _ROW.findall(html):
        cells = _TD.findall(row)
        if cells:
            out.append({unescape(k): unescape(re.sub(r"<[^>]+>", "", v)) for k, v in cells})
    return out
