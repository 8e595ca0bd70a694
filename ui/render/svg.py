"""SVG building blocks: text, badges, word wrap, the opening tag.

>>> text(10, 20, "War & peace")
'<text x="10.0" y="20.0" font-size="13" font-weight="normal" fill="#1b1b1b" text-anchor="middle" dominant-baseline="middle">War &amp; peace</text>'
>>> wrap("Crime & Calamity", 70)
['Crime &', 'Calamity']
"""
from __future__ import annotations

from html import escape

CHAR_W = 8.2
"""Average width of a 13 px bold character, for wrapping."""


def wrap(s: str, width_px: float, char_w: float = CHAR_W) -> list[str]:
    """Greedy word wrap to a pixel width."""
    limit = max(4, int(width_px / char_w))
    lines: list[str] = []
    for word in s.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def text(x: float, y: float, s: str, size: float = 13, fill: str = "#1b1b1b", weight: str = "normal",
         anchor: str = "middle", cls: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="{anchor}" dominant-baseline="middle"{c}>{escape(s)}</text>'
    )


def badge(cx: float, cy: float, label: str, fill: str, text_fill: str, stroke: str, size: float = 11) -> str:
    """A rounded label centred on ``(cx, cy)``."""
    w = 9 + len(label) * size * 0.6
    h = size + 7
    return (
        f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:g}" rx="{h / 2:g}" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
        + text(cx, cy + 0.5, label, size=size, fill=text_fill, weight="bold")
    )


def svg_open(width: float, height: float, cls: str, title: str) -> str:
    """The opening tag (scales down with its column, never up) and the title."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:{width:.0f}px;height:auto" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica, Arial, sans-serif" role="img" '
        f'class="{cls}"><title>{escape(title)}</title>'
    )
