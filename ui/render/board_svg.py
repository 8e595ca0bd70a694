"""The board drawn as SVG: five news-beat columns with stories and reporters, and the bonus track.

Pure presentation of an engine :class:`~pennypress.engine.State`: heights,
values, scoops and top beats are read from the state; nothing is computed
here but pixel positions. Reporters are chips in their newspaper's colour
(:data:`~.styles.PAPER_STYLE`), named by the newspaper where there is room; a
legend under the board names every newspaper.

Two layouts of the same board: the five columns side by side (:func:`board_svg`,
for a wide screen) and the five beats one under the other (:func:`board_narrow_svg`,
for a phone). :func:`board_html` gives both and the page's CSS (:data:`BOARD_CSS`)
shows the one that fits the width it is given, so no number or chip is drawn
smaller than 12 px on either.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=4)
>>> svg = board_svg(s)
>>> svg.startswith("<svg") and "Politics" in svg and "The Herald" in svg
True
>>> html = board_html(s)
>>> html.count("<svg") == 2 and 'class="pp-board"' in html
True
>>> clickable = board_click_html(s)
>>> clickable.count('class="pp-story"') == 2 * sum(1 for _ in s.stories_in_play()) and html.count("pp-story") == 0
True
>>> highlight_stories('<rect stroke="#333" stroke-width="2" data-story="war:D:1"/>', {Story.parse("war:D:1"): "#c0392b"})
'<rect stroke="#c0392b" stroke-width="6" data-story="war:D:1"/>'
"""
from __future__ import annotations

import math
import re
from html import escape
from typing import Sequence

from pennypress.engine import State, Story
from pennypress.engine.game.names import story_name
from pennypress.engine.game.tables import BONUS_MAX, BONUS_START, COLUMN_CAPACITY
from pennypress.solver import BEATS

from .styles import BEAT_STYLE, beat_short, paper_style
from .svg import svg_open, text, wrap
from .words import paper, paper_short

MIN_PX = 12
"""No number or chip of the board is drawn smaller than this many CSS pixels."""
WIDE_TEXT = 14
"""The smallest font size of the wide layout (user units)."""
NARROW_TEXT = 13
"""The smallest font size of the phone layout, drawn 1:1 in a phone's column (at least 0.93 on a 360 px phone)."""
COL_W = 190
GAP = 14
SPACE_H = 40
HEAD = 92
LEFT = 10
CHIP_H = 22
CHIP_CHAR = 8.4
"""Width of a 14 px bold character on a chip, for sizing chips."""
NARROW_W = 350
"""Width of the phone layout (user units): drawn 1:1 in a phone's column (about 358 px at 390 px)."""
NARROW_SPACE = 36
WIDE_WIDTH = LEFT * 2 + 5 * COL_W + 4 * GAP
WIDE_FROM = math.ceil(WIDE_WIDTH * MIN_PX / WIDE_TEXT)
"""Below this column width (CSS pixels) the wide layout would draw text under :data:`MIN_PX`: the phone
layout is shown instead."""

BOARD_CSS = f"""
.pp-board {{ container-type: inline-size; width: 100%; }}
.pp-board > .pp-narrow {{ display: none; }}
@container (max-width: {WIDE_FROM - 1}px) {{
  .pp-board > .pp-wide {{ display: none; }}
  .pp-board > .pp-narrow {{ display: block; }}
}}
"""

ARROW = "#1f6feb"
"""The colour of a move's arrow on the board (blue, apart from the outlines' green, red and gold)."""

NOTE = ("Stories stack from the bottom; the dashed line is the arrow marker; chips are reporters "
        "(Times ×2 = two of The Times' reporters).")


def _chip(x: float, cy: float, player: int, label: str, w: float) -> str:
    style = paper_style(player)
    return (f'<rect x="{x:.1f}" y="{cy - CHIP_H / 2}" width="{w:.1f}" height="{CHIP_H}" rx="11" '
            f'fill="{style.fill}" stroke="#333" stroke-width="1.2" class="reporters" data-player="{player}"/>'
            + text(x + w / 2, cy + 0.5, label, size=WIDE_TEXT, fill=style.text, weight="bold"))


