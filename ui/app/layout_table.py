"""A proposed page as an editable table: one row per claimed story, x, y, orientation.

"As printed" is the shape's printed width × height, "rotated" the other way
round (the solver's :class:`~pennypress.solver.Shape` says which is which);
whether a placement is legal is the checker's business, not this module's.

>>> from pennypress.solver import make_problem, Placement
>>> p = make_problem([("politics", "A"), ("war", "D")], {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0})
>>> t = table_from_placements(p, [Placement(1, 2, 0, 2, 3)])
>>> list(t["On page"]), list(t["Orientation"])
([False, True], ['as printed', 'as printed'])
>>> placements_from_table(p, t)
[Placement(story=1, x=2, y=0, w=2, h=3)]
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pandas as pd

from pennypress.solver import BadInput, Placement, PressProblem, ProposedPage
from pennypress.ui.io.json_text import parse_json_text

ORIENTATIONS = ("as printed", "rotated")


def _blank(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA


def table_from_placements(problem: PressProblem, placements: Sequence[Placement]) -> pd.DataFrame:
    by_story = {p.story: p for p in placements}
    rows = []
    for i, s in enumerate(problem.stories):
        p = by_story.get(i)
        if p is None:
            rows.append({"Story": f"#{i} {s.label}", "On page": False, "x": None, "y": None,
                         "Orientation": "as printed"})
        else:
            printed = (p.w, p.h) == (s.shape.width, s.shape.height)
            rows.append({"Story": f"#{i} {s.label}", "On page": True, "x": p.x, "y": p.y,
                         "Orientation": ORIENTATIONS[0] if printed else ORIENTATIONS[1]})
    df = pd.DataFrame(rows, columns=["Story", "On page", "x", "y", "Orientation"])
    df["x"] = df["x"].astype("Int64")
    df["y"] = df["y"].astype("Int64")
    df["Orientation"] = df["Orientation"].astype(object)
    return df


def placements_from_table(problem: PressProblem, table: pd.DataFrame) -> list[Placement]:
    """Placements of the ticked rows; :class:`BadInput` naming the row when x, y or orientation is blank."""
    out = []
    for i, (_, row) in enumerate(table.iterrows()):
        if i >= len(problem.stories):
            break
        on = row.get("On page")
        if _blank(on) or not bool(on):
            continue
        s = problem.stories[i]
        where = f"#{i} {s.label}"
        x, y, orient = row.get("x"), row.get("y"), row.get("Orientation")
        if _blank(x) or _blank(y):
            raise BadInput(f"{where} is ticked as on the page but its x or y is blank; pick both (or untick it).")
        if orient not in ORIENTATIONS:
            raise BadInput(f"{where}: pick an orientation ({' or '.join(ORIENTATIONS)}).")
        w, h = (s.shape.width, s.shape.height) if orient == ORIENTATIONS[0] else (s.shape.height, s.shape.width)
        out.append(Placement(i, int(x), int(y), w, h))
    return out


def parse_layout_text(text: str, problem: PressProblem) -> ProposedPage:
    """A pasted layout (``{"placements": [...], "exclusive": i}`` or a whole check document)."""
    doc = parse_json_text(text, "pasted layout")
    if isinstance(doc, dict) and "layout" in doc and "placements" not in doc:
        doc = doc["layout"]
    return ProposedPage.from_json(doc, problem)
