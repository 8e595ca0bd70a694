"""The board drawn as an SVG: five news-beat columns, stories bottom to top, reporters, markers.

Pure presentation of an engine :class:`~pennypress.engine.State`: heights,
values, scoops and top beats are read from the state; nothing is computed
here but pixel positions.

>>> from pennypress.engine import new_game
>>> svg = board_svg(new_game(3, seed=4))
>>> svg.startswith("<svg") and "Politics" in svg
True
"""
from __future__ import annotations

from html import escape

from pennypress.engine import State
from pennypress.engine.tables import COLUMN_CAPACITY
from pennypress.solver import BEATS

from .page_svg import BEAT_STYLE, _text

PLAYER_COLOURS = ["#f6c42b", "#8ecae6", "#222222", "#f4f4f4", "#ff70a6"]
PLAYER_TEXT = ["#1b1b1b", "#1b1b1b", "#ffffff", "#1b1b1b", "#1b1b1b"]

COL_W = 176
GAP = 14
SPACE_H = 40
HEAD = 92
LEFT = 10


def player_chip(i: int) -> str:
    """An inline HTML chip in the player's colour (for captions)."""
    return (
        f'<span style="background:{PLAYER_COLOURS[i % 5]};color:{PLAYER_TEXT[i % 5]};border:1px solid #555;'
        f'border-radius:8px;padding:0 6px;font-weight:600">Player {i}</span>'
    )


def board_svg(state: State) -> str:
    n = state.n_players
    tops = state.top_beats()
    height = HEAD + COLUMN_CAPACITY * SPACE_H + 40
    width = LEFT * 2 + len(BEATS) * COL_W + (len(BEATS) - 1) * GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px;height:auto" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" role="img" class="pennypress-board">',
        "<title>The board: news beats</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
    ]
    base = HEAD + COLUMN_CAPACITY * SPACE_H
    for k, b in enumerate(BEATS):
        style = BEAT_STYLE[b]
        x0 = LEFT + k * (COL_W + GAP)
        top = b in tops
        # header: name, value, scoop, bonus
        parts.append(
            f'<rect x="{x0}" y="6" width="{COL_W}" height="{HEAD - 14}" rx="8" fill="{style.fill}" '
            f'stroke="{"#f6c42b" if top else style.stroke}" stroke-width="{5 if top else 2}"/>'
        )
        parts.append(_text(x0 + COL_W / 2, 22, b.title, size=14, fill=style.text, weight="bold"))
        parts.append(_text(x0 + COL_W / 2, 44, f"value {state.beat_value(b)} · scoop {state.scoop_value(b)}",
                           size=13, fill=style.text))
        parts.append(_text(x0 + COL_W / 2, 64, f"bonus {state.bonus[b]}" + ("   ★ TOP" if top else ""),
                           size=13, fill=style.text, weight="bold" if top else "normal"))
        # the column's 9 spaces
        for sp in range(COLUMN_CAPACITY):
            y = base - (sp + 1) * SPACE_H
            parts.append(
                f'<rect x="{x0}" y="{y}" width="{COL_W}" height="{SPACE_H}" fill="#f3efe3" stroke="#d8d0bb"/>'
            )
            parts.append(_text(x0 + 10, y + SPACE_H / 2, str(sp + 1), size=10, fill="#a59c85"))
        # the arrow marker: position p counts spaces from the bottom
        p = state.markers[b]
        my = base - p * SPACE_H
        parts.append(
            f'<polygon points="{x0 + COL_W - 2},{my} {x0 + COL_W + 10},{my - 7} {x0 + COL_W + 10},{my + 7}" '
            f'fill="#111"/>'
        )
        parts.append(
            f'<line x1="{x0}" y1="{my}" x2="{x0 + COL_W}" y2="{my}" stroke="#111" stroke-width="2" stroke-dasharray="6 3"/>'
        )
        # stories, bottom to top
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
            counts = state.reporters.get(story, [0] * n)
            chips = [(i, c) for i, c in enumerate(counts) if c]
            if story.spaces == 1:
                parts.append(_text(x0 + 26, y + SPACE_H / 2, label, size=13, fill=style.text, weight="bold", anchor="start"))
                cx = x0 + 74
                cy = y + SPACE_H / 2
            else:
                parts.append(_text(x0 + 26, y + 18, label, size=13, fill=style.text, weight="bold", anchor="start"))
                cx = x0 + 26
                cy = y + h - 20
            room = x0 + COL_W - 10 - cx
            chip_w = min(44.0, (room - 3 * (len(chips) - 1)) / max(1, len(chips)))
            for i, c in chips:
                text = f"P{i}×{c}" if chip_w >= 40 else f"{i}×{c}"
                parts.append(
                    f'<rect x="{cx:.1f}" y="{cy - 10}" width="{chip_w:.1f}" height="20" rx="10" '
                    f'fill="{PLAYER_COLOURS[i % 5]}" stroke="#333" stroke-width="1.2"/>'
                    + _text(cx + chip_w / 2, cy + 0.5, text, size=11, fill=PLAYER_TEXT[i % 5], weight="bold")
                )
                cx += chip_w + 3
    parts.append(_text(LEFT, height - 16, "Stories stack from the bottom; chips show each player's reporters "
                       "(P0×2 = two of Player 0's); the dashed line is the arrow marker.",
                       size=12, fill="#555", anchor="start"))
    parts.append("</svg>")
    return "".join(parts)