def _chip_labels(state: State, story, room: float) -> list[tuple[int, str, float]]:
    """``(player, label, width)`` of each chip of ``story``: ``Times ×2`` when they fit in ``room``, else ``×2``."""
    chips = [(i, c) for i, c in enumerate(state.reporters.get(story, [])) if c]
    named = [(i, f"{paper_short(i)} ×{c}") for i, c in chips]
    widths = [12 + CHIP_CHAR * len(t) for _, t in named]
    if sum(widths) + 3 * (len(chips) - 1) > room:
        named = [(i, f"×{c}") for i, c in chips]
        widths = [max(30.0, 12 + CHIP_CHAR * len(t)) for _, t in named]
    return [(i, t, w) for (i, t), w in zip(named, widths)]


def _chips(state: State, story, x: float, cy: float, room: float, right: bool = False) -> list[str]:
    """Reporter chips for one story from ``x`` (or ending at ``x`` with ``right``)."""
    chips = _chip_labels(state, story, room)
    if right:
        x -= sum(w for _, _, w in chips) + 3 * (len(chips) - 1)
    out = []
    for player, label, w in chips:
        out.append(_chip(x, cy, player, label, w))
        x += w + 3
    return out


def _legend_chips(n: int, x0: float, y: float, width: float) -> tuple[list[str], float]:
    """Every newspaper's chip, wrapped to ``width``; returns the parts and the y below them."""
    parts, x = [], x0
    for i in range(n):
        label = paper(i)
        w = 18 + CHIP_CHAR * len(label)
        if x + w > x0 + width and x > x0:
            x, y = x0, y + CHIP_H + 6
        style = paper_style(i)
        parts.append(
            f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{CHIP_H}" rx="11" fill="{style.fill}" '
            f'stroke="#333" stroke-width="1.2"/>'
            + text(x + w / 2, y + CHIP_H / 2 + 0.5, label, size=WIDE_TEXT, fill=style.text, weight="bold"))
        x += w + 8
    return parts, y + CHIP_H


def _story_rect(x: float, y: float, w: float, h: float, story, fill: str, stroke: str) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2" data-story="{escape(str(story))}"/>')


def _story_label(story) -> str:
    return f"{story.shape.value} {'★' * story.stars}"


def _header_lines(state: State, b) -> tuple[str, str]:
    return (f"value {state.beat_value(b)} · scoop {state.scoop_value(b)}", f"bonus {state.bonus[b]}")


def _group_open(story, clickable: bool) -> list[str]:
    """The start of a story's group, when the board is to be clicked: its notation id in ``data-story-id``."""
    if not clickable:
        return []
    return [f'<g class="pp-story" data-story-id="{escape(str(story))}" role="button" '
            f'aria-label="{escape(story_name(story))}">']


