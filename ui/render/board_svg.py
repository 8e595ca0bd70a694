"""The board drawn as SVG: five news-beat columns with stories and reporters, and the bonus track.

Pure presentation of an engine :class:`~pennypress.engine.State`: heights,
values, scoops and top beats are read from the state; nothing is computed
here but pixel positions. Reporters are chips in their newspaper's colour,
named by the newspaper where there is room; a legend under the board names
every newspaper.

>>> from pennypress.engine import new_game
>>> svg = board_svg(new_game(3, seed=4))
>>> svg.startswith("<svg") and "Politics" in svg and "The Herald" in svg
True
"""
from __future__ import annotations

from html import escape

from pennypress.engine import State
from pennypress.engine.game.tables import BONUS_MAX, BONUS_START, COLUMN_CAPACITY
from pennypress.solver import BEATS

from .styles import BEAT_STYLE, beat_short, paper_style
from .svg import svg_open, text
from .words import paper, paper_short

COL_W = 190
GAP = 14
SPACE_H = 40
HEAD = 92
LEFT = 10
CHIP_H = 20
BOARD_MIN_WIDTH = 720
"""Narrowest the board is shown (pixels) before it scrolls sideways: its text stays readable on a phone."""
BONUS_MIN_WIDTH = 560


def _chips(state: State, story, x: float, cy: float, room: float) -> list[str]:
    """Reporter chips for one story: ``Times ×2`` when they fit, else ``×2`` in the colour."""
    counts = state.reporters.get(story, [])
    chips = [(i, c) for i, c in enumerate(counts) if c]
    if not chips:
        return []
    named = [f"{paper_short(i)} ×{c}" for i, c in chips]
    widths = [10 + 6.0 * len(t) for t in named]
    if sum(widths) + 3 * (len(chips) - 1) > room:
        named = [f"×{c}" for _, c in chips]
        widths = [max(26.0, 10 + 6.0 * len(t)) for t in named]
    out = []
    for (i, _), label, w in zip(chips, named, widths):
        style = paper_style(i)
        out.append(
            f'<rect x="{x:.1f}" y="{cy - CHIP_H / 2}" width="{w:.1f}" height="{CHIP_H}" rx="10" '
            f'fill="{style.fill}" stroke="#333" stroke-width="1.2" class="reporters" data-player="{i}"/>'
            + text(x + w / 2, cy + 0.5, label, size=10.5, fill=style.text, weight="bold")
        )
        x += w + 3
    return out


def board_svg(state: State) -> str:
    """The five news beats: header (value, scoop, bonus, top beat), spaces, stories, reporters, markers."""
    n = state.n_players
    tops = state.top_beats()
    legend_y = HEAD + COLUMN_CAPACITY * SPACE_H + 22
    height = legend_y + 46
    width = LEFT * 2 + len(BEATS) * COL_W + (len(BEATS) - 1) * GAP
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
        parts.append(text(x0 + COL_W / 2, 22, b.title, size=14, fill=style.text, weight="bold"))
        parts.append(text(x0 + COL_W / 2, 44, f"value {state.beat_value(b)} · scoop {state.scoop_value(b)}",
                          size=13, fill=style.text))
        parts.append(text(x0 + COL_W / 2, 64, f"bonus {state.bonus[b]}" + ("   ★ TOP" if top else ""),
                          size=13, fill=style.text, weight="bold" if top else "normal"))
        for sp in range(COLUMN_CAPACITY):
            y = base - (sp + 1) * SPACE_H
            parts.append(
                f'<rect x="{x0}" y="{y}" width="{COL_W}" height="{SPACE_H}" fill="#f3efe3" stroke="#d8d0bb"/>'
            )
            parts.append(text(x0 + 10, y + SPACE_H / 2, str(sp + 1), size=10, fill="#a59c85"))
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
            parts.append(
                f'<rect x="{x0 + 18}" y="{y + 3}" width="{COL_W - 24}" height="{h - 6}" rx="6" fill="{style.fill}" '
                f'stroke="{style.stroke}" stroke-width="2" data-story="{escape(str(story))}"/>'
            )
            label = f"{story.shape.value} {'★' * story.stars}"
            if story.spaces == 1:
                parts.append(text(x0 + 26, y + SPACE_H / 2, label, size=13, fill=style.text, weight="bold", anchor="start"))
                cx, cy = x0 + 70, y + SPACE_H / 2
            else:
                parts.append(text(x0 + 26, y + 18, label, size=13, fill=style.text, weight="bold", anchor="start"))
                cx, cy = x0 + 26, y + h - 20
            parts.extend(_chips(state, story, cx, cy, x0 + COL_W - 10 - cx))
    parts.append(text(LEFT, legend_y, "Stories stack from the bottom; the dashed line is the arrow marker; "
                      "chips are reporters (Times ×2 = two of The Times' reporters).",
                      size=12, fill="#555", anchor="start"))
    x = LEFT
    for i in range(n):
        style = paper_style(i)
        label = paper(i)
        w = 18 + 7.2 * len(label)
        parts.append(
            f'<rect x="{x}" y="{legend_y + 14}" width="{w:.1f}" height="{CHIP_H}" rx="10" fill="{style.fill}" '
            f'stroke="#333" stroke-width="1.2"/>'
            + text(x + w / 2, legend_y + 24.5, label, size=12, fill=style.text, weight="bold")
        )
        x += w + 8
    parts.append("</svg>")
    return "".join(parts)


def bonus_track_svg(state: State) -> str:
    """The bonus track with the five beats' bonus markers; beats on the same value stack up."""
    step = 50
    values = list(range(BONUS_START, BONUS_MAX + 1))
    at: dict[int, list] = {}
    for b in BEATS:
        at.setdefault(state.bonus[b], []).append(b)
    rows = max(len(v) for v in at.values())
    width = 20 + len(values) * step
    height = 40 + rows * 22 + 6
    parts = [svg_open(width, height, "pennypress-bonus", "The bonus track"),
             f'<rect width="{width}" height="{height}" rx="6" fill="#fffdf7"/>']
    for k, v in enumerate(values):
        x = 10 + k * step
        parts.append(f'<rect x="{x}" y="6" width="{step - 4}" height="24" rx="4" fill="#efe9d8" stroke="#b9b09a"/>')
        parts.append(text(x + (step - 4) / 2, 18.5, str(v), size=12, fill="#333", weight="bold"))
        for r, b in enumerate(at.get(v, [])):
            style = BEAT_STYLE[b]
            cy = 40 + r * 22 + 8
            parts.append(f'<rect x="{x}" y="{cy - 9}" width="{step - 4}" height="18" rx="9" fill="{style.fill}" '
                         f'stroke="{style.stroke}"/>')
            parts.append(text(x + (step - 4) / 2, cy + 0.5, beat_short(b), size=10, fill=style.text, weight="bold"))
    parts.append("</svg>")
    return "".join(parts)