def mat_svg(state: State, player: int) -> str:
    """A player's mat in small: the 4×3 page with the ad, pennies, circulation, stars per beat."""
    from pennypress.solver import COLUMNS, ROWS

    from .page_svg import AD_FILL

    p = state.players[player]
    cell = 26
    width, height = 250, max(30 + ROWS * cell + 8, 30 + 5 * 15 + 4)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px;height:auto" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" role="img" class="pennypress-mat">',
        f"<title>Player {player}'s mat</title>",
        f'<rect width="{width}" height="{height}" rx="8" fill="#fbf8ef" stroke="{PLAYER_COLOURS[player % 5]}" stroke-width="4"/>',
        _text(10, 16, f"Player {player}", size=13, weight="bold", anchor="start"),
        _text(width - 10, 16, f"circulation {p.circulation} · pennies {p.pennies}", size=11, anchor="end", fill="#333"),
    ]
    for y in range(ROWS):
        for x in range(COLUMNS):
            ad = p.ad is not None and tuple(p.ad) == (x, y)
            parts.append(
                f'<rect x="{10 + x * cell}" y="{28 + y * cell}" width="{cell - 2}" height="{cell - 2}" rx="3" '
                f'fill="{AD_FILL if ad else "#efe9d8"}" stroke="#b9b09a"/>'
            )
            if ad:
                parts.append(_text(10 + x * cell + (cell - 2) / 2, 28 + y * cell + (cell - 2) / 2, "AD", size=10,
                                   fill="#fff", weight="bold"))
    bx = 10 + COLUMNS * cell + 12
    for k, b in enumerate(BEATS):
        yy = 30 + k * 15
        parts.append(f'<rect x="{bx}" y="{yy}" width="10" height="10" rx="2" fill="{BEAT_STYLE[b].fill}"/>')
        parts.append(_text(bx + 14, yy + 5.5, f"{b.title}: {p.stars(b)}★", size=10, anchor="start", fill="#333"))
    parts.append("</svg>")
    return "".join(parts)


def bonus_track_svg(state: State) -> str:
    """The bonus track (2..20) with the five beats' bonus markers; beats on the same value stack up."""
    from pennypress.engine.tables import BONUS_MAX, BONUS_START

    step = 50
    short = {"war": "War", "crime": "Crime", "politics": "Politics", "city": "NYC", "human": "Human"}
    values = list(range(BONUS_START, BONUS_MAX + 1))
    at: dict[int, list] = {}
    for b in BEATS:
        at.setdefault(state.bonus[b], []).append(b)
    rows = max(len(v) for v in at.values())
    width = 20 + len(values) * step
    height = 40 + rows * 22 + 6
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width}px;height:auto" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" role="img" class="pennypress-bonus">',
        "<title>The bonus track</title>",
        f'<rect width="{width}" height="{height}" rx="6" fill="#fffdf7"/>',
    ]
    for k, v in enumerate(values):
        x = 10 + k * step
        parts.append(f'<rect x="{x}" y="6" width="{step - 4}" height="24" rx="4" fill="#efe9d8" stroke="#b9b09a"/>')
        parts.append(_text(x + (step - 4) / 2, 18.5, str(v), size=12, fill="#333", weight="bold"))
        for r, b in enumerate(at.get(v, [])):
            style = BEAT_STYLE[b]
            cy = 40 + r * 22 + 8
            parts.append(f'<rect x="{x}" y="{cy - 9}" width="{step - 4}" height="18" rx="9" fill="{style.fill}" '
                         f'stroke="{style.stroke}"/>')
            parts.append(_text(x + (step - 4) / 2, cy + 0.5, short[b.value], size=10, fill=style.text,
                               weight="bold"))
    parts.append("</svg>")
    return "".join(parts)