def board_svg(state: State, *, clickable: bool = False) -> str:
    """The five news beats side by side: header (value, scoop, bonus, top beat), spaces, stories, reporters, markers.

    ``clickable``: each story (its card, label and reporter chips) is a group ``<g class="pp-story"
    data-story-id="war:D:1">``, for a page that answers a click on it (:func:`board_click_html`)."""
    n = state.n_players
    tops = state.top_beats()
    width = LEFT * 2 + len(BEATS) * COL_W + (len(BEATS) - 1) * GAP
    legend_y = HEAD + COLUMN_CAPACITY * SPACE_H + 22
    note = wrap(NOTE, width - 2 * LEFT, char_w=7.4)
    chips, bottom = _legend_chips(n, LEFT, legend_y + 18 * len(note) - 4, width - 2 * LEFT)
    height = bottom + 10
    parts = [svg_open(width, height, "pennypress-board", "The board: news beats"),
             f'<rect width="{width}" height="{height}" fill="#fffdf7"/>']
    base = HEAD + COLUMN_CAPACITY * SPACE_H
    for k, b in enumerate(BEATS):
        style = BEAT_STYLE[b]
        x0 = LEFT + k * (COL_W + GAP)
        top = b in tops
        parts.append(
            f'<rect x="{x0}" y="6" width="{COL_W}" height="{HEAD - 14}" rx="8" fill="{style.fill}" '
            f'stroke="{"#f6c42b" if top else style.stroke}" stroke-width="{5 if top else 2}"/>'
        )
        parts.append(text(x0 + COL_W / 2, 22, b.title, size=15, fill=style.text, weight="bold"))
        values, bonus = _header_lines(state, b)
        parts.append(text(x0 + COL_W / 2, 44, values, size=WIDE_TEXT, fill=style.text))
        parts.append(text(x0 + COL_W / 2, 64, bonus + ("   ★ TOP" if top else ""),
                          size=WIDE_TEXT, fill=style.text, weight="bold" if top else "normal"))
        for sp in range(COLUMN_CAPACITY):
            y = base - (sp + 1) * SPACE_H
            parts.append(
                f'<rect x="{x0}" y="{y}" width="{COL_W}" height="{SPACE_H}" fill="#f3efe3" stroke="#d8d0bb"/>'
            )
            parts.append(text(x0 + 10, y + SPACE_H / 2, str(sp + 1), size=WIDE_TEXT, fill="#8f866f"))
        # the arrow marker: position p counts spaces from the bottom
        my = base - state.markers[b] * SPACE_H
        parts.append(
            f'<polygon points="{x0 + COL_W - 2},{my} {x0 + COL_W + 10},{my - 7} {x0 + COL_W + 10},{my + 7}" '
            f'fill="#111"/>'
            f'<line x1="{x0}" y1="{my}" x2="{x0 + COL_W}" y2="{my}" stroke="#111" stroke-width="2" '
            f'stroke-dasharray="6 3" class="marker"/>'
        )
        used = 0
        for story in state.columns[b]:
            h = story.spaces * SPACE_H
            y = base - used * SPACE_H - h
            used += story.spaces
            parts.extend(_group_open(story, clickable))
            parts.append(_story_rect(x0 + 20, y + 3, COL_W - 24, h - 6, story, style.fill, style.stroke))
            if story.spaces == 1:
                parts.append(text(x0 + 27, y + SPACE_H / 2, _story_label(story), size=WIDE_TEXT, fill=style.text,
                                  weight="bold", anchor="start"))
                cx, cy = x0 + 74, y + SPACE_H / 2
            else:
                parts.append(text(x0 + 27, y + 18, _story_label(story), size=WIDE_TEXT, fill=style.text,
                                  weight="bold", anchor="start"))
                cx, cy = x0 + 27, y + h - 20
            parts.extend(_chips(state, story, cx, cy, x0 + COL_W - 8 - cx))
            if clickable:
                parts.append("</g>")
    for i, line in enumerate(note):
        parts.append(text(LEFT, legend_y + 18 * i, line, size=WIDE_TEXT, fill="#555", anchor="start"))
    parts.extend(chips)
    parts.append("</svg>")
    return "".join(parts)


