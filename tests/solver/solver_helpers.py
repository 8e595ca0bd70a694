"""Helpers for the solver tests: translating between solver objects and the enumerator's plain data.

(A plain module rather than ``conftest.py``: other test folders may have their
own conftest, and ``import conftest`` would be ambiguous.)
"""
from __future__ import annotations

import json

from pennypress.solver import PressProblem

VALUES_12 = {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}
"""Beat values of the rulebook's scoring example (p. 9): Politics 4 is the top beat."""


def press_doc(stories, values, ad=None) -> dict:
    """A contract JSON press from ``[("city", "A"), ...]``."""
    return {
        "stories": [{"beat": b, "shape": s} for b, s in stories],
        "beat_values": dict(values),
        "ad": None if ad is None else list(ad),
    }


def problem_of(doc: dict) -> PressProblem:
    return PressProblem.from_json(doc)


def rects_of(result_or_placements, n: int) -> list:
    """Solver placements -> the enumerator's ``rects`` list (None = unplaced)."""
    placements = getattr(result_or_placements, "placements", result_or_placements)
    rects = [None] * n
    for p in placements:
        assert rects[p.story] is None, f"story {p.story} placed twice"
        rects[p.story] = (p.x, p.y, p.w, p.h)
    return rects


def describe(doc: dict) -> str:
    return json.dumps(doc, separators=(",", ":"))
