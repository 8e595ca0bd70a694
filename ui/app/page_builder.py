"""Building a page by clicking the mat: pure steps on a list of placements (no Streamlit).

A click puts the chosen story's top-left corner on the clicked cell in the
chosen orientation (replacing where it was); the story can be taken off again.
Whether the result is legal is the checker's business: a story may run off
the page or overlap another here, and the checker says so.

>>> from pennypress.solver import make_problem
>>> p = make_problem([("politics", "A"), ("war", "D")], {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> page = place((), 1, 2, 0, (2, 3))
>>> page = place(page, 0, 0, 0, (1, 2))
>>> page = place(page, 0, 1, 0, (1, 2))      # moved: placed once, at its new cell
>>> page
(Placement(story=0, x=1, y=0, w=1, h=2), Placement(story=1, x=2, y=0, w=2, h=3))
>>> remove(page, 1)
(Placement(story=0, x=1, y=0, w=1, h=2),)
>>> [orientation_words(w, h) for w, h in p.stories[1].shape.orientations]
['upright: 2 wide, 3 tall', 'sideways: 3 wide, 2 tall']
>>> to_state(page) == [[0, 1, 0, 1, 2], [1, 2, 0, 2, 3]] and from_state(to_state(page)) == page
True
"""
from __future__ import annotations

from typing import Iterable, Sequence

from pennypress.solver import Placement, PressProblem, ProposedPage
from pennypress.ui.io.json_text import parse_json_text


def place(placements: Iterable[Placement], story: int, x: int, y: int, footprint: tuple[int, int]) -> tuple[Placement, ...]:
    """``placements`` with ``story`` (wherever it was, even twice) moved to ``(x, y)`` as ``footprint`` (w, h)."""
    w, h = footprint
    kept = [p for p in placements if p.story != story]
    return tuple(sorted([*kept, Placement(story, x, y, w, h)]))


def remove(placements: Iterable[Placement], story: int) -> tuple[Placement, ...]:
    """``placements`` without ``story``."""
    return tuple(p for p in placements if p.story != story)


def orientation_words(w: int, h: int) -> str:
    """A footprint in words: ``'upright: 1 wide, 2 tall'``, ``'sideways: 2 wide, 1 tall'``, ``'square: 2 × 2'``."""
    if w == h:
        return f"square: {w} × {h}"
    return f"{'upright' if h > w else 'sideways'}: {w} wide, {h} tall"


def to_state(placements: Sequence[Placement]) -> list[list[int]]:
    """Placements as plain lists for ``st.session_state``."""
    return [[p.story, p.x, p.y, p.w, p.h] for p in placements]


def from_state(rows: Sequence[Sequence[int]]) -> tuple[Placement, ...]:
    return tuple(Placement(*map(int, r)) for r in rows)


def parse_layout_text(text: str, problem: PressProblem) -> ProposedPage:
    """A pasted layout (``{"placements": [...], "exclusive": i}`` or a whole ``check`` document),
    kept exactly as given (a wrong size or a story placed twice is for the checker to report)."""
    doc = parse_json_text(text, "pasted layout")
    if isinstance(doc, dict) and "layout" in doc and "placements" not in doc:
        doc = doc["layout"]
    return ProposedPage.from_json(doc, problem)