def board_narrow_svg(state: State, *, clickable: bool = False) -> str:
    """The same board for a phone: the five beats one under the other, each column drawn across the
    screen from its top story down (its spaces up to the one above the arrow marker), at 1:1 in a phone's column
    (``clickable``: as for :func:`board_svg`)."""
    n = state.n_players
    tops = state.top_beats()
    W, S, x0, x1 = NARROW_W, NARROW_SPACE, 4, NARROW_W - 12
    parts: list[str] = []
    y = 4
    for b in BEATS:
        style = BEAT_STYLE[b]
        top = b in tops
        parts.append(f'<rect x="{x0}" y="{y}" width="{x1 - x0}" height="46" rx="8" fill="{style.fill}" '
                     f'stroke="{"#f6c42b" if top else style.stroke}" stroke-width="{5 if top else 2}"/>')
        parts.append(text(x0 + 10, y + 15, b.title, size=15, fill=style.text, weight="bold", anchor="start"))
        if top:
            parts.append(text(x1 - 10, y + 15, "★ TOP", size=WIDE_TEXT, fill=style.text, weight="bold", anchor="end"))
        values, bonus = _header_lines(state, b)
        parts.append(text(x0 + 10, y + 34, f"{values} · {bonus}", size=WIDE_TEXT, fill=style.text, anchor="start"))
        y += 52
        used = sum(s.spaces for s in state.columns[b])
        shown = min(COLUMN_CAPACITY, max(used, state.markers[b]) + 1)  # and the space above, to show the marker
        if not state.columns[b] and state.markers[b] == 0:
            parts.append(text(x0 + 10, y + 10, "no story in play", size=NARROW_TEXT, fill="#8f866f", anchor="start"))
            y += 26
            continue
        base = y + shown * S
        for sp in range(shown):
            sy = base - (sp + 1) * S
            parts.append(f'<rect x="{x0}" y="{sy}" width="{x1 - x0}" height="{S}" fill="#f3efe3" stroke="#d8d0bb"/>')
            parts.append(text(x0 + 8, sy + S / 2, str(sp + 1), size=NARROW_TEXT, fill="#8f866f", anchor="start"))
        stacked = 0
        for story in state.columns[b]:
            h = story.spaces * S
            sy = base - stacked * S - h
            stacked += story.spaces
            parts.extend(_group_open(story, clickable))
            parts.append(_story_rect(x0 + 26, sy + 3, x1 - x0 - 30, h - 6, story, style.fill, style.stroke))
            label_x = x0 + 34
            parts.append(text(label_x, sy + (S / 2 if story.spaces == 1 else 17), _story_label(story),
                              size=WIDE_TEXT, fill=style.text, weight="bold", anchor="start"))
            if story.spaces == 1:
                parts.extend(_chips(state, story, x1 - 8, sy + S / 2, x1 - 8 - (label_x + 52), right=True))
            else:
                parts.extend(_chips(state, story, label_x, sy + h - 19, x1 - 8 - label_x))
            if clickable:
                parts.append("</g>")
        my = base - state.markers[b] * S
        parts.append(f'<polygon points="{x1 - 1},{my} {x1 + 10},{my - 7} {x1 + 10},{my + 7}" fill="#111"/>'
                     f'<line x1="{x0}" y1="{my}" x2="{x1}" y2="{my}" stroke="#111" stroke-width="2" '
                     f'stroke-dasharray="6 3" class="marker"/>')
        y = base + 12
    note = wrap(NOTE, W - 8, char_w=6.9)
    for i, line in enumerate(note):
        parts.append(text(x0, y + 8 + 18 * i, line, size=NARROW_TEXT, fill="#555", anchor="start"))
    chips, bottom = _legend_chips(n, x0, y + 18 * len(note) + 4, W - 8)
    parts.extend(chips)
    height = bottom + 8
    return "".join([svg_open(W, height, "pennypress-board pennypress-board-narrow", "The board: news beats"),
                    f'<rect width="{W}" height="{height}" fill="#fffdf7"/>', *parts, "</svg>"])


def highlight_stories(svg: str, marks: dict[Story, str]) -> str:
    """A board drawing with the outline of each marked story thickened in its colour."""
    for story, colour in marks.items():
        pattern = re.compile(r'stroke="[^"]*" stroke-width="[^"]*" (data-story="' + re.escape(escape(str(story))) + '")')
        svg = pattern.sub(lambda m: f'stroke="{colour}" stroke-width="6" {m.group(1)}', svg)
    return svg


_RECT = re.compile(r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*data-story="([^"]+)"')


def story_centres(svg: str) -> dict[str, tuple[float, float]]:
    """The centre of each story's card in a board drawing, by its notation id.

    >>> story_centres('<rect x="10" y="20" width="100" height="40" rx="6" data-story="war:D:1"/>')
    {'war:D:1': (60.0, 40.0)}
    """
    return {m.group(5): (float(m.group(1)) + float(m.group(3)) / 2, float(m.group(2)) + float(m.group(4)) / 2)
            for m in _RECT.finditer(svg)}


def draw_arrow(svg: str, source: Story, target: Story, colour: str = ARROW) -> str:
    """A board drawing with an arrow from ``source``'s card to ``target``'s (a move of reporters, the way
    Lichess draws the best move), over everything else; unchanged when either story is not on the board.

    >>> board = ('<svg><rect x="0" y="0" width="100" height="40" data-story="war:D:1"/>'
    ...          '<rect x="0" y="200" width="100" height="40" data-story="war:A:1"/></svg>')
    >>> drawn = draw_arrow(board, Story.parse("war:D:1"), Story.parse("war:A:1"))
    >>> drawn.count('class="pp-arrow"'), drawn.endswith("</g></svg>")
    (1, True)
    >>> draw_arrow(board, Story.parse("war:D:1"), Story.parse("crime:A:1")) == board
    True
    """
    centres = story_centres(svg)
    a, b = centres.get(escape(str(source))), centres.get(escape(str(target)))
    if a is None or b is None or a == b:
        return svg
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 22.0, 13.0
    bx, by = x2 - ux * head, y2 - uy * head  # the base of the head; the shaft stops there
    points = f"{x2:.1f},{y2:.1f} {bx - uy * half:.1f},{by + ux * half:.1f} {bx + uy * half:.1f},{by - ux * half:.1f}"
    arrow = (f'<g class="pp-arrow" opacity="0.8" pointer-events="none">'
             f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{colour}" stroke-width="9" '
             f'stroke-linecap="round"/><polygon points="{points}" fill="{colour}"/></g>')
    end = svg.rfind("</svg>")
    return svg[:end] + arrow + svg[end:]


