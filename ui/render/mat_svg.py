"""A newspaper's player mat as SVG: the 4×3 front page with its printed penalties and the ad,
the pennies beside the rows they put the ad in, circulation, stars per beat, published stories.

Pure presentation of an engine :class:`~pennypress.engine.State`; the penny
spaces follow the engine's ad-row table (:func:`~pennypress.engine.game.tables.ad_row`).

>>> from pennypress.ui.io.example_files import load, position_examples
>>> from pennypress.engine import State
>>> s = State.from_json(load(position_examples()["when-not-to-press"]))
>>> svg = mat_svg(s, 2)
>>> "The Herald" in svg and svg.count('class="penny"') == 2 and 'class="ad"' in svg
True
>>> svg.count('class="published"') == len(s.players[2].published)
True
>>> svg.count('class="home-reporter"') == s.players[2].home and f"{s.players[2].home} at home" in svg
True
"""
from __future__ import annotations

from typing import Iterable, Sequence

from pennypress.engine import State
from pennypress.engine.game.stories import Story
from pennypress.engine.game.tables import REPORTERS, ad_row
from pennypress.solver import BEATS, COLUMNS, ROWS, cell_penalty

from .page_svg import minus
from .styles import AD_FILL, AD_STROKE, BEAT_STYLE, EMPTY_FILL, EMPTY_STROKE, PENALTY_TEXT, PENNY_FILL, PENNY_STROKE, paper_style
from .svg import svg_open, text
from .words import paper, story_words

WIDTH = 372
CELL = 54
PAGE_X = 14
PAGE_Y = 104
HOME_Y = 54
"""The row of reporters at home, under the mat's title."""
HOME_STEP = 19
PENNY_X = PAGE_X + COLUMNS * CELL + 24
STARS_X = PENNY_X + 30
PILL_H = 24
TEXT = 14
"""The smallest text on a mat: a phone shows a mat at 0.87 of its width or more (in an expander), still 12 px."""
PILL_CHAR = 8.2
"""Width of a 14 px bold character in a published-story pill."""


def _penny_slots(presses: int) -> list[float]:
    """The y centre of each penny space, first penny first: beside the row its ad goes in,
    and above the page for a penny that places no ad (the final-edition press)."""
    ys, above = [], 0
    for k in range(1, presses + 1):
        try:
            ys.append(PAGE_Y + ad_row(k) * CELL + CELL / 2)
        except ValueError:
            ys.append(PAGE_Y - 17 - 28 * above)  # above the top row
            above += 1
    return ys


def home_row(state: State, player: int, x0: float = PAGE_X, y: float = HOME_Y) -> list[str]:
    """The reporters ``player`` has at home, drawn as chips in the newspaper's colour (those on the board
    as dashed spaces), and both numbers in words."""
    style = paper_style(player)
    home = state.players[player].home
    parts = []
    for k in range(max(home, 0)):
        parts.append(f'<circle cx="{x0 + 8 + k * HOME_STEP}" cy="{y}" r="8" fill="{style.fill}" stroke="#333" '
                     f'stroke-width="1.2" class="home-reporter"/>')
    away = state.on_board(player)
    for k in range(home, home + away):
        parts.append(f'<circle cx="{x0 + 8 + k * HOME_STEP}" cy="{y}" r="7" fill="none" stroke="#8f866f" '
                     f'stroke-dasharray="3 2" class="away-reporter"/>')
    said = f"{home} at home" + (f" · {away} on the board" if away else "")
    tx = x0 + 4 + max(home + away, REPORTERS) * HOME_STEP
    parts.append(text(tx, y + 0.5, said, size=TEXT, anchor="start", fill="#222", weight="bold"))
    return parts