def switch_html(wide: str, narrow: str, cls: str = "pp-board") -> str:
    """Two drawings of one thing; :data:`BOARD_CSS` shows the one that fits the column."""
    return f'<div class="{cls}"><div class="pp-wide">{wide}</div><div class="pp-narrow">{narrow}</div></div>'


Arrow = tuple[Story, Story, str]
"""A move of reporters drawn on the board: ``(source, target, colour)``."""


def _marked(wide: str, narrow: str, marks: dict[Story, str] | None, arrows: Sequence[Arrow]) -> str:
    """Both layouts of a board with ``marks`` outlined and ``arrows`` drawn, as :func:`switch_html` shows them."""
    if marks:
        wide, narrow = highlight_stories(wide, marks), highlight_stories(narrow, marks)
    for source, target, ink in arrows:
        wide, narrow = draw_arrow(wide, source, target, ink), draw_arrow(narrow, source, target, ink)
    return switch_html(wide, narrow)


def board_html(state: State, marks: dict[Story, str] | None = None, arrows: Sequence[Arrow] = ()) -> str:
    """The board in both layouts (the stories in ``marks`` outlined in their colour; each of ``arrows`` a
    move of reporters drawn from its source to its target in its colour)."""
    return _marked(board_svg(state), board_narrow_svg(state), marks, arrows)


def board_click_html(state: State, marks: dict[Story, str] | None = None, arrows: Sequence[Arrow] = ()) -> str:
    """The board in both layouts (as :func:`board_html`) with every story a clickable group carrying its
    notation id (``data-story-id``), for the board a person plays on by clicking (the arrows let clicks
    through)."""
    return _marked(board_svg(state, clickable=True), board_narrow_svg(state, clickable=True), marks, arrows)


def bonus_track_svg(state: State, per_row: int = 10) -> str:
    """The bonus track with the five beats' bonus markers, ``per_row`` values a row; beats on one value stack up."""
    step = 66
    values = list(range(BONUS_START, BONUS_MAX + 1))
    at: dict[int, list] = {}
    for b in BEATS:
        at.setdefault(state.bonus[b], []).append(b)
    rows = [values[i:i + per_row] for i in range(0, len(values), per_row)]
    heights = [30 + max(len(at.get(v, [])) for v in row) * 24 + 10 for row in rows]
    width = 12 + min(per_row, len(values)) * step
    height = sum(heights) + 6
    parts = [svg_open(width, height, "pennypress-bonus", "The bonus track"),
             f'<rect width="{width}" height="{height}" rx="6" fill="#fffdf7"/>']
    y0 = 6
    for row, h in zip(rows, heights):
        for k, v in enumerate(row):
            x = 6 + k * step
            parts.append(f'<rect x="{x}" y="{y0}" width="{step - 4}" height="26" rx="4" fill="#efe9d8" stroke="#b9b09a"/>')
            parts.append(text(x + (step - 4) / 2, y0 + 13.5, str(v), size=WIDE_TEXT, fill="#333", weight="bold"))
            for r, b in enumerate(at.get(v, [])):
                style = BEAT_STYLE[b]
                cy = y0 + 30 + r * 24 + 11
                parts.append(f'<rect x="{x}" y="{cy - 10}" width="{step - 4}" height="20" rx="10" fill="{style.fill}" '
                             f'stroke="{style.stroke}"/>')
                parts.append(text(x + (step - 4) / 2, cy + 0.5, beat_short(b), size=NARROW_TEXT, fill=style.text,
                                  weight="bold"))
        y0 += h
    parts.append("</svg>")
    return "".join(parts)


def bonus_track_html(state: State) -> str:
    """The bonus track in two layouts: ten values a row, or five on a phone."""
    return switch_html(bonus_track_svg(state, 10), bonus_track_svg(state, 5))