def mat_svg(state: State, player: int, *, to_move: bool = False) -> str:
    """Player ``player``'s mat, named by their newspaper, with the reporters it has at home."""
    p = state.players[player]
    style = paper_style(player)
    pills, row = _pill_places(p.published)
    pills_top = PAGE_Y + ROWS * CELL + 34
    height = pills_top + (row + 1 if pills else 1) * (PILL_H + 6) + 8

    status = []
    if to_move:
        status.append("to move")
    if state.newsboy == player:
        status.append("holds the newsboy")
    if p.done:
        status.append("finished")
    parts = [
        svg_open(WIDTH, height, "pennypress-mat", f"The mat of {paper(player)}"),
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2}" rx="10" fill="#fbf8ef" '
        f'stroke="{style.stroke}" stroke-width="2"/>',
        f'<rect x="1" y="1" width="{WIDTH - 2}" height="34" rx="10" fill="{style.fill}" stroke="{style.stroke}" stroke-width="2"/>',
        text(14, 18, paper(player), size=16, weight="bold", anchor="start", fill=style.text),
        text(WIDTH - 14, 18, f"circulation {p.circulation}", size=14, weight="bold", anchor="end", fill=style.text),
        text(PAGE_X, PAGE_Y - 12, "▲ top edge" + (f"   ·   {', '.join(status)}" if status else ""), size=TEXT,
             anchor="start", fill="#333", weight="bold"),
        *home_row(state, player),
    ]
    parts += _page_cells(p.ad)
    parts.append(f'<line x1="{PAGE_X}" y1="{PAGE_Y}" x2="{PAGE_X + COLUMNS * CELL}" y2="{PAGE_Y}" '
                 f'stroke="#111" stroke-width="4"/>')
    parts += _pennies(state.definition.final_edition_presses, p.pennies)
    # stars published per beat (what the end bonuses compare)
    parts.append(text(STARS_X, PAGE_Y + 4, "stars", size=TEXT, fill="#555", anchor="start"))
    for k, b in enumerate(BEATS):
        yy = PAGE_Y + 22 + k * 29
        st = BEAT_STYLE[b]
        parts.append(f'<rect x="{STARS_X}" y="{yy - 10}" width="20" height="20" rx="4" fill="{st.fill}" stroke="{st.stroke}"/>')
        parts.append(text(STARS_X + 26, yy, f"{p.stars(b)} ★", size=TEXT, anchor="start", weight="bold", fill="#222"))
    # published stories
    parts.append(text(PAGE_X, pills_top - 10, f"published ({len(p.published)})" if pills else "nothing published yet",
                      size=TEXT, fill="#555", anchor="start"))
    for px, r, label, s in pills:
        st = BEAT_STYLE[s.beat]
        w = 16 + PILL_CHAR * len(label)
        py = pills_top + r * (PILL_H + 6)
        parts.append(
            f'<rect x="{px:.1f}" y="{py}" width="{w:.1f}" height="{PILL_H}" rx="6" fill="{st.fill}" stroke="{st.stroke}" '
            f'class="published"/>' + text(px + w / 2, py + PILL_H / 2 + 0.5, label, size=TEXT, fill=st.text, weight="bold")
        )
    parts.append("</svg>")
    return "".join(parts)


def _pill_places(published: Iterable[Story]) -> tuple[list[tuple[float, int, str, Story]], int]:
    """The published stories as pills wrapped to the mat's width, in their order: each pill's ``(x, row,
    label, story)``, and the last row."""
    pills: list[tuple[float, int, str, Story]] = []
    x, row = PAGE_X, 0
    for s in sorted(published, key=lambda s: s.sort_key()):
        label = story_words(s)
        w = 16 + PILL_CHAR * len(label)
        if x + w > WIDTH - 10 and x > PAGE_X:
            x, row = PAGE_X, row + 1
        pills.append((x, row, label, s))
        x += w + 6
    return pills, row


def _page_cells(ad: Sequence[int] | None) -> list[str]:
    """The mat's front page: each cell with its printed penalty, or the ad where it stands."""
    parts = []
    for y in range(ROWS):
        for x_ in range(COLUMNS):
            cx, cy = PAGE_X + x_ * CELL, PAGE_Y + y * CELL
            if ad is not None and tuple(ad) == (x_, y):
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="{AD_FILL}" '
                    f'stroke="{AD_STROKE}" stroke-width="2" class="ad"/>'
                    + text(cx + CELL / 2, cy + CELL / 2, "AD", size=15, fill="#fff", weight="bold")
                )
            else:
                parts.append(
                    f'<rect x="{cx + 2}" y="{cy + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="4" fill="{EMPTY_FILL}" '
                    f'stroke="{EMPTY_STROKE}" class="cell"/>'
                    + text(cx + CELL / 2, cy + CELL / 2, minus(cell_penalty(x_, y)), size=16, fill=PENALTY_TEXT,
                           weight="bold")
                )
    return parts


def _pennies(presses: int, pennies: int) -> list[str]:
    """The pennies: one space per press up to the final edition's (``presses``), the first ``pennies`` filled,
    bottom-up."""
    parts = [text(PENNY_X, PAGE_Y + ROWS * CELL + 14, "pennies", size=TEXT, fill="#555")]
    for k, cy in enumerate(_penny_slots(presses), 1):
        if k <= pennies:
            parts.append(
                f'<circle cx="{PENNY_X}" cy="{cy:.1f}" r="13" fill="{PENNY_FILL}" stroke="{PENNY_STROKE}" '
                f'stroke-width="2" class="penny"/>' + text(PENNY_X, cy + 0.5, str(k), size=TEXT, fill="#fff", weight="bold")
            )
        else:
            parts.append(
                f'<circle cx="{PENNY_X}" cy="{cy:.1f}" r="13" fill="none" stroke="#b9b09a" stroke-dasharray="3 2" '
                f'class="penny-space"/>' + text(PENNY_X, cy + 0.5, str(k), size=TEXT, fill="#8f866f")
            )
    return parts
